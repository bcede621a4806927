package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/internal/testenv"
)

// TestSplitOnBinary: --split N writes files of N games that, read in
// order, are the output of one run (which puts a blank line between two
// games, where a file ends with its last, unless that game was passed
// through with its blank line); --split-by TAG writes for each value
// the file --where TAG=value writes; a run that fails writes no file.
func TestSplitOnBinary(t *testing.T) {
	t.Parallel()
	books := filepath.Join(repoRoot(t), "testdata", "books")
	dir := t.TempDir()
	whole, _, wantCode := runAsh(t, "", "", "convert", "--to", "pgn", books)
	_, _, code := runAsh(t, "", "", "convert", "--to", "pgn", "--split", "10", "-o", filepath.Join(dir, "g.pgn"), books)
	parts, _ := filepath.Glob(filepath.Join(dir, "g-*.pgn"))
	sort.Slice(parts, func(i, j int) bool {
		return len(parts[i]) < len(parts[j]) || len(parts[i]) == len(parts[j]) && parts[i] < parts[j]
	})
	var joined strings.Builder
	for i, p := range parts {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(b), "\n[Event ") + strings.Count(string(b[:min(len(b), 7)]), "[Event "); n > 10 || (i < len(parts)-1 && n != 10) {
			t.Errorf("%s holds %d games", filepath.Base(p), n)
		}
		// A game the reader could not read is written byte for byte, the
		// blank line after it included: a file that ends with one already
		// ends with the separator.
		if i > 0 && !strings.HasSuffix(joined.String(), "\n\n") {
			joined.WriteString("\n")
		}
		joined.Write(b)
	}
	if want := (bookGames(t) + 9) / 10; code != wantCode || len(parts) != want || joined.String() != whole {
		t.Errorf("--split 10: exit %d (one run's %d), %d files (want %d); read in order they differ from one run's output:\n%s", code, wantCode, len(parts), want, lineDifference(whole, joined.String()))
	}

	// Each event's file holds the games of that event, as one run writes
	// them (their numbers and positions over all the inputs), and is what
	// --where chooses: every file against the one run's games, and
	// --where run on a sample of the events (each a run over all the
	// books; every event in the long tier).
	if _, stderr, code := runAsh(t, "", "", "convert", "--to", "jsonl", "--split-by", "Event", "-o", filepath.Join(dir, "e.jsonl"), books); code > 1 {
		t.Fatalf("--split-by Event: exit %d\n%s", code, stderr)
	}
	events, _ := filepath.Glob(filepath.Join(dir, "e-*.jsonl"))
	sort.Strings(events)
	byEvent := batch.Split{Base: filepath.Join(dir, "e.jsonl"), Tag: "Event"}
	if len(events) < 3 {
		t.Fatalf("--split-by Event: %d files", len(events))
	}
	all, _, _ := runAsh(t, "", "", "convert", "--to", "jsonl", books)
	gamesOf := map[string]string{}
	for _, line := range strings.SplitAfter(all, "\n") {
		if v, ok := eventOf(line); ok {
			gamesOf[v] += line
		}
	}
	type eventFile struct{ path, value, text string }
	var checked []eventFile
	for _, p := range events {
		b, _ := os.ReadFile(p)
		value, ok := eventOf(strings.SplitN(string(b), "\n", 2)[0])
		if !ok || strings.ContainsAny(value, `*?\`) || byEvent.File(0, value) != p {
			continue
		}
		if string(b) != gamesOf[value] {
			t.Errorf("%s is not the games of event %s of one run:\n%s", filepath.Base(p), value, lineDifference(gamesOf[value], string(b)))
		}
		checked = append(checked, eventFile{p, value, string(b)})
	}
	if len(checked) < 3 {
		t.Errorf("only %d event files compared", len(checked))
	}
	for _, e := range testenv.Sample(checked, 4) {
		want, _, _ := runAsh(t, "", "", "convert", "--to", "jsonl", "--where", "Event="+e.value, books)
		if e.text != want {
			t.Errorf("%s is not what --where Event=%s writes:\n%s", filepath.Base(e.path), e.value, lineDifference(want, e.text))
		}
	}

	// A file that cannot be written: none is.
	fail := t.TempDir()
	writeFile(t, fail, "g-2.pgn", "kept\n")
	if err := os.Chmod(filepath.Join(fail, "g-2.pgn"), 0o444); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runAsh(t, "", "", "convert", "--to", "pgn", "--split", "10", "-o", filepath.Join(fail, "g.pgn"), books)
	left, _ := os.ReadDir(fail)
	if code != 2 || len(left) != 1 || !strings.Contains(stderr, "g-2.pgn") {
		var names []string
		for _, e := range left {
			names = append(names, e.Name())
		}
		t.Errorf("a read-only second file: exit %d, the directory holds %q\n%s", code, names, stderr)
	}
	for _, args := range [][]string{
		{"--split", "10"},
		{"--split", "0", "-o", "x.pgn"},
		{"--split", "2", "--split-by", "Event", "-o", "x.pgn"},
		{"--split", "2", "-o", "x.svg", "--to", "svg"},
		{"--split", "2", "-o", "x.parquet", "--to", "parquet"},
	} {
		a := append([]string{"convert", "--to", "pgn"}, args...)
		if _, stderr, code := runAsh(t, dir, "", append(a, books)...); code != 2 || !strings.Contains(stderr, "--split") {
			t.Errorf("%s: exit %d\n%s", strings.Join(args, " "), code, stderr)
		}
	}
}

// eventOf is the value of the Event tag of a game of convert --to jsonl's
// output, one line.
func eventOf(line string) (string, bool) {
	var g struct {
		Tags []struct{ Name, Value string }
	}
	if json.Unmarshal([]byte(line), &g) != nil {
		return "", false
	}
	for _, tag := range g.Tags {
		if tag.Name == "Event" {
			return tag.Value, true
		}
	}
	return "", false
}

// bookGames counts the games of testdata/books (each starts with its Event
// tag), which the tests that run over the directory expect in full.
func bookGames(t *testing.T) int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(repoRoot(t), "testdata", "books", "*.pgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no games in testdata/books: %v", err)
	}
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n += strings.Count("\n"+string(b), "\n[Event ")
	}
	return n
}
