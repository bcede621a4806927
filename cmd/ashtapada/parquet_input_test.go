package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// withoutPlace is a JSONL report with the file, line and column of each
// line and of what it holds left out: a table's rows are read from their
// own text, so a finding's line is counted from the start of its row's
// text, not of the file (docs/parquet.md, "Reading a table").
func withoutPlace(t *testing.T, report string) string {
	t.Helper()
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(report), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		out, _ := json.Marshal(placeless(m))
		b.Write(out)
		b.WriteByte('\n')
	}
	return b.String()
}

// TestParquetAsInput: validate, detect, show and diff read a table that
// convert --to parquet wrote (by its name, or by its magic bytes under
// another name) as the games it holds: the findings, verdicts and exit
// status of the PGN it came from, on the corpus's and the test data's
// records, and in the long tier the self-play files.
func TestParquetAsInput(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	files := []string{
		filepath.Join(root, "corpus", "shatranj", "fsf-selfplay.pgn"),
		filepath.Join(root, "corpus", "rules", "illegal-move-descriptive.pgn"),
		filepath.Join(root, "testdata", "books", "bird-chess-history-1893.pgn"),
	}
	if data := filepath.Join(testenv.SharedPath(), "data", "fsf-selfplay"); !testenv.IsLong() {
		t.Log("the fast tier: the corpus and test data only (ASHTAPADA_LONG=1 adds the self-play files)")
	} else if fileExists(data) {
		for _, name := range []string{"chaturanga.pgn", "hindustani.pgn"} {
			files = append(files, filepath.Join(data, name))
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
		for _, in := range []string{table, hidden} {
			out, stderr, code := runAsh(t, "", "", "validate", "--format", "jsonl", "--verbose", "--summary", in)
			if code != wantCode || withoutPlace(t, out) != withoutPlace(t, wantOut) {
				t.Errorf("validate %s: exit %d (the PGN's %d), the report differs:\n%s%s", in, code, wantCode, lineDifference(withoutPlace(t, wantOut), withoutPlace(t, out)), stderr)
			}
		}
		wantOut, _, wantCode = runAsh(t, "", "", "detect", "--format", "jsonl", "--no-evidence", pgn)
		out, _, code := runAsh(t, "", "", "detect", "--format", "jsonl", "--no-evidence", hidden)
		if code != wantCode || withoutPlace(t, out) != withoutPlace(t, wantOut) {
			t.Errorf("detect %s: exit %d (the PGN's %d), the report differs:\n%s", hidden, code, wantCode, lineDifference(withoutPlace(t, wantOut), withoutPlace(t, out)))
		}
		wantOut, _, wantCode = runAsh(t, "", "", "show", "--game", "2", pgn)
		out, _, code = runAsh(t, "", "", "show", "--game", "2", hidden)
		if code != wantCode || out != wantOut {
			t.Errorf("show --game 2 %s: exit %d (the PGN's %d):\n%s", hidden, code, wantCode, lineDifference(wantOut, out))
		}
		if out, stderr, code := runAsh(t, "", "", "diff", pgn, hidden); code != 0 {
			t.Errorf("diff of the PGN and its table: exit %d, want 0\n%s%s", code, out, stderr)
		}
	})
}

// placeless drops the keys file, line and column at every depth of v.
func placeless(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for _, k := range []string{"file", "line", "column"} {
			delete(v, k)
		}
		for k, x := range v {
			v[k] = placeless(x)
		}
	case []any:
		for i, x := range v {
			v[i] = placeless(x)
		}
	}
	return v
}
