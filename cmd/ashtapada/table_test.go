package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/tablegames"
)

// TestTableOnBinary: table shows the rows convert --to parquet wrote (the
// players of each game, in order), lists every column of the schema and
// counts the rows, and writes every column of a row as JSON; a bad column,
// a file that is no table and a bad format exit 2.
func TestTableOnBinary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	books := filepath.Join(repoRoot(t), "testdata", "books")
	table := filepath.Join(dir, "b.parquet")
	if _, stderr, code := runAsh(t, "", "", "convert", "--to", "parquet", "-o", table, books); code > 1 {
		t.Fatalf("convert --to parquet: exit %d\n%s", code, stderr)
	}
	games, _, _ := runAsh(t, "", "", "convert", "--to", "jsonl", "--compact", books)
	var whites []string
	for _, line := range strings.Split(strings.TrimSpace(games), "\n") {
		var g struct {
			Tags map[string]string `json:"tags"`
		}
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatal(err)
		}
		whites = append(whites, g.Tags["White"])
	}
	out, stderr, code := runAsh(t, "", "", "table", "--columns", "game,White", "--rows", "0", table)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != len(whites)+1 || !strings.HasPrefix(lines[0], "game") {
		t.Fatalf("table: exit %d, %d lines for %d games\n%s%s", code, len(lines), len(whites), out, stderr)
	}
	for i, w := range whites {
		if got := strings.TrimSpace(strings.SplitN(lines[i+1], " ", 2)[1]); got != w {
			t.Errorf("row %d: White %q, the record's %q", i+1, got, w)
		}
	}
	if out, _, _ := runAsh(t, "", "", "table", table); len(strings.Split(strings.TrimSpace(out), "\n")) != 21 {
		t.Errorf("table shows %d lines by default, want a header and 20 rows", len(strings.Split(strings.TrimSpace(out), "\n")))
	}
	schema, _, _ := runAsh(t, "", "", "table", "--schema", table)
	for _, col := range tablegames.Columns() {
		if !strings.Contains(schema, "\n"+col.Name+" ") {
			t.Errorf("--schema does not list %s", col.Name)
		}
	}
	if n := bookGames(t); !strings.HasSuffix(schema, fmt.Sprintf("\n%d rows\n", n)) || len(whites) != n {
		t.Errorf("--schema counts otherwise than the %d games:\n%s", n, schema)
	}
	out, _, _ = runAsh(t, "", "", "table", "--columns", "all", "--format", "jsonl", "--rows", "1", table)
	var row map[string]any
	if err := json.Unmarshal([]byte(out), &row); err != nil || len(row) != len(tablegames.Columns()) {
		t.Errorf("--columns all --format jsonl: %d columns, %v\n%s", len(row), err, out)
	}
	for _, args := range [][]string{
		{"table", "--columns", "Whte", table},
		{"table", "--format", "csv", table},
		{"table", filepath.Join(books, "bird-chess-history-1893.pgn")},
		{"table"},
	} {
		if _, stderr, code := runAsh(t, "", "", args...); code != 2 || stderr == "" {
			t.Errorf("%s: exit %d\n%s", strings.Join(args, " "), code, stderr)
		}
	}
}
