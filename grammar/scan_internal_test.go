package grammar

import (
	"bytes"
	"strings"
	"testing"
)

// TestNextSplitByte holds nextSplitByte, which reads eight bytes at a
// time, to the byte loop it replaces: every byte value at every place of
// the eight bytes and after them, from every start before it.
func TestNextSplitByte(t *testing.T) {
	for c := 0; c < 256; c++ {
		for at := 0; at < 20; at++ {
			line := []byte(strings.Repeat("e", at) + string([]byte{byte(c)}) + strings.Repeat("x", 20-at))
			for i := 0; i <= at; i++ {
				want := i
				for want < len(line) && !splitBytes[line[want]] {
					want++
				}
				if got := nextSplitByte(line, i); got != want {
					t.Fatalf("nextSplitByte(%q, %d) = %d, want %d", line, i, got, want)
				}
			}
		}
	}
}

// TestEndsWithResultShortcut holds endsWithResult, which lexes only the
// last word of a line of plain words, NAGs and comments (plainText), to
// the lexing of the whole line from skip: lines built of pieces that
// open, end or break something before a last word that is or resembles
// a marker. Each line is asked also with clean where plainRun has it, at
// its first of splitChars (quietText's words): heads of eight bytes and
// more put the bytes it looks for on both sides of its words.
func TestEndsWithResultShortcut(t *testing.T) {
	heads := []string{"", "1.", "12. Nf3+", "e4", "Qxe7#", "e8=Q", "O-O", "*", "1-0", "0-1", "1/2-1/2", "½-½",
		"{c}", "{", "}", "(", ")", "( e4", "$1", ";x", "%", "\"", "[", "]", "\v", "\f", "a\x00", "11…", "…", "e4)", "1.*", "½",
		"12. Nf3+ Nc6 13.", "abcdefgh", "ab\x00cdefghij", "abcdefgh\"ij", "abcdefg$1 xyz", "abcdefghijk$", "abcdefgh%ij", "%abcdefghij",
		"abcdefgh\rij", "abcdefgh\r%ij", "caf\xc3\xa9 abcdefgh", "abc\tdefghijk", "ab 1–0 cdefgh", "abcdefgh\x1fij", "abcdefg\x7f",
		"e4 $1 Nf3", "$", "$x", "e4$12", "$1-0", "{a}b", "a{b}c", "{ a b", "{a\rb}", "{%}", "{a} {b", "0-0", "O-O-O", "e4-", "Nf3!?", "1x-0", "12.-"}
	lasts := []string{"*", "1-0", "0-1", "1/2-1/2", "½-½", "e1-0", "a1", "2", "Rd1", "1.*", "$0*", ")*", "(*", "{*", "}1-0", "\"1-0", "%*", "\v*"}
	seps := []string{" ", "\t", "  ", " \t"}
	check := func(line string, skip int) {
		t.Helper()
		b := []byte(line)
		end := len(b)
		for end > skip && isSpace(b[end-1]) {
			end--
		}
		want := end > skip && lexEndsWithResult(b[:end], skip)
		if got := endsWithResult(b, skip, 0); got != want {
			t.Errorf("endsWithResult(%q, %d, 0) = %v, the whole line lexed says %v", line, skip, got, want)
		}
		clean := bytes.IndexAny(b, splitChars)
		if clean < 0 {
			clean = len(b)
		}
		if got := endsWithResult(b, skip, clean); got != want {
			t.Errorf("endsWithResult(%q, %d, %d) = %v, the whole line lexed says %v", line, skip, clean, got, want)
		}
	}
	for _, h1 := range heads {
		for _, h2 := range heads {
			for _, sep := range seps {
				for _, last := range lasts {
					for _, tail := range []string{"", " ", "\n", " \r\n"} {
						line := h1 + sep + h2 + sep + last + tail
						check(line, 0)
						check("x}"+line, 2)
						check("}"+line, 1)
					}
				}
			}
		}
	}
}
