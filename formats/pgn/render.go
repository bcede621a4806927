package pgn

import (
	"fmt"

	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// Renderer renders one game's piece of PGN output at a time, canonical or
// plain (formats.GameRenderer: Begin, Part for each part of the main line
// but the last, End; Take lets a huge game's text go as it grows).
// Joined by a Joiner, its pieces are the output of Writer.
type Renderer struct {
	plain, sourceComments bool
	// dst, g and n are the game begun (Begin), started once a part before
	// the last is rendered: a game of one part, a record held whole, is
	// written whole at End (whole).
	dst     []byte
	g       *record.Game
	n       int
	started bool
	// cw writes the game being rendered in parts; san,
	// when rewrite is set, rewrites its parts in SAN as whole does (plain
	// PGN, a record read in LAN or UCI), and err is the first error of
	// that rewrite.
	cw      *canonicalWriter
	san     notation.SANRewriter
	rewrite bool
	err     error
	// steps: the parts' moves are written from the steps played (a
	// book's record, not plain). sourced: each rewritten part gets the
	// moves as printed in comments, in commented (--source-comments).
	steps, sourced bool
	commented      []record.Node
	// asRead: the game being rendered in parts is a Recovered record whose
	// rest is not cut: whole writes it as read (PassedThrough), and so
	// End writes its source, after head; the parts write nothing.
	asRead bool
	head   []byte
}

func (p *Renderer) Begin(dst []byte, g *record.Game, n int) {
	p.dst, p.g, p.n, p.started = dst, g, n, false
}

// whole writes game n, its record held whole. It is written from the
// record, not as a game in parts: a record held whole may come from
// another reader than the grammar (JSON, a table), whose texts are checked
// to read back as they were read (appendCheckedPiece), and may be written
// straight from the replay's steps.
func (p *Renderer) whole(dst []byte, g *record.Game, n int, res *replay.Result) ([]byte, error) {
	// A record in LAN or UCI is written in SAN, as replay played it (up
	// to where it stopped).
	g, err := notation.AsSAN(g, res)
	if err != nil {
		return dst, fmt.Errorf("game %d: %w", n, err)
	}
	book := g.Notation.Book() && g.Unreadable() == nil && res.Played != nil
	var played *replay.Played
	switch {
	case book && !p.plain && !p.sourceComments:
		// The moves in SAN as the replay played them, written straight
		// from its steps: ToSAN's record without the copy.
		played, book = res.Played, false
	case p.plain && !(book && p.sourceComments) && plainAsPlayed(g, res.Played):
		// The same for plain PGN when there is nothing to cut or make
		// plain: CanonicalGame's copy, which read every SAN back, was a
		// third of the writer's time.
		played, book = res.Played, false
	}
	if played == nil && (book || p.plain) {
		// Moves read in a book's notation are written in SAN, from what
		// the replay made of each (docs/notation-books.md); plain PGN is
		// canonical SAN, cut where the replay stopped.
		c, err := notation.CanonicalGame(g, res.Played, p.plain)
		if err != nil {
			return dst, fmt.Errorf("game %d: %w", n, err)
		}
		if book && p.sourceComments {
			c = notation.WithSourceComments(c, g, res.Played)
		}
		if p.plain {
			c = PlainGame(c)
		}
		g = c
	}
	if g.Result == "" && g.Unreadable() == nil {
		// A PGN game ends with a termination marker: `*` says the result
		// is unknown, which is what a record without one (a list of UCI
		// moves) tells.
		c := *g
		c.Result = "*"
		g = &c
	}
	return appendCheckedPiece(dst, g, n, played)
}

// start starts a game of more than one part, written a part at a time
// (canonicalWriter). Canonical PGN of a record in SAN is its canonical
// form; plain PGN and a record read in LAN or UCI have their parts
// rewritten in SAN first, as whole rewrites the record (notation.SANRewriter:
// CanonicalGame, cut; plainNodes:
// PlainGame); a record in a book's notation has each part's moves written
// from the steps played, as whole writes them, or, with its moves as
// printed kept in comments (--source-comments), rewritten in SAN and
// given those comments (appendSourceComments).
func (p *Renderer) start(dst []byte, g *record.Game, n int) {
	p.started = true
	if g.Recovered && !p.plain && !notation.InCoordinates(g) && g.Source != nil {
		p.asRead, p.head, p.cw = true, appendPieceHead(dst, g, n, true), nil
		return
	}
	// A game read in parts was read by the grammar, whose texts read back
	// as they were read: there is nothing to check (appendCheckedPiece).
	p.cw = beginCanonical(appendPieceHead(dst, g, n, false), g, nil)
	p.cw.lw.letters = record.SAN // convert writes SAN
	// As whole: a record in LAN or UCI, and plain PGN, are rewritten in
	// SAN and cut where the replay stopped (asSAN); a book's record is
	// written from its steps, or, with its moves as printed in comments,
	// rewritten and not cut (CanonicalGame) unless plain.
	book := g.Notation.Book() && g.Unreadable() == nil
	cut := p.plain || notation.InCoordinates(g)
	p.sourced = book && p.sourceComments
	p.rewrite, p.err = cut || p.sourced, nil
	p.san.Reset(g, cut)
	p.steps = book && !p.plain && !p.sourced
}

func (p *Renderer) Part(nodes []record.Node, pl *replay.Played) {
	if !p.started {
		p.start(p.dst, p.g, p.n)
	}
	p.part(nodes, pl)
}

func (p *Renderer) part(nodes []record.Node, pl *replay.Played) {
	if p.err != nil || p.asRead {
		return
	}
	if p.rewrite {
		written := nodes
		if nodes, p.err = p.san.Part(nodes, pl); p.err != nil {
			return
		}
		if p.sourced && pl != nil {
			p.commented = notation.AppendSourceComments(p.commented[:0], nodes, written, pl)
			nodes = p.commented
		}
	}
	if p.plain {
		nodes = plainNodes(nodes)
	}
	if p.steps {
		// The steps' indexes are into this part's nodes.
		p.cw.lw.steps, p.cw.lw.next = pl, 0
	}
	p.cw.part(nodes)
}

func (p *Renderer) Take(min int) []byte {
	if p.asRead || !p.started {
		return nil
	}
	return p.cw.take(min)
}

func (p *Renderer) End(g *record.Game, n int, res *replay.Result) ([]byte, error) {
	dst := p.dst
	p.dst, p.g = nil, nil
	if !p.started {
		return p.whole(dst, g, n, res)
	}
	if p.asRead {
		// The game's source is the chunk, held whole anyway.
		b := appendGame(p.head, g, nil, false)
		p.asRead, p.head = false, nil
		return b, nil
	}
	p.part(g.Moves, res.Played)
	// The rewrite's room for a huge game's part is not kept for the
	// games after it.
	p.san, p.commented = notation.SANRewriter{}, nil
	if p.err != nil {
		p.cw = nil
		return nil, fmt.Errorf("game %d: %w", n, p.err)
	}
	if g.Result == "" {
		// As whole ends it.
		c := *g
		c.Result = "*"
		g = &c
	}
	b := p.cw.end(g)
	p.cw = nil
	return b, nil
}

// plainAsPlayed reports whether plain PGN of g is its canonical form with
// the main line's moves as pl played them (appendCanonical): every move of
// the main line played (no cut), and no leap or conversion written or
// played (PlainGame would rewrite it).
func plainAsPlayed(g *record.Game, pl *replay.Played) bool {
	if pl == nil || pl.Start == nil || !pl.Complete() || g.Unreadable() != nil || hasExtension(g.Moves) {
		return false
	}
	for i := range pl.Len() {
		if m := pl.Move(i); m.IsLeap() || m.ConvSquare != rules.NoSquare {
			return false
		}
	}
	return true
}

// NewRenderer is a Renderer of canonical PGN, or with plain of plain PGN
// (PlainGame); with sourceComments, each move read in a book's notation is
// followed by a comment holding it as written.
func NewRenderer(plain, sourceComments bool) *Renderer {
	return &Renderer{plain: plain, sourceComments: sourceComments}
}
