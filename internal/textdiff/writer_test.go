package textdiff

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestWriterManyLines: a piece of more lines than the diff library's
// own numbering keeps apart (55,296, where the surrogates start) is diffed
// line by line, so that fmt -d of a game of that many lines neither panics
// nor loses a line. Every changed line is in the diff, once as removed and
// once as added, and no other line is.
func TestWriterManyLines(t *testing.T) {
	defer func(n int) { maxLines = n }(maxLines)
	maxLines = 1 << 20
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
	d := NewWriter(&out, "a", "b")
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

// TestWriterHugePiece: a piece of more than maxLines lines is
// changed as a whole, every line of one side removed and every line of the
// other added, in the order written, not diffed line by line (whose cost
// grows with the product of the lines and the changes).
func TestWriterHugePiece(t *testing.T) {
	var a, b strings.Builder
	n := maxLines/2 + 10
	for i := range n {
		fmt.Fprintf(&a, "a %d\n", i)
		fmt.Fprintf(&b, "b %d\n", i)
	}
	var out bytes.Buffer
	d := NewWriter(&out, "a", "b")
	d.Change([]byte(a.String()), []byte(b.String()))
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	var minus, plus []string
	for _, l := range lines[3:] { // ---, +++, @@
		switch {
		case strings.HasPrefix(l, "-"):
			if len(plus) > 0 {
				t.Fatalf("a removed line after an added one: %q", l)
			}
			minus = append(minus, l)
		case strings.HasPrefix(l, "+"):
			plus = append(plus, l)
		default:
			t.Fatalf("line %q in a piece changed as a whole", l)
		}
	}
	if len(minus) != n || len(plus) != n || minus[n-1] != fmt.Sprintf("-a %d", n-1) || plus[0] != "+b 0" {
		t.Errorf("%d removed and %d added, want %d each in order", len(minus), len(plus), n)
	}
}
