package picture

// The svg and html record formats (package formats): the final position
// of one game, and the game viewer page of all the games.

import (
	"fmt"
	"io"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

func init() {
	formats.Register(formats.RecordFormat{Name: "svg", Order: formats.OrderSVG, OneGame: true, OneDocument: true, NewWriter: newSVGGames})
	formats.Register(formats.RecordFormat{Name: "html", Order: formats.OrderHTML, OneDocument: true, NewWriter: newHTMLGames})
}

// svgWriter draws the final position of one game (WriteOptions.Game).
type svgWriter struct {
	w     io.Writer
	game  int
	seen  int
	drawn bool
}

func newSVGGames(w io.Writer, opt formats.WriteOptions) (formats.GameWriter, error) {
	return &svgWriter{w: w, game: opt.Game}, nil
}

// Write draws the final position from res.Played: for a game read in
// parts, its last part's steps and the step before them (Played.Prev).
// The parts are not walked again.
func (s *svgWriter) Write(g *record.Game, n int, res *replay.Result, _ formats.PlayedParts) error {
	s.seen++
	if s.drawn || (s.game != 0 && n != s.game) || (s.game == 0 && s.seen > 1) {
		return nil
	}
	if g.Unreadable() != nil {
		if s.game == 0 {
			return fmt.Errorf("game %d cannot be drawn: it cannot be read", n)
		}
		return nil
	}
	s.drawn = true
	pl := res.Played
	if pl.Start == nil {
		return fmt.Errorf("game %d cannot be drawn: %s [%s]", n, pl.Stop.Message, pl.Stop.Rule)
	}
	d, err := DiagramAt(pl, pl.PliesBefore+pl.Len(), fmt.Sprintf("game %d", n))
	if err != nil {
		return err
	}
	DescribeGame(d, g)
	return WriteSVG(s.w, d)
}

func (s *svgWriter) Close() error {
	if !s.drawn {
		if s.game == 0 {
			return fmt.Errorf("no game to draw")
		}
		return fmt.Errorf("--game %d: the input has %d games", s.game, s.seen)
	}
	return nil
}

// htmlWriter writes one game viewer page for all the games (Viewer).
type htmlWriter struct {
	v *Viewer
	// san rewrites the parts of a record in LAN or UCI (Write).
	san notation.SANRewriter
}

func newHTMLGames(w io.Writer, _ formats.WriteOptions) (formats.GameWriter, error) {
	v, err := NewViewer(w)
	if err != nil {
		return nil, err
	}
	return &htmlWriter{v: v}, nil
}

func (h *htmlWriter) Write(g *record.Game, n int, res *replay.Result, parts formats.PlayedParts) error {
	if g.Unreadable() != nil {
		return nil
	}
	parts = parts.OrWhole(g, res)
	if !notation.InCoordinates(g) || res.Played == nil {
		return h.v.Game(g, res, parts)
	}
	// A record in LAN or UCI: the move list is in SAN, as the replay
	// played it; the moves it could not play stay as written, shown
	// unplayed as in any record (not cut: the page shows the whole
	// record). Each part is rewritten (CanonicalGame a part at a time),
	// and the page is walked twice (its drawings, its moves), so the
	// rewriting starts again at each walk.
	var err error
	inSAN := func(part func([]record.Node, *replay.Played)) {
		h.san.Reset(g, false)
		parts(func(nodes []record.Node, pl *replay.Played) {
			out, perr := h.san.Part(nodes, pl)
			if perr != nil {
				// A bug (the SAN writer and the grammar disagree): the
				// part is shown as written, and the error said at the end.
				if err == nil {
					err = perr
				}
				out = nodes
			}
			part(out, pl)
		})
	}
	if verr := h.v.Game(g, res, inSAN); verr != nil {
		return verr
	}
	if err != nil {
		return fmt.Errorf("game %d: %w", n, err)
	}
	return nil
}

func (h *htmlWriter) Close() error { return h.v.Close() }
