package formats

import (
	"fmt"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// SANGame is g with its main line rewritten in canonical SAN from the
// moves replay played (steps, in order): what a record read in LAN or UCI
// becomes before it is written as PGN or JSON. The tags and the termination
// marker are g's (positions are not: the moves are new text); comments, NAGs and variations are not kept (LAN and UCI carry none
// that replay plays), nor the reader's notices, which are about the
// coordinate text. When the main line stopped early, the moves up to the
// stop are there and the caller says why (replay's finding).
func SANGame(g *record.Game, steps []replay.Step) (*record.Game, error) {
	out := &record.Game{Tags: g.Tags, Result: g.Result}
	slab := make([]record.Move, len(steps))
	for i := range steps {
		st := &steps[i]
		if st.TurnIndex == 0 && (st.Side == rules.White || i == 0) {
			dots := 1
			if st.Side == rules.Black {
				dots = 3
			}
			out.Moves = append(out.Moves, record.Node{Kind: record.KindMoveNumber, Number: st.MoveNumber, Dots: dots})
		}
		m, err := grammar.ParseMove(st.SAN)
		if err != nil {
			// replay's SAN and the grammar disagree: a bug, said as such.
			return nil, fmt.Errorf("ply %d: SAN %q does not read back: %w", st.Ply, st.SAN, err)
		}
		m.Joined = st.TurnIndex > 0
		slab[i] = m
		out.Moves = append(out.Moves, record.Node{Kind: record.KindMove, Text: m.Text, Move: &slab[i]})
	}
	return out, nil
}
