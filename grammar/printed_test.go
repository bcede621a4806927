package grammar_test

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// TestPrintedForms: the forms pages print (docs/format.md, "Forms of
// print") read to their moves, each with the lenient-notation warnings
// that say how, and keep their text as written.
func TestPrintedForms(t *testing.T) {
	cases := []struct {
		movetext string
		moves    []string // the moves' texts
		warnings []string // in order
	}{
		{"1. d4 d5 2. c4 c6 3. cxd5 3… cxd5 *", []string{"d4", "d5", "c4", "c6", "cxd5", "cxd5"}, []string{"`3…` writes the ellipsis"}},
		{"1. d4 d5 2. c4 dxc4 3…cxb5 *", []string{"d4", "d5", "c4", "dxc4", "cxb5"}, []string{"`3…` writes the ellipsis"}},
		{"1. d4 d5 2. c4 c6 3. cxd5 … cxd5 *", []string{"d4", "d5", "c4", "c6", "cxd5", "cxd5"}, []string{"`…` writes the ellipsis", "`...` without a move number"}},
		{"1. e4 e5 2. Nf3 Nc6 3. … Bc4 *", []string{"e4", "e5", "Nf3", "Nc6", "Bc4"}, []string{"`…` (U+2026) written for the dots"}},
		{"1. 0–0 0—0—0 2. 0−0 O–O *", []string{"0–0", "0—0—0", "0−0", "O–O"}, []string{"U+2013", "U+2014", "U+2212", "`O–O` writes `–` (U+2013) for the hyphen"}},
		{"1. e2–e4 *", []string{"e2–e4"}, []string{"`e2–e4` writes `–` (U+2013)"}},
		{"1. Qxf7++ Bxe7 ++ 2. Nf3 + Nf6 # *", []string{"Qxf7++", "Bxe7 ++", "Nf3 +", "Nf6 #"}, []string{"`Qxf7++` writes mate as `++`", "`Bxe7 ++`: mate written `++`, apart", "`Nf3 +`: the check mark stands apart from the move; read as `Nf3+`", "`Nf6 #`: the check mark"}},
		{"1.e2 - e4, e7 - e5 *", []string{"e2 - e4", "e7 - e5"}, []string{"`e2 - e4` is long algebraic with spaces", "`e2 - e4,`: the comma after the move", "`e7 - e5` is long"}},
		{"1. e4, e5 *", []string{"e4", "e5"}, []string{"`e4,`: the comma after the move is read as punctuation"}},
	}
	for _, c := range cases {
		checkLenientReading(t, "[Event \"t\"]\n\n", c.movetext, c.moves, c.warnings)
	}
}

// TestPrintedMoveParts: what the forms read as.
func TestPrintedMoveParts(t *testing.T) {
	for _, c := range []struct {
		text    string
		check   byte
		castle  int8
		lenient record.Lenient
	}{
		{"Bxe7++", '#', record.NoCastle, record.LenientDoublePlus},
		{"0–0", 0, record.CastleShort, record.LenientDash | record.LenientZeroCastle},
		{"0—0—0+", '+', record.CastleLong, record.LenientDash | record.LenientZeroCastle},
		{"O−O++", '#', record.CastleShort, record.LenientDash | record.LenientDoublePlus},
	} {
		m, err := grammar.ParseMove(c.text)
		if err != nil {
			t.Errorf("%s: %v", c.text, err)
			continue
		}
		if m.Check != c.check || m.Castle != c.castle || m.Lenient != c.lenient || m.Text != c.text {
			t.Errorf("%s: check %q castle %d lenient %b text %q, want %q %d %b", c.text, m.Check, m.Castle, m.Lenient, m.Text, c.check, c.castle, c.lenient)
		}
	}
}

// TestPrintedFormsRefused: forms that still do not read, with the error
// that says why: a look-alike letter named with its code point, a hyphen
// after a move that names no origin square, a mark after a move that has
// one.
func TestPrintedFormsRefused(t *testing.T) {
	for _, c := range []struct{ movetext, err string }{
		{"1. е4 *", "`е4`: the `е` is Cyrillic (U+0435), where the Latin `e` is expected"},
		{"1. Νf3 *", "`Νf3`: the `Ν` is Greek (U+039D), where the Latin `N` is expected"},
		{"1. e4 e5 2. Nf3 - Nc6 *", "found `-`"},
		{"1. e4 - *", "found `-`"},
		{"1. e4+ + *", "found `+`"},
	} {
		g := readOne(t, "[Event \"t\"]\n\n"+c.movetext+"\n")
		if n := g.SyntaxError(); n == nil || !strings.Contains(n.Message, c.err) {
			t.Errorf("%s: error %v, want %q", c.movetext, n, c.err)
		}
	}
}
