package rules

import (
	"math/rand"
	"testing"
)

// TestReachingMatchesAttacks checks reaching, whose FIDE path picks each
// kind's lines and leaps by table, against the attacks of a man of that
// kind on to (each piece's move is its own way back), for every profile's
// pieces on random boards.
func TestReachingMatchesAttacks(t *testing.T) {
	rng := rand.New(rand.NewSource(30))
	for _, prof := range Profiles() {
		s := prof.Settings
		p := NewPosition(&s)
		for i := 0; i < 2000; i++ {
			occ := rng.Uint64() & rng.Uint64()
			from := occ & rng.Uint64()
			to := Square(rng.Intn(64))
			occ |= bb(to)
			from &^= bb(to)
			for k := Knight; k < King; k++ {
				want := from & s.attacks(k, p.side, to, occ)
				if got := p.reaching(k, to, from, occ); got != want {
					t.Fatalf("%s: reaching(%v, %v, %#x, %#x) = %#x, want %#x", prof.Name, k, to, from, occ, got, want)
				}
			}
		}
	}
}
