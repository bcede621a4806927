package rules

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// FuzzParseFEN feeds arbitrary text to ParseFEN under every built-in
// profile's settings. Whatever the input, ParseFEN must not panic and must
// return exactly one of a position and an error. A FEN that parses is
// written back with FEN(), and that text must parse again to the same
// position and write the same text: the FEN tag of a record converted by
// this tool must read back as the position it came from. The parsed
// position is also played one ply deep, because a FEN is the one way a user
// can put the move generator in a position no game reaches (sixteen
// queens, pawns waiting on the last rank, a king leap right with the king
// away from home).
func FuzzParseFEN(f *testing.F) {
	profiles := Profiles()
	for i, p := range profiles {
		s := p.Settings
		f.Add(uint8(i), NewPosition(&s).FEN())
	}
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", // nine ranks
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1",      // two white kings
		"8/8/8/8/8/8/8/8 w - - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - -",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 0",
		"4k3/8/8/8/8/8/8/4K3 w - - -1 1",
		"4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1",
		"4k3/8/8/8/8/8/8/4K3 x - - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w Kk - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w KQkqLl - 0 1",
		"4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1",
		"4k3/8/8/8/4Pp2/8/8/4K3 b - e9 0 1",
		"P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
		"4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
		"4k2P/8/8/8/8/8/8/4K3 b k - 0 1",
		"QQQQkQQQ/QQQQQQQQ/8/8/8/8/8/4K3 b - - 0 1",
		"4k3/8/8/8/8/8/8/44K3 w - - 0 1",
		"4k3/8/8/8/8/8/8/9K w - - 0 1",
		"4k3/8/8/8/8/8/8/K7k w - - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
		"4k3/8/8/8/8/8/8/4K3\tw\n-  - 0 1",
		"4k3/8/8/8/8/8/8/4KX3 w - - 0 1",
		"4k3/8/8/8/8/8/8/4K\x003 w - - 0 1",
		"4k3/8/8/8/8/8/8/4K\xff3 w - - 0 1",
		"//////// w - - 0 1",
		"",
	} {
		for i := range profiles {
			f.Add(uint8(i), fen)
		}
	}
	// The perft suite's positions: real middlegames with castling and en
	// passant rights.
	if fh, err := os.Open("testdata/tricky.perft"); err == nil {
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			if fen, ok := strings.CutPrefix(sc.Text(), "epd "); ok {
				f.Add(uint8(0), fen)
			}
		}
		fh.Close()
	}
	f.Fuzz(func(t *testing.T, profile uint8, fen string) {
		p := profiles[int(profile)%len(profiles)]
		s := p.Settings
		pos, err := ParseFEN(&s, fen)
		if (pos == nil) == (err == nil) {
			t.Fatalf("%s: ParseFEN(%q) = %v, %v: want exactly one of a position and an error", p.Name, fen, pos, err)
		}
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%s: ParseFEN(%q): empty error message", p.Name, fen)
			}
			return
		}
		out := pos.FEN()
		again, err := ParseFEN(&s, out)
		if err != nil {
			t.Fatalf("%s: %q parsed, but its FEN %q does not: %v", p.Name, fen, out, err)
		}
		if got := again.FEN(); got != out {
			t.Fatalf("%s: %q wrote %q, which reads back as %q", p.Name, fen, out, got)
		}
		fenFuzzSamePosition(t, p.Name, fen, pos, again)
		fenFuzzPlayOne(t, p.Name, fen, pos)
	})
}

// fenFuzzSamePosition compares what FEN() carries field by field, so that
// a difference names the field, not only the strings.
func fenFuzzSamePosition(t *testing.T, profile, fen string, a, b *Position) {
	t.Helper()
	for sq := Square(0); sq < 64; sq++ {
		if a.At(sq) != b.At(sq) {
			t.Fatalf("%s: %q: square %s holds %v, after writing and reading %v", profile, fen, sq, a.At(sq), b.At(sq))
		}
	}
	if a.SideToMove() != b.SideToMove() || a.EnPassant() != b.EnPassant() ||
		a.HalfmoveClock() != b.HalfmoveClock() || a.FullmoveNumber() != b.FullmoveNumber() {
		t.Fatalf("%s: %q: side, en passant or counters changed in the round trip", profile, fen)
	}
	for c := White; c <= Black; c++ {
		if a.LeapRight(c) != b.LeapRight(c) || a.KingSquare(c) != b.KingSquare(c) {
			t.Fatalf("%s: %q: %s's king or leap right changed in the round trip", profile, fen, c)
		}
	}
}

// fenFuzzPlayOne generates the legal moves of the parsed position and plays
// each on a copy, asking what a replay asks after a move (check, game end),
// so that a position only a FEN can create cannot crash the move generator.
// The generator is also cross-checked: every legal move is a candidate, and
// the position after it never leaves the mover's king attacked.
func fenFuzzPlayOne(t *testing.T, profile, fen string, pos *Position) {
	t.Helper()
	legal := pos.LegalMoves(nil)
	cands := pos.Candidates(nil)
	if len(legal) > len(cands) {
		t.Fatalf("%s: %q: %d legal moves but only %d candidates", profile, fen, len(legal), len(cands))
	}
	if pos.HasLegalMove() != (len(legal) > 0) {
		t.Fatalf("%s: %q: HasLegalMove %v with %d legal moves", profile, fen, pos.HasLegalMove(), len(legal))
	}
	h := NewHistory(pos)
	_ = h.Outcome()
	_ = h.Claimable()
	for _, m := range legal {
		mover := pos.SideToMove()
		_ = pos.GivesCheck(m)
		q := pos.Copy()
		q.Play(m)
		if q.attacked(q.KingSquare(mover), mover.Other()) {
			t.Fatalf("%s: %q: legal move %v leaves the %s king attacked: %s", profile, fen, m, mover, q.FEN())
		}
		_ = q.FEN()
		hq := NewHistory(pos)
		hq.Play(m)
		_ = hq.Outcome()
	}
}
