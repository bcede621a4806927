package rules

import (
	"math/rand"
	"runtime"
	"testing"
)

// A long game without a capture or a pawn move keeps its whole length in
// the repetition window; the history holds its distinct positions once,
// and nothing per ply before the window (docs/robustness.md, "A huge game
// is read in parts"), under every repetition rule.
func TestHistoryMemoryLongShuffle(t *testing.T) {
	const plies = 200_000
	// repetition=off, perpetual-check (which a shuffle without check does
	// not end), fide and auto (the history goes on past the end: Play does
	// not stop).
	for _, profile := range []string{"chaturanga-gollon", "hindustani", "fide", "shatranj"} {
		t.Run(profile, func(t *testing.T) {
			h := NewHistory(NewPosition(testSettings(t, profile)))
			var moves [4]Move
			for i, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
				moves[i] = find(t, h.Position(), s)
				h.Play(moves[i])
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			for i := 0; i < plies; i++ {
				h.Play(moves[i%4])
			}
			runtime.ReadMemStats(&after)
			got := after.TotalAlloc - before.TotalAlloc
			// A few KiB whatever the length: the table's storage and the
			// runtime's own.
			if limit := uint64(16 << 10); got > limit {
				t.Errorf("%d plies allocated %d bytes (%.2f a ply), want at most %d", plies, got, float64(got)/plies, limit)
			}
			if len(h.positions) > 4 && profile != "chaturanga-gollon" {
				t.Errorf("%d positions kept for a shuffle of 4", len(h.positions))
			}
			if profile == "chaturanga-gollon" && len(h.positions) != 0 {
				// repetition=off: nothing compares positions (record).
				t.Errorf("%d positions kept under repetition=off", len(h.positions))
			}
			if profile == "hindustani" {
				if n := h.occurrences(5); n != 5 {
					t.Errorf("%d occurrences counted, want 5 (at most)", n)
				}
				if o := h.Outcome(); o.Ended() {
					t.Errorf("a shuffle without check ended: %+v", o)
				}
			}
		})
	}
}

// refHistory is what the history used to keep, every position of the game
// with its key: the reference the history's counts are compared with.
type refHistory struct {
	keys     []posKey
	side     []Color
	checked  []bool
	halfmove int
}

// keyOf is p's repetition key as History.record builds it (under a rule
// that counts repetitions, so that it builds one).
func keyOf(p *Position) posKey {
	s := *p.s
	s.Repetition = RepetitionFide
	q := *p
	q.s = &s
	h := NewHistory(&q)
	return h.positions[h.cur].key
}

func (r *refHistory) add(p *Position) {
	r.keys = append(r.keys, keyOf(p))
	r.side = append(r.side, p.side)
	r.checked = append(r.checked, p.InCheck())
	r.halfmove = p.halfmove
}

// occurrences counts, up to max, the positions equal to the last one from
// the clock's window on (none before a capture or pawn move), every key
// compared.
func (r *refHistory) occurrences(max int) (n, first int) {
	last := len(r.keys) - 1
	for i := last; i >= 0 && i >= last-r.halfmove && n < max; i-- {
		if r.keys[i] == r.keys[last] {
			n, first = n+1, i
		}
	}
	return n, first
}

// perpetual is the side that gave check with every one of its moves since
// the third latest occurrence, -1 when neither (or fewer occurrences).
func (r *refHistory) perpetual() int {
	n, first := r.occurrences(3)
	if n < 3 {
		return -1
	}
	for mover := 0; mover < 2; mover++ {
		all := true
		for i := first + 1; i < len(r.keys); i++ {
			if int(r.side[i]^1) == mover && !r.checked[i] {
				all = false
			}
		}
		if all {
			return mover
		}
	}
	return -1
}

// Random games that mostly avoid captures and pawn moves keep hundreds of
// distinct positions in the window (the table grows) and revisit earlier
// ones at every distance; the history counts every repetition as a count
// over all the window's earlier positions does, game after game on one
// History (Reset), every profile.
func TestHistoryRepetitionsRandomized(t *testing.T) {
	rng := rand.New(rand.NewSource(14))
	profiles := []string{"fide", "shatranj", "chaturanga", "hindustani", "chaturanga-gollon", "andhra"}
	var h *History
	maxDistinct, repeats, perpetual := 0, 0, 0
	for game := 0; game < 48; game++ {
		s := testSettings(t, profiles[game%len(profiles)])
		start := NewPosition(s)
		if h == nil {
			h = NewHistory(start)
		} else {
			h.Reset(start)
		}
		ref := &refHistory{}
		ref.add(h.Position())
		seen := map[posKey]bool{ref.keys[0]: true}
		var moves []Move
		for ply := 0; ply < 1500; ply++ {
			p := h.Position()
			moves = p.LegalMoves(moves[:0])
			if len(moves) == 0 {
				break
			}
			// Prefer a move back to a position seen before (a repetition),
			// one that gives check first; white gives check nearly half
			// the time (perpetual check); then any quiet move of a piece,
			// a capture or pawn move now and then (the window starts
			// again), and rarely a move off the board, which Play ignores
			// but for the turn: the clock stays, and the window starts
			// after the last irreversible move.
			var back, backCheck, checks, quiet []Move
			for _, m := range moves {
				if p.board[m.From].Kind() == Pawn || p.capturedSquare(m) != NoSquare {
					continue
				}
				quiet = append(quiet, m)
				q := *p
				q.Play(m)
				k := keyOf(&q)
				if q.InCheck() {
					checks = append(checks, m)
				}
				if seen[k] {
					back = append(back, m)
					if q.InCheck() {
						backCheck = append(backCheck, m)
					}
				}
			}
			var m Move
			switch x := rng.Intn(100); {
			case len(backCheck) > 0 && x < 30:
				m = backCheck[rng.Intn(len(backCheck))]
			case len(checks) > 0 && x < 45 && p.side == White:
				m = checks[rng.Intn(len(checks))]
			case len(back) > 0 && x < 60:
				m = back[rng.Intn(len(back))]
			case len(quiet) > 0 && x < 98:
				m = quiet[rng.Intn(len(quiet))]
			case x == 99 && !h.InCheck():
				m = NewMove(NoSquare, NoSquare, 0)
			default:
				m = moves[rng.Intn(len(moves))]
			}
			h.Play(m)
			ref.add(h.Position())
			seen[ref.keys[len(ref.keys)-1]] = true
			if s.Repetition == RepetitionOff {
				continue
			}
			maxDistinct = max(maxDistinct, len(h.positions))
			for _, max := range []int{1, 3, 5} {
				want, _ := ref.occurrences(max)
				if got := h.occurrences(max); got != want {
					t.Fatalf("game %d (%s) ply %d: %d occurrences (up to %d), want %d", game, profiles[game%len(profiles)], ply+1, got, max, want)
				}
				if max == 3 && want == 3 {
					repeats++
				}
			}
			if s.Repetition == RepetitionPerpetualCheck {
				o, ended := h.repetition()
				want := ref.perpetual()
				if want >= 0 {
					perpetual++
				}
				if ended != (want >= 0) || ended && o.Reason != repetitionReason(Color(want)) {
					t.Fatalf("game %d ply %d: perpetual check %v %q, want side %d", game, ply+1, ended, o.Reason, want)
				}
			}
			if h.InCheck() != ref.checked[len(ref.checked)-1] {
				t.Fatalf("game %d ply %d: InCheck %v", game, ply+1, h.InCheck())
			}
		}
	}
	t.Logf("%d distinct positions in a window at most, %d threefold repetitions, %d perpetual checks", maxDistinct, repeats, perpetual)
	if maxDistinct < 200 || repeats < 100 {
		t.Errorf("the games tested too little: %d distinct positions at most, %d threefold repetitions", maxDistinct, repeats)
	}
}

func repetitionReason(c Color) string {
	return "perpetual check by " + c.String() + ": the position has occurred three times"
}

// A move that Play ignores (off the board) passes the turn but leaves the
// clock: the window then starts after the last irreversible move, and a
// position before it does not count (the clock says so), as before.
func TestHistoryWindowAfterIgnoredMove(t *testing.T) {
	s := testSettings(t, "fide")
	h := NewHistory(NewPosition(s))
	off := NewMove(NoSquare, NoSquare, 0)
	h.Play(find(t, h.Position(), "g1f3"))
	h.Play(off) // white to move again, the clock at 1
	h.Play(find(t, h.Position(), "f3g1"))
	h.Play(off) // the start position, the clock at 2: the window is plies 2 to 4
	if h.keyBase != 0 || h.window() != 2 {
		t.Fatalf("window from %d (keys from %d), want 2 (0)", h.window(), h.keyBase)
	}
	if n := h.occurrences(5); n != 1 {
		t.Errorf("the start position, before the window, counted: %d occurrences", n)
	}
	h.Play(find(t, h.Position(), "g1f3"))
	h.Play(find(t, h.Position(), "g8f6"))
	h.Play(find(t, h.Position(), "f3g1"))
	h.Play(find(t, h.Position(), "f6g8"))
	if n := h.occurrences(5); n != 2 {
		t.Errorf("%d occurrences in the window, want 2", n)
	}
}

// Record keeps the positions of a window's first plies without looking
// them up (none can recur so soon after moves that moved a man), but two
// moves that Play ignores bring back the position of two plies before:
// the window still keeps each distinct position once (a second entry
// would take the later occurrences from the first).
func TestHistoryIgnoredMovesKeepPositionsDistinct(t *testing.T) {
	s := testSettings(t, "fide")
	off := NewMove(NoSquare, NoSquare, 0)
	for lead := 0; lead < 4; lead++ {
		h := NewHistory(NewPosition(s))
		h.Play(find(t, h.Position(), "e2e4")) // the window starts here
		for _, uci := range []string{"g8f6", "g1f3", "f6g8"}[:lead] {
			h.Play(find(t, h.Position(), uci))
		}
		h.Play(off)
		h.Play(off)
		next := "b1c3"
		if h.Position().SideToMove() == Black {
			next = "b8c6"
		}
		h.Play(find(t, h.Position(), next))
		for i := range h.positions {
			for j := range h.positions[:i] {
				if h.positions[i].key == h.positions[j].key {
					t.Errorf("%d moves into the window, two ignored moves: positions %d and %d are the same", lead, j, i)
				}
			}
		}
	}
}

// TestHistoryInCheckSkipsOnlyQuietMoves holds the history's check record,
// which skips the attack test after a move that cannot give check, to
// the position's own test: over random games of every profile, with
// compound turns played at random (PlayKeepTurn, after which the side not
// to move may be in check and a quiet move leaves it so), and after Reset.
func TestHistoryInCheckSkipsOnlyQuietMoves(t *testing.T) {
	t.Parallel() // CPU-heavy; no test here changes a package variable
	rng := rand.New(rand.NewSource(5))
	checks, kept := 0, 0
	for _, prof := range Profiles() {
		s := prof.Settings
		h := NewHistory(NewPosition(&s))
		for game := 0; game < 6; game++ {
			h.Reset(NewPosition(&s))
			for ply := 0; ply < 160; ply++ {
				moves := h.Position().LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				m := moves[rng.Intn(len(moves))]
				// The history plays the move as the position does (the
				// king-leap rule's loss by a check included: record asks
				// it apart from passTurn).
				ref := h.Position().Copy()
				if rng.Intn(8) == 0 {
					h.PlayKeepTurn(m)
					ref.PlayKeepTurn(m)
					kept++
				} else {
					h.Play(m)
					ref.Play(m)
				}
				if *ref != *h.Position() {
					t.Fatalf("%s game %d ply %d after %s: History %s, Position %s", prof.Name, game, ply, m, h.Position().FEN(), ref.FEN())
				}
				if got, want := h.InCheck(), h.Position().InCheck(); got != want {
					t.Fatalf("%s game %d ply %d after %s: History.InCheck %v, Position.InCheck %v (%s)", prof.Name, game, ply, m, got, want, h.Position().FEN())
				}
				if h.InCheck() {
					checks++
				}
			}
		}
	}
	if checks < 50 || kept < 50 {
		t.Fatalf("only %d checks and %d kept turns seen", checks, kept)
	}
}
