package formats

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
)

// notationRoundTrip converts every game of data to notation n and reads
// it back: the moves read back must be exactly the canonical SAN of the
// original's moves, with no hand-written expectation. It returns the
// number of games and plies compared.
func notationRoundTrip(t *testing.T, name string, data []byte, n grammar.Notation, limit int) (games, plies int) {
	t.Helper()
	rp := replay.New(replay.Config{Steps: true})
	gs, err := grammar.ReadAll(bytes.NewReader(data), name)
	if err != nil {
		t.Fatal(err)
	}
	for gi, g := range gs {
		if gi >= limit {
			break
		}
		if g.SyntaxError() != nil {
			continue
		}
		tr := rp.Game(g, "", 1).Played
		if tr.Start == nil || len(tr.Steps) == 0 {
			continue
		}
		var buf bytes.Buffer
		// A trace that stops early (an illegal move in the record) is
		// written up to the stop: only that part is compared.
		_ = WriteNotationGame(&buf, g, tr, n, false)
		r := grammar.NewReader(bytes.NewReader(buf.Bytes()), "back.pgn")
		r.SetNotation(n)
		g2, err := r.Next()
		if err != nil {
			t.Fatalf("%s game %d: reading back: %v", name, gi+1, err)
		}
		if se := g2.SyntaxError(); se != nil {
			t.Errorf("%s game %d in %s: %d:%d: %s\n%s", name, gi+1, n, se.Pos.Line, se.Pos.Col, se.Message, buf.String())
			continue
		}
		tr2 := rp.Game(g2, "", 1).Played
		if len(tr2.Steps) != len(tr.Steps) {
			stop := ""
			if tr2.StopNode != nil {
				stop = tr2.StopNode.Text
			}
			t.Errorf("%s game %d in %s: %d plies read back of %d; stopped at %q\n%s", name, gi+1, n, len(tr2.Steps), len(tr.Steps), stop, buf.String())
			continue
		}
		for i := range tr.Steps {
			if tr.Steps[i].SAN != tr2.Steps[i].SAN {
				t.Errorf("%s game %d in %s, ply %d: %s written as %q read back as %s", name, gi+1, n, i+1, tr.Steps[i].SAN, tr2.Steps[i].Node.Text, tr2.Steps[i].SAN)
				break
			}
		}
		games++
		plies += len(tr.Steps)
	}
	return games, plies
}

// roundTripFiles are the records the round trip reads: the repository's
// corpus always, the shared FIDE corpus and Fairy-Stockfish self-play
// games when ../shared exists.
func roundTripFiles(t *testing.T, withShared bool) []string {
	root := repoRoot(t)
	files, err := filepath.Glob(filepath.Join(root, "corpus", "*", "*.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	if withShared {
		sh := sharedPath(t)
		if _, err := os.Stat(sh); err != nil {
			t.Logf("shared data not found at %s: the round trip reads corpus/ only", sh)
		} else {
			self, _ := filepath.Glob(filepath.Join(sh, "data", "fsf-selfplay", "*.pgn"))
			files = append(files, self...)
			files = append(files, filepath.Join(sh, "data", "fide", "corpus-10k.pgn"))
		}
	}
	sort.Strings(files)
	return files
}

// TestNotationRoundTrip: descriptive, every language and figurines.
// Descriptive reads every game of every file; the languages, whose
// reading is a change of letters, read the first games of each file
// (every game with ASHTAPADA_LONG=1).
func TestNotationRoundTrip(t *testing.T) {
	notations := []grammar.Notation{grammar.NotationDescriptive, grammar.NotationGerman, grammar.NotationFrench,
		grammar.NotationSpanish, grammar.NotationItalian, grammar.NotationDutch, grammar.NotationPortuguese,
		grammar.NotationSwedish, grammar.NotationRussian, grammar.NotationFigurine}
	for _, path := range roundTripFiles(t, true) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(filepath.Dir(path)) + "/" + filepath.Base(path)
		for _, n := range notations {
			limit := 1 << 30
			if n != grammar.NotationDescriptive && !longRun() {
				limit = 200
			}
			t.Run(strings.ReplaceAll(name, "/", "_")+"_"+n.String(), func(t *testing.T) {
				g, p := notationRoundTrip(t, name, data, n, limit)
				t.Logf("%d games, %d plies", g, p)
			})
		}
	}
}
