package replay

import (
	"reflect"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/ruleid"
)

// TestRunStopsBeforeAPartsEnd: in a line that is not plain, a run of
// turns (runEndOf) stops before the last move of a main-line part, as
// before the last move ahead of a variation, so that the line's loop
// plays that move's turn and keeps the position before it: a variation
// that stands first in the next part is replayed from there. The main line
// is cut after each of its nodes in turn; the findings are those of the
// game walked whole, the variation's illegal move among them.
func TestRunStopsBeforeAPartsEnd(t *testing.T) {
	const text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. Ke3) 4. Ba4 Nf6 (4... Kd5) 5. O-O *\n"
	gs, err := grammar.ReadAll(strings.NewReader(text), "case.pgn")
	if err != nil || len(gs) != 1 || gs[0].MainPlain {
		t.Fatalf("read: %v, %d games", err, len(gs))
	}
	g := gs[0]
	rp := New(Config{Variations: true})
	whole := rp.Game(g, "case.pgn", 1).Findings
	illegal := 0
	for _, f := range whole {
		if f.Rule == ruleid.IllegalMove {
			illegal++
		}
	}
	if illegal != 2 {
		t.Fatalf("walked whole: %d illegal moves, want the variations' 2: %+v", illegal, whole)
	}
	for cut := 1; cut < len(g.Moves); cut++ {
		p := rp.beginParts(g, "case.pgn", 1)
		p.Part(g.Moves[:cut])
		got := p.End(g.Moves[cut:]).Findings
		if !reflect.DeepEqual(got, whole) {
			t.Errorf("cut before node %d: findings %+v, want %+v", cut, got, whole)
		}
	}
}
