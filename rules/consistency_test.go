package rules

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// TestLegalMovesMatchVerdict: in positions of random games under every
// profile (and variations of the capture and promotion settings), the
// legal moves are exactly the candidates Verdict accepts, every legal move
// is a candidate, and every candidate Verdict rejects names a rule id.
// LegalMoves (fast, for perft and replay) and Verdict (explaining, for
// findings) are written separately; this keeps them saying the same thing.
func TestLegalMovesMatchVerdict(t *testing.T) {
	t.Parallel() // CPU-heavy; no test here changes a package variable
	ids := map[string]bool{}
	for _, id := range strings.Fields(`illegal-move leaves-king-attacked king-leap-unavailable king-leap-in-check
		promotion-missing promotion-wrong-piece promotion-unavailable waiting-pawn-moved conversion-missing
		conversion-wrong capture-supported capture-mastu check-on-pawns-only-king stalemate-forbidden`) {
		ids[id] = true
	}
	type variant struct {
		name string
		edit func(*Settings)
	}
	variants := []variant{
		{"fide", nil}, {"shatranj", nil}, {"chaturanga", nil}, {"chaturanga-gollon", nil},
		{"hindustani", nil}, {"andhra", nil},
		{"andhra", func(s *Settings) { s.Capture = CaptureMaddatMari }},
		{"andhra", func(s *Settings) { s.UnavailablePromo = UnavailableStay }},
		{"hindustani", func(s *Settings) { s.StuckPawnGivesCheck = true; s.KingLeapCapture = false }},
		{"chaturanga-gollon", func(s *Settings) { s.UnavailablePromo = UnavailableWait }},
		{"chaturanga", func(s *Settings) { s.Elephant = ElephantDabbaba; s.Stalemate = StalemateForbidden }},
	}
	rng := rand.New(rand.NewPCG(3, 7))
	positions, rejected := 0, map[string]int{}
	games := 10
	if testing.Short() {
		games = 8
	}
	for _, v := range variants {
		s := testSettings(t, v.name)
		if v.edit != nil {
			v.edit(s)
		}
		for g := 0; g < games; g++ {
			p := NewPosition(s)
			for ply := 0; ply < 300; ply++ {
				legal := p.LegalMoves(nil)
				var fromVerdict, fromLegal []string
				for _, c := range p.Candidates(nil) {
					if vi := p.Verdict(c); vi == nil {
						fromVerdict = append(fromVerdict, c.String())
					} else {
						if !ids[vi.Rule] || vi.Message == "" {
							t.Fatalf("%s: %s: rule %q message %q", p.FEN(), c, vi.Rule, vi.Message)
						}
						rejected[vi.Rule]++
					}
				}
				for _, m := range legal {
					fromLegal = append(fromLegal, m.String())
				}
				sort.Strings(fromVerdict)
				sort.Strings(fromLegal)
				if strings.Join(fromVerdict, " ") != strings.Join(fromLegal, " ") {
					t.Fatalf("%s (%s): LegalMoves %v\nVerdict accepts %v", v.name, p.FEN(), fromLegal, fromVerdict)
				}
				positions++
				if len(legal) == 0 {
					break
				}
				p.Play(randomMove(rng, legal))
			}
		}
	}
	t.Logf("%d positions; rejected candidates by rule: %v", positions, rejected)
	for _, id := range []string{"leaves-king-attacked", "king-leap-unavailable", "promotion-wrong-piece", "promotion-unavailable", "capture-supported", "capture-mastu", "conversion-wrong", "waiting-pawn-moved"} {
		if rejected[id] == 0 {
			t.Errorf("the random games never exercised %s", id)
		}
	}
}

// randomMove picks the next move of a random game from legal (not empty),
// preferring captures and promotions now and then so that games reach the
// endgame rules (bare kings, waiting pawns, mastu).
func randomMove(rng *rand.Rand, legal []Move) Move {
	m := legal[rng.IntN(len(legal))]
	if rng.IntN(2) == 0 {
		for _, x := range legal {
			if x.IsCapture() || x.Promotion != NoKind || x.Flags&FlagArrival != 0 {
				return x
			}
		}
	}
	return m
}

// GivesCheck and PlayKeepTurn: a check given inside a compound turn costs
// the checked king its leap under never-checked (docs/rules.md "Leap rights":
// "being in check at any moment (also ... during a compound turn ...)").
func TestCompoundTurnCheckCostsLeap(t *testing.T) {
	p := mustFEN(t, testSettings(t, "andhra"), "3k4/8/8/8/8/8/r7/4K2N b Kk - 0 1")
	m := find(t, p, "a2a1")
	if !p.GivesCheck(m) || p.GivesCheck(find(t, p, "a2a3")) {
		t.Error("GivesCheck wrong for a2a1 / a2a3")
	}
	p.PlayKeepTurn(m)
	if p.LeapRight(White) || p.SideToMove() != Black {
		t.Errorf("after a checking move inside a turn: white right %v, side %s", p.LeapRight(White), p.SideToMove())
	}
}
