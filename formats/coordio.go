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
	var b strings.Builder
	writeTags(&b, g.Tags)
	wr := &wrapper{b: &b}
	for i := 0; i < len(t.Steps); {
		j := i + 1
		for j < len(t.Steps) && t.Steps[j].TurnIndex > 0 {
			j++
		}
		first := &t.Steps[i]
		if !uci {
			if first.Side == rules.White {
				wr.token(strconv.Itoa(first.MoveNumber) + ".")
			} else if i == 0 {
				wr.token(strconv.Itoa(first.MoveNumber) + "...")
			}
		}
		parts := make([]string, 0, j-i)
		for k := i; k < j; k++ {
			st := &t.Steps[k]
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
			parts = append(parts, LAN(t.Before(k), st.Move, check))
		}
		wr.token(strings.Join(parts, ","))
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
		return fmt.Errorf("writing coordinates: %w", err)
	}
	return stopErr
}

// StopError says that a game was written only in part: its main line
// could not be followed to the end. The part before is written.
type StopError struct{ Why string }

func (e *StopError) Error() string { return e.Why }
