package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
)

// ciRecords are two files of games with errors, warnings and clean games,
// judged by the real reader and replay so that the reports see the
// findings validate produces.
var ciRecords = []struct{ file, text string }{
	{"games/a b.pgn", `[Event "e1"]
[Site "?"]
[Date "????.??.??"]
[Round "1"]
[White "W, one"]
[Black "B: two"]
[Result "*"]

1. e4 e5 2. Ke3 *

[Event "e1"]
[Site "?"]
[Date "????.??.??"]
[Round "2"]
[White "a"]
[Black "b"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "e1"]
[Site "?"]
[Date "????.??.??"]
[Round "3"]
[White "a"]
[Black "b"]
[Result "*"]

1. e4+ e5 2. Nf3 {100% "<sure>" & fine} Nc6 *
`},
	{"/abs/b.pgn", `[Event "e2"]
[Site "?"]
[Date "????.??.??"]
[Round "1"]
[White "a"]
[Black "b"]
[Result "1/2-1/2"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1/2-1/2
`},
}

type ciGame struct {
	key GameID
	res *replay.Result
}

func ciJudge(t *testing.T, strict bool) []ciGame {
	t.Helper()
	var out []ciGame
	rep := replay.New(replay.Config{Strict: strict})
	for _, rec := range ciRecords {
		sp := grammar.NewSplitter(strings.NewReader(rec.text))
		for i := 1; ; i++ {
			ch, err := sp.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			g := grammar.ParseChunk(ch, rec.file)
			out = append(out, ciGame{GameIDOf(g, ch.Data, ch.Pos), rep.Game(g, rec.file, i)})
		}
	}
	return out
}

func ciTally(games []ciGame) *replay.Tally {
	t := replay.NewTally()
	for _, g := range games {
		t.Add(g.res)
	}
	return t
}

func ciReport(t *testing.T, format string, games []ciGame, summary bool) []byte {
	t.Helper()
	var b bytes.Buffer
	rw, err := New(format, &b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if err := rw.Game(g.res); err != nil {
			t.Fatalf("%s: Game: %v", format, err)
		}
	}
	var tally *replay.Tally
	if summary {
		tally = ciTally(games)
	}
	if err := rw.Close(tally); err != nil {
		t.Fatalf("%s: Close: %v", format, err)
	}
	return b.Bytes()
}

func ciRoot(t *testing.T) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot find the test's own file")
	}
	return filepath.Dir(filepath.Dir(file))
}

// sarifSchema compiles the SARIF 2.1.0 schema of testdata/sarif, with
// format assertions on (uri, uri-reference), which the schema relies on.
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	path := filepath.Join(ciRoot(t), "testdata", "sarif", "sarif-schema-2.1.0.json")
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("the SARIF schema must be in the repository: %v", err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("file:///sarif-schema-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("file:///sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatalf("compiling the SARIF schema: %v", err)
	}
	return s
}

func TestSARIFValidatesAgainstSchema(t *testing.T) {
	schema := sarifSchema(t)
	games := ciJudge(t, false)
	for _, summary := range []bool{false, true} {
		out := ciReport(t, "sarif", games, summary)
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out)
		}
		if err := schema.Validate(inst); err != nil {
			t.Fatalf("SARIF output does not validate: %v", err)
		}
	}
	// Every rule id the corpus has a record for, one file per rule.
	files := testenv.RecordFiles(t, filepath.Join(ciRoot(t), "corpus", "rules"))
	var corpus []ciGame
	rep := replay.New(replay.Config{Variations: true})
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		sp := grammar.NewSplitter(bytes.NewReader(data))
		for i := 1; ; i++ {
			ch, err := sp.Next()
			if err != nil {
				break
			}
			g := grammar.ParseChunk(ch, file)
			corpus = append(corpus, ciGame{GameIDOf(g, ch.Data, ch.Pos), rep.Game(g, file, i)})
		}
	}
	if len(corpus) > 0 {
		out := ciReport(t, "sarif", corpus, true)
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(inst); err != nil {
			t.Fatalf("SARIF of corpus/rules does not validate: %v", err)
		}
	}
	// An empty run (no games at all) is a valid log too.
	out := ciReport(t, "sarif", nil, false)
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(inst); err != nil {
		t.Fatalf("empty SARIF log does not validate: %v", err)
	}
}

// TestSARIFSchemaRejects makes sure the schema check can fail: a log with a
// level SARIF does not know, or a line 0, must not pass.
func TestSARIFSchemaRejects(t *testing.T) {
	schema := sarifSchema(t)
	out := ciReport(t, "sarif", ciJudge(t, false), false)
	for name, broken := range map[string]string{
		"level":   strings.Replace(string(out), `"level":"error"`, `"level":"fatal"`, 1),
		"line":    regexp.MustCompile(`"startLine":\d+`).ReplaceAllString(string(out), `"startLine":0`),
		"version": strings.Replace(string(out), `"version":"2.1.0"`, `"version":"2.0.0"`, 1),
	} {
		if broken == string(out) {
			t.Fatalf("%s: the replacement did not apply", name)
		}
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(broken))
		if err != nil {
			t.Fatal(err)
		}
		if schema.Validate(inst) == nil {
			t.Errorf("%s: a broken log validates", name)
		}
	}
}

func TestSARIFContent(t *testing.T) {
	games := ciJudge(t, false)
	out := ciReport(t, "sarif", games, true)
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID      string `json:"id"`
						HelpURI string `json:"helpUri"`
						Help    struct {
							Text     string `json:"text"`
							Markdown string `json:"markdown"`
						} `json:"help"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				Properties map[string]any `json:"properties"`
			} `json:"results"`
			Properties struct {
				Summary replay.Tally `json:"summary"`
			} `json:"properties"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs", len(log.Runs))
	}
	run := log.Runs[0]
	rules := run.Tool.Driver.Rules
	if len(rules) != len(ruleid.All()) {
		t.Errorf("%d rule descriptors for %d rule ids", len(rules), len(ruleid.All()))
	}
	for i, r := range rules {
		if r.ID != ruleid.All()[i].ID || !strings.HasSuffix(r.HelpURI, "/docs/rules/"+r.ID+".md") || r.Help.Markdown == "" {
			t.Errorf("descriptor %d: %+v", i, r)
		}
	}
	var want []replay.Finding
	for _, g := range games {
		want = append(want, g.res.Findings...)
	}
	if len(want) == 0 || len(run.Results) != len(want) {
		t.Fatalf("%d results for %d findings", len(run.Results), len(want))
	}
	for i, r := range run.Results {
		f := want[i]
		loc := r.Locations[0].PhysicalLocation
		if r.RuleID != f.Rule || rules[r.RuleIndex].ID != f.Rule || r.Level != f.Severity ||
			loc.Region.StartLine != f.Line || loc.Region.StartColumn != f.Column ||
			r.Properties["profile"] != f.Profile || int(r.Properties["game"].(float64)) != f.Game {
			t.Errorf("result %d = %+v, finding %+v", i, r, f)
		}
	}
	uris := map[string]bool{}
	for _, r := range run.Results {
		uris[r.Locations[0].PhysicalLocation.ArtifactLocation.URI] = true
	}
	if !uris["games/a%20b.pgn"] || !uris["file:///abs/b.pgn"] {
		t.Errorf("artifact URIs %v", uris)
	}
	if run.Properties.Summary.Games != len(games) {
		t.Errorf("summary games %d, want %d", run.Properties.Summary.Games, len(games))
	}
}

// githubCommand is the workflow-command syntax: ::name k=v,k=v::message,
// with properties free of unescaped ',' ':' and newlines.
var githubCommand = regexp.MustCompile(`^::(error|warning|notice)( ([a-zA-Z]+=[^,:\r\n]*)(,[a-zA-Z]+=[^,:\r\n]*)*)?::([^\r\n]*)$`)

func unescapeGitHub(s string) string {
	return strings.NewReplacer("%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",", "%25", "%").Replace(s)
}

func TestGitHubLinesParse(t *testing.T) {
	games := ciJudge(t, false)
	out := ciReport(t, "github", games, true)
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	var want []replay.Finding
	for _, g := range games {
		want = append(want, g.res.Findings...)
	}
	if len(lines) != len(want)+1 {
		t.Fatalf("%d lines for %d findings and a summary:\n%s", len(lines), len(want), out)
	}
	for i, f := range want {
		m := githubCommand.FindStringSubmatch(lines[i])
		if m == nil {
			t.Fatalf("line %d does not parse as a workflow command: %q", i+1, lines[i])
		}
		if m[1] != f.Severity {
			t.Errorf("line %d: command %s for a %s", i+1, m[1], f.Severity)
		}
		props := map[string]string{}
		for _, kv := range strings.Split(strings.TrimPrefix(m[2], " "), ",") {
			k, v, _ := strings.Cut(kv, "=")
			props[k] = unescapeGitHub(v)
		}
		if props["file"] != f.File || props["line"] != strconv.Itoa(f.Line) || props["col"] != strconv.Itoa(f.Column) ||
			props["title"] != "ashtapada "+f.Rule {
			t.Errorf("line %d: properties %v for %+v", i+1, props, f)
		}
		if msg := unescapeGitHub(m[5]); !strings.HasPrefix(msg, f.Message) {
			t.Errorf("line %d: message %q, want it to start with %q", i+1, msg, f.Message)
		}
	}
	if !githubCommand.MatchString(lines[len(lines)-1]) || !strings.HasPrefix(lines[len(lines)-1], "::notice") {
		t.Errorf("summary line %q", lines[len(lines)-1])
	}
	// Escaping: a message with newlines, percent signs and a file name with
	// commas and colons stays one parsable line and reads back the same.
	f := replay.Finding{File: "x,y:z.pgn", Line: 3, Column: 1, Rule: "syntax", Severity: "error", Message: "50% bad\r\nline"}
	line := GitHubCommand(&f)
	m := githubCommand.FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("escaped command does not parse: %q", line)
	}
	if !strings.Contains(m[2], "file=x%2Cy%3Az.pgn") || !strings.HasPrefix(unescapeGitHub(m[5]), f.Message) {
		t.Errorf("escaping: %q", line)
	}
}

func TestJUnitParsesAndCounts(t *testing.T) {
	for _, strict := range []bool{false, true} {
		games := ciJudge(t, strict)
		out := ciReport(t, "junit", games, false)
		var doc JUnitTestSuites
		if err := xml.Unmarshal(out, &doc); err != nil {
			t.Fatalf("JUnit XML does not parse: %v\n%s", err, out)
		}
		if doc.Tests != len(games) {
			t.Errorf("testsuites tests=%d, want %d games", doc.Tests, len(games))
		}
		if len(doc.Suites) != len(ciRecords) {
			t.Fatalf("%d suites for %d files", len(doc.Suites), len(ciRecords))
		}
		cases, failedCases, failures := 0, 0, 0
		for i, s := range doc.Suites {
			if s.Name != ciRecords[i].file {
				t.Errorf("suite %d named %q", i, s.Name)
			}
			fc := 0
			for _, c := range s.Cases {
				if len(c.Failures) > 0 {
					fc++
				}
				failures += len(c.Failures)
			}
			if s.Tests != len(s.Cases) || s.Failures != fc {
				t.Errorf("suite %s: tests=%d failures=%d, but %d cases of which %d fail", s.Name, s.Tests, s.Failures, len(s.Cases), fc)
			}
			cases += len(s.Cases)
			failedCases += fc
		}
		tally := ciTally(games)
		if cases != tally.Games || failedCases != doc.Failures || failedCases != tally.Invalid || failures != tally.Errors {
			t.Errorf("strict=%v: %d cases, %d failed (doc says %d), %d failure elements; tally %+v", strict, cases, failedCases, doc.Failures, failures, tally)
		}
		if !strict && tally.Warnings == 0 {
			t.Errorf("the records should give warnings too")
		}
		if !strict && !bytes.Contains(out, []byte("warning: ")) {
			t.Errorf("warnings not in system-out:\n%s", out)
		}
	}
	// No games at all: an empty but valid document.
	var doc JUnitTestSuites
	if err := xml.Unmarshal(ciReport(t, "junit", nil, false), &doc); err != nil || doc.Tests != 0 {
		t.Errorf("empty report: %v %+v", err, doc)
	}
}

// TestBaseline: known findings pass, a new one is reported, a fixed one is
// listed as gone; and the keys survive edits that move lines and games.
func TestBaseline(t *testing.T) {
	games := ciJudge(t, false)
	rec := NewBaselineRecorder()
	total := 0
	for _, g := range games {
		rec.Add(g.key, g.res)
		total += len(g.res.Findings)
	}
	if rec.Len() != total || total == 0 {
		t.Fatalf("recorded %d of %d findings", rec.Len(), total)
	}
	var file bytes.Buffer
	if err := rec.Write(&file); err != nil {
		t.Fatal(err)
	}
	read := func() *Baseline {
		b, err := ReadBaseline(bytes.NewReader(file.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}

	// The same run against its own baseline: nothing new, nothing gone.
	b := read()
	if b.Len() != total {
		t.Errorf("baseline holds %d, want %d", b.Len(), total)
	}
	for _, g := range games {
		if r, n := b.Filter(g.key, g.res); n != 0 || r.Summary.Errors != 0 {
			t.Errorf("known findings reported as new: %+v", r.Findings)
		}
	}
	if gone := b.Gone(func(string) bool { return true }); len(gone) != 0 {
		t.Errorf("gone: %v", gone)
	}

	// Edit the records: game 1 of the first file is fixed (its illegal
	// move corrected), a new game with a new error is added in front of
	// everything (which moves every line and game number), and the rest is
	// as before.
	edited := append([]ciGame(nil), games...)
	fixed := edited[0]
	fixed.res = &replay.Result{Summary: fixed.res.Summary}
	fixed.res.Summary.Valid, fixed.res.Summary.Errors = true, 0
	newGame := ciGame{
		key: GameID{Key: GameKey{Event: "new", White: "x", Black: "y"}},
		res: &replay.Result{Findings: []replay.Finding{{File: "games/a b.pgn", Line: 9, Game: 1, Ply: 5, Rule: "illegal-move", Severity: "error", Message: "new"}}},
	}
	edited[0] = fixed
	edited = append([]ciGame{newGame}, edited...)
	for i := range edited {
		edited[i].key.start.Line += 40
		for j := range edited[i].res.Findings {
			edited[i].res.Findings[j].Line += 40
			edited[i].res.Findings[j].Game++
		}
	}
	b = read()
	newFindings := 0
	for _, g := range edited {
		r, n := b.Filter(g.key, g.res)
		newFindings += n
		if n > 0 && (g.key.Key != newGame.key.Key || r.Summary.Errors != 1 || r.Findings[0].Message != "new") {
			t.Errorf("unexpected new findings in %+v: %+v", g.key, r.Findings)
		}
	}
	if newFindings != 1 {
		t.Errorf("%d new findings, want 1", newFindings)
	}
	everyFile := func(string) bool { return true }
	gone := b.Gone(everyFile)
	if len(gone) != len(games[0].res.Findings) {
		t.Fatalf("gone %v, want the %d findings of the fixed game", gone, len(games[0].res.Findings))
	}
	for _, e := range gone {
		if e.GameKey != games[0].key.Key || !strings.Contains(e.String(), e.Rule) {
			t.Errorf("gone entry %s is not of the fixed game", e.String())
		}
	}

	// A repeated key counts: two occurrences in the run against one in the
	// baseline leave one new.
	one := NewBaselineRecorder()
	k := GameID{Key: GameKey{Event: "?"}}
	f := replay.Finding{Ply: 0, Rule: "missing-tag", Severity: "warning"}
	one.Add(k, &replay.Result{Findings: []replay.Finding{f}})
	var buf bytes.Buffer
	if err := one.Write(&buf); err != nil {
		t.Fatal(err)
	}
	b2, err := ReadBaseline(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if _, n := b2.Filter(k, &replay.Result{Findings: []replay.Finding{f, f}}); n != 1 {
		t.Errorf("%d new of two occurrences against one, want 1", n)
	}
}

func TestReadBaselineRejects(t *testing.T) {
	for name, text := range map[string]string{
		"not json":       "nope",
		"wrong version":  `{"tool":"ashtapada","version":99,"findings":[]}`,
		"version 1":      `{"tool":"ashtapada","version":1,"findings":[]}`,
		"unknown field":  `{"tool":"ashtapada","version":2,"findings":[],"extra":1}`,
		"no rule":        `{"tool":"ashtapada","version":2,"findings":[{"fingerprint":"ab","ply":1,"count":1}]}`,
		"no fingerprint": `{"tool":"ashtapada","version":2,"findings":[{"rule":"syntax","count":1}]}`,
		"zero count":     `{"tool":"ashtapada","version":2,"findings":[{"fingerprint":"ab","rule":"syntax","count":0}]}`,
	} {
		if _, err := ReadBaseline(strings.NewReader(text)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// Fingerprints do not depend on layout: the same game written with other
// line breaks, spaces, move numbers and comment braces gives the same
// fingerprint for the same finding; another broken move gives another.
func TestFingerprintIgnoresLayout(t *testing.T) {
	fp := func(text string, line, col int) string {
		id := GameIDOf(&record.Game{}, []byte(text), record.Pos{Line: 10, Col: 1})
		return id.Fingerprint(&replay.Finding{Rule: "illegal-move", Line: line, Column: col})
	}
	a := fp("1.e4 e5 {good} 2.Ke3 Nc6 3. Nf3 *\n", 10, 19)
	b := fp("1. e4\n1... e5 { good }\n2. Ke3 Nc6 3. Nf3 *\n", 12, 4)
	c := fp("1. e4 e5 {good} 2. Kd3 Nc6 3. Nf3 *\n", 10, 20)
	if a != b {
		t.Errorf("layout changed the fingerprint: %s and %s", a, b)
	}
	if a == c {
		t.Errorf("another move, the same fingerprint %s", a)
	}
}
