package replay

import (
	"errors"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// TestMainLineExtras: what the walk does with a main-line move besides
// playing it (line.extras) is done for every move of the main line and
// for none of a variation: the moves' text (Config.Moves) and the
// descriptive trail (trace); the moves' text with and without the steps.
func TestMainLineExtras(t *testing.T) {
	read := func(n record.Notation, moves string) *record.Game {
		t.Helper()
		r := grammar.NewReader(strings.NewReader(moves+" *\n"), "case.pgn")
		r.SetNotation(n)
		g, err := r.Next()
		if err == nil && g.SyntaxError() != nil {
			err = errors.New(g.SyntaxError().Message)
		}
		if err != nil {
			t.Fatalf("%q: %v", moves, err)
		}
		return g
	}
	for _, steps := range []bool{false, true} {
		rp := New(Config{Moves: true, Variations: true, Steps: steps})
		g := read(record.SAN, "1. e4 e5 (1... c5 2. Nf3 d6) 2. Nf3 (2. f4 exf4) 2... Nc6 3. Bb5")
		var got []string
		for _, m := range rp.Game(g, "", 1).Moves {
			got = append(got, m.Text)
		}
		if s, want := strings.Join(got, " "), "e4 e5 Nf3 Nc6 Bb5"; s != want {
			t.Errorf("steps %v: Result.Moves %q, want %q", steps, s, want)
		}

		if steps {
			continue // the trail is read from the reused walk, which the steps' is not
		}
		rp = New(Config{Variations: true})
		g = read(record.DescriptiveNotation, "1. P-K4 P-K4 (1. ... P-QB4 2. N-KB3) 2. N-KB3 (2. P-KB4 PxP) 2. ... N-QB3")
		rp.Game(g, "", 1)
		var trail []string
		for _, m := range rp.reused.wk.trail {
			trail = append(trail, m.From.String()+m.To.String())
		}
		if s, want := strings.Join(trail, " "), "e2e4 e7e5 g1f3 b8c6"; s != want {
			t.Errorf("descriptive trail %q, want %q", s, want)
		}
	}
}
