package fenlist

import (
	"fmt"
	"io"
	"strconv"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

func init() {
	formats.Register(formats.RecordFormat{Name: "fen", Order: formats.OrderFEN, Rendering: rendering})
}

// Row is one line of a FEN list: the position after a ply.
type Row struct {
	Ply  int    // 1-based; 0 for the start position
	Move string // canonical SAN of the ply; "-" for the start position
	FEN  string // the position after the ply
}

// Write writes the position list that search tools want: one line per
// ply, tab-separated `game ply move fen`, the start position first as ply
// 0 with move "-". The game number makes every line stand alone, so the
// output can be grepped, sorted and joined without losing which game a
// position belongs to.
func Write(w io.Writer, game int, rows []Row) error {
	var b []byte
	for _, r := range rows {
		b = appendLineStart(b, game, r.Ply, r.Move)
		b = append(b, r.FEN...)
		b = append(b, '\n')
	}
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("writing FEN list: %w", err)
	}
	return nil
}

// appendLineStart appends what comes before the FEN on a line of the
// list: `game ply move `, tab-separated ("-" for no move).
func appendLineStart(b []byte, game, ply int, move string) []byte {
	var num [24]byte
	return appendLineAfter(b, gameField(&num, game), ply, move)
}

// gameField is the game number and its tab, the start of each of its
// lines, written in num: written once a game, not once a line.
func gameField(num *[24]byte, game int) []byte {
	return append(strconv.AppendInt(num[:0], int64(game), 10), '\t')
}

// appendLineAfter is appendLineStart with the game's field written
// (gameField).
func appendLineAfter(b, game []byte, ply int, move string) []byte {
	if move == "" {
		move = "-"
	}
	b = append(b, game...)
	b = strconv.AppendInt(b, int64(ply), 10)
	b = append(b, '\t')
	b = append(b, move...)
	return append(b, '\t')
}

// rendering writes one line per position (Write's lines).
var rendering = &formats.Rendering{
	NewRenderer: func(formats.WriteOptions) formats.GameRenderer { return &renderer{} },
	NewJoiner:   formats.ConcatJoiners("FEN list"),
}

// renderer writes a line per position; b and n are the game being
// rendered, started once its start position is written.
type renderer struct {
	b       []byte
	n       int
	started bool
	fen     rules.FENWriter
}

// appendRows appends the lines of pl's positions: the start, when start
// says so (the game's, not a later part's), and the position after each
// step.
func appendRows(b []byte, n int, pl *replay.Played, start bool, fen *rules.FENWriter) []byte {
	var num [24]byte
	game := gameField(&num, n)
	if start {
		b = appendLineAfter(b, game, 0, "-")
		b = append(fen.Append(b, pl.Start), '\n')
	}
	var headBuf [48]byte
	head := newLineHead(headBuf[:0], game, pl.PliesBefore)
	// The SANs in order, each from where the one before ends
	// (Played.SANEnd).
	sans, from := pl.SANs(), 0
	// The positions in order, each step played once on a copy of the
	// start (Played.PlayStep).
	pos := *pl.Start
	for i := range pl.Len() {
		pl.PlayStep(&pos, i)
		head = head.next()
		b = append(b, head.b...)
		if end := pl.SANEnd(i); end > from {
			b = append(b, sans[from:end]...)
			from = end
		} else {
			b = append(b, '-')
		}
		b = append(b, '\t')
		b = append(fen.Append(b, &pos), '\n')
	}
	return b
}

// lineHead is what starts a line of the list before its move, the
// game's field and the ply's (`game\tply\t`, appendLineAfter), kept
// from line to line with the ply counted up in its digits (next) rather
// than formatted again at each.
type lineHead struct {
	b []byte
	// digits is where the ply's digits start in b.
	digits int
}

// newLineHead is the head of the line of ply in the game whose field is
// game, written after buf.
func newLineHead(buf, game []byte, ply int) lineHead {
	b := append(buf, game...)
	return lineHead{b: append(strconv.AppendInt(b, int64(ply), 10), '\t'), digits: len(b)}
}

// next is the head of the next ply's line, written over h's: the ply's
// last digit counted up, a 9 made 0 with a carry, and a digit more when
// all were 9. (A value, not a pointer: h's bytes stay where the caller
// made them, not moved to the heap.)
func (h lineHead) next() lineHead {
	b := h.b
	i := len(b) - 2
	for i >= h.digits && b[i] == '9' {
		b[i] = '0'
		i--
	}
	if i >= h.digits {
		b[i]++
		return h
	}
	// All were 9 and are now 0: a 1 in front, which is one 0 more.
	b[h.digits] = '1'
	h.b = append(b[:len(b)-1], '0', '\t')
	return h
}

// Begin, Part and End write the positions of a game, a part at a time: a
// game the reader could not read, or whose start could not be set up, has
// none.
func (f *renderer) Begin(dst []byte, _ *record.Game, n int) {
	f.b, f.n, f.started = dst, n, false
}

func (f *renderer) Part(_ []record.Node, pl *replay.Played) {
	if pl.Start != nil {
		f.b = appendRows(f.b, f.n, pl, !f.started, &f.fen)
		f.started = true
	}
}

func (f *renderer) Take(min int) []byte {
	if len(f.b) < min || len(f.b) == 0 {
		return nil
	}
	b := f.b
	f.b = b[:0]
	return b
}

func (f *renderer) End(g *record.Game, _ int, res *replay.Result) ([]byte, error) {
	if g.Unreadable() == nil {
		f.Part(g.Moves, res.Played)
	}
	b := f.b
	f.b = nil
	return b, nil
}
