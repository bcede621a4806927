package grammar_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// TestDescriptiveFirstErrorWholeOrInParts: a game in descriptive notation
// has the same first error, at its place in the text, read whole and read
// in parts (a huge game), however small the parts: a word after a batch's
// cut is read as it is after the whole line before it (`Castels`, in the
// place of Black's move, is a misprinted move, not an annotator's word),
// and a move number the builder refuses stops the page's sequence check
// there, so that a later number out of sequence does not take its place.
func TestDescriptiveFirstErrorWholeOrInParts(t *testing.T) {
	cases := []struct {
		text string
		col  int    // the syntax error's column
		msg  string // and a piece of its message
	}{
		{"1. P-K4 P-K4 2. P-Q4 Castels 3. P-QB4 P-QB4 *\n", 22, "expected a descriptive move"},
		{"1. P-K4 P-K4 2. P-Q4 Castels 1. P-QB4 P-QB4 *\n", 22, "expected a descriptive move"},
		{"00. P-K4 P-K4 2. P-Q4 P-Q4 1. P-KB4 *\n", 1, "expected a move number from 1"},
		{"1. P-K4 P-K4 99999999999. P-Q4 P-Q4 1. P-KB4 *\n", 14, "expected a move number from 1 to"},
		{"1. P-K4 P-K4 2. P-Q4 P-Q4 1. P-KB4 *\n", 27, "move 1 follows move 2"},
	}
	for _, c := range cases {
		sp := grammar.NewSplitter(strings.NewReader(c.text))
		sp.SetNotation(record.DescriptiveNotation)
		ch, err := sp.Next()
		if err != nil {
			t.Fatalf("%q: %v", c.text, err)
		}
		check := func(how string, g *record.Game) {
			t.Helper()
			se := g.SyntaxError()
			if se == nil || se.Pos.Col != c.col || !strings.Contains(se.Message, c.msg) {
				t.Errorf("%q read %s: syntax error %+v, want one at column %d with %q", c.text, how, se, c.col, c.msg)
			}
		}
		check("whole", grammar.ParseChunk(ch, "d.pgn"))
		for _, nodes := range []int{1, 2, 3} {
			var s grammar.Scratch
			g, _ := grammar.ReadInParts(ch, "d.pgn", &s, nodes, func(*record.Game, []record.Node) {})
			check("in parts of "+strings.Repeat("I", nodes), g)
		}
		if !bytes.HasSuffix(ch.Data, []byte("*\n")) {
			t.Fatalf("%q: the splitter cut the game", c.text)
		}
	}
}
