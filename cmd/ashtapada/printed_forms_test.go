package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The forms in which pages print moves (docs/format.md, "Forms of
// print"): each test is an otherwise valid game with one such form, read
// on the binary to its moves (convert --to uci) with the finding the form
// gets from validate.

// printedCase is one game as printed: its movetext, the flags of both
// commands, the UCI moves it must read to, what validate must say and
// its exit status.
type printedCase struct {
	tags  string // more tag lines (`[FEN "…"]`), each ending in a newline
	moves string
	flags []string
	uci   string
	say   []string
	exit  int
}

func (c printedCase) check(t *testing.T) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "printed.pgn")
	game := "[Event \"printed\"]\n[Result \"*\"]\n" + c.tags + "\n" + c.moves + " *\n"
	if err := os.WriteFile(path, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runBinary(t, append(append([]string{"validate"}, c.flags...), path)...)
	out += stderr
	if code != c.exit {
		t.Errorf("validate exits %d, want %d:\n%s", code, c.exit, out)
	}
	for _, s := range c.say {
		if !strings.Contains(out, s) {
			t.Errorf("validate does not say %q:\n%s", s, out)
		}
	}
	if c.uci == "" {
		return
	}
	uci, stderr, code := runBinary(t, append(append([]string{"convert", "--to", "uci"}, c.flags...), path)...)
	if code != 0 {
		t.Fatalf("convert --to uci exits %d: %s", code, stderr)
	}
	if got := strings.Join(strings.Fields(uci[strings.Index(uci, "\n\n")+2:]), " "); got != c.uci+" *" {
		t.Errorf("convert --to uci reads\n%s\nwant\n%s *", got, c.uci)
	}
}

// TestPrintedEllipsis: `3… cxd5` and `11…cxb5`, the typeset ellipsis
// after a black move's number, read as `3...`, with a warning.
func TestPrintedEllipsis(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. d4 d5 2. c4 c6 3. cxd5 3… cxd5 4. Nc3 Nf6 5. Nf3 a6 6. Bf4 b5 7. e3 Bb7 8. Bd3 e6 9. O-O Be7 10. a3 O-O 11. b4 11…Nbd7",
		uci:   "d2d4 d7d5 c2c4 c7c6 c4d5 c6d5 b1c3 g8f6 g1f3 a7a6 c1f4 b7b5 e2e3 c8b7 f1d3 e7e6 e1g1 f8e7 a2a3 e8g8 b2b4 b8d7",
		say: []string{
			":4:27: warning: `3…` writes the ellipsis `…` (U+2026) for the dots; read as `3...` [lenient-notation]",
			"warning: `11…` writes the ellipsis `…` (U+2026) for the dots; read as `11...` [lenient-notation]",
			"22 plies", "valid",
		},
	}.check(t)
}

// TestPrintedDashCastling: castling written with zeros and an en dash, an
// em dash or a minus sign reads as castling, with a warning that names the
// dash.
func TestPrintedDashCastling(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0–0 d6 5. d3 Be6 6. Nc3 Qd7 7. Be3 0—0—0 8. a3 Kb8 9. Qe2 f6 10. Rfe1 g5",
		uci:   "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 d7d6 d2d3 c8e6 b1c3 d8d7 c1e3 e8c8 a2a3 c8b8 d1e2 f7f6 f1e1 g7g5",
		say: []string{
			"warning: `0–0` written with zeros and `–` (U+2013) for the hyphen; SAN castling is `O-O` or `O-O-O` [lenient-notation]",
			"warning: `0—0—0` written with zeros and `—` (U+2014) for the hyphen; SAN castling is `O-O` or `O-O-O` [lenient-notation]",
			"20 plies", "valid",
		},
	}.check(t)
	printedCase{
		moves: "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0−0 Nf6",
		uci:   "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6",
		say:   []string{"`0−0` written with zeros and `−` (U+2212) for the hyphen", "valid"},
	}.check(t)
}

// TestPrintedDoublePlusMate: mate printed `++`, glued or apart (here in
// French letters, which the guess finds), reads as `#`; the replay checks
// the mate, and a `++` that only gives check gets the check-mark finding.
func TestPrintedDoublePlusMate(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7++",
		uci:   "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7",
		say: []string{
			":4:35: warning: `Qxf7++` writes mate as `++`; PGN writes `#` (read as mate, which the replay checks) [lenient-notation]",
			"outcome checkmate (white)", "valid",
		},
	}.check(t)
	printedCase{
		moves: "1. e4 e5 2. Fc4 Cc6 3. Dh5 Cf6 4. Dxf7 ++",
		uci:   "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7",
		say: []string{
			"warning: `Dxf7 ++`: mate written `++`, apart from the move; PGN writes `#` (read as mate, which the replay checks) [lenient-notation]",
			"[notation-guessed]", "outcome checkmate (white)", "valid",
		},
	}.check(t)
	printedCase{
		moves: "1. e4 e5 2. Nf3 Nc6 3. Cd5 ++",
		flags: []string{"--notation", "fr"},
		say:   []string{"found `Nf3`"},
		exit:  1,
	}.check(t)
	printedCase{
		moves: "1. e4 e5 2. Cf3 d6 3. Fc4 Fg4 4. Cc3 g6 5. Cxe5 Fxd1 6. Fxf7+ Re7 7. Cd5 ++",
		flags: []string{"--notation", "fr"},
		uci:   "e2e4 e7e5 g1f3 d7d6 f1c4 c8g4 b1c3 g7g6 f3e5 g4d1 c4f7 e8e7 c3d5",
		say:   []string{"`Cd5 ++`: mate written `++`, apart from the move", "outcome checkmate (white)", "valid"},
	}.check(t)
	printedCase{
		moves: "1. e4 e5 2. Bc4 Nc6 3. Bxf7 ++ Kxf7",
		uci:   "e2e4 e7e5 f1c4 b8c6 c4f7 e8f7",
		say: []string{
			"`Bxf7 ++`: mate written `++`, apart from the move",
			"warning: the record marks checkmate (#), but this move only gives check: the king can still escape [check-mark]",
		},
	}.check(t)
}

// TestPrintedCyrillicLetter: `е4` with a Cyrillic `е` is refused, and the
// error names the letter and its code point (no font shows the
// difference).
func TestPrintedCyrillicLetter(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. d4 d5 2. c4 е6 3. Nc3 Nf6",
		say:   []string{":4:16: error: `е6`: the `е` is Cyrillic (U+0435), where the Latin `e` is expected [syntax]"},
		exit:  1,
	}.check(t)
	// In Russian notation the letter is read as meant, with a warning
	// (docs/format.md).
	printedCase{
		moves: "1. e4 e5 2. Кf3 Кc6 3. Сb5 а6",
		flags: []string{"--notation", "ru"},
		uci:   "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
		say:   []string{"warning: `а6`: the `а` is Cyrillic (U+0430), where the Latin `a` is expected; read as the letter meant [lenient-notation]", "valid"},
	}.check(t)
}

// TestPrintedItalianLongAlgebraic: `1.e2 - e4, e7 - e5`, long algebraic
// with spaced hyphens and a comma between the sides, reads as the moves,
// with warnings (the comma joins no compound turn).
func TestPrintedItalianLongAlgebraic(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1.e2 - e4, e7 - e5 2.Cg1 - f3, Cb8 - c6 3.Af1 - b5, a7 - a6 4.Ab5 - a4, Cg8 - f6 5.0-0, Af8 - e7",
		uci:   "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7",
		say: []string{
			":4:3: warning: `e2 - e4` is long algebraic with spaces around the `-`; read as `e2-e4` [lenient-notation]",
			":4:3: warning: `e2 - e4,`: the comma after the move is read as punctuation",
			"`Cg1 - f3` is long algebraic with spaces around the `-`; read as `Cg1-f3`",
			"[notation-guessed]", "10 plies", "valid",
		},
	}.check(t)
}

// TestPrintedProseComma: `Сg4,`, a comma of the prose after a move in
// Russian letters, reads the move, with a warning instead of "found an
// empty move".
func TestPrintedProseComma(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. e4 e5 2. Кf3 d6 3. d4 Сg4, 4. dxe5 Сxf3 5. Фxf3 dxe5 6. Сc4 Кf6 7. Фb3 Фe7",
		flags: []string{"--notation", "ru"},
		uci:   "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7",
		say: []string{
			":4:27: warning: `Сg4,`: the comma after the move is read as punctuation (a compound turn joins its moves with commas and no space) [lenient-notation]",
			"14 plies", "valid",
		},
	}.check(t)
}
