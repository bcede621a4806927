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
