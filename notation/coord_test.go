package notation

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/rules"
)

// UCI names a plain move by its two squares, whichever they are, and adds
// a promotion's letter and a conversion's square and letter.
func TestUCI(t *testing.T) {
	for from := rules.Square(0); from < 64; from++ {
		for to := rules.Square(0); to < 64; to++ {
			if got, want := UCI(rules.NewMove(from, to, 0)), from.String()+to.String(); got != want {
				t.Fatalf("UCI(%v) = %q, want %q", rules.NewMove(from, to, 0), got, want)
			}
		}
	}
	promo := rules.NewMove(rules.MakeSquare(4, 6), rules.MakeSquare(3, 7), rules.FlagCapture)
	promo.Promotion = rules.Queen
	conv := rules.NewMove(rules.MakeSquare(2, 3), rules.MakeSquare(6, 7), rules.FlagCapture)
	conv.ConvSquare, conv.ConvKind = rules.MakeSquare(1, 0), rules.Knight
	for m, want := range map[rules.Move]string{promo: "e7d8q", conv: "c4g8/b1n"} {
		if got := UCI(m); got != want {
			t.Errorf("UCI(%v) = %q, want %q", m, got, want)
		}
	}
	// A square off the board is the rules' writer's to name, not a
	// plain move's; a plain move's flags do not change its four bytes.
	e2, e4 := rules.MakeSquare(4, 1), rules.MakeSquare(4, 3)
	for _, sq := range []rules.Square{rules.NoSquare, 64, 100} {
		for _, m := range []rules.Move{rules.NewMove(sq, e4, 0), rules.NewMove(e2, sq, 0)} {
			if got, want := UCI(m), string(m.AppendUCI(nil)); got != want {
				t.Errorf("UCI(%v) = %q, want %q", m, got, want)
			}
		}
	}
	for f := range 256 {
		if got := UCI(rules.NewMove(e2, e4, rules.MoveFlags(f))); got != "e2e4" {
			t.Errorf("UCI(e2e4 with flags %#x) = %q", f, got)
		}
	}
}

// appendSquare names every square as rules.Square.String does, off the
// board too.
func TestAppendSquareAsString(t *testing.T) {
	for sq := rules.Square(-3); sq < 70; sq++ {
		if got := string(appendSquare([]byte("x"), sq)); got != "x"+sq.String() {
			t.Errorf("appendSquare(%d) = %q, want %q", sq, got, "x"+sq.String())
		}
	}
}

// LANWord writes a move as appendLANRest writes it, whichever man moves
// it (a pawn, a piece, none, a kind past the king's), capturing or not,
// with flags that change nothing in LAN; and leaves to it a move that
// castles, leaps, promotes, converts or names a square off the board.
func TestLANWordAsRest(t *testing.T) {
	word := func(w uint64, n int) string {
		var b [8]byte
		for i := range b {
			b[i] = byte(w >> (8 * i))
		}
		if string(b[n:]) != strings.Repeat("\x00", 8-n) {
			t.Fatalf("LANWord's bytes past its %d: %q", n, b[n:])
		}
		return string(b[:n])
	}
	kinds := []rules.Kind{rules.NoKind, rules.Pawn, rules.Knight, rules.Bishop, rules.Rook, rules.Queen, rules.King, rules.King + 1, 255}
	for from := rules.Square(0); from < 64; from++ {
		for to := rules.Square(0); to < 64; to++ {
			for _, f := range []rules.MoveFlags{0, rules.FlagCapture, rules.FlagCapture | rules.FlagEnPassant, rules.FlagDoubleStep, rules.FlagArrival} {
				for _, k := range kinds {
					m := rules.NewMove(from, to, f)
					w, n := LANWord(k, &m)
					if n == 0 {
						t.Fatalf("LANWord(%v, %v) leaves it", k, m)
					}
					if got, want := word(w, n), string(appendLANRest(nil, k, m)); got != want {
						t.Fatalf("LANWord(%v, %v) = %q, want %q", k, m, got, want)
					}
				}
			}
		}
	}
	e2, e4 := rules.MakeSquare(4, 1), rules.MakeSquare(4, 3)
	promo := rules.NewMove(rules.MakeSquare(4, 6), rules.MakeSquare(3, 7), rules.FlagCapture)
	promo.Promotion = rules.Queen
	conv := rules.NewMove(rules.MakeSquare(2, 3), rules.MakeSquare(6, 7), rules.FlagCapture)
	conv.ConvSquare, conv.ConvKind = rules.MakeSquare(1, 0), rules.Knight
	others := []rules.Move{promo, conv, rules.NewMove(e2, e4, rules.FlagLeap), rules.NewMove(e2, e4, rules.FlagCastleShort),
		rules.NewMove(e2, e4, rules.FlagCastleLong), rules.NewMove(rules.NoSquare, e4, 0), rules.NewMove(e2, 64, 0)}
	for _, m := range others {
		if _, n := LANWord(rules.Knight, &m); n != 0 {
			t.Errorf("LANWord(%v) writes it: %q", m, AppendLANOf(nil, rules.Knight, m))
		}
	}
}

// SpacedUCI and its mask tell and write a move given as its bytes as
// PlainUCI does the move, after a space: every pair of squares, on and
// off the board, with and without a promotion or a conversion, whatever
// its flags and the bytes above the move's.
func TestSpacedUCIAsPlain(t *testing.T) {
	var promos = []rules.Kind{rules.NoKind, rules.Knight, rules.Queen}
	for from := -2; from < 66; from++ {
		for to := -2; to < 66; to++ {
			for _, promo := range promos {
				for _, conv := range []rules.Square{rules.NoSquare, 0, 9, 63} {
					for _, flags := range []rules.MoveFlags{0, rules.FlagCapture, 0xff} {
						m := rules.NewMove(rules.Square(from), rules.Square(to), flags)
						m.Promotion = promo
						if conv != rules.NoSquare {
							m.ConvSquare, m.ConvKind = conv, rules.Knight
						}
						w := m.Word() | uint64(from&0xff)<<48 | uint64(to&0xff)<<56
						want, ok := PlainUCI(&m)
						if plain := w&PlainUCIMask == PlainUCIWord; plain != ok {
							t.Fatalf("move %+v (word %#x): plain %v, PlainUCI says %v", m, w, plain, ok)
						}
						if got := SpacedUCI(w); ok && got != ' '|uint64(want)<<8 {
							t.Fatalf("SpacedUCI(%#x) = %#x, want a space and %q", w, got, UCI(m))
						}
					}
				}
			}
		}
	}
}
