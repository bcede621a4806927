package main

import "testing"

// The forms of descriptive notation as the books print them
// (docs/notation-books.md, "Every accepted form" and "The long form as
// the books set it"): each test is an otherwise valid game with one such
// form, read on the binary to its moves (convert --to uci) with the
// finding validate gives.

// desc is the flag that names the notation.
var desc = []string{"--notation", "descriptive"}

// fen is the tags of a game that starts from position f.
func fen(f string) string { return "[SetUp \"1\"]\n[FEN \"" + f + "\"]\n" }

// TestBookRankFullStop: `K. Kt. to B's 3d.`, the full stop of the
// sentence after the rank, reads as the rank.
func TestBookRankFullStop(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. P-K4 P-K4 2. K. Kt. to B's 3d. Kt-QB3 3. B. to Kt's 5th. P. to Q. R's 3d.",
		flags: desc,
		uci:   "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
		say:   []string{"6 plies", "valid"},
	}.check(t)
}

// TestBookLongFormStops: the long form with a full stop after every
// letter (`Kt. to K. B's 3d.`, `Q. to Q. R's 8th. (ch.)`), and `P. to K.
// 4.`, whose `4.` is the rank and not a move number (it is not the next
// move's number), with a warning that says so.
func TestBookLongFormStops(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. P. to K. 4. P. to K. 4. 2. Kt. to K. B's 3d. Kt. to Q. B's 3d.",
		flags: desc,
		uci:   "e2e4 e7e5 g1f3 b8c6",
		say: []string{
			":4:4: warning: `P. to K. 4.`: the `4.` at its end is read as the rank, not as a move number [lenient-notation]",
			"4 plies", "valid",
		},
	}.check(t)
	printedCase{
		tags:  fen("6k1/8/8/8/8/8/8/Q3K3 w - - 0 1"),
		moves: "1. Q. to Q. R's 8th. (ch.) K. to R. 2d.",
		flags: desc,
		uci:   "a1a8 g8h7",
		say:   []string{"2 plies", "valid"},
	}.check(t)
	// `2.` where move 2 is next stays the move number: `K to B` is the
	// long form's first rank.
	printedCase{
		tags:  fen("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1"),
		moves: "1. P. to R. 3d. K. to B. 2. K. to Q. 2. K. to K. 2d.",
		flags: desc,
		uci:   "a2a3 e8f8 e1d2 f8e7",
		say:   []string{"`K. to Q. 2.`: the `2.` at its end is read as the rank", "4 plies", "valid"},
	}.check(t)
}

// TestBookCastlesWords: castling as the long form writes it.
func TestBookCastlesWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ form, rights, uci string }{
		{"Castles.", "Kkq", "e1g1"}, // the only castling there
		{"Castles.", "Qkq", "e1c1"},
		{"Castles on K's side.", "KQkq", "e1g1"},
		{"Castles (K. R.)", "KQkq", "e1g1"},
		{"Castles with K. R.", "KQkq", "e1g1"},
		{"K. castles.", "Kkq", "e1g1"},
		{"Castles on Q's side.", "KQkq", "e1c1"},
		{"Castles with Q. R.", "KQkq", "e1c1"},
	} {
		printedCase{
			tags:  fen("r3k2r/7p/8/8/8/8/8/R3K2R w " + c.rights + " - 0 1"),
			moves: "1. " + c.form + " P. to K. R. 3d.",
			flags: desc,
			uci:   c.uci + " h7h6",
			say:   []string{"2 plies", "valid"},
		}.check(t)
	}
}

// TestBookCastlesRunTogether: `4. Castles K. Kt. to B3`, two columns run
// together: the `K.` begins Black's move (the king's knight, where `Kt. to
// B3` alone would be ambiguous), with a warning naming the reading; where
// no move of the king's knight fits, the position gives the `K.` back to
// castling.
func TestBookCastlesRunTogether(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. P-K4 P-K4 2. B-B4 B-B4 3. Kt-KB3 P-Q3 4. Castles K. Kt. to B3",
		flags: desc,
		uci:   "e2e4 e7e5 f1c4 f8c5 g1f3 d7d6 e1g1 g8f6",
		say: []string{
			":4:45: warning: `Castles K.`: read as `Castles` and a move that begins with `K.`, which names that move's man where such a move is legal (else it is castling's side) [lenient-notation]",
			"8 plies", "valid",
		},
	}.check(t)
	// The king's knight stands on KB3 already: no move of it fits, so
	// the `K.` was castling's side and `Kt. to B3` is the other knight's.
	printedCase{
		moves: "1. P-K4 P-K4 2. B-B4 B-B4 3. Kt-KB3 Kt-KB3 4. Castles K. Kt. to B3",
		flags: desc,
		uci:   "e2e4 e7e5 f1c4 f8c5 g1f3 g8f6 e1g1 b8c6",
		say:   []string{"`Castles K.`: read as `Castles` and a move that begins with `K.`", "8 plies", "valid"},
	}.check(t)
	// Two castlings stay two.
	printedCase{
		moves: "1. P-K4 P-K4 2. B-B4 B-B4 3. Kt-KB3 Kt-KB3 4. Castles K. Castles K.",
		flags: desc,
		uci:   "e2e4 e7e5 f1c4 f8c5 g1f3 g8f6 e1g1 e8g8",
		say:   []string{"8 plies", "valid"},
	}.check(t)
}

// TestBookCheckWords: the check as the long form's sentence prints it:
// `(ch.)`, `, ch.`, `Check.`, and `P. checks.`, which names no square (the
// move of that pawn that checks, with a warning).
func TestBookCheckWords(t *testing.T) {
	t.Parallel()
	for _, form := range []string{"B. takes K. B. P. (ch.)", "B. takes K. B. P., ch.", "B. takes K. B. P. Check."} {
		printedCase{
			moves: "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. " + form + " K-K2",
			flags: desc,
			uci:   "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c4f7 e8e7",
			say:   []string{"8 plies", "valid"},
		}.check(t)
	}
	printedCase{
		tags:  fen("8/8/8/3k4/8/4P3/8/4K3 w - - 0 1"),
		moves: "1. P. checks. K. to K. 3d.",
		flags: desc,
		uci:   "e3e4 d5e6",
		say: []string{
			":6:4: warning: `P. checks.` names no square; read as the move of that man that gives check [lenient-notation]",
			"2 plies", "valid",
		},
	}.check(t)
}

// TestBookPromotionWords: `P. to R's 8th. (2d Q.)` (the second queen) and
// `P. takes R., becoming a Q. (ch.)`.
func TestBookPromotionWords(t *testing.T) {
	t.Parallel()
	printedCase{
		tags:  fen("8/P5k1/8/8/8/8/8/4K3 w - - 0 1"),
		moves: "1. P. to R's 8th. (2d Q.) K. to B. 2d.",
		flags: desc,
		uci:   "a7a8q g7f7",
		say:   []string{"2 plies", "valid"},
	}.check(t)
	printedCase{
		tags:  fen("1r4k1/P7/8/8/8/8/8/4K3 w - - 0 1"),
		moves: "1. P. takes R., becoming a Q. (ch.) K. to B. 2d.",
		flags: desc,
		uci:   "a7b8q g8f7",
		say:   []string{"2 plies", "valid"},
	}.check(t)
}

// TestBookRankOmitted: `R-K`, `N-Q`, `N-B`, `QR-N!`: the short form of
// Capablanca's books leaves out the first rank; read so, with a warning.
func TestBookRankOmitted(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 4. B-R4 N-B3 5. Castles B-K2 6. R-K P-QN4 7. B-N3 P-Q3 8. P-B3 Castles 9. P-KR3 N-QR4 10. B-B2 P-B4 11. P-Q4 Q-B2 12. QN-Q2 N-B3 13. P-Q5 N-Q 14. N-B QR-N!",
		flags: desc,
		uci:   "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6a5 b3c2 c7c5 d2d4 d8c7 b1d2 a5c6 d4d5 c6d8 d2f1 a8b8",
		say: []string{
			":4:75: warning: `R-K` names no rank; read as a move to the first rank, as some books print it [lenient-notation]",
			"warning: `QR-N!` names no rank",
			"28 plies", "valid",
		},
	}.check(t)
}

// TestBookBestError: a record that no notation reads gets the error of the
// reading that got furthest, naming the notation and the move, not SAN's
// complaint at move 1.
func TestBookBestError(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. B-R4 Kt-B3 5. Castles B-K2 6. R-K1 P-QKt4 7. B-Kt3 P-Q3 8. P-B3 Q. to Z. 2d",
		say: []string{
			":4:113: error: read as English descriptive notation up to move 8, the furthest any notation reads (SAN stops at `P-K4`, 4:4); found `Q.`, expected a descriptive move",
			"(--notation descriptive reads it so) [syntax]",
		},
		exit: 1,
	}.check(t)
}

// TestBookAnnotations: what a book sets among the moves that is no move:
// a full stop after a move (`R to Q8.`), an annotator's word after it
// (`Good`, `fcd`), kept as a comment with a warning, footnote marks (`[A]`,
// `[1]`, glued or apart), kept as comments, and `_en passant_` typed in
// italics. A word where a move must stand (the next move number follows
// before the turn is complete) is a misprinted move: the error it was.
func TestBookAnnotations(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. Castles P-Q3. Good 5. R to K square. P. to K. R. 3d.",
		flags: desc,
		uci:   "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 d7d6 f1e1 h7h6",
		say: []string{
			":4:61: warning: `Good` reads as no move; kept as a comment (an annotator's word) [lenient-notation]",
			"10 plies", "valid",
		},
	}.check(t)
	printedCase{
		moves: "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. Kt-Kt5 Kt-R3 5. KtxBP KtxKt 6. BxKt ch K-K2 fcd 7. B-Kt3[A] P-Q3 [1] 8. P-Q3",
		flags: desc,
		uci:   "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 f3g5 g8h6 g5f7 h6f7 c4f7 e8e7 f7b3 d7d6 d2d3",
		say: []string{
			"warning: `fcd` reads as no move; kept as a comment (an annotator's word) [lenient-notation]",
			"15 plies", "valid",
		},
	}.check(t)
	printedCase{
		moves: "1. P-K4 P-Q4 2. P-K5 P-KB4 3. PxP _en passant_ KtxP",
		flags: desc,
		uci:   "e2e4 d7d5 e4e5 f7f5 e5f6 g8f6",
		say:   []string{"6 plies", "valid"},
	}.check(t)
	printedCase{
		moves: "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-Q3 Castels 5. P-Q4",
		flags: desc,
		say:   []string{":4:52: error: found `Castels`, expected a descriptive move"},
		exit:  1,
	}.check(t)
}

// TestBookFormsUnderShatranj: a shatranj game printed in descriptive
// notation reads the same way (the notation is guessed; the profile judges
// the moves).
func TestBookFormsUnderShatranj(t *testing.T) {
	t.Parallel()
	printedCase{
		tags:  "[Variant \"shatranj\"]\n",
		moves: "1. P. to K. 3d. P. to K. 3d. 2. K. Kt. to B. 3d. Q. Kt. to B. 3d. 3. P-Q3 P-Q3 Good 4. R-Kt P. to Q. 4.",
		uci:   "e2e3 e7e6 g1f3 b8c6 d2d3 d7d6 h1g1 d6d5",
		say: []string{
			"[notation-guessed]", "`Good` reads as no move", "`R-Kt` names no rank", "`P. to Q. 4.`: the `4.` at its end is read as the rank",
			"shatranj, 8 plies", "valid",
		},
	}.check(t)
}

// TestBookLatinRussianKing: `Kpe2`, the Russian king `Кр` typed with the
// Latin `K` and `p`, is read as the king under --notation ru and when the
// notation is guessed, with a warning that names the letters.
func TestBookLatinRussianKing(t *testing.T) {
	t.Parallel()
	want := "`Kpe2`: `Kp` is typed in Latin letters, where Russian notation writes `Кр` (Cyrillic, U+041A U+0440) for the king; read as the letter meant [lenient-notation]"
	printedCase{
		moves: "1. e4 e5 2. Kpe2 Кc6",
		flags: []string{"--notation", "ru"},
		uci:   "e2e4 e7e5 e1e2 b8c6",
		say:   []string{":4:13: warning: " + want, "valid"},
	}.check(t)
	printedCase{
		moves: "1. e4 e5 2. Кf3 Кc6 3. Сc4 Сc5 4. Kpe2 d6",
		uci:   "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1e2 d7d6",
		say: []string{
			// (columns count bytes)
			"warning: the moves are not in SAN; read as Russian notation",
			":4:39: warning: " + want, "valid",
		},
	}.check(t)
}

// TestBookPrintForms: the forms of print SAN reads (docs/format.md, "Forms
// of print") read in descriptive notation too: the ellipsis `4…`, castling
// `0–0` with an en dash, mate `++` glued or apart, and a comma of the prose
// after a move (`P - K 4,`).
func TestBookPrintForms(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. 0–0 4… Kt-B3 5. Kt-Kt5 Castles 6. KtxBP RxKt 7. BxR ch KxB",
		flags: desc,
		uci:   "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 f3g5 e8g8 g5f7 f8f7 c4f7 g8f7",
		say:   []string{"14 plies", "valid"},
	}.check(t)
	for _, mate := range []string{"QxBP++", "QxBP ++"} {
		printedCase{
			moves: "1. P-K4 P-K4 2. B-B4 Kt-QB3 3. Q-R5 Kt-B3 4. " + mate,
			flags: desc,
			uci:   "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7",
			say:   []string{"outcome checkmate (white)", "valid"},
		}.check(t)
	}
	printedCase{
		moves: "1. P - K 4, P - K 4 2. Kt - K B 3, Kt - Q B 3",
		flags: desc,
		uci:   "e2e4 e7e5 g1f3 b8c6",
		say: []string{
			":4:4: warning: `P - K 4,`: the comma after the move is read as punctuation",
			"4 plies", "valid",
		},
	}.check(t)
}
