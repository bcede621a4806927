package replay

// Trace: the main line of a game played move by move, for the programs that
// need each ply's move and positions (convert to LAN, UCI, FEN and JSON,
// show, diff). It resolves written moves with the same resolve as Game, so
// a move means the same thing in a trace as in a verdict; whether the moves
// obey every rule (opening turns, results, check marks) is Game's question,
// not the trace's: a trace goes as far as the moves can be resolved.

import (
	"github.com/ashtapada/ashtapada/record"
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
	// Before and After are the positions around the move (copies: they
	// may be kept and changed).
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

// Trace is a game's main line, played.
type Trace struct {
	// Profile and Settings are what the game was played under.
	Profile  *rules.Profile
	Settings rules.Settings
	// Start is the start position (nil when Problem is set).
	Start *rules.Position
	Steps []Step
	// Stop is the first move node that could not be played (an illegal,
	// ambiguous or null move), with its index in Game.Moves; nil when the
	// whole main line was played.
	Stop      *record.Node
	StopIndex int
	// Problem is set when the game could not be replayed at all: a syntax
	// error, an unknown profile, a bad setting or FEN. It says why.
	Problem *Finding
}

// Trace plays the main line of g under the rules the Replayer's Config
// gives it (the same choice as Game).
func (r *Replayer) Trace(g *record.Game) *Trace {
	w := &walk{r: r, g: g, res: &Result{}}
	t := &Trace{StopIndex: -1}
	if se := g.SyntaxError(); se != nil {
		t.Problem = &Finding{Line: se.Pos.Line, Column: se.Pos.Col, Rule: se.Rule, Severity: SeverityError, Message: se.Message}
		return t
	}
	gr, f := r.resolveRules(g)
	w.gr = gr
	t.Profile, t.Settings = gr.profile, gr.settings
	if f != nil {
		t.Problem = f
		return t
	}
	ln, ok := w.start()
	if !ok {
		if len(w.res.Findings) > 0 {
			f := w.res.Findings[0]
			t.Problem = &f
		} else {
			t.Problem = &Finding{Rule: "bad-fen", Severity: SeverityError, Message: "the start position cannot be set up"}
		}
		return t
	}
	t.Start = ln.pos.Copy()
	ln.main = true
	ln.legal = ln.pos.LegalMoves(nil)
	ln.legalOK, ln.hasMove = true, len(ln.legal) > 0
	nodes := g.Moves
	for i := 0; i < len(nodes); {
		if nodes[i].Kind != record.KindMove {
			i++
			continue
		}
		j := i + 1
		for j < len(nodes) && nodes[j].Kind == record.KindMove && nodes[j].Move != nil && nodes[j].Move.Joined {
			j++
		}
		w.ahead = nodes[j:]
		if !w.traceTurn(t, nodes, i, j, ln) {
			return t
		}
		i = j
	}
	return t
}

// traceTurn plays the moves nodes[i:j] of one turn; false when one of them
// cannot be played (t.Stop is then set).
func (w *walk) traceTurn(t *Trace, nodes []record.Node, i, j int, ln *line) bool {
	side := ln.pos.SideToMove()
	for k := i; k < j; k++ {
		n := &nodes[k]
		if n.Move == nil || n.Move.Null {
			t.Stop, t.StopIndex = n, k
			return false
		}
		ply := ln.ply + 1
		m, ok := w.resolve(n, ln, side, ply)
		if !ok {
			t.Stop, t.StopIndex = n, k
			return false
		}
		st := Step{
			Ply: ply, Node: n, Index: k, Move: m, Before: ln.pos.Copy(),
			SAN: SAN(ln.pos, ln.legal, m), TurnIndex: k - i,
			MoveNumber: ln.moveNo, Side: side,
		}
		st.Check = ln.pos.GivesCheck(m)
		if k == j-1 {
			ln.hist.Play(m)
		} else {
			ln.hist.PlayKeepTurn(m)
		}
		ln.ply++
		ln.legal = ln.pos.LegalMoves(ln.legal[:0])
		ln.legalOK, ln.hasMove = true, len(ln.legal) > 0
		st.Mate = k == j-1 && st.Check && len(ln.legal) == 0
		st.After = ln.pos.Copy()
		t.Steps = append(t.Steps, st)
	}
	if side == rules.Black {
		ln.moveNo++
	}
	return true
}

// Setup resolves the rules a game is judged by and sets up its start
// position, as Game does, for readers that play moves themselves (the LAN
// and UCI readers). The Finding says why when that is not possible.
func (r *Replayer) Setup(g *record.Game) (*rules.Profile, *rules.Position, *Finding) {
	w := &walk{r: r, g: g, res: &Result{}}
	gr, f := r.resolveRules(g)
	if f != nil {
		return gr.profile, nil, f
	}
	w.gr = gr
	ln, ok := w.start()
	if !ok {
		if len(w.res.Findings) > 0 {
			f := w.res.Findings[0]
			return gr.profile, nil, &f
		}
		return gr.profile, nil, &Finding{Rule: "bad-fen", Severity: SeverityError, Message: "the start position cannot be set up"}
	}
	return gr.profile, ln.pos, nil
}
