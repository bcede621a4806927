package batch

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// A run whose work says its results hold none of the text reuses the
// splitter's slabs once a batch's results are delivered: each worker
// still reads every game's own text, with workers running ahead of the
// sink and batches cut across slabs (a slab freed early would hold later
// games' bytes by the time its own are parsed).
func TestSlabsReusedAfterDelivery(t *testing.T) {
	dir := t.TempDir()
	var want []string
	var b strings.Builder
	for i := range 600 {
		var g strings.Builder
		fmt.Fprintf(&g, "[Event \"g%d\"]\n\n", i)
		for m := 1; m <= 300+i%700; m++ { // 4 to 12 KB: a few games a slab
			fmt.Fprintf(&g, "%d. Nf3 Nf6 ", m)
		}
		g.WriteString("*")
		want = append(want, g.String())
		b.WriteString(g.String() + "\n\n")
	}
	path := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	work := Work[string]{
		Worker: func() func(*record.Game, string, int) string {
			return func(g *record.Game, _ string, _ int) string {
				return strings.TrimSpace(string(g.Source))
			}
		},
		Failed:   func(string, int) string { return "failed" },
		Detached: true,
	}
	for _, jobs := range []int{1, 3} {
		s := &orderSink{}
		Run(Options{Jobs: jobs, Batch: 7, Ahead: 2, Limits: grammar.DefaultLimits()}, []string{path}, work, s)
		if len(s.got) != len(want)+1 {
			t.Fatalf("%d workers: %d results, want %d", jobs, len(s.got), len(want)+1)
		}
		for i, w := range want {
			if s.got[i] != w {
				t.Fatalf("%d workers: game %d read as %.40q, want %.40q", jobs, i+1, s.got[i], w)
			}
		}
	}
}

// detach leaves no string of a validation's result in the game's text:
// every string reachable from the results of the repository's corpus and
// malformed records is looked at, those of the results before detach too,
// so that the test sees what detach has to copy.
func TestDetachCopiesTheText(t *testing.T) {
	files, _ := filepath.Glob("../testdata/malformed/*.pgn")
	more, _ := filepath.Glob("../corpus/*/*.pgn")
	files = append(files, more...)
	v := &validator{v: Validation{Settings: &FileSettings{}}, tally: replay.NewTally()}
	play := v.work().Worker()
	raw := replay.New(replay.Config{})
	shared, games := 0, 0
	for _, f := range files {
		in, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sp := grammar.NewSplitter(in)
		for {
			ch, err := sp.Next()
			if err != nil {
				break
			}
			if !ch.IsGame() {
				continue
			}
			games++
			g := grammar.ParseChunk(ch, f)
			eachString(reflect.ValueOf(raw.Game(g, f, 1)), func(s string) {
				if sharesBytes(s, ch.Data) {
					shared++
				}
			})
			eachString(reflect.ValueOf(play(g, f, 1)), func(s string) {
				if sharesBytes(s, ch.Data) {
					t.Fatalf("%s: a result keeps %q of the game's text", f, s)
				}
			})
		}
		in.Close()
	}
	if games < 100 || shared == 0 {
		t.Fatalf("%d games, %d strings of their text in the results before detach: nothing tested", games, shared)
	}
}

// eachString calls f with every string reachable from v.
func eachString(v reflect.Value, f func(string)) {
	switch v.Kind() {
	case reflect.String:
		f(v.String())
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			eachString(v.Elem(), f)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			eachString(v.Field(i), f)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			eachString(v.Index(i), f)
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			eachString(it.Key(), f)
			eachString(it.Value(), f)
		}
	}
}

// manyGames writes the corpus's fide records and the malformed ones ten
// times over into one file (a dozen of the splitter's slabs).
func manyGames(t *testing.T) string {
	t.Helper()
	files, _ := filepath.Glob("../corpus/fide/*.pgn")
	more, _ := filepath.Glob("../testdata/malformed/*.pgn")
	var b strings.Builder
	for range 10 {
		for _, f := range append(files, more...) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			b.Write(data)
			b.WriteString("\n\n")
		}
	}
	path := filepath.Join(t.TempDir(), "many.pgn")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Validation and the conversions that render their games reuse the
// splitter's slabs (their results hold none of the text), and write what
// they write with the slabs kept (Options.IDs holds on to the text, as a
// baseline's identities do).
func TestSameWithSlabsReused(t *testing.T) {
	t.Parallel()
	in := []string{manyGames(t)}
	for _, jobs := range []int{1, 3} {
		run := func(ids bool) string {
			var out bytes.Buffer
			o := Options{Limits: grammar.DefaultLimits(), Jobs: jobs, IDs: ids, Batch: 16}
			if _, err := Validate(o, in, Validation{Format: "jsonl", Summary: true}, &out); err != nil {
				t.Fatal(err)
			}
			return out.String()
		}
		if kept, reused := run(true), run(false); kept != reused || len(kept) < 1<<18 {
			t.Errorf("%d workers: validate wrote %d bytes with the slabs reused, %d with them kept", jobs, len(reused), len(kept))
		}
		for _, to := range []string{"pgn", "uci"} {
			conv := func(ids bool) string {
				var out, findings bytes.Buffer
				o := Options{Limits: grammar.DefaultLimits(), Jobs: jobs, IDs: ids, Batch: 16}
				if _, err := Convert(o, in, conversion(t, to, &findings), &out); err != nil {
					t.Fatalf("--to %s: %v", to, err)
				}
				return out.String() + findings.String()
			}
			if kept, reused := conv(true), conv(false); kept != reused || len(kept) < 1<<18 {
				t.Errorf("%d workers, --to %s: %d bytes with the slabs reused, %d with them kept", jobs, to, len(reused), len(kept))
			}
		}
	}
}

// A worker works a batch into a result list the sink is done with when
// one with room waits, else into a new one.
func TestResultListsReused(t *testing.T) {
	lists := make(chan []string, 4)
	o := Options{Keep: true}
	wk := newWorker(&o, Work[string]{
		Worker: func() func(*record.Game, string, int) string {
			return func(g *record.Game, _ string, index int) string { return fmt.Sprint(index) }
		},
		Failed: func(string, int) string { return "failed" },
	}, lists, false)
	b := &batchOfGames[string]{index: 1, chunks: []grammar.Chunk{{Data: []byte("1. e4 *")}, {Data: []byte("1. d4 *")}, {Data: []byte("1. c4 *")}}}
	small := make([]string, 0, 2)
	lists <- small
	if res := wk.results(b); strings.Join(res, " ") != "1 2 3" || &res[0] == &small[:1][0] {
		t.Fatalf("results %q, in the list too small for them: %t", res, &res[0] == &small[:1][0])
	}
	room := make([]string, 0, 4)
	lists <- room
	if res := wk.results(b); strings.Join(res, " ") != "1 2 3" || &res[0] != &room[:1][0] {
		t.Fatalf("results %q, in the list given back: %t", res, &res[0] == &room[:1][0])
	}
}
