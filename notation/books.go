package notation

// Moves in the notations books use (docs/notation-books.md): English
// descriptive (`P-K4`), SAN with another language's letters (`Sf3`) or
// with figurines (`♘f3`). Each move is written from the replay's step
// (replay.Played), so from the legal move it stands for.

import (
	"strings"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// StepText writes step st of replay t in notation n: SAN, SAN with
// n's letters, or descriptive in style style.
func StepText(t *replay.Played, st *replay.Step, n record.Notation, style replay.DescriptiveStyle) string {
	switch {
	case n == record.DescriptiveNotation:
		// A main-line step's index in Played is its ply less one, less
		// the plies of the parts before (replay.Each).
		before := t.Before(st.Ply - 1 - t.PliesBefore)
		legal := before.LegalMoves(nil)
		return replay.DescriptiveIn(before, legal, st.Move, style)
	case n.IsLanguage():
		return SANInLanguage(st.SAN, n)
	}
	return st.SAN
}

// SANInLanguage rewrites the piece letters of a SAN move (the man, a
// promotion, a conversion) with notation n's letters.
func SANInLanguage(san string, n record.Notation) string {
	letters := grammar.Letters(n)
	var b strings.Builder
	b.Grow(len(san) + 4)
	for i := 0; i < len(san); i++ {
		c := san[i]
		if l, ok := letters[c]; ok && c != 'O' {
			b.WriteString(l)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// ToSAN returns a copy of g whose main-line moves are in canonical SAN,
// from the replay's steps: for a record read in descriptive notation or
// another language's letters, before it is written as PGN. It is
// CanonicalGame without the cut (moves after the replay stopped, and
// variations, are kept as written). With sourceComments, each move is
// followed by a comment holding it as the record wrote it.
func ToSAN(g *record.Game, t *replay.Played, sourceComments bool) (*record.Game, error) {
	c, err := CanonicalGame(g, t, false)
	if err != nil || !sourceComments {
		return c, err
	}
	return WithSourceComments(c, g, t), nil
}

// WithSourceComments is c (a copy of g with the same nodes, up to a cut)
// with a comment after each move the replay played, holding the move as g
// wrote it.
func WithSourceComments(c, g *record.Game, t *replay.Played) *record.Game {
	out := *c
	out.Moves = AppendSourceComments(make([]record.Node, 0, len(c.Moves)+t.Len()), c.Moves, g.Moves, t)
	return &out
}

// AppendSourceComments appends to dst the nodes ns (written, the nodes as
// read, rewritten up to a cut) with a comment after each move t played
// holding the move as written: WithSourceComments of a record, or of a
// part of its main line (t what was played of it).
func AppendSourceComments(dst, ns, written []record.Node, t *replay.Played) []record.Node {
	step := 0
	for i := range ns {
		dst = append(dst, ns[i])
		for step < t.Len() && t.Index(step) < i {
			step++
		}
		if step < t.Len() && t.Index(step) == i && i < len(written) && ns[i].Kind == record.KindMove {
			dst = append(dst, record.Node{Kind: record.KindComment, Pos: ns[i].Pos, Text: written[i].Text})
			step++
		}
	}
	return dst
}
