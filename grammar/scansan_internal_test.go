package grammar

import (
	"reflect"
	"testing"

	"github.com/ashtapada/ashtapada/record"
)

// TestScanSANWords holds scanSAN, which the fast path's lexer reads plain
// moves with, to the general move reader and to the lexer's words, over
// every string of up to five bytes of an alphabet that spells every plain
// form and its near misses, each followed by nothing, a delimiter or more
// of a word: a move scanSAN reads and a delimiter ends is the whole word
// (wordEnd ends it there too), and plainSAN reads a word exactly as
// parseMoveSlow does (FuzzPlainSAN holds the same over the fuzzer's
// inputs). scanSAN reads a word at the end of its input (byte by byte) as
// it reads it with eight spaces after it (in the eight bytes it loads when
// it has room), and after a number (from an offset, as the lean read
// calls it), with each follower; the length it stores (n) is the move's.
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
				if fast.Plain != fast.PlainForm() || slow.Plain {
					t.Fatalf("%q: plainSAN's Plain %v, its fields' form %v, the general reader's Plain %v", w, fast.Plain, fast.PlainForm(), slow.Plain)
				}
				slow.Plain = fast.Plain // set by plainSAN only
				if fast != slow {
					t.Fatalf("%q: plainSAN %+v, the general reader %+v", w, fast, slow)
				}
			}
			for _, after := range []string{"", " ", ")", "\n", "x", "3", "+"} {
				src := w + after
				var sm, padded, numbered sanMove
				end, endP := scanSAN(src, 0, &sm), scanSAN(src+"        ", 0, &padded)
				ok, okP := end > 0, endP > 0
				if ok != okP || ok && (end != endP || sm != padded) {
					t.Fatalf("%q: scanSAN reads %+v to %d (%v) alone, %+v to %d (%v) with eight spaces after it", src, sm, end, ok, padded, endP, okP)
				}
				if endN := scanSAN("12. "+src+"        ", 4, &numbered); ok != (endN > 0) || ok && (endN != end+4 || numbered != padded) {
					t.Fatalf("%q: scanSAN reads %+v to %d at 4 after a number, %+v to %d alone", src, numbered, endN, padded, endP)
				}
				if ok && int(sm.n) != end {
					t.Fatalf("%q: scanSAN reads the move to %d, stores its length as %d", src, end, sm.n)
				}
				if ok && (end == len(src) || delims[src[end]]) {
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

// TestSANMoveSetsEveryField: sanMove.set and record.Move.SetText, which
// plainSAN and plainTurn call together, write every field of the move they
// overwrite (the reader reuses its moves), so that a move that held
// anything before, in any field, is the move read.
func TestSANMoveSetsEveryField(t *testing.T) {
	var sm sanMove
	if scanSAN("Nbxd7+", 0, &sm) < 0 {
		t.Fatal("scanSAN does not read Nbxd7+")
	}
	var fresh, used record.Move
	sm.set(&fresh)
	fresh.SetText("Nbxd7+")
	fillEveryField(t, reflect.ValueOf(&used).Elem())
	sm.set(&used)
	used.SetText("Nbxd7+")
	if used != fresh {
		t.Errorf("a used move set is %+v, a fresh one %+v", used, fresh)
	}
}

// fillEveryField sets every field of v, and of the structs it embeds, to
// a value other than its zero, as a move a reader used before would hold.
func fillEveryField(t *testing.T, v reflect.Value) {
	t.Helper()
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
		case reflect.Struct:
			fillEveryField(t, f)
		default:
			t.Fatalf("%s.%s is a %s: set it here and in sanMove.set", v.Type(), v.Type().Field(i).Name, f.Kind())
		}
	}
}

// TestSANMoveMirrorsMove: sanMove's fields lie as record.Move's from Null
// to Plain do, each of the same type and at the same distance from the
// first, and none is left out, so that sanMove.set copies them as one run
// of bytes; its n lies as record.Ply's Len, past the parts, so that
// scanSAN stores a lean ply's length through partsOf.
func TestSANMoveMirrorsMove(t *testing.T) {
	san, move := reflect.TypeOf(sanMove{}), reflect.TypeOf(record.Move{})
	ply := reflect.TypeOf(record.Ply{})
	if parts, _ := ply.FieldByName("MoveParts"); parts.Offset != 0 || parts.Type.Size() != sanBytes {
		t.Errorf("record.Ply's MoveParts lie at %d, %d bytes; partsOf takes %d bytes from the ply's start", parts.Offset, parts.Type.Size(), sanBytes)
	}
	n, _ := san.FieldByName("n")
	if l, _ := ply.FieldByName("Len"); l.Offset != n.Offset || l.Type != n.Type {
		t.Errorf("record.Ply.Len (at %d, %s) and sanMove.n (at %d, %s) do not lie alike", l.Offset, l.Type, n.Offset, n.Type)
	}
	first, _ := move.FieldByName("Null")
	pairs := [][2]string{
		{"null", "Null"}, {"piece", "Piece"}, {"leap", "Leap"}, {"fromFile", "FromFile"},
		{"fromRank", "FromRank"}, {"capture", "Capture"}, {"to", "To"}, {"promo", "Promotion"},
		{"convSquare", "ConvSquare"}, {"convPiece", "ConvPiece"}, {"check", "Check"}, {"joined", "Joined"},
		{"castle", "Castle"}, {"plain", "Plain"},
	}
	if san.NumField() != len(pairs)+1 {
		t.Errorf("sanMove has %d fields, %d are matched with record.Move's and n", san.NumField(), len(pairs))
	}
	if last, _ := move.FieldByName("Plain"); last.Offset+last.Type.Size()-first.Offset != sanBytes {
		t.Errorf("record.Move's Null to Plain span %d bytes, sanMove.set copies %d", last.Offset+last.Type.Size()-first.Offset, sanBytes)
	}
	for _, n := range pairs {
		sf, ok1 := san.FieldByName(n[0])
		mf, ok2 := move.FieldByName(n[1])
		if !ok1 || !ok2 || mf.Offset-first.Offset != sf.Offset || mf.Type != sf.Type {
			t.Errorf("sanMove.%s (at %d, %d bytes) and record.Move.%s (at %d from Null, %d bytes) do not lie alike", n[0], sf.Offset, sf.Type.Size(), n[1], mf.Offset-first.Offset, mf.Type.Size())
		}
	}
}

// TestScanSANAtEnd: scanSAN asked at the end of its input reads no move
// and does not panic. It asks the bound itself, so that readPlain, into
// which it is inlined, has no bounds check that calls a panic.
func TestScanSANAtEnd(t *testing.T) {
	var sm sanMove
	for _, c := range []struct {
		src string
		i   int
	}{{"", 0}, {"e4", 2}, {"Nf3 ", 4}} {
		if scanSAN(c.src, c.i, &sm) != -1 {
			t.Errorf("scanSAN(%q, %d) reads a move", c.src, c.i)
		}
	}
}

// TestSanOfInvertsSet: a move taken back (plainTurns) is read again as the
// sanMove set wrote into it, for each form of plain move (its length, n,
// aside: set does not copy it, and only the lean read reads it).
func TestSanOfInvertsSet(t *testing.T) {
	for _, tok := range []string{"e4", "exd5", "e8=Q+", "Nf3", "Nbxd7+", "R1e2", "Qxh7#", "O-O", "O-O-O+"} {
		var sm sanMove
		if scanSAN(tok, 0, &sm) < 0 {
			t.Fatalf("scanSAN does not read %s", tok)
		}
		var m record.Move
		sm.set(&m)
		sm.n = 0
		if got := sanOf(&m); got != sm {
			t.Errorf("%s: sanOf gives %+v, scanSAN read %+v", tok, got, sm)
		}
	}
}
