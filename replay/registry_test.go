package replay_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
)

// TestEmittedRulesRegistered replays every record of corpus/ and
// testdata/ (main lines and variations) and checks each finding against
// the registry (package ruleid): its id is registered, its severity is the
// registered one, and the registry's Stops says what replay did, both
// ways: after a finding that stops, nothing later in its line is judged;
// a game without one is replayed to its last move. TestSharedData checks
// the same over ../shared/data.
func TestEmittedRulesRegistered(t *testing.T) {
	seen := map[string]bool{}
	games := 0
	for _, path := range testenv.RecordFiles(t, filepath.Join("..", "corpus"), filepath.Join("..", "testdata")) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, variations := range []bool{false, true} {
			games += checkRegistry(t, bytes.NewReader(data), path, replay.Config{Variations: variations}, seen)
		}
	}
	if games < 100 {
		t.Fatalf("only %d games replayed: the test data was not found", games)
	}
	for _, id := range ruleid.IDs() {
		if id == ruleid.NoGames || id == ruleid.AlsoValidAs {
			// no-games is about a file, not a game: the command's pipeline
			// gives it (TestNoGames in cmd/ashtapada runs the binary on
			// such files). also-valid-as is given by package detect for
			// validate --hints, not by replay; detect's TestHints and the
			// corpus test (corpus/rules/also-valid-as.pgn with --hints)
			// check it.
			continue
		}
		if !seen[id] {
			t.Errorf("no record of corpus/ or testdata/ gives %s: the registry entry is untested", id)
		}
	}
}

// checkRegistry replays every game of r and checks its findings against
// the registry; it returns the number of games and notes the ids seen.
func checkRegistry(t *testing.T, r io.Reader, name string, cfg replay.Config, seen map[string]bool) int {
	t.Helper()
	rp := replay.New(cfg)
	rd := grammar.NewReader(r, name)
	n := 0
	for i := 1; ; i++ {
		g, err := rd.Next()
		if err == io.EOF {
			return n
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		n++
		checkFindings(t, g, rp.Game(g, name, i), seen)
	}
}

func checkFindings(t *testing.T, g *record.Game, res *replay.Result, seen map[string]bool) {
	t.Helper()
	var stop *replay.Finding
	for i := range res.Findings {
		f := &res.Findings[i]
		if seen != nil {
			seen[f.Rule] = true
		}
		r, ok := ruleid.Lookup(f.Rule)
		if !ok {
			t.Errorf("%s:%d:%d: rule id %q is not registered in package ruleid", f.File, f.Line, f.Column, f.Rule)
			continue
		}
		downgraded := r.AlsoWarning && f.Severity == replay.SeverityWarning
		if f.Severity != r.Severity.String() && !downgraded {
			t.Errorf("%s:%d:%d: %s has severity %s, the registry says %s", f.File, f.Line, f.Column, f.Rule, f.Severity, r.Severity)
		}
		if g.Recovered && f.Rule == ruleid.Syntax && f.Ply == 0 {
			// The syntax error of a recovered game stands after the moves
			// read before it: it stops the line there, not at its start.
			at := *f
			at.Ply = mainLinePlies(g.Moves) + 1
			f = &at
		}
		if r.Stops && !downgraded && len(f.Variation) == 0 && (stop == nil || f.Ply < stop.Ply) {
			stop = f
		}
	}
	plies := res.Summary.Plies
	if stop == nil {
		if want := mainLinePlies(g.Moves); plies != want {
			t.Errorf("%s game %d: replay stopped after %d of %d plies with no finding that stops the line (%v)",
				res.Summary.File, res.Summary.Game, plies, want, rulesOf(res))
		}
		return
	}
	if plies >= stop.Ply && !(stop.Ply == 0 && plies == 0) {
		t.Errorf("%s:%d:%d: %s stops the line at ply %d, yet replay went on to ply %d", stop.File, stop.Line, stop.Column, stop.Rule, stop.Ply, plies)
	}
	for _, f := range res.Findings {
		if len(f.Variation) == 0 && f.Ply > stop.Ply && !strings.HasPrefix(f.Rule, "result-") {
			t.Errorf("%s:%d:%d: %s at ply %d, after %s stopped the line at ply %d", f.File, f.Line, f.Column, f.Rule, f.Ply, stop.Rule, stop.Ply)
		}
	}
}

// mainLinePlies counts the moves of a main line (each move of a compound
// turn is a ply).
func mainLinePlies(nodes []record.Node) int {
	n := 0
	for i := range nodes {
		if nodes[i].Kind == record.KindMove {
			n++
		}
	}
	return n
}

func rulesOf(res *replay.Result) []string {
	var out []string
	for _, f := range res.Findings {
		out = append(out, f.Rule)
	}
	return out
}
