package notation

// Moves with their numbers, one a line (diff's modes a and c,
// docs/cli.md): `12. Nf3` or `12... Nc6`, so that a unified diff of the
// lines shows which moves differ however the PGN was wrapped. The diff
// itself is textdiff's.

import (
	"fmt"
)

// NumberedMoves writes moves with their numbers, one per entry: "1. e4",
// "1... e5". sides[i] is true for a black move; numbers[i] its number;
// joined[i] marks a later move of a compound turn, which gets the number of
// its turn with a comma ("1. ,Nf3") so that the lines stay unique.
func NumberedMoves(moves []string, numbers []int, black, joined []bool) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		dots := "."
		if black[i] {
			dots = "..."
		}
		sep := " "
		if joined[i] {
			sep = " ,"
		}
		out[i] = fmt.Sprintf("%d%s%s%s", numbers[i], dots, sep, m)
	}
	return out
}
