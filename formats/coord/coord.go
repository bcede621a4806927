package coord

import (
	"encoding/binary"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/formats/internal/steptext"
	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

func init() {
	formats.Register(formats.RecordFormat{Name: "lan", Order: formats.OrderLAN, Extensions: []string{".lan"}, Notation: record.LAN, Text: true, Sniff: sniffLAN, Read: pgn.TextReader(record.LAN), Rendering: rendering(false), MovesOnly: true, Kinds: true})
	formats.Register(formats.RecordFormat{Name: "uci", Order: formats.OrderUCI, Extensions: []string{".uci"}, Notation: record.UCI, Text: true, Sniff: sniffUCI, Read: pgn.TextReader(record.UCI), Rendering: rendering(true), MovesOnly: true})
}

// WriteGame writes a game's tags and its main line as played in LAN (uci
// false) or UCI. When the replay stopped before the end (a move that is
// not legal), the moves up to it are written, then a comment that says
// where the record could not be followed; the error returned says so too
// (a *notation.StopError), after the game was written.
func WriteGame(w io.Writer, g *record.Game, t *replay.Played, uci bool) error {
	c := renderer{uci: uci, played: t}
	return steptext.Write(w, g, t, "coordinates", c.turn)
}

// rendering writes LAN (uci false) or UCI.
func rendering(uci bool) *formats.Rendering {
	return &formats.Rendering{
		NewRenderer: func(formats.WriteOptions) formats.GameRenderer { return &renderer{uci: uci} },
		NewJoiner:   formats.ConcatJoiners("coordinates"),
	}
}

// renderer renders a game in LAN (uci false) or UCI.
type renderer struct {
	uci bool
	// played is the part being written (its positions, for LAN).
	played *replay.Played
	// The game being written, a part at a time.
	steptext.Game
}

// Begin, Part and End write the game's tags, turns and end
// (steptext.Write), with the line wrapping kept from part to part.
func (c *renderer) Begin(dst []byte, g *record.Game, _ int) {
	c.Game.Begin(dst, g)
}

// Part writes the part's turns as steptext.Turns does, with its writer
// called directly rather than as a function value (a call a ply), all at
// once.
func (c *renderer) Part(_ []record.Node, pl *replay.Played) {
	c.played = pl
	if c.uci {
		uciTurns(&c.W, pl, 0, pl.Len())
		return
	}
	lanTurns(&c.W, pl, 0, pl.Len())
}

// End: a game the reader could not read is not written. A stopped game is
// written up to the stop, with a comment; the replay's finding says why
// (the caller reports it): its StopError is not an error here.
func (c *renderer) End(g *record.Game, _ int, res *replay.Result) ([]byte, error) {
	if g.Unreadable() != nil {
		return c.Game.End(g, nil, false), nil
	}
	c.Part(g.Moves, res.Played)
	return c.Game.End(g, res.Played, true), nil
}

// turn writes turns, steps i to j-1 of c.played (i the start of a turn),
// in LAN or UCI, straight into the text. Neither writes the steps out
// (Played.Step, a string and a node's address among the rest): they read
// the fields they need.
func (c *renderer) turn(wr *steptext.Wrapper, i, j int) {
	if c.uci {
		uciTurns(wr, c.played, i, j)
	} else {
		lanTurns(wr, c.played, i, j)
	}
}

// lanNumbers are LAN's move numbers below 1000 as words, `12.` (the
// first byte in the low one), their lengths in the top byte: read at
// every turn of White rather than formatted (Wrapper.Word). Made when
// LAN is first written, not by every command the program runs.
var lanNumbers = sync.OnceValue(func() *[1000]uint64 {
	var t [1000]uint64
	var b []byte
	for v := range t {
		b = append(strconv.AppendInt(b[:0], int64(v), 10), '.')
		for i, c := range b {
			t[v] |= uint64(c) << (8 * i)
		}
		t[v] |= uint64(len(b)) << 56
	}
	return &t
})

// lanTurns writes steps i to j-1 of t in LAN, i the start of a turn: each
// turn of White after its move number, a turn's moves joined by commas,
// the numbers and turns as the wrapper's tokens. A turn of one move
// that LAN writes in at most six bytes (notation.LANWordOf), nearly every
// one, is a word stored whole with its check mark (Wrapper.Word: after
// the text's first token, with room for the word made first). Such a
// move is the last of its turn (Moves.Word): the step after it, if any,
// starts the next turn, which need not be looked for. A run of such
// turns whose numbers are below 1000 is written by lanRun.
func lanTurns(wr *steptext.Wrapper, t *replay.Played, i, j int) {
	ms, numbers := t.Moves(i, j), lanNumbers()
	for k, n := 0, ms.Len(); k < n; {
		if wr.Spaced() {
			if k = lanRun(wr, t, ms, i, k, numbers); k == n {
				break
			}
		}
		s := i + k
		if ms.Side(k) == rules.White {
			if v := t.MoveNumber(s); uint(v) < uint(len(numbers)) && wr.Spaced() {
				if cap(wr.B)-len(wr.B) < 8 {
					wr.Room(16 * (n - k + 1))
				}
				w := numbers[v]
				wr.Word(w&(1<<56-1), int(w>>56))
			} else {
				at := wr.Open()
				wr.B = append(strconv.AppendInt(wr.B, int64(v), 10), '.')
				wr.Close(at)
			}
		} else if s == 0 && t.PliesBefore == 0 {
			at := wr.Open()
			wr.B = append(strconv.AppendInt(wr.B, int64(t.MoveNumber(s)), 10), "..."...)
			wr.Close(at)
		}
		if mw := ms.Word(k); mw&replay.WordKeepsTurn == 0 && wr.Spaced() {
			if w, l := notation.LANWordOf(t.Kind(s), mw); l > 0 {
				if c := ms.CheckMark(k); c != 0 {
					w, l = w|uint64(c)<<(8*l), l+1
				}
				if cap(wr.B)-len(wr.B) < 8 {
					wr.Room(8 * (n - k + 1))
				}
				wr.Word(w, l)
				k++
				continue
			}
		}
		end := k + 1
		for end < n && t.TurnIndex(i+end) > 0 {
			end++
		}
		at := wr.Open()
		for start := k; k < end; k++ {
			if k > start {
				wr.B = append(wr.B, ',')
			}
			wr.B = notation.AppendLANOf(wr.B, t.Kind(i+k), t.Move(i+k))
			if c := t.CheckMark(i + k); c != 0 {
				wr.B = append(wr.B, c)
			}
		}
		wr.Close(at)
	}
}

// lanRun writes what lanTurns would of the turns from step i+k of t on
// (ms: steps i to j-1) that are one move LAN writes as a word
// (notation.LANWordOf) with, for White's, a number below 1000, up to the
// first that is not: each token a word (steptext.PutWord) in room made
// first, the text and its column in registers. It returns the step it
// stopped at (ms.Len() at the end). The text must have a token
// (Wrapper.Spaced).
func lanRun(wr *steptext.Wrapper, t *replay.Played, ms replay.Moves, i, k int, numbers *[1000]uint64) int {
	n := ms.Len()
	// A turn is at most two tokens, each stored as eight bytes and
	// taking at most eight with the space before it.
	if k == n {
		return k
	}
	out, col := wr.Run(16*(n-k) + 16)
	// The move number: the run's turns are of one move each, and the
	// number goes up after each of Black's (Played.MoveNumber), read once
	// rather than from the steps' blocks at every turn.
	v := t.MoveNumber(i + k)
	at := 0
	for k < n && len(out)-at >= 16 {
		mw := ms.Word(k)
		if mw&replay.WordKeepsTurn != 0 {
			break
		}
		kind, ok := ms.Kind(k)
		if !ok {
			break // not kept: Played.Kind plays the positions (lanTurns)
		}
		w, l := notation.LANWordOf(kind, mw)
		if l == 0 {
			break
		}
		if mw&replay.WordBlack == 0 {
			if uint(v) >= uint(len(numbers)) {
				break
			}
			nw := numbers[v]
			at, col = steptext.PutWord(out, at, col, nw&(1<<56-1), int(nw>>56))
		} else if i+k == 0 && t.PliesBefore == 0 {
			break // the game's first move is Black's: `1...` (lanTurns)
		} else {
			v++
		}
		if c := replay.CheckMarkOf(mw); c != 0 {
			w, l = w|uint64(c)<<(8*l), l+1
		}
		at, col = steptext.PutWord(out, at, col, w, l)
		k++
	}
	wr.EndRun(out, at, col)
	return k
}

// uciTurns writes steps i to j-1 of t in UCI, i the start of a turn: a
// turn's moves joined by commas, the turns as the wrapper's tokens. A
// turn of one move that neither promotes nor converts, nearly every one,
// is a token of four bytes known before it is written
// (notation.SpacedUCI). Such a move is the last of its turn: the step
// after it, if any, starts the next turn, which need not be looked for.
// A run of such turns is appended a space and four bytes each (uciRun),
// and then wrapped (Wrapper.Spaced4), with no column kept at each. The
// text's first token is written as a turn of its own (below), so that
// no run starts with a space to drop: Spaced4 would move the whole run
// back a byte.
func uciTurns(wr *steptext.Wrapper, t *replay.Played, i, j int) {
	ms := t.Moves(i, j)
	for k, n := 0, ms.Len(); k < n; {
		if wr.Spaced() {
			at := len(wr.B)
			wr.B, k = uciRun(wr.B, ms, k)
			wr.Spaced4(at)
			if k == n {
				break
			}
		}
		end := k + 1
		for end < n && t.TurnIndex(i+end) > 0 {
			end++
		}
		at := wr.Open()
		for start := k; k < end; k++ {
			if k > start {
				wr.B = append(wr.B, ',')
			}
			m, _ := ms.At(k)
			wr.B = notation.AppendUCI(wr.B, *m)
		}
		wr.Close(at)
	}
}

// uciRun appends to b a space and the UCI of each move of ms from k on
// that is a turn of its own and plain (notation.SpacedUCI), up to the
// first that is not, and returns b and that move's index (ms.Len() at
// the end). Room for the run is made first: each move is one word stored
// whole, the next written over its last three bytes, with no growth
// tested at each.
func uciRun(b []byte, ms replay.Moves, k int) ([]byte, int) {
	// out is the room after the run so far, three bytes more than five
	// for each move left (the last word's three past its token): its
	// length, tested at each move, is the store's bounds test and the
	// loop's end.
	start, room := len(b), 5*(ms.Len()-k)+3
	if cap(b)-start < room {
		b = slices.Grow(b, room)
	}
	out := b[start : start+room]
	for len(out) >= 8 {
		w := ms.Word(k)
		if w&(notation.PlainUCIMask|replay.WordKeepsTurn) != notation.PlainUCIWord {
			break
		}
		binary.LittleEndian.PutUint64(out, notation.SpacedUCI(w))
		out = out[5:]
		k++
	}
	return b[:start+room-len(out)], k
}

// firstMove is the first move token of the movetext at the start of an
// input (after the tag lines, move numbers skipped; the first move of a
// compound turn), or "".
func firstMove(t []byte) string {
	for _, line := range strings.Split(string(t), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "[") {
			continue
		}
		for _, f := range strings.Fields(line) {
			if strings.HasSuffix(f, ".") {
				continue
			}
			return strings.Split(f, ",")[0]
		}
	}
	return ""
}

// sniffUCI: the first move is two squares and nothing of SAN or LAN (no
// piece letter, no hyphen, no x): `e2e4`, `e7e8q`, `c4g8/b1n`.
func sniffUCI(t []byte) bool {
	m, err := grammar.ParseMove(firstMove(t))
	return err == nil && m.Piece == 0 && m.Lenient&record.LenientLong != 0 &&
		m.Lenient&record.LenientHyphen == 0 && !m.Capture && m.Check == 0
}

// sniffLAN: the first move names its origin with LAN's hyphen, or is a
// king's leap with its origin: `Ng1-f3`, `e2-e4`, `K~e1-c2`.
func sniffLAN(t []byte) bool {
	m, err := grammar.ParseMove(firstMove(t))
	return err == nil && (m.Lenient&record.LenientHyphen != 0 || m.Leap && m.FromFile >= 0 && m.FromRank >= 0)
}
