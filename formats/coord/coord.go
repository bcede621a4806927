package coord

import (
	"io"
	"strconv"
	"strings"

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
	formats.Register(formats.RecordFormat{Name: "lan", Order: formats.OrderLAN, Extensions: []string{".lan"}, Notation: record.LAN, Text: true, Sniff: sniffLAN, Read: pgn.TextReader(record.LAN), Rendering: rendering(false), MovesOnly: true})
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

// renderer renders a game in LAN (uci false) or UCI (tok: a turn's moves,
// reused from turn to turn).
type renderer struct {
	uci bool
	tok []byte
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

func (c *renderer) Part(_ []record.Node, pl *replay.Played) {
	c.played = pl
	steptext.Turns(&c.W, pl, c.turn)
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

// turn writes one turn, steps i to j-1 of c.played, in LAN or UCI,
// built in the renderer's scratch buffer. UCI needs only the moves, which
// it reads without writing the steps out (Played.Move).
func (c *renderer) turn(wr *steptext.Wrapper, i, j int) {
	t := c.played
	tok := c.tok[:0]
	if !c.uci {
		if st := t.Step(i); st.Side == rules.White {
			tok = strconv.AppendInt(tok, int64(st.MoveNumber), 10)
			wr.TokenBytes(append(tok, '.'))
		} else if i == 0 && t.PliesBefore == 0 {
			tok = strconv.AppendInt(tok, int64(st.MoveNumber), 10)
			wr.TokenBytes(append(tok, "..."...))
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
	wr.TokenBytes(tok)
	c.tok = tok
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
