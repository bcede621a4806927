package rules

import (
	"sort"
	"strings"
	"testing"
)

// Hand-checked positions for what Fairy-Stockfish cannot express. Each test
// quotes the sentence of the seed (../shared/seeds/) it checks; the move
// lists were worked out by hand, square by square, before running.

// legalList is the legal moves in Move.String form, sorted.
func legalList(p *Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, m.String())
	}
	sort.Strings(out)
	return out
}

func expectLegal(t *testing.T, p *Position, want ...string) {
	t.Helper()
	sort.Strings(want)
	got := legalList(p)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("%s\nlegal moves: %v\nwant:        %v", p.FEN(), got, want)
	}
}

// find returns the candidate with that String form (so tests can ask
// Verdict about moves LegalMoves leaves out).
func find(t *testing.T, p *Position, s string) Move {
	t.Helper()
	for _, m := range p.Candidates(nil) {
		if m.String() == s {
			return m
		}
	}
	t.Fatalf("%s: no candidate move %s", p.FEN(), s)
	return Move{}
}

func expectVerdict(t *testing.T, p *Position, move, rule, msgPart string) {
	t.Helper()
	v := p.Verdict(find(t, p, move))
	switch {
	case rule == "" && v != nil:
		t.Errorf("%s: %s should be legal, got %v", p.FEN(), move, v)
	case rule != "" && v == nil:
		t.Errorf("%s: %s should break %s, Verdict says legal", p.FEN(), move, rule)
	case rule != "" && v.Rule != rule:
		t.Errorf("%s: %s: rule %s (%s), want %s", p.FEN(), move, v.Rule, v.Message, rule)
	case rule != "" && !strings.Contains(v.Message, msgPart):
		t.Errorf("%s: %s: message %q lacks %q", p.FEN(), move, v.Message, msgPart)
	}
}

func play(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m := find(t, p, s)
		if v := p.Verdict(m); v != nil {
			t.Fatalf("%s: %s: %v", p.FEN(), s, v)
		}
		p.Play(m)
	}
}

// Banerjee: "The King has the privilege of having the movement of Knight
// once. This privilege will be lost even if it is checked even once though
// the King might not have moved ... However, if the King moves on its own,
// the King retains this privilege."
// The Murray and Gollon page (the same setting, never-checked): "the right to make one
// knight-move during the game, provided that he hasn't been checked before
// he makes his knight-move."
func TestSeedAndhraLeapLostByCheck(t *testing.T) {
	s := testSettings(t, "andhra")
	// (The white knight h1 keeps the pawns-only-king rule out of the way.)
	p := mustFEN(t, s, "3k4/8/8/8/8/8/r7/4K2N b Kk - 0 1")
	play(t, p, "a2a1") // check along the first rank
	if p.LeapRight(White) {
		t.Fatal("the white king was checked and kept its leap right")
	}
	expectLegal(t, p, "e1d2", "e1e2", "e1f2")
	expectVerdict(t, p, "e1~c2", "king-leap-unavailable", "checked at move 1...")
	play(t, p, "e1e2", "d8d7") // black's king moves on its own: keeps the right
	if !p.LeapRight(Black) || p.LeapRight(White) {
		t.Fatalf("rights %v %v, want white none, black kept", p.LeapRight(White), p.LeapRight(Black))
	}
	expectVerdict(t, p, "e2~c3", "king-leap-unavailable", "lost its knight leap")
	play(t, p, "e2e3")
	expectVerdict(t, p, "d7~b6", "", "")
	play(t, p, "d7~b6")
	if p.LeapRight(Black) {
		t.Error("the leap was used and the right is still there")
	}
	play(t, p, "e3e4")
	expectVerdict(t, p, "b6~c4", "king-leap-unavailable", "already made its knight leap")
	// A king in check in a FEN start position has been checked.
	q := mustFEN(t, s, "3k4/8/8/8/8/8/8/r3K3 w Kk - 0 1")
	if q.LeapRight(White) || !q.LeapRight(Black) {
		t.Error("a king in check at the start keeps its right")
	}
}

// The Chaturanga reconstruction: "The raja may make one knight leap in the whole game, provided
// he is not in check at the time." (king-leap=not-in-check: a check does
// not take the right away, it only forbids the leap while it lasts.)
func TestSeedChaturangaLeapNotInCheck(t *testing.T) {
	s := testSettings(t, "chaturanga")
	p := mustFEN(t, s, "4k3/8/8/8/8/8/8/r3K3 w Kk - 0 1")
	expectLegal(t, p, "e1d2", "e1e2", "e1f2")
	expectVerdict(t, p, "e1~c2", "king-leap-in-check", "while in check")
	play(t, p, "e1e2", "a1a2")
	if !p.LeapRight(White) {
		t.Fatal("under not-in-check a check took the right away")
	}
	expectVerdict(t, p, "e2~d4", "king-leap-in-check", "") // in check again from a2
	play(t, p, "e2d3", "e8e7")
	expectVerdict(t, p, "d3~c5", "", "") // out of check: the right is still there
	q := mustFEN(t, s, "4k3/8/8/8/8/8/r7/4K3 w Kk - 0 1")
	play(t, q, "e1~f3", "a2a3")
	expectVerdict(t, q, "f3~e5", "king-leap-unavailable", "already made")
}

// The Chaturanga reconstruction: "Murray suggested that the raja originally had a single
// knight-style leap ... restricted so that it may not be used to escape
// check. It can also be switched off": king-leap=off has no leap at all.
func TestSeedChaturangaLeapOff(t *testing.T) {
	s := testSettings(t, "chaturanga")
	s.KingLeap = LeapOff
	p := mustFEN(t, s, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	expectLegal(t, p, "e1d1", "e1d2", "e1e2", "e1f1", "e1f2")
	expectVerdict(t, p, "e1~c2", "illegal-move", "no knight leap")
}

// Ayer: "once in each game may leap like a knight. He may exercise this
// power after he has moved, but not after he has been checked."
func TestSeedHindustaniLeapAfterMoving(t *testing.T) {
	s := testSettings(t, "hindustani")
	p := mustFEN(t, s, "3k4/8/8/8/8/8/8/4K3 w Kk - 0 1")
	play(t, p, "e1e2", "d8d7")
	expectLegal(t, p, "e2d1", "e2d2", "e2d3", "e2e1", "e2e3", "e2f1", "e2f2", "e2f3",
		"e2~c1", "e2~c3", "e2~d4", "e2~f4", "e2~g1", "e2~g3")
	// king-leap-capture=no: the leap may not take a man.
	s2 := testSettings(t, "hindustani")
	s2.KingLeapCapture = false
	q := mustFEN(t, s2, "3k4/8/8/8/8/3p4/8/4K3 w K - 0 1")
	expectVerdict(t, q, "e1~xd3", "illegal-move", "may not capture")
	s2.KingLeapCapture = true
	q = mustFEN(t, s2, "3k4/8/8/8/8/3p4/8/4K3 w K - 0 1")
	expectVerdict(t, q, "e1~xd3", "", "")
}

// Banerjee: "In Indian Chess the King is always placed on the right side of
// Queen either on d8 or e1 and Black King faces White Queen and Black Queen
// faces White King." The Murray and Gollon page: "White King e1; Counsellor d1 ... Black King
// d8; Counsellor e8".
func TestSeedCrossedSetup(t *testing.T) {
	for _, name := range []string{"andhra", "hindustani", "chaturanga-gollon"} {
		p := NewPosition(testSettings(t, name))
		if p.At(MakeSquare(4, 0)) != MakePiece(White, King) || p.At(MakeSquare(3, 7)) != MakePiece(Black, King) ||
			p.At(MakeSquare(3, 0)) != MakePiece(White, Queen) || p.At(MakeSquare(4, 7)) != MakePiece(Black, Queen) {
			t.Errorf("%s: initial array %s", name, p.FEN())
		}
	}
	if f := NewPosition(testSettings(t, "andhra")).FEN(); f != "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1" {
		t.Errorf("andhra start FEN %s", f)
	}
	if f := NewPosition(testSettings(t, "shatranj")).FEN(); f != "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1" {
		t.Errorf("shatranj start FEN %s", f)
	}
}

// The Chaturanga reconstruction: "The elephant leaps exactly two squares diagonally, jumping
// over whatever stands between." and "Pawns step one square forward ...
// There is no two-square advance". The Murray and Gollon page: "The elephant moves two squares
// diagonally, but may jump the intervening square."
func TestSeedAlfilAndSingleStep(t *testing.T) {
	p := mustFEN(t, testSettings(t, "chaturanga"), "4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1")
	expectLegal(t, p, "c1a3", "c1e3", "b2b3", "d2d3", "e1d1", "e1e2", "e1f1", "e1f2")
	// "leap of exactly two squares orthogonally" (Bock-Raming, the setting).
	s := testSettings(t, "chaturanga")
	s.Elephant = ElephantDabbaba
	p = mustFEN(t, s, "4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1")
	expectLegal(t, p, "c1a1", "c1c3", "b2b3", "d2d3", "e1d1", "e1e2", "e1f1", "e1f2")
}

// The Chaturanga reconstruction: "A pawn reaching the far rank promotes to a counsellor, and to
// nothing else."
func TestSeedChaturangaCounsellorPromotion(t *testing.T) {
	p := mustFEN(t, testSettings(t, "chaturanga"), "7k/P7/8/8/8/8/8/4K3 w - - 0 1")
	expectLegal(t, p, "a7a8=Q", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2")
	expectVerdict(t, p, "a7a8=R", "promotion-wrong-piece", "counsellor")
	expectVerdict(t, p, "a7a8", "promotion-missing", "must promote")
}

// The Murray and Gollon page: "only to the type of piece that was on the promotion-square in
// the opening setup, e.g., a white pawn that moves to b8 can only promote to
// a knight. Additionally, promotion is only possible when the player
// already lost a piece of the type ... A consequence is that pawns never
// promote on e1 or d8." (With unavailable-promotion=forbidden.)
func TestSeedGollonSquarePiece(t *testing.T) {
	s := testSettings(t, "chaturanga-gollon")
	p := mustFEN(t, s, "7k/1P6/8/8/8/8/8/4K1N1 w - - 0 1")
	expectLegal(t, p, "b7b8=N", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "g1e2", "g1f3", "g1h3")
	expectVerdict(t, p, "b7b8=Q", "promotion-wrong-piece", "knight")
	p = mustFEN(t, s, "7k/1P6/8/8/8/8/8/4KNN1 w - - 0 1")
	expectVerdict(t, p, "b7b8=N", "promotion-unavailable", "has not lost")
	expectVerdict(t, p, "b7b8", "promotion-unavailable", "no piece available")
	p = mustFEN(t, s, "7k/3P4/8/8/8/8/8/4K3 w - - 0 1")
	expectLegal(t, p, "e1d1", "e1d2", "e1e2", "e1f1", "e1f2")
	expectVerdict(t, p, "d7d8=Q", "promotion-wrong-piece", "nothing")
	p = mustFEN(t, s, "7k/8/8/8/8/8/4p3/K7 b - - 0 1")
	expectLegal(t, p, "h8g7", "h8g8", "h8h7")
}

// Ayer: "A pawn on the seventh rank cannot advance to the eighth unless
// the proper promotion-piece is available to replace it. It must remain
// motionless, a stationary target. Whether it can offer a check that could
// not be executed is not stated; logic suggests that it could not."
func TestSeedHindustaniStuckPawn(t *testing.T) {
	s := testSettings(t, "hindustani")
	p := mustFEN(t, s, "1k6/P7/8/8/8/8/8/RN2K1NR b - - 0 1")
	if p.InCheck() {
		t.Error("stuck-pawn-gives-check=no: the pawn a7 that may not promote on b8 gives check")
	}
	expectLegal(t, p, "b8a8", "b8b7", "b8c7", "b8c8")
	s.StuckPawnGivesCheck = true
	if !mustFEN(t, s, "1k6/P7/8/8/8/8/8/RN2K1NR b - - 0 1").InCheck() {
		t.Error("stuck-pawn-gives-check=yes: no check")
	}
	w := mustFEN(t, testSettings(t, "hindustani"), "1k6/P7/8/8/8/8/8/RN2K1NR w - - 0 1")
	for _, m := range w.LegalMoves(nil) {
		if m.From == MakeSquare(0, 6) {
			t.Errorf("the stuck pawn moves: %s", m)
		}
	}
	expectVerdict(t, w, "a7a8=R", "promotion-unavailable", "rook")
	expectVerdict(t, w, "a7a8=Q", "promotion-wrong-piece", "rook")
}

// Ayer: "On the c or f file, the camel (bishop) that could reach that
// square must already have been lost" and "3: On either central file,
// promotion is to vizier". Banerjee: "if the white Bishop is live, pawn
// cannot be promoted to get another white Bishop".
func TestSeedBishopColourPromotion(t *testing.T) {
	s := testSettings(t, "hindustani")
	// Bishop f1 stands on a light square, as c8 does: no promotion on c8.
	p := mustFEN(t, s, "4k3/2P5/8/8/8/8/8/4KB2 w - - 0 1")
	expectLegal(t, p, "e1d1", "e1d2", "e1e2", "e1f2", "f1e2", "f1d3", "f1c4", "f1b5", "f1a6", "f1g2", "f1h3")
	// Bishop c1 is dark: the light-squared one was lost, c8=B is allowed.
	p = mustFEN(t, s, "4k3/2P5/8/8/8/8/8/2B1K3 w - - 0 1")
	expectLegal(t, p, "c7c8=B", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
		"c1b2", "c1a3", "c1d2", "c1e3", "c1f4", "c1g5", "c1h6")
	p = mustFEN(t, s, "2k5/4P3/8/8/8/8/8/4K3 w - - 0 1")
	expectLegal(t, p, "e7e8=Q", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2")
}

// Banerjee: "When a Pawn reaches 8th or 1st rank it can get promoted only
// into the corresponding piece e.g. Pawn reaching a8 or h8 ... can become
// only a Rook ... Pawn reaching 8th or 1st rank remains there immovable
// till a corresponding piece is captured and the pawn is converted into
// that piece."
func TestSeedAndhraWaitingPawn(t *testing.T) {
	s := testSettings(t, "andhra")
	p := mustFEN(t, s, "3k4/P7/8/8/8/8/8/R3K2R w - - 0 1")
	var arrival *Move
	for _, m := range p.LegalMoves(nil) {
		if m.From == MakeSquare(0, 6) {
			if m.Flags&FlagArrival == 0 || m.Promotion != NoKind || arrival != nil {
				t.Errorf("pawn a7: legal %s, want only the waiting arrival a7a8", m)
			}
			mm := m
			arrival = &mm
		}
	}
	if arrival == nil {
		t.Fatal("the pawn cannot arrive on a8 to wait")
	}
	expectVerdict(t, p, "a7a8=R", "promotion-unavailable", "rook")
	p.Play(*arrival)
	play(t, p, "d8d7")
	for _, m := range p.LegalMoves(nil) {
		if m.From == MakeSquare(0, 7) {
			t.Errorf("the waiting pawn moves: %s", m)
		}
	}
	expectVerdict(t, p, "a8b8(as R)", "waiting-pawn-moved", "waits")
	if got := p.FEN(); got != "P7/3k4/8/8/8/8/8/R3K2R w - - 1 2" {
		t.Errorf("FEN after the arrival %s", got)
	}
}

// Banerjee: "remains there immovable till a corresponding piece is
// captured and the pawn is converted into that piece" (docs/notation.md 2.2:
// the conversion rides on the capture; two candidates are a choice; "A
// capturing move whose conversion would leave the capturer's own king
// attacked is illegal").
func TestSeedAndhraConversion(t *testing.T) {
	s := testSettings(t, "andhra")
	p := mustFEN(t, s, "P6P/8/3k4/8/8/8/7r/R3K2R b - - 0 1")
	var conv []string
	for _, m := range legalList(p) {
		if strings.HasPrefix(m, "h2xh1") {
			conv = append(conv, m)
		}
	}
	if strings.Join(conv, " ") != "h2xh1/a8=R h2xh1/h8=R" {
		t.Errorf("captures of the rook h1: %v, want both conversions and no plain capture", conv)
	}
	expectVerdict(t, p, "h2xh1", "conversion-missing", "a8 or h8")
	expectVerdict(t, p, "h2xh1/a8=Q", "conversion-wrong", "queen")
	q := *p
	play(t, &q, "h2xh1/h8=R")
	if q.At(MakeSquare(7, 7)) != MakePiece(White, Rook) || q.At(MakeSquare(0, 7)) != MakePiece(White, Pawn) {
		t.Errorf("after the conversion: %s", q.FEN())
	}
	// The conversion would check the capturer's own king on d8.
	p = mustFEN(t, s, "P2k4/8/8/8/8/8/r7/R3K2R b - - 0 1")
	expectLegal(t, p, "d8c8", "d8e8", "d8c7", "d8d7", "d8e7",
		"a2b2", "a2c2", "a2d2", "a2e2", "a2f2", "a2g2", "a2h2",
		"a2a3", "a2a4", "a2a5", "a2a6", "a2a7", "a2xa8")
	expectVerdict(t, p, "a2xa1/a8=R", "leaves-king-attacked", "")
}

// Banerjee: "A Pawn reaching b1 or b8 or g1 or g8 becomes a Knight and
// immediately moves like a Knight." (knight-promotion-move=optional: the
// replayer plays the promotion with PlayKeepTurn, then the knight's move.)
func TestSeedAndhraKnightMovesAtOnce(t *testing.T) {
	s := testSettings(t, "andhra")
	p := mustFEN(t, s, "4k3/1P6/8/8/8/8/8/4K1N1 w - - 0 1")
	p.PlayKeepTurn(find(t, p, "b7b8=N"))
	if p.SideToMove() != White {
		t.Fatal("PlayKeepTurn passed the turn")
	}
	expectVerdict(t, p, "b8c6", "", "")
	expectVerdict(t, p, "b8d7", "", "")
}

// Banerjee: "both the players are allowed initially to start with one
// movement each of three different pieces or three movements of the same
// piece. Capturing of enemy's piece during or by those three initial
// movements is not allowed ... In the first three moves either party is not
// allowed to give a check to the King."
func TestSeedAndhraOpening(t *testing.T) {
	s := testSettings(t, "andhra")
	turn := func(moves ...string) *Violation {
		p := NewPosition(s)
		q := *p
		var ms []Move
		for _, m := range moves {
			mv := find(t, &q, m)
			if v := q.Verdict(mv); v != nil {
				t.Fatalf("%s: %v", m, v)
			}
			ms = append(ms, mv)
			q.PlayKeepTurn(mv)
		}
		return OpeningTurnViolation(p, ms)
	}
	for _, ok := range [][]string{{"e2e3", "g1f3", "g2g3"}, {"e2e3", "e3e4", "e4e5"}, {"b1c3"}, {"e2e3", "f1e2"}} {
		if v := turn(ok...); v != nil {
			t.Errorf("%v: %v", ok, v)
		}
	}
	for _, c := range []struct {
		moves []string
		rule  string
	}{
		{[]string{"e2e3", "e3e4", "g2g3"}, "compound-turn"},
		{[]string{"a2a3", "b2b3", "c2c3", "d2d3"}, "compound-turn"},
		{[]string{"b1c3", "c3d5", "d5xc7"}, "opening-capture"},
		{[]string{"g1f3", "f3e5", "e5c6"}, "opening-check"},
	} {
		v := turn(c.moves...)
		if v == nil || v.Rule != c.rule {
			t.Errorf("%v: %v, want %s", c.moves, v, c.rule)
		}
	}
}

// Banerjee: "In the former version [Maddat mari] any piece having a support
// cannot be captured" and "A King left with only Pawns cannot be checked."
func TestSeedMaddatMariAndPawnsOnlyKing(t *testing.T) {
	s := testSettings(t, "andhra")
	s.Capture = CaptureMaddatMari
	p := mustFEN(t, s, "4k3/8/2p5/3p4/8/3R4/8/4K3 w - - 0 1")
	expectLegal(t, p, "d3d4", "d3d2", "d3d1", "d3a3", "d3b3", "d3c3", "d3f3", "d3g3", "d3h3",
		"e1d1", "e1d2", "e1e2", "e1f1", "e1f2")
	expectVerdict(t, p, "d3xd5", "capture-supported", "defended")
	expectVerdict(t, p, "d3e3", "check-on-pawns-only-king", "nothing but pawns")
	// Defended by the king counts; a pinned defender still defends.
	p = mustFEN(t, s, "8/8/8/3pk3/8/3R4/8/4K3 w - - 0 1")
	expectVerdict(t, p, "d3xd5", "capture-supported", "")
	// Undefended: the capture is allowed (and checks nobody).
	p = mustFEN(t, s, "7k/8/8/3p4/8/3R4/8/4K3 w - - 0 1")
	expectVerdict(t, p, "d3xd5", "", "")
}

// Banerjee: "When a King is left with only one piece that piece is called
// "Mastu" and that single piece cannot be captured."
func TestSeedMastu(t *testing.T) {
	s := testSettings(t, "andhra")
	p := mustFEN(t, s, "4k3/8/8/3n4/8/3R4/8/4K3 w - - 0 1")
	expectLegal(t, p, "d3d4", "d3d2", "d3d1", "d3a3", "d3b3", "d3c3", "d3e3", "d3f3", "d3g3", "d3h3",
		"e1d1", "e1d2", "e1e2", "e1f1", "e1f2")
	expectVerdict(t, p, "d3xd5", "capture-mastu", "only piece")
	// Pawns do not count: with a pawn beside it the knight is still mastu.
	p = mustFEN(t, s, "4k3/7p/8/3n4/8/3R4/8/4K3 w - - 0 1")
	expectVerdict(t, p, "d3xd5", "capture-mastu", "")
	// Two pieces: neither is mastu.
	p = mustFEN(t, s, "4k2r/8/8/3n4/8/3R4/8/4K3 w - - 0 1")
	expectVerdict(t, p, "d3xd5", "", "")
}

// Ayer: "Stalemate is not permitted; a move that inflicts stalemate is
// invalid."
func TestSeedStalemateForbidden(t *testing.T) {
	s := testSettings(t, "hindustani")
	// Black keeps a piece (the walled-in elephant on h8): with none, the
	// position would already be a half-victory.
	const fen = "k6b/6p1/6P1/8/8/8/8/2Q1K3 w - - 0 1"
	p := mustFEN(t, s, fen)
	expectVerdict(t, p, "c1c7", "stalemate-forbidden", "stalemate")
	for _, m := range legalList(p) {
		if m == "c1c7" {
			t.Error("c1c7 stalemates and is listed as legal")
		}
	}
	expectVerdict(t, p, "c1c8", "", "") // check, not stalemate
	s.Stalemate = StalemateDraw
	expectVerdict(t, mustFEN(t, s, fen), "c1c7", "", "")
}

func outcomeOf(t *testing.T, s *Settings, fen string) Outcome {
	t.Helper()
	return NewHistory(mustFEN(t, s, fen)).Outcome()
}

// Ayer: "Checkmate is a win." The Murray and Gollon page: "The player that stalemates its
// opponent loses the game." The Chaturanga reconstruction: "scores stalemate as a draw" and
// "the player who stalemates wins, which is the shatranj rule". Ayer's
// forbidden stalemate falls back to a draw when it happens anyway.
func TestSeedMateAndStalemate(t *testing.T) {
	o := outcomeOf(t, testSettings(t, "hindustani"), "k7/7R/1K6/8/8/8/6p1/r7 b - - 0 1")
	if o.Kind != OutcomeNone {
		t.Errorf("not mate yet: %+v", o)
	}
	h := NewHistory(mustFEN(t, testSettings(t, "hindustani"), "k7/7R/1K6/8/8/8/6p1/r7 w - - 0 1"))
	h.Play(find(t, h.Position(), "h7h8"))
	if o := h.Outcome(); o.Kind != OutcomeCheckmate || o.Winner != WhiteWins {
		t.Errorf("Rh8 mate: %+v", o)
	}
	const stale = "7k/7P/6K1/8/8/8/8/8 b - - 0 1"
	for _, c := range []struct {
		profile string
		winner  Winner
	}{{"chaturanga", Draw}, {"chaturanga-gollon", BlackWins}, {"shatranj", WhiteWins}, {"hindustani", Draw}, {"andhra", Draw}} {
		s := testSettings(t, c.profile)
		s.BareKing = BareNone // the stalemated king here is bare too
		o := outcomeOf(t, s, stale)
		if o.Kind != OutcomeStalemate || o.Winner != c.winner {
			t.Errorf("%s: stalemate outcome %+v, want %s", c.profile, o, c.winner)
		}
	}
}

// The Chaturanga reconstruction: "Baring the enemy king: capturing every enemy man except the
// raja. As in shatranj, if the bared player can bare your king in reply on
// their very next move, the game is a draw instead."
func TestSeedBareKingCounter(t *testing.T) {
	s := testSettings(t, "chaturanga")
	const fen = "2k5/1n6/8/8/8/8/8/1R2K3 w - - 0 1"
	h := NewHistory(mustFEN(t, s, fen))
	h.Play(find(t, h.Position(), "b1xb7"))
	if o := h.Outcome(); o.Ended() {
		t.Fatalf("the bared king may still bare back: %+v", o)
	}
	h2 := NewHistory(mustFEN(t, s, fen)) // a History is not copied (it would share its tables)
	h2.Play(find(t, h2.Position(), "b1xb7"))
	h.Play(find(t, h.Position(), "c8xb7"))
	// (The reasons say that the reply was judged: the position before it
	// had the bared side to move.)
	if o := h.Outcome(); o.Kind != OutcomeBareKing || o.Winner != Draw || o.Reason != "the bare black king bared the white king in reply" {
		t.Errorf("bared back: %+v, want a draw", o)
	}
	h2.Play(find(t, h2.Position(), "c8d8"))
	if o := h2.Outcome(); o.Kind != OutcomeBareKing || o.Winner != WhiteWins || o.Reason != "the black king is bare and did not bare the white king in its reply" {
		t.Errorf("did not bare back: %+v, want white wins", o)
	}
	// A move that keeps the turn (a compound turn's) is no reply: the
	// position before it had the same side to move, not the bared one.
	hk := NewHistory(mustFEN(t, s, "2k5/1n6/8/8/8/8/8/4K3 b - - 0 1"))
	hk.PlayKeepTurn(find(t, hk.Position(), "b7d6"))
	if o := hk.Outcome(); o.Kind != OutcomeBareKing || o.Winner != BlackWins || o.Reason != "the white king is bare" {
		t.Errorf("after a move that kept the turn: %+v, want black wins, the white king bare", o)
	}
	// With no move that bares back, the bared side still makes its one
	// reply (as Fairy-Stockfish plays it); a record may stop before it,
	// the win being sure, and the game ends after it.
	h3 := NewHistory(mustFEN(t, s, "2k5/8/1n6/8/8/8/8/1R2K3 w - - 0 1"))
	h3.Play(find(t, h3.Position(), "b1xb6"))
	if o := h3.Outcome(); o.Ended() {
		t.Errorf("no counter move: the bared king still replies, got %+v", o)
	}
	if o := h3.StopOutcome(h3.HasLegalMove()); o.Kind != OutcomeBareKing || o.Winner != WhiteWins {
		t.Errorf("no counter move, record stops at the baring move: %+v, want white wins", o)
	}
	h3.Play(find(t, h3.Position(), "c8d7"))
	if o := h3.Outcome(); o.Kind != OutcomeBareKing || o.Winner != WhiteWins {
		t.Errorf("no counter move, after the reply: %+v, want white wins", o)
	}
	// A bared side with no legal move at all has lost (not stalemated).
	h5 := NewHistory(mustFEN(t, s, "k7/8/K7/8/8/8/8/1n5R w - - 0 1"))
	h5.Play(find(t, h5.Position(), "h1xb1"))
	if o := h5.Outcome(); o.Kind != OutcomeBareKing || o.Winner != WhiteWins {
		t.Errorf("bared with no move: %+v, want a bare-king win for white", o)
	}
	// bare-king=win: at once.
	s.BareKing = BareWin
	h4 := NewHistory(mustFEN(t, s, fen))
	h4.Play(find(t, h4.Position(), "b1xb7"))
	if o := h4.Outcome(); o.Winner != WhiteWins {
		t.Errorf("bare-king=win: %+v", o)
	}
}

// Ayer: "Depriving an opponent of all his pieces except the king (pawns
// don't matter) is a half-victory ... Reduction of each side to a king and
// one other man is a draw."
func TestSeedHindustaniHalfWinAndKingsAndOne(t *testing.T) {
	s := testSettings(t, "hindustani")
	o := outcomeOf(t, s, "4k3/4p3/8/8/8/8/8/KR6 b - - 0 1")
	if o.Kind != OutcomeDeadPosition || o.Winner != Draw {
		t.Errorf("K+P v K+R: %+v, want kings-and-one draw (tested before the half-victory)", o)
	}
	o = outcomeOf(t, s, "4k3/3pp3/8/8/8/8/8/KR6 b - - 0 1")
	if o.Kind != OutcomeBareKing || o.Winner != WhiteWins || !o.Half {
		t.Errorf("black has pawns only: %+v, want a half-victory for white", o)
	}
}

// Ayer: "Perpetual check is a draw." (repetition=perpetual-check: a
// threefold repetition in which one side checked with every move.)
func TestSeedPerpetualCheck(t *testing.T) {
	s := testSettings(t, "hindustani")
	h := NewHistory(mustFEN(t, s, "k6r/6pp/8/8/3Q4/8/6PP/7K w - - 0 1"))
	seq := []string{"d4d5", "a8b8", "d5d6", "b8a8", "d6d5", "a8b8", "d5d6", "b8a8"}
	for i, m := range seq {
		h.Play(find(t, h.Position(), m))
		if o := h.Outcome(); o.Ended() {
			t.Fatalf("ended after %d plies: %+v", i+1, o)
		}
	}
	h.Play(find(t, h.Position(), "d6d5"))
	if o := h.Outcome(); o.Kind != OutcomeRepetition || o.Winner != Draw {
		t.Errorf("perpetual check: %+v", o)
	}
	// The same shuffle without checks does not end the game.
	h = NewHistory(mustFEN(t, s, "k6r/6pp/8/8/8/8/1Q4PP/7K w - - 0 1"))
	for _, m := range []string{"b2c2", "a8a7", "c2b2", "a7a8", "b2c2", "a8a7", "c2b2", "a7a8", "b2c2"} {
		h.Play(find(t, h.Position(), m))
	}
	if o := h.Outcome(); o.Ended() {
		t.Errorf("repetition without checks ended the game under perpetual-check: %+v", o)
	}
	s.Repetition = RepetitionAuto
	h = NewHistory(mustFEN(t, s, "k6r/6pp/8/8/8/8/1Q4PP/7K w - - 0 1"))
	for _, m := range []string{"b2c2", "a8a7", "c2b2", "a7a8", "b2c2", "a8a7", "c2b2", "a7a8"} {
		h.Play(find(t, h.Position(), m))
	}
	if o := h.Outcome(); o.Kind != OutcomeRepetition {
		t.Errorf("repetition=auto, third occurrence: %+v", o)
	}
}

// The Chaturanga reconstruction: "Threefold repetition, and the fifty-move rule, both applied
// automatically for both sides." (A promotion is a pawn move.)
func TestSeedMoveRule(t *testing.T) {
	s := testSettings(t, "chaturanga")
	if o := outcomeOf(t, s, "k7/8/8/8/8/8/8/1R2K2r w - - 99 80"); o.Ended() {
		t.Errorf("99 plies: %+v", o)
	}
	if o := outcomeOf(t, s, "k7/8/8/8/8/8/8/1R2K2r w - - 100 80"); o.Kind != OutcomeMoveRule {
		t.Errorf("100 plies: %+v", o)
	}
	p := mustFEN(t, s, "k7/8/8/8/8/8/p7/4K2R b - - 99 80")
	p.Play(find(t, p, "a2a1=Q"))
	if p.HalfmoveClock() != 0 {
		t.Error("a promotion did not reset the move-rule count")
	}
}

// docs/rules.md "Check": "A king is in check when an enemy man could capture it
// by its move." The king's knight leap is read as a move, never an attack:
// kings a knight's move apart do not check each other and the leap never
// lands on the king (docs/rules-engine.md).
func TestLeapNeverTakesTheKing(t *testing.T) {
	s := testSettings(t, "hindustani")
	p := mustFEN(t, s, "8/8/8/8/8/3k4/8/4K3 w Kk - 0 1")
	expectLegal(t, p, "e1d1", "e1f1", "e1f2", "e1~f3", "e1~g2")
	if mustFEN(t, s, "8/8/8/8/8/3k4/8/4K3 b Kk - 0 1").InCheck() {
		t.Error("a king with its leap checks the king a knight's move away")
	}
}

// A Move built without ConvSquare set (zero value a1) means no
// conversion: replay may build moves that way.
func TestMoveLiteralWithoutConversion(t *testing.T) {
	p := NewPosition(testSettings(t, "fide"))
	var m Move
	m.From, m.To, m.Flags = MakeSquare(4, 1), MakeSquare(4, 3), FlagDoubleStep
	if v := p.Verdict(m); v != nil {
		t.Fatalf("e2e4 as a literal: %v", v)
	}
	p.Play(m)
	if p.At(MakeSquare(0, 0)) != MakePiece(White, Rook) || p.At(MakeSquare(4, 3)) != MakePiece(White, Pawn) {
		t.Errorf("after e2e4: %s", p.FEN())
	}
}

func TestPromotionChoicesAndLeapNote(t *testing.T) {
	p := mustFEN(t, testSettings(t, "hindustani"), "4k3/2P5/8/8/8/8/8/2B1K3 w - - 0 1")
	if got := p.PromotionChoices(White, MakeSquare(2, 7)); len(got) != 1 || got[0] != Bishop {
		t.Errorf("c8: %v, want [bishop]", got)
	}
	if got := p.PromotionChoices(White, MakeSquare(0, 7)); len(got) != 1 || got[0] != Rook {
		t.Errorf("a8 with both rooks lost: %v, want [rook]", got)
	}
	if got := p.PromotionChoices(White, MakeSquare(5, 7)); len(got) != 0 {
		t.Errorf("f8 (dark, the dark bishop c1 lives): %v, want none", got)
	}
	if p.LeapNote(White) == "" || !strings.Contains(p.LeapNote(White), "starting position") {
		t.Errorf("leap note %q", p.LeapNote(White))
	}
}

// Banerjee: "The two-step initial movement of a pawn is totally absent in
// Indian Chess i.e., the Pawn always moves only one step in Indian Chess.
// Capturing a double – stepping Pawn "En Passant" is also totally absent."
// and "The special moves of the King and Rook in King-side castling (short
// castling) and Queen-side castling (long castling) are totally absent in
// Indian Chess." The Murray and Gollon page: "may not make a double step on its first move".
func TestSeedAndhraNoDoubleStepNoCastling(t *testing.T) {
	p := mustFEN(t, testSettings(t, "andhra"), "r2k3r/8/8/8/8/8/4P3/R3K2R w - - 0 1")
	expectLegal(t, p, "e2e3",
		"e1d1", "e1d2", "e1f1", "e1f2",
		"a1b1", "a1c1", "a1d1", "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1xa8",
		"h1g1", "h1f1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1xh8")
	if _, err := ParseFEN(testSettings(t, "chaturanga-gollon"), "3k4/8/8/3pP3/8/8/8/4K3 w - d6 0 1"); err == nil {
		t.Error("an en-passant square accepted where the profile has none")
	}
}
