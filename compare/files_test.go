package compare_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/compare"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

const (
	gameOne = "[Event \"one\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
	gameTwo = "[Event \"two\"]\n\n1. d4 d5 2. c4 e6 *\n\n"
	// gameOne with another third ply, and a game no other file has.
	gameOneB   = "[Event \"one\"]\n\n1. e4 e5 2. Nc3 Nc6 3. Bb5 a6 *\n\n"
	gameThree  = "[Event \"three\"]\n\n1. c4 *\n\n"
	gameLeaper = "[Event \"leap\"]\n\n1. e3 e6 2. Kd3 Nf6 3. Ke2 Nc6 *\n\n"
	// A compound turn: legal where the opening allows three moves.
	gameCompound = "[Event \"compound\"]\n\n1. e4,d4 e5 *\n\n"
)

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// collect is an each that keeps the entries.
func collect(es *[]*compare.Entry) func(*compare.Entry) error {
	return func(e *compare.Entry) error {
		*es = append(*es, e)
		return nil
	}
}

// TestFiles: two files paired by order give an entry for the pair that
// differs (at its first differing ply) and one for the game only in A;
// paired by a tag, the games of B in another order pair with their own.
func TestFiles(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a.pgn": gameOne + gameTwo + gameThree,
		"b.pgn": gameOneB + gameTwo,
		"c.pgn": gameTwo + gameOneB,
	})
	a, b, c := filepath.Join(dir, "a.pgn"), filepath.Join(dir, "b.pgn"), filepath.Join(dir, "c.pgn")
	var es []*compare.Entry
	if err := compare.Files(a, b, replay.Config{}, compare.Options{}, collect(&es)); err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 || es[0].Game != 1 || es[0].Ply != 3 || es[0].A.Move != "Nf3" || es[0].B.Move != "Nc3" ||
		es[1].Game != 3 || es[1].Note != "only in "+a {
		t.Fatalf("by order: want game 1 at ply 3 and game 3 only in A, got %s", texts(t, es))
	}
	es = nil
	if err := compare.Files(a, c, replay.Config{}, compare.Options{By: []string{"Event"}}, collect(&es)); err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 || es[0].Game != 1 || es[0].GameB != 2 || es[0].Key != "one" || es[0].Ply != 3 ||
		es[1].Game != 3 || es[1].Key != "three" {
		t.Fatalf("by Event: want game 1 / 2 at ply 3 and game 3 alone, got %s", texts(t, es))
	}
	es = nil
	if err := compare.Files(a, a, replay.Config{}, compare.Options{}, collect(&es)); err != nil || len(es) != 0 {
		t.Errorf("a file against itself: %v %s", err, texts(t, es))
	}
}

// TestRuleSetsOverAndAsReadOver: a file of a compound turn under fide and
// under fide with a triple opening differs in its first game only; the
// king's leap written as a plain king move reads otherwise under
// chaturanga.
func TestRuleSetsOverAndAsReadOver(t *testing.T) {
	dir := writeFiles(t, map[string]string{"t.pgn": gameCompound + gameTwo + gameLeaper})
	path := filepath.Join(dir, "t.pgn")
	a, b := ruleSet(t, "fide"), ruleSet(t, "fide", "opening=triple")
	for _, jobs := range []int{1, 2} {
		var es []*compare.Entry
		o := compare.Options{}
		o.Read.Jobs = jobs
		if err := compare.RuleSetsOver(path, a, b, o, collect(&es)); err != nil {
			t.Fatal(err)
		}
		if len(es) != 1 || es[0].Game != 1 || es[0].Ply != 2 || es[0].A.Rule != "compound-turn" || es[0].A.Name != a.Name || !es[0].B.Legal {
			t.Errorf("--jobs %d: want game 1 at ply 2, a compound turn under fide only: %s", jobs, texts(t, es))
		}
	}
	var es []*compare.Entry
	if err := compare.AsReadOver(path, ruleSet(t, "chaturanga"), compare.Options{}, collect(&es)); err != nil {
		t.Fatal(err)
	}
	if len(es) == 0 || es[len(es)-1].Game != 3 || es[len(es)-1].Ply != 3 || es[len(es)-1].B.Move != "K~d3" {
		t.Errorf("as read under chaturanga: want game 3 at ply 3, K~d3: %s", texts(t, es))
	}
	if err := compare.RuleSetsOver(dir, a, b, compare.Options{}, collect(&es)); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("a directory: %v", err)
	}
}

// TestFilesInParts: the entries of the three questions are the same when
// every game is read in parts of two nodes (as a huge game is) as when it
// is read whole, in text and in JSON; and an error of each stops the run
// and is returned as it is.
func TestFilesInParts(t *testing.T) {
	t.Parallel() // the sizes are the options', not the package's
	dir := writeFiles(t, map[string]string{
		"a.pgn": gameOne + gameTwo + gameThree + gameLeaper + gameCompound,
		"b.pgn": gameOneB + gameTwo + "[Event \"leap\"]\n\n1. e3 e6 2. K~d3 Nf6 3. Ke3 Nc6 *\n\n",
	})
	a, b := filepath.Join(dir, "a.pgn"), filepath.Join(dir, "b.pgn")
	fide, triple, chaturanga := ruleSet(t, "fide"), ruleSet(t, "fide", "opening=triple"), ruleSet(t, "chaturanga")
	runs := map[string]func(compare.Options, func(*compare.Entry) error) error{
		"files": func(o compare.Options, each func(*compare.Entry) error) error {
			return compare.Files(a, b, replay.Config{}, o, each)
		},
		"rule sets": func(o compare.Options, each func(*compare.Entry) error) error {
			return compare.RuleSetsOver(b, chaturanga, fide, o, each)
		},
		"rule sets, triple": func(o compare.Options, each func(*compare.Entry) error) error {
			return compare.RuleSetsOver(a, fide, triple, o, each)
		},
		"as read": func(o compare.Options, each func(*compare.Entry) error) error {
			return compare.AsReadOver(a, chaturanga, o, each)
		},
	}
	// Every game of a byte or more read in parts of two nodes.
	parted := compare.Options{Read: batch.Options{Parts: grammar.ReadOptions{PartedBytes: 1, PartNodes: 2}}}
	write := func(name string, run func(compare.Options, func(*compare.Entry) error) error, json bool, o compare.Options) string {
		var sb strings.Builder
		w := compare.NewWriter(&sb, json)
		if err := run(o, w.Write); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return sb.String()
	}
	whole := map[string][2]string{}
	for name, run := range runs {
		whole[name] = [2]string{write(name, run, false, compare.Options{}), write(name, run, true, compare.Options{})}
		if !strings.Contains(whole[name][0], "first difference") {
			t.Errorf("%s: no difference found:\n%s", name, whole[name][0])
		}
	}
	for name, run := range runs {
		if got := write(name, run, false, parted); got != whole[name][0] {
			t.Errorf("%s in parts:\n%s\nread whole:\n%s", name, got, whole[name][0])
		}
		if got := write(name, run, true, parted); got != whole[name][1] {
			t.Errorf("%s in parts, JSON:\n%s\nread whole:\n%s", name, got, whole[name][1])
		}
		stop := errors.New("stop")
		n := 0
		err := run(parted, func(*compare.Entry) error { n++; return stop })
		if err != stop || n != 1 {
			t.Errorf("%s: each's error: got %v after %d entries, want it after 1", name, err, n)
		}
	}
}

// TestWriterJSON: no entry is an empty array; entries are one array.
func TestWriterJSON(t *testing.T) {
	var sb strings.Builder
	w := compare.NewWriter(&sb, true)
	if err := w.Close(); err != nil || sb.String() != "[]\n" {
		t.Errorf("no entry: %q %v", sb.String(), err)
	}
	sb.Reset()
	w = compare.NewWriter(&sb, true)
	for i := 1; i <= 2; i++ {
		if err := w.Write(&compare.Entry{Mode: compare.ModeRecords, Game: i, Note: "only in a"}); err != nil {
			t.Fatal(err)
		}
	}
	want := "[\n  {\n    \"mode\": \"records\",\n    \"game\": 1,\n    \"ply\": 0,\n    \"note\": \"only in a\"\n  },\n" +
		"  {\n    \"mode\": \"records\",\n    \"game\": 2,\n    \"ply\": 0,\n    \"note\": \"only in a\"\n  }\n]\n"
	if err := w.Close(); err != nil || sb.String() != want || w.Entries() != 2 {
		t.Errorf("two entries (%d):\n%s\nwant\n%s", w.Entries(), sb.String(), want)
	}
}

// ruleSet is the rule set of profile name with settings sets.
func ruleSet(t *testing.T, name string, sets ...string) compare.RuleSet {
	t.Helper()
	p, err := rules.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	cfg := replay.Config{Profile: p}
	for _, s := range sets {
		ovs, err := rules.ParseOverrides(s)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Overrides = append(cfg.Overrides, ovs...)
	}
	return compare.RuleSet{Name: compare.RuleSetName(cfg, sets), Config: cfg}
}

// texts is the entries as WriteText writes them, for a failure's message.
func texts(t *testing.T, es []*compare.Entry) string {
	t.Helper()
	var sb strings.Builder
	for _, e := range es {
		if err := compare.WriteText(&sb, e); err != nil {
			t.Fatal(err)
		}
	}
	return sb.String()
}
