package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// ashBinary is the ashtapada binary built once for the tests that run it as
// a user would (exit statuses, output streams).
var ashBinary string

func TestMain(m *testing.M) {
	launchIfAsked()
	sideBySide()
	dir, err := os.MkdirTemp("", "ashtapada-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "temp dir:", err)
		os.Exit(2)
	}
	ashBinary = filepath.Join(dir, "ashtapada")
	build := exec.Command("go", "build", "-o", ashBinary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building ashtapada:", err)
		os.RemoveAll(dir)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// perCore is how many tests run side by side per core unless
// -test.parallel says otherwise.
const perCore = 4

// sideBySide lets perCore parallel tests run per core, where go test's
// default is one: nearly every test here waits on the binary it started,
// and a run of the binary is short and spends much of its time off the
// cores (exec, page faults, its threads waking), so one test per core
// leaves the cores idle much of the run. -test.parallel, when given, wins.
func sideBySide() {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		_ = flag.Set("test.parallel", strconv.Itoa(perCore*runtime.GOMAXPROCS(0)))
	}
}

// runAsh runs the binary with args in dir (the test's own directory when
// empty) and returns its standard output, standard error and exit status.
func runAsh(t *testing.T, dir, stdin string, args ...string) (string, string, int) {
	t.Helper()
	return runAshEnv(t, dir, stdin, nil, args...)
}

// runAshEnv is runAsh with env added to the environment.
func runAshEnv(t *testing.T, dir, stdin string, env []string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(ashBinary, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running ashtapada: %v", err)
	}
	return out.String(), errb.String(), code
}

const validGame = `[Event "t"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
`

const illegalGame = `[Event "t"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. e4 e5 2. Ke3 *
`

const warningGame = `[Event "t"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. e4+ e5 *
`

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestValidateExitStatus(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	valid := writeFile(t, dir, "valid.pgn", validGame)
	illegal := writeFile(t, dir, "illegal.pgn", illegalGame)
	warn := writeFile(t, dir, "warn.pgn", warningGame)
	cases := []struct {
		name  string
		args  []string
		stdin string
		code  int
	}{
		{"valid file", []string{"validate", valid}, "", 0},
		{"warnings only", []string{"validate", warn}, "", 0},
		{"warnings with --strict", []string{"validate", "--strict", warn}, "", 1},
		{"illegal move", []string{"validate", illegal}, "", 1},
		{"standard input", []string{"validate", "-"}, illegalGame, 1},
		{"valid standard input", []string{"validate"}, validGame, 0},
		{"unreadable file", []string{"validate", filepath.Join(dir, "missing.pgn")}, "", 2},
		{"unreadable beside an invalid one", []string{"validate", illegal, filepath.Join(dir, "missing.pgn")}, "", 2},
		{"unknown --rules", []string{"validate", "--rules", "xiangqi", valid}, "", 2},
		{"bad --set", []string{"validate", "--set", "stalemate=often", valid}, "", 2},
		{"unknown format", []string{"validate", "--format", "yaml", valid}, "", 2},
		{"--rules wins over the tags", []string{"validate", "--rules", "shatranj", valid}, "", 1},
		{"a directory", []string{"validate", dir}, "", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := runAsh(t, "", c.stdin, c.args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, c.code, out, errOut)
			}
			if c.code == 2 && errOut == "" {
				t.Errorf("exit 2 without a message on standard error")
			}
		})
	}
}

func TestValidateText(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	illegal := writeFile(t, dir, "illegal.pgn", illegalGame)
	out, _, code := runAsh(t, "", "", "validate", illegal)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(out, "\n")
	want := illegal + ":9:13: error: "
	if !strings.HasPrefix(lines[0], want) || !strings.HasSuffix(lines[0], "[illegal-move]") {
		t.Errorf("first line %q, want %q...[illegal-move]", lines[0], want)
	}
	if len(lines) < 2 || !strings.HasPrefix(lines[1], "\t") || !strings.Contains(lines[1], "ply 3 (2. Ke3)") ||
		!strings.Contains(lines[1], "FEN rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2") ||
		!strings.Contains(lines[1], "legal: Ke2") {
		t.Errorf("second line %q lacks the ply, FEN or legal moves", lines[1])
	}
}

// TestValidateJSONL checks `--format jsonl` field by field against docs/cli.md:
// every finding line and every game line carries exactly the listed names
// (plus the documented extras), with the right JSON types.
func TestValidateJSONL(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := writeFile(t, dir, "two.pgn", illegalGame+"\n"+validGame)
	out, _, code := runAsh(t, "", "", "validate", "--format", "jsonl", f)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	findingFields := map[string]string{
		"kind": "string", "file": "string", "line": "number", "column": "number", "game": "number",
		"ply": "number", "move_number": "number", "side": "string", "san": "string", "rule": "string",
		"severity": "string", "message": "string", "fen": "string", "profile": "string", "settings": "object",
	}
	findingExtras := map[string]string{"legal": "array", "variation": "array"}
	gameFields := map[string]string{
		"kind": "string", "file": "string", "game": "number", "profile": "string", "plies": "number",
		"outcome": "string", "winner": "string", "result": "string", "valid": "bool",
	}
	gameExtras := map[string]string{"profile_source": "string", "errors": "number", "warnings": "number"}

	var lines []map[string]any
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %q is not JSON: %v", sc.Text(), err)
		}
		lines = append(lines, m)
	}
	kinds := []string{}
	for _, m := range lines {
		kinds = append(kinds, fmt.Sprint(m["kind"]))
	}
	if got := strings.Join(kinds, " "); got != "finding game game" {
		t.Fatalf("line kinds %q, want \"finding game game\"", got)
	}
	checkFields(t, "finding", lines[0], findingFields, findingExtras)
	checkFields(t, "game", lines[1], gameFields, gameExtras)
	checkFields(t, "game", lines[2], gameFields, gameExtras)

	fd := lines[0]
	wantFinding := map[string]any{
		"file": f, "line": 9.0, "column": 13.0, "game": 1.0, "ply": 3.0, "move_number": 2.0,
		"side": "white", "san": "Ke3", "rule": "illegal-move", "severity": "error",
		"fen": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", "profile": "fide",
	}
	for k, v := range wantFinding {
		if fd[k] != v {
			t.Errorf("finding %s = %v, want %v", k, fd[k], v)
		}
	}
	if s, _ := fd["settings"].(map[string]any); s["castling"] != "yes" || s["king-leap"] != "off" || len(s) < 20 {
		t.Errorf("settings %v: want every setting of fide", fd["settings"])
	}
	if msg, _ := fd["message"].(string); !strings.Contains(msg, "e3") {
		t.Errorf("message %q does not name the square", msg)
	}
	g1, g2 := lines[1], lines[2]
	for k, v := range map[string]any{"file": f, "game": 1.0, "profile": "fide", "plies": 2.0, "outcome": "none", "winner": "", "result": "*", "valid": false} {
		if g1[k] != v {
			t.Errorf("game 1 %s = %v, want %v", k, g1[k], v)
		}
	}
	for k, v := range map[string]any{"game": 2.0, "plies": 7.0, "outcome": "checkmate", "winner": "white", "result": "1-0", "valid": true} {
		if g2[k] != v {
			t.Errorf("game 2 %s = %v, want %v", k, g2[k], v)
		}
	}
}

func checkFields(t *testing.T, what string, m map[string]any, required, extras map[string]string) {
	t.Helper()
	for k, typ := range required {
		v, ok := m[k]
		if !ok {
			t.Errorf("%s line lacks %q: %v", what, k, m)
			continue
		}
		if jsonType(v) != typ {
			t.Errorf("%s line %q is %s, want %s", what, k, jsonType(v), typ)
		}
	}
	for k, v := range m {
		if _, ok := required[k]; ok {
			continue
		}
		typ, ok := extras[k]
		if !ok {
			t.Errorf("%s line has undocumented field %q", what, k)
		} else if jsonType(v) != typ {
			t.Errorf("%s line %q is %s, want %s", what, k, jsonType(v), typ)
		}
	}
}

func jsonType(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "bool"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case nil:
		return "null"
	}
	return "?"
}

// TestValidateOrderAndSummary: many games through several workers come out
// in input order; --summary counts them; --max-errors stops early.
func TestValidateOrderAndSummary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var b strings.Builder
	const n = 60
	for i := 0; i < n; i++ {
		if i%3 == 0 {
			b.WriteString(illegalGame)
		} else {
			b.WriteString(validGame)
		}
		b.WriteString("\n")
	}
	f := writeFile(t, dir, "many.pgn", b.String())
	out, _, code := runAsh(t, "", "", "validate", "--format", "jsonl", "--jobs", "4", "--summary", f)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var games []int
	var summary map[string]any
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		switch m["kind"] {
		case "game":
			games = append(games, int(m["game"].(float64)))
		case "summary":
			summary = m
		}
	}
	if len(games) != n || !sort.IntsAreSorted(games) {
		t.Fatalf("games out of order or missing: %v", games)
	}
	if summary == nil || summary["games"] != float64(n) || summary["invalid"] != float64(n/3) {
		t.Errorf("summary %v: want %d games, %d invalid", summary, n, n/3)
	}
	if r, _ := summary["rules"].(map[string]any); r["illegal-move"] != float64(n/3) {
		t.Errorf("summary rules %v", summary["rules"])
	}
	out, _, code = runAsh(t, "", "", "validate", "--format", "jsonl", "--max-errors", "2", f)
	if code != 1 || strings.Count(out, `"kind":"game"`) >= n {
		t.Errorf("--max-errors 2: exit %d, %d games reported", code, strings.Count(out, `"kind":"game"`))
	}
	out, _, _ = runAsh(t, "", "", "validate", "--format", "json", "--summary", f)
	var doc struct {
		Games   []map[string]any `json:"games"`
		Summary map[string]any   `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("--format json is not one JSON document: %v", err)
	}
	if len(doc.Games) != n || doc.Summary["games"] != float64(n) {
		t.Errorf("json: %d games, summary %v", len(doc.Games), doc.Summary)
	}
}
