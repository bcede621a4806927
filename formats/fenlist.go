package formats

import (
	"fmt"
	"io"
	"strconv"
)

// FENRow is one line of a FEN list: the position after a ply.
type FENRow struct {
	Ply  int    // 1-based; 0 for the start position
	Move string // canonical SAN of the ply; "-" for the start position
	FEN  string // the position after the ply
}

// WriteFENList writes the position list that search tools want: one line
// per ply, tab-separated `game ply move fen`, the start position first as
// ply 0 with move "-". The game number makes every line stand alone, so the
// output can be grepped, sorted and joined without losing which game a
// position belongs to.
func WriteFENList(w io.Writer, game int, rows []FENRow) error {
	var b []byte
	for _, r := range rows {
		b = appendFENLineStart(b, game, r.Ply, r.Move)
		b = append(b, r.FEN...)
		b = append(b, '\n')
	}
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("writing FEN list: %w", err)
	}
	return nil
}

// appendFENLineStart appends what comes before the FEN on a line of the
// list: `game ply move `, tab-separated ("-" for no move).
func appendFENLineStart(b []byte, game, ply int, move string) []byte {
	if move == "" {
		move = "-"
	}
	b = strconv.AppendInt(b, int64(game), 10)
	b = append(b, '\t')
	b = strconv.AppendInt(b, int64(ply), 10)
	b = append(b, '\t')
	b = append(b, move...)
	return append(b, '\t')
}
