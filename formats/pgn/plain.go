package pgn

import (
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
)

// PlainGame returns a copy of g for tools that know no extension
// (`convert --to pgn --plain`, docs/notation.md 2.1): the king's leap is written
// as a plain king move (`Kd3`), and a conversion suffix is moved out of the
// move into a comment after it (`Bxg1 {conversion b8=N}`), so nothing is
// lost. Compound turns keep their commas: they are turns, not notation, and
// splitting them would make the sides alternate where they do not.
func PlainGame(g *record.Game) *record.Game {
	c := *g
	c.Moves = plainNodes(g.Moves)
	return &c
}

func plainNodes(nodes []record.Node) []record.Node {
	if nodes == nil || !hasExtension(nodes) {
		// Most games have no leap and no conversion: they stay as they
		// are, without a copy.
		return nodes
	}
	out := make([]record.Node, 0, len(nodes))
	for _, n := range nodes {
		switch {
		case n.Kind == record.KindVariation:
			n.SetVariation(plainNodes(n.Variation()))
			out = append(out, n)
		case n.Kind == record.KindMove && n.Move != nil && (n.Move.Leap || n.Move.ConvSquare != record.NoSquare):
			m := *n.Move
			var note string
			if m.ConvSquare != record.NoSquare {
				note = "conversion " + m.ConvSquare.String() + "=" + string([]byte{m.ConvPiece})
				m.ConvSquare, m.ConvPiece = record.NoSquare, 0
			}
			m.Leap = false
			m.Text = notation.CanonicalMoveText(&m)
			n.Move = &m
			n.Text = m.Text
			out = append(out, n)
			if note != "" {
				out = append(out, record.Node{Kind: record.KindComment, Text: note})
			}
		default:
			out = append(out, n)
		}
	}
	return out
}

// hasExtension reports whether a move of nodes or of their variations is
// written with the king's leap or a conversion.
func hasExtension(nodes []record.Node) bool {
	for i := range nodes {
		n := &nodes[i]
		switch {
		case n.Kind == record.KindVariation:
			if hasExtension(n.Variation()) {
				return true
			}
		case n.Kind == record.KindMove && n.Move != nil && (n.Move.Leap || n.Move.ConvSquare != record.NoSquare):
			return true
		}
	}
	return false
}
