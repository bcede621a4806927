package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
)

// firstLineDifference says where two texts first differ, by line.
func firstLineDifference(want, got string) string {
	return lineDifferenceOf(want, got, "fmt", "round trip")
}

// parquetRoundTrip checks PGN -> Parquet -> PGN (docs/parquet.md, "Round
// trip"). The rows hold the file whole: their text (Row.Text: the text
// that is no game before each game, then the game), read and written by
// the canonical writer (fmt's), is fmt's output for the file byte for
// byte, header comments and book notation included. On the command line,
// convert --from parquet --to pgn gives what convert --to pgn gives for the
// original: fmt's output, except that text holding no game (a file's
// header comment) is left out, and moves read in a book's notation are
// written in SAN, as convert writes them from any input; for a file with
// neither it is fmt's output byte for byte. It returns whether the command
// line's round trip was compared with fmt's output byte for byte.
func parquetRoundTrip(t *testing.T, path string) (sameAsFmt bool) {
	t.Helper()
	fmtOut, ferr, _ := runApp(t, "fmt", path)
	pq := filepath.Join(t.TempDir(), "games.parquet")
	_, cerr, code := runApp(t, "convert", "--to", "parquet", "-o", pq, path)
	if strings.Contains(ferr, "too large to be read whole") {
		// fmt and convert both refuse a game over the size limit.
		if code != 2 {
			t.Errorf("%s: convert --to parquet exit %d on a game too large to read, want 2", path, code)
		}
		return false
	}
	if code != 0 {
		t.Fatalf("%s: convert --to parquet: exit %d: %s", path, code, cerr)
	}
	got, rerr, code := runApp(t, "convert", "--from", "parquet", "--to", "pgn", pq)
	if code != 0 && code != 1 {
		t.Fatalf("%s: convert --from parquet: exit %d: %s", path, code, rerr)
	}
	// fmt reads a table as its rows' text: PGN -> Parquet -> PGN through
	// fmt is fmt's output, the text that is no game and a book's notation
	// included.
	if fromTable, ferr2, _ := runApp(t, "fmt", pq); fromTable != fmtOut {
		t.Errorf("%s: fmt of the Parquet table differs from fmt of the file (%s):\n%s", path, ferr2, firstLineDifference(fmtOut, fromTable))
	}
	direct, _, _ := runApp(t, "convert", "--to", "pgn", path)
	if got != direct {
		t.Errorf("%s: PGN -> Parquet -> PGN differs from convert --to pgn:\n%s", path, firstLineDifference(direct, got))
	}
	games, nonGame := readForRoundTrip(t, path)
	book := false
	var want bytes.Buffer
	pw := pgn.NewWriter(&want)
	for _, g := range games {
		book = book || g.Notation.Book()
		if err := pw.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	if !nonGame && want.String() != fmtOut {
		t.Fatalf("%s: the canonical writer and fmt disagree:\n%s", path, firstLineDifference(fmtOut, want.String()))
	}
	if !nonGame && !book {
		sameAsFmt = true
		if got != fmtOut {
			t.Errorf("%s: PGN -> Parquet -> PGN differs from fmt's output:\n%s", path, firstLineDifference(fmtOut, got))
		}
	} else {
		t.Logf("%s: compared with convert --to pgn, not fmt (text that is no game: %v, a book's notation: %v)", path, nonGame, book)
	}
	// The rows' own text, as fmt writes it.
	f, err := os.Open(pq)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	tr, err := gametable.NewReader(f, fi.Size())
	if err != nil {
		t.Fatal(err)
	}
	var rows bytes.Buffer
	rw := pgn.NewWriter(&rows)
	n, before := 0, 0
	for ; ; n++ {
		row, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if row.Before != nil {
			before++
		}
		// Every record of the row's text, the text that is no game
		// included, as fmt reads a file.
		recs, err := grammar.ReadAll(bytes.NewReader(row.Text()), row.File)
		if err != nil || len(recs) == 0 {
			t.Fatalf("%s: row %d: %d records, %v", path, n+1, len(recs), err)
		}
		if row.Source != nil {
			// The game, the last record, exactly as read, byte-order
			// mark included (as gameOfRow reads it).
			recs[len(recs)-1].Source = row.Source
		}
		for _, g := range recs {
			if err := rw.Write(g); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n != len(games) {
		t.Errorf("%s: %d rows for %d games", path, n, len(games))
	}
	if nonGame && before == 0 {
		t.Errorf("%s: the file has text that is no game, and no row keeps it", path)
	}
	if rows.String() != fmtOut {
		t.Errorf("%s: the rows' text, written as fmt writes it, differs from fmt's output:\n%s", path, firstLineDifference(fmtOut, rows.String()))
	}
	return sameAsFmt
}

// readForRoundTrip reads the games of a file as convert does (text that
// holds no game left out), and whether it has such text.
func readForRoundTrip(t *testing.T, path string) (games []*record.Game, nonGame bool) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	all, err := grammar.ReadAll(bytes.NewReader(data), path)
	if err != nil {
		t.Fatal(err)
	}
	rd := grammar.NewReader(bytes.NewReader(data), path)
	rd.SkipNonGames()
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	return games, len(all) != len(games)
}

func TestParquetRoundTripCorpus(t *testing.T) {
	files := testenv.RecordFiles(t, filepath.Join(repoRoot(t), "corpus"))
	n := 0
	for _, f := range files {
		if parquetRoundTrip(t, f) {
			n++
		}
	}
	t.Logf("%d files: the round trip is fmt's output byte for byte for %d", len(files), n)
}

// TestParquetRoundTripNonGameText: text that is no game before the first
// game, between games and after the last (Row.Before, Row.After) is kept
// by the rows, so that their text is fmt's output.
func TestParquetRoundTripNonGameText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "comments.pgn")
	text := "{ a header }\n\n" + validGame + "\n; a comment between games\n\n" + illegalGame + "\n{ a closing comment }\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	parquetRoundTrip(t, path)
}

// TestParquetNonGameTextOtherMoves: a file of PGN with other moves
// (--from descriptive, a book's notation; --from uci) is read whole by the
// formats' reader, and its text that is no game gets no row either: the
// table's rows are the file's games, numbered as convert numbers them.
func TestParquetNonGameTextOtherMoves(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ from, first, second string }{
		{"descriptive", "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 *", "1. P-Q4 P-Q4 *"},
		{"uci", "1. e2e4 e7e5 2. g1f3 b8c6 *", "1. d2d4 d7d5 *"},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "games.txt")
		text := "{ a header }\n\n[Event \"a\"]\n\n" + c.first + "\n\n{ between }\n\n[Event \"b\"]\n\n" + c.second + "\n\n{ after }\n"
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		pq := filepath.Join(dir, "games.parquet")
		if _, stderr, code := runBinary(t, "convert", "--from", c.from, "--to", "parquet", "-o", pq, path); code != 0 {
			t.Fatalf("--from %s: convert --to parquet exits %d: %s", c.from, code, stderr)
		}
		direct, _, _ := runBinary(t, "convert", "--from", c.from, "--to", "uci", path)
		got, stderr, code := runBinary(t, "convert", "--to", "uci", pq)
		if code != 0 || got != direct || strings.Count(got, "[Event ") != 2 {
			t.Errorf("--from %s: the table's games (exit %d: %s):\n%s\nwant the file's:\n%s", c.from, code, stderr, got, direct)
		}
	}
}

// TestParquetRoundTripSharedData: every PGN file of the external data, the
// 10k corpus included (the 100k corpus is compressed with xz and is read
// by TestParquetDuckDB); a fixed sample of those of a megabyte at most in
// the fast tier.
func TestParquetRoundTripSharedData(t *testing.T) {
	dir := testenv.SharedDir(t, "data")
	var files []string
	for _, f := range testenv.RecordFiles(t, dir) {
		if info, err := os.Stat(f); err == nil && (info.Size() <= 1<<20 || testenv.IsLong()) {
			files = append(files, f)
		}
	}
	files = testenv.Sample(files, 12)
	if len(files) == 0 {
		t.Fatalf("no PGN files under %s", dir)
	}
	n, checked := 0, 0
	for _, f := range files {
		if parquetRoundTrip(t, f) {
			n++
		}
		checked++
	}
	t.Logf("%d files: the round trip is fmt's output byte for byte for %d", checked, n)
}

// duckDB runs SQL with DuckDB, the independent reader: its Node.js API as
// .ci/run installs it into scripts/duckdb (npm install there). It skips
// the test when Node.js or the package is missing.
func duckDB(t *testing.T, sql string) []map[string]any {
	t.Helper()
	dir := filepath.Join(repoRoot(t), "scripts", "duckdb")
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not found: DuckDB is run through its Node.js API (.ci/run installs it)")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@duckdb", "node-api")); err != nil {
		t.Skipf("DuckDB's Node.js API is not installed (cd %s && npm install): %v", dir, err)
	}
	cmd := exec.Command("node", "query.mjs", sql)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		var stderr string
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("duckdb %q: %v\n%s", sql, err, stderr)
	}
	var rows []map[string]any
	if err := json.Unmarshal(out, &rows); err != nil {
		t.Fatalf("duckdb output %q: %v", out, err)
	}
	return rows
}

// resultsOfPGN counts the games per Result tag by a plain scan of the
// text, independent of the reader.
func resultsOfPGN(t *testing.T, path string) map[string]int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	re := regexp.MustCompile(`^\[Result "([^"]*)"\]`)
	counts := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			counts[m[1]]++
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return counts
}

// TestParquetDuckDB: DuckDB reads the Parquet written from corpus-100k
// and finds every row and the games per result that the PGN has.
func TestParquetDuckDB(t *testing.T) {
	testenv.Long(t, "DuckDB reads a table of 100,000 games")
	t.Parallel()
	name, rowsWant := "corpus-100k.pgn.xz", 100000
	src := filepath.Join(testenv.SharedDir(t), "data", "fide", name)
	if _, err := os.Stat(src); err != nil {
		t.Skipf("corpus-100k not found: %v", err)
	}
	duckDB(t, "select 1") // skips when DuckDB is not installed
	tmp := t.TempDir()
	pgn := src
	if strings.HasSuffix(src, ".xz") {
		pgn = filepath.Join(tmp, "corpus.pgn")
		xz := exec.Command("sh", "-c", "xz -dc \"$1\" > \"$2\"", "sh", src, pgn)
		if out, err := xz.CombinedOutput(); err != nil {
			t.Skipf("cannot unpack %s with xz: %v %s", src, err, out)
		}
	}
	pq := filepath.Join(tmp, "corpus.parquet")
	if _, stderr, code := runAsh(t, "", "", "convert", "--to", "parquet", "-o", pq, pgn); code != 0 {
		t.Fatalf("convert --to parquet: exit %d: %s", code, stderr)
	}
	rows := duckDB(t, fmt.Sprintf("select count(*)::INTEGER as n from read_parquet('%s')", pq))
	if n := rows[0]["n"]; n != float64(rowsWant) {
		t.Errorf("DuckDB counts %v rows, want %d", n, rowsWant)
	}
	want := resultsOfPGN(t, pgn)
	got := map[string]int{}
	for _, r := range duckDB(t, fmt.Sprintf(`select "Result" as result, count(*)::INTEGER as n from read_parquet('%s') group by 1`, pq)) {
		got[fmt.Sprint(r["result"])] = int(r["n"].(float64))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("games per result: DuckDB %v, PGN %v", got, want)
	}
	// The verdict column holds what validate says.
	stdout, _, _ := runAsh(t, "", "", "validate", "--format", "jsonl", pgn)
	invalid := strings.Count(stdout, `"valid":false`)
	rows = duckDB(t, fmt.Sprintf("select count(*)::INTEGER as n from read_parquet('%s') where not valid", pq))
	if n := rows[0]["n"]; n != float64(invalid) {
		t.Errorf("DuckDB finds %v invalid games, validate %d", n, invalid)
	}
	rows = duckDB(t, fmt.Sprintf("select count(*)::INTEGER as n from (select unnest(findings) from read_parquet('%s'))", pq))
	if n, want := rows[0]["n"], strings.Count(stdout, `{"kind":"finding"`); n != float64(want) {
		t.Errorf("DuckDB finds %v findings, validate %d", n, want)
	}
}

// TestParquetDuckDBHugeRow: DuckDB reads a huge game's row, written alone
// with its lists in pieces and copied into the table (gametable), between
// two ordinary games: the rows, the game's plies, its last moves in SAN
// and UCI as convert writes them, and its movetext as read.
func TestParquetDuckDBHugeRow(t *testing.T) {
	testenv.Long(t, "DuckDB reads a huge row")
	t.Parallel()
	duckDB(t, "select 1") // skips when DuckDB is not installed
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.pgn")
	plies := writeHugeGame(t, huge, 1<<20)
	if plies < gametable.DefaultHugeRowPlies {
		t.Fatalf("%d plies: not a row written alone", plies)
	}
	text, err := os.ReadFile(huge)
	if err != nil {
		t.Fatal(err)
	}
	small := "[Event \"a\"]\n\n1. e4 e5 *\n\n"
	games := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(games, []byte(small+string(text)+"\n"+small), 0o644); err != nil {
		t.Fatal(err)
	}
	pq := filepath.Join(dir, "games.parquet")
	if _, stderr, code := runAsh(t, "", "", "convert", "--to", "parquet", "-o", pq, games); code != 0 {
		t.Fatalf("convert --to parquet: exit %d: %s", code, stderr)
	}
	uci, _, _ := runAsh(t, "", "", "convert", "--to", "uci", huge)
	// The moves after the tags, without the result.
	moves := strings.Fields(uci[strings.Index(uci, "\n\n"):])
	moves = moves[:len(moves)-1]
	rows := duckDB(t, fmt.Sprintf(`select count(*)::INTEGER as n, max(plies)::INTEGER as plies from read_parquet('%s')`, pq))
	if rows[0]["n"] != float64(3) || rows[0]["plies"] != float64(plies) {
		t.Errorf("DuckDB finds %v rows and at most %v plies, want 3 and %d", rows[0]["n"], rows[0]["plies"], plies)
	}
	rows = duckDB(t, fmt.Sprintf(`select len(san)::INTEGER as n, san[len(san)] as san, uci[len(uci)] as uci, uci[1] as first, length(movetext)::INTEGER as text from read_parquet('%s') where game = 2`, pq))
	// The movetext as our reader reads the row back.
	f, err := os.Open(pq)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	tr, err := gametable.NewTextReader(f, fi.Size())
	if err != nil {
		t.Fatal(err)
	}
	tr.Next()
	row, err := tr.Next()
	if err != nil {
		t.Fatal(err)
	}
	movetext := len(row.Movetext)
	if !strings.HasPrefix(row.Movetext, "1. Nf3 Nf6 ") || movetext < len(text)-200 {
		t.Errorf("the row's movetext starts %.20q and has %d bytes, the game %d", row.Movetext, movetext, len(text))
	}
	if r := rows[0]; r["n"] != float64(plies) || r["uci"] != moves[len(moves)-1] || r["first"] != moves[0] || r["text"] != float64(movetext) {
		t.Errorf("DuckDB reads the huge row as %v; want %d moves, the first %s, the last %s, %d bytes of movetext", r, plies, moves[0], moves[len(moves)-1], movetext)
	}
	if r := rows[0]; r["san"] != []string{"Nf3", "Nf6", "Ng1", "Ng8"}[(plies-1)%4] {
		t.Errorf("DuckDB reads the last move in SAN as %v", r["san"])
	}
}
