package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOneJobOneCore: a run of one job, asked on the command line or in a
// configuration file, confines itself to one core; a run of more jobs does
// not. Not parallel: it replaces the hook that main sets, which the tests
// running beside it would read.
func TestOneJobOneCore(t *testing.T) {
	calls := 0
	oneJobOneCore = func() { calls++ }
	defer func() { oneJobOneCore = nil }()
	game := filepath.Join("..", "..", "corpus", "fide", "showcase.pgn")
	if _, err := os.Stat(game); err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(t.TempDir(), "ashtapada.toml")
	if err := os.WriteFile(conf, []byte("[validate]\njobs = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"validate", "-q", "--jobs", "1", game}, 1},
		{[]string{"convert", "--to", "uci", "--jobs", "1", game}, 1},
		{[]string{"validate", "-q", "--config", conf, game}, 1},
		{[]string{"validate", "-q", "--jobs", "2", game}, 0},
	} {
		calls = 0
		if _, stderr, code := runApp(t, c.args...); code != 0 {
			t.Fatalf("%v: exit %d, %s", c.args, code, stderr)
		}
		if calls != c.want {
			t.Errorf("%v: confined to one core %d times, want %d", c.args, calls, c.want)
		}
	}
}
