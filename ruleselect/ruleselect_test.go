package ruleselect

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
)

// The resolution ruff documents for select and ignore: "more specific
// prefixes override less specific prefixes. ignore takes precedence over
// select if the same prefix appears in both."
func TestKeepsAsRuffResolves(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		selects, ignores []string
		kept, dropped    []string
	}{
		{nil, nil, []string{"result-missing", "missing-tag", "illegal-move"}, nil},
		{nil, []string{"result"}, []string{"missing-tag"}, []string{"result-mismatch", "result-tag-mismatch", "result-missing"}},
		{nil, []string{"result-"}, []string{"missing-tag"}, []string{"result-missing"}},
		{[]string{"result"}, []string{"result-missing"}, []string{"result-mismatch", "result-tag-mismatch"}, []string{"result-missing", "missing-tag", "encoding"}},
		// The more specific select wins over a less specific ignore.
		{[]string{"result-missing"}, []string{"result"}, []string{"result-missing"}, []string{"result-mismatch", "missing-tag"}},
		// Equals: ignore wins.
		{[]string{"missing-tag"}, []string{"missing-tag"}, nil, []string{"missing-tag"}},
		{[]string{"ALL"}, []string{"missing-tag"}, []string{"encoding", "result-missing"}, []string{"missing-tag"}},
		{nil, []string{"ALL"}, []string{"illegal-move", "syntax"}, []string{"missing-tag", "result-mismatch", "lenient-notation"}},
		{[]string{"ALL"}, []string{"ALL"}, nil, []string{"encoding"}},
		// Several in one value, as ruff's comma lists.
		{nil, []string{"encoding, lenient-notation"}, []string{"missing-tag"}, []string{"encoding", "lenient-notation"}},
		// A rule that stops the replay is never dropped.
		{[]string{"missing-tag"}, []string{"promotion"}, []string{"missing-tag", "illegal-move", "promotion-missing"}, []string{"promotion-inferred", "encoding"}},
	} {
		ch, err := New(c.selects, c.ignores)
		if err != nil {
			t.Fatalf("select %q ignore %q: %v", c.selects, c.ignores, err)
		}
		for _, id := range c.kept {
			if !ch.Keeps(id, ruleid.SeverityOf(id)) {
				t.Errorf("select %q ignore %q: %s dropped, want kept", c.selects, c.ignores, id)
			}
		}
		for _, id := range c.dropped {
			if ch.Keeps(id, ruleid.SeverityOf(id)) {
				t.Errorf("select %q ignore %q: %s kept, want dropped", c.selects, c.ignores, id)
			}
		}
	}
}

func TestBadSelectors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		selects, ignores []string
		want             string
	}{
		{nil, []string{"illegal-move"}, "illegal-move stops the replay"},
		{nil, []string{"opening"}, "each of opening-capture, opening-check stops"},
		{nil, []string{"res"}, `no rule id is or starts with "res"`},
		{[]string{"missing-tags"}, nil, "missing-tag"}, // the suggestion
		{[]string{"Missing-Tag"}, nil, "--select Missing-Tag"},
	} {
		_, err := New(c.selects, c.ignores)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("select %q ignore %q: %v, want an error with %q", c.selects, c.ignores, err, c.want)
		}
	}
}

// Every id is matched by itself and by ALL, and no selector matches an id
// it is not a dash-ended prefix of.
func TestMatchesEveryID(t *testing.T) {
	t.Parallel()
	for _, id := range ruleid.IDs() {
		if !matches(id, id) || !matches(All, id) {
			t.Errorf("%s is not matched by itself or ALL", id)
		}
		if len(id) > 2 && matches(id[:len(id)-1], id) && !strings.HasSuffix(id[:len(id)-1], "-") {
			t.Errorf("%s is matched by %s, which stops inside a word", id, id[:len(id)-1])
		}
	}
}

func TestApplyRecounts(t *testing.T) {
	t.Parallel()
	r := &replay.Result{
		Summary: replay.Summary{Game: 1, Errors: 1, Warnings: 2, Valid: false},
		Findings: []replay.Finding{
			{Rule: "result-mismatch", Severity: replay.SeverityError},
			{Rule: "missing-tag", Severity: replay.SeverityWarning},
			{Rule: "encoding", Severity: replay.SeverityWarning},
		},
	}
	ch, _ := New(nil, []string{"result-mismatch", "encoding"})
	got := ch.Apply(r)
	if len(got.Findings) != 1 || got.Findings[0].Rule != "missing-tag" || got.Summary.Errors != 0 || got.Summary.Warnings != 1 || !got.Summary.Valid {
		t.Errorf("Apply: %+v", got.Summary)
	}
	if len(r.Findings) != 3 || r.Summary.Valid {
		t.Error("Apply changed the result it was given")
	}
	if none, _ := New(nil, nil); none.Apply(r) != r {
		t.Error("a choice of everything copies the result")
	}
}

// Layers stack as ruff stacks a configuration file and the command line:
// a layer with selects decides anew; one with ignores only drops from what
// is under it.
func TestLayers(t *testing.T) {
	t.Parallel()
	file, err := (*Choice)(nil).Then("select", []string{"result"}, "ignore", []string{"result-missing"})
	if err != nil {
		t.Fatal(err)
	}
	cliIgnore, _ := file.Then("--select", nil, "--ignore", []string{"result-mismatch"})
	cliSelect, _ := file.Then("--select", []string{"missing-tag"}, "--ignore", nil)
	perFile, _ := cliSelect.Then("select", nil, "per-file-ignores", []string{"missing-tag"})
	for _, c := range []struct {
		name          string
		ch            *Choice
		kept, dropped []string
	}{
		{"the file", file, []string{"result-mismatch", "result-tag-mismatch"}, []string{"result-missing", "missing-tag"}},
		{"the file, then --ignore", cliIgnore, []string{"result-tag-mismatch"}, []string{"result-mismatch", "result-missing", "missing-tag"}},
		{"the file, then --select", cliSelect, []string{"missing-tag"}, []string{"result-mismatch", "result-missing", "encoding"}},
		{"then a per-file ignore", perFile, []string{"illegal-move"}, []string{"missing-tag", "result-mismatch"}},
	} {
		for _, id := range c.kept {
			if !c.ch.Keeps(id, ruleid.SeverityOf(id)) {
				t.Errorf("%s: %s dropped, want kept", c.name, id)
			}
		}
		for _, id := range c.dropped {
			if c.ch.Keeps(id, ruleid.SeverityOf(id)) {
				t.Errorf("%s: %s kept, want dropped", c.name, id)
			}
		}
	}
	if _, err := file.Then("select", nil, "ignore", []string{"nonsense"}); err == nil || !strings.HasPrefix(err.Error(), "ignore nonsense:") {
		t.Errorf("a bad selector of a layer: %v", err)
	}
}

// An id that stops the replay but may also be a warning (move-after-end in
// a variation) can be ignored: its warnings go, its errors stay.
func TestIgnoreDropsOnlyTheWarningsOfAStoppingID(t *testing.T) {
	t.Parallel()
	ch, err := New(nil, []string{ruleid.MoveAfterEnd})
	if err != nil {
		t.Fatalf("--ignore move-after-end: %v", err)
	}
	if ch.Keeps(ruleid.MoveAfterEnd, ruleid.Warning) {
		t.Error("a move-after-end warning is kept under --ignore move-after-end")
	}
	if !ch.Keeps(ruleid.MoveAfterEnd, ruleid.Error) {
		t.Error("a move-after-end error is dropped: the game was not checked past it")
	}
	r := &replay.Result{
		Summary: replay.Summary{Game: 1, Errors: 1, Warnings: 1},
		Findings: []replay.Finding{
			{Rule: ruleid.MoveAfterEnd, Severity: replay.SeverityWarning},
			{Rule: ruleid.MoveAfterEnd, Severity: replay.SeverityError},
		},
	}
	got := ch.Apply(r)
	if len(got.Findings) != 1 || !got.Findings[0].IsError() || got.Summary.Errors != 1 || got.Summary.Warnings != 0 || got.Summary.Valid {
		t.Errorf("Apply: %+v %+v", got.Summary, got.Findings)
	}
}

// Under --strict the warning arrives as an error marked Raised: the choice
// still drops it, as the warning it was.
func TestIgnoreJudgesARaisedWarningAsAWarning(t *testing.T) {
	t.Parallel()
	ch, _ := New(nil, []string{ruleid.MoveAfterEnd})
	r := &replay.Result{
		Summary:  replay.Summary{Game: 1, Errors: 1},
		Findings: []replay.Finding{{Rule: ruleid.MoveAfterEnd, Severity: replay.SeverityError, Raised: true}},
	}
	if got := ch.Apply(r); len(got.Findings) != 0 || !got.Summary.Valid {
		t.Errorf("a raised move-after-end warning is kept: %+v", got.Findings)
	}
}
