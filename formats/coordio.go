package formats

// Writing whole games in LAN and UCI: the tags as in PGN, then the main
// line in coordinates (docs/convert.md). LAN keeps move numbers
// (`1. e2-e3,Ng1-f3 e7-e6`); UCI writes the moves alone, as engines and
// pgn-extract's -Wuci do. Compound turns stay joined by commas in both, so
// that the turns can be read back. Reading them is the grammar's job, like
// reading PGN (grammar.Reader.SetNotation; SANRecord turns what replay
// played back into SAN).

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// writeTags writes the tags in their order, PGN-escaped.
func writeTags(b *strings.Builder, tags []record.Tag) {
	for _, t := range tags {
		v := strings.ReplaceAll(t.Value, `\`, `\\`)
		v = strings.ReplaceAll(v, `"`, `\"`)
		fmt.Fprintf(b, "[%s \"%s\"]\n", t.Name, v)
	}
	b.WriteString("\n")
}

// wrapper writes tokens separated by spaces in lines of at most 79 columns.
type wrapper struct {
	b   *strings.Builder
	col int
}

func (wr *wrapper) token(s string) {
	if wr.col > 0 && wr.col+1+len(s) > 79 {
		wr.b.WriteByte('\n')
		wr.col = 0
	} else if wr.col > 0 {
		wr.b.WriteByte(' ')
		wr.col++
	}
	wr.b.WriteString(s)
	wr.col += len(s)
}

// WriteCoordGame writes a game's tags and its main line as played in LAN
// (uci false) or UCI. When the replay stopped before the end (a move that
// is not legal), the moves up to it are written, then a comment that says
// where the record could not be followed; the error returned says so too,
// after the game was written.
func WriteCoordGame(w io.Writer, g *record.Game, t *replay.Played, uci bool) error {
	return writeSteps(w, g, t, "coordinates", func(wr *wrapper, turn []replay.Step, first bool) {
		if !uci {
			if turn[0].Side == rules.White {
				wr.token(strconv.Itoa(turn[0].MoveNumber) + ".")
			} else if first {
				wr.token(strconv.Itoa(turn[0].MoveNumber) + "...")
			}
		}
		parts := make([]string, 0, len(turn))
		for k := range turn {
			st := &turn[k]
			if uci {
				parts = append(parts, UCI(st.Move))
				continue
			}
			check := ""
			if st.Mate {
				check = "#"
			} else if st.Check {
				check = "+"
			}
			parts = append(parts, LAN(t.Before(st.Ply-1), st.Move, check))
		}
		wr.token(strings.Join(parts, ","))
	})
}

// writeSteps writes a game from its replay's steps (the writers of LAN,
// UCI and the books' notations): the tags, then the main line turn by turn
// (a turn is a move and the moves of a compound turn joined to it; turn
// writes one, first says it is the first), then, when the replay stopped
// before the end, a comment that says where the record could not be
// followed, and the result. The error returned says that it stopped
// (StopError), after the game was written; what names the notation in an
// error writing to w.
func writeSteps(w io.Writer, g *record.Game, t *replay.Played, what string, turn func(wr *wrapper, turn []replay.Step, first bool)) error {
	var b strings.Builder
	writeTags(&b, g.Tags)
	wr := &wrapper{b: &b}
	for i := 0; i < len(t.Steps); {
		j := i + 1
		for j < len(t.Steps) && t.Steps[j].TurnIndex > 0 {
			j++
		}
		turn(wr, t.Steps[i:j], i == 0)
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
	b.WriteString("\n\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing %s: %w", what, err)
	}
	return stopErr
}

// StopError says that a game was written only in part: its main line
// could not be followed to the end. The part before is written.
type StopError struct{ Why string }

func (e *StopError) Error() string { return e.Why }
