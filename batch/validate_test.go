package batch

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/report"
	"github.com/ashtapada/ashtapada/ruleselect"
)

// TestValidateSameForAnyJobs: the report and the outcome of a validation
// do not depend on the number of workers, with hints and a summary too.
func TestValidateSameForAnyJobs(t *testing.T) {
	t.Parallel()
	inputs := convertInputs(t)
	for _, format := range []string{"text", "jsonl", "sarif"} {
		v := Validation{Format: format, Summary: true, Hints: true}
		var want bytes.Buffer
		wantOut, err := Validate(Options{Limits: grammar.DefaultLimits(), Jobs: 1}, inputs, v, &want)
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if wantOut.Games != 19 || wantOut.Found != 19 || wantOut.Chosen != 19 || wantOut.Errors != 1 || !wantOut.Complete() {
			t.Errorf("%s: outcome %+v, want 19 games, one error", format, wantOut)
		}
		for _, jobs := range []int{2, 5} {
			var got bytes.Buffer
			out, err := Validate(Options{Limits: grammar.DefaultLimits(), Jobs: jobs}, inputs, v, &got)
			if err != nil || out != wantOut || !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("%s, %d jobs: outcome %+v, %v, want %+v; the reports agree: %v", format, jobs, out, err, wantOut, bytes.Equal(got.Bytes(), want.Bytes()))
			}
		}
	}
}

// TestValidateChoosesAndCounts: a file's own settings win over the
// common ones, Through sees each result after the rule choice, with its
// game's identity, Quiet
// drops the warnings only from the report, and MaxErrors counts what it
// leaves out. A file named that holds no game is a result of its own.
func TestValidateChoosesAndCounts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.pgn")
	empty := filepath.Join(dir, "empty.pgn")
	games := "[Event \"a\"]\n\n1. e5 *\n\n[Event \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n[Event \"c\"]\n\n1. d4 d5 *\n"
	if err := os.WriteFile(bad, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(empty, []byte("% nothing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ignoreMismatch, err := ruleselect.New(nil, []string{"result-tag-mismatch"})
	if err != nil {
		t.Fatal(err)
	}
	var passed int
	var events []string
	v := Validation{
		Format:    "jsonl",
		Quiet:     true,
		MaxErrors: 1,
		Through: func(id report.GameID, res *replay.Result) *replay.Result {
			passed++
			events = append(events, id.Key.Event)
			return res
		},
	}
	var report bytes.Buffer
	out, err := Validate(Options{Limits: grammar.DefaultLimits()}, []string{bad, empty}, v, &report)
	if err != nil {
		t.Fatal(err)
	}
	if out.Games != 3 || out.Errors != 2 || out.Shown != 1 || out.Left != (LeftOut{Findings: 1, Errors: 1, Games: 1}) || passed != 4 {
		t.Errorf("outcome %+v, %d passed through; want 3 games, 2 errors, 1 shown, 1 left out, 4 passed", out, passed)
	}
	if got := strings.Join(events, ","); got != "a,b,c," {
		t.Errorf("Through saw the events %q, want a,b,c and the empty file's none", got)
	}
	if strings.Contains(report.String(), `"severity":"warning"`) || !strings.Contains(report.String(), "illegal-move") {
		t.Errorf("the report keeps a warning, or misses the error shown:\n%s", report.String())
	}
	v.Files = map[string]*FileSettings{bad: {Rules: ignoreMismatch}}
	v.MaxErrors = 0
	report.Reset()
	if out, err = Validate(Options{Limits: grammar.DefaultLimits()}, []string{bad}, v, &report); err != nil {
		t.Fatal(err)
	}
	if out.Errors != 1 || strings.Contains(report.String(), "result-tag-mismatch") {
		t.Errorf("the file's settings ignore result-tag-mismatch, yet %d errors:\n%s", out.Errors, report.String())
	}
}

// TestValidateSVGDir: an error finding is drawn into the directory,
// named after its file, game, ply and rule.
func TestValidateSVGDir(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := filepath.Join(dir, "leap.pgn")
	game := "[Variant \"hindustani\"]\n\n1. f3 f6 2. Nc3 Qh5 3. a3 Qh4+ 4. g3 Qh6 5. K~d3 Qe6 *\n"
	if err := os.WriteFile(in, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	svgs := filepath.Join(dir, "svg")
	out, err := Validate(Options{Limits: grammar.DefaultLimits()}, []string{in}, Validation{Format: "text", SVGDir: svgs}, &bytes.Buffer{})
	if err != nil || out.Errors != 1 || out.Unwritten != 0 {
		t.Fatalf("outcome %+v, %v; want one error drawn", out, err)
	}
	data, err := os.ReadFile(filepath.Join(svgs, "leap-g1-p9-king-leap-unavailable.svg"))
	if err != nil {
		ents, _ := os.ReadDir(svgs)
		t.Fatalf("%v; the directory has %v", err, ents)
	}
	if !bytes.Contains(data, []byte("<svg")) || !bytes.Contains(data, []byte("marker-end")) {
		t.Errorf("not a diagram with an arrow:\n%.300s", data)
	}
}
