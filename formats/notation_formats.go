package formats

import (
	"io"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// The notations of books (docs/notation-books.md) are record formats too:
// PGN whose moves are in descriptive notation, another language's letters
// or figurines. Reading one is the grammar's PGN reader told the notation;
// writing one writes the main line of the replay in it.
func init() {
	for _, n := range record.BookNotations() {
		recordFormats = append(recordFormats, rendered(RecordFormat{
			Name: n.String(), Notation: n, Text: true,
			Read: bookReader(n),
		}, notationRendering(n)))
	}
}

// bookReader reads PGN whose moves are in notation n.
func bookReader(n record.Notation) func(io.Reader, string, grammar.Limits) GameReader {
	return func(r io.Reader, name string, limits grammar.Limits) GameReader {
		rd := grammar.NewReader(r, name)
		rd.SetLimits(limits)
		rd.SetNotation(n)
		return rd
	}
}

// notationRendering writes the main line in a book's notation.
func notationRendering(n record.Notation) *Rendering {
	return &Rendering{
		NewRenderer: func(WriteOptions) GameRenderer { return notationRenderer{n: n} },
		NewJoiner:   concatJoiners(n.Name() + " notation"),
	}
}

type notationRenderer struct{ n record.Notation }

func (nr notationRenderer) Render(dst []byte, g *record.Game, _ int, res *replay.Result) ([]byte, error) {
	if g.SyntaxError() != nil || res.Played == nil {
		return dst, nil
	}
	// A stopped game is written up to the stop, with a comment (the
	// caller reports the replay's finding).
	b, _ := appendSteps(dst, g, res.Played, notationTurns(g, res.Played, nr.n, false))
	return b, nil
}
