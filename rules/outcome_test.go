package rules

import (
	"math/rand"
	"testing"
)

// FIDE Laws 5.2.2 (dead position, as docs/rules.md's dead-position=fide reads
// it), 9.6 (fivefold repetition, 75 moves) and 9.2/9.3 (claims).
func TestFideOutcomes(t *testing.T) {
	s := testSettings(t, "fide")
	for _, c := range []struct {
		fen  string
		dead bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/4KN2 b - - 0 1", true},
		{"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},   // both bishops on dark squares
		{"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false}, // opposite colours
		{"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},
	} {
		o := outcomeOf(t, s, c.fen)
		if (o.Kind == OutcomeDeadPosition) != c.dead {
			t.Errorf("%s: %+v, dead=%v wanted", c.fen, o, c.dead)
		}
	}
	if o := outcomeOf(t, s, "4k3/8/8/8/8/8/8/R3K3 w - - 149 100"); o.Ended() {
		t.Errorf("149 plies: %+v", o)
	}
	if o := outcomeOf(t, s, "4k3/8/8/8/8/8/8/R3K3 w - - 150 100"); o.Kind != OutcomeMoveRule || o.Winner != Draw {
		t.Errorf("75 moves: %+v", o)
	}
	h := NewHistory(mustFEN(t, s, "4k3/8/8/8/8/8/8/R3K3 w - - 100 100"))
	if h.Claimable() != OutcomeMoveRule {
		t.Error("fifty moves not claimable")
	}
	h = NewHistory(mustFEN(t, s, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))
	shuffle := []string{"a1a2", "e8d8", "a2a1", "d8e8"}
	for i := 0; i < 16; i++ {
		h.Play(find(t, h.Position(), shuffle[i%4]))
		occ := i/4 + 2 // occurrences of the start position after each full cycle
		o := h.Outcome()
		switch {
		case i%4 == 3 && occ == 3 && (h.Claimable() != OutcomeRepetition || o.Ended()):
			t.Errorf("threefold: claimable %v, outcome %+v", h.Claimable(), o)
		case i%4 == 3 && occ == 5 && o.Kind != OutcomeRepetition:
			t.Errorf("fivefold: %+v", o)
		case !(i%4 == 3 && occ >= 5) && o.Ended():
			t.Errorf("ply %d: ended early %+v", i+1, o)
		}
	}
}

// The history keeps a position's key only since the last capture or pawn
// move, once per distinct position (not a board per ply, which a long game
// could not afford), as four bitboards; repetition counts as it would with
// every position kept, and a position before the irreversible move never
// counts.
func TestHistoryKeysSinceIrreversible(t *testing.T) {
	if p := MakePiece(Black, King); p > 15 {
		t.Fatalf("a piece (%d) does not fit the key's four bits", p)
	}
	s := testSettings(t, "fide")
	h := NewHistory(mustFEN(t, s, "4k3/p7/8/8/8/8/8/R3K3 w - - 0 1"))
	shuffle := []string{"a1b1", "e8d8", "b1a1", "d8e8"}
	for i := 0; i < 8; i++ {
		h.Play(find(t, h.Position(), shuffle[i%4]))
	}
	if n := h.occurrences(5); n != 3 {
		t.Fatalf("start position seen %d times, want 3", n)
	}
	if len(h.positions) != 4 {
		t.Fatalf("%d keys for the 4 positions of the shuffle", len(h.positions))
	}
	h.Play(find(t, h.Position(), "a1xa7")) // a capture
	if len(h.positions) != 1 || h.keyBase != h.plies-1 {
		t.Fatalf("after a capture: %d keys from %d, %d positions", len(h.positions), h.keyBase, h.plies)
	}
	// The mover shuffles back and forth: the position after the capture
	// recurs, counted from the capture on only.
	for i, m := range []string{"e8d8", "a7b7", "d8e8", "b7a7", "e8d8", "a7b7", "d8e8", "b7a7"} {
		h.Play(find(t, h.Position(), m))
		if want := 1 + (i+1)/4; i%4 == 3 && h.occurrences(5) != want {
			t.Errorf("after %d plies: %d occurrences, want %d", i+1, h.occurrences(5), want)
		}
	}
	if h.Claimable() != OutcomeRepetition {
		t.Error("threefold repetition after the capture not claimable")
	}
	packed := h.positions[h.cur].key
	var board [64]Piece
	for i := range board {
		for k := Pawn; k <= King; k++ {
			if packed.kinds[k-1]>>i&1 != 0 {
				board[i] = MakePiece(Color(1-packed.white>>i&1), k)
			}
		}
	}
	if board != h.Position().board {
		t.Error("the key's bitboards do not hold the board")
	}
	h.Reset(mustFEN(t, s, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))
	if len(h.positions) != 1 || h.keyBase != 0 || h.plies != 1 {
		t.Errorf("after Reset: %d keys from %d, %d positions", len(h.positions), h.keyBase, h.plies)
	}
	off := *s
	off.Repetition = RepetitionOff
	h = NewHistory(mustFEN(t, &off, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))
	h.Play(find(t, h.Position(), "a1b1"))
	if len(h.positions) != 0 || len(h.slots) != 0 {
		t.Errorf("%d keys kept under repetition=off", len(h.positions))
	}
}

// TestOutcomeShortcutMissesNoEnd holds OutcomeKnown's shortcut (mayEnd) to
// the ends themselves: over random games of every profile that take what
// they can until three or four men are left and then wander (so that dead positions,
// bare kings, repetitions and the move rules all come up), with compound
// turns now and then, no position where the side to move has a move and
// the rules end the game is one mayEnd answers "cannot", and what record
// keeps of the men from ply to ply is what each position has.
func TestOutcomeShortcutMissesNoEnd(t *testing.T) {
	t.Parallel() // CPU-heavy; no test here changes a package variable
	rng := rand.New(rand.NewSource(21))
	seen := map[OutcomeKind]int{}
	skipped := 0
	for _, prof := range Profiles() {
		s := prof.Settings
		h := NewHistory(NewPosition(&s))
		for game := 0; game < 8; game++ {
			h.Reset(NewPosition(&s))
			var moves, captures []Move
			var last [2]Move
			for ply := 0; ply < 700; ply++ {
				p := h.Position()
				moves = p.LegalMoves(moves[:0])
				if len(moves) == 0 {
					break
				}
				captures = captures[:0]
				for _, m := range moves {
					if p.capturedSquare(m) != NoSquare {
						captures = append(captures, m)
					}
				}
				m := moves[rng.Intn(len(moves))]
				if len(captures) > 0 && popcount(p.byColor[White]|p.byColor[Black]) > 3+game%2 && rng.Intn(4) != 0 {
					m = captures[rng.Intn(len(captures))]
				} else if back := NewMove(last[p.side].To, last[p.side].From, 0); rng.Intn(2) == 0 {
					// Back where the man came from: positions recur.
					for _, lm := range moves {
						if lm.From == back.From && lm.To == back.To && lm.Flags&FlagCapture == 0 {
							m = lm
						}
					}
				}
				last[p.side] = m
				if rng.Intn(16) == 0 {
					h.PlayKeepTurn(m)
				} else {
					h.Play(m)
				}
				// record keeps bare and menEnd from the last ply unless
				// the men changed: they must be what the position says.
				if bare, end := h.Position().menMayEnd(); bare != h.last.bare || end != h.last.menEnd {
					t.Fatalf("%s game %d ply %d after %s: kept bare %b menEnd %v, the position's %b %v (%s)", prof.Name, game, ply, m, h.last.bare, h.last.menEnd, bare, end, h.Position().FEN())
				}
				if !h.Position().HasLegalMove() {
					continue
				}
				o := h.outcome(true)
				if o.Ended() {
					seen[o.Kind]++
				}
				if h.mayEnd() {
					continue
				}
				skipped++
				if o.Ended() {
					t.Fatalf("%s game %d ply %d after %s: the shortcut says no end, the rules %+v (%s)", prof.Name, game, ply, m, o, h.Position().FEN())
				}
			}
		}
	}
	// Few men, as random games seldom leave them: one man a side of every
	// kind (kings-and-one), minors (fide), a lone king.
	fixed := 0
	for _, prof := range Profiles() {
		s := prof.Settings
		for _, fen := range []string{
			"k7/8/8/8/8/8/8/KR5r w - - 0 1", "k7/8/8/8/8/8/8/KQ4r1 b - - 0 1",
			"kb6/8/8/8/8/8/8/K1B5 w - - 0 1", "k7/8/8/8/8/8/8/KN6 w - - 0 1",
			"k7/p7/8/8/8/8/P7/K7 w - - 0 1", "kn6/8/8/8/8/8/8/KN6 b - - 0 1",
		} {
			p, err := ParseFEN(&s, fen)
			if err != nil {
				continue
			}
			h := NewHistory(p)
			if !p.HasLegalMove() || h.mayEnd() {
				continue
			}
			fixed++
			if o := h.outcome(true); o.Ended() {
				t.Errorf("%s %s: the shortcut says no end, the rules %+v", prof.Name, fen, o)
			}
		}
	}
	for _, k := range []OutcomeKind{OutcomeDeadPosition, OutcomeBareKing, OutcomeRepetition, OutcomeMoveRule} {
		if seen[k] == 0 {
			t.Errorf("no %s seen with a move left: the test does not cover it (seen %v)", k, seen)
		}
	}
	if skipped < 1000 {
		t.Errorf("the shortcut answered only %d positions", skipped)
	}
}

// TestMayEndLoneKingByRule: a lone king ends a game only under a
// bare-king rule, or when both kings are bare; under fide rules the
// mating endings (one side bare) leave mayEnd false, so the outcome is
// not asked at their every ply. A dead position still may end it.
func TestMayEndLoneKingByRule(t *testing.T) {
	for _, c := range []struct {
		profile, fen string
		may          bool
	}{
		{"fide", "k7/8/8/8/8/8/8/KR6 b - - 0 1", false},
		{"fide", "k7/8/8/8/8/8/P7/K7 w - - 0 1", false},
		{"fide", "k7/8/8/8/8/8/8/KN6 w - - 0 1", true},
		{"fide", "k7/8/8/8/8/8/8/K7 w - - 0 1", true},
		{"shatranj", "k7/8/8/8/8/8/8/KR6 b - - 0 1", true},
		{"chaturanga", "k7/8/8/8/8/8/8/KR6 b - - 0 1", true},
	} {
		h := NewHistory(mustFEN(t, testSettings(t, c.profile), c.fen))
		if got := h.mayEnd(); got != c.may {
			t.Errorf("%s %s: mayEnd %v, want %v", c.profile, c.fen, got, c.may)
		}
	}
}

// TestMoveRuleLimits holds the outcome's shortcut (mayEnd asks nothing
// below ClaimableMoves) to the rules: no move rule may end a game sooner.
func TestMoveRuleLimits(t *testing.T) {
	for i := range 256 {
		r := MoveRule(i)
		if l := r.Limit(); l != 0 && l < ClaimableMoves {
			t.Errorf("move rule %d ends a game after %d halfmoves, before the %d the outcome's shortcut waits for", r, l, ClaimableMoves)
		}
	}
	if MoveRuleFide.Limit() == 0 || MoveRuleOff.Limit() != 0 {
		t.Errorf("fide's limit %d, off's %d", MoveRuleFide.Limit(), MoveRuleOff.Limit())
	}
}

// A board seen before with other rights is another position: the king's
// walk out and back loses castling, and the start does not count again.
// The key's hash leaves the rights out, so only the keys' comparison
// tells these apart.
// TestHistoryRepetitionNeedsSameKinds: the key's hash leaves the kinds
// out, so a position with the same squares taken by the same sides but a
// rook and a queen swapped hashes as the start does; find must still tell
// them apart, and the start must count again once the men are back.
func TestHistoryRepetitionNeedsSameKinds(t *testing.T) {
	s := testSettings(t, "fide")
	h := NewHistory(mustFEN(t, s, "7k/8/8/8/8/8/Q7/R3K3 w - - 0 1"))
	// (The start waits to be entered: its hash is worked out here.)
	p := h.Position()
	start := keyHash(p.byColor[White], p.byColor[White]|p.byColor[Black])
	// White: the queen steps aside, the rook goes up, the queen takes the
	// corner; Black's king walks a triangle back to h8.
	for _, m := range []string{"a2b2", "h8g8", "a1a2", "g8g7", "b2a1", "g7h8"} {
		h.Play(find(t, h.Position(), m))
	}
	if h.positions[h.cur].hash != start {
		t.Fatal("the swapped position no longer hashes as the start: the test does not reach find")
	}
	if n := h.occurrences(5); n != 1 {
		t.Fatalf("rook and queen swapped: seen %d times, want 1", n)
	}
	for _, m := range []string{"a1b2", "h8g8", "a2a1", "g8g7", "b2a2", "g7h8"} {
		h.Play(find(t, h.Position(), m))
	}
	if n := h.occurrences(5); n != 2 {
		t.Fatalf("the men back: the start seen %d times, want 2", n)
	}
}

func TestHistoryRepetitionNeedsSameRights(t *testing.T) {
	s := testSettings(t, "fide")
	h := NewHistory(mustFEN(t, s, "4k3/8/8/8/8/8/8/4K2R w K - 0 1"))
	walk := []string{"e1f1", "e8d8", "f1e1", "d8e8"}
	for round, want := range []int{1, 2, 3} {
		for _, m := range walk {
			h.Play(find(t, h.Position(), m))
		}
		if n := h.occurrences(5); n != want {
			t.Fatalf("round %d: the board of the start seen %d times, want %d (its castling right is gone)", round+1, n, want)
		}
	}
}

// TestAtMostFour holds menMayEnd's count of four men to popcount's.
func TestAtMostFour(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for i := 0; i < 20000; i++ {
		x := rng.Uint64()
		for j := rng.Intn(64); j > 0; j-- {
			x &= rng.Uint64() // fewer bits, down to none
		}
		if got, want := atMostFour(x), popcount(x) <= 4; got != want {
			t.Fatalf("atMostFour(%#x) = %v, want %v", x, got, want)
		}
	}
}

// TestMenSettled holds record's shortcut to menMayEnd: where menSettled
// answers, under every profile, no king is bare and the men allow no end;
// and it does not answer where a side has no piece or no pawn is left.
func TestMenSettled(t *testing.T) {
	for _, c := range []struct {
		fen     string
		settled bool
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", true},
		{"k7/p7/8/8/8/8/P7/KR5r w - - 0 1", true},
		{"k7/p7/8/8/8/8/P7/KR6 w - - 0 1", false},  // black has no piece
		{"kr6/p7/8/8/8/8/P7/K7 b - - 0 1", false},  // white has no piece
		{"kn6/8/8/8/8/8/8/KN6 w - - 0 1", false},   // no pawn
		{"kr6/8/8/8/8/8/8/KRR5 w - - 0 1", false},  // no pawn
		{"k7/pp6/8/8/8/8/PP6/K7 w - - 0 1", false}, // no piece at all
	} {
		for _, prof := range Profiles() {
			s := prof.Settings
			p, err := ParseFEN(&s, c.fen)
			if err != nil {
				t.Fatalf("%s %s: %v", prof.Name, c.fen, err)
			}
			if got := p.menSettled(); got != c.settled {
				t.Errorf("%s %s: menSettled %v, want %v", prof.Name, c.fen, got, c.settled)
			}
			if bare, may := p.menMayEnd(); p.menSettled() && (bare != 0 || may) {
				t.Errorf("%s %s: settled, but menMayEnd says bare %b, may end %v", prof.Name, c.fen, bare, may)
			}
		}
	}
}
