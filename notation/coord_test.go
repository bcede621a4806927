package notation

import (
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
}
