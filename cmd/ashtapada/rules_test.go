package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/ruleid"
	"github.com/ashtapada/ashtapada/rules"
)

var wsRE = regexp.MustCompile(`\s+`)

func squash(s string) string { return wsRE.ReplaceAllString(s, " ") }

func TestRulesList(t *testing.T) {
	out, errOut, code := runApp(t, "rules", "list")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 1+len(rules.Profiles()) {
		t.Fatalf("want a header and %d profiles:\n%s", len(rules.Profiles()), out)
	}
	for i, p := range rules.Profiles() {
		l := lines[i+1]
		if !strings.HasPrefix(l, p.Name+" ") || !strings.Contains(l, p.Summary) {
			t.Errorf("line %q does not give %s and its source", l, p.Name)
		}
		for _, a := range p.Aliases {
			if !strings.Contains(l, a) {
				t.Errorf("line %q lacks alias %s", l, a)
			}
		}
	}
}

// rules show prints every setting of docs/rules.md for each built-in profile,
// with its value, alternatives and source sentence.
func TestRulesShowEveryProfile(t *testing.T) {
	for _, p := range rules.Profiles() {
		names := append([]string{p.Name}, p.Aliases...)
		for _, name := range names {
			out, errOut, code := runApp(t, "rules", "show", strings.ToUpper(name))
			if code != 0 {
				t.Fatalf("rules show %s: exit %d: %s", name, code, errOut)
			}
			if !strings.HasPrefix(out, p.Name+": ") {
				t.Errorf("rules show %s starts %q", name, out[:min(len(out), 40)])
			}
			flat := squash(out)
			for _, k := range rules.SettingKeys() {
				v := p.Settings.Get(k)
				if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(k+" = "+v) + `( |$)`).MatchString(out) {
					t.Errorf("rules show %s: no line %q", name, k+" = "+v)
				}
				if !strings.Contains(flat, "source: "+squash(p.Sources[k])) {
					t.Errorf("rules show %s: %s: source sentence missing: %q", name, k, p.Sources[k])
				}
				for _, a := range rules.SettingValues(k) {
					if a != v && !strings.Contains(out, a) {
						t.Errorf("rules show %s: %s: alternative %s missing", name, k, a)
					}
				}
				if !rules.SettingApplies(p, k) && !strings.Contains(out, k+" = "+v+"  (does not apply") {
					t.Errorf("rules show %s: %s not marked as not applying", name, k)
				}
			}
		}
	}
}

func TestRulesShowUserFileAndSet(t *testing.T) {
	file := filepath.Join("..", "..", "rules", "testdata", "profiles", "chaturanga-dabbaba.toml")
	out, errOut, code := runApp(t, "rules", "show", "--rules-file", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"chaturanga-dabbaba: ", "based on: chaturanga", "\nelephant = dabbaba\n", "\nstalemate = stalemated-wins\n", "recorded in some later Indian practice"} {
		if !strings.Contains(out, want) && !strings.Contains(squash(out), want) {
			t.Errorf("user profile shown without %q:\n%s", want, out)
		}
	}
	out, _, code = runApp(t, "rules", "show", "--set", "king-leap=off", "--set", "mastu=on", "chaturanga")
	if code != 0 || !strings.Contains(out, "\nking-leap = off\n") || !strings.Contains(out, "\nmastu = on\n") ||
		!strings.Contains(out, "king-leap-capture = yes  (does not apply") || !strings.Contains(out, "set by --set") {
		t.Errorf("--set not shown (exit %d):\n%s", code, out)
	}
}

func TestRulesShowErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rules", "show", "crazyhouse"}, "known profiles: fide"},
		{[]string{"rules", "show"}, "which profile"},
		{[]string{"rules", "show", "fide", "andhra"}, "one profile name"},
		{[]string{"rules", "show", "--set", "elephant=camel", "fide"}, "bishop, alfil, dabbaba"},
		{[]string{"rules", "show", "--rules-file", "x.toml", "fide"}, "use one"},
	} {
		_, errOut, code := runApp(t, c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

func TestRulesCheck(t *testing.T) {
	dir := filepath.Join("..", "..", "rules", "testdata", "profiles")
	good := filepath.Join(dir, "chaturanga-dabbaba.toml")
	out, errOut, code := runApp(t, "rules", "check", good, filepath.Join(dir, "complete.toml"))
	if code != 0 {
		t.Fatalf("good files: exit %d: %s %s", code, out, errOut)
	}
	want := good + ": ok: profile chaturanga-dabbaba based on chaturanga; changes elephant=dabbaba (was alfil), stalemate=stalemated-wins (was draw)"
	if !strings.Contains(out, want) || !strings.Contains(out, "complete profile hindustani-mastu") {
		t.Errorf("summary:\n%s\nwant %s", out, want)
	}

	bad := filepath.Join(dir, "broken", "bad-value.toml")
	out, _, code = runApp(t, "rules", "check", good, bad)
	if code != 1 {
		t.Errorf("broken file: exit %d, want 1", code)
	}
	if !strings.Contains(out, bad+`:5: setting elephant: bad value "camel"; valid values: bishop, alfil, dabbaba`) {
		t.Errorf("broken file report:\n%s", out)
	}

	_, errOut, code = runApp(t, "rules", "check", filepath.Join(dir, "no-such.toml"), bad)
	if code != 2 || !strings.Contains(errOut, "no-such.toml") {
		t.Errorf("missing file: exit %d, stderr %q", code, errOut)
	}
	if _, _, code = runApp(t, "rules", "check"); code != 2 {
		t.Errorf("no file: exit %d", code)
	}
}

// rules show --toml writes a file that rules check accepts and that loads
// as the profile shown.
func TestRulesShowTOML(t *testing.T) {
	out, errOut, code := runApp(t, "rules", "show", "--toml", "--set", "elephant=dabbaba", "hindustani")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	file := filepath.Join(t.TempDir(), "mine.toml")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := rules.LoadFile(file)
	if err != nil {
		t.Fatalf("written profile does not load: %v\n%s", err, out)
	}
	want := mustProfile(t, "hindustani").Settings
	want.Elephant = rules.ElephantDabbaba
	if p.Settings != want || p.Name != "hindustani" {
		t.Errorf("loaded %s %v, want %v", p.Name, p.Settings.Pairs(), want.Pairs())
	}
	if out, _, code := runApp(t, "rules", "check", file); code != 0 || !strings.Contains(out, "ok: complete profile hindustani") {
		t.Errorf("rules check on the written file: exit %d\n%s", code, out)
	}
}

func mustProfile(t *testing.T, name string) *rules.Profile {
	t.Helper()
	p, err := rules.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestRulesIDs: the binary's listing is the registry, entry for entry and
// in its order (scripts/gen-rule-pages builds docs/rules/ from it), and
// --explain knows exactly the listed ids.
func TestRulesIDs(t *testing.T) {
	t.Parallel()
	out, errOut, code := runAsh(t, "", "", "rules", "ids", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got []struct {
		ID          string `json:"id"`
		Severity    string `json:"severity"`
		Stops       bool   `json:"stops"`
		AlsoWarning bool   `json:"also_warning"`
		Summary     string `json:"summary"`
		Page        string `json:"page"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	all := ruleid.All()
	if len(got) != len(all) {
		t.Fatalf("%d ids listed, %d registered", len(got), len(all))
	}
	for i, r := range all {
		g := got[i]
		if g.ID != r.ID || g.Severity != r.Severity.String() || g.Stops != r.Stops || g.AlsoWarning != r.AlsoWarning || g.Summary != r.Summary ||
			!strings.HasSuffix(g.Page, "/docs/rules/"+r.ID+".md") {
			t.Errorf("entry %d: %+v, registry %+v", i, g, r)
		}
	}
	text, _, code := runAsh(t, "", "", "rules", "ids")
	if code != 0 || strings.Count(text, "\n") != len(all)+1 || !strings.Contains(text, "illegal-move ") {
		t.Errorf("text listing: exit %d\n%s", code, text)
	}
	if _, errOut, code := runAsh(t, "", "", "rules", "ids", "--format", "xml"); code != 2 || !strings.Contains(errOut, "text or json") {
		t.Errorf("--format xml: exit %d, %q", code, errOut)
	}
	if _, errOut, code := runAsh(t, "", "", "validate", "--explain", "also-valid-as-nothing"); code != 2 || !strings.Contains(errOut, strings.Join(ruleid.IDs(), ", ")) {
		t.Errorf("--explain of an unregistered id: exit %d, %q", code, errOut)
	}
}

// rules show names each profile's source by its title and author, as a
// reader can look it up (docs/profiles.md, "Sources"), never by an
// internal number.
func TestRulesShowSourcesByTitleAndAuthor(t *testing.T) {
	for name, want := range map[string][]string{
		"andhra":            {"K. R. Banerjee", "*The Indian Chess*"},
		"hindustani":        {"John Ayer", "*Hindustani Chess*", "H. J. R. Murray", "*A History of Chess*"},
		"chaturanga":        {"*Chaturanga*", "unsigned reconstruction", "H. J. R. Murray"},
		"chaturanga-gollon": {"*Chaturanga*", "after Murray and Gollon"},
		"shatranj":          {"Fairy-Stockfish", "*Chaturanga*"},
		"fide":              {"FIDE Laws of Chess"},
	} {
		out, errOut, code := runApp(t, "rules", "show", name)
		if code != 0 {
			t.Fatalf("rules show %s: exit %d: %s", name, code, errOut)
		}
		flat := squash(out)
		for _, w := range want {
			if !strings.Contains(flat, w) {
				t.Errorf("rules show %s: the source does not name %q", name, w)
			}
		}
		if regexp.MustCompile(`(?i)\bseed \d{3}`).MatchString(out) {
			t.Errorf("rules show %s cites a seed number", name)
		}
	}
}

// TestRulePagesGenerated: docs/rules/ is what scripts/gen-rule-pages makes
// from the binary's listing (`rules ids --format json`): run it into a
// temporary directory and compare page by page. Needs python3.
func TestRulePagesGenerated(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: scripts/gen-rule-pages cannot run")
	}
	out := t.TempDir()
	cmd := exec.Command(py, filepath.Join("..", "..", "scripts", "gen-rule-pages"))
	cmd.Env = append(os.Environ(), "ASHTAPADA="+ashBinary, "ASHTAPADA_RULE_PAGES_OUT="+out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gen-rule-pages: %v\n%s", err, msg)
	}
	gen, err := filepath.Glob(filepath.Join(out, "*.md"))
	if err != nil || len(gen) != len(ruleid.All()) {
		t.Fatalf("%d pages generated for %d rule ids (%v)", len(gen), len(ruleid.All()), err)
	}
	for _, p := range gen {
		want, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules", filepath.Base(p)))
		if err != nil {
			t.Errorf("%s: generated, but docs/rules/ has no such page", filepath.Base(p))
			continue
		}
		got, _ := os.ReadFile(p)
		if string(got) != string(want) {
			t.Errorf("docs/rules/%s differs from what scripts/gen-rule-pages writes: run it", filepath.Base(p))
		}
	}
}
