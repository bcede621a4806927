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
// a long move's misprinted origin, `Ce1—d2`) are read again. fmt runs
// per file; the files and fmt's outputs are each read in one run, their
// games in the order of the files.
func TestFmtBooksReadBack(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join(repoRoot(t), "testdata", "books", "*.pgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no books: %v", err)
	}
	dir := t.TempDir()
	var backs, gameFile []string
	for _, f := range files {
		out, stderr, code := runBinary(t, "fmt", f)
		if code != 0 && code != 1 {
			t.Fatalf("fmt %s exits %d: %s", f, code, stderr)
		}
		back := filepath.Join(dir, filepath.Base(f))
		if err := os.WriteFile(back, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		backs = append(backs, back)
		// Each game of the books starts with its Event tag (bookGames).
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n := strings.Count("\n"+string(data), "\n[Event ")
		if got := strings.Count("\n"+out, "\n[Event "); got != n {
			t.Errorf("%s: fmt's output holds %d games, the file %d", filepath.Base(f), got, n)
		}
		for range n {
			gameFile = append(gameFile, filepath.Base(f))
		}
	}
	want, got := playedMoves(t, files...), playedMoves(t, backs...)
	if len(got) != len(want) || len(want) != len(gameFile) {
		t.Fatalf("fmt's outputs hold %d games, the files %d (%d Event tags)", len(got), len(want), len(gameFile))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s, game %d of the books: fmt's output reads as\n%s\nthe file as\n%s", gameFile[i], i+1, got[i], want[i])
		}
	}
}

// playedMoves is the main line each game of paths plays, in UCI, as
// convert --to jsonl reads it (the notation guessed per game), in the
// order of the paths.
func playedMoves(t *testing.T, paths ...string) []string {
	t.Helper()
	out, stderr, code := runBinary(t, append([]string{"convert", "--to", "jsonl"}, paths...)...)
	if code != 0 && code != 1 {
		t.Fatalf("convert %s exits %d: %s", strings.Join(paths, " "), code, stderr)
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
			t.Fatalf("%s: %v", strings.Join(paths, " "), err)
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
