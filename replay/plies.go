package replay

import (
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/rules"
)

// walkPlies walks the main line of a game read for the walk alone
// (record.Game.Plies): each ply is a turn of one move, numbered right,
// with nothing between the moves that the walk reads, so that the run
// steps from a ply to the next where playTurn's run over nodes steps
// over numbers, comments and NAGs. It is playTurn's run with the same
// plain path (plainMove, playMove), which reads a move's parts in a
// record.Move: the ply's are copied into the replayer's plyRun, whose
// text is empty (the plain path reads none; moveText and firstCheckText
// find a ply's from its offset). Every other path (the general turn, a
// finding, a halt, a step's node) reads the ply's node, which turnNode
// makes from it when asked (plyNode).
func (w *walk) walkPlies(ln *line) {
	plies, mv := w.plies, &w.r.plyRun
	for i := range plies {
		if ln.stopped {
			return
		}
		w.turnAt = i
		side := ln.pos.SideToMove()
		if !ln.ended {
			mv.MoveParts = plies[i].MoveParts
			if m, ok := w.plainMove(mv, ln, side); ok {
				w.playMove(mv, 0, ln, side, m, false, true, true)
				countTurn(ln, side&1)
				continue
			}
		}
		w.generalTurn(w.turnNode(0), 1, ln, side)
	}
}

// plyNode is the node of ply i (record.Game.PlyNode), made in the
// replayer's one node (plyNodes) unless it holds that ply already: a path
// that keeps the node (halt) copies it. The legal moves kept for another
// ply's node (w.pre) are let go, as that node is written over.
func (w *walk) plyNode(i int) *record.Node {
	n := &w.r.plyNodes[0]
	if w.plyAt != i+1 {
		w.g.PlyNode(i, n, &w.r.plyMove)
		w.plyAt = i + 1
		if w.pre.node == n {
			w.pre.node, w.pre.line = nil, nil
		}
	}
	return n
}

// moveText is the text of move k of the turn being played.
func (w *walk) moveText(k int) string {
	if w.plies != nil {
		return w.g.PlyText(w.turnAt + k)
	}
	return w.turnNode(k).Move.Text
}

// firstCheckText is the move that first checked side's king in ln
// (line.firstCheckPly): on a main line walked over plies, the text of its
// ply, which playMove does not make at each first check.
func (w *walk) firstCheckText(ln *line, side rules.Color) string {
	if w.plies != nil && ln.main {
		return w.g.PlyText(ln.firstCheckPly[side] - 1)
	}
	return ln.firstCheckSAN[side]
}

// plyMoves are nodes of the moves of plies for reach, which reads only
// their parts: no text nor position. The look-ahead's budget
// (lookAheadNodes) counts moves, so that it runs out over plies where it
// does over the record's line, which has numbers, comments and NAGs too.
func plyMoves(plies []record.Ply) []record.Node {
	nodes, moves := make([]record.Node, len(plies)), make([]record.Move, len(plies))
	for k := range plies {
		moves[k].MoveParts = plies[k].MoveParts
		nodes[k].SetMove(record.Pos{}, "", &moves[k])
	}
	return nodes
}
