package tablegames

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/source"
)

// twoGames is a file with text that is no game before its first game and
// after its last, which the rows keep.
const twoGames = `; a header comment

[Event "One"]
[White "Anand"]
[Black "Carlsen"]
[Result "1/2-1/2"]

1. e4 e5 {a comment
over two lines} 2. Nf3 1/2-1/2

[Event "Two"]
[White "Fischer"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

{a closing comment}
`

// writeTable writes the games of the file at path as a table next to it.
func writeTable(t *testing.T, path string) (table string, rows int) {
	t.Helper()
	table = strings.TrimSuffix(path, filepath.Ext(path)) + ".parquet"
	f, err := os.Create(table)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := NewWriter(f, WriteOptions{})
	if err := w.WritePart(source.Whole(path)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return table, w.Rows()
}

// tableOfRows writes rows as a table in dir.
func tableOfRows(t *testing.T, dir string, rows ...*gametable.Row) string {
	t.Helper()
	var buf bytes.Buffer
	w := gametable.NewWriter(&buf, gametable.WriterOptions{})
	for _, r := range rows {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "rows.parquet")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// canonical is the canonical text of every record of text, the text that
// is no game included: what fmt writes of it.
func canonical(t *testing.T, text []byte) string {
	t.Helper()
	recs, err := grammar.ReadAll(bytes.NewReader(text), "x.pgn")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	pw := pgn.NewWriter(&out)
	for _, g := range recs {
		if err := pw.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	return out.String()
}

// TestIsTable: a table is known by its name, by its first bytes whatever
// its name, or by the format named; standard input and other files are
// not tables, nor a table when another format is named.
func TestIsTable(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "a.pgn")
	if err := os.WriteFile(pgn, []byte(twoGames), 0o644); err != nil {
		t.Fatal(err)
	}
	table, _ := writeTable(t, pgn)
	renamed := filepath.Join(dir, "table.bin")
	if err := os.Rename(table, renamed); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path, from string
		want       bool
	}{
		{filepath.Join(dir, "absent.PARQUET"), "", true},
		{renamed, "", true},
		{pgn, "", false},
		{"-", "", false},
		{pgn, "parquet", true},
		{renamed, "pgn", false},
		{filepath.Join(dir, "absent.pgn"), "", false},
	} {
		if got := IsTable(tc.path, tc.from); got != tc.want {
			t.Errorf("IsTable(%s, %q) = %v, want %v", filepath.Base(tc.path), tc.from, got, tc.want)
		}
	}
}

// TestRowsReadBack: the rows the Writer writes of a file read back as its
// games (Games, Chunks, OpenTable), and as a text whose canonical form is
// the file's, the text that is no game included (Text).
func TestRowsReadBack(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "two.pgn")
	if err := os.WriteFile(pgn, []byte(twoGames), 0o644); err != nil {
		t.Fatal(err)
	}
	table, rows := writeTable(t, pgn)
	if rows != 2 {
		t.Fatalf("%d rows written, want 2", rows)
	}

	next, closer, err := Games(table, batch.Notation{})
	if err != nil {
		t.Fatal(err)
	}
	var whites []string
	for {
		g, err := next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		whites = append(whites, tag(g, "White"))
	}
	closer.Close()
	if strings.Join(whites, ",") != "Anand,Fischer" {
		t.Errorf("Games: the players %q, want Anand and Fischer", whites)
	}

	open := OpenTable("", batch.Notation{}, grammar.DefaultLimits(), grammar.ReadOptions{})
	if games, _, err := open(pgn); games != nil || err != nil {
		t.Errorf("OpenTable opens a PGN file as a table (%v)", err)
	}
	chunks, closer, err := open(table)
	if err != nil || chunks == nil {
		t.Fatalf("OpenTable does not open the table: %v", err)
	}
	n := 0
	for {
		ch, g, err := chunks()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		n++
		if g == nil || ch.Data != nil {
			t.Errorf("row %d of a game of a few moves is not given as its record", n)
		}
	}
	closer.Close()
	if n != 2 {
		t.Errorf("OpenTable: %d games, want 2", n)
	}

	rc, err := Text(table, func(err error) { t.Errorf("a row read as no game: %v", err) })
	if err != nil {
		t.Fatal(err)
	}
	text, err := io.ReadAll(rc)
	rc.Close()
	if err != nil {
		t.Fatal(err)
	}
	if want, got := canonical(t, []byte(twoGames)), canonical(t, text); got != want {
		t.Errorf("Text, written as fmt writes it:\n%s\nwant fmt's output of the file:\n%s", got, want)
	}
}

func tag(g *record.Game, name string) string {
	for _, tg := range g.Tags {
		if tg.Name == name {
			return tg.Value
		}
	}
	return ""
}

// TestRowOfNoGame: a row whose text holds no game is an error of that
// row, named, for Games and Chunks; Text reports it and reads the rows
// around it on, a new line put between rows that do not end with one.
func TestRowOfNoGame(t *testing.T) {
	ev := "E"
	table := tableOfRows(t, t.TempDir(),
		&gametable.Row{File: "x.pgn", Game: 1, Event: &ev, Movetext: "1. e4 e5 *"},
		&gametable.Row{File: "x.pgn", Game: 2},
		&gametable.Row{File: "x.pgn", Game: 3, Event: &ev, Movetext: "1. d4 *\n"},
	)
	const want = "rows.parquet: row 2: the row holds no game"
	next, closer, err := Games(table, batch.Notation{})
	if err != nil {
		t.Fatal(err)
	}
	defer closer.Close()
	if _, err := next(); err != nil {
		t.Fatal(err)
	}
	if _, err := next(); err == nil || !strings.HasSuffix(err.Error(), want) || !errors.Is(err, errNoGame) {
		t.Errorf("Games: the row of no game reads as %v, want %q", err, want)
	}
	chunks, closer2, err := Chunks(table, batch.Notation{}, grammar.DefaultLimits(), grammar.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer closer2.Close()
	chunks()
	if _, _, err := chunks(); !errors.Is(err, errNoGame) {
		t.Errorf("Chunks: the row of no game reads as %v", err)
	}

	var bad []error
	rc, err := Text(table, func(err error) { bad = append(bad, err) })
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	text, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) != 1 || !strings.HasSuffix(bad[0].Error(), want) {
		t.Errorf("Text reports %v, want %q once", bad, want)
	}
	if got := string(text); got != "[Event \"E\"]\n\n1. e4 e5 *\n[Event \"E\"]\n\n1. d4 *\n" {
		t.Errorf("Text:\n%s", got)
	}

	if _, _, err := Games("-", batch.Notation{}); err == nil {
		t.Error("Games reads standard input as a table")
	}
	if _, err := Text("-", nil); err == nil {
		t.Error("Text reads standard input as a table")
	}
}

// TestChunksHugeRow: the row of a huge game is given as the chunk of its
// game, for the run to read in parts; Games gives it as a record.
func TestChunksHugeRow(t *testing.T) {
	var mt strings.Builder
	for i := 1; mt.Len() < grammar.DefaultPartedBytes; i++ {
		if i%2 == 1 {
			mt.WriteString(strconv.Itoa(i) + ". Nf3 Nf6 ")
		} else {
			mt.WriteString(strconv.Itoa(i) + ". Ng1 Ng8 ")
		}
	}
	mt.WriteString("*\n")
	ev := "Huge"
	table := tableOfRows(t, t.TempDir(), &gametable.Row{File: "h.pgn", Game: 1, Event: &ev, Movetext: mt.String()})
	next, closer, err := Chunks(table, batch.Notation{}, grammar.DefaultLimits(), grammar.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer closer.Close()
	ch, g, err := next()
	if err != nil || g != nil || !ch.IsGame() || !bytes.HasSuffix(ch.Data, []byte(mt.String())) {
		t.Fatalf("Chunks: the huge row is not the chunk of its game (record %v, %d bytes, %v)", g != nil, len(ch.Data), err)
	}
	games, closer2, err := Games(table, batch.Notation{})
	if err != nil {
		t.Fatal(err)
	}
	defer closer2.Close()
	if g, err := games(); err != nil || tag(g, "Event") != "Huge" {
		t.Errorf("Games: the huge row reads as %v", err)
	}
}

// TestShow: Show lists every column of gametable.Row with its type and
// counts the rows; it shows the columns chosen of the first rows as
// aligned text, a row a line, or as a JSON object a row.
func TestShow(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "two.pgn")
	if err := os.WriteFile(pgn, []byte(twoGames), 0o644); err != nil {
		t.Fatal(err)
	}
	table, _ := writeTable(t, pgn)
	cols := Columns()
	if len(cols) != 28 || cols[0].Name != "file" || cols[len(cols)-1].Name != "column" {
		t.Errorf("Columns: %d, from %s to %s", len(cols), cols[0].Name, cols[len(cols)-1].Name)
	}
	byName := map[string]Column{}
	for _, c := range cols {
		byName[c.Name] = c
	}

	var out bytes.Buffer
	if err := Show(&out, table, ShowOptions{Schema: true}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"COLUMN ", "\nWhite  ", "text (or null)\n", "\ntags ", "map of text to text\n", "\nfindings ", "list of findings\n", "\nsan ", "list of text\n", "\n2 rows\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the schema has no %q:\n%s", want, out.String())
		}
	}

	out.Reset()
	o := ShowOptions{Columns: []Column{byName["game"], byName["White"], byName["Black"], byName["movetext"]}, Rows: 1}
	if err := Show(&out, table, o); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "game  White  Black    movetext") ||
		!strings.HasPrefix(lines[1], "1     Anand  Carlsen  1. e4 e5 {a comment\\nover two lines} 2. Nf3 1/2-1/2") {
		t.Errorf("one row as text:\n%s", out.String())
	}

	out.Reset()
	o = ShowOptions{Columns: cols, JSONLines: true}
	if err := Show(&out, table, o); err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("every row as JSON: %d lines\n%s", len(lines), out.String())
	}
	var first, row map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil || first["before"] != "; a header comment\n\n" {
		t.Errorf("the first row's before: %q, %v", first["before"], err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &row); err != nil || len(row) != len(cols) {
		t.Fatalf("the second row: %d columns, %v", len(row), err)
	}
	if row["Black"] != nil || row["White"] != "Fischer" || row["source"] != nil || row["after"] != "{a closing comment}\n" {
		t.Errorf("the second row: Black %v, White %v, source %v, after %q", row["Black"], row["White"], row["source"], row["after"])
	}

	if err := Show(&out, pgn, ShowOptions{}); err == nil || !strings.HasPrefix(err.Error(), "reading "+pgn+": ") {
		t.Errorf("Show of a file that is no table: %v", err)
	}
}
