package batch

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/report"
	"github.com/ashtapada/ashtapada/selection"
	"github.com/ashtapada/ashtapada/source"
)

// orderSink records what a run delivers, in the order it comes.
type orderSink struct{ got []string }

func (s *orderSink) Game(_ report.GameID, res string) bool {
	s.got = append(s.got, res)
	return true
}

func (s *orderSink) FileEnd(f FileEnd) bool {
	s.got = append(s.got, fmt.Sprintf("end %s %d", filepath.Base(f.Name), f.Games))
	return true
}

func (s *orderSink) ToolError(err error) bool {
	s.got = append(s.got, "error "+strings.SplitN(err.Error(), ":", 2)[0])
	return true
}

// orderInputs writes files of games whose Event tag names the file and the
// game's place in it, of sizes that cut batches in the middle of files.
func orderInputs(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for k, n := range []int{1, BatchGames + 3, 0, 2*BatchGames + 17, 5} {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "[Event \"f%d g%d\"]\n\n1. e4 e5 *\n\n", k, i)
		}
		path := filepath.Join(dir, fmt.Sprintf("f%d.pgn", k))
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	return files
}

// orderWork answers each game with its Event tag, the file and index the
// run gave it, after a random delay of up to 0.3 ms, so that
// workers finish out of order; the game whose Event is panicAt panics.
func orderWork(seed uint64, panicAt string) Work[string] {
	var workers atomic.Uint64
	return Work[string]{
		Worker: func() func(*record.Game, string, int) string {
			rng := rand.New(rand.NewPCG(seed, workers.Add(1)))
			return func(g *record.Game, file string, index int) string {
				time.Sleep(time.Duration(rng.IntN(300)) * time.Microsecond)
				ev, _ := g.Tag("Event")
				if ev == panicAt {
					panic("a bug met on " + ev)
				}
				return fmt.Sprintf("%s @%s#%d", ev, filepath.Base(file), index)
			}
		},
		Failed: func(file string, index int) string {
			return fmt.Sprintf("failed @%s#%d", filepath.Base(file), index)
		},
	}
}

// TestRunOrderUnderRandomDelays: the ordered parallel run delivers
// every game's result in input order, numbered within each file or over
// the inputs, with each file's end after its games, whatever the number of
// workers and however long each game takes; a game whose work panics is
// reported in its place and the others are still done; and the parts of
// a shard K/N, run one after the other, deliver together the games of the
// whole run, each once, in order. A synthetic workload: the property is the
// run's, not the rules'.
func TestRunOrderUnderRandomDelays(t *testing.T) {
	files := orderInputs(t)
	run := func(o Options, seed uint64, panicAt string) []string {
		s := &orderSink{}
		o.Limits = grammar.DefaultLimits()
		o.Warn = &strings.Builder{}
		Run(o, files, orderWork(seed, panicAt), s)
		return s.got
	}
	// What one worker delivers, numbered within each file.
	want := run(Options{Jobs: 1}, 0, "")
	if len(want) < 3*BatchGames {
		t.Fatalf("only %d results: the inputs do not span several batches", len(want))
	}
	for i, w := range want {
		// The sequential run numbers each game by its place in its file.
		var k, g, kk, idx int
		if n, _ := fmt.Sscanf(w, "f%d g%d @f%d.pgn#%d", &k, &g, &kk, &idx); n == 4 && (k != kk || g != idx) {
			t.Fatalf("result %d: %q: a game numbered otherwise than its place in its file", i, w)
		}
	}
	for seed := uint64(1); seed <= 3; seed++ {
		for _, jobs := range []int{2, 3, 8} {
			for _, ahead := range []int{0, 1} {
				o := Options{Jobs: jobs, Ahead: ahead, Batch: 7 * int(seed)}
				if got := run(o, seed, ""); !slices.Equal(got, want) {
					t.Fatalf("%d workers, seed %d, ahead %d, batches of %d: the results come otherwise:\n%s", jobs, seed, ahead, o.Batch, firstResultDifference(want, got))
				}
			}
		}
	}
	// Numbered over the inputs: the same order, the indexes running on.
	over := run(Options{Jobs: 3, OverInputs: true}, 9, "")
	n := 0
	for i, r := range over {
		if strings.HasPrefix(r, "end ") {
			continue
		}
		n++
		if !strings.HasSuffix(r, fmt.Sprintf("#%d", n)) || strings.SplitN(r, " @", 2)[0] != strings.SplitN(want[i], " @", 2)[0] {
			t.Fatalf("over the inputs, result %d is %q, want game %d of the run (%q)", i, r, n, want[i])
		}
	}
	// A panic is the failed result in its place; the rest are as before,
	// on workers of their own or on the sink's goroutine (one worker).
	bad := fmt.Sprintf("f3 g%d", BatchGames+1)
	for _, jobs := range []int{3, 1} {
		var got []string
		errs := 0
		for _, r := range run(Options{Jobs: jobs}, 4, bad) {
			if strings.HasPrefix(r, "error ") {
				errs++ // the bug, reported as an error of the tool before its result
				continue
			}
			got = append(got, r)
		}
		if len(got) != len(want) || errs != 1 {
			t.Fatalf("a panic, %d workers: %d results and %d errors, want %d and 1", jobs, len(got), errs, len(want))
		}
		for i := range want {
			if strings.HasPrefix(want[i], bad+" ") != strings.HasPrefix(got[i], "failed ") {
				t.Fatalf("a panic at %s, %d workers: result %d is %q, want %q or its failure", bad, jobs, i, got[i], want[i])
			}
		}
	}
	// The parts of a shard K/3 together are the whole run, in order.
	var games []string
	for _, r := range want {
		if !strings.HasPrefix(r, "end ") {
			games = append(games, r)
		}
	}
	var parts []string
	for k := 1; k <= 3; k++ {
		sh, err := source.ParseShard(fmt.Sprintf("%d/3", k))
		if err != nil {
			t.Fatal(err)
		}
		plan := func(files []string) ([]source.Part, error) { return source.Plan(files, sh, nil) }
		for _, r := range run(Options{Jobs: 2, Plan: plan}, uint64(k), "") {
			if !strings.HasPrefix(r, "end ") {
				parts = append(parts, r)
			}
		}
	}
	if !slices.Equal(parts, games) {
		t.Fatalf("the three parts of shard K/3 deliver otherwise than the whole run:\n%s", firstResultDifference(games, parts))
	}
}

// firstResultDifference shows where two lists of results first differ.
func firstResultDifference(want, got []string) string {
	for i := range min(len(want), len(got)) {
		if want[i] != got[i] {
			return fmt.Sprintf("at %d: got %q, want %q", i, got[i], want[i])
		}
	}
	return fmt.Sprintf("got %d results, want %d", len(got), len(want))
}

// TestRunSelects: Options.Select delivers exactly the games it chooses, in
// order, with the numbers of the whole run (per file, or over the inputs),
// for any number of workers; the games a tag condition rejects are never
// given to the work; a file is read no further than its last chosen
// number; and a huge game is chosen by its tags alone.
func TestRunSelects(t *testing.T) {
	files := orderInputs(t)
	run := func(o Options, panicAt string) []string {
		s := &orderSink{}
		o.Limits = grammar.DefaultLimits()
		o.Warn = &strings.Builder{}
		Run(o, files, orderWork(1, panicAt), s)
		return s.got
	}
	for _, over := range []bool{false, true} {
		all := run(Options{Jobs: 1, OverInputs: over}, "")
		sel, err := selection.Parse([]string{"2,60-70"}, []string{"Event~g[0-9]*[0-8]$"})
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, r := range all {
			var k, g, kk, idx int
			if n, _ := fmt.Sscanf(r, "f%d g%d @f%d.pgn#%d", &k, &g, &kk, &idx); n == 4 {
				if sel.Number(idx) && g%10 != 9 {
					want = append(want, r)
				}
				continue
			}
			if !strings.HasPrefix(r, "end ") {
				want = append(want, r)
			}
		}
		var ends []string
		for _, jobs := range []int{1, 2, 5} {
			// The tags reject g9 of f3, whose work would panic.
			got := run(Options{Jobs: jobs, Batch: 4, OverInputs: over, Select: sel}, "f3 g9")
			var games []string
			ends = ends[:0]
			for _, r := range got {
				if strings.HasPrefix(r, "end ") {
					ends = append(ends, r)
				} else {
					games = append(games, r)
				}
			}
			if !slices.Equal(games, want) {
				t.Fatalf("over inputs %v, %d workers: the chosen games come otherwise:\n%s", over, jobs, firstResultDifference(want, games))
			}
		}
		if len(want) < 10 {
			t.Fatalf("over inputs %v: only %d games chosen: the test chooses too little", over, len(want))
		}
		if !over {
			// f3 holds 145 games: its reading stops at the 71st, past the
			// last number chosen.
			if wantEnds := []string{"end f0.pgn 1", fmt.Sprintf("end f1.pgn %d", BatchGames+3), "end f2.pgn 0", "end f3.pgn 71", "end f4.pgn 5"}; !slices.Equal(ends, wantEnds) {
				t.Errorf("the file ends are %q, want %q", ends, wantEnds)
			}
		}
	}
}

// stopSink stops the run at its stopAt'th game.
type stopSink struct {
	orderSink
	stopAt int
	games  int
}

func (s *stopSink) Game(id report.GameID, res string) bool {
	s.games++
	s.orderSink.Game(id, res)
	return s.games < s.stopAt
}

// TestRunStops: a sink that asks to stop is given nothing more, and the
// run returns, Stopped, whether its batches are worked on by workers of
// their own or by the sink's goroutine (one worker), in the middle of a
// batch or at its end (the inputs hold 218 games).
func TestRunStops(t *testing.T) {
	files := orderInputs(t)
	for _, jobs := range []int{1, 3} {
		for _, stopAt := range []int{1, BatchGames, BatchGames + 2, 3*BatchGames + 10} {
			s := &stopSink{stopAt: stopAt}
			out := Run(Options{Jobs: jobs, Limits: grammar.DefaultLimits(), Warn: &strings.Builder{}}, files, orderWork(5, ""), s)
			if !out.Stopped || out.Complete() {
				t.Errorf("%d workers, stopped at game %d: the outcome %+v is not a stopped run", jobs, stopAt, out)
			}
			if s.games != stopAt {
				t.Errorf("%d workers: the sink stopped at game %d and was given %d", jobs, stopAt, s.games)
			}
		}
	}
}

// A batch's chunk list goes back for reuse cleared (it keeps no chunk's
// bytes alive), and the reader takes it only when it has room for a whole
// batch.
func TestChunkListsReused(t *testing.T) {
	lists := make(chan []grammar.Chunk, 4)
	r := reader[int]{lists: lists}
	l := r.chunkList(4)
	l = append(l, grammar.Chunk{Data: []byte("1. e4 *")}, grammar.Chunk{Data: []byte("1. d4 *")})
	b := &batchOfGames[int]{chunks: l}
	b.release(lists, nil)
	if b.chunks != nil {
		t.Fatal("the batch still has its chunk list after releasing it")
	}
	again := r.chunkList(4)
	if len(again) != 0 || cap(again) != 4 || &again[:1][0] != &l[0] {
		t.Fatalf("the reader took a list of length %d and room %d, not the one released", len(again), cap(again))
	}
	for i, c := range again[:2] {
		if c.Data != nil {
			t.Fatalf("chunk %d of a released list still holds %q", i, c.Data)
		}
	}
	(&batchOfGames[int]{chunks: again}).release(lists, nil)
	if bigger := r.chunkList(8); cap(bigger) < 8 {
		t.Fatalf("the reader took a list with room for %d chunks, want 8", cap(bigger))
	}
	// More lists than are kept: the rest are let go, not waited on.
	for range cap(lists) + 2 {
		(&batchOfGames[int]{chunks: make([]grammar.Chunk, 1, 4)}).release(lists, nil)
	}
}
