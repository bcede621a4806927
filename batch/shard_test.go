package batch

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/source"
)

// TestReadRange: whatever the cuts, the ranges of an input give each of
// its games once, in order, numbered as the whole input numbers them,
// each with the text that holds no game before it; only the range with
// the last game gives the text after it.
func TestReadRange(t *testing.T) {
	text := "{ before the first game }\n\n" +
		"[Event \"g1\"]\n\n1. e4 e5 *\n\n" +
		"[Event \"g2\"]\n\n1. d4 d5 *\n\n{ between two games }\n\n" +
		"[Event \"g3\"]\n\n1. c4 *\n\n" +
		"[Event \"g4\"]\n\n1. Nf3 *\n\n" +
		"[Event \"g5\"]\n\n1. g3 *\n\n{ after the last game }\n"
	whole, wholeTrailer := readRanges(t, text, []int64{0, -1})
	if len(whole) != 5 || whole[0] != "1 g1 gap { before the first game }" || !strings.Contains(whole[2], "between two games") || !strings.HasSuffix(whole[3], "nil") {
		t.Fatalf("whole input: %q", whole)
	}
	if !strings.Contains(wholeTrailer, "after the last game") {
		t.Fatalf("whole input: trailer %q", wholeTrailer)
	}
	for step := 7; step < len(text); step += 13 {
		cuts := []int64{0}
		for at := step; at < len(text); at += step {
			cuts = append(cuts, int64(at))
		}
		cuts = append(cuts, -1)
		got, trailer := readRanges(t, text, cuts)
		if !slices.Equal(got, whole) || trailer != wholeTrailer {
			t.Errorf("cut every %d bytes: got %q, trailer %q; want %q, %q", step, got, trailer, whole, wholeTrailer)
		}
	}
}

// readRanges reads text in the ranges between consecutive cuts (the last
// -1, the end), and returns each game as "index event gap", and the
// trailers the ranges returned, joined.
func readRanges(t *testing.T, text string, cuts []int64) (games []string, trailer string) {
	t.Helper()
	o := Options{Limits: grammar.DefaultLimits()}
	for i := 0; i+1 < len(cuts); i++ {
		tr, err := ReadRange(strings.NewReader(text), "in.pgn", cuts[i], cuts[i+1], o, func(ch grammar.Chunk, index int, gap []byte) error {
			g := grammar.ParseChunk(ch, "in.pgn")
			ev, _ := g.Tag("Event")
			gs := "nil"
			if gap != nil {
				gs = strings.TrimSpace(string(gap))
			}
			games = append(games, fmt.Sprintf("%d %s gap %s", index, ev, gs))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		trailer += string(tr)
	}
	return games, trailer
}

// primeSink is an orderSink that also takes the game before its part.
type primeSink struct {
	orderSink
	primed []string
}

func (s *primeSink) Prime(index int, res string) bool {
	s.primed = append(s.primed, fmt.Sprintf("%d %s", index, res))
	return true
}

// TestShardOverInputs: the parts of a shard, numbered over the inputs,
// deliver between them the games of one run with the numbers it gives
// them, and each part with a game is primed with the game one run delivers
// just before its first (none for the first part).
func TestShardOverInputs(t *testing.T) {
	files := orderInputs(t)
	work := orderWork(1, "")
	games := func(got []string) []string {
		var out []string
		for _, g := range got {
			if !strings.HasPrefix(g, "end ") {
				out = append(out, g)
			}
		}
		return out
	}
	var one orderSink
	Run(Options{Jobs: 3, OverInputs: true, Limits: grammar.DefaultLimits()}, files, work, &one)
	want := games(one.got)
	for n := 1; n <= 4; n++ {
		var all []string
		for k := 1; k <= n; k++ {
			sh, err := source.ParseShard(fmt.Sprintf("%d/%d", k, n))
			if err != nil {
				t.Fatal(err)
			}
			plan := func(files []string) ([]source.Part, error) { return source.Plan(files, sh, nil) }
			var s primeSink
			Run(Options{Jobs: 3, OverInputs: true, Plan: plan, Limits: grammar.DefaultLimits()}, files, work, &s)
			part := games(s.got)
			all = append(all, part...)
			if len(part) == 0 {
				if len(s.primed) != 0 {
					t.Errorf("part %d/%d: no game, yet primed with %q", k, n, s.primed)
				}
				continue
			}
			first := slices.Index(want, part[0])
			switch {
			case first < 0:
				t.Errorf("part %d/%d: first game %q is not one run's", k, n, part[0])
			case first == 0 && len(s.primed) != 0:
				t.Errorf("part %d/%d: primed with %q before the first game", k, n, s.primed)
			case first > 0 && !slices.Equal(s.primed, []string{fmt.Sprintf("%d %s", first, want[first-1])}):
				t.Errorf("part %d/%d: primed with %q, want game %d %q", k, n, s.primed, first, want[first-1])
			}
		}
		if !slices.Equal(all, want) {
			t.Errorf("%d parts: the games differ from one run's:\n%q\nwant\n%q", n, all, want)
		}
	}
}
