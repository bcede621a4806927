package docs_test

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/detect"
	"github.com/ashtapada/ashtapada/docs"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
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
			if r.ID == replay.RuleNoGames {
				// About a file, not a game: the record holds no game, and
				// the command's pipeline reports it (TestNoGames in
				// cmd/ashtapada runs the binary on such a file).
				if ch, err := grammar.NewSplitter(bytes.NewReader(data)).Next(); err == nil && ch.IsGame() {
					t.Errorf("the page's record holds a game")
				}
				return
			}
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
					detect.NewHinter(false).Add(record.Whole(g), res)
				}
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
	err := eachGoSource(func(path string, data []byte) error {
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

// Comments give reasons that stay true: no tracker numbers, no
// before-and-after figures. A measurement lives in docs/performance.md or
// docs/robustness.md, and the comment names its section.
var (
	// trackerCite is a citation of the project's tracker: an issue, a pull
	// request or one of their numbered items; trackerRef, in a comment, a
	// bare #N (a string may hold a record's "#1.").
	trackerCite = regexp.MustCompile(`(?i)\b(?:issues?|pull requests?|PRs?|tickets?|bugs?)\s*#\d+|\b(?:issues?|pull requests?|PRs?|tickets?)\s+\d+|\bitems?\s+\d+`)
	trackerRef  = regexp.MustCompile(`(?:^|[\s(\[])#\d+\b`)
	// beforeAfter are the shapes a figure takes when it compares the code
	// with what it was: "was 830 MB", "from 88 to 103 MB", "3x faster",
	// "96 before", "82 now", "(before: 920 MB".
	beforeAfter = func() []*regexp.Regexp {
		num := `\d[\d,.]*\s*`
		unit := `(?:(?:[KMGT]i?B|kB|bytes?|ms|µs|ns|s|seconds?|minutes?|hours?|x)\b|%)`
		var res []*regexp.Regexp
		for _, p := range []string{
			`\b(?:was|were|took|used|peaked at|grew to|ran for|went from|down from|up from)\s+(?:about |some |up to |nearly |over |more than |~)?` + num + unit,
			`\bfrom\s+(?:about\s+)?` + num + `(?:` + unit + `\s+)?to\s+` + num + unit,
			num + `(?:x|×|times)\s+(?:faster|slower|less|more|smaller|larger|bigger|fewer|quicker)\b`,
			num + `[x×]\s+to\s+` + num + `[x×]`,
			num + `(?:` + unit + `\s*)?(?:before|at first|earlier)\b(?:[^\w]*$|[,;:)]|\s+(?:and|or|but|now|with|in|for)\b)`,
			num + `(?:` + unit + `\s+)?now\b`,
			`\bnow\s+` + num + unit,
			`\(before\b[^)]*?` + num + unit,
		} {
			res = append(res, regexp.MustCompile(`(?i)`+p))
		}
		return res
	}()
	// docSection is a citation of a page's section: docs/x.md, "Section".
	docSection = regexp.MustCompile(`docs/([\w./-]+\.md),?\s+"([^"]+)"`)
	// measuredDoc is a citation of a page that holds measurements.
	measuredDoc = regexp.MustCompile(`docs/(?:performance|robustness)\.md`)
	// goFile is a pointer to a Go file, "(parts.go)" or
	// "cmd/ashtapada/parts.go" (not the host pkg.go.dev).
	goFile = regexp.MustCompile(`(?:^|[^\w./-])((?:[\w-]+/)*[\w-]+\.go)(?:[^\w.]|\.(?:\W|$)|$)`)
	spaces = regexp.MustCompile(`\s+`)
)

// commentProblems are what the Go source src breaks of those rules, each
// with its line. sections says whether a page has a section, exists
// whether a file of the repository exists (its path from the repository's
// root).
func commentProblems(path string, src []byte, sections func(page, name string) bool, exists func(name string) bool) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []string
	report := func(pos token.Pos, format string, args ...any) {
		out = append(out, fmt.Sprintf("%s:%d: ", path, fset.Position(pos).Line)+fmt.Sprintf(format, args...))
	}
	for _, cg := range f.Comments {
		var b strings.Builder
		for _, c := range cg.List {
			text := c.Text
			if strings.HasPrefix(text, "//") {
				text = text[2:]
			} else {
				text = strings.TrimSuffix(text[2:], "*/")
			}
			b.WriteString(text)
			b.WriteByte('\n')
		}
		text := spaces.ReplaceAllString(b.String(), " ")
		if m := trackerCite.FindString(text) + trackerRef.FindString(text); m != "" {
			report(cg.Pos(), "a comment cites the tracker (%q): state the reason that is still true", strings.TrimSpace(m))
		}
		for _, re := range beforeAfter {
			if m := re.FindString(text); m != "" {
				report(cg.Pos(), "a comment quotes a before-and-after figure (%q): move it to docs/performance.md or docs/robustness.md and name the section", m)
				break
			}
		}
		for _, m := range goFile.FindAllStringSubmatch(text, -1) {
			if name := m[1]; !exists(filepath.Join(filepath.Dir(path), name)) && !exists(name) {
				report(cg.Pos(), "a comment points to %s, which the repository does not have", name)
			}
		}
		named := 0
		for _, m := range docSection.FindAllStringSubmatch(text, -1) {
			if !sections(m[1], m[2]) {
				report(cg.Pos(), "a comment cites docs/%s, %q, a section the page does not have", m[1], m[2])
			}
			if measuredDoc.MatchString(m[0]) {
				named++
			}
		}
		if n := len(measuredDoc.FindAllString(text, -1)); n > named {
			report(cg.Pos(), "a comment cites docs/performance.md or docs/robustness.md without naming the section (docs/x.md, \"Section\")")
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if m := trackerCite.FindString(lit.Value); m != "" {
				report(lit.Pos(), "a string cites the tracker (%q)", m)
			}
		}
		return true
	})
	return out, nil
}

// pageSections reads the sections of docs' pages: their headings, without
// a parenthesis after the name ("Game end (`History.Outcome`)" is "Game
// end"), and the bold leads of their paragraphs and list items
// ("- **Round trip.**").
func pageSections(t *testing.T) func(page, name string) bool {
	heading := regexp.MustCompile(`(?m)^#+\s+(.+?)\s*$`)
	lead := regexp.MustCompile(`(?m)^(?:\s*[-*]\s+)?\*\*(.+?)\.?\*\*`)
	pages := map[string]map[string]bool{}
	return func(page, name string) bool {
		s, ok := pages[page]
		if !ok {
			s = map[string]bool{}
			data, err := os.ReadFile(page)
			if err != nil {
				t.Errorf("reading docs/%s: %v", page, err)
			}
			for _, m := range heading.FindAllStringSubmatch(string(data), -1) {
				s[m[1]] = true
				if i := strings.Index(m[1], " ("); i > 0 {
					s[m[1][:i]] = true
				}
			}
			for _, m := range lead.FindAllStringSubmatch(string(data), -1) {
				s[m[1]] = true
			}
			pages[page] = s
		}
		return s[name]
	}
}

// TestCommentsStateReasons: every .go file of the repository (the Beam
// pipeline's module included) keeps to the rules above in its comments,
// whose pointers to Go files ("(parts.go)") name files it has, and its
// strings (test messages) cite no tracker either.
func TestCommentsStateReasons(t *testing.T) {
	sections := pageSections(t)
	exists := func(name string) bool {
		_, err := os.Stat(filepath.Join("..", name))
		return err == nil
	}
	files := 0
	err := eachGoSource(func(path string, src []byte) error {
		files++
		rel, err := filepath.Rel("..", path)
		if err != nil {
			return err
		}
		problems, err := commentProblems(rel, src, sections, exists)
		if err != nil {
			return err
		}
		for _, p := range problems {
			t.Error(p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 200 {
		t.Errorf("only %d .go files read", files)
	}
}

// TestCommentRulesCatch: each rule catches what it is for, and passes what
// it is not for.
func TestCommentRulesCatch(t *testing.T) {
	sections := func(page, name string) bool { return page == "robustness.md" && name == "Memory" }
	exists := func(name string) bool { return name == "p/parts.go" || name == "cmd/x/main.go" }
	for _, tc := range []struct {
		comment string
		bad     bool
	}{
		{"// The game is read in parts (ISSUE 14).", true},
		{"// See ISSUE #14.", true},
		{"// Fixed in PR 31: the splitter.", true},
		{"// Smaller ones (ITEM 9).", true},
		{"// The fix of #42.", true},
		{"// A node was 830 MB for the game, now 40 MB.", true},
		{"// The lexer took 6 GB and minutes.", true},
		{"// It took convert from 88 to 103 MB peak.", true},
		{"// A lazier collector is 1.9x faster.", true},
		{"// Other lexers are 3x to 25x slower.", true},
		{"// The node is kept small (64 bytes; 96 before).", true},
		{"// (137 MB for the 2 MB game before, 82 now: its own floor.)", true},
		{"// Read in parts (before: 920 MB for the 16 MB game).", true},
		{"// Measured in docs/robustness.md.", true},
		{"// See docs/robustness.md, \"Memry\".", true},
		{"// The room is 16 MiB (docs/robustness.md,\n// \"Memory\").", false},
		{"// A huge game holds three million nodes, hundreds of MB at once.", false},
		{"// Keep the window: nothing before the last capture counts.", false},
		{"// The clock was 0 there and grows by one a ply at most.", false},
		{"// Rows of 65,536 plies or more are written alone.", false},
		{"// Each position's last five occurrences, before the window moves.", false},
		{"// A huge game is read in parts (parts.go).", false},
		{"// The soft limit (GOGC=400, cmd/x/main.go).", false},
		{"// See https://pkg.go.dev/runtime/debug.", false},
		{"// Read in parts (part.go).", true},
		{"// Its main is in cmd/y/main.go.", true},
	} {
		// The tracker's words are written in capitals here, so that this
		// file does not cite it itself.
		comment := strings.NewReplacer("ISSUE", "issue", "ITEM", "item").Replace(tc.comment)
		src := "package p\n\n" + comment + "\nvar x = 1\n"
		problems, err := commentProblems("p/p.go", []byte(src), sections, exists)
		if err != nil {
			t.Fatalf("%q: %v", tc.comment, err)
		}
		if bad := len(problems) > 0; bad != tc.bad {
			t.Errorf("%q: problems %q, want some: %v", tc.comment, problems, tc.bad)
		}
	}
	for _, tc := range []struct {
		str string
		bad bool
	}{
		{strings.ToLower("ISSUE 8") + " asks for at least 100", true},
		{"#1. P>e4 (#3. B>c4)", false},
	} {
		src := "package p\n\nfunc f() string { return " + strconv.Quote(tc.str) + " }\n"
		problems, err := commentProblems("p/p.go", []byte(src), sections, exists)
		if err != nil {
			t.Fatalf("%q: %v", tc.str, err)
		}
		if bad := len(problems) > 0; bad != tc.bad {
			t.Errorf("the string %q: problems %q, want some: %v", tc.str, problems, tc.bad)
		}
	}
}

// eachGoSource calls fn with every Go file of the repository (both
// modules) but this test file, skipping testdata and hidden directories,
// and its text.
func eachGoSource(fn func(path string, src []byte) error) error {
	return filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
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
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return fn(path, src)
	})
}
