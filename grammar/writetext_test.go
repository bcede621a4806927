package grammar

import (
	"bytes"
	"strings"
	"testing"
)

// TestCommentEndsGame: CommentEndsGame says what the splitter does with a
// game whose comment holds the text: it ends the game inside the comment
// exactly when CommentEndsGame says so, up to the look-ahead's edge.
func TestCommentEndsGame(t *testing.T) {
	pad := strings.Repeat("x", lookahead)
	for _, text := range []string{
		"plain", "a\n[Event \"b\"]\nc", "a\r\n[Event \"b\"]", "a\r[Event \"b\"]", "a\n[Event \"b\"] {\n",
		"a\n[Event \"b\"]\n{", "a\n[%clk 1:00]\n{", "a\n [Event \"b\"] {", "a\n[Event \"b\"]\n" + pad[:lookahead-2],
		"a\n[Event \"b\"]\n" + pad, "a\n[Event \"b\"]\n" + pad[:lookahead-1], "[Event \"b\"] {",
	} {
		src := "[Event \"a\"]\n\n1. e4 {" + text + "} *\n"
		sp := NewSplitter(bytes.NewReader([]byte(src)))
		n := 0
		for {
			if _, err := sp.Next(); err != nil {
				break
			}
			n++
		}
		if got := CommentEndsGame(text); got != (n > 1) {
			t.Errorf("CommentEndsGame(%.40q) = %v, but the splitter reads %d games", text, got, n)
		}
	}
}

func TestReadsAsWord(t *testing.T) {
	for s, want := range map[string]bool{
		"e4": true, "Nf3!": true, "Event": true, "P-K4": true, "*x": true,
		"": false, "e4 e5": false, "1-0": false, "*": false, "12": false, "12.": false, "½-½": false,
		"$1": false, "{c}": false, "%e": false, ";c": false, "e4}": false, "a[b": false, "a\"b": false,
	} {
		if got := ReadsAsWord(s); got != want {
			t.Errorf("ReadsAsWord(%q) = %v, want %v", s, got, want)
		}
	}
}
