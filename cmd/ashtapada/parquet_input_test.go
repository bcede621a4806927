package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// withoutFile is a JSONL report with the file of each line and of what it
// holds left out: a table's findings name the table, and point where the
// PGN's findings point, in the input it was made from (docs/parquet.md,
// "Reading a table").
func withoutFile(t *testing.T, report string) string {
	return reportWithout(t, report, "file")
}

// withoutPlace is a JSONL report with the file, line and column of each
// line and of what it holds left out, for a table whose rows keep no
// place in their input (one written before they did).
func withoutPlace(t *testing.T, report string) string {
	return reportWithout(t, report, "file", "line", "column")
}

// reportWithout is a JSONL report with the keys left out at every depth.
func reportWithout(t *testing.T, report string, keys ...string) string {
	t.Helper()
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(report), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		out, _ := json.Marshal(without(m, keys))
		b.Write(out)
		b.WriteByte('\n')
	}
	return b.String()
}

// TestParquetAsInput: validate, detect, show and diff read a table that
// convert --to parquet wrote (by its name, or by its magic bytes under
// another name) as the games it holds: the findings, verdicts and exit
// status of the PGN it came from, at the same lines and columns, on the
// corpus's and the test data's records, and in the long tier corpus-10k
// and the self-play files.
func TestParquetAsInput(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	files := []string{
		filepath.Join(root, "corpus", "shatranj", "fsf-selfplay.pgn"),
		filepath.Join(root, "corpus", "rules", "illegal-move-descriptive.pgn"),
		filepath.Join(root, "testdata", "books", "bird-chess-history-1893.pgn"),
		// A game that does not start its line, and one whose row keeps
		// its source, which starts with a byte-order mark of its own.
		filepath.Join(root, "testdata", "malformed", "game-after-marker-same-line.pgn"),
		filepath.Join(root, "testdata", "malformed", "utf8-bom-twice.pgn"),
	}
	if data := filepath.Join(testenv.SharedPath(), "data"); !testenv.IsLong() {
		t.Log("the fast tier: the corpus and test data only (ASHTAPADA_LONG=1 adds corpus-10k and the self-play files)")
	} else if fileExists(data) {
		files = append(files, filepath.Join(data, "fide", "corpus-10k.pgn"))
		for _, name := range []string{"chaturanga.pgn", "chaturanga-gollon.pgn", "chess.pgn", "hindustani.pgn", "shatranj.pgn"} {
			files = append(files, filepath.Join(data, "fsf-selfplay", name))
		}
	} else {
		t.Logf("the external data is absent (%s): the corpus and test data only", data)
	}
	dir := t.TempDir()
	inParallel(t, files, func(t *testing.T, k int, pgn string) {
		table := filepath.Join(dir, filepath.Base(pgn)+".parquet")
		if _, stderr, code := runAsh(t, "", "", "convert", "--to", "parquet", "-o", table, pgn); code > 1 {
			t.Fatalf("convert --to parquet %s: exit %d\n%s", pgn, code, stderr)
		}
		// The same table under a name that does not say what it is.
		hidden := filepath.Join(dir, filepath.Base(pgn)+".bin")
		b, err := os.ReadFile(table)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, filepath.Base(hidden), string(b))
		wantOut, _, wantCode := runAsh(t, "", "", "validate", "--format", "jsonl", "--verbose", "--summary", pgn)
		pgnReport := wantOut
		for _, in := range []string{table, hidden} {
			out, stderr, code := runAsh(t, "", "", "validate", "--format", "jsonl", "--verbose", "--summary", in)
			if code != wantCode || withoutFile(t, out) != withoutFile(t, wantOut) {
				t.Errorf("validate %s: exit %d (the PGN's %d), the report differs:\n%s%s", in, code, wantCode, lineDifference(withoutFile(t, wantOut), withoutFile(t, out)), stderr)
			}
		}
		wantOut, _, wantCode = runAsh(t, "", "", "detect", "--format", "jsonl", "--no-evidence", pgn)
		out, _, code := runAsh(t, "", "", "detect", "--format", "jsonl", "--no-evidence", hidden)
		if code != wantCode || withoutFile(t, out) != withoutFile(t, wantOut) {
			t.Errorf("detect %s: exit %d (the PGN's %d), the report differs:\n%s", hidden, code, wantCode, lineDifference(withoutFile(t, wantOut), withoutFile(t, out)))
		}
		wantOut, _, wantCode = runAsh(t, "", "", "show", "--game", "2", pgn)
		out, _, code = runAsh(t, "", "", "show", "--game", "2", hidden)
		if code != wantCode || out != wantOut {
			t.Errorf("show --game 2 %s: exit %d (the PGN's %d):\n%s", hidden, code, wantCode, lineDifference(wantOut, out))
		}
		// A game that cannot be read is a difference diff reports (exit
		// 1), on both sides alike.
		wantDiff := 0
		if strings.Contains(pgnReport, `"rule":"syntax","severity":"error"`) {
			wantDiff = 1
		}
		if out, stderr, code := runAsh(t, "", "", "diff", pgn, hidden); code != wantDiff {
			t.Errorf("diff of the PGN and its table: exit %d, want %d\n%s%s", code, wantDiff, out, stderr)
		}
	})
}

// without drops keys at every depth of v.
func without(v any, keys []string) any {
	switch v := v.(type) {
	case map[string]any:
		for _, k := range keys {
			delete(v, k)
		}
		for k, x := range v {
			v[k] = without(x, keys)
		}
	case []any:
		for i, x := range v {
			v[i] = without(x, keys)
		}
	}
	return v
}

// TestParquetOlderTable: a table written before the rows kept their place
// in their input (testdata/tables/older-schema.parquet, written from
// corpus/rules/illegal-move-descriptive.pgn by such a build) still reads,
// as the games it holds, its findings counted from each row's own text.
func TestParquetOlderTable(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	pgn := filepath.Join(root, "corpus", "rules", "illegal-move-descriptive.pgn")
	table := filepath.Join(root, "testdata", "tables", "older-schema.parquet")
	wantOut, _, wantCode := runAsh(t, "", "", "validate", "--format", "jsonl", pgn)
	out, stderr, code := runAsh(t, "", "", "validate", "--format", "jsonl", table)
	if code != wantCode || withoutPlace(t, out) != withoutPlace(t, wantOut) {
		t.Fatalf("validate %s: exit %d (the PGN's %d), the report differs:\n%s%s", table, code, wantCode, lineDifference(withoutPlace(t, wantOut), withoutPlace(t, out)), stderr)
	}
	if withoutFile(t, out) == withoutFile(t, wantOut) {
		t.Errorf("the older table's findings are at the PGN's places: it was not written by a build that kept no place")
	}
}
