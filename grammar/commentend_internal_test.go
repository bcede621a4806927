package grammar

import (
	"strings"
	"testing"
)

// TestCommentEndMatchesBytes holds commentEnd, which reads a comment's
// first words eight bytes at a time, to a byte loop: a `}`, `\n`, `\r`,
// `\r\n` or tab at every place of comments on both sides of its word
// reads, closed and not, and the line count after each.
func TestCommentEndMatchesBytes(t *testing.T) {
	want := func(src string, i int) (end, line, lineOff int) {
		line, lineOff = 1, 0
		for k := i; k < len(src); k++ {
			switch {
			case src[k] == '}':
				return k, line, lineOff
			case src[k] == '\n' || src[k] == '\r' && k+1 < len(src) && src[k+1] != '\n':
				line, lineOff = line+1, k+1
			}
		}
		return -1, 1, 0 // not closed: the count is left as it was
	}
	pieces := []string{"}", "\n", "\r", "\r\n", "\t", "\n}", "\r}", "\r\n}", "\x0e", "é", "\x7d\x7d"}
	for _, p := range pieces {
		for at := 0; at < 44; at++ {
			for _, tail := range []string{"", "}", " x}", strings.Repeat("y", 40) + "}", "\r"} {
				src := "{" + strings.Repeat("a", at) + p + strings.Repeat("b", 3) + tail
				l := lex{src: src, line: 1}
				got := l.commentEnd(src, 1)
				we, wl, wo := want(src, 1)
				if got != we {
					t.Fatalf("commentEnd(%q) = %d, want %d", src, got, we)
				}
				if got >= 0 && (l.line != wl || l.lineOff != wo || l.colOff != wo-1 && wl > 1) {
					t.Fatalf("commentEnd(%q): line %d at %d, want %d at %d", src, l.line, l.lineOff, wl, wo)
				}
			}
		}
	}
}

// TestUnclosedCommentPos: a comment that is not closed is reported where
// it opens, whatever line ends commentEnd counted before it gave up.
func TestUnclosedCommentPos(t *testing.T) {
	for _, src := range []string{"{a\nb", "{a\nbcdefghij\r\nklm", "{" + strings.Repeat("x\n", 30)} {
		l := lex{src: src, line: 1, base: startPos}
		_, _, _, err := l.scan()
		if err == nil || !strings.Contains(err.Error(), "1:1") {
			t.Errorf("scan(%q): %v, want the error at 1:1", src, err)
		}
	}
}
