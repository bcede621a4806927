package batch

import (
	"bytes"
	"errors"
	"io"
	"os"
	"testing"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/report"
)

// TestSameWithPlies: validate, and convert to each format written from
// the replay's moves alone, write the same output and findings when their
// games are read for the walk alone (Work.Plies, the workers' records
// dropped) as when every game is read whole (Options.Keep, which keeps
// the records and so asks for no plies). The input holds games the lean
// read takes, checked first, and games it gives up on.
func TestSameWithPlies(t *testing.T) {
	t.Parallel()
	in := manyGames(t)
	if n := pliesGames(t, in); n < 100 {
		t.Fatalf("only %d games of the input are read for the walk alone: the test would compare nothing", n)
	}
	for _, jobs := range []int{1, 3} {
		for _, v := range []Validation{
			{Format: "text", Report: report.Options{Verbose: true}, Summary: true},
			{Format: "json"},
			{Format: "html"},
		} {
			run := func(keep bool) string {
				var out bytes.Buffer
				o := Options{Limits: grammar.DefaultLimits(), Jobs: jobs, Keep: keep, Batch: 4}
				if _, err := Validate(o, []string{in}, v, &out); err != nil {
					t.Fatal(err)
				}
				return out.String()
			}
			if whole, plies := run(true), run(false); whole != plies || len(whole) < 1<<12 {
				t.Errorf("validate, %d workers, %s: %d bytes from plies, %d from records read whole", jobs, v.Format, len(plies), len(whole))
			}
		}
		for _, f := range formats.RecordFormats() {
			if !f.MovesOnly {
				continue
			}
			run := func(keep bool) (string, string, error) {
				var out, findings bytes.Buffer
				o := Options{Limits: grammar.DefaultLimits(), Jobs: jobs, Keep: keep}
				_, err := Convert(o, []string{in}, Conversion{To: f, Findings: &findings}, &out)
				return out.String(), findings.String(), err
			}
			wo, wf, we := run(true)
			po, pf, pe := run(false)
			if wo != po || wf != pf || (we == nil) != (pe == nil) || len(wo) < 1<<12 {
				t.Errorf("convert --to %s, %d workers: %d bytes and %d of findings from plies (error %v), %d and %d from records read whole (error %v)", f.Name, jobs, len(po), len(pf), pe, len(wo), len(wf), we)
			}
		}
	}
}

// pliesGames is the number of games of the file at path that the reader
// gives as plies when asked.
func pliesGames(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := grammar.NewSplitter(f)
	sc := grammar.Scratch{Plies: true}
	n := 0
	for {
		c, err := s.Next()
		if errors.Is(err, io.EOF) {
			return n
		}
		if err != nil {
			t.Fatal(err)
		}
		if g := grammar.ParseChunkScratch(c, path, &sc); g.Plies != nil {
			n++
		}
	}
}
