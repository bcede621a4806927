package rules

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	cases := []struct{ profile, fen string }{
		{"fide", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"fide", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{"fide", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1"},
		{"andhra", "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1"},
		{"andhra", "P6P/8/3k4/8/8/8/7r/R3K2R b - - 3 40"},
		{"chaturanga", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w k - 0 1"},
		{"shatranj", "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1"},
	}
	for _, c := range cases {
		p := mustFEN(t, testSettings(t, c.profile), c.fen)
		if got := p.FEN(); got != c.fen {
			t.Errorf("%s: FEN %q written back as %q", c.profile, c.fen, got)
		}
	}
	for _, name := range []string{"fide", "shatranj", "chaturanga", "chaturanga-gollon", "hindustani", "andhra"} {
		s := testSettings(t, name)
		p := NewPosition(s)
		q := mustFEN(t, s, p.FEN())
		if q.FEN() != p.FEN() || Perft(q, 3) != Perft(p, 3) {
			t.Errorf("%s: start position does not survive FEN: %s", name, p.FEN())
		}
	}
}

func TestFENErrors(t *testing.T) {
	cases := []struct{ profile, fen, want string }{
		{"fide", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"},
		{"fide", "rnbqkbnr/pppppppp/45/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "squares"},
		{"fide", "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unknown piece letter"},
		{"fide", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has 0 kings"},
		{"fide", "4k3/8/8/8/8/8/8/KK6 w - - 0 1", "white has 2 kings"},
		{"fide", "4k3/8/8/8/8/8/8/4K2R w - - 0 1 x", "6 fields"},
		{"fide", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "own first rank"},
		{"fide", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "last rank"},
		{"hindustani", "P2k4/8/8/8/8/8/8/4K3 w - - 0 1", "last rank"},
		{"fide", "4k3/8/8/8/8/8/8/4R2K w - - 0 1", "black is in check but it is white's turn"},
		{"chaturanga", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "no en passant"},
		{"fide", "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1", "does not follow a double step"},
		{"shatranj", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "neither castling nor a king's leap"},
		{"andhra", "3k4/8/8/8/8/8/8/4K3 w KQ - 0 1", "leap rights"},
		{"fide", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"},
		{"fide", "4k3/8/8/8/8/8/8/4K3 w - - -1 1", "counters"},
	}
	for _, c := range cases {
		_, err := ParseFEN(testSettings(t, c.profile), c.fen)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: error %v, want one saying %q", c.profile, c.fen, err, c.want)
		}
	}
	// Waiting pawns may stand on the last rank where the profile has them.
	mustFEN(t, testSettings(t, "andhra"), "P2k4/8/8/8/8/8/8/4K3 w - - 0 1")
	// A castling right the board cannot have is dropped (as python-chess does).
	p := mustFEN(t, testSettings(t, "fide"), "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1")
	if strings.Fields(p.FEN())[2] != "-" {
		t.Errorf("impossible castling rights kept: %s", p.FEN())
	}
}

// ParsePlacement is the one reading of a FEN's board field (ParseFEN and the
// pictures in formats use it): letters by square, empty squares zero.
func TestParsePlacement(t *testing.T) {
	b, err := ParsePlacement("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR")
	if err != nil {
		t.Fatal(err)
	}
	if b[MakeSquare(4, 3)] != 'P' || b[MakeSquare(4, 1)] != 0 || b[MakeSquare(3, 7)] != 'q' || b[MakeSquare(0, 0)] != 'R' {
		t.Errorf("e4 %q e2 %q d8 %q a1 %q", b[MakeSquare(4, 3)], b[MakeSquare(4, 1)], b[MakeSquare(3, 7)], b[MakeSquare(0, 0)])
	}
	for field, want := range map[string]string{
		"8/8/8":              "3 ranks",
		"8/8/8/8/8/8/8/7":    "rank 1 has 7 squares",
		"8/8/8/8/8/8/8/8p":   "rank 1 has more than 8 squares",
		"8/8/8/8/8/8/8/7x":   "unknown piece letter",
		"8/8/8/8/8/8/8/44p3": "more than 8",
	} {
		if _, err := ParsePlacement(field); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParsePlacement(%q) = %v, want an error with %q", field, err, want)
		}
	}
}

// TestAppendFENSquareBySquare compares AppendFEN with the placement
// written square by square and the other fields as strings, over random
// games of every profile (full ranks, empty ranks, rights coming and
// going), after text of several lengths and with counters of one, two
// and more digits: AppendFEN writes the placement through a masked
// array and the counters as bytes.
func TestAppendFENSquareBySquare(t *testing.T) {
	want := func(p *Position) string {
		var sb strings.Builder
		for r := 7; r >= 0; r-- {
			empty := 0
			for f := 0; f < 8; f++ {
				pc := p.At(MakeSquare(f, r))
				if pc == NoPiece {
					empty++
					continue
				}
				if empty > 0 {
					sb.WriteByte(byte('0' + empty))
					empty = 0
				}
				sb.WriteByte(pc.FENLetter())
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
			}
			if r > 0 {
				sb.WriteByte('/')
			}
		}
		side := "w"
		if p.SideToMove() == Black {
			side = "b"
		}
		return fmt.Sprintf("%s %s %s %s %d %d", sb.String(), side, p.rightsField(), p.ep.String(), p.halfmove, p.fullmove)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var moves []Move
	// One writer for every position of every game and profile: what it
	// keeps from one FEN must never show in another.
	var fw FENWriter
	for _, name := range []string{"fide", "shatranj", "chaturanga", "chaturanga-gollon", "hindustani", "andhra"} {
		s := testSettings(t, name)
		for game := 0; game < 40; game++ {
			p := NewPosition(s)
			for ply := 0; ply < 200; ply++ {
				for _, counters := range [][2]int{{p.halfmove, p.fullmove}, {9, 10}, {99, 100}, {100, 12345}} {
					q := *p
					q.halfmove, q.fullmove = counters[0], counters[1]
					prefix := strings.Repeat("x", ply%90)
					got := string(q.AppendFEN([]byte(prefix)))
					w := prefix + want(&q)
					if got != w {
						t.Fatalf("%s game %d ply %d: AppendFEN wrote %q, square by square %q", name, game, ply, got, w)
					}
					if got := string(fw.Append([]byte(prefix), &q)); got != w {
						t.Fatalf("%s game %d ply %d: FENWriter wrote %q, square by square %q", name, game, ply, got, w)
					}
				}
				moves = p.LegalMoves(moves[:0])
				if len(moves) == 0 {
					break
				}
				p.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
}

// TestFENWriterRightsByRooks writes, with one writer, positions whose
// rights and castling rooks are the same but whose other rooks on the
// first rank differ: the rook further out makes the right's letter its
// rook's file (X-FEN), so a writer that kept the field by the rights alone
// would write the last position's letter.
func TestFENWriterRightsByRooks(t *testing.T) {
	s := testSettings(t, "fide")
	var fw FENWriter
	for _, fen := range []string{
		"1k6/8/8/8/8/8/8/1K2R2R w E - 0 1",
		"1k6/8/8/8/8/8/8/1K2R3 w K - 0 1",
		"1k6/8/8/8/8/8/8/1K2R2R w E - 0 1",
		"rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1",
		"rk2r2r/8/8/8/8/8/8/RK2R3 w KQeq - 0 1",
	} {
		p, err := ParseFEN(s, fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(fw.Append(nil, p)); got != fen || p.FEN() != fen {
			t.Errorf("FENWriter wrote %q, AppendFEN %q, want %q", got, p.FEN(), fen)
		}
	}
}
