package booknotation

import (
	"io"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/formats/internal/steptext"
	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// Each notation of record.BookNotations is a format, named after it.
func init() {
	for i, n := range record.BookNotations() {
		formats.Register(formats.RecordFormat{
			Name: n.String(), Order: formats.OrderBooks + i, Notation: n, Text: true,
			Read: pgn.TextReader(n), Rendering: rendering(n),
		})
	}
}

// rendering writes the main line in a book's notation.
func rendering(n record.Notation) *formats.Rendering {
	return &formats.Rendering{
		NewRenderer: func(o formats.WriteOptions) formats.GameRenderer { return &renderer{n: n, style: o.Descriptive} },
		NewJoiner:   formats.ConcatJoiners(n.Name() + " notation"),
	}
}

// renderer renders a game's main line in notation n; nt and Game are the
// game being rendered.
type renderer struct {
	n     record.Notation
	style replay.DescriptiveStyle
	nt    *turns
	steptext.Game
}

// Begin, Part and End render the game's tags, turns and end
// (steptext.Write), with the line wrapping and the numbering kept from part
// to part (a turn's moves never span parts, but the comments and NAGs
// after them may). The turns are written from the replay's steps, whatever
// notation the record is in.
func (nr *renderer) Begin(dst []byte, g *record.Game, _ int) {
	nr.Game.Begin(dst, g)
	nr.nt = newTurns(nr.n, false)
	nr.nt.style = nr.style
}

func (nr *renderer) Part(nodes []record.Node, pl *replay.Played) {
	nr.nt.t, nr.nt.nodes = pl, nodes
	if nr.nt.open {
		// A part may start inside a turn: the comments and NAGs of the
		// turn before, when the part before ended with some.
		nr.nt.annotations(&nr.W, 0)
	}
	steptext.Turns(&nr.W, pl, nr.nt.turn)
}

// End: a game the reader could not read, or not replayed, is not written;
// a stopped game is written up to the stop, with a comment (the caller
// reports the replay's finding).
func (nr *renderer) End(g *record.Game, _ int, res *replay.Result) ([]byte, error) {
	written := g.Unreadable() == nil && res.Played != nil
	if written {
		nr.Part(g.Moves, res.Played)
	}
	nr.nt = nil
	return nr.Game.End(g, res.Played, written), nil
}

// WriteGame writes a game's tags and the main line of its replay in
// notation n, with the comments and NAGs that follow main-line moves.
// Variations are not written (their moves are not in the replay). With
// sourceComments, each move is followed by a comment holding the move as
// the record wrote it, for a reviewer to compare. When the replay stopped
// before the end, the moves up to it are written, then a comment that says
// where the record could not be followed; the error returned says so (a
// *notation.StopError).
func WriteGame(w io.Writer, g *record.Game, t *replay.Played, n record.Notation, sourceComments bool) error {
	nw := newTurns(n, sourceComments)
	nw.t, nw.nodes = t, g.Moves
	return steptext.Write(w, g, t, n.Name()+" notation", nw.turn)
}

// turns writes the turns of a game in notation n (steptext.Turn):
// those of t, whose steps are moves of nodes (the main line, or the part
// of it t played: a game read in parts sets t and nodes at each part).
type turns struct {
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

func newTurns(n record.Notation, sourceComments bool) *turns {
	return &turns{n: n, sourceComments: sourceComments, needNumber: true}
}

// turn writes steps i to j-1 of nt.t, a turn, and the comments and NAGs
// that follow it in the record.
func (nt *turns) turn(wr *steptext.Wrapper, i, j int) {
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
		parts = append(parts, notation.StepText(t, &turn[k], nt.n, nt.style))
	}
	wr.Token(number + strings.Join(parts, ","))
	nt.needNumber = false
	if nt.sourceComments {
		src := make([]string, 0, len(turn))
		for k := range turn {
			if turn[k].Node != nil {
				src = append(src, turn[k].Node.Text)
			}
		}
		wr.Token("{" + strings.Join(src, ",") + "}")
		nt.needNumber = true
	}
	nt.annotations(wr, turn[len(turn)-1].Index+1)
}

// annotations writes the comments and NAGs that follow a turn in the
// record, from nt.nodes[k] to the next move, move number or variation,
// and notes whether they run to the end of nt.nodes (open): a main line
// read in parts may go on with them in its next part.
func (nt *turns) annotations(wr *steptext.Wrapper, k int) {
	nt.open = true
	for ; k < len(nt.nodes); k++ {
		nd := &nt.nodes[k]
		if nd.Kind == record.KindMove || nd.Kind == record.KindMoveNumber || nd.Kind == record.KindVariation {
			nt.open = false
			break
		}
		switch nd.Kind {
		case record.KindComment:
			wr.Token("{" + nd.Text + "}")
			nt.needNumber = true
		case record.KindNAG:
			wr.Token("$" + strconv.Itoa(int(nd.Number)))
		}
	}
}
