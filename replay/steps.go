package replay

// The main line as played. Game walks a game once; with Config.Steps it
// also keeps each main-line move it played (the resolved move, the
// positions around it, its canonical SAN, what it did to the other king)
// in Result.Played. The programs that write a game in another form
// (convert to LAN, UCI, FEN, JSON, SVG and plain PGN, show, diff) read
// those steps, so a move means the same thing in their output as in the
// verdict, and the output stops exactly where the verdict says the main
// line stops (docs/replay.md).

import (
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
	"github.com/ashtapada/ashtapada/rules"
)

// Step is one ply of a game's main line as played.
type Step struct {
	// Ply is 1-based.
	Ply int
	// Node is the move's node in the record (inside Game.Moves).
	Node *record.Node
	// Index is Node's index in Game.Moves.
	Index int
	// Move is the legal move the written move stands for.
	Move rules.Move
	// Before and After are the positions around the move. They are shared
	// (one step's After is the next one's Before): do not change them.
	Before, After *rules.Position
	// SAN is the canonical SAN of the move, check mark included.
	SAN string
	// Check and Mate say what the move did to the other king (Mate only on
	// the last move of a turn).
	Check, Mate bool
	// TurnIndex is the move's 0-based index within its turn (compound turns
	// have several moves; 0 for an ordinary move).
	TurnIndex int
	// MoveNumber and Side are the move's number and the side that made it.
	MoveNumber int
	Side       rules.Color
}

// Played is the main line of a game as Game played it (Config.Steps).
type Played struct {
	// Profile and Settings are what the game was judged by (Profile is nil
	// when no profile covers the game).
	Profile  *rules.Profile
	Settings rules.Settings
	// Start is the start position; nil when the game could not be set up
	// (a syntax error, an unknown profile, a bad setting or FEN: Stop says
	// which).
	Start *rules.Position
	// Steps are the moves played, in order.
	Steps []Step
	// Stop is the finding that ended the main line before its last move or
	// kept the game from being replayed at all; nil when every move of the
	// main line was played. It is one of Result.Findings (a copy).
	Stop *Finding
	// StopNode is the main-line move that was not played, with its index in
	// Game.Moves (nil and -1 when every move was played or the game was not
	// replayed).
	StopNode  *record.Node
	StopIndex int
}

// Complete reports whether the whole main line was played.
func (p *Played) Complete() bool { return p.Stop == nil && p.StopNode == nil }

// PositionAt is the position after ply (0: the start), nil when the main
// line has no such ply.
func (p *Played) PositionAt(ply int) *rules.Position {
	switch {
	case ply == 0:
		return p.Start
	case ply > 0 && ply <= len(p.Steps):
		return p.Steps[ply-1].After
	}
	return nil
}

// halt stops a line at move n: nothing after it is replayed. On the main
// line the move and the finding just reported (if the stop reported one)
// are kept as the reason.
func (w *walk) halt(n *record.Node, ln *line) {
	ln.stopped = true
	if !ln.main || w.played == nil || w.played.StopNode != nil {
		return
	}
	w.played.StopNode = n
	w.played.StopIndex = w.nodeIndex(n)
	if k := len(w.res.Findings); k > w.stopFrom {
		f := w.res.Findings[k-1]
		w.played.Stop = &f
	}
}

// nodeIndex is the index in Game.Moves of main-line node n, a node of the
// turn that starts at w.turnAt (a few nodes to look at).
func (w *walk) nodeIndex(n *record.Node) int {
	for i := w.turnAt; i < len(w.g.Moves); i++ {
		if &w.g.Moves[i] == n {
			return i
		}
	}
	return -1
}

// step keeps the move just played on the main line (Config.Steps).
func (w *walk) step(n *record.Node, k int, ln *line, side rules.Color, before *rules.Position, m rules.Move, gives, mate, fixedOrigin bool) {
	p := w.played
	prev := p.Start
	if len(p.Steps) > 0 {
		prev = p.Steps[len(p.Steps)-1].After
	} else if p.Steps == nil {
		// Every move node of the main line is at most one step: one
		// allocation instead of a slice grown by doubling.
		p.Steps = make([]Step, 0, w.mainMoves)
	}
	w.stepSAN(before, m, gives, mate, fixedOrigin)
	p.Steps = append(p.Steps, Step{
		Ply: ln.ply, Node: n, Index: w.nodeIndex(n), Move: m,
		Before: prev, After: w.keepPosition(ln.pos),
		Check: gives, Mate: mate, TurnIndex: k, MoveNumber: ln.moveNo, Side: side,
	})
}

// keepPosition copies pos for a step. The copies are allocated in blocks
// (a step's position is written once and never changed), so that a ply
// costs no allocation of its own.
func (w *walk) keepPosition(pos *rules.Position) *rules.Position {
	if len(w.posBlock) == cap(w.posBlock) {
		// At most the moves not yet played: a game that stops early
		// wastes little.
		n := max(w.mainMoves-len(w.played.Steps), 1)
		w.posBlock = make([]rules.Position, 0, min(n, 1024))
	}
	w.posBlock = append(w.posBlock, *pos)
	return &w.posBlock[len(w.posBlock)-1]
}

// stepSAN writes the canonical SAN of m, played from before, after the
// game's earlier SANs (cutSANs makes them strings), from what the walk
// knows: whether it checked or mated, and, only for a piece that another
// man of its kind might also have moved to the same square, the legal
// moves to that square, which resolving the written move has already
// listed (rules.LegalMovesTo). fixedOrigin: the turn allowed only this man
// to move (the new knight of a promotion turn).
func (w *walk) stepSAN(before *rules.Position, m rules.Move, gives, mate, fixedOrigin bool) {
	var legal []rules.Move
	kind := before.At(m.From).Kind()
	if !fixedOrigin && kind != rules.Pawn && kind != rules.King && m.Flags&rules.FlagWaitingMove == 0 {
		if !w.toListed || w.toKind != kind || w.toSquare != m.To {
			w.r.toList = before.LegalMovesTo(w.r.toList[:0], kind, m.To)
		}
		legal = w.r.toList
	}
	w.toListed = false
	b := appendSAN(w.r.sanText, before, legal, m)
	switch {
	case mate:
		b = append(b, '#')
	case gives:
		b = append(b, '+')
	}
	w.r.sanText = b
	w.r.sanEnds = append(w.r.sanEnds, len(b))
}

// cutSANs gives the steps their SANs: the game's SANs are made one string,
// cut into the steps' (a string per move was most of a step's
// allocations).
func (w *walk) cutSANs() {
	r := w.r
	text := string(r.sanText)
	start := 0
	for i, end := range r.sanEnds {
		w.played.Steps[i].SAN = text[start:end]
		start = end
	}
	r.sanText, r.sanEnds = r.sanText[:0], r.sanEnds[:0]
}

// notReplayed records why a game was not replayed at all: the reader's
// syntax error, or the finding that kept its rules or start position from
// being known.
func (w *walk) notReplayed() {
	if w.played == nil {
		return
	}
	fs := w.res.Findings
	if se := w.g.SyntaxError(); se != nil {
		for i := range fs {
			if fs[i].Rule == se.Rule && fs[i].Line == se.Pos.Line && fs[i].Column == se.Pos.Col {
				f := fs[i]
				w.played.Stop = &f
				return
			}
		}
		w.played.Stop = &Finding{File: w.file, Game: w.index, Line: se.Pos.Line, Column: se.Pos.Col,
			Rule: se.Rule, Severity: se.Severity.String(), Message: se.Message}
		return
	}
	for i := len(fs) - 1; i >= 0; i-- {
		if fs[i].IsError() {
			f := fs[i]
			w.played.Stop = &f
			return
		}
	}
	// Not reached today (every reason not to replay is an error finding);
	// Start nil always comes with a Stop.
	w.played.Stop = &Finding{File: w.file, Game: w.index, Line: w.g.Pos.Line, Column: w.g.Pos.Col,
		Rule: ruleid.BadFEN, Severity: ruleid.SeverityOf(ruleid.BadFEN).String(), Message: "the start position cannot be set up"}
}
