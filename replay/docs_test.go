package replay_test

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/ashtapada/ashtapada/ruleid"
)

// TestFindingsDocumented: docs/findings.md has a row for every rule id of
// the registry (package ruleid), with the same severity, and no row for an unknown id.
func TestFindingsDocumented(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "docs", "findings.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z-]+)` \\|")
	section := regexp.MustCompile("(?m)^## (Errors|Warnings)$")
	doc := map[string]string{}
	secs := section.FindAllSubmatchIndex(data, -1)
	for i, s := range secs {
		end := len(data)
		if i+1 < len(secs) {
			end = secs[i+1][0]
		}
		sev := "error"
		if string(data[s[2]:s[3]]) == "Warnings" {
			sev = "warning"
		}
		for _, m := range row.FindAllSubmatch(data[s[1]:end], -1) {
			doc[string(m[1])] = sev
		}
	}
	known := map[string]bool{}
	for _, r := range ruleid.All() {
		known[r.ID] = true
		if doc[r.ID] != r.Severity.String() {
			t.Errorf("docs/findings.md: %s is %q, want a row under %s", r.ID, doc[r.ID], r.Severity)
		}
	}
	for id := range doc {
		if !known[id] {
			t.Errorf("docs/findings.md documents %s, which the registry does not list", id)
		}
	}
}
