package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/compare"
	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/grammar"
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
	// The reader fails in a late part, after parts were walked.
	"syntax error late":  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 $300 Nf6 *\n",
	"unclosed variation": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 (4. Bxc6 *\n",
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

// TestPartedValidateAgrees: a game read in parts (parts.go) gets the
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
// on the cases and every third file, to keep the package's tests well
// inside go test's ten minutes on two cores.
func TestPartedValidateAgrees(t *testing.T) {
	dir := t.TempDir()
	files := partedInputs(t, dir, "", true)
	every := func(f string) [][]string {
		return [][]string{
			{"validate", "--format", "jsonl", "--verbose", "--summary", "--jobs", "1", f},
			{"fmt", f},
			{"convert", "--to", "pgn", "--jobs", "1", f},
			{"convert", "--to", "json", "--jobs", "1", f},
		}
	}
	some := func(f string) [][]string {
		return [][]string{
			{"fmt", "--san", f},
			{"convert", "--to", "uci", "--jobs", "1", f},
			{"convert", "--to", "pgn", "--plain", "--jobs", "1", f},
			{"convert", "--to", "fen", "--jobs", "1", f},
			{"convert", "--to", "json", "--compact", "--jobs", "1", f},
			{"convert", "--to", "jsonl", "--jobs", "1", f},
			{"convert", "--to", "descriptive", "--jobs", "1", f},
			{"convert", "--to", "fr", "--jobs", "1", f},
			{"convert", "--to", "svg", "--jobs", "1", f},
			{"convert", "--to", "html", "--jobs", "1", f},
		}
	}
	for i, f := range files {
		runs := every(f)
		if i < len(partedCases) || i%3 == 0 {
			// partedInputs writes the cases first.
			runs = append(runs, some(f)...)
		}
		for _, args := range runs {
			partsAgree(t, args...)
		}
	}
	if len(files) < len(partedCases)+20 {
		t.Fatalf("only %d files: the corpus is not where the test looks", len(files))
	}
}

// partsAgree runs the command of args on games read whole, then on every
// game read in parts of two nodes, convert's output written to a file
// after every part (spillPiece), and says where the two differ (standard
// output, standard error, exit status).
func partsAgree(t *testing.T, args ...string) {
	t.Helper()
	bytes, nodes, spill := grammar.PartedBytes, grammar.PartNodes, spillBytes
	defer func() { grammar.PartedBytes, grammar.PartNodes, spillBytes = bytes, nodes, spill }()
	// Standard output and error too: validate writes its report there.
	wantOut, wantErr, wantCode := runAppStdio(t, args...)
	grammar.PartedBytes, grammar.PartNodes, spillBytes = 0, 2, 0
	out, errs, code := runAppStdio(t, args...)
	if out != wantOut || errs != wantErr || code != wantCode {
		t.Errorf("%s: read in parts, the output differs (exit %d, whole %d)\n--- parts\n%.3000s\n--- whole\n%.3000s\n--- stderr parts\n%.500s\n--- whole\n%.500s",
			strings.Join(args, " "), code, wantCode, out, wantOut, errs, wantErr)
	}
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
// canonical SAN (SANParts, a part at a time) are written read in parts
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
	dir := t.TempDir()
	cases := writeCases(t, dir, "san-", sanCases)
	game, lateBad, earlyBad, _, _ := shuffleGames(t, dir)
	for _, f := range append([]string{game, lateBad, earlyBad}, cases...) {
		partsAgree(t, "fmt", "--san", f)
		partsAgree(t, "convert", "--to", "pgn", "--plain", "--jobs", "1", f)
	}
	// The records in LAN and UCI, written whole.
	coords := []string{filepath.Join("testdata", "coord-illegal.lan"), filepath.Join("testdata", "coord-illegal.uci")}
	for k, f := range append(append([]string{game}, cases...), partedInputs(t, dir, "san-", false)...) {
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
	for _, f := range coords {
		partsAgree(t, "convert", "--to", "pgn", "--jobs", "1", f)
		partsAgree(t, "convert", "--to", "pgn", "--plain", "--jobs", "1", f)
		// The lossless JSON rewrites the parts in SAN too; a book's
		// notation writes the steps of the record as read.
		partsAgree(t, "convert", "--to", "json", "--jobs", "1", f)
		partsAgree(t, "convert", "--to", "descriptive", "--jobs", "1", f)
		// The viewer's move list is in SAN, drawn and listed twice over
		// the parts.
		partsAgree(t, "convert", "--to", "html", "--jobs", "1", f)
	}
	if len(coords) < 2*len(partedCases) {
		t.Fatalf("only %d records in LAN and UCI", len(coords))
	}
}

// TestPartedShowAgrees: show of a game read in parts (showParted) prints
// what it prints of the game read whole, byte for byte, with the same
// errors and exit status: at the start, early, middle and late plies, by
// --move, at the end, before an illegal move of a late part, and as SVG,
// for the cases of TestPartedValidateAgrees, the first game of every
// record file of the corpus, the test data and the shared data, and
// generated games of many parts. Every game is read in parts of two
// nodes here.
func TestPartedShowAgrees(t *testing.T) {
	dir := t.TempDir()
	files := partedInputs(t, dir, "show-", true)
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
	for _, f := range files {
		for _, fl := range common {
			runs = append(runs, run{f, fl})
		}
	}
	// Generated games: knights shuffling for some hundred plies, whole, with
	// an illegal move in a late part, and with one in an early part.
	game, lateBad, earlyBad, _, plies := shuffleGames(t, dir)
	for _, f := range []string{game, lateBad, earlyBad} {
		for _, ply := range []int{0, 1, 2, plies / 3, plies / 2, plies - 5, plies - 3, plies - 2, plies - 1, plies, plies + 1} {
			runs = append(runs, run{f, []string{"--ply", strconv.Itoa(ply)}})
		}
		for _, mv := range []string{"1", "1b", strconv.Itoa(plies/4) + "b", strconv.Itoa(plies/2-1) + "w", strconv.Itoa(plies/2) + "b", strconv.Itoa(plies/2 + 1)} {
			runs = append(runs, run{f, []string{"--move", mv}})
		}
		runs = append(runs, run{f, nil}, run{f, []string{"--svg", "-"}}, run{f, []string{"--letters"}})
	}
	bytes, nodes := grammar.PartedBytes, grammar.PartNodes
	defer func() { grammar.PartedBytes, grammar.PartNodes = bytes, nodes }()
	for _, r := range runs {
		args := append(append([]string{"show"}, r.flags...), r.file)
		grammar.PartedBytes, grammar.PartNodes = bytes, nodes
		wantOut, wantErr, wantCode := runApp(t, args...)
		grammar.PartedBytes, grammar.PartNodes = 0, 2
		out, errs, code := runApp(t, args...)
		if out != wantOut || errs != wantErr || code != wantCode {
			t.Errorf("%v: read in parts, the output differs (exit %d, whole %d)\n--- parts\n%.3000s\n--- whole\n%.3000s\n--- stderr parts\n%.500s\n--- whole\n%.500s",
				args, code, wantCode, out, wantOut, errs, wantErr)
		}
	}
	if len(files) < len(partedCases)+20 {
		t.Fatalf("only %d files: the corpus is not where the test looks", len(files))
	}
}

// TestPartedDiffAgrees: diff A B of games read in parts (diffStreamed,
// compare.Streamed) reports what it reports of the games read whole, byte
// for byte, for the cases above and every record file of the corpus and
// the test data, each against itself and against a copy with one move
// changed, and for generated games of many parts; and a pair whose
// differences go on past compare.DiffWindow gets a bounded diff and a
// note saying what was not diffed.
func TestPartedDiffAgrees(t *testing.T) {
	dir := t.TempDir()
	files := partedInputs(t, dir, "diff-", false)
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
		pairs = append(pairs, [2]string{f, f}, [2]string{f, c}, [2]string{c, f})
	}
	game, lateBad, earlyBad, text, _ := shuffleGames(t, dir)
	short := writeFile(t, dir, "shuffle-short.pgn", text[:len(text)/2]+" *\n")
	for _, p := range [][2]string{{game, lateBad}, {lateBad, game}, {earlyBad, game}, {game, short}, {short, game}, {earlyBad, lateBad}} {
		pairs = append(pairs, p)
	}
	// Tables: a huge game's row is read in parts (openParquetChunks).
	table := func(f string) string {
		out := filepath.Join(dir, strings.TrimSuffix(filepath.Base(f), ".pgn")+".parquet")
		if _, errs, code := runApp(t, "convert", "--to", "parquet", "-o", out, f); code > 1 {
			t.Fatalf("convert --to parquet %s: exit %d: %s", f, code, errs)
		}
		return out
	}
	gameT, lateBadT, shortT := table(game), table(lateBad), table(short)
	pairs = append(pairs, [2]string{gameT, lateBad}, [2]string{lateBadT, game}, [2]string{gameT, shortT}, [2]string{gameT, gameT})
	for _, f := range files[:min(6, len(files))] {
		pairs = append(pairs, [2]string{table(f), f})
	}
	bytes, nodes := grammar.PartedBytes, grammar.PartNodes
	defer func() { grammar.PartedBytes, grammar.PartNodes = bytes, nodes }()
	for _, p := range pairs {
		for _, args := range [][]string{{"diff", p[0], p[1]}, {"diff", "--format", "json", p[0], p[1]}} {
			grammar.PartedBytes, grammar.PartNodes = bytes, nodes
			wantOut, wantErr, wantCode := runApp(t, args...)
			grammar.PartedBytes, grammar.PartNodes = 0, 2
			out, errs, code := runApp(t, args...)
			if out != wantOut || errs != wantErr || code != wantCode {
				t.Errorf("%v: read in parts, the output differs (exit %d, whole %d)\n--- parts\n%.3000s\n--- whole\n%.3000s\n--- stderr parts\n%.500s\n--- whole\n%.500s",
					args, code, wantCode, out, wantOut, errs, wantErr)
			}
		}
	}
	// Differences past the window: the early illegal move against a copy
	// a move shorter at its start, every later move numbered otherwise.
	window := compare.DiffWindow
	defer func() { compare.DiffWindow = window }()
	compare.DiffWindow = 20
	grammar.PartedBytes, grammar.PartNodes = 0, 2
	i := strings.Index(text, "1. Nf3 Nf6 ")
	shifted := writeFile(t, dir, "shuffle-shifted.pgn", text[:i]+"1. Nf3 "+text[i+len("1. Nf3 Nf6 "):])
	out, _, code := runApp(t, "diff", game, shifted)
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
	if testing.Short() {
		t.Skip("detect replays every game dozens of times, twice")
	}
	dir := t.TempDir()
	files := partedInputs(t, dir, "detect-", false) // detect replays each game dozens of times: not the external data
	bytes, nodes := grammar.PartedBytes, grammar.PartNodes
	defer func() { grammar.PartedBytes, grammar.PartNodes = bytes, nodes }()
	for _, f := range files {
		args := []string{"detect", "--format", "json", "--jobs", "1", f}
		grammar.PartedBytes, grammar.PartNodes = bytes, nodes
		wantOut, wantErr, wantCode := runApp(t, args...)
		grammar.PartedBytes, grammar.PartNodes = 0, 2
		out, errs, code := runApp(t, args...)
		if out != wantOut || errs != wantErr || code != wantCode {
			t.Errorf("detect %s: read in parts, the output differs (exit %d, whole %d)\n--- parts\n%.3000s\n--- whole\n%.3000s\n--- stderr parts\n%.500s\n--- whole\n%.500s",
				f, code, wantCode, out, wantOut, errs, wantErr)
		}
	}
}

// partedInputs are the files the parted tests read: the cases above,
// written into dir with prefix, and the record files of the corpus and
// the test data, and of the external data when shared is set and it is
// here, but for the files of more than a megabyte (the ten thousand games
// of the FIDE corpus): every game of these is read whole and in parts of
// two nodes, with every command, and the package's tests must stay well
// under go test's ten minutes on two cores.
func partedInputs(t *testing.T, dir, prefix string, shared bool) []string {
	t.Helper()
	root := repoRoot(t)
	files := writeCases(t, dir, prefix, partedCases)
	dirs := []string{filepath.Join(root, "corpus"), filepath.Join(root, "testdata")}
	if data := filepath.Join(root, "..", "shared", "data"); shared && fileExists(data) {
		dirs = append(dirs, data)
	} else if shared {
		t.Logf("the shared data is absent (%s): the corpus and test data only", data)
	}
	for _, d := range dirs {
		_ = filepath.WalkDir(d, func(p string, e os.DirEntry, err error) error {
			if err != nil || e.IsDir() || !strings.HasSuffix(p, ".pgn") {
				return nil
			}
			info, err := e.Info()
			if err != nil || info.Size() > 1<<20 {
				return nil
			}
			if info.Size() > partedHead && os.Getenv("ASHTAPADA_LONG") != "1" {
				// Its first games only, to keep the default run short:
				// parts of two nodes make these the tests' long pole.
				p = headOfGames(t, dir, prefix, p)
			}
			files = append(files, p)
			return nil
		})
	}
	return files
}

// partedHead is how much of a larger file partedInputs reads in the
// default run (its games up to the first that starts past it).
const partedHead = 96 << 10

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
// parts (parquetConverter.hugeGame, its moves kept compact) as the bytes
// it writes for the game read whole, for every file of
// TestPartedValidateAgrees; and with rows of a few plies already written
// a row group of their own (gametable.Writer.writeAlone, one column at a
// time), the same bytes again, which read back as the record they came
// from, whole or in parts.
func TestPartedParquetAgrees(t *testing.T) { partedParquetAgree(t, nil) }

func partedParquetAgree(t *testing.T, keep func(string) bool) {
	dir := t.TempDir()
	var files []string
	for _, f := range partedInputs(t, dir, "", true) {
		if keep == nil || keep(f) {
			files = append(files, f)
		}
	}
	bytes, nodes, alone := grammar.PartedBytes, grammar.PartNodes, gametable.HugeRowPlies
	defer func() { grammar.PartedBytes, grammar.PartNodes, gametable.HugeRowPlies = bytes, nodes, alone }()
	table := func(f, name string, parted bool) (string, string, int) {
		grammar.PartedBytes, grammar.PartNodes = bytes, nodes
		if parted {
			grammar.PartedBytes, grammar.PartNodes = 0, 2
		}
		out := filepath.Join(dir, name)
		_, errs, code := runApp(t, "convert", "--to", "parquet", "-o", out, f)
		b, _ := os.ReadFile(out)
		return string(b), errs, code
	}
	for i, f := range files {
		for _, plies := range []int{alone, 4} {
			gametable.HugeRowPlies = plies
			want, wantErr, wantCode := table(f, "whole.parquet", false)
			got, errs, code := table(f, "parts.parquet", true)
			if got != want || errs != wantErr || code != wantCode {
				t.Errorf("%s (rows alone from %d plies): read in parts, the table differs (%d bytes, whole %d; exit %d, whole %d)\n--- stderr parts\n%.500s\n--- whole\n%.500s",
					f, plies, len(got), len(want), code, wantCode, errs, wantErr)
			}
			if plies == 4 && i%8 == 0 && wantCode != 2 {
				// The rows written alone read back as the record.
				grammar.PartedBytes, grammar.PartNodes = bytes, nodes
				back, _, _ := runApp(t, "convert", "--from", "parquet", "--to", "pgn", filepath.Join(dir, "parts.parquet"))
				direct, _, _ := runApp(t, "convert", "--to", "pgn", f)
				if back != direct {
					t.Errorf("%s: the table written with rows alone reads back otherwise\n--- back\n%.2000s\n--- direct\n%.2000s", f, back, direct)
				}
				// And with every row's game given to the pipeline as a
				// chunk read in parts (openParquetChunks).
				grammar.PartedBytes, grammar.PartNodes = 0, 2
				back, _, _ = runApp(t, "convert", "--from", "parquet", "--to", "pgn", filepath.Join(dir, "parts.parquet"))
				if back != direct {
					t.Errorf("%s: the table read back in parts reads otherwise\n--- back\n%.2000s\n--- direct\n%.2000s", f, back, direct)
				}
			}
		}
	}
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
// converted to PGN. Before, such a record was read whole (a 16 MB game
// took 920 MB to validate, 941 MB to convert to PGN).
func TestPartedDescriptiveAgrees(t *testing.T) {
	dir := t.TempDir()
	files := writeCases(t, dir, "desc-", descriptiveCases)
	root := repoRoot(t)
	for _, name := range []string{"illegal-move-descriptive.pgn", "ambiguous-move-descriptive.pgn", "notation-guessed.pgn"} {
		files = append(files, filepath.Join(root, "corpus", "rules", name))
	}
	game, lateBad, earlyBad, _, _ := shuffleGames(t, dir)
	for k, f := range append([]string{game, lateBad, earlyBad}, partedInputs(t, dir, "desc-in-", false)...) {
		if path, _ := writeConverted(t, dir, "desc-"+strconv.Itoa(k)+".pgn", "descriptive", f); path != "" {
			files = append(files, path)
		}
	}
	for i, f := range files {
		runs := [][]string{
			{"validate", "--notation", "descriptive", "--format", "jsonl", "--verbose", "--summary", "--jobs", "1", f},
			{"fmt", "--notation", "descriptive", f},
			// PGN writes each part's moves from the steps played.
			{"convert", "--notation", "descriptive", "--to", "pgn", "--jobs", "1", f},
		}
		if i < len(descriptiveCases)+6 || i%3 == 0 {
			runs = append(runs, [][]string{
				{"convert", "--notation", "descriptive", "--to", "pgn", "--plain", "--jobs", "1", f},
				// Rewritten in SAN with the moves as printed in comments.
				{"convert", "--notation", "descriptive", "--to", "pgn", "--source-comments", "--jobs", "1", f},
				{"convert", "--notation", "descriptive", "--to", "pgn", "--source-comments", "--plain", "--jobs", "1", f},
				{"fmt", "--san", "--notation", "descriptive", f},
				{"convert", "--notation", "descriptive", "--to", "json", "--jobs", "1", f},
				{"convert", "--notation", "descriptive", "--to", "descriptive", "--jobs", "1", f},
				{"convert", "--notation", "descriptive", "--to", "html", "--jobs", "1", f},
			}...)
		}
		for _, args := range runs {
			partsAgree(t, args...)
		}
	}
	if len(files) < len(descriptiveCases)+20 {
		t.Fatalf("only %d records in descriptive notation", len(files))
	}
	// A book's letters (French), read by the algebraic reader in parts:
	// PGN from the steps too.
	for k, f := range []string{game, lateBad, earlyBad} {
		fr, _ := writeConverted(t, dir, "fr-"+strconv.Itoa(k)+".pgn", "fr", f)
		if fr == "" {
			t.Fatalf("convert --to fr %s: nothing written", f)
		}
		partsAgree(t, "convert", "--notation", "fr", "--to", "pgn", "--jobs", "1", fr)
		partsAgree(t, "convert", "--notation", "fr", "--to", "pgn", "--plain", "--jobs", "1", fr)
		partsAgree(t, "convert", "--notation", "fr", "--to", "pgn", "--source-comments", "--jobs", "1", fr)
	}
}

// writeConverted writes into dir, as name, what convert --to writes of the
// file f (read whole), and returns its path and text; "" when convert
// wrote nothing (a file of no game).
func writeConverted(t *testing.T, dir, name, to, f string) (path, text string) {
	t.Helper()
	out, _, code := runApp(t, "convert", "--to", to, "--jobs", "1", f)
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
	var files []string
	for name, text := range cases {
		files = append(files, writeFile(t, dir, prefix+strings.ReplaceAll(name, " ", "-")+".pgn", text))
	}
	return files
}
