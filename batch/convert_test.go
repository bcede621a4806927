package batch

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats"
	_ "github.com/ashtapada/ashtapada/formats/all" // the formats the tests convert to
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/selection"
)

// conversion is the conversion of the games to the format named to, its
// findings written to findings.
func conversion(t *testing.T, to string, findings *bytes.Buffer) Conversion {
	t.Helper()
	f, ok := formats.LookupRecordFormat(to)
	if !ok {
		t.Fatalf("no format %q", to)
	}
	c := Conversion{To: f}
	if findings != nil {
		c.Findings = findings
	}
	return c
}

// convertInputs writes a file of a valid game, a game with an illegal
// move and another valid game, and returns it with the corpus's fide
// records.
func convertInputs(t *testing.T) []string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mixed.pgn")
	games := "[Event \"first\"]\n\n1. e4 e5 *\n\n[Event \"bad\"]\n\n1. e5 *\n\n[Event \"last\"]\n\n1. d4 d5 *\n"
	if err := os.WriteFile(path, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	return []string{path, "../corpus/fide"}
}

// TestConvertSameForAnyJobs: the output, the findings and the outcome of
// a conversion do not depend on the number of workers, for a format the
// workers render (jsonl, fen) and for one the sink writes (html).
func TestConvertSameForAnyJobs(t *testing.T) {
	t.Parallel()
	inputs := convertInputs(t)
	for _, to := range []string{"pgn", "jsonl", "fen", "html"} {
		var want, wantFindings bytes.Buffer
		o := Options{Limits: grammar.DefaultLimits(), Jobs: 1}
		out, err := Convert(o, inputs, conversion(t, to, &wantFindings), &want)
		if err != nil {
			t.Fatalf("--to %s: %v", to, err)
		}
		if out.Broken != 1 || out.Found != 19 || want.Len() == 0 || !strings.Contains(wantFindings.String(), "[illegal-move]") {
			t.Errorf("--to %s: %d broken of %d found, %d bytes written, findings %q", to, out.Broken, out.Found, want.Len(), wantFindings.String())
		}
		for _, jobs := range []int{2, 5} {
			var got, gotFindings bytes.Buffer
			o.Jobs = jobs
			if _, err := Convert(o, inputs, conversion(t, to, &gotFindings), &got); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) || gotFindings.String() != wantFindings.String() {
				t.Errorf("--to %s: %d workers write another output than one", to, jobs)
			}
		}
	}
}

// TestConvertNothing: a conversion that finds no game, or chooses none,
// says which, for its caller to word.
func TestConvertNothing(t *testing.T) {
	t.Parallel()
	empty := filepath.Join(t.TempDir(), "empty.pgn")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var w bytes.Buffer
	o := Options{Limits: grammar.DefaultLimits()}
	if _, err := Convert(o, []string{empty}, conversion(t, "jsonl", nil), &w); !errors.Is(err, ErrNoGames) {
		t.Errorf("no game: error %v, want ErrNoGames", err)
	}
	sel, err := selection.Parse([]string{"99"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	o.Select = sel
	out, err := Convert(o, []string{"../corpus/fide"}, conversion(t, "jsonl", nil), &w)
	if !errors.Is(err, ErrNoneChosen) || out.Found != 16 || w.Len() != 0 {
		t.Errorf("none chosen: error %v of %d found, %d bytes written", err, out.Found, w.Len())
	}
}

// TestConvertSplit: the files of a split, read in order, hold one
// conversion's games, each file a whole document; a split that fails
// leaves no file, and the file it could not replace as it was.
func TestConvertSplit(t *testing.T) {
	t.Parallel()
	inputs := convertInputs(t)
	o := Options{Limits: grammar.DefaultLimits()}
	var whole bytes.Buffer
	if _, err := Convert(o, inputs, conversion(t, "jsonl", nil), &whole); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	c := conversion(t, "jsonl", nil)
	c.Split = &Split{Base: filepath.Join(dir, "g.jsonl"), Each: 5}
	if _, err := Convert(o, inputs, c, nil); err != nil {
		t.Fatal(err)
	}
	var joined []byte
	for n := 1; n <= 19; n += 5 {
		b, err := os.ReadFile(c.Split.File(n, ""))
		if err != nil {
			t.Fatal(err)
		}
		if lines := bytes.Count(b, []byte("\n")); lines != min(5, 19-n+1) {
			t.Errorf("%s holds %d games", filepath.Base(c.Split.File(n, "")), lines)
		}
		joined = append(joined, b...)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 4 || !bytes.Equal(joined, whole.Bytes()) {
		t.Errorf("%d files, which read in order differ from one conversion's output", len(entries))
	}

	fail := t.TempDir()
	readOnly := filepath.Join(fail, "g-2.jsonl")
	if err := os.WriteFile(readOnly, []byte("kept\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	c.Split = &Split{Base: filepath.Join(fail, "g.jsonl"), Each: 5}
	_, err := Convert(o, inputs, c, nil)
	if err == nil || !strings.Contains(err.Error(), readOnly) {
		t.Errorf("a read-only second file: error %v", err)
	}
	entries, _ := os.ReadDir(fail)
	if b, _ := os.ReadFile(readOnly); len(entries) != 1 || string(b) != "kept\n" {
		t.Errorf("a failed split left %d files, the read-only one holding %q", len(entries), b)
	}
}
