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
		recordFormats = append(recordFormats, RecordFormat{
			Name: n.String(), Notation: n, Text: true,
			Read:      bookReader(n),
			NewWriter: newNotationGames(n),
		})
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

// notationWriter writes the main line in a book's notation.
type notationWriter struct {
	w io.Writer
	n record.Notation
}

func newNotationGames(n record.Notation) func(io.Writer, WriteOptions) (GameWriter, error) {
	return func(w io.Writer, _ WriteOptions) (GameWriter, error) { return &notationWriter{w: w, n: n}, nil }
}

func (nw *notationWriter) Write(g *record.Game, _ int, res *replay.Result) error {
	if g.SyntaxError() != nil || res.Played == nil {
		return nil
	}
	if err := WriteNotationGame(nw.w, g, res.Played, nw.n, false); err != nil {
		if _, stopped := err.(*StopError); !stopped {
			return err
		}
	}
	return nil
}

func (nw *notationWriter) Close() error { return nil }
