package picture

import (
	"math/rand/v2"
	"testing"
)

// TestNumberSetMatchesMap checks the runs the viewer keeps its game
// numbers in against a plain set, numbers counted from one file after
// file and at random.
func TestNumberSetMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		var s numberSet
		seen := map[int]bool{}
		for i := range 300 {
			n := r.IntN(60)
			if round%2 == 0 {
				n = i%50 + 1 // files of 50 games, counted from one
				if r.IntN(10) == 0 {
					n = r.IntN(80)
				}
			}
			if got, want := s.add(n), !seen[n]; got != want {
				t.Fatalf("round %d: add(%d) = %v, a set says %v (runs %v)", round, n, got, want, s.runs)
			}
			seen[n] = true
		}
		for k, run := range s.runs {
			if run.lo > run.hi || (k > 0 && s.runs[k-1].hi+1 >= run.lo) {
				t.Fatalf("round %d: runs out of order or not joined: %v", round, s.runs)
			}
		}
	}
}
