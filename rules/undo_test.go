package rules

import (
	"math/rand/v2"
	"testing"
)

// TestUndoRebuildsBefore: for every legal move of the positions of random
// games under every profile (and from start positions with castling and
// en passant to hand), the position Undo.Before rebuilds from the one after
// the move equals a copy taken before it, whether the move passed the turn
// (Play, History.PlayMayCheck) or kept it (PlayKeepTurn). The replayer
// prints that position for a check-mark finding.
func TestUndoRebuildsBefore(t *testing.T) {
	t.Parallel() // CPU-heavy; no test here changes a package variable
	type start struct {
		profile string
		fen     string // "" for the initial array
		edit    func(*Settings)
	}
	starts := []start{
		{profile: "fide"}, {profile: "shatranj"}, {profile: "chaturanga"}, {profile: "chaturanga-gollon"},
		{profile: "hindustani"}, {profile: "andhra"},
		{profile: "chaturanga-gollon", edit: func(s *Settings) { s.UnavailablePromo = UnavailableWait }},
		{profile: "andhra", edit: func(s *Settings) { s.UnavailablePromo = UnavailableStay }},
		// Castling both ways, en passant, promotions with captures.
		{profile: "fide", fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{profile: "fide", fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
		{profile: "fide", fen: "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
		// A pawn arrives to wait; a capture converts a waiting pawn.
		{profile: "andhra", fen: "3k4/P7/8/8/8/8/8/R3K2R w - - 0 1"},
		{profile: "andhra", fen: "P6P/8/3k4/8/8/8/7r/R3K2R b - - 0 1"},
		// Chess960 castling, king and rook landing where the other stood.
		{profile: "fide", fen: "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1"},
	}
	seen := map[string]int{}
	rng := rand.New(rand.NewPCG(5, 11))
	var u Undo
	var back Position
	check := func(p *Position, m Move, how string, after *Position) {
		t.Helper()
		u.Before(after, &back)
		if back != *p {
			t.Fatalf("%s %s %s: rebuilt %s, want %s", how, p.FEN(), m, back.FEN(), p.FEN())
		}
	}
	for _, st := range starts {
		s := testSettings(t, st.profile)
		if st.edit != nil {
			st.edit(s)
		}
		games := 6
		if st.fen != "" {
			games = 2
		}
		for g := 0; g < games; g++ {
			p := NewPosition(s)
			if st.fen != "" {
				p = mustFEN(t, s, st.fen)
			}
			for ply := 0; ply < 250; ply++ {
				legal := p.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				for i, m := range legal {
					for _, k := range []struct {
						name string
						flag bool
					}{{"capture", m.IsCapture()}, {"en passant", m.Flags&FlagEnPassant != 0},
						{"castling", m.Flags&(FlagCastleShort|FlagCastleLong) != 0},
						{"promotion", m.Promotion != NoKind && m.Flags&FlagWaitingMove == 0},
						{"waiting pawn", m.Flags&FlagArrival != 0}, {"leap", m.Flags&FlagLeap != 0},
						{"conversion", m.HasConversion()}, {"king", p.At(m.From).Kind() == King}} {
						if k.flag {
							seen[k.name]++
						}
					}
					p.Keep(&m, &u)
					q := *p
					q.Play(m)
					check(p, m, "Play", &q)
					q = *p
					q.PlayKeepTurn(m)
					check(p, m, "PlayKeepTurn", &q)
					if i == 0 {
						h := NewHistory(p)
						if h.MayCheck(&m, false) {
							h.KeepMayCheck(&m, &Undo{})
						}
						h.PlayMayCheck(&m)
						check(p, m, "History", h.Position())
					}
				}
				p.Play(randomMove(rng, legal))
			}
		}
	}
	t.Logf("moves undone by kind: %v", seen)
	for _, k := range []string{"capture", "en passant", "castling", "promotion", "waiting pawn", "leap", "conversion", "king"} {
		if seen[k] == 0 {
			t.Errorf("the games never played a move of kind %q", k)
		}
	}
}
