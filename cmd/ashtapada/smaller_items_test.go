package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/report"
)

// Smaller guarantees, each on the built binary.

// The report of one game is bounded in every format. The game has
// 20,001 wrong check marks (the main line's and 20,000 variations'): each
// format reports 100 of them and says that 19,901 were left out; the
// counts still include them, and 0 lifts the bounds.
func TestReportOfOneGameBounded(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const variations = 20000
	writeTemp(t, dir, "checks.pgn", "[Event \"x\"]\n\n1. e4+ "+strings.Repeat("(1. d4+) ", variations)+"*\n", 0o644)
	const left = "19901"
	full := 0
	for _, format := range report.Formats() {
		out, stderr, code := runAsh(t, dir, "", "validate", "--format", format, "checks.pgn")
		if code != 0 {
			t.Errorf("%s: exit %d, want 0 (only warnings)\n%s", format, code, stderr)
		}
		// About 1.3 KB per finding in jsonl; html carries its viewer.
		if len(out) > 1<<20 {
			t.Errorf("%s: a report of %d bytes for one game, want at most 1 MB", format, len(out))
		}
		if !strings.Contains(out, left) {
			t.Errorf("%s: the report does not say that %s findings were left out:\n%.3000s", format, left, out)
		}
		if format == "jsonl" {
			full = len(out)
			r := runValidate(t, dir, "checks.pgn")
			if len(r.findings) != 1+100+1 || !strings.Contains(out, fmt.Sprintf(`"warnings":%d,`, variations+2)) {
				t.Errorf("jsonl: %d findings; want 102 (missing-tag, 100 check-mark, the note) and %d warnings counted", len(r.findings), variations+2)
			}
			if !strings.Contains(out, `"left_out":`+left+`}`) {
				t.Errorf("jsonl: the game line has no left_out %s", left)
			}
		}
	}
	out, _, _ := runAsh(t, dir, "", "validate", "--format", "jsonl", "--max-findings-per-rule", "0", "--max-findings", "0", "checks.pgn")
	if n := strings.Count(out, `"rule":"check-mark"`); n != variations+1 || strings.Contains(out, "left_out") {
		t.Errorf("with no bounds: %d check-mark findings, want %d, and no note", n, variations+1)
	}
	if len(out) < 50*full {
		t.Errorf("with no bounds the report is %d bytes, with them %d: the bound did not bound", len(out), full)
	}
	out, _, _ = runAsh(t, dir, "", "validate", "--format", "jsonl", "--max-findings", "10", "checks.pgn")
	if n := strings.Count(out, `"kind":"finding"`); n != 10+1 {
		t.Errorf("--max-findings 10: %d findings, want 10 (missing-tag, 9 check-mark) and the note of check-mark:\n%.2000s", n, out)
	}
	if _, stderr, code := runAsh(t, dir, "", "validate", "--max-findings", "-1", "checks.pgn"); code != 2 || !strings.Contains(stderr, "--max-findings -1") {
		t.Errorf("--max-findings -1: exit %d, want 2\n%s", code, stderr)
	}
}

// A file name that is not UTF-8 survives into JSON, JSONL and
// JUnit, escaped as \xHH (docs/cli.md), not replaced by U+FFFD.
func TestNonUTF8FileNameInReports(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	name := "caf\xe9-\xff.pgn"
	if err := os.WriteFile(filepath.Join(dir, name), []byte(kingTooFar), 0o644); err != nil {
		t.Skipf("the file system refuses a non-UTF-8 name: %v", err)
	}
	const escaped = `caf\xE9-\xFF.pgn`
	for _, format := range []string{"json", "jsonl", "junit", "sarif"} {
		out, stderr, code := runAsh(t, dir, "", "validate", "--format", format, ".")
		if code != 1 {
			t.Fatalf("%s: exit %d, want 1\n%s", format, code, stderr)
		}
		if strings.Contains(out, "\ufffd") || strings.Contains(out, `\ufffd`) {
			t.Errorf("%s: the name was mangled to U+FFFD:\n%.1000s", format, out)
		}
		switch format {
		case "json":
			var doc struct {
				Games []struct {
					File     string `json:"file"`
					Findings []struct {
						File string `json:"file"`
					} `json:"findings"`
				} `json:"games"`
			}
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Fatal(err)
			}
			if len(doc.Games) != 1 || doc.Games[0].File != escaped || len(doc.Games[0].Findings) == 0 || doc.Games[0].Findings[0].File != escaped {
				t.Errorf("json: %+v, want the file %q", doc, escaped)
			}
		case "jsonl":
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				var l struct {
					File string `json:"file"`
				}
				if err := json.Unmarshal([]byte(line), &l); err != nil || l.File != escaped {
					t.Errorf("jsonl: file %q (%v), want %q", l.File, err, escaped)
				}
			}
		case "junit":
			var doc report.JUnitTestSuites
			if err := xml.Unmarshal([]byte(out), &doc); err != nil {
				t.Fatalf("junit: %v\n%s", err, out)
			}
			if len(doc.Suites) != 1 || doc.Suites[0].Name != escaped || doc.Suites[0].Cases[0].ClassName != escaped ||
				!strings.HasPrefix(doc.Suites[0].Cases[0].Failures[0].Text, escaped+":3:13") {
				t.Errorf("junit: %+v, want the file %q", doc.Suites, escaped)
			}
		case "sarif":
			if !strings.Contains(out, `"uri":"caf%E9-%FF.pgn"`) {
				t.Errorf("sarif: the URI does not percent-encode the bytes:\n%.500s", out)
			}
		}
	}
	// The text report writes the bytes as they are.
	out, _, _ := runAsh(t, dir, "", "validate", ".")
	if !strings.Contains(out, name+":3:13: error") {
		t.Errorf("text: %q", out)
	}
}

// --svg-dir pictures of a/x.pgn and b/x.pgn do not overwrite each
// other, nor do those of two variations at the same ply.
func TestSVGDirSameBaseName(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTemp(t, dir, "a/x.pgn", kingTooFar, 0o644)
	writeTemp(t, dir, "b/x.pgn", "[Event \"bad\"]\n\n1. e4 e5 2. Kf3 *\n", 0o644)
	writeTemp(t, dir, "c/v.pgn", "[Event \"var\"]\n\n1. e4 (1. Ke2) (1. Kd2) e5 *\n", 0o644)
	svg := filepath.Join(dir, "svg")
	_, stderr, code := runAsh(t, dir, "", "validate", "--svg-dir", svg, "a", "b", "c")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, stderr)
	}
	ents, err := os.ReadDir(svg)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	pics := map[string]bool{}
	for _, e := range ents {
		names = append(names, e.Name())
		data, err := os.ReadFile(filepath.Join(svg, e.Name()))
		if err != nil || !bytes.Contains(data, []byte("<svg")) {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		pics[string(data)] = true
	}
	// x-g1-p3-illegal-move.svg, x-<hash>-g1-p3-illegal-move.svg,
	// v-g1-p1-v1-illegal-move.svg, v-g1-p1-v2-illegal-move.svg
	if len(names) != 4 || len(pics) != 4 {
		t.Errorf("%d pictures (%d different), want 4: %v", len(names), len(pics), names)
	}
	for _, want := range []string{"x-g1-p3-illegal-move.svg", "v-g1-p1-v1-illegal-move.svg", "v-g1-p1-v2-illegal-move.svg"} {
		if !strings.Contains(strings.Join(names, " "), want) {
			t.Errorf("no %s in %v", want, names)
		}
	}
}

// perft, fmt -l and fmt -d exit 2 when standard output cannot be
// written: a full device, and a standard output open for reading only.
// (A closed standard output cannot be tested: the Go runtime opens
// /dev/null in its place at start-up, where writes succeed.)
func TestUnwritableStdoutExits2(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := writeTemp(t, dir, "g.pgn", loose, 0o644)
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer full.Close()
	readOnly, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer readOnly.Close()
	for _, out := range []*os.File{full, readOnly} {
		for _, args := range [][]string{{"perft", "3"}, {"perft", "2", "--divide"}, {"fmt", "-l", p}, {"fmt", "-d", p}} {
			cmd := exec.Command(ashBinary, args...)
			cmd.Stdout = out
			var errb bytes.Buffer
			cmd.Stderr = &errb
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
			if code != 2 || !strings.Contains(errb.String(), "standard output") {
				t.Errorf("%v > %s: exit %d, want 2 with a message\n%s", args, out.Name(), code, errb.String())
			}
		}
	}
	if data, _ := os.ReadFile(p); string(data) != loose {
		t.Errorf("the input was changed: %q", data)
	}
}

// convert names the file in its syntax messages, for every input
// format (standard input is <stdin>).
func TestConvertNamesFileInSyntaxMessages(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTemp(t, dir, "syn.pgn", "[Event \"a\"]\n\n1. e4 Zz9 *\n", 0o644)
	writeTemp(t, dir, "syn.lan", "[Event \"a\"]\n\n1. e2-e4 Zz9 *\n", 0o644)
	for _, tc := range []struct{ args []string }{
		{[]string{"convert", "--to", "json", "syn.pgn"}},
		{[]string{"convert", "--to", "pgn", "syn.pgn"}},
		{[]string{"convert", "--from", "lan", "--to", "uci", "syn.lan"}},
	} {
		out, stderr, code := runAsh(t, dir, "", tc.args...)
		file := tc.args[len(tc.args)-1]
		if code != 1 || !strings.Contains(out+stderr, file+":3:") || !strings.Contains(out+stderr, "[syntax]") {
			t.Errorf("%v: exit %d, want 1 and a syntax message naming %s:3\n%s%s", tc.args, code, file, out, stderr)
		}
	}
	_, stderr, code := runAsh(t, dir, "[Event \"a\"]\n\n1. e4 Zz9 *\n", "convert", "--to", "json")
	if code != 1 || !strings.Contains(stderr, "<stdin>:3:7: error") {
		t.Errorf("standard input: exit %d\n%s", code, stderr)
	}
}

// Checked in their packages, and here on the binary: a CRLF file puts
// the unterminated tag value's error where the LF file does; fmt writes a
// game of only a marker so that it reads back as a game of its own; a
// message quotes a bounded slice of a 2 MB token.
func TestSmallerItemsOnTheBinary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	lf := "[Event \"a\"]\n[Site \"never closed\n\n1. e4 *\n\n" + kingTooFar
	writeTemp(t, dir, "lf.pgn", lf, 0o644)
	writeTemp(t, dir, "crlf.pgn", strings.ReplaceAll(lf, "\n", "\r\n"), 0o644)
	a, b := runValidate(t, dir, "lf.pgn"), runValidate(t, dir, "crlf.pgn")
	if fmt.Sprint(positions(a)) != fmt.Sprint(positions(b)) || len(a.findings) < 2 {
		t.Errorf("CRLF findings at %v, LF at %v", positions(b), positions(a))
	}

	writeTemp(t, dir, "mo.pgn", "1. e4 e5 *\n\n*\n", 0o644)
	out, _, _ := runAsh(t, dir, "", "fmt", "mo.pgn")
	writeTemp(t, dir, "mo2.pgn", out, 0o644)
	if n1, n2 := len(runValidate(t, dir, "mo.pgn").games), len(runValidate(t, dir, "mo2.pgn").games); n1 != 2 || n2 != 2 {
		t.Errorf("a marker-only game: %d games, after fmt %d, want 2 and 2\n%s", n1, n2, out)
	}

	writeTemp(t, dir, "tok.pgn", "[Event \"x\"]\n\n1. e4 "+strings.Repeat("Z", 2<<20)+" *\n\n"+kingTooFar, 0o644)
	for _, flags := range [][]string{nil, {"--max-token", "0", "--max-game-bytes", "0"}} {
		out, stderr, code := runAsh(t, dir, "", append(append([]string{"validate"}, flags...), "tok.pgn")...)
		if code != 1 || !strings.Contains(out, "illegal-move") {
			t.Errorf("%v: exit %d, want 1 with the next game checked\n%.1000s", flags, code, stderr)
		}
		for _, line := range strings.Split(out+stderr, "\n") {
			if len(line) > 1000 {
				t.Errorf("%v: a line of %d bytes: %.200s...", flags, len(line), line)
			}
		}
	}
}

func positions(r validateRun) []string {
	var p []string
	for _, f := range r.findings {
		p = append(p, fmt.Sprintf("%d %d:%d %s", f.Game, f.Line, f.Column, f.Rule))
	}
	return p
}
