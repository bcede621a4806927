package rules

import (
	"math/rand"
	"testing"
)

// TestMayAttackCoversAttacks checks the first look of attacked and
// kingSafeAt: in the positions of random games of every built-in profile,
// for every square and either side's men (all of them, and all but the
// man on the square, as a king's capture leaves them), mayAttack is true
// wherever attackedByIn is, and the games meet both answers of it on
// squares that are not attacked (else the look would never save the full
// test, or the test would never meet a case it must not miss).
func TestMayAttackCoversAttacks(t *testing.T) {
	attacks, spared, asked := 0, 0, 0
	randomGames(rand.New(rand.NewSource(13)), builtinSettings(), 4, func(name string, p *Position) []Move {
		occ := p.byColor[0] | p.byColor[1]
		for by := White; by <= Black; by++ {
			for sq := Square(0); sq < 64; sq++ {
				for _, mine := range [2]uint64{p.byColor[by], p.byColor[by] &^ bb(sq)} {
					attacked := p.s.attackedByIn(sq, by, occ, mine, &p.byKind)
					may := mayAttack(sq, mine, &p.byKind)
					if attacked && !may {
						t.Fatalf("%s %s: square %v attacked by %v, mayAttack false", name, p.FEN(), sq, by)
					}
					switch {
					case attacked:
						attacks++
					case may:
						asked++
					default:
						spared++
					}
				}
			}
		}
		return p.LegalMoves(nil)
	})
	if attacks < 1000 || spared < 1000 || asked < 1000 {
		t.Fatalf("attacked %d, spared the full test %d, asked it in vain %d", attacks, spared, asked)
	}
}
