package rules

import "sort"

// Perft counts the leaf nodes of the legal-move tree to depth: the standard
// test of a move generator against other engines. It counts legal moves
// only: game-end rules (bare king, repetition, move rules) do not prune it,
// and turns alternate normally (no compound opening turn, no optional
// knight move after promotion).
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	// One position and one move buffer per level, allocated once: the
	// recursion copies into them instead of taking the address of a local,
	// which the escape analysis would move to the heap at every node.
	stack := make([]Position, depth+1)
	stack[depth] = *p
	bufs := make([][]Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 256)
	}
	return perft(stack, depth, bufs)
}

func perft(stack []Position, depth int, bufs [][]Move) uint64 {
	p := &stack[depth]
	ms := p.LegalMoves(bufs[depth][:0])
	bufs[depth] = ms[:0]
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	q := &stack[depth-1]
	for _, m := range ms {
		*q = *p
		q.Play(m)
		n += perft(stack, depth-1, bufs)
	}
	return n
}

// DivideEntry is one root move and its subtree count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide is perft split by root move, sorted by the move's UCI form (then
// its long form, which tells conversions apart).
func Divide(p *Position, depth int) []DivideEntry {
	if depth < 1 {
		return nil
	}
	var out []DivideEntry
	for _, m := range p.LegalMoves(nil) {
		q := *p
		q.Play(m)
		out = append(out, DivideEntry{m, Perft(&q, depth-1)})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].Move, out[j].Move
		if a.UCI() != b.UCI() {
			return a.UCI() < b.UCI()
		}
		return a.String() < b.String()
	})
	return out
}
