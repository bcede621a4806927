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
	"sync"

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
	// Move is the legal move the written move stands for. The positions
	// around it are Played.Before and Played.After.
	Move rules.Move
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
	// keepTurn: the move was not the last of its turn (the same side
	// moved on), as Played replays it.
	keepTurn bool
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
	// PliesBefore is the number of plies played before Start: 0 but for
	// the later parts of a main line read in parts (PartWalk.Played).
	PliesBefore int
	// Stop is the finding that ended the main line before its last move or
	// kept the game from being replayed at all; nil when every move of the
	// main line was played. It is one of Result.Findings (a copy).
	Stop *Finding
	// StopNode is the main-line move that was not played, with its index in
	// Game.Moves (nil and -1 when every move was played or the game was not
	// replayed).
	StopNode  *record.Node
	StopIndex int

	// marks[j] is the position before step j*markEvery: the positions of
	// the other steps are played again from it when asked (Before,
	// After). A position per step cost 224 bytes per ply, most of the
	// memory of a long game (issue 14); a mark every 16 steps costs 14.
	marks []*rules.Position
	// cur is the position before step curAt (when hasCur), the last one
	// asked for: reading the steps in order plays each move once more.
	cur    rules.Position
	curAt  int
	hasCur bool
}

// markEvery is how many steps apart the kept positions are.
var markEvery = 16

// Before is the position before step i (0-based index in Steps), a copy
// the caller may keep or change. Before, After and Around remember the
// last position asked for: a Played is not for concurrent use.
func (p *Played) Before(i int) *rules.Position {
	if v := p.BeforeView(i); v != nil {
		return v.Copy()
	}
	return nil
}

// BeforeView is the position before step i without a copy, for a writer
// that reads the steps in order: it is valid until the next call of a
// position method of p and must not be changed.
func (p *Played) BeforeView(i int) *rules.Position {
	if i < 0 || i > len(p.Steps) || p.Start == nil {
		return nil
	}
	if i == 0 {
		return p.Start
	}
	m := i / markEvery
	if m >= len(p.marks) {
		m = len(p.marks) - 1
	}
	from := m * markEvery
	if !p.hasCur || p.curAt < from || p.curAt > i {
		p.cur, p.curAt, p.hasCur = *p.marks[m], from, true
	}
	for ; p.curAt < i; p.curAt++ {
		st := &p.Steps[p.curAt]
		if st.keepTurn {
			p.cur.PlayKeepTurn(st.Move)
		} else {
			p.cur.Play(st.Move)
		}
	}
	return &p.cur
}

// AfterView is the position after step i without a copy (BeforeView).
func (p *Played) AfterView(i int) *rules.Position {
	if i < 0 || i >= len(p.Steps) {
		return nil
	}
	return p.BeforeView(i + 1)
}

// Around is Before(i) and After(i) together, playing step i once.
func (p *Played) Around(i int) (before, after *rules.Position) {
	before = p.Before(i)
	if before == nil || i >= len(p.Steps) {
		return before, nil
	}
	return before, p.Before(i + 1)
}

// After is the position after step i, a copy the caller may keep or
// change.
func (p *Played) After(i int) *rules.Position {
	if i < 0 || i >= len(p.Steps) {
		return nil
	}
	return p.Before(i + 1)
}

// freeSteps holds the storage of released steps (Played.Release).
var freeSteps sync.Pool

// maxFreeSteps bounds the steps whose storage is kept for another game:
// a huge game's is left to the collector.
const maxFreeSteps = 1024

// Release gives the storage of p's steps to the games replayed after it:
// for a caller done with p (convert writes each game as soon as it is
// replayed), so that the steps, half of the bytes a converted game
// allocated, are not allocated again for every game. p must not be used
// after.
func (p *Played) Release() {
	if p == nil || cap(p.Steps) == 0 || cap(p.Steps) > maxFreeSteps {
		return
	}
	s := p.Steps[:0]
	p.Steps = nil
	freeSteps.Put(&s)
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
		return p.After(ply - 1)
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
	if w.added > w.stopFrom {
		f := w.last
		w.played.Stop = &f
	}
}

// nodeIndex is the index in the main line walked (walk.nodes) of node n,
// a node of the turn that starts at w.turnAt (a few nodes to look at).
func (w *walk) nodeIndex(n *record.Node) int {
	for i := w.turnAt; i < len(w.nodes); i++ {
		if &w.nodes[i] == n {
			return i
		}
	}
	return -1
}

// nextPart starts the steps of the next part of a main line read in
// parts (PartWalk): the steps and marks of the part before are let go,
// and the next part starts from the position the line stands at.
func (p *Played) nextPart(ln *line) {
	p.PliesBefore += len(p.Steps)
	p.Steps = p.Steps[:0]
	clear(p.marks)
	p.marks = p.marks[:0]
	p.Start = ln.pos.Copy()
	p.hasCur = false
	// A stop in an earlier part stays said (keepStop), with no index in
	// the parts after.
	p.StopIndex = -1
}

// keepStop, at the end of a part, makes the node the main line stopped
// at in it a copy, as the part's storage is read over by the next.
func (p *Played) keepStop() {
	if p.StopNode == nil || p.StopIndex < 0 {
		return
	}
	n := *p.StopNode
	if n.Move != nil {
		m := *n.Move
		n.Move = &m
	}
	p.StopNode = &n
}

// step keeps the move just played on the main line (Config.Steps).
func (w *walk) step(n *record.Node, k int, ln *line, side rules.Color, before *rules.Position, m rules.Move, gives, mate, fixedOrigin, keepTurn bool) {
	p := w.played
	if p.Steps == nil {
		// Every move node of the main line is at most one step: one
		// allocation instead of a slice grown by doubling, or none when a
		// released game's steps have room (Release).
		if s, _ := freeSteps.Get().(*[]Step); s != nil && cap(*s) >= w.mainMoves {
			p.Steps = (*s)[:0]
		} else {
			p.Steps = make([]Step, 0, w.mainMoves)
		}
	}
	if len(p.Steps)%markEvery == 0 {
		if len(p.Steps) == 0 {
			p.marks = append(p.marks, p.Start)
		} else {
			p.marks = append(p.marks, before.Copy())
		}
	}
	w.stepSAN(before, m, gives, mate, fixedOrigin)
	p.Steps = append(p.Steps, Step{
		Ply: ln.ply, Node: n, Index: w.nodeIndex(n), Move: m,
		Check: gives, Mate: mate, TurnIndex: k, MoveNumber: ln.moveNo, Side: side,
		keepTurn: keepTurn,
	})
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
