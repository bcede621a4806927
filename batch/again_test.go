package batch

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/report"
)

// box is a result of againSink's run: the game it is for.
type box struct{ index int }

// againSink checks that each result it is given is its game's, in input
// order, and records it as delivered once it is done with it.
type againSink struct {
	t         *testing.T
	mu        sync.Mutex
	delivered map[*box]bool
	next      int
}

func (s *againSink) Game(_ report.GameID, res *box) bool {
	s.next++
	if res.index != s.next {
		s.t.Errorf("game %d delivered with the result of game %d", s.next, res.index)
	}
	s.mu.Lock()
	s.delivered[res] = true
	s.mu.Unlock()
	return true
}

func (s *againSink) FileEnd(FileEnd) bool    { return true }
func (s *againSink) ToolError(error) bool    { return true }
func (s *againSink) done(b *box) (done bool) { s.mu.Lock(); defer s.mu.Unlock(); return s.delivered[b] }

// Work.Again is given only results the sink is done with, and only when
// the text's memory is used again (Detached, without Keep or IDs): with
// workers running ahead of the sink, a result given back before its
// batch was delivered would be written over before the sink saw it.
func TestResultsUsedAgainOnlyOnceDelivered(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := range 500 {
		b.WriteString("[Event \"e\"]\n\n1. e4 e5 " + strings.Repeat("{c} ", i%50) + "*\n\n")
	}
	path := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		jobs      int
		keep, ids bool
		again     bool
	}{{1, false, false, true}, {3, false, false, true}, {1, true, false, false}, {3, false, true, false}} {
		s := &againSink{t: t, delivered: map[*box]bool{}}
		var mu sync.Mutex
		reused := 0
		work := Work[*box]{
			Worker: func() func(*record.Game, string, int) *box {
				return func(_ *record.Game, _ string, index int) *box { return &box{index} }
			},
			Again: func() func(*box, *record.Game, string, int) *box {
				return func(old *box, _ *record.Game, _ string, index int) *box {
					if old == nil {
						return &box{index}
					}
					if !s.done(old) {
						t.Errorf("game %d given the result of game %d before the sink was done with it", index, old.index)
					}
					mu.Lock()
					reused++
					mu.Unlock()
					old.index = index
					return old
				}
			},
			Failed:   func(_ string, index int) *box { return &box{index} },
			Detached: true,
		}
		Run(Options{Jobs: c.jobs, Keep: c.keep, IDs: c.ids, Batch: 7, Ahead: 2, Limits: grammar.DefaultLimits()}, []string{path}, work, s)
		if s.next != 500 {
			t.Fatalf("%+v: %d games delivered, want 500", c, s.next)
		}
		if (reused > 0) != c.again {
			t.Errorf("%+v: %d results used again", c, reused)
		}
	}
}

// Validation uses its results again only when nothing else may keep
// them: neither Through nor a writer registered by a caller.
func TestValidateUsesResultsAgainOnlyWhenNothingKeepsThem(t *testing.T) {
	for _, name := range report.Formats() {
		if name == keepingFormat {
			continue
		}
		rw, err := report.New(name, io.Discard, report.Options{})
		if err != nil {
			t.Fatal(err)
		}
		s := &validator{v: Validation{Settings: &FileSettings{}}, rw: rw}
		if s.work().Again == nil {
			t.Errorf("format %s: the results are not used again", name)
		}
		s.v.Through = func(_ report.GameID, r *replay.Result) *replay.Result { return r }
		if s.work().Again != nil {
			t.Errorf("format %s with Through: the results are used again", name)
		}
	}
}

// keepingFormat names keepingWriter's format.
const keepingFormat = "test-keeps-results"

// keepingWriter keeps every result it is given, as a caller's writer may.
type keepingWriter struct{ kept *[]*replay.Result }

func (k keepingWriter) Game(r *replay.Result) error {
	*k.kept = append(*k.kept, r)
	return nil
}
func (k keepingWriter) Close(*replay.Tally) error { return nil }

// A writer registered by a caller that keeps the results it is given
// keeps each game's own, as it did before results were used again.
func TestKeepingWriterKeepsEachGamesResult(t *testing.T) {
	var kept []*replay.Result
	report.Register(keepingFormat, func(io.Writer, report.Options) report.Writer { return keepingWriter{&kept} })
	in := []string{manyGames(t)}
	o := Options{Limits: grammar.DefaultLimits(), Jobs: 1, Batch: 4}
	if _, err := Validate(o, in, Validation{Format: keepingFormat}, io.Discard); err != nil {
		t.Fatal(err)
	}
	if len(kept) < 100 {
		t.Fatalf("%d results kept", len(kept))
	}
	seen := map[*replay.Result]bool{}
	for i, r := range kept {
		if seen[r] || r.Summary.Game != i+1 {
			t.Fatalf("result %d kept: game %d, the result of an earlier game too: %t", i+1, r.Summary.Game, seen[r])
		}
		seen[r] = true
	}
}

// Validation writes the same report with its results used again as
// without (Options.IDs keeps them apart): in the text report of every
// game, with the hints that add findings to a result, and in JSON.
func TestValidateSameWithResultsUsedAgain(t *testing.T) {
	t.Parallel()
	in := []string{manyGames(t)}
	for _, jobs := range []int{1, 3} {
		for _, v := range []Validation{
			{Format: "text", Report: report.Options{Verbose: true}, Hints: true, Summary: true},
			{Format: "json"},
		} {
			run := func(ids bool) string {
				var out bytes.Buffer
				o := Options{Limits: grammar.DefaultLimits(), Jobs: jobs, IDs: ids, Batch: 4}
				if _, err := Validate(o, in, v, &out); err != nil {
					t.Fatal(err)
				}
				return out.String()
			}
			if apart, again := run(true), run(false); apart != again || len(apart) < 1<<16 {
				t.Errorf("%d workers, %s: %d bytes with the results used again, %d without", jobs, v.Format, len(again), len(apart))
			}
		}
	}
}
