package steptext

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"

	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// appendTagsAsRead appends the tags in their order (PGN-escaped), and the
// blank line after them.
func appendTagsAsRead(b []byte, tags []record.Tag) []byte {
	for i := range tags {
		b = pgn.AppendTag(b, &tags[i])
	}
	return append(b, '\n')
}

// Wrapper writes tokens separated by spaces in lines of at most 79
// columns, after B.
type Wrapper struct {
	B   []byte
	col int
}

// space starts a token of n bytes, to be written after B: a space before
// it, or a new line when it would pass column 79.
func (wr *Wrapper) space(n int) {
	if wr.col > 0 && wr.col+1+n > 79 {
		wr.B = append(wr.B, '\n')
		wr.col = 0
	} else if wr.col > 0 {
		wr.B = append(wr.B, ' ')
		wr.col++
	}
	wr.col += n
}

// Spaced4 ends the tokens of four bytes written after B[at:], each after
// a space (five bytes a token), as Token would have written them: the
// space before the text's first token dropped, and each space before a
// token that would pass column 79 made a new line. A writer of many such
// tokens appends them in a loop of its own, with no column to keep.
func (wr *Wrapper) Spaced4(at int) {
	b := wr.B
	if at >= len(b) {
		return
	}
	c := wr.col
	if c == 0 {
		// No space before the text's first token.
		b = append(b[:at], b[at+1:]...)
		wr.B = b
		c, at = 4, at+4
	}
	// The tokens that fit on the line stay on it; each line after holds
	// sixteen (the first at columns 1 to 4, the last at 76 to 79). A
	// line already past 79 takes none.
	nl := at + 5*max(0, (79-c)/5)
	if nl >= len(b) {
		wr.col = c + len(b) - at
		return
	}
	for ; nl < len(b); nl += 16 * 5 {
		b[nl] = '\n'
	}
	wr.col = len(b) - (nl - 16*5) - 1
}

// Word writes a token of n bytes, 1 to 7, the first in the low byte of w,
// as Token would after the text's first token (Spaced): with the space
// or new line before it, as one word of eight bytes stored whole (the
// bytes past the token are cut). B must have room for eight bytes past
// its end (Room).
func (wr *Wrapper) Word(w uint64, n int) {
	at := len(wr.B)
	w, wr.col = spaceWord(wr.col, w, n)
	b := wr.B[:at+1+n]
	binary.LittleEndian.PutUint64(b[at:at+8], w)
	wr.B = b
}

// spaceWord is the token of n bytes in w after the space or new line
// before it, written at column col, and the column after it (Word).
func spaceWord(col int, w uint64, n int) (uint64, int) {
	if c := col + 1 + n; c <= 79 {
		return w<<8 | ' ', c
	}
	return w<<8 | '\n', n
}

// Run starts a run of tokens written as words (PutWord), kept by a writer
// of many in registers rather than in the Wrapper: the room past B, at
// least n bytes, and the column. EndRun ends it. The text must have a
// token (Spaced).
func (wr *Wrapper) Run(n int) (out []byte, col int) {
	if cap(wr.B)-len(wr.B) < n {
		wr.B = slices.Grow(wr.B, n)
	}
	return wr.B[len(wr.B):cap(wr.B)], wr.col
}

// EndRun ends a run Run started: out is the room it gave and at the end
// of what was written there (PutWord), col the column.
func (wr *Wrapper) EndRun(out []byte, at, col int) {
	wr.B, wr.col = wr.B[:cap(wr.B)-len(out)+at], col
}

// PutWord is Word in a run (Run): the token of n bytes, 1 to 7, in w,
// stored with the space or new line before it as one word at out[at:],
// which must hold eight bytes; it returns where the token ends and the
// column. (An offset into the room rather than the room cut after each
// token: a cut is a bounds test and its pointer's mask.)
func PutWord(out []byte, at, col int, w uint64, n int) (int, int) {
	w, col = spaceWord(col, w, n)
	binary.LittleEndian.PutUint64(out[at:at+8], w)
	return at + 1 + n, col
}

// Spaced reports whether the text has a token: one written after it
// starts with a space or a new line (Word).
func (wr *Wrapper) Spaced() bool { return wr.col > 0 }

// Room makes room for n bytes past the end of B.
func (wr *Wrapper) Room(n int) { wr.B = slices.Grow(wr.B, n) }

// Open starts a token written straight after B, which Close ends: a
// space before it, made a new line by Close when the token would pass
// column 79. A token so written is not built first and copied.
func (wr *Wrapper) Open() int {
	if wr.col > 0 {
		wr.B = append(wr.B, ' ')
	}
	return len(wr.B)
}

// Close ends the token written after B since Open returned at.
func (wr *Wrapper) Close(at int) {
	n := len(wr.B) - at
	switch {
	case wr.col == 0:
		wr.col = n
	case wr.col+1+n > 79:
		wr.B[at-1] = '\n'
		wr.col = n
	default:
		wr.col += 1 + n
	}
}

// Token writes the token s.
func (wr *Wrapper) Token(s string) {
	wr.space(len(s))
	wr.B = append(wr.B, s...)
}

// Turn writes one turn, steps i to j-1 of the replay being written (a move
// and the moves of a compound turn joined to it), with wr.
type Turn func(wr *Wrapper, i, j int)

// Write writes a game from its replay's steps: its tags, then the main
// line turn by turn (turn writes one, steps i to j-1 of t, the game's
// first when i is 0 and t.PliesBefore too), then, when the replay stopped
// before the end, a comment that says where the record could not be
// followed, and the result. what names the notation in an error writing
// to w. The error returned says that it stopped (notation.StopError),
// after the game was written.
func Write(w io.Writer, g *record.Game, t *replay.Played, what string, turn Turn) error {
	wr := &Wrapper{B: appendTagsAsRead(nil, g.Tags)}
	Turns(wr, t, turn)
	b, stopErr := endSteps(wr, g, t)
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("writing %s: %w", what, err)
	}
	return stopErr
}

// Turns writes the turns of t's steps with wr: turn writes one, steps i
// to j-1 of t.
func Turns(wr *Wrapper, t *replay.Played, turn Turn) {
	for i := 0; i < t.Len(); {
		j := TurnEnd(t, i)
		turn(wr, i, j)
		i = j
	}
}

// TurnEnd is the end of the turn that starts at step i of t: the first
// step after i that starts a turn, or t.Len().
func TurnEnd(t *replay.Played, i int) int {
	j := i + 1
	for j < t.Len() && t.TurnIndex(j) > 0 {
		j++
	}
	return j
}

// Game is a game written from its replay's steps (Write) as it is
// rendered, a part at a time (formats.GameRenderer): its text so far, in
// W, with the line wrapping kept from part to part, after start bytes
// that were there before.
type Game struct {
	W     Wrapper
	start int
}

// Begin starts the game's text after dst with its tags.
func (s *Game) Begin(dst []byte, g *record.Game) {
	s.start = len(dst)
	s.W = Wrapper{B: appendTagsAsRead(dst, g.Tags)}
}

// Take is formats.GameRenderer's: the text so far, when it holds min
// bytes.
func (s *Game) Take(min int) []byte {
	if len(s.W.B) < min || len(s.W.B) == 0 {
		return nil
	}
	b := s.W.B
	s.W.B, s.start = b[:0], 0
	return b
}

// End returns the rest of the game's text, ended (the stop and the
// result; t is what was played of the last part), or without the game
// when written is false (a game that is not written).
func (s *Game) End(g *record.Game, t *replay.Played, written bool) []byte {
	b := s.W.B[:s.start]
	if written {
		// A stopped game is written up to the stop, with a comment (the
		// caller reports the replay's finding): not an error here.
		b, _ = endSteps(&s.W, g, t)
	}
	s.W = Wrapper{}
	return b
}

// endSteps ends what Write writes: the stop and the result.
func endSteps(wr *Wrapper, g *record.Game, t *replay.Played) ([]byte, error) {
	var stopErr error
	if why, comment := notation.StopReason(t); why != "" {
		if comment {
			wr.Token("{" + why + "}")
		}
		stopErr = &notation.StopError{Why: why}
	}
	res := g.Result
	if res == "" {
		res = "*"
	}
	wr.Token(res)
	return append(wr.B, '\n', '\n'), stopErr
}
