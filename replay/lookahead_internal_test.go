package replay

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/rules"
)

// TestReachBudgetCountsMoves: the look-ahead's budget is spent on the
// moves it tries, not on the numbers, comments and NAGs of the line, so
// that a line read for the walk alone (plies: moves only) is looked into
// exactly as far as its record.
func TestReachBudgetCountsMoves(t *testing.T) {
	const moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6"
	read := func(text string) []record.Node {
		t.Helper()
		g, err := grammar.NewReader(strings.NewReader(text+" *\n"), "case.pgn").Next()
		if err != nil || g.SyntaxError() != nil {
			t.Fatalf("%q: %v %v", text, err, g.SyntaxError())
		}
		return g.Moves
	}
	bare := read(moves)
	annotated := read(strings.NewReplacer(" e5", " {a comment} e5 $1", " Nc6", " {another} Nc6").Replace(moves))
	if len(annotated) <= len(bare) {
		t.Fatalf("the annotated line has %d nodes, the bare one %d", len(annotated), len(bare))
	}
	var onlyMoves []record.Node
	for _, n := range bare {
		if n.Kind == record.KindMove {
			onlyMoves = append(onlyMoves, n)
		}
	}
	fide, err := rules.Lookup("fide")
	if err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int{1, 3, 5, 8, 13, 100} {
		var got []int
		for _, nodes := range [][]record.Node{onlyMoves, bare, annotated} {
			b := budget
			read, all := reach(rules.NewPosition(&fide.Settings), nodes, lookAheadPlies, &b)
			if !all {
				t.Fatalf("budget %d: the line is not read to its end or the budget's (%d read)", budget, read)
			}
			got = append(got, read)
		}
		if want := min(budget, len(onlyMoves)); got[0] != want || got[1] != want || got[2] != want {
			t.Errorf("budget %d: %v moves read over the moves alone, the record and the annotated record; want %d each", budget, got, want)
		}
	}
}
