package docs_test

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/detect"
	"github.com/ashtapada/ashtapada/docs"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
)

// TestEveryRuleHasAPage: each rule id replay can report has its page, and
// every page belongs to a rule id (a renamed or dropped id leaves no stale
// page behind).
func TestEveryRuleHasAPage(t *testing.T) {
	known := map[string]bool{}
	for _, r := range replay.Rules {
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
			t.Errorf("docs/rules/%s.md names no rule id of replay.Rules", id)
		}
	}
	if len(docs.RulePageIDs()) != len(replay.Rules) {
		t.Errorf("%d pages for %d rule ids", len(docs.RulePageIDs()), len(replay.Rules))
	}
}

var pgnBlock = regexp.MustCompile("(?s)```pgn\n(.*?)```")

// TestPageRecordsTriggerTheirRule replays the minimal record of each page
// and checks that the validator reports the page's rule id for it, so that
// the examples cannot drift away from what the code does.
func TestPageRecordsTriggerTheirRule(t *testing.T) {
	for _, r := range replay.Rules {
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
				g := grammar.ParseChunk(ch, r.ID+".pgn")
				res := rep.Game(g, r.ID+".pgn", i)
				if r.ID == detect.RuleAlsoValidAs {
					// A hint of validate --hints, given by package detect.
					detect.NewHinter(false).Add(g, res)
				}
				for _, f := range res.Findings {
					rules[f.Rule] = f.Severity
				}
			}
			sev, ok := rules[r.ID]
			if !ok {
				t.Fatalf("the record does not trigger %s; findings: %v", r.ID, rules)
			}
			if sev != r.Severity {
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
