package formats

import (
	"errors"
	"fmt"
	"io"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// WriteOptions are what a record format's writer may need to know.
type WriteOptions struct {
	// Plain (pgn): canonical SAN and no extensions (PlainGame).
	Plain bool
	// Game (svg): the 1-based number of the game to draw, over all inputs.
	Game int
	// SourceComments (pgn): after each move read in a book's notation
	// (record.Game.Notation, Notation.Book), a comment with the move as written.
	SourceComments bool
}

// GameWriter writes games in one record format, one after another. Write
// takes every game as read, its number over all inputs (1-based), and its
// replay (replay.Config.Steps set), so that derived output (LAN, UCI,
// FEN, SVG, JSON's played fields) is exactly what the replay played and
// stops where it stopped. PGN and JSON carry a game the reader could not
// read as it was read; the other formats cannot and write nothing for it
// (the replay's syntax finding says why). Close ends the output (JSON's
// array) and says what could not be written (an SVG game not in the
// input).
type GameWriter interface {
	Write(g *record.Game, n int, res *replay.Result) error
	Close() error
}

// pgnWriter writes canonical PGN, or with Plain PGN without extensions.
type pgnWriter struct {
	pw             *PGNWriter
	plain          bool
	sourceComments bool
}

func newPGNGames(w io.Writer, opt WriteOptions) (GameWriter, error) {
	return &pgnWriter{pw: NewPGNWriter(w), plain: opt.Plain, sourceComments: opt.SourceComments}, nil
}

func (p *pgnWriter) Write(g *record.Game, n int, res *replay.Result) error {
	book := g.Notation.Book() && g.SyntaxError() == nil && res.Played != nil
	var played *replay.Played
	if book && !p.plain && !p.sourceComments {
		// The moves in SAN as the replay played them, written straight
		// from its steps: ToSAN's record without the copy.
		played, book = res.Played, false
	}
	if book || p.plain {
		// Moves read in a book's notation are written in SAN, from what
		// the replay made of each (docs/notation-books.md); plain PGN is
		// canonical SAN, cut where the replay stopped.
		c, err := CanonicalGame(g, res.Played, p.plain)
		if err != nil {
			return fmt.Errorf("game %d: %w", n, err)
		}
		if book && p.sourceComments {
			c = withSourceComments(c, g, res.Played)
		}
		if p.plain {
			c = PlainGame(c)
		}
		g = c
	}
	if g.Result == "" && g.SyntaxError() == nil {
		// A PGN game ends with a termination marker: `*` says the result
		// is unknown, which is what a record without one (a list of UCI
		// moves) tells.
		c := *g
		c.Result = "*"
		g = &c
	}
	return p.pw.write(g, played)
}

func (p *pgnWriter) Close() error { return nil }

// jsonWriter writes a JSON array (jsonl false) or one object a line.
type jsonWriter struct{ jw *JSONWriter }

func newJSONGames(lines bool) func(io.Writer, WriteOptions) (GameWriter, error) {
	return func(w io.Writer, _ WriteOptions) (GameWriter, error) {
		return &jsonWriter{jw: NewJSONWriter(w, lines)}, nil
	}
}

func (j *jsonWriter) Write(g *record.Game, n int, res *replay.Result) error {
	o := GameToJSON(g)
	o.Game = n
	if g.SyntaxError() == nil {
		// The record is converted whole whatever replay makes of it; the
		// derived fields stop where the replay stopped.
		AddPlayed(o, res.Played)
	}
	return j.jw.Write(o)
}

func (j *jsonWriter) Close() error { return j.jw.Close() }

// coordWriter writes LAN (uci false) or UCI.
type coordWriter struct {
	w   io.Writer
	uci bool
}

func newCoordGames(uci bool) func(io.Writer, WriteOptions) (GameWriter, error) {
	return func(w io.Writer, _ WriteOptions) (GameWriter, error) { return &coordWriter{w: w, uci: uci}, nil }
}

func (c *coordWriter) Write(g *record.Game, _ int, res *replay.Result) error {
	if g.SyntaxError() != nil {
		return nil
	}
	if err := WriteCoordGame(c.w, g, res.Played, c.uci); err != nil {
		var stop *StopError
		if !errors.As(err, &stop) {
			return err
		}
		// A stopped game was written up to the stop, with a comment; the
		// replay's finding says why (the caller reports it).
	}
	return nil
}

func (c *coordWriter) Close() error { return nil }

// fenWriter writes one line per position (WriteFENList).
type fenWriter struct{ w io.Writer }

func newFENGames(w io.Writer, _ WriteOptions) (GameWriter, error) { return &fenWriter{w: w}, nil }

func (f *fenWriter) Write(g *record.Game, n int, res *replay.Result) error {
	pl := res.Played
	if g.SyntaxError() != nil || pl.Start == nil {
		return nil
	}
	rows := []FENRow{{Ply: 0, Move: "-", FEN: pl.Start.FEN()}}
	for i, st := range pl.Steps {
		rows = append(rows, FENRow{Ply: st.Ply, Move: st.SAN, FEN: pl.After(i).FEN()})
	}
	return WriteFENList(f.w, n, rows)
}

func (f *fenWriter) Close() error { return nil }

// svgWriter draws the final position of one game (WriteOptions.Game).
type svgWriter struct {
	w     io.Writer
	game  int
	seen  int
	drawn bool
}

func newSVGGames(w io.Writer, opt WriteOptions) (GameWriter, error) {
	return &svgWriter{w: w, game: opt.Game}, nil
}

func (s *svgWriter) Write(g *record.Game, n int, res *replay.Result) error {
	s.seen = n
	if n != s.game || g.SyntaxError() != nil {
		return nil
	}
	s.drawn = true
	pl := res.Played
	if pl.Start == nil {
		return fmt.Errorf("game %d cannot be drawn: %s [%s]", n, pl.Stop.Message, pl.Stop.Rule)
	}
	d, err := DiagramAt(pl, len(pl.Steps), fmt.Sprintf("game %d", n))
	if err != nil {
		return err
	}
	DescribeGame(d, g)
	return WriteSVG(s.w, d)
}

func (s *svgWriter) Close() error {
	if !s.drawn {
		return fmt.Errorf("--game %d: the input has %d games", s.game, s.seen)
	}
	return nil
}

// htmlWriter writes one game viewer page for all the games (Viewer).
type htmlWriter struct{ v *Viewer }

func newHTMLGames(w io.Writer, _ WriteOptions) (GameWriter, error) {
	v, err := NewViewer(w)
	if err != nil {
		return nil, err
	}
	return &htmlWriter{v: v}, nil
}

func (h *htmlWriter) Write(g *record.Game, _ int, res *replay.Result) error {
	if g.SyntaxError() != nil {
		return nil
	}
	return h.v.Game(g, res)
}

func (h *htmlWriter) Close() error { return h.v.Close() }
