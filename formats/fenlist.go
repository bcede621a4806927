package formats

import (
	"fmt"
	"io"
	"strings"
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
	var b strings.Builder
	for _, r := range rows {
		move := r.Move
		if move == "" {
			move = "-"
		}
		fmt.Fprintf(&b, "%d\t%d\t%s\t%s\n", game, r.Ply, move, r.FEN)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing FEN list: %w", err)
	}
	return nil
}
