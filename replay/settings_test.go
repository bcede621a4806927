package replay_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// corpusGames reads every game of ../corpus.
func corpusGames(t *testing.T) []*record.Game {
	t.Helper()
	var games []*record.Game
	for _, path := range testenv.RecordFiles(t, filepath.Join("..", "corpus")) {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		gs, err := grammar.ReadAll(f, path)
		f.Close()
		if err != nil {
			t.Fatalf("reading %s: %v", path, err)
		}
		games = append(games, gs...)
	}
	return games
}

// verdict is what a setting can change about a game: its findings (rule
// and ply) and the ending.
func verdict(res *replay.Result) string {
	var b strings.Builder
	for _, f := range res.Findings {
		fmt.Fprintf(&b, "%s@%d ", f.Rule, f.Ply)
	}
	fmt.Fprintf(&b, "| %s %s %d", res.Summary.Outcome, res.Summary.Winner, res.Summary.Plies)
	return b.String()
}

// TestEverySettingValueMatters: every value of every setting of
// docs/rules.md changes the verdict of at least one corpus record: for each
// value there is a record judged differently under it than under another
// value of the same setting (set from the command line, which wins over the
// record's tags).
func TestEverySettingValueMatters(t *testing.T) {
	games := corpusGames(t)
	if len(games) == 0 {
		t.Fatal("corpus/ has no games")
	}
	var uncovered []string
	for _, key := range rules.SettingKeys() {
		values := rules.SettingValues(key)
		// sig[v][g] is game g's verdict with key=v.
		sig := make([][]string, len(values))
		for vi, v := range values {
			r := replay.New(replay.Config{Overrides: []rules.Override{{Key: key, Value: v}}})
			sig[vi] = make([]string, len(games))
			for gi, g := range games {
				sig[vi][gi] = verdict(r.Game(g, "corpus", gi+1))
			}
		}
		for vi, v := range values {
			covered := false
			for gi := range games {
				for wi := range values {
					if wi != vi && sig[wi][gi] != sig[vi][gi] {
						covered = true
					}
				}
			}
			if !covered {
				uncovered = append(uncovered, key+"="+v)
			}
		}
	}
	sort.Strings(uncovered)
	if len(uncovered) > 0 {
		t.Errorf("no corpus record is judged differently under %d setting values:\n  %s",
			len(uncovered), strings.Join(uncovered, "\n  "))
	}
}
