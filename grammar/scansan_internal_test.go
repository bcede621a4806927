package grammar

import (
	"reflect"
	"testing"
	"unsafe"

	"github.com/ashtapada/ashtapada/record"
)

// TestScanSANWords holds scanSAN, which the fast path's lexer reads plain
// moves with, to the general move reader and to the lexer's words, over
// every string of up to five bytes of an alphabet that spells every plain
// form and its near misses, each followed by nothing, a delimiter or more
// of a word: a move scanSAN reads and a delimiter ends is the whole word
// (wordEnd ends it there too), and plainSAN reads a word exactly as
// parseMoveSlow does (FuzzPlainSAN holds the same over the fuzzer's
// inputs).
func TestScanSANWords(t *testing.T) {
	const alphabet = "aehx128=QNKBO-+#!~"
	accepted := 0
	var word []byte
	var walk func(n int)
	walk = func(n int) {
		if len(word) > 0 {
			w := string(word)
			var fast, slow record.Move
			if plainSAN(&fast, w) {
				accepted++
				if err := parseMoveSlow(&slow, w); err != nil {
					t.Fatalf("plainSAN reads %q, the general reader refuses it: %v", w, err)
				}
				if fast != slow {
					t.Fatalf("%q: plainSAN %+v, the general reader %+v", w, fast, slow)
				}
			}
			for _, after := range []string{"", " ", ")", "\n", "x", "3", "+"} {
				src := w + after
				var sm sanMove
				if end, ok := scanSAN(src, 0, &sm); ok && (end == len(src) || delims[src[end]]) {
					if got := wordEnd(src, 1); got != end {
						t.Fatalf("%q: scanSAN ends the move at %d, the word ends at %d", src, end, got)
					}
					if !plainSAN(&fast, src[:end]) {
						t.Fatalf("%q: scanSAN reads %q, plainSAN does not", src, src[:end])
					}
				}
			}
		}
		if n == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			word = append(word, alphabet[i])
			walk(n - 1)
			word = word[:len(word)-1]
		}
	}
	walk(5)
	for _, w := range []string{"e4", "exd5", "e8=Q", "hxg1=B#", "Nf3", "Nbd7", "R1e2", "Nbxd7#", "N1xe2", "Qxe7+", "O-O", "O-O-O#"} {
		var m record.Move
		if !plainSAN(&m, w) {
			t.Errorf("plainSAN does not read %q", w)
		}
	}
	if accepted == 0 {
		t.Fatal("plainSAN read none of the words")
	}
}

// TestSANMoveSetsEveryField: sanMove.set writes every field of the move
// it overwrites (the reader reuses its moves), so that a move that held
// anything before, in any field, is the move read.
func TestSANMoveSetsEveryField(t *testing.T) {
	var sm sanMove
	if _, ok := scanSAN("Nbxd7+", 0, &sm); !ok {
		t.Fatal("scanSAN does not read Nbxd7+")
	}
	var fresh, used record.Move
	sm.set(&fresh, "Nbxd7+")
	v := reflect.ValueOf(&used).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("old")
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
			f.SetInt(5)
		case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint:
			f.SetUint(5)
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		default:
			t.Fatalf("record.Move.%s is a %s: set it here and in sanMove.set", v.Type().Field(i).Name, f.Kind())
		}
	}
	sm.set(&used, "Nbxd7+")
	if used != fresh {
		t.Errorf("a used move set is %+v, a fresh one %+v", used, fresh)
	}
}

// TestSANMoveMirrorsMove: sanMove's fields up to joined lie as record.Move's
// from Null to Joined do, each at the same distance from the first, so
// that sanMove.set copies them in two wide loads and stores.
func TestSANMoveMirrorsMove(t *testing.T) {
	var sm sanMove
	var m record.Move
	pairs := []struct {
		name       string
		san, move  uintptr
		sSize, mSz uintptr
	}{
		{"Null", unsafe.Offsetof(sm.null), unsafe.Offsetof(m.Null), unsafe.Sizeof(sm.null), unsafe.Sizeof(m.Null)},
		{"Piece", unsafe.Offsetof(sm.piece), unsafe.Offsetof(m.Piece), unsafe.Sizeof(sm.piece), unsafe.Sizeof(m.Piece)},
		{"Leap", unsafe.Offsetof(sm.leap), unsafe.Offsetof(m.Leap), unsafe.Sizeof(sm.leap), unsafe.Sizeof(m.Leap)},
		{"FromFile", unsafe.Offsetof(sm.fromFile), unsafe.Offsetof(m.FromFile), unsafe.Sizeof(sm.fromFile), unsafe.Sizeof(m.FromFile)},
		{"FromRank", unsafe.Offsetof(sm.fromRank), unsafe.Offsetof(m.FromRank), unsafe.Sizeof(sm.fromRank), unsafe.Sizeof(m.FromRank)},
		{"Capture", unsafe.Offsetof(sm.capture), unsafe.Offsetof(m.Capture), unsafe.Sizeof(sm.capture), unsafe.Sizeof(m.Capture)},
		{"To", unsafe.Offsetof(sm.to), unsafe.Offsetof(m.To), unsafe.Sizeof(sm.to), unsafe.Sizeof(m.To)},
		{"Promotion", unsafe.Offsetof(sm.promo), unsafe.Offsetof(m.Promotion), unsafe.Sizeof(sm.promo), unsafe.Sizeof(m.Promotion)},
		{"ConvSquare", unsafe.Offsetof(sm.convSquare), unsafe.Offsetof(m.ConvSquare), unsafe.Sizeof(sm.convSquare), unsafe.Sizeof(m.ConvSquare)},
		{"ConvPiece", unsafe.Offsetof(sm.convPiece), unsafe.Offsetof(m.ConvPiece), unsafe.Sizeof(sm.convPiece), unsafe.Sizeof(m.ConvPiece)},
		{"Check", unsafe.Offsetof(sm.check), unsafe.Offsetof(m.Check), unsafe.Sizeof(sm.check), unsafe.Sizeof(m.Check)},
		{"Joined", unsafe.Offsetof(sm.joined), unsafe.Offsetof(m.Joined), unsafe.Sizeof(sm.joined), unsafe.Sizeof(m.Joined)},
	}
	base := pairs[0].move - pairs[0].san
	for _, p := range pairs {
		if p.move-p.san != base || p.sSize != p.mSz {
			t.Errorf("sanMove's field for record.Move.%s is at %d (size %d), the move's at %d (size %d): not at the same distance (%d) from the first", p.name, p.san, p.sSize, p.move, p.mSz, base)
		}
	}
}
