package main

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// partedCases are games whose verdict depends on what a huge game read in
// parts must carry from one part to the next, or learn only at its end:
// each is validated read whole and read in parts of two nodes.
var partedCases = map[string]string{
	// The reader learns at the end that move numbers are missing (its
	// warning stands at the first), which keeps the walk from judging the
	// numbers before it.
	"numbers missing late": "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 Ba4 Nf6 5. O-O Be7 *\n",
	"numbers wrong early":  "[Event \"x\"]\n\n1. e4 e5 7. Nf3 Nc6 3. Bb5 a6 *\n",
	// An illegal move in a late part, and the moves after it.
	"illegal late": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Qxh7 d6 7. c3 O-O *\n",
	// Wrong check marks at every move, over the per-game caps.
	"capped findings": "1. e4+ e5+ 2. Nf3+ Nc6+ 3. Bb5+ a6+ 4. Ba4+ Nf6+ 5. O-O+ Be7+ 6. Re1+ b5+ 7. Bb3+ d6+ 8. c3+ O-O+ *\n",
	// The reader fails in a late part, after parts were walked: the moves
	// before the error are replayed and written, the rest kept as text.
	"syntax error late":  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 $300 Nf6 *\n",
	"unclosed variation": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 (4. Bxc6 *\n",
	"error in variation": "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 (4. Bxc6 @@ 5. d4) 4... Nf6 5. O-O *\n",
	"unclosed comment":   "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 {never closed\n5. O-O *\n",
	// Comments, NAGs and variations at the edges of the parts.
	"annotations": "{start} 1. e4 {a} $1 (1. d4 d5 (1... Nf6) 2. c4) 1... e5 ; line\n2. Nf3 $14 {b} (2. f4 exf4) 2... Nc6 % escape\n3. Bb5 a6 {c} *\n",
	// Black starts: the part's first turn is a black move.
	"black starts": "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n[SetUp \"1\"]\n\n1... e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 *\n",
	// The game ends by the rules in a part and moves follow.
	"mate then moves": "1. f3 e5 2. g4 Qh4# 3. a3 a6 4. b3 *\n",
	"result wrong":    "1. f3 e5 2. g4 Qh4# 1-0\n",
	// Games without move numbers (a part then ends before a move), in
	// UCI, and a repetition counted across parts. Compound turns
	// (andhra's opening), waiting pawns and the books' notations are in
	// the corpus files the test reads too.
	"no numbers": "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 *\n",
	"uci moves":  "[Event \"x\"]\n\n1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 *\n",
	"repetition": "[Variant \"shatranj\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 *\n",
}

// TestPartedValidateAgrees: a game read in parts (grammar.SourceOf) gets the
// findings and the verdict it gets read whole, byte for byte in validate's
// JSONL report, and fmt (with --san too) and convert (plain PGN too)
// write it as they do read whole (the convert output of each part
// written to a file as it comes), for the cases above and the record
// files of the corpus, the test data and the shared data. Every game is
// read in parts of two nodes here, where only games of a megabyte are in
// real runs.
//
// validate, fmt and convert to PGN and JSON run on every file; the other
// formats (uci, fen, compact JSON, JSONL, descriptive, French, svg, html)
// and fmt --san and plain PGN, whose parts go through the same readings,
// on the cases and every fourth file (every file in the long tier).
func TestPartedValidateAgrees(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := partedInputs(t, dir, "", true)
	var some []string
	for i, f := range files {
		if i < len(partedCases) || i%4 == 0 || testenv.IsLong() {
			// partedInputs writes the cases first.
			some = append(some, f)
		}
	}
	agreeOver(t, files,
		[]string{"validate", "--format", "jsonl", "--verbose", "--summary", "--jobs", "1"},
		[]string{"fmt"},
		[]string{"convert", "--to", "pgn", "--jobs", "1"},
		[]string{"convert", "--to", "json", "--jobs", "1"})
	agreeOver(t, some,
		[]string{"fmt", "--san"},
		[]string{"convert", "--to", "uci", "--jobs", "1"},
		[]string{"convert", "--to", "pgn", "--plain", "--jobs", "1"},
		[]string{"convert", "--to", "fen", "--jobs", "1"},
		[]string{"convert", "--to", "json", "--compact", "--jobs", "1"},
		[]string{"convert", "--to", "jsonl", "--jobs", "1"},
		[]string{"convert", "--to", "descriptive", "--jobs", "1"},
		[]string{"convert", "--to", "fr", "--jobs", "1"},
		[]string{"convert", "--to", "html", "--jobs", "1"})
	// A picture is of one game: each file's first.
	inParallel(t, some, func(t *testing.T, _ int, f string) {
		partsAgree(t, "convert", "--to", "svg", "--jobs", "1", f)
	})
	if len(files) < len(partedCases)+10 {
		t.Fatalf("only %d files: the corpus is not where the test looks", len(files))
	}
}

// partedFlags are the hidden tuning flags (tuning.go) that make the
// binary read every game's main line in parts of two nodes and write
// convert's output of every part to its file as it comes
// (batch.Conversion.SpillBytes): the paths a game of megabytes takes, on
// the small games of the tests.
var partedFlags = []string{"--parted-bytes", "1", "--part-nodes", "2", "--spill-bytes", "1"}

// agreeInParts runs the binary with args on every game read whole, then
// read in parts (partedFlags), reports where the two differ (standard
// output, standard error, exit status) and returns the output read in
// parts. Each run is a process of its own, so tests call it side by side.
func agreeInParts(t *testing.T, args ...string) string {
	t.Helper()
	wantOut, wantErr, wantCode := runAsh(t, "", "", args...)
	return partsMatch(t, args, wantOut, wantErr, wantCode)
}

// partsMatch runs the binary with args on every game read in parts and
// reports where what it writes differs from the run read whole, given.
func partsMatch(t *testing.T, args []string, wantOut, wantErr string, wantCode int) string {
	t.Helper()
	out, errs, code := runAsh(t, "", "", append(slices.Clone(partedFlags), args...)...)
	if out != wantOut || errs != wantErr || code != wantCode {
		t.Errorf("%s: read in parts, the output differs (exit %d, whole %d)\n--- standard output: %s\n--- standard error: %s",
			strings.Join(args, " "), code, wantCode, lineDifference(wantOut, out), lineDifference(wantErr, errs))
	}
	return out
}

// agreeOn compares the command of args on files read whole and in parts,
// halving the files while the command stops at one of them.
func agreeOn(t *testing.T, args, files []string) {
	t.Helper()
	all := append(slices.Clone(args), files...)
	out, errs, code := runAsh(t, "", "", all...)
	if code < 2 || len(files) == 1 || strings.Contains(errs, "see ashtapada") || args[0] == "fmt" {
		// Done, or down to one file, or a usage error that every half
		// would get too; or fmt, which passes through what it cannot
		// read and goes on to the next file, so that its run has
		// written every file when its exit status is 2 too.
		partsMatch(t, all, out, errs, code)
		return
	}
	agreeOn(t, args, files[:len(files)/2])
	agreeOn(t, args, files[len(files)/2:])
}

// lineDifference says where the output read in parts first differs from
// the output read whole.
func lineDifference(whole, parts string) string {
	return lineDifferenceOf(whole, parts, "whole", "parts")
}

// lineDifferenceOf says where b first differs from a, line by line, naming
// them as said.
func lineDifferenceOf(a, b, aName, bName string) string {
	al, bl := strings.SplitAfter(a, "\n"), strings.SplitAfter(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d: %s %.500q, %s %.500q", i+1, aName, x, bName, y)
		}
	}
	return "(no line differs)"
}

// agreeOver runs each command (its arguments but the files) on all the
// files at once, read whole and in parts (agreeInParts), the commands side
// by side: a process per command, not per file. A command that stops with
// exit status 2 (an input it cannot read stops convert and diff) is run
// again on each half of the files, down to the file that stops it, so
// that every other file is still compared; fmt, which goes on, is not.
func agreeOver(t *testing.T, files []string, cmds ...[]string) {
	t.Helper()
	if len(files) == 0 {
		t.Fatal("no files to compare")
	}
	t.Run("together", func(t *testing.T) {
		for _, args := range cmds {
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				t.Parallel()
				agreeOn(t, args, files)
			})
		}
	})
}

// partsAgree is agreeInParts for a test that needs only the verdict.
func partsAgree(t *testing.T, args ...string) { t.Helper(); agreeInParts(t, args...) }

// inParallel runs fn on each file as a parallel subtest (the files' runs
// of the binary side by side on every core) and returns when all ended.
func inParallel(t *testing.T, files []string, fn func(t *testing.T, i int, f string)) {
	t.Helper()
	t.Run("files", func(t *testing.T) {
		for i, f := range files {
			t.Run(strconv.Itoa(i)+"-"+filepath.Base(f), func(t *testing.T) {
				t.Parallel()
				fn(t, i, f)
			})
		}
	})
}

// TestPartedCorpusVerdicts: validate judges every record of the corpus
// (every profile's games, one record per rule id) read in parts of two
// nodes as it judges it read whole, in the fast tier too, where
// TestPartedValidateAgrees reads a sample of the corpus.
func TestPartedCorpusVerdicts(t *testing.T) {
	t.Parallel()
	files := recordFiles(t, t.TempDir(), "", filepath.Join(repoRoot(t), "corpus"), 0)
	if len(files) < 40 {
		t.Fatalf("only %d corpus files: the corpus is not where the test looks", len(files))
	}
	agreeOver(t, files, []string{"validate", "--format", "jsonl", "--verbose", "--summary", "--jobs", "1"})
}

// sanCases are games whose moves convert and fmt --san rewrite in SAN
// read in parts as read whole (TestPartedSANAgrees): where the line is
// cut, and what goes with the cut.
var sanCases = map[string]string{
	// Cut at a white move after its number (the number goes with it),
	// at a black move, inside a compound turn, and at the first move.
	"cut white":    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ke3 Nf6 5. O-O Be7 *\n",
	"cut black":    "1. e4 e5 2. Nf3 Nc6 3. Bb5 Ke7 4. Ba4 Nf6 *\n",
	"cut first":    "1. Ke2 e5 2. Nf3 Nc6 *\n",
	"cut compound": "[Variant \"andhra\"]\n\n1. e3,Nf3,Nh6 1... e6,Nf6,g6 2. Bg2 Bg7 *\n",
	// A comment, NAGs and a variation before and after the cut.
	"cut annotated": "1. e4 {a} e5 $1 2. Nf3 (2. f4) {b} Nc6 3. {c} Ke3 $2 (3. Bb5) a6 *\n",
	// Not replayed at all: a start position that cannot be set up.
	"not replayed": "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n",
	// The king's leaps and conversions plain PGN rewrites are in the
	// corpus (andhra/leaps.pgn, andhra/promotion.pgn), which
	// TestPartedValidateAgrees converts to plain PGN.
}

// TestPartedSANAgrees: the records convert and fmt --san rewrite in
// canonical SAN (CanonicalGame's rewrite, a part at a time) are written read in parts
// of two nodes as read whole, byte for byte with the same errors and
// exit status (partsAgree): plain PGN and fmt --san of the cases above
// and of generated games with an illegal move in an early and a late
// part (TestPartedValidateAgrees runs them on the corpus), and PGN
// (plain too), the full JSON, descriptive notation and viewer page of
// records read in LAN and UCI: the test data's, the
// generated game's with an illegal move put in early and late, and every
// case, corpus and test data game of the parted tests written in LAN and
// UCI (by convert, read whole).
func TestPartedSANAgrees(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cases := writeCases(t, dir, "san-", sanCases)
	game, lateBad, earlyBad, _, _ := shuffleGames(t, dir)
	agreeOver(t, append([]string{game, lateBad, earlyBad}, cases...),
		[]string{"fmt", "--san"},
		[]string{"convert", "--to", "pgn", "--plain", "--jobs", "1"})
	// The records in LAN and UCI, written whole.
	coords := []string{filepath.Join("testdata", "coord-illegal.lan"), filepath.Join("testdata", "coord-illegal.uci")}
	for k, f := range append(append([]string{game}, cases...), testenv.Sample(partedInputs(t, dir, "san-", false), 12)...) {
		for _, to := range []string{"lan", "uci"} {
			path, out := writeConverted(t, dir, "coord-"+strconv.Itoa(k)+"."+to, to, f)
			if path == "" {
				continue
			}
			coords = append(coords, path)
			if f != game {
				continue
			}
			// The generated game with an illegal move in an early and in
			// a late part.
			from, bad := "Ng1-f3", "Ng1-g3"
			if to == "uci" {
				from, bad = "g1f3", "g1g3"
			}
			for _, at := range []int{strings.Index(out, from), strings.LastIndex(out, from)} {
				coords = append(coords, writeFile(t, dir, "bad-"+strconv.Itoa(at)+"."+to, out[:at]+bad+out[at+len(from):]))
			}
		}
	}
	agreeOver(t, coords,
		[]string{"convert", "--to", "pgn", "--jobs", "1"},
		[]string{"convert", "--to", "pgn", "--plain", "--jobs", "1"},
		// The lossless JSON rewrites the parts in SAN too; a book's
		// notation writes the steps of the record as read.
		[]string{"convert", "--to", "json", "--jobs", "1"},
		[]string{"convert", "--to", "descriptive", "--jobs", "1"},
		// The viewer's move list is in SAN, drawn and listed twice over
		// the parts.
		[]string{"convert", "--to", "html", "--jobs", "1"})
	if len(coords) < 2*len(partedCases) {
		t.Fatalf("only %d records in LAN and UCI", len(coords))
	}
}

// TestPartedShowAgrees: show of a game read in parts (showgame.View) prints
// what it prints of the game read whole, byte for byte, with the same
// errors and exit status: at the start, early, middle and late plies, by
// --move, at the end, before an illegal move of a late part, and as SVG,
// for the cases of TestPartedValidateAgrees, the first game of every
// record file of the corpus, the test data and the shared data, and
// generated games of many parts. Every game is read in parts of two
// nodes here.
func TestPartedShowAgrees(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	all := partedInputs(t, dir, "show-", true)
	if len(all) < len(partedCases)+10 {
		t.Fatalf("only %d files: the corpus is not where the test looks", len(all))
	}
	files := sparse(all)
	common := [][]string{
		nil, {"--ply", "0"}, {"--ply", "1"}, {"--ply", "2"}, {"--ply", "3"}, {"--ply", "8"},
		{"--ply", "40"}, {"--ply", "-1"}, {"--move", "1"}, {"--move", "2b"}, {"--move", "5w"},
		{"--move", "20..."}, {"--move", "x"}, {"--svg", "-"}, {"--ply", "5", "--svg", "-"},
	}
	type run struct {
		file  string
		flags []string
	}
	var runs []run
	for i, f := range files {
		// Every way to choose a ply on the cases (on every file in the
		// long tier), a ply by number and by move, and a picture, on the
		// files.
		flags := common
		if !testenv.IsLong() {
			// The fast tier: the end, an early and the last ply, by
			// number and by move, a missing one, and a picture, on the
			// cases, each case half of them in turn.
			flags = [][][]string{
				{nil, {"--ply", "-1"}, {"--move", "x"}},
				{{"--ply", "3"}, {"--move", "2b"}, {"--ply", "5", "--svg", "-"}},
			}[i%2]
		}
		if i >= len(partedCases) && !testenv.IsLong() {
			// The files: a picture or a ply by move, in turn.
			flags = [][][]string{{{"--ply", "5", "--svg", "-"}}, {{"--move", "2b"}}}[i%2]
		}
		for _, fl := range flags {
			runs = append(runs, run{f, fl})
		}
	}
	// Generated games: knights shuffling for some hundred plies, whole, with
	// an illegal move in a late part, and with one in an early part.
	game, lateBad, earlyBad, _, plies := shuffleGames(t, dir)
	for k, f := range []string{game, lateBad, earlyBad} {
		if k > 0 && !testenv.IsLong() {
			// The fast tier: the games with an illegal move, around it
			// and at the end.
			for _, ply := range []int{1, plies / 3, plies - 3, plies - 1, plies} {
				runs = append(runs, run{f, []string{"--ply", strconv.Itoa(ply)}})
			}
			continue
		}
		plyList := []int{0, 1, 2, plies / 3, plies / 2, plies - 5, plies - 3, plies - 2, plies - 1, plies, plies + 1}
		if !testenv.IsLong() {
			plyList = []int{0, 2, plies / 2, plies - 3, plies - 1, plies, plies + 1}
		}
		for _, ply := range plyList {
			runs = append(runs, run{f, []string{"--ply", strconv.Itoa(ply)}})
		}
		for _, mv := range []string{"1", "1b", strconv.Itoa(plies/4) + "b", strconv.Itoa(plies/2-1) + "w", strconv.Itoa(plies/2) + "b", strconv.Itoa(plies/2 + 1)} {
			runs = append(runs, run{f, []string{"--move", mv}})
		}
		runs = append(runs, run{f, nil}, run{f, []string{"--svg", "-"}}, run{f, []string{"--letters"}})
	}
	byFile := map[string][][]string{}
	var order []string
	for _, r := range runs {
		if byFile[r.file] == nil {
			order = append(order, r.file)
		}
		byFile[r.file] = append(byFile[r.file], append(append([]string{"show"}, r.flags...), r.file))
	}
	inParallel(t, order, func(t *testing.T, _ int, f string) {
		for _, args := range byFile[f] {
			partsAgree(t, args...)
		}
	})
}

// TestPartedDiffAgrees: diff A B of games read in parts (compare.Files,
// compare.Streamed) reports what it reports of the games read whole, byte
// for byte, for the cases above and every record file of the corpus and
// the test data, each against itself and against a copy with one move
// changed, and for generated games of many parts; and a pair whose
// differences go on past its window (compare.Options.DiffWindow) gets a bounded diff and a
// note saying what was not diffed.
func TestPartedDiffAgrees(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := sparse(partedInputs(t, dir, "diff-", false))
	var pairs [][2]string
	for k, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		changed := text
		for _, r := range [][2]string{{" Nf3 ", " Nf6 "}, {" e4 ", " d4 "}, {" e5 ", " e6 "}} {
			if i := strings.LastIndex(text, r[0]); i >= 0 {
				changed = text[:i] + r[1] + text[i+len(r[0]):]
				break
			}
		}
		c := writeFile(t, dir, "changed-"+strconv.Itoa(k)+".pgn", changed)
		if k >= len(partedCases) && !testenv.IsLong() {
			// The files of the fast tier: one pair each.
			pairs = append(pairs, [2]string{f, c})
			continue
		}
		if !testenv.IsLong() {
			// The cases of the fast tier: the change both ways, and the
			// case against itself in turn.
			pairs = append(pairs, [2]string{f, c}, [][2]string{{c, f}, {f, f}}[k%2])
			continue
		}
		pairs = append(pairs, [2]string{f, f}, [2]string{f, c}, [2]string{c, f})
	}
	game, lateBad, earlyBad, text, _ := shuffleGames(t, dir)
	short := writeFile(t, dir, "shuffle-short.pgn", text[:len(text)/2]+" *\n")
	for _, p := range [][2]string{{game, lateBad}, {lateBad, game}, {earlyBad, game}, {game, short}, {short, game}, {earlyBad, lateBad}} {
		pairs = append(pairs, p)
	}
	// Tables: a huge game's row is read in parts (tablegames.Chunks).
	table := func(f string) string {
		out := filepath.Join(dir, strings.TrimSuffix(filepath.Base(f), ".pgn")+".parquet")
		if _, errs, code := runAsh(t, "", "", "convert", "--to", "parquet", "-o", out, f); code > 1 {
			t.Fatalf("convert --to parquet %s: exit %d: %s", f, code, errs)
		}
		return out
	}
	gameT, lateBadT, shortT := table(game), table(lateBad), table(short)
	pairs = append(pairs, [2]string{gameT, lateBad}, [2]string{lateBadT, game}, [2]string{gameT, shortT}, [2]string{gameT, gameT})
	for _, f := range files[:min(6, len(files))] {
		pairs = append(pairs, [2]string{table(f), f})
	}
	pairNames := make([]string, len(pairs))
	for k, p := range pairs {
		pairNames[k] = p[0] + "~" + filepath.Base(p[1])
	}
	inParallel(t, pairNames, func(t *testing.T, k int, _ string) {
		p := pairs[k]
		partsAgree(t, "diff", p[0], p[1])
		if k < 3*len(partedCases) || testenv.IsLong() {
			// JSON on the cases' pairs.
			partsAgree(t, "diff", "--format", "json", p[0], p[1])
		}
	})
	// Differences past the window: the early illegal move against a copy
	// a move shorter at its start, every later move numbered otherwise.
	i := strings.Index(text, "1. Nf3 Nf6 ")
	shifted := writeFile(t, dir, "shuffle-shifted.pgn", text[:i]+"1. Nf3 "+text[i+len("1. Nf3 Nf6 "):])
	out, _, code := runAsh(t, "", "", append(slices.Clone(partedFlags), "--diff-window", "20", "diff", game, shifted)...)
	if code != 1 || !strings.Contains(out, "note: the move diff stops at move line") || strings.Count(out, "\n") > 80 {
		t.Errorf("diff of a shifted game past the window: exit %d, want a bounded diff and its note:\n%.3000s", code, out)
	}
}

// TestPartedDetectAgrees: detect reports a game read in parts (every
// replay of it reads it again in parts of two nodes, its evidence's
// features gathered part by part) byte for byte as it reports it read
// whole, in its JSON report (every verdict, fix, evidence and the count
// of replays), for the cases above and every record file of the corpus,
// the test data and the shared data.
func TestPartedDetectAgrees(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := partedInputs(t, dir, "detect-", false) // detect replays each game dozens of times: not the external data
	agreeOver(t, files, []string{"detect", "--format", "json", "--jobs", "1"})
}

// partedInputs are the files the parted tests read: the cases above,
// written into dir with prefix (first), the record files of the corpus,
// of the test data and, when shared is set and it is here, of the
// external data, but for the files of more than a megabyte (the ten
// thousand games of the FIDE corpus). The fast tier reads a fixed sample:
// partedSample files of each directory (so every profile's), and the
// first games of a larger file (partedHead); the long tier reads every
// file whole. TestPartedValidateAgrees validates every file of the corpus
// (every rule id) in the fast tier too.
func partedInputs(t *testing.T, dir, prefix string, shared bool) []string {
	t.Helper()
	root := repoRoot(t)
	files := writeCases(t, dir, prefix, partedCases)
	files = append(files, recordFiles(t, dir, prefix, filepath.Join(root, "corpus"), partedSample)...)
	files = append(files, recordFiles(t, dir, prefix, filepath.Join(root, "testdata"), partedSample)...)
	if data := filepath.Join(testenv.SharedPath(), "data"); shared && fileExists(data) {
		files = append(files, recordFiles(t, dir, prefix, data, partedSample)...)
	} else if shared {
		t.Logf("the external data is absent (%s): the corpus and test data only", data)
	}
	return files
}

// partedSample is how many files of each directory the parted tests read
// in the fast tier.
const partedSample = 1

// sparse is what the tests that run the binary once per file read of
// partedInputs' files in the fast tier: the cases (written first) and
// every third file after them; the long tier reads them all. The files
// left out are validated, formatted and converted in parts by
// TestPartedValidateAgrees, which runs a process per command, not per
// file.
func sparse(files []string) []string {
	if testenv.IsLong() {
		return files
	}
	var some []string
	for i, f := range files {
		if i < len(partedCases) || (i-len(partedCases))%3 == 0 {
			some = append(some, f)
		}
	}
	return some
}

// recordFiles lists the .pgn files under d of a megabyte at most, in the
// order of the walk; in the fast tier, a sample of n of each directory's
// (all: 0), and a file larger than partedHead replaced by a copy of its
// first games, written into dir.
func recordFiles(t *testing.T, dir, prefix, d string, n int) []string {
	t.Helper()
	all := slices.DeleteFunc(testenv.RecordFiles(t, d), func(p string) bool {
		info, err := os.Stat(p)
		return err != nil || info.Size() > 1<<20
	})
	var files []string
	for i := 0; i < len(all); {
		j := i + 1
		for j < len(all) && filepath.Dir(all[j]) == filepath.Dir(all[i]) {
			j++
		}
		files = append(files, testenv.Sample(all[i:j], n)...)
		i = j
	}
	if !testenv.IsLong() {
		for i, p := range files {
			if info, err := os.Stat(p); err == nil && info.Size() > partedHead {
				// Its first games only: parts of two nodes make these
				// the tests' long pole.
				files[i] = headOfGames(t, dir, prefix, p)
			}
		}
	}
	return files
}

// partedHead is how much of a larger file partedInputs reads in the fast
// tier (its games up to the first that starts past it).
const partedHead = 8 << 10

// headOfGames writes into dir the games of the file at path up to the first
// game that starts past partedHead bytes, and returns the copy's path.
func headOfGames(t *testing.T, dir, prefix, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if i := bytes.Index(data[partedHead:], []byte("\n\n[")); i >= 0 {
		data = data[:partedHead+i+2]
	}
	name := prefix + "head-" + strings.ReplaceAll(strings.TrimPrefix(path, repoRoot(t)), string(filepath.Separator), "-")
	return writeFile(t, dir, name, string(data))
}

// shuffleGames writes the generated games of the parted tests into dir:
// knights shuffling for some hundred plies (game, its text and plies),
// and the same with an illegal move in a late part and in an early one.
func shuffleGames(t *testing.T, dir string) (game, lateBad, earlyBad, text string, plies int) {
	t.Helper()
	game = filepath.Join(dir, "shuffle.pgn")
	plies = writeHugeGame(t, game, 3000)
	data, err := os.ReadFile(game)
	if err != nil {
		t.Fatal(err)
	}
	text = string(data)
	late := strings.LastIndex(text, "Nf3")
	lateBad = writeFile(t, dir, "shuffle-late-bad.pgn", text[:late]+"Nf5"+text[late+3:])
	early := strings.Index(text, "Ng8")
	earlyBad = writeFile(t, dir, "shuffle-early-bad.pgn", text[:early]+"Ke2"+text[early+3:])
	return game, lateBad, earlyBad, text, plies
}

// TestPartedParquetAgrees: convert --to parquet writes a game read in
// parts (tablegames.Writer, its moves kept compact) as the bytes
// it writes for the game read whole, for every file of
// TestPartedValidateAgrees; and with rows of a few plies already written
// a row group of their own (gametable.Writer.writeAlone, one column at a
// time), the same bytes again, which read back as the record they came
// from, whole or in parts.
func TestPartedParquetAgrees(t *testing.T) {
	t.Parallel()
	partedParquetAgree(t, nil)
}

func partedParquetAgree(t *testing.T, keep func(string) bool) {
	dir := t.TempDir()
	var files []string
	for _, f := range partedInputs(t, dir, "", true) {
		if keep == nil || keep(f) {
			files = append(files, f)
		}
	}
	// table converts f to a table named name, read whole or in parts, and
	// with rows alone from plies (0: the default).
	table := func(t *testing.T, f, name string, parted bool, plies int) (string, string, int) {
		out := filepath.Join(dir, name)
		var args []string
		if parted {
			args = append(args, partedFlags...)
		}
		if plies > 0 {
			args = append(args, "--huge-row-plies", strconv.Itoa(plies))
		}
		_, errs, code := runAsh(t, "", "", append(args, "convert", "--to", "parquet", "-o", out, f)...)
		b, _ := os.ReadFile(out)
		// The output's name differs between the two runs (a file of no
		// game is not written, and the error names it).
		return string(b), strings.ReplaceAll(errs, out, "OUT"), code
	}
	// The rows of the default size, and rows alone from 4 plies: every
	// file in one table, written to standard output.
	agreeOver(t, files,
		[]string{"convert", "--to", "parquet", "--jobs", "1"},
		[]string{"--huge-row-plies", "4", "convert", "--to", "parquet", "--jobs", "1"})
	inParallel(t, files, func(t *testing.T, i int, f string) {
		for _, plies := range []int{0, 4} {
			if !testenv.IsLong() && (plies == 0 || i%4 != 2) {
				// The fast tier: compared together above, but for the
				// files whose tables are read back below.
				continue
			}
			name := strconv.Itoa(i) + "-" + strconv.Itoa(plies)
			want, wantErr, wantCode := table(t, f, name+"-whole.parquet", false, plies)
			got, errs, code := table(t, f, name+"-parts.parquet", true, plies)
			if got != want || errs != wantErr || code != wantCode {
				t.Errorf("%s (rows alone from %d plies, 0: the default): read in parts, the table differs (%d bytes, whole %d; exit %d, whole %d)\n--- stderr parts\n%.500s\n--- whole\n%.500s",
					f, plies, len(got), len(want), code, wantCode, errs, wantErr)
			}
			if plies == 4 && i%4 == 2 && wantCode != 2 {
				// The rows written alone read back as the record. The
				// third file is the case of capped findings, whose lists
				// of legal moves make pages of more values than bytes.
				parts := filepath.Join(dir, name+"-parts.parquet")
				back, backErr, backCode := runAsh(t, "", "", "convert", "--from", "parquet", "--to", "pgn", parts)
				direct, _, _ := runAsh(t, "", "", "convert", "--to", "pgn", f)
				if back != direct {
					t.Errorf("%s: the table written with rows alone reads back otherwise (exit %d: %.500s)\n--- back\n%.2000s\n--- direct\n%.2000s", f, backCode, backErr, back, direct)
				}
				// And with every row's game given to the pipeline as a
				// chunk read in parts (tablegames.Chunks).
				back, backErr, backCode = runAsh(t, "", "", append(slices.Clone(partedFlags), "convert", "--from", "parquet", "--to", "pgn", parts)...)
				if back != direct {
					t.Errorf("%s: the table read back in parts reads otherwise (exit %d: %.500s)\n--- back\n%.2000s\n--- direct\n%.2000s", f, backCode, backErr, back, direct)
				}
			}
		}
	})
}

// descriptiveCases are records in descriptive notation that
// TestPartedDescriptiveAgrees reads in parts: the scanner reads the main
// line a batch at a time, over words a move may span, comments,
// variations and the end, and checks the whole text for an error before
// it builds any of it.
var descriptiveCases = map[string]string{
	"spaced":     "1. P-K4 P-K4 2. Kt - K B 3 Kt-QB3 3. B-Kt5 P-QR3 4. B-R4 Kt-B3 5. Castles B-K2 *\n",
	"annotated":  "1. P-K4 {a} P-K4 $1 2. N-KB3 (2. P-KB4 PxP) {b} N-QB3 ; line\n3. B-N5 P-QR3 *\n",
	"numberless": "1 P-K4 P-K4 2 N-KB3 N-QB3 3 B-B4 B-B4 1-0\n",
	"late error": "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 4. B-R4 N-B3 5. (B-K2 *\n",
	"late $":     "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 4. B-R4 N-B3 $ *\n",
	"late )":     "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 ) 4. B-R4 N-B3 *\n",
	"no marker":  "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3\n",
	"bad late":   "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 4. B-R4 N-B3 5. P-K5 P-K5 6. P-Q4 *\n",
}

// TestPartedDescriptiveAgrees: a record in descriptive notation read in
// parts (the descriptive scanner in batches) is judged, formatted and
// converted as read whole, byte for byte with the same errors and exit
// status (partsAgree): the cases above, the corpus's descriptive records,
// and every case, corpus and test data game of the parted tests written
// in descriptive notation by convert (read whole), with the generated
// game's illegal moves early and late; and that game in French letters,
// converted to PGN. The fast tier compares validate, fmt --san, PGN with
// the printed moves in comments and JSON; the long tier every writer.
func TestPartedDescriptiveAgrees(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := writeCases(t, dir, "desc-", descriptiveCases)
	root := repoRoot(t)
	for _, name := range []string{"illegal-move-descriptive.pgn", "ambiguous-move-descriptive.pgn", "notation-guessed.pgn"} {
		files = append(files, filepath.Join(root, "corpus", "rules", name))
	}
	game, lateBad, earlyBad, _, _ := shuffleGames(t, dir)
	for k, f := range append([]string{game, lateBad, earlyBad}, sparse(partedInputs(t, dir, "desc-in-", false))...) {
		if path, _ := writeConverted(t, dir, "desc-"+strconv.Itoa(k)+".pgn", "descriptive", f); path != "" {
			files = append(files, path)
		}
	}
	commands := [][]string{
		{"validate", "--notation", "descriptive", "--format", "jsonl", "--verbose", "--summary", "--jobs", "1"},
		{"fmt", "--san", "--notation", "descriptive"},
		// Rewritten in SAN with the moves as printed in comments.
		{"convert", "--notation", "descriptive", "--to", "pgn", "--source-comments", "--jobs", "1"},
		{"convert", "--notation", "descriptive", "--to", "json", "--jobs", "1"},
	}
	if testenv.IsLong() {
		// The same readings of the parts, written by the other writers.
		commands = append(commands,
			[]string{"fmt", "--notation", "descriptive"},
			// PGN writes each part's moves from the steps played.
			[]string{"convert", "--notation", "descriptive", "--to", "pgn", "--jobs", "1"},
			[]string{"convert", "--notation", "descriptive", "--to", "pgn", "--plain", "--jobs", "1"},
			[]string{"convert", "--notation", "descriptive", "--to", "pgn", "--source-comments", "--plain", "--jobs", "1"},
			[]string{"convert", "--notation", "descriptive", "--to", "descriptive", "--jobs", "1"},
			[]string{"convert", "--notation", "descriptive", "--to", "html", "--jobs", "1"})
	}
	agreeOver(t, files, commands...)
	if len(files) < len(descriptiveCases)+20 {
		t.Fatalf("only %d records in descriptive notation", len(files))
	}
	// A book's letters (French), read by the algebraic reader in parts:
	// PGN from the steps too.
	inParallel(t, []string{game, lateBad, earlyBad}, func(t *testing.T, k int, f string) {
		fr, _ := writeConverted(t, dir, "fr-"+strconv.Itoa(k)+".pgn", "fr", f)
		if fr == "" {
			t.Fatalf("convert --to fr %s: nothing written", f)
		}
		partsAgree(t, "convert", "--notation", "fr", "--to", "pgn", "--jobs", "1", fr)
		partsAgree(t, "convert", "--notation", "fr", "--to", "pgn", "--plain", "--jobs", "1", fr)
		partsAgree(t, "convert", "--notation", "fr", "--to", "pgn", "--source-comments", "--jobs", "1", fr)
	})
}

// writeConverted writes into dir, as name, what convert --to writes of the
// file f (read whole), and returns its path and text; "" when convert
// wrote nothing (a file of no game).
func writeConverted(t *testing.T, dir, name, to, f string) (path, text string) {
	t.Helper()
	out, stderr, code := runAsh(t, "", "", "convert", "--to", to, "--jobs", "1", f)
	if code > 1 && strings.Contains(stderr, "no game record in") {
		return "", "" // a file of no game: nothing to convert
	}
	if code > 1 {
		t.Fatalf("convert --to %s %s: exit %d", to, f, code)
	}
	if strings.TrimSpace(out) == "" {
		return "", ""
	}
	return writeFile(t, dir, name, out), out
}

// writeCases writes each case into dir as prefix, its name (spaces as
// dashes) and .pgn, and returns the paths.
func writeCases(t *testing.T, dir, prefix string, cases map[string]string) []string {
	t.Helper()
	// In the order of their names, so that every run samples the same.
	var files []string
	for _, name := range slices.Sorted(maps.Keys(cases)) {
		files = append(files, writeFile(t, dir, prefix+strings.ReplaceAll(name, " ", "-")+".pgn", cases[name]))
	}
	return files
}
