package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFmtBooksReadBack: fmt's output of every file of testdata/books reads
// back to the same moves, game by game, as the file does: fmt writes what
// the record says, and a record read in a language's letters keeps them,
// so that the readings only that notation has (a man taking a man, `TxT`;
// a long move's misprinted origin, `Ce1—d2`) are read again.
func TestFmtBooksReadBack(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join(repoRoot(t), "testdata", "books", "*.pgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no books: %v", err)
	}
	dir := t.TempDir()
	for _, f := range files {
		out, stderr, code := runBinary(t, "fmt", f)
		if code != 0 && code != 1 {
			t.Fatalf("fmt %s exits %d: %s", f, code, stderr)
		}
		back := filepath.Join(dir, filepath.Base(f))
		if err := os.WriteFile(back, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		want, got := playedMoves(t, f), playedMoves(t, back)
		if len(got) != len(want) {
			t.Errorf("%s: fmt's output holds %d games, the file %d", filepath.Base(f), len(got), len(want))
			continue
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s game %d: fmt's output reads as\n%s\nthe file as\n%s", filepath.Base(f), i+1, got[i], want[i])
			}
		}
	}
}

// playedMoves is the main line each game of path plays, in UCI, as
// convert --to jsonl reads it (the notation guessed per game).
func playedMoves(t *testing.T, path string) []string {
	t.Helper()
	out, stderr, code := runBinary(t, "convert", "--to", "jsonl", path)
	if code != 0 && code != 1 {
		t.Fatalf("convert %s exits %d: %s", path, code, stderr)
	}
	var games []string
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		var g struct {
			Moves []struct {
				Played *struct {
					UCI string `json:"uci"`
				} `json:"played"`
			} `json:"moves"`
		}
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var uci []string
		for _, m := range g.Moves {
			if m.Played != nil {
				uci = append(uci, m.Played.UCI)
			}
		}
		games = append(games, strings.Join(uci, " "))
	}
	return games
}
