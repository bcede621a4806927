package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The forms of testdata/books that the reader takes (docs/format.md,
// "Forms of print", docs/notation-books.md): each read on the binary to its
// moves, with the warning that says how.

// TestBookLowerCastling: `o-o` among French letters is castling, as in SAN.
func TestBookLowerCastling(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. e4 e5 2. Cf3 Cc6 3. Fc4 Fc5 4. o-o Cf6",
		flags: []string{"--notation", "fr"},
		uci:   "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6",
		say:   []string{":4:35: warning: `o-o` written in lower case; SAN castling is `O-O` or `O-O-O` [lenient-notation]", "valid"},
	}.check(t)
}

// TestBookDashResult: `1–0`, `0—1`, `½–½` with a typeset dash end the game
// with its result (the next game after it on the same line is read as one),
// with a warning that names the dash; in SAN and in a language's letters.
func TestBookDashResult(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "dash.pgn")
	text := "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Dh5 Cc6 3. Ac4 Cf6 4. Dxf7# 1–0\n[Event \"b\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0—1\n\n" +
		"[Event \"c\"]\n[Result \"1/2-1/2\"]\n\n1. P-K4 P-K4 ½–½\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runBinary(t, "validate", path)
	out += stderr
	if code != 0 {
		t.Errorf("validate exits %d:\n%s", code, out)
	}
	for _, s := range []string{
		":4:41: warning: the termination marker `1–0` writes `–` (U+2013) for the hyphen; read as `1-0` [lenient-notation]",
		"game 1: fide, 7 plies, outcome checkmate (white), result 1-0, valid",
		":8:21: warning: the termination marker `0—1` writes `—` (U+2014) for the hyphen; read as `0-1` [lenient-notation]",
		"game 2: fide, 4 plies, outcome checkmate (black), result 0-1, valid",
		":13:14: warning: the termination marker `½–½` writes `–` (U+2013) for the hyphen; read as `1/2-1/2` [lenient-notation]",
		"game 3: fide, 2 plies, outcome none, result 1/2-1/2, valid",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("validate does not say %q:\n%s", s, out)
		}
	}
	pgn, stderr, code := runBinary(t, "convert", "--to", "pgn", path)
	if code != 0 {
		t.Fatalf("convert exits %d: %s", code, stderr)
	}
	for _, s := range []string{"Qxf7# 1-0\n", "Qh4# 0-1\n", "e5 1/2-1/2\n"} {
		if !strings.Contains(pgn, s) {
			t.Errorf("convert --to pgn does not write %q:\n%s", s, pgn)
		}
	}
}

// TestBookSentenceStop: `exf4.`, the full stop of a page's sentence after
// a SAN move, reads as the move.
func TestBookSentenceStop(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. e4 e5 2. Bc4 Bc5 3. b4 Bxb4 4. f4 exf4. 5. Nf3 Nc6.",
		uci:   "e2e4 e7e5 f1c4 f8c5 b2b4 c5b4 f2f4 e5f4 g1f3 b8c6",
		say: []string{
			":4:38: warning: `exf4.`: the full stop after the move ends the page's sentence; read as `exf4` [lenient-notation]",
			":4:51: warning: `Nc6.`: the full stop", "valid",
		},
	}.check(t)
}

// TestBookEllipsisAfter: `3.Bc4…` and `9.Cf5...`, an ellipsis glued to
// the move that leads to the page's prose, read as the move.
func TestBookEllipsisAfter(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1.e4 e5 2.f4 exf4 3.Bc4… 3...Dh4+ 4.Rf1 b5 5.Bxb5 Cf6 6.Cf3 Dh6 7.d3 Ch5 8.Ch4 Dg5 9.Cf5...",
		flags: []string{"--notation", "pt"},
		uci:   "e2e4 e7e5 f2f4 e5f4 f1c4 d8h4 e1f1 b7b5 c4b5 g8f6 g1f3 h4h6 d2d3 f6h5 f3h4 h6g5 h4f5",
		say: []string{
			":4:21: warning: `Bc4…`: the ellipsis after the move leads to the page's prose; read as `Bc4` [lenient-notation]",
			"warning: `Cf5...`: the ellipsis after the move leads to the page's prose; read as `Cf5` [lenient-notation]", "valid",
		},
	}.check(t)
}

// TestBookCommaAfterNumber: `( 19...,Tf8 )`, a comma after a variation's
// move number, read as the move.
func TestBookCommaAfterNumber(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1.e4 e5 2.f4 exf4 3.Cf3 g5\n( 3...,Cf6 )\n4.Bc4",
		flags: []string{"--notation", "pt"},
		uci:   "e2e4 e7e5 f2f4 e5f4 g1f3 g7g5 f1c4",
		say:   []string{":5:7: warning: `,Cf6`: a comma after the move number; read as `Cf6` [lenient-notation]", "valid"},
	}.check(t)
}

// TestBookParenResult: `24.Axe7++ (1-0)`, the result in parentheses at
// the end, ends the game with its result.
func TestBookParenResult(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "paren.pgn")
	text := "[Event \"a\"]\n[Result \"1-0\"]\n\n1.e4 e5 2.Dh5 Cc6 3.Bc4 Cf6 4.Dxf7++ (1-0)\n\n[Event \"b\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Dh4# (0-1)\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runBinary(t, "validate", "--notation", "pt", path)
	out += stderr
	if code != 0 {
		t.Errorf("validate exits %d:\n%s", code, out)
	}
	for _, s := range []string{
		":4:38: warning: the termination marker `(1-0)` is printed in parentheses; read as `1-0` [lenient-notation]",
		"game 1: fide, 7 plies, outcome checkmate (white), result 1-0, valid",
		":9:21: warning: the termination marker `(0-1)` is printed in parentheses; read as `0-1` [lenient-notation]",
		"game 2: fide, 4 plies, outcome checkmate (black), result 0-1, valid",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("validate does not say %q:\n%s", s, out)
		}
	}
}

// TestBookEvaluation: `16. Qd3 +-` keeps the sign as the NAG $18, which
// convert writes.
func TestBookEvaluation(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. e4 e5 2. Nf3 d6 3. d4 f5 4. Bc4 ± fxe4 5. Nxe5 +- d5",
		uci:   "e2e4 e7e5 g1f3 d7d6 d2d4 f7f5 f1c4 f5e4 f3e5 d6d5",
		say: []string{
			":4:36: warning: `±` is an evaluation sign (White has the better game); kept as the NAG $16, as PGN writes it [lenient-notation]",
			":4:52: warning: `+-` is an evaluation sign (White has a decisive advantage); kept as the NAG $18", "valid",
		},
	}.check(t)
	path := filepath.Join(t.TempDir(), "eval.pgn")
	if err := os.WriteFile(path, []byte("[Event \"e\"]\n\n1. e4 e5 2. Nf3 +- *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, stderr, code := runBinary(t, "convert", "--to", "pgn", path); code != 0 || !strings.Contains(out, "2. Nf3 $18 *") {
		t.Errorf("convert --to pgn exits %d, writes\n%s%s\nwant 2. Nf3 $18 *", code, out, stderr)
	}
}

// TestBookResignation: `25.Td8+ aufgegeben`, the German word for resigns
// after the last move, is kept as a comment.
func TestBookResignation(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1.d4 Sf6 2.c4 e5 3.dxe5 Sg4 4.e4 Sxe5 5.f4 Lb4+ 6.Sc3 Sg6 aufgegeben",
		flags: []string{"--notation", "de"},
		uci:   "d2d4 g8f6 c2c4 e7e5 d4e5 f6g4 e2e4 g4e5 f2f4 f8b4 b1c3 e5g6",
		say:   []string{":4:59: warning: `aufgegeben` (German for resigns) after the last move; kept as a comment (the result is the termination marker's) [lenient-notation]", "valid"},
	}.check(t)
}

// TestBookMate: `4. Qxf7 mate.`, the word for mate after the last move, is
// read as the move's `#` and kept as a comment; a move that does not mate
// is the replay's check-mark finding, as a printed `#` is.
func TestBookMate(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 mate.",
		uci:   "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7",
		say: []string{":4:40: warning: `mate.` (English or Spanish for mate) after the last move; read as the move's `#` and kept as a comment [lenient-notation]",
			"outcome checkmate (white)", "valid"},
	}.check(t)
	printedCase{
		moves: "1. e4 e5 2. Nf3 MATE",
		say: []string{":4:13: warning: the record marks \"#\", but this move does not give check [check-mark]",
			":4:17: warning: `MATE` (English or Spanish for mate) after the last move"},
	}.check(t)
}

// TestBookMisprints: the descriptive books' misprints of type (`KR-KI`,
// `B-KT5`, `K-Rsq`, `PxP, e.p.`, `!!!`) read as meant, each with a
// warning that names it.
func TestBookMisprints(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. P-K4 P-Q4 2. P-K5 P-KB4 3. PxP, e.p. KtxP 4. B-KT5 ch P-B3 5. Kt-KB3 PxB 6. Castles B-Kt5!!! 7. R-KI K-B2 8. K-Rsq",
		flags: desc,
		uci:   "e2e4 d7d5 e4e5 f7f5 e5f6 g8f6 f1b5 c7c6 g1f3 c6b5 e1g1 c8g4 f1e1 e8f7 g1h1",
		say: []string{
			":4:31: warning: `PxP, e.p.`: a comma before `e.p.` (a misprint?); read as `PxP e.p.` [lenient-notation]",
			":4:49: warning: `B-KT5 ch`: a capital T in `Kt` (a misprint?); read as `B-Kt5 ch` [lenient-notation]",
			"warning: `B-Kt5!!!`: 3 `!` read as `!!` (a misprint?); read as `B-Kt5!!` [lenient-notation]",
			"warning: `R-KI`: a capital I for the figure 1 (a misprint?); read as `R-K1` [lenient-notation]",
			"warning: `K-Rsq`: `sq` glued to the file (a misprint?); read as `K-R sq` [lenient-notation]",
			"valid",
		},
	}.check(t)
}

// TestBookManTaken: `Sd7xSe5`, German long algebraic naming the man taken.
func TestBookManTaken(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. Sg1-f3 Sb8-c6 2. Sf3-e5 Sc6xSe5",
		flags: []string{"--notation", "de"},
		uci:   "g1f3 b8c6 f3e5 c6e5",
		say: []string{
			":4:28: warning: `Sc6xSe5` names the man taken after the `x`, as long algebraic in German books does; read as the capture on that square (the man there is not compared with the one named) [lenient-notation]",
			"valid",
		},
	}.check(t)
}

// TestBookRussianLookAlikes: Panov's game 15 as printed: Latin `K`, `C`,
// `Kp` for the Russian pieces, a Cyrillic `е` in a square, and `Ce1—d2`
// for `Cc1—d2`, which the destination decides.
func TestBookRussianLookAlikes(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. d2—d4 d7—d5 2. c2—c4 e7—e5 3. d4:e5 d5—d4 4. e2—е3? 4. ... Cf8—b4+ 5. Ce1—d2 d4:e3! 6. Cd2:b4?? 6. ... е3:f2+ 7. Kpe1—e2 7. ... f2:g1K+!!",
		flags: []string{"--notation", "ru"},
		uci:   "d2d4 d7d5 c2c4 e7e5 d4e5 d5d4 e2e3 f8b4 c1d2 d4e3 d2b4 e3f2 e1e2 f2g1n",
		say: []string{
			":4:59: warning: `e2—е3?`: the `е` is Cyrillic (U+0435), where the Latin `e` is expected; read as the letter meant [lenient-notation]",
			"warning: `Ce1—d2`: no bishop on e1 can move to d2 (a misprint of the origin?); read as the only bishop move there, from c1 [lenient-notation]",
			"warning: `Kpe1—e2`: `Kp` is typed in Latin letters, where Russian notation writes `Кр` (Cyrillic, U+041A U+0440) for the king; read as the letter meant [lenient-notation]",
			"valid",
		},
	}.check(t)
	// In SAN a wrong origin stays illegal.
	printedCase{
		moves: "1. d4 d5 2. Be1-f4",
		say:   []string{"error: no white bishop on e1 can move to f4 [illegal-move]"},
		exit:  1,
	}.check(t)
}

// TestBookFrenchPage: `Cç3`, `D x d3`, `dx e4` and `11 ç3 !` as a French
// page types them.
func TestBookFrenchPage(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1 d4 Cf6 2 Cf3 d5 3 Cç3 Ff5 4 Ff4 ç6 5 e3 e6 6 Fd3 Fxd3 7 D x d3 Fe7 8 e4 dx e4 9 Cx e4 Cxe4 10 D x e4 Ff6 11 ç3 ! O-O",
		flags: []string{"--notation", "fr"},
		uci:   "d2d4 g8f6 g1f3 d7d5 b1c3 c8f5 c1f4 c7c6 e2e3 e7e6 f1d3 f5d3 d1d3 f8e7 e3e4 d5e4 c3e4 f6e4 d3e4 e7f6 c2c3 e8g8",
		say: []string{
			":4:21: warning: `Cç3`: the `ç` (U+00E7) stands for the file `c`; read as the letter meant [lenient-notation]",
			":4:61: warning: `D x d3` writes the capture with spaces around the `x`; read as `Dxd3` [lenient-notation]",
			"warning: `dx e4` writes the capture with spaces around the `x`; read as `dxe4` [lenient-notation]",
			"warning: `ç3 !`: the move's glyph stands apart from it; read as `ç3!` [lenient-notation]",
			"valid",
		},
	}.check(t)
}

// TestBookFormsRefused: `A9c` (no square, whichever way its letters
// stand) stays a syntax error, whose message quotes the move as the page
// prints it.
func TestBookFormsRefused(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. e4 e5 2. Cf3 Cc6 3. A9c Ac5",
		flags: []string{"--notation", "es"},
		say:   []string{":4:24: error: found `A9c`, expected a destination square at the end of the move [syntax]"},
		exit:  1,
	}.check(t)
}

// TestBookSpacedLongCapture: `4.d4 x e5, Ag4 x f3`, long algebraic with
// spaces around its `x`, reads as the captures.
func TestBookSpacedLongCapture(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1.e2 - e4, e7 - e5 2.Cg1 - f3, d7 - d6 3.d2 - d4, Ac8 - g4 4.d4 x e5, Ag4 x f3\n5.Dd1 x f3, d6 x e5",
		flags: []string{"--notation", "it"},
		uci:   "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5",
		say: []string{
			":4:62: warning: `d4 x e5` is long algebraic with spaces around the `x`; read as `d4xe5` [lenient-notation]",
			":4:71: warning: `Ag4 x f3` is long algebraic with spaces around the `x`; read as `Ag4xf3` [lenient-notation]",
			"valid",
		},
	}.check(t)
}

// TestBookDashCapture: `4 d - e5, A - f3`, a capture printed with a
// spaced dash and no `x`, reads as the capture; where no such man takes
// there, the replay says so, and where the man goes there but takes
// nothing, it warns of that besides the reader's warning, as of an `x`
// that captures nothing; the JSON move keeps the form's name.
func TestBookDashCapture(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1 e4, e5 2 Cf3, d6 3 d4, Ag4? 4 d - e5, A - f3 5 D - f3, d - e5",
		flags: []string{"--notation", "es"},
		uci:   "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5",
		say: []string{
			":4:33: warning: `d - e5` prints the capture with a spaced dash and no `x`; read as `dxe5` [lenient-notation]",
			":4:41: warning: `A - f3` prints the capture with a spaced dash and no `x`; read as `Axf3` [lenient-notation]",
			"valid",
		},
	}.check(t)
	printedCase{
		moves: "1 e4, e5 2 Cf3, d6 3 f - e5",
		flags: []string{"--notation", "es"},
		say:   []string{":4:22: error: no white pawn on the f-file can move to e5 [illegal-move]"},
		exit:  1,
	}.check(t)
	empty := printedCase{
		moves: "1. e4 e5 2. A - c4 Cc6 3. D - h5 Cf6 4. D - f7",
		flags: []string{"--notation", "es"},
		uci:   "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7",
		say: []string{
			":4:13: warning: `A - c4` prints the capture with a spaced dash and no `x`; read as `Axc4` [lenient-notation]",
			":4:13: warning: A - c4 captures nothing, but its spaced dash is read as a capture (x) [lenient-notation]",
			":4:27: warning: D - h5 captures nothing, but its spaced dash is read as a capture (x) [lenient-notation]",
			"valid",
		},
	}
	empty.check(t)
	path := filepath.Join(t.TempDir(), "dash.pgn")
	if err := os.WriteFile(path, []byte("[Event \"dash\"]\n\n"+empty.moves+" *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runBinary(t, "convert", "--notation", "es", "--to", "jsonl", path)
	if code != 0 || strings.Count(out, `"lenient":["dash-capture"]`) != 3 {
		t.Errorf("convert --to jsonl (exit %d: %s) does not name the three dash captures:\n%s", code, stderr, out)
	}
	if strings.Contains(out, "D - f7 captures nothing") {
		t.Errorf("D - f7 takes the pawn on f7:\n%s", out)
	}
}

// TestBookRankFirst: `3. A4c`, a bishop's square written rank first, reads
// as `Ac4`; where no bishop goes there, the replay says so.
func TestBookRankFirst(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. e4 e5\n2. Cf3 d6\n3. A4c Ag4\n4. Cc3 g6?\n5. Cxe5! Axd1?\n6. Axf7+ Re7,\n7. Cd5++, Jaquemate",
		flags: []string{"--notation", "es"},
		uci:   "e2e4 e7e5 g1f3 d7d6 f1c4 c8g4 b1c3 g7g6 f3e5 g4d1 c4f7 e8e7 c3d5",
		say: []string{
			":6:4: warning: `A4c`: the square is written rank first; read as `Ac4` [lenient-notation]",
			":10:11: warning: `Jaquemate` (Spanish for mate) after the last move; read as the move's `#` and kept as a comment [lenient-notation]",
			"outcome checkmate (white)", "valid",
		},
	}.check(t)
	printedCase{
		moves: "1. e4 e5 2. Cf3 d6 3. A5c",
		flags: []string{"--notation", "es"},
		say:   []string{"`A5c`: the square is written rank first; read as `Ac5`", "[illegal-move]"},
		exit:  1,
	}.check(t)
}

// TestBookGluedNumber: `dxe56.Bc4`, a move number glued to the move
// before it, reads as `dxe5 6.Bc4` where the number is the next one.
func TestBookGluedNumber(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1.e4 e5 2.Nf3 d6\n3.d4 Bg4!?\n4.dxe5! Bxf3\n5.Qxf3! dxe56.Bc4 Nf6!?\n7.Qb3! Qe7!8.Nc3!\n8...c6!9.Bg5! b5!?\n10.Nxb5!! cxb511.Bxb5+ Nbd7",
		uci:   "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 b1c3 c7c6 c1g5 b7b5 c3b5 c6b5 c4b5 b8d7",
		say: []string{
			":7:9: warning: `dxe56.Bc4`: the move number `6.` is glued to the move before it; read as `dxe5 6.Bc4` [lenient-notation]",
			":10:11: warning: `cxb511.Bxb5+`: the move number `11.` is glued to the move before it; read as `cxb5 11.Bxb5+` [lenient-notation]",
			"valid",
		},
	}.check(t)
	printedCase{
		moves: "1.e4 e5 2.Nf3 d6 3.d4 Bg4 4.dxe5 Bxf3 5.Qxf3 dxe57.Bc4",
		say:   []string{"`dxe57.Bc4`", "[syntax]"},
		exit:  1,
	}.check(t)
}

// TestBookProse: the annotator's words at the end of a variation, and a
// phrase for resigns before the marker, are kept as comments.
func TestBookProse(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1 d4 Cf6 2 Cf3 d5 3 Cç3 Ff5 ( 3 ... e6 et les noirs sont mieux) 4 Ff4 ( les blancs l'emportent) ç6 5 e3 les blancs abandonnent",
		flags: []string{"--notation", "fr"},
		uci:   "d2d4 g8f6 g1f3 d7d5 b1c3 c8f5 c1f4 c7c6 e2e3",
		say: []string{
			":4:41: warning: `et les noirs sont mieux`: the annotator's words, which read as no move, end the variation; kept as a comment [lenient-notation]",
			":4:74: warning: `les blancs l'emportent`: the annotator's words, which read as no move, end the variation; kept as a comment [lenient-notation]",
			":4:107: warning: `les blancs abandonnent` (French for resigns) after the last move; kept as a comment (the result is the termination marker's) [lenient-notation]",
			"valid",
		},
	}.check(t)
	printedCase{
		moves: "1 d4 Cf6 2 Cf3 d5 ( 2 ... e6 et 3 Cc3 )",
		flags: []string{"--notation", "fr"},
		say:   []string{":4:30: error: found `et`", "[syntax]"},
		exit:  1,
	}.check(t)
}

// TestBookManTakesMan: `TxT DxT` reads as the one capture of that man by
// that man the position allows; where none or two fit, an error says so.
func TestBookManTakesMan(t *testing.T) {
	t.Parallel()
	printedCase{
		tags:  "[FEN \"6k1/5p2/6q1/6r1/8/6R1/6PK/8 w - - 0 31\"]\n",
		moves: "31 TxT DxT les blancs abandonnent",
		flags: []string{"--notation", "fr"},
		uci:   "g3g5 g6g5",
		say:   []string{":5:4: warning: `TxT` names the man that takes and the man taken, and no square; read as the one capture of that man by that man the position allows [lenient-notation]", "valid"},
	}.check(t)
	printedCase{
		tags:  "[FEN \"1k6/8/8/8/8/K7/8/R2r3R w - - 0 1\"]\n",
		moves: "1 TxT",
		flags: []string{"--notation", "fr"},
		say:   []string{":5:3: error: TxT could be any of Raxd1, Rhxd1: the record must say which", "[ambiguous-move]"},
		exit:  1,
	}.check(t)
	printedCase{
		tags:  "[FEN \"1k6/8/8/8/8/K7/8/R2r3R w - - 0 1\"]\n",
		moves: "1 DxT",
		flags: []string{"--notation", "fr"},
		say:   []string{":5:3: error: no legal move of white is DxT", "[illegal-move]"},
		exit:  1,
	}.check(t)
}

// TestBookParenResultDescriptive: the result in parentheses after a
// descriptive game's last move ends the game with its result, guessed
// notation or named.
func TestBookParenResultDescriptive(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "paren.pgn")
	text := "[Event \"a\"]\n[Result \"1-0\"]\n\n1. P-K4 P-K4 2. B-B4 Kt-QB3 3. Q-R5 Kt-B3 4. QxBP mate (1-0)\n\n[Event \"b\"]\n[Result \"0-1\"]\n\n1. P-KB3 P-K4 2. P-KKt4 Q-R5 mate (0-1)\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"validate", path}, {"validate", "--notation", "descriptive", path}} {
		out, stderr, code := runBinary(t, args...)
		out += stderr
		if code != 0 {
			t.Errorf("%v exits %d:\n%s", args, code, out)
		}
		for _, s := range []string{
			":4:56: warning: the termination marker `(1-0)` is printed in parentheses; read as `1-0` [lenient-notation]",
			"game 1: fide, 7 plies, outcome checkmate (white), result 1-0, valid",
			":9:35: warning: the termination marker `(0-1)` is printed in parentheses; read as `0-1` [lenient-notation]",
			"game 2: fide, 4 plies, outcome checkmate (black), result 0-1, valid",
		} {
			if !strings.Contains(out, s) {
				t.Errorf("%v does not say %q:\n%s", args, s, out)
			}
		}
	}
}

// TestBookOwnFile: `K. B. to his 5th.`, `his` for the file of the man
// that moves, as the Blue Book prints `Q. B. to his 5th.`: a lenient form
// of its own (`own-file`), not a misprint, unless the move holds one
// besides (`!!!`).
func TestBookOwnFile(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. P. to K. 3d. P. to K. 3d. 2. K. B. to Q. 3d. K. B. to Q. 3d. 3. K. B. to his 5th. K. B. to his 5th. !!! 4. K. to his 2d. K. to his 2d. 5. K. to his sq.",
		uci:   "e2e3 e7e6 f1d3 f8d6 d3f5 d6f4 e1e2 e8e7 e2e1",
		say: []string{
			":4:68: warning: `K. B. to his 5th.`: `his` for the file of the man that moves, KB; read as `K. B. to KB 5th.` [lenient-notation]",
			":4:86: warning: `K. B. to his 5th. !!!`: 3 `!` read as `!!`, `his` for the file of the man that moves, KB (a misprint?); read as `K. B. to KB 5th. !!` [lenient-notation]",
			"9 plies", "valid",
		},
	}.check(t)
}

// TestBookMisordered: Lasker's `Kt-P` (`KtxP` meant) reads where one
// legal move fits it, with a warning that names the reading; where two
// fit, it is the error ambiguous-move, and the moves after it are still
// checked.
func TestBookMisordered(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. BxKtQ QPxB 5. Castles Kt-B3 6. R-K Kt-P",
		flags: []string{"--notation", "descriptive"},
		uci:   "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1 g8f6 f1e1 f6e4",
		say: []string{
			":4:49: warning: `BxKtQ`: `KtQ` for `QKt`, the man's letters swapped (a misprint?); read as `BxQKt` [lenient-notation]",
			":4:84: warning: `Kt-P`: `-` where `x` is meant, `P` naming a man, not a square (a misprint?); read as `KtxP` [lenient-notation]",
			"12 plies", "valid",
		},
	}.check(t)
	printedCase{
		tags:  "[SetUp \"1\"]\n[FEN \"8/2k5/8/3pp3/8/2N2N2/8/4K3 w - - 0 1\"]\n",
		moves: "1. Kt-P ch K-Q3 2. K-K2",
		flags: []string{"--notation", "descriptive"},
		say: []string{
			"error: Kt-P ch could be any of Nxd5+ (NxQP ch), Nxe5 (NxKP): the record must say which; read as Nxd5+, the first in square order; both readings fit the next moves [ambiguous-move]",
			"3 plies", "invalid",
		},
		exit: 1,
	}.check(t)
}

// TestBookRookByOrigin: `QR-Q4` with both rooks on the queen's file is the
// rook that started on a1, as the books mean it, with a warning that says
// so.
func TestBookRookByOrigin(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. P-QR4 Kt-QB3 2. P-KR4 Kt-QKt1 3. QR-R3 Kt-QB3 4. KR-R3 Kt-QKt1 5. KR-Q3 Kt-QB3 6. QR-Kt3 Kt-QKt1 7. R-Kt5 Kt-QB3 8. QR-Q5 Kt-QKt1 9. QR-Q4",
		flags: []string{"--notation", "descriptive"},
		uci:   "a2a4 b8c6 h2h4 c6b8 a1a3 b8c6 h1h3 c6b8 h3d3 b8c6 a3b3 c6b8 b3b5 b8c6 b5d5 c6b8 d5d4",
		say: []string{
			"warning: QR-Q4 could be R3d4 (R(Q3)-Q4) or R5d4 (R(Q5)-Q4), and the next moves do not tell; the book names the man by where it started, and only R5d4 (R(Q5)-Q4) moves the rook that started on a1: read as R5d4 [ambiguity-resolved]",
			"17 plies", "valid",
		},
	}.check(t)
}
