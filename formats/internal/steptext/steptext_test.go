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

// Spaced4 ends tokens of four bytes appended after a space each as Token
// writes them: at the start of the text, after a space, and on a new
// line at column 79, whatever came before them (a line passed 79 by a
// long token too) and however many of them there are in a run.
func TestSpaced4AsToken(t *testing.T) {
	const tok = "e2e4"
	long := "{" + strings.Repeat("x", 90) + "}"
	for _, first := range []string{"", "e7e8q", "1.", "abcdefghij", long} {
		for _, runs := range [][]int{{40}, {1, 1, 1}, {15, 1, 16, 17}, {3, 33, 2}, {16, 16, 16}} {
			var whole, four Wrapper
			if first != "" {
				whole.Token(first)
				four.Token(first)
			}
			for r, n := range runs {
				at := len(four.B)
				for range n {
					whole.Token(tok)
					four.B = append(append(four.B, ' '), tok...)
				}
				four.Spaced4(at)
				// Another token between the runs, at the column the run
				// left.
				if r%2 == 0 {
					whole.Token("1.")
					four.Token("1.")
				}
			}
			whole.Token("*")
			four.Token("*")
			if got, want := string(four.B), string(whole.B); got != want {
				t.Errorf("after %q, runs %v: Spaced4 wrote\n%s\nwant\n%s", first, runs, got, want)
			}
		}
	}
}
