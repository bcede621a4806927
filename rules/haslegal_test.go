package rules

import (
	"math/rand"
	"testing"
)

// TestHasLegalMoveMatchesLegalMoves holds HasLegalMove's shortcuts (a quiet
// move of an unpinned man, the king's escape, in check the moves to the
// squares that may answer it first) to the whole list: over positions of
// random games of every built-in profile, and every position a legal move
// of theirs gives check in (most of them answered by a capture or a block,
// some not at all), HasLegalMove is true exactly when LegalMoves has a
// move.
func TestHasLegalMoveMatchesLegalMoves(t *testing.T) {
	t.Parallel() // CPU-heavy; no test here changes a package variable
	rng := rand.New(rand.NewSource(29))
	var checked, mated, answered int
	same := func(profile string, p *Position) []Move {
		t.Helper()
		all := p.LegalMoves(nil)
		if got := p.HasLegalMove(); got != (len(all) > 0) {
			t.Fatalf("%s %s: HasLegalMove %v, LegalMoves %v", profile, p.FEN(), got, all)
		}
		return all
	}
	check := func(profile string, p *Position) []Move {
		t.Helper()
		all := same(profile, p)
		for _, m := range all {
			if !p.MayGiveCheck(m) {
				continue
			}
			q := *p
			q.Play(m)
			if !q.InCheck() {
				continue
			}
			checked++
			replies := same(profile, &q)
			if len(replies) == 0 {
				mated++
			}
			answers := q.checkAnswers()
			for _, r := range replies {
				if r.From != q.kingSq[q.side] && answers&bb(r.To) != 0 {
					answered++
					break
				}
			}
		}
		return all
	}
	playedPositions(t, rng, builtinSettings(), 3, check)
	if checked < 3000 || mated < 20 || answered < 1500 {
		t.Fatalf("only %d positions in check, %d without a move, %d answered by another man than the king", checked, mated, answered)
	}
	t.Logf("%d positions in check, %d without a move, %d answered by another man than the king", checked, mated, answered)
}
