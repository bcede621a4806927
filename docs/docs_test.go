package docs_test

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/docs"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
)

// TestEveryRuleHasAPage: each rule id replay can report has its page, and
// every page belongs to a rule id (a renamed or dropped id leaves no stale
// page behind).
func TestEveryRuleHasAPage(t *testing.T) {
	known := map[string]bool{}
	for _, r := range ruleid.All() {
		known[r.ID] = true
		if _, ok := docs.RulePage(r.ID); !ok {
			t.Errorf("rule %q has no page docs/rules/%s.md", r.ID, r.ID)
		}
		if docs.RuleSummary(r.ID) == "" {
			t.Errorf("rule %q: its page has no summary paragraph", r.ID)
		}
	}
	for _, id := range docs.RulePageIDs() {
		if !known[id] {
			t.Errorf("docs/rules/%s.md names no registered rule id", id)
		}
	}
	if len(docs.RulePageIDs()) != len(ruleid.All()) {
		t.Errorf("%d pages for %d rule ids", len(docs.RulePageIDs()), len(ruleid.All()))
	}
}

var pgnBlock = regexp.MustCompile("(?s)```pgn\n(.*?)```")

// TestPageRecordsTriggerTheirRule replays the minimal record of each page
// and checks that the validator reports the page's rule id for it, so that
// the examples cannot drift away from what the code does.
func TestPageRecordsTriggerTheirRule(t *testing.T) {
	for _, r := range ruleid.All() {
		t.Run(r.ID, func(t *testing.T) {
			page, ok := docs.RulePage(r.ID)
			if !ok {
				t.Skip("no page (TestEveryRuleHasAPage reports it)")
			}
			m := pgnBlock.FindStringSubmatch(page)
			if m == nil {
				t.Fatalf("the page has no ```pgn block with a record")
			}
			data := []byte(m[1])
			if r.ID == "encoding" {
				// The page writes the Latin-1 byte as é (a Markdown page is
				// UTF-8); the record it describes has the byte itself.
				data = bytes.ReplaceAll(data, []byte("é"), []byte{0xe9})
			}
			rules := map[string]string{}
			sp := grammar.NewSplitter(bytes.NewReader(data))
			rep := replay.New(replay.Config{})
			for i := 1; ; i++ {
				ch, err := sp.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatalf("splitting the record: %v", err)
				}
				res := rep.Game(grammar.ParseChunk(ch, r.ID+".pgn"), r.ID+".pgn", i)
				for _, f := range res.Findings {
					rules[f.Rule] = f.Severity
				}
			}
			sev, ok := rules[r.ID]
			if !ok {
				t.Fatalf("the record does not trigger %s; findings: %v", r.ID, rules)
			}
			if sev != r.Severity.String() {
				t.Errorf("severity %s, want %s", sev, r.Severity)
			}
			if !strings.Contains(page, "["+r.ID+"]") {
				t.Errorf("the page does not show the validator's output for the record")
			}
		})
	}
}

func TestRulePageRejectsPaths(t *testing.T) {
	for _, id := range []string{"", "../findings", "rules/syntax", "syntax.md", "no-such-rule"} {
		if _, ok := docs.RulePage(id); ok {
			t.Errorf("RulePage(%q) found a page", id)
		}
	}
	if !strings.HasSuffix(docs.RuleURL("syntax"), "/docs/rules/syntax.md") {
		t.Errorf("RuleURL: %s", docs.RuleURL("syntax"))
	}
}

// TestPagesFollowTheRegistry: each page states the severity and stopping
// of its id as the registry has them (the pages are generated from the
// binary's listing, `ashtapada rules ids --format json`).
func TestPagesFollowTheRegistry(t *testing.T) {
	for _, r := range ruleid.All() {
		page, ok := docs.RulePage(r.ID)
		if !ok {
			continue // TestEveryRuleHasAPage reports it
		}
		sev := "Severity: an error."
		if r.Severity == ruleid.Warning {
			sev = "Severity: a warning (`--strict` makes it an error)."
		}
		if !strings.Contains(page, sev) {
			t.Errorf("docs/rules/%s.md does not say %q", r.ID, sev)
		}
		stops := strings.Contains(page, "It ends the replay") || strings.Contains(page, "nothing in it is judged")
		if goes := strings.Contains(page, "It does not stop the replay"); stops == goes || stops != r.Stops {
			t.Errorf("docs/rules/%s.md: says it stops the replay: %v, the registry: %v", r.ID, stops, r.Stops)
		}
	}
}

// TestCodeCitesOnlyDocs: the Go source cites documentation that a clone of
// the repository has: every `docs/....md` it names exists, and it never
// points outside the repository (the specification the project started
// from is restated in docs/notation.md, docs/rules.md and docs/cli.md).
func TestCodeCitesOnlyDocs(t *testing.T) {
	cite := regexp.MustCompile(`(?:\.\./)*docs/[\w./-]+\.md`)
	outside := regexp.MustCompile(`shared[/]spec|(^|[^\w./"-])(notation|rules|cli|performance|architecture)\.md`)
	n := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != ".." && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "docs_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			for _, m := range cite.FindAllString(line, -1) {
				n++
				rel := m[strings.Index(m, "docs/")+len("docs/"):]
				if _, err := os.Stat(rel); err != nil {
					t.Errorf("%s:%d: cites %s, which docs/ does not have", path, i+1, m)
				}
			}
			if outside.MatchString(line) {
				t.Errorf("%s:%d: cites a file outside docs/: %s", path, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 50 {
		t.Errorf("only %d citations of docs/ found", n)
	}
}
