package rules

import (
	"math/rand/v2"
	"testing"
)

// TestPlayMayCheckReached: what History.PlayMayCheck reports of the
// position its move reached is what the history says of it afterwards:
// Check is InCheck and the position's attack test (the move's "may" told
// by KeepMayCheck, as the replayer tells it), and where MayEnd(hasMove) is false the rules end
// nothing (outcome, without OutcomeKnown's shortcut). Random games under
// every profile, long enough for bare kings, repetitions and the move
// rules to come up; the replayer asks Reached, not the history, at
// every ply.
func TestPlayMayCheckReached(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 36))
	seen := map[string]int{}
	type start struct{ profile, fen string }
	starts := []start{{profile: "fide"}, {profile: "shatranj"}, {profile: "chaturanga"}, {profile: "chaturanga-gollon"},
		{profile: "hindustani"}, {profile: "andhra"},
		// A quiet move reaches the seventy-five-move rule.
		{profile: "fide", fen: "4k3/8/8/8/8/8/8/R3K3 w - - 149 100"}}
	for _, st := range starts {
		profile, s := st.profile, testSettings(t, st.profile)
		for g := 0; g < 12; g++ {
			p := NewPosition(s)
			if st.fen != "" {
				p = mustFEN(t, s, st.fen)
			}
			h := NewHistory(p)
			for ply := 0; ply < 400; ply++ {
				legal := h.Position().LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				m := randomMove(rng, legal)
				if h.MayCheck(&m, false) {
					h.KeepMayCheck(&m, &Undo{})
				}
				r := h.PlayMayCheck(&m)
				// The position's own attack test too: a "may" that
				// KeepMayCheck did not pass on would miss a check.
				if r.Check != h.InCheck() || r.Check != h.Position().InCheck() {
					t.Fatalf("%s, after %s: Reached.Check %v, InCheck %v, the position's %v", profile, m, r.Check, h.InCheck(), h.Position().InCheck())
				}
				hasMove := h.Position().HasLegalMove()
				o := h.outcome(hasMove)
				if !r.MayEnd(hasMove) && o.Kind != OutcomeNone {
					t.Fatalf("%s %s: Reached.MayEnd(%v) false, but the rules end the game: %s", profile, h.Position().FEN(), hasMove, o.Reason)
				}
				if r.Check {
					seen["check"]++
				}
				if o.Kind != OutcomeNone {
					seen[o.Kind.String()]++
					break
				}
				if r.MayEnd(true) {
					seen["may end, moves left"]++
				}
			}
		}
	}
	t.Logf("plies by answer: %v", seen)
	for _, k := range []string{"check", OutcomeMoveRule.String(), "may end, moves left"} {
		if seen[k] == 0 {
			t.Errorf("no ply answered %q", k)
		}
	}
}
