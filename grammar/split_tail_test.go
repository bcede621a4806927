package grammar

import (
	"bytes"
	"strings"
	"testing"
)

// TestMayEndWithResult: a line for which mayEndWithResult is false never
// ends with a termination marker (endsWithResult), for every byte before
// its `\n`, after each marker and after text that is none.
func TestMayEndWithResult(t *testing.T) {
	heads := []string{"", "1-0", "0-1", "1/2-1/2", "*", "½-½", "1–0", "1/2—1/2", "12. e4 1-0", "Rd1", "{c} 0-1", "e4 *", "1-0 "}
	ends := 0
	for _, h := range heads {
		for c := range 256 {
			for _, tail := range []string{"", " ", "\r"} {
				line := []byte(h + tail + string([]byte{byte(c)}) + "\n")
				if endsWithResult(line, 0, 0) {
					ends++
					if !mayEndWithResult(line) {
						t.Errorf("%q ends with a marker, mayEndWithResult says it cannot", line)
					}
				}
			}
		}
		if line := []byte(h + "\n"); endsWithResult(line, 0, 0) && !mayEndWithResult(line) {
			t.Errorf("%q ends with a marker, mayEndWithResult says it cannot", line)
		}
	}
	if ends == 0 {
		t.Fatal("no line ended with a marker: the test tests nothing")
	}
}

// TestMayEndWithResultLastTwo: mayEndWithResult, which tells a line by
// its last two bytes, is true of every line that ends with a marker
// (endsWithResult), for every pair of bytes before the `\n` after each
// head here, and false of some lines that end with a digit.
func TestMayEndWithResultLastTwo(t *testing.T) {
	heads := []string{"", "1", "0", "1/", "1/2", "1/2-1", "½", "e4 ", "12. Rd", "{c} 1", "1\xe2\x80"}
	ends, told := 0, 0
	for _, h := range heads {
		for a := range 256 {
			for c := range 256 {
				line := []byte(h + string([]byte{byte(a), byte(c)}) + "\n")
				may := mayEndWithResult(line)
				if !may {
					told++
				}
				if endsWithResult(line, 0, 0) {
					ends++
					if !may {
						t.Errorf("%q ends with a marker, mayEndWithResult says it cannot", line)
					}
				}
			}
		}
	}
	if ends == 0 || told == 0 {
		t.Fatalf("%d lines ended with a marker, %d were told without endsWithResult: the test tests nothing", ends, told)
	}
}

// TestEndsWithResultLexed: endsWithResult, which tells most lines from
// their last bytes, says what the lexer says of every line here (each
// head followed by every byte or two).
func TestEndsWithResultLexed(t *testing.T) {
	heads := []string{"", "1", "e4 1", "Rd", "1-", "0-", "1/2-1/", "½-", "1–", "1/2—1/", "1/2-1", "e4 {c} 0-", "(1-", "$0-", "1.", "12. e4 1-"}
	ends := 0
	for _, h := range heads {
		for c := range 256 {
			for _, d := range []string{"", "0", "1", "2", "*", "½"} {
				line := []byte(h + string([]byte{byte(c)}) + d)
				end := len(line)
				for end > 0 && isSpace(line[end-1]) {
					end--
				}
				want := end > 0 && lexEndsWithResult(line[:end], 0)
				if got := endsWithResult(line, 0, 0); got != want {
					t.Errorf("endsWithResult(%q) = %v, the lexer says %v", line, got, want)
				}
				if want {
					ends++
				}
			}
		}
	}
	if ends == 0 {
		t.Fatal("no line ended with a marker: the test tests nothing")
	}
}

// TestScanLineFromDashes: plainRun starts scanLine at the first of
// splitChars on a line outside variations, but passes over a castling's
// dash (nextDash) and does not start it at all at a line's last marker
// (lastMarker): from either, scanLine must cut, open and count alike.
func TestScanLineFromDashes(t *testing.T) {
	words := []string{"O-O", "O-O-O", "O-O+", "e4", "1-0", "0-1", "1/2-1/2", "0-0", "O-1", "½-½", "*", "{a}", "{O-O", "b}", "(", ")", ";", "1.", "Nf3", "1-0{", "0-1("}
	lines := 0
	var scan func(line string, depth int)
	scan = func(line string, depth int) {
		if depth > 0 {
			for _, w := range words {
				scan(line+" "+w, depth-1)
			}
		}
		if line == "" {
			return
		}
		b := []byte(line[1:] + "\n")
		first := bytes.IndexAny(b, splitChars)
		if first < 0 {
			return
		}
		lines++
		var want, got Splitter
		wantOpen, wantCut := want.scanLine(b, first, 0, false)
		// From the first dash that is not a castling's, or the first
		// other byte of splitChars, as special finds them.
		from := min(nextDash(b), len(b))
		if k := bytes.IndexAny(b, splitChars[:dash]); k >= 0 {
			from = min(from, k)
		}
		gotOpen, gotCut := false, 0
		if from < len(b) && !lastMarker(b, from) {
			gotOpen, gotCut = got.scanLine(b, from, 0, false)
		}
		if gotOpen != wantOpen || gotCut != wantCut || got.depth != want.depth {
			t.Errorf("%q from %d: open %v cut %d depth %d, want %v %d %d (from %d)", b, from, gotOpen, gotCut, got.depth, wantOpen, wantCut, want.depth, first)
		}
	}
	scan("", 4)
	if lines == 0 {
		t.Fatal("no line tested")
	}
	for _, l := range []string{"1-0\n", "e4 0-1\n", "Nf3 1/2-1/2\n"} {
		if i := strings.IndexByte(l, '-'); !lastMarker([]byte(l), i) {
			t.Errorf("lastMarker(%q, %d) is false", l, i)
		}
	}
	if i := nextDash([]byte("1. O-O O-O-O 2. Nf3 1-0")); i != 21 {
		t.Errorf("nextDash: %d, want 21 (the marker's)", i)
	}
}

// TestEndsWithResultPastCastlings: plainRun's clean now reaches past
// castlings' dashes (nextDash), so that quietText reads words with `O-`
// in them: endsWithResult with that clean must answer as the whole line
// lexed does.
func TestEndsWithResultPastCastlings(t *testing.T) {
	heads := []string{"O-O", "O-O-O", "O-O+", "O-O-O#", "xO-O", "O-1", "O-0", "O--", "O-O-", "-O-O", "0-0", "e4", "1.", "{c}", "$1",
		"\"", "%", "1-0", "0-1", "12. O-O Nc6 13.", "abcdefgO-O", "O-Oabcdefgh", "abcO-Odefgh\"", "O-O\x00", "O-O–", "½", "1/2", "e4)", "(e4"}
	lasts := []string{"*", "1-0", "0-1", "1/2-1/2", "½-½", "O-1-0", "O-0-1", "e1-0", "Rd1", "1.*", ")*", "}1-0"}
	for _, h1 := range heads {
		for _, h2 := range heads {
			for _, last := range lasts {
				line := []byte(h1 + " " + h2 + " " + last + "\n")
				clean := min(nextDash(line), len(line))
				if k := bytes.IndexAny(line, splitChars[:dash]); k >= 0 {
					clean = min(clean, k)
				}
				end := len(line) - 1
				want := lexEndsWithResult(line[:end], 0)
				if got := endsWithResult(line, 0, clean); got != want {
					t.Errorf("endsWithResult(%q, 0, %d) = %v, the whole line lexed says %v", line, clean, got, want)
				}
			}
		}
	}
}
