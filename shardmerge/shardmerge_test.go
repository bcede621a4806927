package shardmerge

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/gametable"
)

// parts writes each text as a part of dir and returns their paths.
func parts(t *testing.T, texts ...string) []string {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for i, s := range texts {
		p := filepath.Join(dir, "part-"+string(rune('1'+i)))
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

func join(t *testing.T, paths []string) (Kind, string) {
	t.Helper()
	ps, err := Check(paths)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	var b bytes.Buffer
	if err := ps.Write(&b, gametable.WriterOptions{}); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return ps.Kind(), b.String()
}

const (
	game1 = `{"kind":"game","file":"a.pgn","game":1}` + "\n"
	game2 = `{"kind":"game","file":"a.pgn","game":2}` + "\n"
	sum1  = `{"kind":"summary","games":1,"valid":1,"invalid":0,"errors":0,"warnings":0,"profiles":{"fide":1},"rules":{},"outcomes":{"none":1},"results":{"*":1}}` + "\n"
	sum2  = `{"kind":"summary","games":1,"valid":0,"invalid":1,"errors":2,"warnings":0,"profiles":{"fide":1},"rules":{"illegal-move":2},"outcomes":{"none":1},"results":{"*":1}}` + "\n"
)

// TestSummariesAddedUp: the summary lines of validate's JSON lines become
// one, written last, with the counts of both; the other lines keep their
// order.
func TestSummariesAddedUp(t *testing.T) {
	kind, got := join(t, parts(t, game1+sum1, game2+sum2))
	if kind != JSONLines {
		t.Errorf("kind = %v, want JSON lines", kind)
	}
	want := game1 + game2 + `{"kind":"summary","games":2,"valid":1,"invalid":1,"errors":2,"warnings":0,"profiles":{"fide":2},"rules":{"illegal-move":2},"outcomes":{"none":2},"results":{"*":2}}` + "\n"
	if got != want {
		t.Errorf("joined:\n%s\nwant:\n%s", got, want)
	}
}

// TestTextConcatenated: parts of PGN are joined as they are, a line that
// looks like a summary line included (in PGN it is a comment's text), and
// a line longer than the reader's buffer is copied whole.
func TestTextConcatenated(t *testing.T) {
	long := "{" + strings.Repeat("x", 200_000) + "}\n"
	a := "[Event \"a\"]\n\n1. e4 *\n\n"
	b := "[Event \"b\"]\n\n1. e4\n" + string(summaryPrefix) + "}\n" + long
	kind, got := join(t, parts(t, a, b))
	if kind != Text || got != a+b {
		t.Errorf("kind %v, %d bytes joined; want text, %d bytes as given", kind, len(got), len(a+b))
	}
}

// TestRefused: a part cut short, or of another kind than the others, is
// refused by Check, which names it.
func TestRefused(t *testing.T) {
	for _, tc := range []struct {
		name  string
		texts []string
		bad   int    // the part the error names
		why   string // and what it says
	}{
		{"cut in a line", []string{game1 + sum1, game2[:10]}, 1, "does not end with a new line"},
		{"cut in a record", []string{game1 + sum1, game2 + sum2[:20] + "\n"}, 1, "not a whole JSON record"},
		{"summary lost", []string{game1 + sum1, game2}, 1, "does not end with a summary line, as 1 other part does"},
		{"empty among summaries", []string{game1 + sum1, "", game2 + sum2}, 1, "as 2 other parts do"},
		{"json then text", []string{game1, "1. e4 *\n"}, 1, "is text, and"},
		{"text then json", []string{"1. e4 *\n", game1}, 1, "is JSON lines, and"},
	} {
		paths := parts(t, tc.texts...)
		_, err := Check(paths)
		if err == nil || !strings.Contains(err.Error(), paths[tc.bad]) || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("%s: Check = %v, want an error naming %s: %s", tc.name, err, paths[tc.bad], tc.why)
		}
	}
	if _, err := Check([]string{t.TempDir()}); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a directory: Check = %v", err)
	}
	if _, err := Check([]string{filepath.Join(t.TempDir(), "none")}); err == nil || !strings.Contains(err.Error(), "reading ") {
		t.Errorf("a missing part: Check = %v", err)
	}
}

// table writes rows numbered from..to-1 as a Parquet table.
func table(t *testing.T, from, to int) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gametable.NewWriter(&b, gametable.WriterOptions{})
	for i := from; i < to; i++ {
		if err := w.Write(&gametable.Row{File: "a.pgn", Game: int64(i), Profile: "fide"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestTablesJoinedRowByRow: two tables joined are the bytes of the one
// table of all their rows, and an empty part among tables, or a table cut
// short, is refused.
func TestTablesJoinedRowByRow(t *testing.T) {
	whole := table(t, 1, 5)
	kind, got := join(t, parts(t, string(table(t, 1, 3)), string(table(t, 3, 5))))
	if kind != Table {
		t.Errorf("kind = %v, want a table", kind)
	}
	if got != string(whole) {
		t.Errorf("joined table: %d bytes, not the %d of one table of the same rows", len(got), len(whole))
	}
	r, err := gametable.NewReader(bytes.NewReader([]byte(got)), int64(len(got)))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for i := int64(1); ; i++ {
		row, err := r.Next()
		if err == io.EOF {
			if i != 5 {
				t.Errorf("%d rows, want 4", i-1)
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if row.Game != i {
			t.Errorf("row %d is game %d", i, row.Game)
		}
	}
	cut := parts(t, string(whole), string(whole[:len(whole)/2]))
	if _, err := Check(cut); err == nil || !strings.Contains(err.Error(), cut[1]) {
		t.Errorf("a table cut short: Check = %v", err)
	}
	empty := parts(t, string(whole), "")
	if _, err := Check(empty); err == nil || !strings.Contains(err.Error(), empty[1]+" is empty") {
		t.Errorf("an empty part among tables: Check = %v", err)
	}
}
