package rules

import (
	"math/rand"
	"reflect"
	"testing"
)

// TestLegalMovesToMatchesLegalMoves plays random games under every built-in
// profile and checks, in every position reached, the two shortcuts the
// replayer takes: LegalMovesTo gives exactly the moves of LegalMoves of a
// kind to a square (in the same order), and HasLegalMove (with its quick
// path) agrees with the full list.
func TestLegalMovesToMatchesLegalMoves(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	positions := 0
	for _, prof := range Profiles() {
		s := prof.Settings
		for game := 0; game < 6; game++ {
			p := NewPosition(&s)
			for ply := 0; ply < 160; ply++ {
				all := p.LegalMoves(nil)
				positions++
				if got := p.HasLegalMove(); got != (len(all) > 0) {
					t.Fatalf("%s %s: HasLegalMove %v, %d legal moves", prof.Name, p.FEN(), got, len(all))
				}
				for k := NoKind; k <= King; k++ {
					for to := NoSquare; to < 64; to++ {
						var want []Move
						for _, m := range all {
							if k != NoKind && p.At(m.From).Kind() == k && (to == NoSquare || m.To == to) {
								want = append(want, m)
							}
						}
						got := p.LegalMovesTo(nil, k, to)
						if len(got) == 0 && len(want) == 0 {
							continue
						}
						if !reflect.DeepEqual(got, want) {
							t.Fatalf("%s %s: LegalMovesTo(%v, %v) = %v, LegalMoves gives %v", prof.Name, p.FEN(), k, to, got, want)
						}
					}
				}
				if len(all) == 0 {
					break
				}
				p.Play(all[rng.Intn(len(all))])
			}
		}
	}
	if positions < 1000 {
		t.Fatalf("only %d positions checked", positions)
	}
}
