package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/fmtfiles"
)

const (
	// A game written loosely: tags out of order, no move numbers, 0-0.
	loose = "[White \"W\"]\n[Event \"e\"]\n\ne4 e5 Nf3 Nc6 Bb5 a6 0-0 *\n"
	// Its canonical form, as the last game of a file (one newline at the
	// end); before another game a blank line follows.
	looseCanonical = "[Event \"e\"]\n[White \"W\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n"
	// A game with a syntax error (an unclosed variation), kept as is.
	broken = "[Event \"broken\"]\n\n1. e4 (1. d4   d5\n\n"
	// A game already in canonical form (followed by another game).
	canonical = "[Event \"c\"]\n\n1. d4 d5 1/2-1/2\n\n"
	// The same as the last game of a file.
	canonicalLast = "[Event \"c\"]\n\n1. d4 d5 1/2-1/2\n"
)

func writeTemp(t *testing.T, dir, name, text string, mode os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
	return p
}

func runFmtTest(args []string, opt fmtfiles.Options) (string, string, error) {
	var out, errOut bytes.Buffer
	opt.Stdout, opt.Stderr, opt.Source = &out, &errOut, inputOptions
	err := fmtFiles(args, opt)
	return out.String(), errOut.String(), err
}

func exitCode(err error) int {
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return -1
}

// Without flags, canonical text goes to standard output; the broken game is
// reported with file:line:col and passed through byte for byte, the games
// around it are formatted, and the exit status is 2, as gofmt's on a file
// it cannot parse.
func TestFmtStdout(t *testing.T) {
	p := writeTemp(t, t.TempDir(), "g.pgn", loose+"\n"+broken+canonical, 0o644)
	out, errOut, err := runFmtTest([]string{p}, fmtfiles.Options{})
	if exitCode(err) != 2 {
		t.Fatalf("exit %d, want 2", exitCode(err))
	}
	if want := looseCanonical + "\n" + broken + canonicalLast; out != want {
		t.Errorf("output\n%q\nwant\n%q", out, want)
	}
	wantErr := p + ":8:18: error: found the end of the game, expected `)` to close the variation [syntax]\n" +
		p + ":6:1: the game could not be read and is passed through as written\n"
	if errOut != wantErr {
		t.Errorf("stderr %q, want %q", errOut, wantErr)
	}
}

// A file ends with exactly one newline, so that pre-commit's
// end-of-file-fixer and fmt --check agree; games are separated by
// one blank line; trailing blank lines and a missing last newline are fixed.
func TestFmtOneNewlineAtEnd(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ in, want string }{
		{canonical + canonical, canonical + canonicalLast},
		{canonicalLast, canonicalLast},
		{"[Event \"c\"]\n\n1. d4 d5 1/2-1/2", canonicalLast},
		{canonical + "\n\n\n", canonicalLast},
		{"[Event \"t\"]\n[Site \"s\"]\n\n\n", "[Event \"t\"]\n[Site \"s\"]\n"},
		{"\n\n", ""},
	} {
		p := writeTemp(t, dir, "g.pgn", tc.in, 0o644)
		out, _, err := runFmtTest([]string{p}, fmtfiles.Options{})
		if err != nil || out != tc.want {
			t.Errorf("%q: got %q (%v), want %q", tc.in, out, err, tc.want)
		}
		_, _, err = runFmtTest([]string{p}, fmtfiles.Options{Check: true})
		if want := tc.in != tc.want; (exitCode(err) == 1) != want {
			t.Errorf("%q: --check exit %d", tc.in, exitCode(err))
		}
	}
}

func TestFmtCheckAndList(t *testing.T) {
	dir := t.TempDir()
	good := writeTemp(t, dir, "b/good.pgn", canonical+canonicalLast, 0o644)
	bad := writeTemp(t, dir, "a/bad.pgn", loose, 0o644)
	brokenFile := writeTemp(t, dir, "c/broken.pgn", canonical+broken, 0o644)
	writeTemp(t, dir, "a/notes.txt", loose, 0o644) // not a record: not walked

	if _, _, err := runFmtTest([]string{good}, fmtfiles.Options{Check: true}); err != nil {
		t.Errorf("--check on a canonical file: %v", err)
	}
	// A file with a game fmt cannot read is not canonical, and the status
	// is 2, even though fmt would write it back unchanged.
	out, errOut, err := runFmtTest([]string{brokenFile}, fmtfiles.Options{Check: true, List: true})
	if exitCode(err) != 2 || out != brokenFile+"\n" || !strings.Contains(errOut, "[syntax]") {
		t.Errorf("--check -l on a file with a broken game: exit %d, listed %q, stderr %q", exitCode(err), out, errOut)
	}
	out, _, err = runFmtTest([]string{filepath.Join(dir, "a"), filepath.Join(dir, "b")}, fmtfiles.Options{Check: true, List: true})
	if exitCode(err) != 1 {
		t.Errorf("--check on a directory with a non-canonical file: exit %d, want 1", exitCode(err))
	}
	if out != bad+"\n" {
		t.Errorf("-l listed %q, want only %q", out, bad)
	}
	// -l alone lists without failing.
	if _, _, err := runFmtTest([]string{filepath.Join(dir, "a")}, fmtfiles.Options{List: true}); err != nil {
		t.Errorf("-l: %v", err)
	}
}

// -w rewrites in place, keeps the permissions, and the result passes
// --check; a canonical file is left alone.
func TestFmtWrite(t *testing.T) {
	dir := t.TempDir()
	p := writeTemp(t, dir, "g.pgn", loose+"\n"+broken+canonical, 0o640)
	if _, _, err := runFmtTest([]string{p}, fmtfiles.Options{Write: true}); exitCode(err) != 2 {
		t.Fatalf("exit %d, want 2 (a broken game)", exitCode(err))
	}
	got, _ := os.ReadFile(p)
	if want := looseCanonical + "\n" + broken + canonicalLast; string(got) != want {
		t.Errorf("rewritten file\n%q\nwant\n%q", got, want)
	}
	fi, _ := os.Stat(p)
	if fi.Mode().Perm() != 0o640 {
		t.Errorf("permissions %v, want 0640", fi.Mode().Perm())
	}
	if _, _, err := runFmtTest([]string{p}, fmtfiles.Options{Write: true}); exitCode(err) != 2 {
		t.Errorf("-w again: exit %d, want 2", exitCode(err))
	}
	if again, _ := os.ReadFile(p); !bytes.Equal(again, got) {
		t.Errorf("-w is not idempotent:\n%q", again)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("files left in the directory: %v", entries)
	}
	if _, _, err := runFmtTest([]string{"-"}, fmtfiles.Options{Write: true}); exitCode(err) != 2 {
		t.Errorf("-w on standard input: exit %d, want 2", exitCode(err))
	}
}

// -d prints a unified diff that patch(1) applies to give the canonical form.
func TestFmtDiff(t *testing.T) {
	dir := t.TempDir()
	src := canonical + loose + "\n" + canonical + canonical + canonical + loose
	p := writeTemp(t, dir, "g.pgn", src, 0o644)
	out, _, err := runFmtTest([]string{p}, fmtfiles.Options{Diff: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "--- "+p+".orig\n+++ "+p+"\n@@ -") || strings.Count(out, "\n@@ ") != 2 {
		t.Fatalf("not a unified diff with two hunks:\n%s", out)
	}
	if _, err := exec.LookPath("patch"); err != nil {
		t.Skip("patch(1) not installed")
	}
	cmd := exec.Command("patch", "-s", "-o", filepath.Join(dir, "patched"), p)
	cmd.Stdin = strings.NewReader(out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("patch: %v\n%s\n%s", err, msg, out)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "patched"))
	want := canonical + looseCanonical + "\n" + canonical + canonical + canonical + looseCanonical
	if string(got) != want {
		t.Errorf("patched\n%q\nwant\n%q", got, want)
	}
}

// An unreadable file is exit status 2; the other files are still done.
func TestFmtUnreadable(t *testing.T) {
	p := writeTemp(t, t.TempDir(), "g.pgn", canonical, 0o644)
	out, errOut, err := runFmtTest([]string{p, filepath.Join(t.TempDir(), "missing.pgn")}, fmtfiles.Options{})
	if exitCode(err) != 2 {
		t.Errorf("exit %d, want 2 (%v)", exitCode(err), err)
	}
	if out != canonicalLast {
		t.Errorf("the readable file was not formatted: %q", out)
	}
	if !strings.Contains(errOut, "missing.pgn") {
		t.Errorf("stderr does not name the missing file: %q", errOut)
	}
	if code := run([]string{"ashtapada", "fmt", "--check", filepath.Join(t.TempDir(), "none.pgn")}); code != 2 {
		t.Errorf("run: exit %d, want 2", code)
	}
}
