package steptext

import (
	"strings"
	"testing"
)

// A line holds at most 79 columns: a token that would make it 80 starts
// the next line, whether it is given whole (Token) or written in place
// (Open, Close).
func TestWrapperWrapsAt79(t *testing.T) {
	toks := append([]string{"e7e8q"}, strings.Fields(strings.Repeat("e2e4 ", 16))...)
	// 5 bytes, then 14 tokens of 4 after a space each: 75 columns; the
	// 15th would end at column 80.
	want := "e7e8q" + strings.Repeat(" e2e4", 14) + "\ne2e4 e2e4"
	var whole, inPlace Wrapper
	for _, s := range toks {
		whole.Token(s)
		at := inPlace.Open()
		inPlace.B = append(inPlace.B, s...)
		inPlace.Close(at)
	}
	if got := string(whole.B); got != want {
		t.Errorf("Token wrote\n%s\nwant\n%s", got, want)
	}
	if got := string(inPlace.B); got != want {
		t.Errorf("Open and Close wrote\n%s\nwant\n%s", got, want)
	}
}

// Token4 writes what Token writes for a token of four bytes: at the start
// of the text, after a space, and on a new line at column 79, whatever
// came before it.
func TestToken4AsToken(t *testing.T) {
	const tok = "e2e4"
	code := uint32(tok[0]) | uint32(tok[1])<<8 | uint32(tok[2])<<16 | uint32(tok[3])<<24
	for _, first := range []string{"", "e7e8q", "1."} {
		var whole, four Wrapper
		if first != "" {
			whole.Token(first)
			four.Token(first)
		}
		for range 40 {
			whole.Token(tok)
			four.Token4(code)
		}
		whole.Token("*")
		four.Token("*")
		if got, want := string(four.B), string(whole.B); got != want {
			t.Errorf("after %q, Token4 wrote\n%s\nwant\n%s", first, got, want)
		}
	}
}
