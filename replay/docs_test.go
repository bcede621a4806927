package replay_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
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

// TestNoCommandLineWording: replay is a library; its messages never speak
// of flags or of the command line (the command line passes such words in,
// Config.OverridesFrom). Only the report's profile_source values, which
// are data documented in docs/findings.md, say "command-line".
func TestNoCommandLineWording(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	flag := regexp.MustCompile(`(^|[^-])--[a-z]|command line`)
	fset := token.NewFileSet()
	n := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(x ast.Node) bool {
			lit, ok := x.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			n++
			v, _ := strconv.Unquote(lit.Value)
			if flag.MatchString(v) {
				t.Errorf("%s: %q speaks of the command line", fset.Position(lit.Pos()), v)
			}
			return true
		})
	}
	if n < 50 {
		t.Fatalf("only %d string literals found in replay", n)
	}
}
