package rules

import (
	"strings"
	"testing"
)

// Rule fidelity: each test pins a rule the engine once got wrong, and
// fails if the engine gets it wrong that way again.

// playAll plays long-algebraic moves (Move.String) on a history.
func playAll(t *testing.T, h *History, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m := find(t, h.Position(), s)
		if v := h.Position().Verdict(m); v != nil {
			t.Fatalf("%s: %s is illegal: %v", h.Position().FEN(), s, v)
		}
		h.Play(m)
	}
}

// FIDE Laws 9.2.2: the en passant square counts only when the capture is
// legal. python-chess's transposition key agrees (has_legal_en_passant).
func TestRepetitionPinnedEnPassant(t *testing.T) {
	s := testSettings(t, "fide")
	h := NewHistory(mustFEN(t, s, "6nk/2p5/8/KP5r/8/8/8/6N1 b - - 0 1"))
	playAll(t, h, "c7c5")
	if h.Position().EnPassant() == NoSquare {
		t.Fatal("no en passant square after c7c5")
	}
	cycle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for i := 0; i < 4; i++ {
		playAll(t, h, cycle...)
		o := h.Outcome()
		if i < 3 && o.Ended() {
			t.Fatalf("cycle %d: ended early: %+v", i+1, o)
		}
		if i == 3 && o.Kind != OutcomeRepetition {
			t.Fatalf("fifth occurrence (the first with the pinned en passant square): %+v", o)
		}
	}
	// Unpinned, the same capture is legal and the first position differs.
	h = NewHistory(mustFEN(t, s, "6nk/2p5/8/KP6/8/8/8/6N1 b - - 0 1"))
	playAll(t, h, "c7c5")
	for i := 0; i < 4; i++ {
		playAll(t, h, cycle...)
	}
	if o := h.Outcome(); o.Ended() {
		t.Errorf("a legal en passant capture makes the first position different: %+v", o)
	}
}

// A start's en passant square counts in its key whatever its clock: record
// looks for one after a move only when the clock was reset (a double step
// resets it), and at a start always.
func TestRepetitionStartEnPassantWithClock(t *testing.T) {
	s := testSettings(t, "fide")
	h := NewHistory(mustFEN(t, s, "6nk/8/8/KPp5/8/8/8/6N1 w - c6 3 2"))
	cycle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for i := 0; i < 4; i++ {
		playAll(t, h, cycle...)
	}
	if o := h.Outcome(); o.Ended() {
		t.Errorf("a legal en passant capture makes the start position different: %+v", o)
	}
	playAll(t, h, cycle...)
	if o := h.Outcome(); o.Kind != OutcomeRepetition {
		t.Errorf("fifth occurrence after the start: %+v", o)
	}
}

// docs/rules-engine.md: repetition=perpetual-check: the moves between the last three
// occurrences are judged, not the whole cycle since the first.
func TestPerpetualCheckLastThreeOccurrences(t *testing.T) {
	s := testSettings(t, "hindustani")
	h := NewHistory(mustFEN(t, s, "7k/r5p1/8/8/4Q3/8/8/2K5 w - - 0 1"))
	playAll(t, h, "c1d2", "h8g8", "d2c1", "g8h8") // quiet: second occurrence
	checks := []string{"e4e8", "h8h7", "e8e4", "h7h8"}
	playAll(t, h, checks...) // third occurrence: the quiet moves are in between
	if o := h.Outcome(); o.Ended() {
		t.Fatalf("third occurrence after quiet moves: %+v", o)
	}
	playAll(t, h, checks...) // fourth: the last three are joined by checks only
	if o := h.Outcome(); o.Kind != OutcomeRepetition || o.Winner != Draw || !strings.Contains(o.Reason, "perpetual check by white") {
		t.Fatalf("perpetual check not seen: %+v", o)
	}
}

// docs/rules-engine.md, conversions: king safety is judged on the
// whole move, conversion included, before the written conversion.
func TestConversionKingSafetyFirst(t *testing.T) {
	s := testSettings(t, "andhra")
	// A pinned rook captures a knight; Black's waiting pawn on b1 would
	// convert into a knight.
	p := mustFEN(t, s, "4r1nk/8/8/8/8/8/3nR3/1p2K3 w - - 0 1")
	expectVerdict(t, p, "e2xd2", "leaves-king-attacked", "white king")
	expectVerdict(t, p, "e2xd2/b1=R", "leaves-king-attacked", "")
	expectVerdict(t, p, "e2xd2/b1=N", "leaves-king-attacked", "")
	// The conversion itself checks the capturer's king.
	p = mustFEN(t, s, "2r4r/6k1/8/8/8/8/7R/p3K3 w - - 0 1")
	expectVerdict(t, p, "h2xh8", "leaves-king-attacked", "")
	expectVerdict(t, p, "h2xh8/a1=R", "leaves-king-attacked", "")
	for _, m := range legalList(p) {
		if strings.HasPrefix(m, "h2xh8") {
			t.Errorf("%s listed as legal", m)
		}
	}
	// A safe capture with the wrong conversion: the message names the
	// piece that was written.
	p = mustFEN(t, s, "6nk/8/8/8/8/8/3n4/1p1RK3 w - - 0 1")
	expectVerdict(t, p, "d1xd2/b1=R", "conversion-wrong", "cannot become a rook")
	expectVerdict(t, p, "d1xd2", "conversion-missing", "b1")
	expectVerdict(t, p, "d1xd2/b1=N", "", "")
}

// docs/rules-engine.md: order of ends: a move that bares and stalemates under
// hindustani is a half-victory, not a forbidden stalemate; both sides
// bare at once is a draw under every value.
func TestOrderOfEnds(t *testing.T) {
	s := testSettings(t, "hindustani")
	p := mustFEN(t, s, "k7/2n5/1K6/4B3/8/8/7P/8 w - - 0 1")
	expectVerdict(t, p, "e5xc7", "", "")
	found := false
	for _, m := range legalList(p) {
		found = found || m == "e5xc7"
	}
	if !found {
		t.Error("e5xc7 (bares and stalemates) missing from the legal moves")
	}
	h := NewHistory(p)
	playAll(t, h, "e5xc7")
	if o := h.Outcome(); o.Kind != OutcomeBareKing || o.Winner != WhiteWins || !o.Half {
		t.Errorf("bare and stalemated: %+v, want a half-victory for white", o)
	}
	for _, c := range []struct {
		profile string
		bare    BareKing
	}{{"chaturanga-gollon", BareNone}, {"fide", BareNone}, {"chaturanga", BareWin}, {"shatranj", BareWinUnlessCounter}, {"hindustani", BarePiecesHalfWin}} {
		s := testSettings(t, c.profile)
		s.BareKing = c.bare
		s.DeadPosition = DeadOff
		o := outcomeOf(t, s, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
		if o.Kind != OutcomeBareKing || o.Winner != Draw {
			t.Errorf("%s, bare-king=%d: both bare gives %+v, want a draw", c.profile, c.bare, o)
		}
	}
}

// docs/rules-engine.md: FEN start positions: every end that needs no move is judged
// on the start position.
func TestStartOutcome(t *testing.T) {
	for _, c := range []struct {
		profile, fen string
		kind         OutcomeKind
		winner       Winner
	}{
		{"fide", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", OutcomeCheckmate, WhiteWins},
		{"fide", "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", OutcomeDeadPosition, Draw},
		{"fide", "4k3/8/8/8/8/8/8/R3K3 w - - 150 80", OutcomeNone, NoWinner}, // move rule: after a move
		{"hindustani", "4k3/3pp3/8/8/8/8/8/KR6 b - - 0 1", OutcomeBareKing, WhiteWins},
		{"hindustani", "4k3/4p3/8/8/8/8/8/KR6 b - - 0 1", OutcomeDeadPosition, Draw},
		{"shatranj", "4k3/8/8/8/8/8/8/3RK3 w - - 0 1", OutcomeBareKing, WhiteWins}, // bared, the reply over
		{"shatranj", "4k3/8/8/8/8/8/8/3RK3 b - - 0 1", OutcomeNone, NoWinner},      // bared, reply to come
	} {
		h := NewHistory(mustFEN(t, testSettings(t, c.profile), c.fen))
		o := h.StartOutcome(h.HasLegalMove())
		if o.Kind != c.kind || o.Winner != c.winner {
			t.Errorf("%s %s: %+v, want %v %v", c.profile, c.fen, o, c.kind, c.winner)
		}
	}
}

func TestIsInitialArray(t *testing.T) {
	for _, name := range []string{"fide", "shatranj", "chaturanga", "chaturanga-gollon", "hindustani", "andhra"} {
		s := testSettings(t, name)
		fen := NewPosition(s).FEN()
		p, notes, err := StartFEN(s, fen)
		if err != nil || len(notes) > 0 || !p.IsInitialArray() {
			t.Errorf("%s: %s: initial=%v notes=%v err=%v", name, fen, p != nil && p.IsInitialArray(), notes, err)
		}
		// Black to move, or move 2, or without the rights: not the start.
		for _, other := range []string{strings.Replace(fen, " w ", " b ", 1), strings.TrimSuffix(fen, " 1") + " 2"} {
			if p, _, err := StartFEN(s, other); err == nil && p.IsInitialArray() {
				t.Errorf("%s: %s taken for the initial array", name, other)
			}
		}
	}
}

// docs/rules-engine.md: impossible FENs.
func TestStartFENImpossible(t *testing.T) {
	for _, c := range []struct{ profile, fen, want string }{
		{"fide", "4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1", "9 pawns"},
		{"fide", "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", "promoted man"},
		{"hindustani", "4q2k/8/8/8/8/8/8/2QQK3 w - - 0 1", "2 queens"},
		{"chaturanga-gollon", "3k4/8/8/8/8/8/8/RRR1K3 w - - 0 1", "3 rooks"},
		{"shatranj", "3k4/8/8/8/8/8/8/RRR1K3 w - - 0 1", "no pawn becomes a rook"},
		{"hindustani", "3k4/8/8/8/8/8/8/B1B1K3 w - - 0 1", "two bishops on squares of one colour"},
		{"andhra", "1P2k3/8/8/8/8/8/8/4K3 w - - 0 1", "waits on its last rank"},
		{"fide", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "first rank"},
		{"fide", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "in check"},
	} {
		_, _, err := StartFEN(testSettings(t, c.profile), c.fen)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: %v, want an error with %q", c.profile, c.fen, err, c.want)
		}
	}
	for _, c := range []struct{ profile, fen string }{
		{"fide", "4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1"},        // seven pawns, one promoted
		{"shatranj", "3k4/8/8/8/8/8/PPPPPP2/QQQ1K3 w - - 0 1"},    // ferzes from promotions
		{"andhra", "1P2k3/8/8/8/8/8/8/1NN1K3 w - - 0 1"},          // both knights on the board
		{"chaturanga-gollon", "3k4/8/8/8/8/8/8/B1B1K3 w - - 0 1"}, // lost, not same-colour
	} {
		if _, _, err := StartFEN(testSettings(t, c.profile), c.fen); err != nil {
			t.Errorf("%s %s: %v", c.profile, c.fen, err)
		}
	}
}

// Castling rights without the king and that rook on their initial
// squares are dropped from a record's FEN with a note; ParseFEN (perft)
// keeps Chess960 rights.
func TestStartFENCastlingRights(t *testing.T) {
	s := testSettings(t, "fide")
	for _, c := range []struct {
		fen, rights string
		notes       int
	}{
		{"4k3/8/8/8/8/8/8/2K4R w K - 0 1", "-", 1},
		{"1r2k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "k", 1},
		{"r3k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "KQq", 1},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "KQkq", 0},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "KQkq", 0},
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", "-", 4},
	} {
		p, notes, err := StartFEN(s, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		if got := p.rightsField(); got != c.rights || len(notes) != c.notes {
			t.Errorf("%s: rights %s with %d notes %q, want %s with %d", c.fen, got, len(notes), notes, c.rights, c.notes)
		}
	}
	p := mustFEN(t, s, "4k3/8/8/8/8/8/8/2K4R w K - 0 1")
	if p.rightsField() != "K" {
		t.Errorf("ParseFEN dropped a Chess960 right: %s", p.rightsField())
	}
	// The dropped right moves no man: O-O is not a legal move.
	p, _, _ = StartFEN(s, "4k3/8/8/8/8/8/8/2K4R w K - 0 1")
	for _, m := range legalList(p) {
		if m == "c1g1" {
			t.Error("castling with the king on c1 is still legal")
		}
	}
}
