package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/report"
)

// ciGame is a record with the seven tags and the given movetext.
func ciGame(event, moves string) string {
	return "[Event \"" + event + "\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n" + moves + "\n\n"
}

// TestBaselineCommand: --write-baseline records the findings and exits 0;
// --baseline passes the known ones, fails on a new one, and lists a fixed
// one as gone; keys survive games moving to other lines.
func TestBaselineCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(text string) {
		if err := os.WriteFile(filepath.Join(dir, "games.pgn"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	illegal := ciGame("illegal", "1. e4 e5 2. Ke3 *")
	mark := ciGame("mark", "1. e4+ e5 *")
	null := ciGame("null", "1. e4 -- 2. d4 *")
	write(illegal + mark + null)

	_, stderr, code := runAsh(t, dir, "", "validate", "--write-baseline", "base.json", "games.pgn")
	if code != 0 || !strings.Contains(stderr, "3 findings written to base.json") {
		t.Fatalf("--write-baseline: exit %d, stderr %q", code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "base.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(data) || !strings.Contains(string(data), `"rule": "null-move"`) {
		t.Fatalf("baseline file:\n%s", data)
	}

	// Nothing changed: exit 0, nothing reported.
	out, stderr, code := runAsh(t, dir, "", "validate", "--baseline", "base.json", "games.pgn")
	if code != 0 || strings.TrimSpace(out) != "" || strings.Contains(stderr, "no longer occur") {
		t.Fatalf("unchanged: exit %d, out %q, stderr %q", code, out, stderr)
	}

	// A new game in front (every line and game number moves), the null
	// move fixed: the new error fails, the old ones pass, the fixed one is
	// listed as gone.
	write(ciGame("new", "1. d4 d5 2. Kd3 *") + illegal + mark + strings.Replace(null, " -- ", " e5 ", 1))
	out, stderr, code = runAsh(t, dir, "", "validate", "--baseline", "base.json", "games.pgn")
	if code != 1 {
		t.Errorf("a new error: exit %d, want 1", code)
	}
	if strings.Count(out, "[illegal-move]") != 1 || !strings.Contains(out, "game 1,") || strings.Contains(out, "[check-mark]") {
		t.Errorf("the report should hold only the new finding:\n%s", out)
	}
	if !strings.Contains(stderr, "1 finding no longer occurs") || !strings.Contains(stderr, "null-move") {
		t.Errorf("the fixed finding is not reported as gone: %q", stderr)
	}

	// Only the fix: exit 0, the gone entry still listed.
	write(illegal + mark + strings.Replace(null, " -- ", " e5 ", 1))
	_, stderr, code = runAsh(t, dir, "", "validate", "--baseline", "base.json", "games.pgn")
	if code != 0 || !strings.Contains(stderr, "null-move") {
		t.Errorf("fixed only: exit %d, stderr %q", code, stderr)
	}

	// A usage error: a missing baseline file.
	if _, _, code := runAsh(t, dir, "", "validate", "--baseline", "nope.json", "games.pgn"); code != 2 {
		t.Errorf("missing baseline: exit %d, want 2", code)
	}
	// --max-errors cuts the report short, not the run: the baseline still
	// holds every finding.
	write(illegal + mark + null)
	_, stderr, code = runAsh(t, dir, "", "validate", "--write-baseline", "b2.json", "--max-errors", "1", "games.pgn")
	if code != 0 || !strings.Contains(stderr, "3 findings written to b2.json") {
		t.Errorf("--write-baseline with --max-errors: exit %d, stderr %q", code, stderr)
	}
}

func TestExplain(t *testing.T) {
	t.Parallel()
	out, _, code := runAsh(t, "", "", "validate", "--explain", "king-leap-in-check")
	if code != 0 || !strings.HasPrefix(out, "# `king-leap-in-check`") || !strings.Contains(out, "```pgn") {
		t.Errorf("--explain: exit %d\n%s", code, out)
	}
	_, stderr, code := runAsh(t, "", "", "validate", "--explain", "no-such-rule")
	if code != 2 || !strings.Contains(stderr, "illegal-move") {
		t.Errorf("--explain of an unknown id: exit %d, %q", code, stderr)
	}
}

// TestProgressAbsentWhenPiped: the tests run the binary with standard error
// on a pipe, so `auto` must draw nothing; `always` draws the bar there.
func TestProgressAbsentWhenPiped(t *testing.T) {
	t.Parallel()
	in := ciGame("ok", "1. e4 e5 *")
	_, stderr, code := runAsh(t, "", in, "validate", "-")
	if code != 0 || stderr != "" {
		t.Errorf("auto on a pipe: exit %d, stderr %q", code, stderr)
	}
	_, stderr, _ = runAsh(t, "", in, "validate", "--progress", "never", "-")
	if stderr != "" {
		t.Errorf("never: stderr %q", stderr)
	}
	_, stderr, code = runAsh(t, "", in, "validate", "--progress", "always", "-")
	if code != 0 || !strings.HasSuffix(stderr, "\r\x1b[K") {
		t.Errorf("always: exit %d, stderr %q (want the bar erased at the end)", code, stderr)
	}
	if _, _, code := runAsh(t, "", in, "validate", "--progress", "sometimes", "-"); code != 2 {
		t.Errorf("bad --progress: exit %d", code)
	}
}

func TestColorFlag(t *testing.T) {
	t.Parallel()
	in := ciGame("bad", "1. e4 e5 2. Ke3 *")
	out, _, _ := runAsh(t, "", in, "validate", "-")
	if strings.Contains(out, "\x1b[") {
		t.Errorf("colour on a pipe with --color auto: %q", out)
	}
	out, _, _ = runAsh(t, "", in, "validate", "--color", "always", "-")
	if !strings.Contains(out, "\x1b[31m") {
		t.Errorf("no colour with --color always: %q", out)
	}
	if plain := ansi.ReplaceAllString(out, ""); !strings.Contains(plain, "<stdin>:9:13: error: no white king can move to e3 [illegal-move]") {
		t.Errorf("colour changed the text: %q", plain)
	}
	out, _, _ = runAsh(t, "", in, "validate", "--color", "always", "--format", "jsonl", "-")
	if strings.Contains(out, "\x1b[") {
		t.Errorf("colour in JSON lines: %q", out)
	}
}

// TestReportFormatsFromCommand: sarif, github and junit are reachable from
// the command line and agree on the number of findings.
func TestReportFormatsFromCommand(t *testing.T) {
	t.Parallel()
	in := ciGame("bad", "1. e4+ e5 2. Ke3 *") + ciGame("ok", "1. e4 e5 *")
	out, _, code := runAsh(t, "", in, "validate", "--format", "sarif", "-")
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || code != 1 || log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) != 2 {
		t.Errorf("sarif: exit %d, %v, %+v", code, err, log)
	}
	out, _, _ = runAsh(t, "", in, "validate", "--format", "github", "-")
	cmd := regexp.MustCompile(`^::(error|warning) file=<stdin>,line=\d+,col=\d+,title=ashtapada [a-z-]+::.+$`)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("github: %d lines:\n%s", len(lines), out)
	}
	for _, l := range lines {
		if !cmd.MatchString(l) {
			t.Errorf("github: %q", l)
		}
	}
	out, _, _ = runAsh(t, "", in, "validate", "--format", "junit", "-")
	var doc report.JUnitTestSuites
	if err := xml.Unmarshal([]byte(out), &doc); err != nil || doc.Tests != 2 || doc.Failures != 1 {
		t.Errorf("junit: %v %+v\n%s", err, doc, out)
	}
}

func TestVersionPrintsModuleAndGo(t *testing.T) {
	t.Parallel()
	out, _, code := runAsh(t, "", "", "--version")
	if code != 0 || !regexp.MustCompile(`^ashtapada version \S+ go1\.\d+`).MatchString(out) {
		t.Errorf("--version: exit %d, %q", code, out)
	}
}

func TestCompletionAndMan(t *testing.T) {
	t.Parallel()
	for _, shell := range []string{"bash", "zsh", "fish"} {
		out, stderr, code := runAsh(t, "", "", "completion", shell)
		if code != 0 || !strings.Contains(out, "ashtapada") {
			t.Errorf("completion %s: exit %d, %q", shell, code, stderr)
			continue
		}
		if !strings.Contains(out, "__complete") {
			t.Errorf("%s completion does not ask the binary", shell)
		}
		// The shell itself checks the syntax, where it is installed.
		if sh, err := exec.LookPath(shell); err == nil {
			f := filepath.Join(t.TempDir(), "c."+shell)
			os.WriteFile(f, []byte(out), 0o644)
			if msg, err := exec.Command(sh, "-n", f).CombinedOutput(); err != nil {
				t.Errorf("%s -n: %v: %s", shell, err, msg)
			}
		}
	}
	if _, _, code := runAsh(t, "", "", "completion", "tcsh"); code != 2 {
		t.Errorf("unknown shell: exit %d", code)
	}
	out, _, code := runAsh(t, "", "", "man")
	if code != 0 || !strings.Contains(out, ".TH ashtapada 1") || !strings.Contains(out, "validate") || !strings.Contains(out, "--write-baseline") {
		t.Errorf("man: exit %d\n%.300s", code, out)
	}
}
