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

	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// appendTagsAsRead appends the tags in their order (appendTag:
// PGN-escaped), and the blank line after them.
func appendTagsAsRead(b []byte, tags []record.Tag) []byte {
	for i := range tags {
		b = pgn.AppendTag(b, &tags[i])
	}
	return append(b, '\n')
}

// wrapper writes tokens separated by spaces in lines of at most 79 columns.
type wrapper struct {
	b   []byte
	col int
}

// space starts a token of n bytes: a space before it, or a new line when
// it would pass column 79.
func (wr *wrapper) space(n int) {
	if wr.col > 0 && wr.col+1+n > 79 {
		wr.b = append(wr.b, '\n')
		wr.col = 0
	} else if wr.col > 0 {
		wr.b = append(wr.b, ' ')
		wr.col++
	}
	wr.col += n
}

func (wr *wrapper) token(s string) {
	wr.space(len(s))
	wr.b = append(wr.b, s...)
}

// tokenBytes is token for a token built in scratch space.
func (wr *wrapper) tokenBytes(s []byte) {
	wr.space(len(s))
	wr.b = append(wr.b, s...)
}

// WriteCoordGame writes a game's tags and its main line as played in LAN
// (uci false) or UCI. When the replay stopped before the end (a move that
// is not legal), the moves up to it are written, then a comment that says
// where the record could not be followed; the error returned says so too,
// after the game was written.
func WriteCoordGame(w io.Writer, g *record.Game, t *replay.Played, uci bool) error {
	c := coordRenderer{uci: uci, played: t}
	return writeSteps(w, g, t, "coordinates", c.turn)
}

// turn writes one turn, steps i to j-1 of c.played, in LAN or UCI
// (writeSteps), built in the writer's scratch buffer. UCI needs only the
// moves, which it reads without writing the steps out (Played.Move).
func (c *coordRenderer) turn(wr *wrapper, i, j int) {
	t := c.played
	tok := c.tok[:0]
	if !c.uci {
		if st := t.Step(i); st.Side == rules.White {
			tok = strconv.AppendInt(tok, int64(st.MoveNumber), 10)
			wr.tokenBytes(append(tok, '.'))
		} else if i == 0 && t.PliesBefore == 0 {
			tok = strconv.AppendInt(tok, int64(st.MoveNumber), 10)
			wr.tokenBytes(append(tok, "..."...))
		}
	}
	tok = tok[:0]
	for k := i; k < j; k++ {
		if k > i {
			tok = append(tok, ',')
		}
		if c.uci {
			tok = notation.AppendUCI(tok, t.Move(k))
			continue
		}
		st := t.Step(k)
		tok = notation.AppendLAN(tok, t.BeforeView(k), st.Move)
		if st.Mate {
			tok = append(tok, '#')
		} else if st.Check {
			tok = append(tok, '+')
		}
	}
	wr.tokenBytes(tok)
	c.tok = tok
}

// writeSteps writes a game from its replay's steps (the writers of LAN,
// UCI and the books' notations): appendSteps, then the bytes to w; what
// names the notation in an error writing to w.
func writeSteps(w io.Writer, g *record.Game, t *replay.Played, what string, turn func(wr *wrapper, i, j int)) error {
	b, stopErr := appendSteps(nil, g, t, turn)
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("writing %s: %w", what, err)
	}
	return stopErr
}

// appendSteps appends a game written from its replay's steps to b: the
// tags, then the main line turn by turn (a turn is a move and the moves of
// a compound turn joined to it; turn writes one, steps i to j-1 of t, the
// game's first when i is 0 and t.PliesBefore too), then, when the replay
// stopped before the end, a comment that says where the record could not
// be followed, and the result. The error returned says that it stopped (StopError), after the game was written.
func appendSteps(b []byte, g *record.Game, t *replay.Played, turn func(wr *wrapper, i, j int)) ([]byte, error) {
	wr := &wrapper{b: appendTagsAsRead(b, g.Tags)}
	stepTurns(wr, t, turn)
	return endSteps(wr, g, t)
}

// stepTurns writes the turns of t's steps (appendSteps): turn writes one,
// steps i to j-1 of t.
func stepTurns(wr *wrapper, t *replay.Played, turn func(wr *wrapper, i, j int)) {
	for i := 0; i < t.Len(); {
		j := i + 1
		for j < t.Len() && t.TurnIndex(j) > 0 {
			j++
		}
		turn(wr, i, j)
		i = j
	}
}

// stepsWriter is a game written from its replay's steps (appendSteps) as
// it is rendered, a part at a time (GameRenderer: LAN, UCI, the books'
// notations): its text so far, with the line wrapping kept from part to
// part, after start bytes that were there before.
type stepsWriter struct {
	wr    wrapper
	start int
}

// begin starts the game's text after dst with its tags.
func (s *stepsWriter) begin(dst []byte, g *record.Game) {
	s.start = len(dst)
	s.wr = wrapper{b: appendTagsAsRead(dst, g.Tags)}
}

// Take is GameRenderer's: the text so far, when it holds min bytes.
func (s *stepsWriter) Take(min int) []byte {
	if len(s.wr.b) < min || len(s.wr.b) == 0 {
		return nil
	}
	b := s.wr.b
	s.wr.b, s.start = b[:0], 0
	return b
}

// end returns the rest of the game's text, ended (endSteps; t is what was
// played of the last part), or without the game when written is false
// (a game that is not written).
func (s *stepsWriter) end(g *record.Game, t *replay.Played, written bool) []byte {
	b := s.wr.b[:s.start]
	if written {
		// A stopped game is written up to the stop, with a comment (the
		// caller reports the replay's finding): not an error here.
		b, _ = endSteps(&s.wr, g, t)
	}
	s.wr = wrapper{}
	return b
}

// endSteps ends what appendSteps writes: the stop and the result.
func endSteps(wr *wrapper, g *record.Game, t *replay.Played) ([]byte, error) {
	var stopErr error
	if why, comment := notation.StopReason(t); why != "" {
		if comment {
			wr.token("{" + why + "}")
		}
		stopErr = &StopError{why}
	}
	res := g.Result
	if res == "" {
		res = "*"
	}
	wr.token(res)
	return append(wr.b, '\n', '\n'), stopErr
}

// StopError says that a game was written only in part: its main line
// could not be followed to the end. The part before is written.
type StopError struct{ Why string }

func (e *StopError) Error() string { return e.Why }
