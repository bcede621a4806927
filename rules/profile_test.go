package rules

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// rulesMDTable is the table "Settings and their values per profile" of
// docs/rules.md, transcribed by hand from docs/rules.md, not from the TOML
// files, so that a typo in a profile file is caught. Columns: fide,
// shatranj, chaturanga, chaturanga-gollon, hindustani, andhra.
var rulesMDTable = []struct {
	key    string
	values []string // docs/rules.md's "values" column, in order
	col    [6]string
}{
	{"setup", []string{"modern", "crossed", "shatranj"}, [6]string{"modern", "shatranj", "modern", "crossed", "crossed", "crossed"}},
	{"counsellor", []string{"queen", "ferz"}, [6]string{"queen", "ferz", "ferz", "ferz", "queen", "queen"}},
	{"elephant", []string{"bishop", "alfil", "dabbaba"}, [6]string{"bishop", "alfil", "alfil", "alfil", "bishop", "bishop"}},
	{"pawn-double-step", []string{"yes", "no"}, [6]string{"yes", "no", "no", "no", "no", "no"}},
	{"en-passant", []string{"yes", "no"}, [6]string{"yes", "no", "no", "no", "no", "no"}},
	{"castling", []string{"yes", "no"}, [6]string{"yes", "no", "no", "no", "no", "no"}},
	{"king-leap", []string{"off", "not-in-check", "never-checked"}, [6]string{"off", "off", "not-in-check", "never-checked", "never-checked", "never-checked"}},
	{"king-leap-capture", []string{"yes", "no"}, [6]string{"-", "-", "yes", "yes", "yes", "yes"}},
	{"promotion", []string{"any", "counsellor", "file-piece", "square-piece"}, [6]string{"any", "counsellor", "counsellor", "square-piece", "file-piece", "file-piece"}},
	{"promotion-limit", []string{"none", "lost", "lost-same-colour"}, [6]string{"none", "none", "none", "lost", "lost-same-colour", "lost-same-colour"}},
	{"unavailable-promotion", []string{"forbidden", "stay", "wait"}, [6]string{"-", "-", "-", "forbidden", "forbidden", "wait"}},
	{"stuck-pawn-gives-check", []string{"yes", "no"}, [6]string{"-", "-", "-", "no", "no", "-"}},
	{"knight-promotion-move", []string{"no", "optional"}, [6]string{"-", "-", "-", "-", "no", "optional"}},
	{"stalemate", []string{"draw", "stalemater-wins", "stalemated-wins", "forbidden"}, [6]string{"draw", "stalemater-wins", "draw", "stalemated-wins", "forbidden", "draw"}},
	{"bare-king", []string{"none", "win", "win-unless-counter", "pieces-half-win"}, [6]string{"none", "win-unless-counter", "win-unless-counter", "none", "pieces-half-win", "none"}},
	{"repetition", []string{"off", "fide", "auto", "perpetual-check"}, [6]string{"fide", "auto", "auto", "off", "perpetual-check", "off"}},
	{"move-rule", []string{"off", "fide", "50", "70"}, [6]string{"fide", "70", "50", "off", "off", "off"}},
	{"dead-position", []string{"off", "fide", "kings-and-one"}, [6]string{"fide", "off", "off", "off", "kings-and-one", "off"}},
	{"opening", []string{"normal", "triple"}, [6]string{"normal", "normal", "normal", "normal", "normal", "triple"}},
	{"opening-pattern", []string{"literal", "any"}, [6]string{"-", "-", "-", "-", "-", "literal"}},
	{"capture", []string{"mara-mari", "maddat-mari"}, [6]string{"mara-mari", "mara-mari", "mara-mari", "mara-mari", "mara-mari", "mara-mari"}},
	{"pawns-only-king", []string{"normal", "immune"}, [6]string{"normal", "normal", "normal", "normal", "normal", "immune"}},
	{"mastu", []string{"off", "on"}, [6]string{"off", "off", "off", "off", "off", "on"}},
}

// inertValues are the values docs/profiles.md promises for settings that do
// not apply ("-" in docs/rules.md).
var inertValues = map[string]string{
	"king-leap-capture":      "yes",
	"unavailable-promotion":  "forbidden",
	"stuck-pawn-gives-check": "no",
	"knight-promotion-move":  "no",
	"opening-pattern":        "literal",
}

var profileOrder = []string{"fide", "shatranj", "chaturanga", "chaturanga-gollon", "hindustani", "andhra"}

func TestSettingKeysAndValuesFollowRulesMD(t *testing.T) {
	keys := SettingKeys()
	if len(keys) != len(rulesMDTable) {
		t.Fatalf("SettingKeys has %d keys, docs/rules.md %d: %v", len(keys), len(rulesMDTable), keys)
	}
	for i, row := range rulesMDTable {
		if keys[i] != row.key {
			t.Errorf("SettingKeys()[%d] = %q, docs/rules.md has %q", i, keys[i], row.key)
		}
		if got := SettingValues(row.key); strings.Join(got, ",") != strings.Join(row.values, ",") {
			t.Errorf("SettingValues(%s) = %v, docs/rules.md %v", row.key, got, row.values)
		}
		if SettingDescription(row.key) == "" {
			t.Errorf("setting %s has no description", row.key)
		}
	}
	if SettingValues("no-such-key") != nil {
		t.Error("SettingValues of an unknown key is not nil")
	}
}

// Every value of every setting can be set and read back, and setting one key
// changes no other: the table's get/set pairs touch the right field.
func TestSetGetRoundTrip(t *testing.T) {
	for _, key := range SettingKeys() {
		for _, v := range SettingValues(key) {
			var s Settings
			before := s.Pairs()
			if err := s.Set(key, v); err != nil {
				t.Fatalf("Set(%s, %s): %v", key, v, err)
			}
			if got := s.Get(key); got != v {
				t.Errorf("Set(%s, %s) then Get = %q", key, v, got)
			}
			after := s.Pairs()
			for i, k := range SettingKeys() {
				if k != key && before[i] != after[i] {
					t.Errorf("Set(%s, %s) changed %s: %s -> %s", key, v, k, before[i], after[i])
				}
			}
		}
	}
	var s Settings
	if err := s.Set(" Elephant ", "DABBABA"); err != nil || s.Elephant != ElephantDabbaba {
		t.Errorf("case-insensitive Set: err %v, elephant %v", err, s.Elephant)
	}
	if s.Get("no-such-key") != "" {
		t.Error("Get of an unknown key is not empty")
	}
}

func TestBuiltinsMatchRulesMD(t *testing.T) {
	ps := Profiles()
	if len(ps) != len(profileOrder) {
		t.Fatalf("%d built-in profiles, want %d", len(ps), len(profileOrder))
	}
	for col, p := range ps {
		if p.Name != profileOrder[col] {
			t.Fatalf("profile %d is %q, docs/rules.md order has %q", col, p.Name, profileOrder[col])
		}
		if p.Summary == "" || p.Source == "" {
			t.Errorf("%s: empty summary or source", p.Name)
		}
		for _, row := range rulesMDTable {
			want := row.col[col]
			got := p.Settings.Get(row.key)
			if want == "-" {
				if SettingApplies(p, row.key) {
					t.Errorf("%s: %s applies, docs/rules.md says -", p.Name, row.key)
				}
				if got != inertValues[row.key] {
					t.Errorf("%s: %s = %q, the inert value is %q", p.Name, row.key, got, inertValues[row.key])
				}
				if !strings.HasPrefix(p.Sources[row.key], "Does not apply") {
					t.Errorf("%s: %s source does not say it does not apply: %q", p.Name, row.key, p.Sources[row.key])
				}
				continue
			}
			if got != want {
				t.Errorf("%s: %s = %q, docs/rules.md says %q", p.Name, row.key, got, want)
			}
			if !SettingApplies(p, row.key) {
				t.Errorf("%s: %s does not apply, docs/rules.md gives %q", p.Name, row.key, want)
			}
			if len(strings.TrimSpace(p.Sources[row.key])) < 20 {
				t.Errorf("%s: %s has no real source: %q", p.Name, row.key, p.Sources[row.key])
			}
		}
	}
}

func TestLookup(t *testing.T) {
	for name, want := range map[string]string{
		"fide": "fide", "chess": "fide", "Standard": "fide", " FIDE ": "fide",
		"shatranj": "shatranj", "chaturanga": "chaturanga",
		"chaturanga-gollon": "chaturanga-gollon", "chaturanga-murray-gollon": "chaturanga-gollon",
		"hindustani": "hindustani", "andhra": "andhra", "Indian": "andhra", "CHADARANGAM": "andhra",
	} {
		p, err := Lookup(name)
		if err != nil {
			t.Errorf("Lookup(%q): %v", name, err)
			continue
		}
		if p.Name != want {
			t.Errorf("Lookup(%q) = %s, want %s", name, p.Name, want)
		}
	}
	_, err := Lookup("crazyhouse")
	if !errors.Is(err, ErrUnknownProfile) {
		t.Fatalf("Lookup(crazyhouse) error %v is not ErrUnknownProfile", err)
	}
	for _, s := range append([]string{"crazyhouse", "chess", "indian", "chaturanga-murray-gollon"}, profileOrder...) {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("unknown-profile error %q does not name %q", err, s)
		}
	}
}

func TestParseOverrides(t *testing.T) {
	good := map[string]string{
		"":                                    "",
		" ; ;":                                "",
		"elephant=dabbaba":                    "elephant=dabbaba",
		"elephant=dabbaba; stalemate=draw":    "elephant=dabbaba stalemate=draw",
		"elephant=dabbaba stalemate=draw":     "elephant=dabbaba stalemate=draw",
		"elephant = dabbaba;stalemate= draw;": "elephant=dabbaba stalemate=draw",
		"a=b;c=d e=f\tg=h":                    "a=b c=d e=f g=h",
	}
	for in, want := range good {
		ovs, err := ParseOverrides(in)
		if err != nil {
			t.Errorf("ParseOverrides(%q): %v", in, err)
			continue
		}
		var got []string
		for _, o := range ovs {
			got = append(got, o.String())
		}
		if strings.Join(got, " ") != want {
			t.Errorf("ParseOverrides(%q) = %v, want %s", in, got, want)
		}
	}
	bad := map[string]string{
		"elephant":                  "want key=value",
		"elephant=dabbaba; mastu":   `"mastu"`,
		"=dabbaba":                  "no key",
		"elephant=":                 "no value",
		"elephant=dabbaba=alfil":    "more than one",
		"elephant=dabbaba,mastu=on": "more than one",
	}
	for in, want := range bad {
		_, err := ParseOverrides(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseOverrides(%q) error = %v, want it to mention %q", in, err, want)
		}
	}
}

func TestSetErrors(t *testing.T) {
	var s Settings
	err := s.Set("elefant", "dabbaba")
	var se *SettingError
	if !errors.As(err, &se) || !se.UnknownKey {
		t.Fatalf("unknown key: %v", err)
	}
	msg := err.Error()
	if !strings.Contains(msg, `"elefant"`) || !strings.Contains(msg, "did you mean elephant") {
		t.Errorf("unknown-key message %q does not name the key or the near miss", msg)
	}
	for _, k := range SettingKeys() {
		if !strings.Contains(msg, k) {
			t.Errorf("unknown-key message does not list %s", k)
		}
	}

	err = s.Set("stalemate", "loss")
	if !errors.As(err, &se) || se.UnknownKey || se.Key != "stalemate" || se.Value != "loss" {
		t.Fatalf("bad value: %#v", err)
	}
	msg = err.Error()
	for _, want := range append([]string{"stalemate", `"loss"`}, SettingValues("stalemate")...) {
		if !strings.Contains(msg, want) {
			t.Errorf("bad-value message %q lacks %q", msg, want)
		}
	}
	if s != (Settings{}) {
		t.Error("a failed Set changed the settings")
	}
}

func TestApplyIsAllOrNothing(t *testing.T) {
	s := mustLookup(t, "chaturanga").Settings
	orig := s
	err := s.Apply([]Override{{"elephant", "dabbaba"}, {"mastu", "sometimes"}})
	if err == nil || !strings.Contains(err.Error(), "mastu") {
		t.Fatalf("Apply with a bad value: %v", err)
	}
	if s != orig {
		t.Error("a failed Apply changed the settings")
	}
	if err := s.Apply([]Override{{"elephant", "dabbaba"}, {"elephant", "bishop"}}); err != nil || s.Elephant != ElephantBishop {
		t.Errorf("Apply in order: err %v, elephant %v", err, s.Elephant)
	}
}

func mustLookup(t *testing.T, name string) *Profile {
	t.Helper()
	p, err := Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCloneAndWith(t *testing.T) {
	base := mustLookup(t, "chaturanga")
	orig := base.Clone()
	c := base.Clone()
	c.Aliases = append(c.Aliases, "x")
	c.Sources["elephant"] = "changed"
	c.NotApplicable["mastu"] = true
	c.Settings.Elephant = ElephantDabbaba
	if base.Sources["elephant"] == "changed" || base.NotApplicable["mastu"] || base.Settings.Elephant != ElephantAlfil || len(base.Aliases) != len(orig.Aliases) {
		t.Fatal("Clone shares state with the original")
	}

	w, err := base.With([]Override{{"king-leap", "off"}, {"elephant", "dabbaba"}}, "--set")
	if err != nil {
		t.Fatal(err)
	}
	if w.Settings.KingLeap != LeapOff || w.Settings.Elephant != ElephantDabbaba || base.Settings.KingLeap != LeapNotInCheck {
		t.Error("With did not apply to a copy only")
	}
	if !strings.Contains(w.Sources["elephant"], "--set") {
		t.Errorf("With did not record the origin: %q", w.Sources["elephant"])
	}
	// king-leap-capture means nothing once the leap is off.
	if SettingApplies(w, "king-leap-capture") || !SettingApplies(base, "king-leap-capture") {
		t.Error("SettingApplies does not follow king-leap")
	}
	if _, err := base.With([]Override{{"elephant", "camel"}}, "Rules tag"); err == nil {
		t.Error("With accepted a bad value")
	}
}

func TestUserFixtureLoads(t *testing.T) {
	file := filepath.Join("testdata", "profiles", "chaturanga-dabbaba.toml")
	p, err := LoadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	base := mustLookup(t, "chaturanga")
	want := base.Settings
	want.Elephant = ElephantDabbaba
	want.Stalemate = StalemateStalematedWins
	if p.Settings != want {
		t.Errorf("fixture settings\n got %v\nwant %v", p.Settings.Pairs(), want.Pairs())
	}
	if p.Name != "chaturanga-dabbaba" || p.Base != "chaturanga" {
		t.Errorf("name %q base %q", p.Name, p.Base)
	}
	if !strings.Contains(p.Sources["stalemate"], "later Indian practice") {
		t.Errorf("the file's own source was not kept: %q", p.Sources["stalemate"])
	}
	if !strings.Contains(p.Sources["elephant"], file+":9") {
		t.Errorf("a setting without source should name its file and line: %q", p.Sources["elephant"])
	}
	if !strings.HasPrefix(p.Sources["king-leap"], "from chaturanga: ") {
		t.Errorf("an inherited setting should say where from: %q", p.Sources["king-leap"])
	}
	if SettingApplies(p, "unavailable-promotion") {
		t.Error("the base's '-' settings should stay inapplicable")
	}
}

func TestCompleteUserProfile(t *testing.T) {
	p, err := LoadFile(filepath.Join("testdata", "profiles", "complete.toml"))
	if err != nil {
		t.Fatal(err)
	}
	want := mustLookup(t, "hindustani").Settings
	want.Mastu = true
	if p.Settings != want {
		t.Errorf("complete profile\n got %v\nwant %v", p.Settings.Pairs(), want.Pairs())
	}
	if SettingApplies(p, "opening-pattern") || p.Sources["opening-pattern"] != "only with opening = triple" {
		t.Errorf("inline-table setting not read: applies %v source %q", SettingApplies(p, "opening-pattern"), p.Sources["opening-pattern"])
	}
	if len(p.Aliases) != 1 || p.Aliases[0] != "hm" || p.Base != "" {
		t.Errorf("aliases %v base %q", p.Aliases, p.Base)
	}
}

func TestBrokenProfiles(t *testing.T) {
	cases := []struct {
		file string
		line int
		want []string // all must appear in the message
	}{
		{"unknown-key.toml", 4, []string{"elefant", "did you mean elephant", "valid settings", "king-leap-capture", "mastu"}},
		{"bad-value.toml", 5, []string{"elephant", `"camel"`, "bishop, alfil, dabbaba"}},
		{"bad-table-value.toml", 5, []string{"elephant", `"orthogonal"`, "bishop, alfil, dabbaba"}},
		{"wrong-type.toml", 4, []string{"castling", "boolean", "false", "yes, no", `castling = "no"`}},
		{"wrong-type-int.toml", 3, []string{"move-rule", "integer", "50", "off, fide, 50, 70", `move-rule = "50"`}},
		{"syntax.toml", 3, []string{"TOML syntax"}},
		{"incomplete.toml", 2, []string{"missing", "setup", "mastu", "base"}},
		{"bad-base.toml", 1, []string{"persian", "unknown profile", "andhra"}},
		{"top-level-setting.toml", 2, []string{"elephant", "[settings]"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			file := filepath.Join("testdata", "profiles", "broken", c.file)
			_, err := LoadFile(file)
			if err == nil {
				t.Fatal("a broken file loaded")
			}
			var pe *ProfileError
			if !errors.As(err, &pe) {
				t.Fatalf("error %T %v is not a *ProfileError", err, err)
			}
			if pe.Line != c.line || pe.File != file {
				t.Errorf("error at %s:%d, want %s:%d (%v)", pe.File, pe.Line, file, c.line, err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, file+":") {
				t.Errorf("message %q does not start with file:line", msg)
			}
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("message %q lacks %q", msg, w)
				}
			}
		})
	}
}

func TestSeveralErrorsAreAllReported(t *testing.T) {
	data := []byte("base = \"fide\"\ncolour = \"red\"\n[settings]\nelephant = \"camel\"\nmastu = \"maybe\"\n")
	_, err := ParseProfile("x.toml", data)
	var pes ProfileErrors
	if !errors.As(err, &pes) || len(pes) != 3 {
		t.Fatalf("want 3 errors, got %v", err)
	}
	for i, line := range []int{2, 4, 5} {
		if pes[i].Line != line {
			t.Errorf("error %d at line %d, want %d: %v", i, pes[i].Line, line, pes[i])
		}
	}
}

func TestDottedAndInlineKeysHaveLines(t *testing.T) {
	data := []byte("base = \"fide\"\n\nsettings.elephant = \"camel\"\n")
	_, err := ParseProfile("d.toml", data)
	var pe *ProfileError
	if !errors.As(err, &pe) || pe.Line != 3 {
		t.Errorf("dotted key: %v", err)
	}
	data = []byte("base = \"fide\"\n[settings]\nmastu = \"on\"\nelephant = { value = \"camel\" }\n")
	_, err = ParseProfile("i.toml", data)
	if !errors.As(err, &pe) || pe.Line != 4 || pe.Value != "camel" {
		t.Errorf("inline table: %v", err)
	}
}

func TestSelect(t *testing.T) {
	p, err := Select("", "", nil)
	if err != nil || p.Name != "fide" {
		t.Fatalf("default profile: %v %v", p, err)
	}
	p, err = Select("chaturanga", "", []string{"king-leap=off", "elephant=dabbaba; mastu=on"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Settings.KingLeap != LeapOff || p.Settings.Elephant != ElephantDabbaba || !p.Settings.Mastu {
		t.Errorf("overrides not applied: %v", p.Settings.Pairs())
	}
	if mustLookup(t, "chaturanga").Settings.KingLeap != LeapNotInCheck {
		t.Fatal("Select changed the built-in profile")
	}
	p, err = Select("", filepath.Join("testdata", "profiles", "chaturanga-dabbaba.toml"), []string{"king-leap=off"})
	if err != nil || p.Settings.Elephant != ElephantDabbaba || p.Settings.KingLeap != LeapOff {
		t.Errorf("file plus --set: %v", err)
	}
	if _, err := Select("fide", "x.toml", nil); err == nil {
		t.Error("both a name and a file accepted")
	}
	if _, err := Select("fide", "", []string{"elephant"}); err == nil {
		t.Error("malformed --set accepted")
	}
	if _, err := Select("", filepath.Join("testdata", "no-such-file.toml"), nil); err == nil {
		t.Error("missing file accepted")
	}
}

var (
	quoteRE = regexp.MustCompile(`"([^"]{15,}?)"`)
	// citeRE finds the short citations of the sources (docs/profiles.md,
	// "Sources"); citedSeed maps each to the text it quotes.
	citeRE    = regexp.MustCompile(`\b(Banerjee|Ayer|Chaturanga reconstruction|Murray and Gollon page)\b`)
	citedSeed = map[string]string{"Banerjee": "000", "Ayer": "002", "Chaturanga reconstruction": "003", "Murray and Gollon page": "004"}
	seedRE    = regexp.MustCompile(`(?i)\bseed \d{3}`)
	spaceRE   = regexp.MustCompile(`[\s\x{00a0}]+`)
)

// normalize folds the typography of the seeds (curly quotes, bullets,
// superscript markers, line breaks) so that a quotation can be compared.
func normalize(s string) string {
	s = strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`, "•", " ", "^", "").Replace(s)
	return spaceRE.ReplaceAllString(s, " ")
}

// Every quotation in a built-in profile's sources is really in the seed it
// cites (or in docs/rules.md, which reports readings such as Gollon's book): the
// sources are evidence, so a misquotation is a bug.
func TestSourcesQuoteTheSeeds(t *testing.T) {
	seeds := map[string]string{}
	files, _ := filepath.Glob(filepath.Join(testenv.SharedDir(t, "seeds"), "*.txt"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		seeds[filepath.Base(f)[:3]] = normalize(string(b))
	}
	rulesMD, err := os.ReadFile(filepath.Join("..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	spec := normalize(string(rulesMD))
	checked := 0
	for _, p := range Profiles() {
		texts := map[string]string{"source": p.Source, "board-source": p.BoardSource, "summary": p.Summary}
		for key, src := range p.Sources {
			texts[key] = src
		}
		for key, src := range texts {
			if seedRE.MatchString(src) {
				t.Errorf("%s, %s: cites a seed number, which no reader can look up: %q", p.Name, key, src)
			}
			cited := citeRE.FindAllStringSubmatch(src, -1)
			for _, m := range quoteRE.FindAllStringSubmatch(normalize(src), -1) {
				found := false
				// A quotation may leave words out with "...".
				for _, part := range strings.Split(m[1], "...") {
					part = strings.TrimSpace(part)
					ok := strings.Contains(spec, part)
					for _, c := range cited {
						ok = ok || strings.Contains(seeds[citedSeed[c[1]]], part)
					}
					found = ok
					if !ok {
						break
					}
				}
				if !found {
					t.Errorf("%s, %s: %q is not in the seeds it cites (%v) nor in docs/rules.md", p.Name, key, m[1], cited)
				}
				checked++
			}
		}
	}
	if checked < 60 {
		t.Errorf("only %d quotations checked; the pattern no longer finds them", checked)
	}
	t.Logf("%d quotations checked against the seeds", checked)
}

func FuzzParseProfile(f *testing.F) {
	for _, g := range []string{"testdata/profiles/*.toml", "testdata/profiles/broken/*.toml", "profiles/*.toml"} {
		files, _ := filepath.Glob(g)
		for _, file := range files {
			b, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	f.Add([]byte("settings = 3\naliases = [1, {a = 2}]\nname = 4\n[[settings.x]]\n"))
	// Files made to cost (docs/robustness.md, "Profile files"): a dotted
	// key past the key-name limit and one just under it, many keys under
	// a table, an unknown setting's long name, a quoted name with dots,
	// nesting past the decoder's depth, inline tables in arrays.
	f.Add([]byte("base = \"fide\"\n" + strings.Repeat("a.", maxProfileNames) + "a = 1\n"))
	f.Add([]byte("base = \"fide\"\n" + strings.Repeat("a.", maxProfileNames-3) + "a = 1\n"))
	f.Add([]byte("base = \"fide\"\n[settings." + strings.Repeat("n", 5000) + "]\n" + strings.Repeat("f = 1\ng = 2\n", 10)))
	f.Add([]byte("base = \"fide\"\n[settings]\n" + strings.Repeat("e", 2000) + " = \"x\"\n\"a.b\" = 1\n"))
	f.Add([]byte("aliases = " + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + "\n"))
	f.Add([]byte("base = \"fide\"\nx = [" + strings.Repeat("{a = 1}, ", 600) + "]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParseProfile("fuzz.toml", data)
		if (p == nil) == (err == nil) {
			t.Fatalf("profile %v and error %v", p, err)
		}
		if p == nil {
			// Every problem is placed in the file, or on no line.
			lines := 1 + bytes.Count(data, []byte{'\n'})
			var pes ProfileErrors
			var pe *ProfileError
			if errors.As(err, &pes) {
				for _, e := range pes {
					if e.Line < 0 || e.Line > lines {
						t.Fatalf("line %d of a file of %d lines: %v", e.Line, lines, e)
					}
				}
			} else if errors.As(err, &pe) && (pe.Line < 0 || pe.Line > lines) {
				t.Fatalf("line %d of a file of %d lines: %v", pe.Line, lines, pe)
			}
			return
		}
		// Whatever loads can be written out and read back unchanged.
		q, err := ParseProfile("again.toml", p.MarshalTOML())
		if err != nil {
			t.Fatalf("written profile does not read back: %v\n%s", err, p.MarshalTOML())
		}
		if q.Settings != p.Settings || q.Name != p.Name || strings.Join(q.Aliases, "\x00") != strings.Join(p.Aliases, "\x00") {
			t.Fatalf("round trip changed the profile: %+v / %+v", p, q)
		}
		for _, k := range SettingKeys() {
			if q.Sources[k] != p.Sources[k] || q.NotApplicable[k] != p.NotApplicable[k] {
				t.Fatalf("round trip changed %s: %q %v / %q %v", k, p.Sources[k], p.NotApplicable[k], q.Sources[k], q.NotApplicable[k])
			}
		}
	})
}

func FuzzParseOverrides(f *testing.F) {
	for _, s := range []string{"", "a=b", "a = b; c=d", "a \t=\v b", "a= =b", " = ", "==", "a=b=c", ";;a", "elephant=dabbaba stalemate=draw"} {
		f.Add(s)
	}
	// A slow reference for closing up "k = v".
	spaced := regexp.MustCompile("[\t\n\v\f\r ]*=[\t\n\v\f\r ]*")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := closeUpEquals(s), spaced.ReplaceAllString(s, "="); got != want {
			t.Fatalf("closeUpEquals(%q) = %q, want %q", s, got, want)
		}
		ovs, err := ParseOverrides(s)
		if err != nil {
			return
		}
		for _, o := range ovs {
			if o.Key == "" || o.Value == "" || strings.ContainsAny(o.Key+o.Value, "=; \t\n") {
				t.Fatalf("ParseOverrides(%q) gave a malformed item %q", s, o)
			}
		}
		var st Settings
		_ = st.Apply(ovs)
	})
}

// The dependents table must name every setting that can change whether
// another applies: flip each setting through its values, from every
// built-in profile, and see which applies functions change.
func TestDependentsMatchAppliesFunctions(t *testing.T) {
	for _, p := range Profiles() {
		for _, k := range SettingKeys() {
			for _, v := range SettingValues(k) {
				s := p.Settings
				if err := s.Set(k, v); err != nil {
					t.Fatal(err)
				}
				for _, d := range settingTable {
					if d.applies == nil || d.applies(&p.Settings) == d.applies(&s) {
						continue
					}
					if !contains(dependents[k], d.name) {
						t.Errorf("%s=%s on %s changes whether %s applies, but dependents[%s] lacks it", k, v, p.Name, d.name, k)
					}
				}
			}
		}
	}
}

func TestSettingAppliesAfterOverrides(t *testing.T) {
	for _, c := range []struct {
		profile, set, key string
		want              bool
	}{
		{"fide", "king-leap=not-in-check", "king-leap-capture", true},
		{"chaturanga", "king-leap=off", "king-leap-capture", false},
		{"chaturanga-gollon", "knight-promotion-move=optional", "knight-promotion-move", true},
		{"chaturanga-gollon", "promotion=file-piece", "knight-promotion-move", true},
		{"chaturanga-gollon", "stalemate=draw", "knight-promotion-move", false},
		{"andhra", "unavailable-promotion=forbidden", "stuck-pawn-gives-check", true},
		{"andhra", "opening=normal", "opening-pattern", false},
		{"fide", "opening=triple", "opening-pattern", true},
		{"fide", "promotion-limit=lost", "unavailable-promotion", true},
	} {
		ovs, err := ParseOverrides(c.set)
		if err != nil {
			t.Fatal(err)
		}
		p, err := mustLookup(t, c.profile).With(ovs, "test")
		if err != nil {
			t.Fatal(err)
		}
		if got := SettingApplies(p, c.key); got != c.want {
			t.Errorf("%s with %s: SettingApplies(%s) = %v, want %v", c.profile, c.set, c.key, got, c.want)
		}
	}
	// The same through a user file: the file's applies = false wins.
	p, err := ParseProfile("u.toml", []byte("base = \"fide\"\n[settings]\nking-leap = \"never-checked\"\nopening = \"triple\"\nopening-pattern = { value = \"any\", applies = false }\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !SettingApplies(p, "king-leap-capture") || SettingApplies(p, "opening-pattern") {
		t.Errorf("user file: king-leap-capture applies %v (want true), opening-pattern %v (want false)",
			SettingApplies(p, "king-leap-capture"), SettingApplies(p, "opening-pattern"))
	}
}

// A profile written out by MarshalTOML reads back as the same profile, so
// `rules show --toml` gives a historian a correct file to start from.
func TestMarshalTOMLRoundTrip(t *testing.T) {
	user, err := LoadFile(filepath.Join("testdata", "profiles", "chaturanga-dabbaba.toml"))
	if err != nil {
		t.Fatal(err)
	}
	odd := mustLookup(t, "andhra").Clone()
	odd.Aliases = []string{"it's", `a "b"`}
	odd.Summary = "tab\there, new\nline, back\\slash, bell\x07"
	odd.Sources["mastu"] = `'''"quoted" and ''' again`
	for _, p := range append(Profiles(), user, odd) {
		data := p.MarshalTOML()
		q, err := ParseProfile(p.Name+".toml", data)
		if err != nil {
			t.Fatalf("%s: written file does not read back: %v\n%s", p.Name, err, data)
		}
		if q.Settings != p.Settings || q.Name != p.Name || q.Summary != p.Summary || q.Source != p.Source ||
			strings.Join(q.Aliases, "|") != strings.Join(p.Aliases, "|") {
			t.Errorf("%s: round trip changed the profile:\n%+v\n%+v", p.Name, q, p)
		}
		for _, k := range SettingKeys() {
			if q.Sources[k] != p.Sources[k] || q.NotApplicable[k] != p.NotApplicable[k] {
				t.Errorf("%s: %s: source %q / applies-mark %v became %q / %v", p.Name, k, p.Sources[k], p.NotApplicable[k], q.Sources[k], q.NotApplicable[k])
			}
		}
	}
}

// The replayer reads a Rules tag for every game that has one.
func BenchmarkRulesTag(b *testing.B) {
	const tag = "king-leap=off; promotion=any; promotion-limit=none; stalemate=draw; bare-king=none; dead-position=fide; repetition=auto; move-rule=50"
	base := mustLookupB(b, "hindustani")
	b.ReportAllocs()
	for b.Loop() {
		ovs, err := ParseOverrides(tag)
		if err != nil {
			b.Fatal(err)
		}
		s := base.Settings
		if err := s.Apply(ovs); err != nil {
			b.Fatal(err)
		}
	}
}

func mustLookupB(b *testing.B, name string) *Profile {
	p, err := Lookup(name)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// TestDocsRulesTable: the table "Values of the built-in profiles" of
// docs/rules.md says what the built-in profiles are, setting by setting
// and in SettingKeys order ("-" where a setting does not apply).
func TestDocsRulesTable(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, "### Values of the built-in profiles")
	if i < 0 {
		t.Fatal(`docs/rules.md has no "Values of the built-in profiles" table`)
	}
	var header []string
	var keys []string
	for _, line := range strings.Split(text[i:], "\n") {
		if !strings.HasPrefix(line, "|") {
			if header != nil {
				break
			}
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for k := range cells {
			cells[k] = strings.Trim(strings.TrimSpace(cells[k]), "`")
		}
		switch {
		case header == nil:
			header = cells
			continue
		case strings.HasPrefix(cells[0], "---"):
			continue
		}
		key := cells[0]
		keys = append(keys, key)
		for col, name := range header[1:] {
			p, err := Lookup(name)
			if err != nil {
				t.Fatalf("column %q: %v", name, err)
			}
			want := cells[col+1]
			if want == "-" {
				if SettingApplies(p, key) {
					t.Errorf("docs/rules.md: %s %s is -, but it applies (%s)", name, key, p.Settings.Get(key))
				}
				continue
			}
			if got := p.Settings.Get(key); got != want || !SettingApplies(p, key) {
				t.Errorf("docs/rules.md: %s %s is %s, the profile has %s", name, key, want, got)
			}
		}
	}
	if len(header) != 7 || strings.Join(keys, " ") != strings.Join(SettingKeys(), " ") {
		t.Errorf("docs/rules.md: columns %v, settings %v; want every profile and %v", header, keys, SettingKeys())
	}
}
