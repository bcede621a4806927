package formats

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestDiffWriterManyLines: a piece of more lines than the diff library's
// own numbering keeps apart (55,296, where the surrogates start) is diffed
// line by line: fmt -d of a game of 330,000 lines panicked (issue 14).
// Every changed line is in the diff, once as removed and once as added,
// and no other line is.
func TestDiffWriterManyLines(t *testing.T) {
	var a, b strings.Builder
	changed := 0
	for i := range 70_000 {
		fmt.Fprintf(&a, "line %d\n", i)
		if i%5000 == 4999 {
			fmt.Fprintf(&b, "line %d changed\n", i)
			changed++
		} else {
			fmt.Fprintf(&b, "line %d\n", i)
		}
	}
	var out bytes.Buffer
	d := NewDiffWriter(&out, "a", "b")
	d.Change([]byte(a.String()), []byte(b.String()))
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	minus, plus := 0, 0
	for _, l := range strings.Split(out.String(), "\n") {
		switch {
		case strings.HasPrefix(l, "---") || strings.HasPrefix(l, "+++"):
		case strings.HasPrefix(l, "-"):
			minus++
			if strings.HasSuffix(l, "changed") {
				t.Errorf("removed line %q", l)
			}
		case strings.HasPrefix(l, "+"):
			plus++
			if !strings.HasSuffix(l, "changed") {
				t.Errorf("added line %q", l)
			}
		}
	}
	if minus != changed || plus != changed {
		t.Errorf("%d lines removed and %d added, want %d each", minus, plus, changed)
	}
	// The line numbers skip the surrogates both ways.
	for _, n := range []int{0, surrogateMin - 1, surrogateMin, maxLineRunes - 1} {
		if r := lineRune(n); runeLine(r) != n || (r >= surrogateMin && r < surrogateMin+surrogates) {
			t.Errorf("line %d: rune %U, back %d", n, r, runeLine(r))
		}
	}
}
