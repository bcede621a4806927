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
		NewRenderer: func(o WriteOptions) GameRenderer { return &notationRenderer{n: n, style: o.Descriptive} },
		NewJoiner:   concatJoiners(n.Name() + " notation"),
	}
}

// notationRenderer renders a game's main line in notation n; nt and
// stepsWriter are the game being rendered.
type notationRenderer struct {
	n     record.Notation
	style replay.DescriptiveStyle
	nt    *notationTurns
	stepsWriter
}

// Begin, Part and End render the game's tags, turns and end
// (appendSteps), with the line wrapping and the numbering kept from part
// to part (a turn's moves never span parts, but the comments and NAGs
// after them may). The turns are written from the replay's steps, whatever
// notation the record is in.
func (nr *notationRenderer) Begin(dst []byte, g *record.Game, _ int) {
	nr.begin(dst, g)
	nr.nt = newNotationTurns(nr.n, false)
	nr.nt.style = nr.style
}

func (nr *notationRenderer) Part(nodes []record.Node, pl *replay.Played) {
	nr.nt.t, nr.nt.nodes = pl, nodes
	if nr.nt.open {
		// A part may start inside a turn: the comments and NAGs of the
		// turn before, when the part before ended with some.
		nr.nt.annotations(&nr.wr, 0)
	}
	stepTurns(&nr.wr, pl, nr.nt.turn)
}

// End: a game the reader could not read, or not replayed, is not written;
// a stopped game is written up to the stop, with a comment (the caller
// reports the replay's finding).
func (nr *notationRenderer) End(g *record.Game, _ int, res *replay.Result) ([]byte, error) {
	written := g.Unreadable() == nil && res.Played != nil
	if written {
		nr.Part(g.Moves, res.Played)
	}
	nr.nt = nil
	return nr.end(g, res.Played, written), nil
}
