package formats

// Writing records in the notations books use (docs/notation-books.md):
// English descriptive (`P-K4`), SAN with another language's letters
// (`Sf3`) or with figurines (`♘f3`). The main line is written from the
// replay's steps (replay.Played), so each move is written from the legal
// move it stands for.

import (
	"io"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// MoveInNotation writes step st of replay t in notation n: SAN, SAN with
// n's letters, or descriptive in style style.
func MoveInNotation(t *replay.Played, st *replay.Step, n record.Notation, style replay.DescriptiveStyle) string {
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

// WriteNotationGame writes a game's tags and the main line of its trace
// in notation n, with the comments and NAGs that follow main-line moves.
// Variations are not written (their moves are not in the trace). With
// sourceComments, each move is followed by a comment holding the move as
// the record wrote it, for a reviewer to compare. When the replay stopped
// before the end, the moves up to it are written, then a comment that says
// where the record could not be followed; the error returned says so.
func WriteNotationGame(w io.Writer, g *record.Game, t *replay.Played, n record.Notation, sourceComments bool) error {
	nw := newNotationTurns(n, sourceComments)
	nw.t, nw.nodes = t, g.Moves
	return writeSteps(w, g, t, n.Name()+" notation", nw.turn)
}

// notationTurns writes the turns of a game in notation n (appendSteps):
// those of t, whose steps are moves of nodes (the main line, or the part
// of it t played: a game read in parts sets t and nodes at each part).
type notationTurns struct {
	n              record.Notation
	style          replay.DescriptiveStyle // descriptive's form and knight
	sourceComments bool
	t              *replay.Played
	nodes          []record.Node
	// needNumber says whether the next turn, when Black's, is numbered
	// ("12... "): the first, and one after a comment.
	needNumber bool
	steps      []replay.Step
	// open: the comments and NAGs after the last turn written ran to the
	// end of nodes.
	open bool
}

func newNotationTurns(n record.Notation, sourceComments bool) *notationTurns {
	return &notationTurns{n: n, sourceComments: sourceComments, needNumber: true}
}

// turn writes steps i to j-1 of nt.t, a turn, and the comments and NAGs
// that follow it in the record.
func (nt *notationTurns) turn(wr *wrapper, i, j int) {
	t := nt.t
	// The turn's steps, written out (Played.Step).
	nt.steps = nt.steps[:0]
	for k := i; k < j; k++ {
		nt.steps = append(nt.steps, t.Step(k))
	}
	turn := nt.steps
	// The number and its move stay on one line, as books print them.
	number := ""
	if turn[0].Side == rules.White {
		number = strconv.Itoa(turn[0].MoveNumber) + ". "
	} else if nt.needNumber || nt.style.Long {
		// The long form numbers every black move (`10. R. takes Q.
		// 10... B. P. takes P.`): its words run on, and `R. takes Q. B.`
		// and `P. takes P.` would read as well.
		number = strconv.Itoa(turn[0].MoveNumber) + "... "
	}
	parts := make([]string, 0, len(turn))
	for k := range turn {
		parts = append(parts, MoveInNotation(t, &turn[k], nt.n, nt.style))
	}
	wr.token(number + strings.Join(parts, ","))
	nt.needNumber = false
	if nt.sourceComments {
		src := make([]string, 0, len(turn))
		for k := range turn {
			if turn[k].Node != nil {
				src = append(src, turn[k].Node.Text)
			}
		}
		wr.token("{" + strings.Join(src, ",") + "}")
		nt.needNumber = true
	}
	nt.annotations(wr, turn[len(turn)-1].Index+1)
}

// annotations writes the comments and NAGs that follow a turn in the
// record, from nt.nodes[k] to the next move, move number or variation,
// and notes whether they run to the end of nt.nodes (open): a main line
// read in parts may go on with them in its next part.
func (nt *notationTurns) annotations(wr *wrapper, k int) {
	nt.open = true
	for ; k < len(nt.nodes); k++ {
		nd := &nt.nodes[k]
		if nd.Kind == record.KindMove || nd.Kind == record.KindMoveNumber || nd.Kind == record.KindVariation {
			nt.open = false
			break
		}
		switch nd.Kind {
		case record.KindComment:
			wr.token("{" + nd.Text + "}")
			nt.needNumber = true
		case record.KindNAG:
			wr.token("$" + strconv.Itoa(int(nd.Number)))
		}
	}
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
	return withSourceComments(c, g, t), nil
}

// withSourceComments is c (a copy of g with the same nodes, up to a cut)
// with a comment after each move the replay played, holding the move as g
// wrote it.
func withSourceComments(c, g *record.Game, t *replay.Played) *record.Game {
	out := *c
	out.Moves = appendSourceComments(make([]record.Node, 0, len(c.Moves)+t.Len()), c.Moves, g.Moves, t)
	return &out
}

// appendSourceComments appends to dst the nodes ns (written, the nodes as
// read, rewritten up to a cut) with a comment after each move t played
// holding the move as written: withSourceComments of a record, or of a
// part of its main line (t what was played of it).
func appendSourceComments(dst, ns, written []record.Node, t *replay.Played) []record.Node {
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
