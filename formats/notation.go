package formats

// Writing records in the notations books use (docs/notation-books.md):
// English descriptive (`P-K4`), SAN with another language's letters
// (`Sf3`) or with figurines (`♘f3`). The main line is written from the
// replay's steps (replay.Played), so each move is written from the legal
// move it stands for.

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// MoveInNotation writes step st of a replay in notation n: SAN, SAN with
// n's letters, or descriptive.
func MoveInNotation(st *replay.Step, n grammar.Notation) string {
	switch {
	case n == grammar.NotationDescriptive:
		legal := st.Before.LegalMoves(nil)
		return replay.Descriptive(st.Before, legal, st.Move)
	case n.IsLanguage():
		return SANInLanguage(st.SAN, n)
	}
	return st.SAN
}

// SANInLanguage rewrites the piece letters of a SAN move (the man, a
// promotion, a conversion) with notation n's letters.
func SANInLanguage(san string, n grammar.Notation) string {
	letters := n.Letters()
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
func WriteNotationGame(w io.Writer, g *record.Game, t *replay.Played, n grammar.Notation, sourceComments bool) error {
	wr := &wrapper{b: appendTagsAsRead(nil, g.Tags)}
	needNumber := true
	for i := 0; i < len(t.Steps); {
		j := i + 1
		for j < len(t.Steps) && t.Steps[j].TurnIndex > 0 {
			j++
		}
		first := &t.Steps[i]
		// The number and its move stay on one line, as books print them.
		number := ""
		if first.Side == rules.White {
			number = strconv.Itoa(first.MoveNumber) + ". "
		} else if needNumber {
			number = strconv.Itoa(first.MoveNumber) + "... "
		}
		parts := make([]string, 0, j-i)
		for k := i; k < j; k++ {
			parts = append(parts, MoveInNotation(&t.Steps[k], n))
		}
		wr.token(number + strings.Join(parts, ","))
		needNumber = false
		last := &t.Steps[j-1]
		if sourceComments {
			src := make([]string, 0, j-i)
			for k := i; k < j; k++ {
				if t.Steps[k].Node != nil {
					src = append(src, t.Steps[k].Node.Text)
				}
			}
			wr.token("{" + strings.Join(src, ",") + "}")
			needNumber = true
		}
		// The comments and NAGs that follow the turn in the record.
		for k := last.Index + 1; k < len(g.Moves); k++ {
			nd := &g.Moves[k]
			if nd.Kind == record.KindMove || nd.Kind == record.KindMoveNumber || nd.Kind == record.KindVariation {
				break
			}
			switch nd.Kind {
			case record.KindComment:
				wr.token("{" + nd.Text + "}")
				needNumber = true
			case record.KindNAG:
				wr.token("$" + strconv.Itoa(nd.Number))
			}
		}
		i = j
	}
	var stopErr error
	switch {
	case t.Start == nil && t.Stop != nil:
		stopErr = &StopError{"the game could not be replayed: " + t.Stop.Message}
	case t.StopNode != nil:
		why := fmt.Sprintf("ply %d (%s) could not be played; the record goes on from there in PGN only", len(t.Steps)+1, t.StopNode.Text)
		wr.token("{" + why + "}")
		stopErr = &StopError{why}
	}
	res := g.Result
	if res == "" {
		res = "*"
	}
	wr.token(res)
	if _, err := w.Write(append(wr.b, '\n', '\n')); err != nil {
		return fmt.Errorf("writing %s notation: %w", n.Name(), err)
	}
	return stopErr
}

// ToSAN returns a copy of g whose main-line moves are in canonical SAN,
// from the replay's steps: for a record read in descriptive notation or another
// language's letters, before it is written as PGN. With sourceComments,
// each move is followed by a comment holding it as the record wrote it.
// Moves after the replay stopped, and variations, are kept as written.
func ToSAN(g *record.Game, t *replay.Played, sourceComments bool) *record.Game {
	out := *g
	out.Moves = make([]record.Node, 0, len(g.Moves)+len(t.Steps))
	step := 0
	for i := range g.Moves {
		nd := g.Moves[i]
		if step < len(t.Steps) && t.Steps[step].Index == i {
			st := &t.Steps[step]
			step++
			m, err := grammar.ParseMove(st.SAN)
			if err == nil {
				m.Joined = nd.Move != nil && nd.Move.Joined
				if nd.Move != nil {
					m.Glyph = nd.Move.Glyph
				}
				mp := new(record.Move)
				*mp = m
				src := nd.Text
				nd.Move, nd.Text = mp, st.SAN
				out.Moves = append(out.Moves, nd)
				if sourceComments {
					out.Moves = append(out.Moves, record.Node{Kind: record.KindComment, Pos: nd.Pos, Text: src})
				}
				continue
			}
		}
		out.Moves = append(out.Moves, nd)
	}
	return &out
}
