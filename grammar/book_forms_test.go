package grammar_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// bookForm is a game of testdata/books's forms: its movetext (with its
// termination marker) read in a notation, the moves' texts, the
// lenient-notation warnings in order (each a part of the message), the
// comments and NAGs kept (the nodes that are not moves, as text), and the
// result read.
type bookForm struct {
	notation record.Notation
	movetext string
	moves    []string
	warnings []string
	others   []string
	result   string
}

// read reads the movetext in its notation, without a guess.
func (c bookForm) read(t *testing.T) *record.Game {
	t.Helper()
	r := grammar.NewReader(strings.NewReader("[Event \"t\"]\n\n"+c.movetext+"\n"), "b.pgn")
	r.SetNotation(c.notation)
	r.SetGuess(false)
	g, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func (c bookForm) check(t *testing.T) {
	t.Helper()
	g := c.read(t)
	if n := g.SyntaxError(); n != nil {
		t.Errorf("%s: syntax error %s", c.movetext, n.Message)
		return
	}
	var moves, others, warns []string
	for _, n := range g.Moves {
		switch n.Kind {
		case record.KindMove:
			moves = append(moves, n.Text)
		case record.KindMoveNumber:
		default:
			others = append(others, n.Text)
		}
	}
	if !slices.Equal(moves, c.moves) {
		t.Errorf("%s: moves %q, want %q", c.movetext, moves, c.moves)
	}
	if !slices.Equal(others, c.others) {
		t.Errorf("%s: comments and NAGs %q, want %q", c.movetext, others, c.others)
	}
	for _, n := range g.Notices {
		if n.Rule == "lenient-notation" {
			warns = append(warns, n.Message)
		}
	}
	if len(warns) != len(c.warnings) {
		t.Errorf("%s: lenient-notation warnings %q, want %d", c.movetext, warns, len(c.warnings))
	} else {
		for i := range warns {
			if !strings.Contains(warns[i], c.warnings[i]) {
				t.Errorf("%s: warning %q, want it to contain %q", c.movetext, warns[i], c.warnings[i])
			}
		}
	}
	if g.Result != c.result {
		t.Errorf("%s: result %q, want %q", c.movetext, g.Result, c.result)
	}
}

// TestBookFormLowerCastling: `o-o` in a language's letters.
func TestBookFormLowerCastling(t *testing.T) {
	bookForm{record.French, "1. e4 e5 2. Cf3 Cc6 3. Fc4 Fc5 4. o-o o-o *", []string{"e4", "e5", "Cf3", "Cc6", "Fc4", "Fc5", "o-o", "o-o"},
		[]string{"`o-o` written in lower case", "`o-o` written in lower case"}, nil, "*"}.check(t)
	bookForm{record.Spanish, "1. d4 d5 2. Cc3 Cc6 3. Af4 Af5 4. Dd2 Dd7 5. o-o-o o-o-o+ *", []string{"d4", "d5", "Cc3", "Cc6", "Af4", "Af5", "Dd2", "Dd7", "o-o-o", "o-o-o+"},
		[]string{"`o-o-o` written in lower case", "`o-o-o+` written in lower case"}, nil, "*"}.check(t)
	// Only castling is read so: `o` is no file.
	bookForm{record.French, "1. e4 e5 2. of3 *", nil, nil, nil, ""}.checkError(t, "`of3`")
}

// TestBookFormDashResult: the result with a typeset dash, in each reader.
func TestBookFormDashResult(t *testing.T) {
	for _, c := range []bookForm{
		{record.SAN, "1. e4 e5 1–0", []string{"e4", "e5"}, []string{"the termination marker `1–0` writes `–` (U+2013) for the hyphen; read as `1-0`"}, nil, "1-0"},
		{record.SAN, "1. e4 e5 0−1", []string{"e4", "e5"}, []string{"`0−1` writes `−` (U+2212)"}, nil, "0-1"},
		{record.SAN, "1. e4 e5 1/2–1/2", []string{"e4", "e5"}, []string{"`1/2–1/2` writes `–`"}, nil, "1/2-1/2"},
		{record.Spanish, "1. e4 e5 2. Cf3 Cc6 1–0", []string{"e4", "e5", "Cf3", "Cc6"}, []string{"`1–0`"}, nil, "1-0"},
		{record.DescriptiveNotation, "1. P-K4 P-K4 ½–½", []string{"P-K4", "P-K4"}, []string{"`½–½` writes `–`"}, nil, "1/2-1/2"},
		{record.DescriptiveNotation, "1. P-K4 P-K4 1—0", []string{"P-K4", "P-K4"}, []string{"`1—0` writes `—` (U+2014)"}, nil, "1-0"},
	} {
		c.check(t)
	}
	// The typeset marker ends the game for the splitter too: the next
	// game is a game, in every notation.
	games, err := grammar.ReadAll(strings.NewReader("[Event \"a\"]\n\n1. e4 e5 1–0\n[Event \"b\"]\n\n1. P-K4 ½–½\n[Event \"c\"]\n\n1. d4 *\n"), "s.pgn")
	if err != nil || len(games) != 3 || games[0].Result != "1-0" || games[1].Result != "1/2-1/2" || games[2].Result != "*" {
		t.Errorf("three games split at their typeset markers: %d games, %v", len(games), err)
	}
}

// TestBookFormParenResult: `24.Axe7++ (1-0)`, the result in parentheses
// after the last move, ends the game with its result, for the splitter
// too; inside a variation, or with more in the parentheses, it is none.
func TestBookFormParenResult(t *testing.T) {
	bookForm{record.SAN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# (1-0)", []string{"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"},
		[]string{"the termination marker `(1-0)` is printed in parentheses; read as `1-0`"}, nil, "1-0"}.check(t)
	bookForm{record.Portuguese, "1. e4 e5 2. Cf3 Cc6 (1/2-1/2)", []string{"e4", "e5", "Cf3", "Cc6"}, []string{"`(1/2-1/2)`"}, nil, "1/2-1/2"}.check(t)
	bookForm{record.SAN, "1. e4 e5 (1-0 wins) *", nil, nil, nil, ""}.checkError(t, "")
	games, err := grammar.ReadAll(strings.NewReader("[Event \"a\"]\n\n1. e4 e5 (0-1)\n[Event \"b\"]\n\n1. d4 (2. c4) *\n"), "s.pgn")
	if err != nil || len(games) != 2 || games[0].Result != "0-1" || games[1].Result != "*" || len(games[1].Moves) != 3 {
		t.Errorf("two games split at a marker in parentheses: %d games, %v", len(games), err)
	}
}

// TestBookFormParenResultDescriptive: the result in parentheses after
// the last move reads in descriptive notation as in SAN, for the splitter
// too; inside a variation, or with more in the parentheses, it is none.
func TestBookFormParenResultDescriptive(t *testing.T) {
	bookForm{record.DescriptiveNotation, "1. P-K4 P-K4 2. B-B4 Kt-QB3 3. Q-R5 Kt-B3 4. QxBP mate (1-0)", []string{"P-K4", "P-K4", "B-B4", "Kt-QB3", "Q-R5", "Kt-B3", "QxBP mate"},
		[]string{"the termination marker `(1-0)` is printed in parentheses; read as `1-0`"}, nil, "1-0"}.check(t)
	bookForm{record.DescriptiveNotation, "19.  Kt. takes Q.                 19.  B. takes Q. (1/2-1/2)", []string{"Kt. takes Q.", "B. takes Q."}, []string{"`(1/2-1/2)`"}, nil, "1/2-1/2"}.check(t)
	bookForm{record.DescriptiveNotation, "1. P-K4 P-K4 (1-0 wins) *", nil, nil, nil, ""}.checkError(t, "`wins`")
	r := grammar.NewReader(strings.NewReader("[Event \"a\"]\n\n1. P-K4 P-K4 (0-1)\n[Event \"b\"]\n\n1. P-Q4 (1. P-QB4) *\n"), "s.pgn")
	r.SetNotation(record.DescriptiveNotation)
	r.SetGuess(false)
	for i, want := range []struct {
		result string
		nodes  int
	}{{"0-1", 3}, {"*", 3}} {
		g, err := r.Next()
		if err != nil || g == nil || g.Result != want.result || len(g.Moves) != want.nodes {
			t.Errorf("game %d split at a marker in parentheses: %v, %v", i+1, g, err)
		}
	}
}

// TestBookFormOwnFile: `K. B. to his 5th.`, `his` before a rank other
// than the first names the file of the man that moves; only a man named
// by its file has one (`B. to his 5th.` does not read), and `his sq.` is
// the man's own square, as before, with no warning.
func TestBookFormOwnFile(t *testing.T) {
	bookForm{record.DescriptiveNotation, "1. P. to K. 3d. P. to K. 3d. 2. K. B. to Q. 3d. K. B. to Q. 3d. 3. K. B. to his 5th. Q. to her 2d. 4. K. to his 2d. K. to his sq. *",
		[]string{"P. to K. 3d.", "P. to K. 3d.", "K. B. to Q. 3d.", "K. B. to Q. 3d.", "K. B. to his 5th.", "Q. to her 2d.", "K. to his 2d.", "K. to his sq."},
		[]string{"`K. B. to his 5th.`: `his` for the file of the man that moves, KB; read as `K. B. to KB 5th.`", "`Q. to her 2d.`: `her` for the file of the man that moves, Q", "`K. to his 2d.`: `his`"}, nil, "*"}.check(t)
	bookForm{record.DescriptiveNotation, "1. P. to K. 3d. P. to K. 3d. 2. K. B. to Q. 3d. K. B. to Q. 3d. 3. B. to his 5th. *", nil, nil, nil, ""}.checkError(t, "`B.`")
	bookForm{record.DescriptiveNotation, "1. K. P. to his 4th. *", nil, nil, nil, ""}.checkError(t, "")
}

// TestBookFormMisordered: Lasker's `Kt-P`, `BxKtQ` and `R-(B5)B7`, moves
// whose parts stand out of order, read put in order, each with a warning
// that names the reading (the replay takes it only where one legal move
// fits: replay's TestDescriptiveMisread); `Kt-B` is the first rank, not a
// man, `BxKtR` swaps to no man, and a pawn's `PxRQ` (a promotion?) is not
// swapped.
func TestBookFormMisordered(t *testing.T) {
	bookForm{record.DescriptiveNotation, "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. BxKtQ ch Kt-P! 5. R-(B5)B7 *", []string{"P-K4", "P-K4", "Kt-KB3", "Kt-QB3", "B-Kt5", "P-QR3", "BxKtQ ch", "Kt-P!", "R-(B5)B7"},
		[]string{"`BxKtQ ch`: `KtQ` for `QKt`, the man's letters swapped (a misprint?); read as `BxQKt ch`",
			"`Kt-P!`: `-` where `x` is meant, `P` naming a man, not a square (a misprint?); read as `KtxP!`",
			"`R-(B5)B7`: the man's square `(B5)` printed after the dash, where it belongs before it (a misprint?); read as `R(B5)-B7`"}, nil, "*"}.check(t)
	bookForm{record.DescriptiveNotation, "1. Kt-B *", []string{"Kt-B"}, []string{"`Kt-B` names no rank"}, nil, "*"}.check(t)
	bookForm{record.DescriptiveNotation, "1. P-K4 P-K4 2. BxKtR *", nil, nil, nil, ""}.checkError(t, "`BxKtR`")
	bookForm{record.DescriptiveNotation, "1. P-K4 P-K4 2. PxRQ *", nil, nil, nil, ""}.checkError(t, "`PxRQ`")
	for text, want := range map[string]bool{"Kt-P": true, "KtxP": false, "BxKtQ": true, "BxQKt": false, "R-(B5)B7": true, "R(B5)-B7": false, "K. B. to his 5th.": false} {
		m, err := grammar.ParseDescriptive(text)
		if err != nil || m.Desc == nil || m.Desc.Misread != want {
			t.Errorf("%s: read %v, Misread want %v (%v)", text, m.Desc, want, err)
		}
	}
}

// checkError: the movetext does not read; the error names want.
func (c bookForm) checkError(t *testing.T, want string) {
	t.Helper()
	if n := c.read(t).SyntaxError(); n == nil || !strings.Contains(n.Message, want) {
		t.Errorf("%s: error %v, want one naming %q", c.movetext, n, want)
	}
}

// TestBookFormSentenceStop: `exf4.`, a sentence's full stop after a move,
// in SAN and in a language's letters; two dots are no sentence's end.
func TestBookFormSentenceStop(t *testing.T) {
	bookForm{record.SAN, "1. e4 e5 2. f4 exf4. 3. Nf3 Nc6. 4. Bc4 Qh4+. *", []string{"e4", "e5", "f4", "exf4.", "Nf3", "Nc6.", "Bc4", "Qh4+."},
		[]string{"`exf4.`: the full stop after the move ends the page's sentence; read as `exf4`", "`Nc6.`", "`Qh4+.`: the full stop after the move ends the page's sentence; read as `Qh4+`"}, nil, "*"}.check(t)
	bookForm{record.German, "1. e4 e5 2. Sf3 Sc6. *", []string{"e4", "e5", "Sf3", "Sc6."}, []string{"`Sc6.`"}, nil, "*"}.check(t)
	bookForm{record.SAN, "1. e4 e5.. *", nil, nil, nil, ""}.checkError(t, "`e5..`")
	bookForm{record.SAN, "1. e4 Zf5. *", nil, nil, nil, ""}.checkError(t, "`Zf5.`")
}

// TestBookFormEllipsisAfter: `Bc4…` and `Cf5...`, an ellipsis glued to
// the end of a move leading to the page's prose, in SAN and a language's
// letters; four dots, or an ellipsis and a dot, are no such ellipsis.
func TestBookFormEllipsisAfter(t *testing.T) {
	bookForm{record.SAN, "1. e4 e5 2. f4 exf4 3. Bc4… 3... Qh4+ 4. Kf1 b5... *", []string{"e4", "e5", "f4", "exf4", "Bc4…", "Qh4+", "Kf1", "b5..."},
		[]string{"`Bc4…`: the ellipsis after the move leads to the page's prose; read as `Bc4`", "`b5...`: the ellipsis after the move leads to the page's prose; read as `b5`"}, nil, "*"}.check(t)
	bookForm{record.Portuguese, "1. e4 e5 2. Cf3... Cc6 *", []string{"e4", "e5", "Cf3...", "Cc6"}, []string{"`Cf3...`"}, nil, "*"}.check(t)
	bookForm{record.SAN, "1. e4 e5.... *", nil, nil, nil, ""}.checkError(t, "`e5....`")
	bookForm{record.SAN, "1. e4 e5…. *", nil, nil, nil, ""}.checkError(t, "`e5…")
	bookForm{record.SAN, "1. e4 Zf5… *", nil, nil, nil, ""}.checkError(t, "`Zf5…`")
}

// TestBookFormCommaAfterNumber: `( 19...,Tf8 )`, a comma after a move
// number, in a variation and on the main line; a comma with no number
// before it stays an error.
func TestBookFormCommaAfterNumber(t *testing.T) {
	bookForm{record.Portuguese, "1. e4 e5 2. Cf3 Cc6 ( 2...,d6 ) 3.,Bc4 *", []string{"e4", "e5", "Cf3", "Cc6", "Bc4"},
		[]string{"`,d6`: a comma after the move number; read as `d6`", "`,Bc4`: a comma after the move number; read as `Bc4`"}, []string{""}, "*"}.check(t)
	bookForm{record.SAN, "1. e4 ,e5 *", nil, nil, nil, ""}.checkError(t, "`,e5`")
}

// TestBookFormEvaluation: the evaluation signs after a move are kept as
// their NAGs, in SAN and descriptive notation.
func TestBookFormEvaluation(t *testing.T) {
	bookForm{record.SAN, "1. e4 += e5 =+ 2. Nf3 ± Nc6 ∓ 3. Bb5 +- a6 -+ 1-0", []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"},
		[]string{"`+=` is an evaluation sign (White stands slightly better); kept as the NAG $14", "`=+`", "`±`", "`∓`", "`+-` is an evaluation sign (White has a decisive advantage); kept as the NAG $18", "`-+`"},
		[]string{"$14", "$15", "$16", "$17", "$18", "$19"}, "1-0"}.check(t)
	bookForm{record.DescriptiveNotation, "1. P-K4 P-K4 2. Q-R5 ± Kt-QB3 *", []string{"P-K4", "P-K4", "Q-R5", "Kt-QB3"}, []string{"`±`"}, []string{"$16"}, "*"}.check(t)
	// A sign stands after a move, not in its place.
	bookForm{record.SAN, "1. +- e4 *", nil, nil, nil, ""}.checkError(t, "`+-`")
}

// TestBookFormResignation: a word for resigns after the last move is kept
// as a comment; the result is the marker's. Elsewhere it is no move.
func TestBookFormResignation(t *testing.T) {
	bookForm{record.German, "1. e4 e5 2. Dh5 Sc6 3. Lc4 Sf6 4. Dxf7# aufgegeben 1-0", []string{"e4", "e5", "Dh5", "Sc6", "Lc4", "Sf6", "Dxf7#"},
		[]string{"`aufgegeben` (German for resigns) after the last move; kept as a comment"}, []string{"aufgegeben"}, "1-0"}.check(t)
	bookForm{record.SAN, "1. f3 e5 2. g4 Qh4# gibt auf 0-1", []string{"f3", "e5", "g4", "Qh4#"}, []string{"`gibt auf` (German"}, []string{"gibt auf"}, "0-1"}.check(t)
	bookForm{record.Spanish, "1. e4 e5 2. Dh5 Cc6 Se rinde. *", []string{"e4", "e5", "Dh5", "Cc6"}, []string{"`Se rinde.` (Spanish"}, []string{"Se rinde."}, "*"}.check(t)
	bookForm{record.SAN, "1. e4 e5 2. Qh5 resigns Nc6 *", nil, nil, nil, ""}.checkError(t, "`resigns`")
	bookForm{record.SAN, "1. e4 e5 2. Qh5 gibt Nc6 *", nil, nil, nil, ""}.checkError(t, "`gibt`")
	bookForm{record.SAN, "1. e4 e5 2. Qh5 (2. Nf3 resigns Nc6) Nc6 *", nil, nil, nil, ""}.checkError(t, "`resigns`")
}

// TestBookFormMate: a word for mate after the last move is read as the
// move's `#` (replacing a `+`) and kept as a comment. Elsewhere it is no
// move.
func TestBookFormMate(t *testing.T) {
	bookForm{record.SAN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 mate. 1-0", []string{"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7"},
		[]string{"`mate.` (English or Spanish for mate) after the last move; read as the move's `#` and kept as a comment"}, []string{"mate."}, "1-0"}.check(t)
	bookForm{record.German, "1. f3 e5 2. g4 Dh4+ MATT 0-1", []string{"f3", "e5", "g4", "Dh4+"}, []string{"`MATT` (German for mate)"}, []string{"MATT"}, "0-1"}.check(t)
	bookForm{record.SAN, "1. e4 e5 2. Qh5 mate Nc6 *", nil, nil, nil, ""}.checkError(t, "`mate`")
	bookForm{record.SAN, "1. e4 e5 2. Qh5 (2. Nf3 mat 2... Nc6) Nc6 *", nil, nil, nil, ""}.checkError(t, "`mat`")
	// The word is the move's mark, which the replay judges.
	for _, text := range []string{"1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 mate. 1-0", "1. f3 e5 2. g4 Qh4+ MATE 0-1", "1. e4 e5 2. Nf3 ! {good} mat *"} {
		g := bookForm{notation: record.SAN, movetext: text}.read(t)
		var last *record.Move
		for _, n := range g.Moves {
			if n.Kind == record.KindMove {
				last = n.Move
			}
		}
		if last == nil || last.Check != '#' {
			t.Errorf("%q: the last move %+v, want it marked #", text, last)
		}
	}
}

// TestBookFormMisprints: the books' misprints of type read as meant, each
// named in its warning; SAN reads a run of one glyph too.
func TestBookFormMisprints(t *testing.T) {
	for _, c := range []bookForm{
		{record.DescriptiveNotation, "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-KT5 P-QR3 *", []string{"P-K4", "P-K4", "Kt-KB3", "Kt-QB3", "B-KT5", "P-QR3"},
			[]string{"`B-KT5`: a capital T in `Kt` (a misprint?); read as `B-Kt5`"}, nil, "*"},
		{record.DescriptiveNotation, "1. P-K4 P-K4 2. Q-R5 Kt-QB3 3. B-B4 Kt-B3 4. QxBP mate!!! *", []string{"P-K4", "P-K4", "Q-R5", "Kt-QB3", "B-B4", "Kt-B3", "QxBP mate!!!"},
			[]string{"`QxBP mate!!!`: 3 `!` read as `!!` (a misprint?); read as `QxBP mate!!`"}, nil, "*"},
		{record.DescriptiveNotation, "1. P-K4 P-Q4 2. P-K5 P-KB4 3. PxP, e.p. *", []string{"P-K4", "P-Q4", "P-K5", "P-KB4", "PxP, e.p."},
			[]string{"`PxP, e.p.`: a comma before `e.p.` (a misprint?); read as `PxP e.p.`"}, nil, "*"},
		{record.SAN, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#!!!! *", []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#!!!!"},
			[]string{"`Qxf7#!!!!`: 4 `!` read as `!!`"}, nil, "*"},
	} {
		c.check(t)
	}
	// The form without its position: the misprint's square.
	for _, c := range []struct {
		text  string
		files uint8
		rank  int8
	}{{"KR-KI", 1 << 4, 1}, {"K-Rsq", 1<<0 | 1<<7, 1}, {"R-Ktsq", 1<<1 | 1<<6, 1}} {
		m, err := grammar.ParseDescriptive(c.text)
		if err != nil || m.Desc == nil || m.Desc.ToFiles != c.files || m.Desc.ToRank != c.rank || m.Lenient&record.LenientMisprint == 0 {
			t.Errorf("%s: %+v %v, want a move to files %b rank %d, a misprint", c.text, m.Desc, err, c.files, c.rank)
		}
	}
	for _, c := range []bookForm{
		{record.SAN, "1. e4 e5!?! *", nil, nil, nil, ""},
		{record.DescriptiveNotation, "1. P-K4 P-K4 2. P-KII *", nil, nil, nil, ""},
	} {
		c.checkError(t, "`")
	}
}

// TestBookFormManTaken: German long algebraic naming the man taken reads
// as the capture on its square; without the origin square it does not.
func TestBookFormManTaken(t *testing.T) {
	bookForm{record.German, "1. Sb1-c3 d7-d5 2. Sc3xd5 Dd8xSd5 *", []string{"Sb1-c3", "d7-d5", "Sc3xd5", "Dd8xSd5"},
		[]string{"`Sb1-c3` is long", "`d7-d5` is long", "`Dd8xSd5` names the man taken after the `x`"}, nil, "*"}.check(t)
	bookForm{record.German, "1. Sc3 d5 2. SxSd5 *", nil, nil, nil, ""}.checkError(t, "an origin square")
	bookForm{record.German, "1. e4 d5 2. Sb1xSc3 *", []string{"e4", "d5", "Sb1xSc3"}, []string{"`Sb1xSc3` names the man taken"}, nil, "*"}.check(t)
}

// TestBookFormRussianLookAlikes: a Russian move typed with letters of the
// other alphabet reads as the one meant, each letter named; in SAN the
// Cyrillic letter stays an error.
func TestBookFormRussianLookAlikes(t *testing.T) {
	bookForm{record.Russian, "1. d2—d4 d7—d5 2. c2—c4 e7—е6 3. Кb1—с3 Kg8—f6 4. Cc1—g5 Cf8—e7 5. e2—e3 Kpe8—f8 *",
		[]string{"d2—d4", "d7—d5", "c2—c4", "e7—е6", "Кb1—с3", "Kg8—f6", "Cc1—g5", "Cf8—e7", "e2—e3", "Kpe8—f8"},
		[]string{
			"`e7—е6`: the `е` is Cyrillic (U+0435), where the Latin `e` is expected; read as the letter meant",
			"`Кb1—с3`: the `с` is Cyrillic (U+0441)",
			"`Kg8—f6`: `K` is typed in Latin letters, where Russian notation writes `К` (Cyrillic, U+041A) for the knight",
			"`Cc1—g5`: `C` is typed in Latin letters, where Russian notation writes `С` (Cyrillic, U+0421) for the bishop",
			"`Cf8—e7`: `C`",
			"`Kpe8—f8`: `Kp` is typed in Latin letters, where Russian notation writes `Кр` (Cyrillic, U+041A U+0440) for the king",
		}, nil, "*"}.check(t)
	m, err := grammar.ParseMoveIn("f2:g1K+", record.Russian)
	if err != nil || m.Promotion != 'N' || m.Lenient&record.LenientLookAlike == 0 {
		t.Errorf("f2:g1K+: promotion %q lenient %b %v, want a knight, a look-alike", m.Promotion, m.Lenient, err)
	}
	bookForm{record.SAN, "1. е4 *", nil, nil, nil, ""}.checkError(t, "`е4`: the `е` is Cyrillic (U+0435), where the Latin `e` is expected")
	bookForm{record.Russian, "1. Xe2—e4 *", nil, nil, nil, ""}.checkError(t, "`Xe2—e4`")
}

// TestBookFormFrenchPage: a French page's `ç` for `c`, captures with
// spaces around the `x`, and a glyph apart from its move.
func TestBookFormFrenchPage(t *testing.T) {
	bookForm{record.French, "1. d4 Cf6 2. Cf3 d5 3. Cç3 Ff5 4. Ff4 ç6 5. e3 e6 6. Fd3 Fxd3 7. D x d3 Fe7 8. e4 dx e4 9. Cx e4 Cxe4 *",
		[]string{"d4", "Cf6", "Cf3", "d5", "Cç3", "Ff5", "Ff4", "ç6", "e3", "e6", "Fd3", "Fxd3", "D x d3", "Fe7", "e4", "dx e4", "Cx e4", "Cxe4"},
		[]string{
			"`Cç3`: the `ç` (U+00E7) stands for the file `c`; read as the letter meant",
			"`ç6`: the `ç`",
			"`D x d3` writes the capture with spaces around the `x`; read as `Dxd3`",
			"`dx e4` writes the capture with spaces around the `x`; read as `dxe4`",
			"`Cx e4` writes the capture with spaces",
		}, nil, "*"}.check(t)
	bookForm{record.SAN, "1. e4 d5 2. e x d5 Qxd5 3. Nc3 ?! Qa5 *", []string{"e4", "d5", "e x d5", "Qxd5", "Nc3 ?!", "Qa5"},
		[]string{"`e x d5` writes the capture with spaces around the `x`; read as `exd5`", "`Nc3 ?!`: the move's glyph stands apart"}, nil, "*"}.check(t)
	// Not joined: a move that reads by itself before an `x` with no
	// square after it, a glyph after one.
	bookForm{record.SAN, "1. e4 x Nc6 *", nil, nil, nil, ""}.checkError(t, "`x`")
	bookForm{record.SAN, "1. e4! ! *", nil, nil, nil, ""}.checkError(t, "`!`")
}

// TestBookFormSpacedLongCapture: `4.d4 x e5, Ag4 x f3`, long algebraic
// with spaces around its `x` (an Italian page), read as `d4xe5`, `Ag4xf3`;
// a move that names no origin square before the `x` is not joined.
func TestBookFormSpacedLongCapture(t *testing.T) {
	bookForm{record.Italian, "1.e2 - e4, e7 - e5 2.Cg1 - f3, d7 - d6 3.d2 - d4, Ac8 - g4 4.d4 x e5, Ag4 x f3 *",
		[]string{"e2 - e4", "e7 - e5", "Cg1 - f3", "d7 - d6", "d2 - d4", "Ac8 - g4", "d4 x e5", "Ag4 x f3"},
		[]string{
			"`e2 - e4` is long", "`e2 - e4,`: the comma", "`e7 - e5` is long", "`Cg1 - f3` is long", "`Cg1 - f3,`: the comma",
			"`d7 - d6` is long", "`d2 - d4` is long", "`d2 - d4,`: the comma", "`Ac8 - g4` is long",
			"`d4 x e5` is long algebraic with spaces around the `x`; read as `d4xe5`", "`d4 x e5,`: the comma",
			"`Ag4 x f3` is long algebraic with spaces around the `x`; read as `Ag4xf3`",
		}, nil, "*"}.check(t)
	bookForm{record.SAN, "1. e4 d5 2. Nf3 x d5 *", []string{"e4", "d5", "Nf3 x d5"}, []string{"`Nf3 x d5` is long algebraic with spaces around the `x`"}, nil, "*"}.check(t)
	bookForm{record.SAN, "1. e4 d5 2. Nc3 x e4 *", []string{"e4", "d5", "Nc3 x e4"}, []string{"read as `Nc3xe4`"}, nil, "*"}.check(t)
	bookForm{record.Italian, "1. e4 d5 2. Ac4 x *", nil, nil, nil, ""}.checkError(t, "`x`")
}

// TestBookFormDashCapture: `4 d - e5, A - f3`, a newspaper's capture
// printed with a spaced dash and no `x`, read as `dxe5`, `Axf3`; a pawn's
// own file, or a piece with a square before the dash, is not.
func TestBookFormDashCapture(t *testing.T) {
	bookForm{record.Spanish, "1 e4, e5 2 Cf3, d6 3 d4, Ag4? 4 d - e5, A - f3 5 D - f3, d - e5 6 Ac4 *",
		[]string{"e4", "e5", "Cf3", "d6", "d4", "Ag4?", "d - e5", "A - f3", "D - f3", "d - e5", "Ac4"},
		[]string{
			"`e4,`: the comma", "`Cf3,`: the comma", "`d4,`: the comma",
			"`d - e5,`: the comma", "`d - e5` prints the capture with a spaced dash and no `x`; read as `dxe5`",
			"`A - f3` prints the capture with a spaced dash and no `x`; read as `Axf3`",
			"`D - f3,`: the comma", "`D - f3` prints the capture with a spaced dash and no `x`; read as `Dxf3`",
			"`d - e5` prints the capture",
		}, nil, "*"}.check(t)
	bookForm{record.SAN, "1. e4 d5 2. e - d5 Q - d5 *", []string{"e4", "d5", "e - d5", "Q - d5"}, []string{"read as `exd5`", "read as `Qxd5`"}, nil, "*"}.check(t)
	for _, text := range []string{"1. e4 e5 2. e - e4 *", "1. e4 e5 2. Nf3 - Nc6 *", "1. e4 e5 2. N - *", "1. e4 e5 2. Nb - d2 *"} {
		bookForm{notation: record.SAN, movetext: text}.checkError(t, "`")
	}
}

// TestBookFormRankFirst: `3. A4c`, a piece's square written rank first,
// reads as `Ac4`; a word that the swap does not make a piece's move of
// stays an error.
func TestBookFormRankFirst(t *testing.T) {
	bookForm{record.Spanish, "1. e4 e5 2. Cf3 d6 3. A4c Ag4 4. Cc3 g6? 5. Cxe5! Axd1? 6. Axf7+ Re7, 7. Cd5++, Jaquemate 1-0",
		[]string{"e4", "e5", "Cf3", "d6", "A4c", "Ag4", "Cc3", "g6?", "Cxe5!", "Axd1?", "Axf7+", "Re7", "Cd5++"},
		[]string{
			"`A4c`: the square is written rank first; read as `Ac4`", "`Re7,`: the comma", "`Cd5++` writes mate as `++`", "`Cd5++,`: the comma",
			"`Jaquemate` (Spanish for mate) after the last move; read as the move's `#` and kept as a comment",
		}, []string{"Jaquemate"}, "1-0"}.check(t)
	bookForm{record.SAN, "1. e4 e5 2. N3f+ *", []string{"e4", "e5", "N3f+"}, []string{"`N3f+`: the square is written rank first; read as `Nf3+`"}, nil, "*"}.check(t)
	for _, text := range []string{"1. e4 e5 2. Cf3 Cc6 3. A9c *", "1. e4 e5 2. Cf3 Cc6 3. A4cc *", "1. e4 e5 2. Cf3 Cc6 3. Ab4c *", "1. e4 e5 2. Cf3 Cc6 3. 4c *"} {
		bookForm{notation: record.Spanish, movetext: text}.checkError(t, "`")
	}
}

// TestBookFormGluedNumber: `dxe56.Bc4`, a move number glued to the move
// before it, reads as `dxe5 6.Bc4` where the number is the one that
// follows; any other number, or dots for the other side, stay an error.
func TestBookFormGluedNumber(t *testing.T) {
	bookForm{record.SAN, "1.e4 e5 2.Nf3 d6 3.d4 Bg4 4.dxe5 Bxf3 5.Qxf3 dxe56.Bc4 Nf6 7.Qb3 Qe7!8.Nc3 8...c6!9.Bg5 b5 10.Nxb5 cxb511.Bxb5+ *",
		[]string{"e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3", "Qe7!", "Nc3", "c6!", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+"},
		[]string{
			"`dxe56.Bc4`: the move number `6.` is glued to the move before it; read as `dxe5 6.Bc4`",
			"`Qe7!8.Nc3`: the move number `8.`", "`c6!9.Bg5`: the move number `9.`", "`cxb511.Bxb5+`: the move number `11.` is glued to the move before it; read as `cxb5 11.Bxb5+`",
		}, nil, "*"}.check(t)
	bookForm{record.German, "1.e4 e5 2.Sf3 Sc6 3.Lb5 a64.La4 *", []string{"e4", "e5", "Sf3", "Sc6", "Lb5", "a6", "La4"}, []string{"read as `a6 4.La4`"}, nil, "*"}.check(t)
	for _, text := range []string{
		"1.e4 e5 2.Nf3 d6 3.d4 Bg4 4.dxe5 Bxf3 5.Qxf3 dxe57.Bc4 *",
		"1.e4 e5 2.Nf3 d6 3.d4 Bg4 4.dxe5 Bxf3 5.Qxf3 dxe56...Bc4 *",
		"1.e4 e5 2.Nf3 d6 3.d44...Bg4 *",
		"1.e4 e5 2.Nf3 d6 3.d4 Bg4 4.dxe5 Bxf3 5.Qxf3 dxe56. *",
	} {
		bookForm{notation: record.SAN, movetext: text}.checkError(t, "`")
	}
	// White's move with Black's number glued: the dots say the side.
	bookForm{record.SAN, "1.e4 e5 2.Nf32...Nc6 *", []string{"e4", "e5", "Nf3", "Nc6"}, []string{"read as `Nf3 2...Nc6`"}, nil, "*"}.check(t)
}

// TestBookFormGluedNumberNumbering: the move after a glued number is
// numbered by it: no move number is missing before it, and a variation
// after it starts at its numbering (a wrong one is warned of).
func TestBookFormGluedNumberNumbering(t *testing.T) {
	for _, c := range []struct {
		movetext string
		want     int // move-number notices
	}{
		{"1.e4 e5 2.Nf3 Nc63.Bc4 (3.Bb5 a6) 3...Bc5 *", 0},
		{"1.e4 e52.Nf3 (2.Nc3 Nf6) 2...Nc6 (2...d6 3.d4) 3.Bc4 *", 0},
		{"1.e4 e5 2.Nf3 Nc63.Bc4 (2...Nf6) 3...Bc5 *", 1},
		{"1.e4 e52.Nf3 Nc6 Bc4 *", 1},
	} {
		g := bookForm{notation: record.SAN, movetext: c.movetext}.read(t)
		if n := g.SyntaxError(); n != nil {
			t.Errorf("%s: syntax error %s", c.movetext, n.Message)
			continue
		}
		var got []string
		for _, n := range g.Notices {
			if n.Rule == "move-number" {
				got = append(got, n.Message)
			}
		}
		if len(got) != c.want {
			t.Errorf("%s: move-number notices %q, want %d", c.movetext, got, c.want)
		}
	}
}

// TestBookFormProse: the annotator's words at the end of a variation
// (`17 Df3 et les blancs sont nettement mieux)`), a variation of words only,
// and a phrase for resigns before the marker are kept as comments; words
// that run into a move or a number are not.
func TestBookFormProse(t *testing.T) {
	bookForm{record.French, "1 d4 Cf6 2 Cf3 d5 3 Cç3 Ff5 ( 3 ... e6 et les noirs sont mieux) 4 Ff4 ( les blancs l'emportent) ç6 ( ç6 ! gagnait) 5 e3 les blancs abandonnent 0-1",
		[]string{"d4", "Cf6", "Cf3", "d5", "Cç3", "Ff5", "Ff4", "ç6", "e3"},
		[]string{
			"`Cç3`: the `ç`", "`3 ...`",
			"`et les noirs sont mieux`: the annotator's words, which read as no move, end the variation; kept as a comment",
			"`les blancs l'emportent`: the annotator's words", "`ç6`: the `ç`", "`ç6 !`: the `ç`", "`ç6 !`: the move's glyph",
			"`gagnait`: the annotator's words",
			"`les blancs abandonnent` (French for resigns) after the last move; kept as a comment",
		}, []string{"", "", "", "les blancs abandonnent"}, "0-1"}.check(t)
	for _, text := range []string{
		"1 d4 Cf6 2 Cf3 d5 ( 2 ... e6 et 3 Cc3 ) *",
		"1 d4 Cf6 2 Cf3 d5 ( 2 ... e6 et les Cc6 ) *",
		"1 d4 Cf6 2 Cf3 d5 les blancs *",
		"1 d4 Cf6 les blancs abandonnent 2 Cf3 *",
		"1 d4 Cf6 ( les noirs 2 Cf3 ) *",
	} {
		bookForm{notation: record.French, movetext: text}.checkError(t, "`")
	}
}

// TestBookFormManTakesMan: `TxT DxT`, French letters that name the man
// that takes and the man taken, read as the descriptive books' capture of
// a man by a man, for the replay to find; a square or a file after them is
// no such move.
func TestBookFormManTakesMan(t *testing.T) {
	bookForm{record.French, "1 e4 d5 2 exd5 Dxd5 3 Cc3 DxC 4 TxT+ CxC *", []string{"e4", "d5", "exd5", "Dxd5", "Cc3", "DxC", "TxT+", "CxC"},
		[]string{
			"`DxC` names the man that takes and the man taken, and no square; read as the one capture of that man by that man the position allows",
			"`TxT+` names the man", "`CxC` names the man",
		}, nil, "*"}.check(t)
	g := bookForm{notation: record.French, movetext: "1 TxT *"}.read(t)
	if m := g.Moves[1].Move; m == nil || m.Desc == nil || m.Desc.Man != 'R' || m.Desc.CapMan != 'R' || m.Lenient&record.LenientManTaken == 0 {
		t.Errorf("TxT: %+v, want a rook taking a rook", m)
	}
	for _, text := range []string{"1 TxTb *", "1 TxT2 *", "1 TxX *", "1 Tx *", "1 TxP *"} {
		bookForm{notation: record.French, movetext: text}.checkError(t, "`")
	}
}

// TestBookFormsRefused: the pages' forms that stay errors (docs/format.md,
// "Forms of print").
func TestBookFormsRefused(t *testing.T) {
	for _, c := range []struct {
		form bookForm
		err  string
	}{} {
		c.form.checkError(t, c.err)
	}
	// `;` starts a comment to the end of the line, whatever follows it.
	bookForm{record.SAN, "1.e4 e5;   2.Nf3 d6\n2.d4 *", []string{"e4", "e5", "d4"}, nil, []string{"   2.Nf3 d6"}, "*"}.check(t)
}

// TestBookFormManTakesManGuess: a game that reads both as a language's
// man takes man and as descriptive notation (`KxP`, a Dutch king taking a
// knight) is guessed descriptive; one that only languages read so
// (`TxT DxT`) is guessed in the first of them (German, whose T and D are
// French's too).
func TestBookFormManTakesManGuess(t *testing.T) {
	for _, c := range []struct {
		text string
		want record.Notation
	}{
		{"[Event \"t\"]\n[FEN \"4k3/8/8/8/8/2N5/3p4/4K3 w - - 0 1\"]\n\n1. KxP *\n", record.DescriptiveNotation},
		{"[Event \"t\"]\n[FEN \"6k1/5p2/6q1/6r1/8/6R1/6PK/8 w - - 0 31\"]\n\n31 TxT DxT *\n", record.German},
	} {
		g, err := grammar.NewReader(strings.NewReader(c.text), "g.pgn").Next()
		if err != nil || g.SyntaxError() != nil || g.Notation != c.want {
			t.Errorf("%q: read as %v (%v, %v), want %v", c.text, g.Notation, err, g.SyntaxError(), c.want)
		}
	}
}
