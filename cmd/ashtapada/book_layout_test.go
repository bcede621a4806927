package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// The layout of a book's page (docs/notation-books.md, "Book layout"),
// read on the binary: each test is one form of it, read to its moves
// (convert --to uci) with what validate says. `4. Castles K. Kt. to B3`,
// two columns run together, is TestBookCastlesRunTogether's.

// TestBookLayoutRepeatedNumber: two columns, each move with its number,
// Black's the same as White's (`1. P. to K's 4th.    1. P. to K's 4th.`).
func TestBookLayoutRepeatedNumber(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. P. to K's 4th.    1. P. to K's 4th.\n2. K. Kt. to B's 3d.    2. Q. Kt. to B's 3d.\n3. B. to Q. B's 4th.    3. B. to Q. B's 4th.\n",
		flags: desc,
		uci:   "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",
		say:   []string{"6 plies", "valid"},
	}.check(t)
}

// TestBookLayoutColumnHeaders: the columns' headers (`WHITE. (Mr. B.)
// BLACK. (Mr. M.)`), above the moves and again where a page turns, are
// comments, with no finding.
func TestBookLayoutColumnHeaders(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "WHITE. (Mr. B.)          BLACK. (Mr. M.)\n1. P. to K's 4th.    P. to K's 4th.\n2. K. Kt. to B's 3d.    Q. Kt. to B's 3d.\nWHITE.    BLACK.\n3. B. to Q. B's 4th.    B. to Q. B's 4th.\n",
		flags: desc,
		uci:   "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",
		say:   []string{"6 plies", "valid"},
	}.check(t)
	// The guess reads the page too.
	printedCase{
		moves: "WHITE. (Mr. B.)          BLACK. (Mr. M.)\n1. P. to K's 4th.    1. P. to K's 4th.\n",
		uci:   "e2e4 e7e5",
		say:   []string{"[notation-guessed]", "2 plies", "valid"},
	}.check(t)
}

// TestBookLayoutSplitMoves: a move that a narrow column breaks across
// lines: the next line's words continue it when the move reads only with
// them (`2. K. Kt. to` / `B's 3d.`), or when that line begins with a word
// that only ends a move (`4th.`, `(ch.)`), also in Black's column and
// after a rank that reads alone (`B. to Q. B's` is the first rank).
func TestBookLayoutSplitMoves(t *testing.T) {
	t.Parallel()
	printedCase{
		moves: "1. P. to K's 4th.    1. P. to K's 4th.\n2. K. Kt. to\nB's 3d.    2. Q. Kt. to B's\n3d.\n3. B. to Q. B's 4th. B. to Q. B's\n4th.\n4. B. takes K. B. P.\n(ch.) K. to K. 2d.\n",
		flags: desc,
		uci:   "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c4f7 e8e7",
		say:   []string{"8 plies", "valid"},
	}.check(t)
	// A line that begins with a move number is never joined: the words
	// before it are what they were (here an error).
	printedCase{
		moves: "1. P. to K's 4th.    1. P. to K's 4th.\n2. K. Kt. to\n3. B's 3d.\n",
		flags: desc,
		say:   []string{"error: found `K.`", "[syntax]"},
		exit:  1,
	}.check(t)
}

// TestBookLayoutOutOfOrder: a page whose columns were flattened out of
// order reads as other moves (White's, then Black's), often legal ones,
// so the first move number out of sequence is an error naming it, and the
// game is not read; a number one too high after a whole turn is a
// misprint, and stays a warning.
func TestBookLayoutOutOfOrder(t *testing.T) {
	t.Parallel()
	// White's column, then Black's: 1, 2, 3, 1, 2, 3.
	printedCase{
		moves: "1. P-K4\n2. Kt-KB3\n3. B-B4\n1. P-K4\n2. Kt-QB3\n3. B-B4\n",
		flags: desc,
		say:   []string{":5:1: error: move 2 follows White's move 1 with no move of Black's between: the page's columns may be out of order, and the moves are not read past it [syntax]"},
		exit:  1,
	}.check(t)
	// Whole pairs, then the same numbers again.
	printedCase{
		moves: "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4\n1. P-Q3 P-Q3\n",
		flags: desc,
		say:   []string{":5:1: error: move 1 follows move 3 (move 4 was expected): the page's columns may be out of order"},
		exit:  1,
	}.check(t)
	// A column skipped: 1, 2, 5.
	printedCase{
		moves: "1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n5. B-B4 B-B4\n",
		flags: desc,
		say:   []string{":6:1: error: move 5 follows move 2 (move 3 was expected)"},
		exit:  1,
	}.check(t)
	// One number skipped after a whole turn is a misprint that loses no
	// move (Bird's 1893 book numbers a move 29 after 27): the warning it
	// was.
	printedCase{
		moves: "1. P-K4 P-K4\n3. Kt-KB3 Kt-QB3\n4. B-B4 B-B4\n",
		flags: desc,
		uci:   "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",
		say:   []string{":5:1: warning: move number 3 where 2 was expected [move-number]", "6 plies"},
	}.check(t)
	// Black's number one off, marked Black's by its dots (Lasker's 1915
	// book: `21. K-R1` / `22. ... QxP`): a misprint, the warning it was.
	printedCase{
		moves: "1. P-K4 P-K4\n2. Kt-KB3\n3. ... Kt-QB3\n3. B-B4 B-B4\n",
		flags: desc,
		uci:   "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",
		say:   []string{":6:1: warning: move number 3 where 2 was expected [move-number]", "6 plies"},
	}.check(t)
	// Guessed, the descriptive reading's error is the game's.
	printedCase{
		moves: "1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n5. B-B4 B-B4\n",
		say:   []string{"read as English descriptive notation up to move 2", "move 5 follows move 2"},
		exit:  1,
	}.check(t)
	// What stays in sequence: Black's number repeated, `2...`, and no
	// number for Black.
	printedCase{
		moves: "1. P-K4 1. P-K4 2. Kt-KB3 2... Kt-QB3 3. B-B4 B-B4",
		flags: desc,
		uci:   "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",
		say:   []string{"6 plies", "valid"},
	}.check(t)
}

// TestDescriptiveStyleLong: convert --to descriptive --style long writes
// the long form, knights `Kt`; --knight N writes them `N`, and --knight Kt
// the short form's knights `Kt`; both options belong to --to descriptive.
func TestDescriptiveStyleLong(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "g.pgn")
	game := "[Event \"e\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O d6 5. Bxc6+ bxc6 6. d4 exd4 7. e5 dxe5 8. Nxe5 Qd5 9. Re1 Be7 10. Nc3 Qe6 11. Nxc6 Qxe1+ 12. Qxe1 O-O 13. Nxe7+ Kh8 14. b4 a5 15. bxa5 h6 16. a6 h5 17. a7 Rb8 18. a8=Q *\n"
	if err := os.WriteFile(path, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	long, stderr, code := runBinary(t, "convert", "--to", "descriptive", "--style", "long", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	flat := strings.Join(strings.Fields(long), " ")
	for _, want := range []string{"1. P. to K's 4th. 1... P. to K's 4th. 2. Kt. to K. B's 3d. 2... Kt. to Q. B's 3d.",
		"4. Castles.", "5. B. takes Kt. (ch.)", "8. Kt. takes K. P.", "9. R. to K's sq.", "11... Q. takes R. (ch.)", "18. P. to R's 8th. (Q.)"} {
		if !strings.Contains(flat, want) {
			t.Errorf("--style long does not write %q:\n%s", want, long)
		}
	}
	n, _, _ := runBinary(t, "convert", "--to", "descriptive", "--style", "long", "--knight", "N", path)
	if flat := strings.Join(strings.Fields(n), " "); !strings.Contains(flat, "2. N. to K. B's 3d.") || strings.Contains(flat, "Kt") {
		t.Errorf("--style long --knight N:\n%s", n)
	}
	short, _, _ := runBinary(t, "convert", "--to", "descriptive", "--knight", "Kt", path)
	if flat := strings.Join(strings.Fields(short), " "); !strings.Contains(flat, "2. Kt-KB3 Kt-QB3") || !strings.Contains(flat, "5. BxKt ch PxB") {
		t.Errorf("--knight Kt:\n%s", short)
	}
	for _, args := range [][]string{
		{"--to", "pgn", "--style", "long"},
		{"--to", "descriptive", "--style", "longer"},
		{"--to", "descriptive", "--knight", "S"},
	} {
		if _, stderr, code := runBinary(t, append(append([]string{"convert"}, args...), path)...); code != 2 || !strings.Contains(stderr, "--") {
			t.Errorf("convert %v exits %d, want 2 with a message: %s", args, code, stderr)
		}
	}
}

// TestDescriptiveStyleRoundTrip: every game of corpus/ (every profile),
// and, when the shared data is present, the self-play games of every
// profile and 3,000 games of the FIDE 10k corpus (500 outside the long
// tier), written in the long form (knights `Kt` and `N`) and in the short
// form with `Kt`, read back in descriptive notation to the moves the
// original plays. Each step reads every file in one run of the binary:
// a run per file made starting processes most of the test's time, and
// the games come out in the order of their files either way.
func TestDescriptiveStyleRoundTrip(t *testing.T) {
	t.Parallel()
	files := testenv.RecordFiles(t, filepath.Join(testenv.RepoRoot(), "corpus"))
	if !testenv.HasShared() {
		t.Logf("shared data not found at %s: corpus/ only", testenv.SharedPath())
	} else {
		self, _ := filepath.Glob(filepath.Join(testenv.SharedPath(), "data", "fsf-selfplay", "*.pgn"))
		files = append(files, self...)
		fide := filepath.Join(testenv.SharedPath(), "data", "fide", "corpus-10k.pgn")
		if data, err := os.ReadFile(fide); err != nil {
			t.Logf("no FIDE 10k corpus (%v): not read", err)
		} else {
			n := 500
			if testenv.IsLong() {
				n = 3000
			}
			sample := filepath.Join(t.TempDir(), "fide-sample.pgn")
			if err := os.WriteFile(sample, firstGames(data, n), 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, sample)
		}
	}
	dir := t.TempDir()
	orig, _, _ := runBinary(t, append([]string{"convert", "--to", "uci"}, files...)...)
	events, want := uciGames(orig)
	for _, style := range [][]string{{"--style", "long"}, {"--style", "long", "--knight", "N"}, {"--knight", "Kt"}} {
		text, _, _ := runBinary(t, append(append([]string{"convert", "--to", "descriptive"}, style...), files...)...)
		back := filepath.Join(dir, "back.pgn")
		if err := os.WriteFile(back, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		uci, _, _ := runBinary(t, "convert", "--notation", "descriptive", "--to", "uci", back)
		_, got := uciGames(uci)
		if len(got) != len(want) {
			t.Errorf("%v: %d games read back, want %d", style, len(got), len(want))
			continue
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%v, game %d (%s): read back as\n%s\nwant\n%s", style, i+1, events[i], got[i], want[i])
			}
		}
	}
	if len(want) < 100 {
		t.Errorf("only %d games compared", len(want))
	}
	t.Logf("%d games of %d files, each in three styles", len(want), len(files))
}

// firstGames is the text of the first n games of a PGN file.
func firstGames(data []byte, n int) []byte {
	at := 0
	for i := 0; i <= n; i++ {
		j := bytes.Index(data[at+1:], []byte("\n[Event "))
		if j < 0 {
			return data
		}
		at += 1 + j
	}
	return data[:at+1]
}

var uciComment = regexp.MustCompile(`\{[^}]*\}`)

// uciGames are the Event tag and the moves of each game of convert --to
// uci's output, one string a game, the moves without their comments and
// result.
func uciGames(out string) (events, games []string) {
	event := ""
	for _, block := range strings.Split(out, "\n\n") {
		if strings.HasPrefix(block, "[") {
			event = ""
			if _, rest, ok := strings.Cut(block, `[Event "`); ok {
				event, _, _ = strings.Cut(rest, `"]`)
			}
			continue
		}
		if strings.TrimSpace(block) == "" {
			continue
		}
		var moves []string
		for _, w := range strings.Fields(uciComment.ReplaceAllString(block, " ")) {
			switch w {
			case "*", "1-0", "0-1", "1/2-1/2":
			default:
				moves = append(moves, w)
			}
		}
		events = append(events, event)
		games = append(games, strings.Join(moves, " "))
	}
	return events, games
}
