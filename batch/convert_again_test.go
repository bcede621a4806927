package batch

import (
	"bytes"
	"sync"
	"testing"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// keptResult is a result a keepingRenderer was given, and its game.
type keptResult struct {
	n   int
	res *replay.Result
}

// keptResults are the results the keepingRenderers of a run were given.
type keptResults struct {
	mu   sync.Mutex
	kept []keptResult
}

// keepingRenderer renders as the renderer it wraps and keeps every result
// it is given, as a renderer a caller registers may.
type keepingRenderer struct {
	formats.GameRenderer
	kept *keptResults
}

func (k keepingRenderer) End(g *record.Game, n int, res *replay.Result) ([]byte, error) {
	if res != nil {
		k.kept.mu.Lock()
		k.kept.kept = append(k.kept.kept, keptResult{n, res})
		k.kept.mu.Unlock()
	}
	return k.GameRenderer.End(g, n, res)
}

// keeping is format f with its renderer wrapped in a keepingRenderer that
// keeps its results in kept.
func keeping(f formats.RecordFormat, kept *keptResults) formats.RecordFormat {
	r := *f.Rendering
	own := r.NewRenderer
	r.NewRenderer = func(opt formats.WriteOptions) formats.GameRenderer {
		return keepingRenderer{own(opt), kept}
	}
	f.Rendering = &r
	return f
}

// TestConvertSameWithResultsUsedAgain: every rendered format writes the
// same output and findings when its games are replayed into the result
// of the game before (this module's renderers, which keep none) as when
// each has its own (the same renderer wrapped in one that keeps its
// results, which gets each game's own: it still holds its game's after
// the run).
func TestConvertSameWithResultsUsedAgain(t *testing.T) {
	t.Parallel()
	inputs := append(convertInputs(t), "../corpus", "../testdata/malformed")
	for _, f := range formats.RecordFormats() {
		if f.Rendering == nil {
			continue
		}
		if formats.KeepsResults(f.Rendering.NewRenderer(formats.WriteOptions{})) {
			t.Errorf("--to %s: this module's renderer said to keep its results", f.Name)
		}
		for _, run := range []struct {
			compact bool
			jobs    int
		}{{false, 1}, {true, 1}, {false, 3}} {
			compact := run.compact
			c := Conversion{To: f, Write: formats.WriteOptions{Compact: compact}}
			o := Options{Limits: grammar.DefaultLimits(), Jobs: run.jobs}
			var want, wantFindings bytes.Buffer
			c.Findings = &wantFindings
			_, wantErr := Convert(o, inputs, c, &want)
			var kept keptResults
			c.To = keeping(f, &kept)
			var got, gotFindings bytes.Buffer
			c.Findings = &gotFindings
			_, gotErr := Convert(o, inputs, c, &got)
			if !bytes.Equal(got.Bytes(), want.Bytes()) || gotFindings.String() != wantFindings.String() || (gotErr == nil) != (wantErr == nil) {
				t.Errorf("--to %s (compact %v, %d workers): results used again write another output (error %v) than each game's own (error %v)", f.Name, compact, run.jobs, wantErr, gotErr)
			}
			if len(kept.kept) < 100 {
				t.Fatalf("--to %s: %d results kept", f.Name, len(kept.kept))
			}
			seen := map[*replay.Result]bool{}
			for _, k := range kept.kept {
				if seen[k.res] || k.res.Summary.Game != k.n {
					t.Fatalf("--to %s: a renderer that keeps its results was given game %d's result again (it holds game %d's)", f.Name, k.n, k.res.Summary.Game)
				}
				seen[k.res] = true
			}
		}
	}
}
