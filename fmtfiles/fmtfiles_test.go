package fmtfiles

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
)

// TestFormat: a loose game is written in canonical form, a game that
// cannot be read is passed through as written and fails the run, and
// Check stops at the first difference and says so.
func TestFormat(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.pgn")
	loose := "[White \"W\"]\n[Event \"e\"]\n\ne4 e5 0-0 *\n\n"
	broken := "[Event \"broken\"]\n\n1. e4 (1. d4   d5\n"
	if err := os.WriteFile(path, []byte(loose+broken), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	res, err := Format([]string{path}, Options{Stdout: &out, Stderr: &errOut, Limits: grammar.DefaultLimits()})
	if err != nil {
		t.Fatal(err)
	}
	want := "[Event \"e\"]\n[White \"W\"]\n\n1. e4 e5 2. O-O *\n\n" + broken
	if !res.Failed || !res.Differ || out.String() != want || !strings.Contains(errOut.String(), "passed through as written") {
		t.Errorf("outcome %+v, output\n%s\nmessages\n%s", res, out.String(), errOut.String())
	}
	out.Reset()
	errOut.Reset()
	res, err = Format([]string{path}, Options{Check: true, Stdout: &out, Stderr: &errOut, Limits: grammar.DefaultLimits()})
	if err != nil || !res.Differ || out.Len() != 0 || !strings.Contains(errOut.String(), "not in canonical form") {
		t.Errorf("--check: outcome %+v, %v, output %q, messages %q", res, err, out.String(), errOut.String())
	}
}
