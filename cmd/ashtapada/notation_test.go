package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNotationCommands: convert writes descriptive notation and a
// language's letters, validate and convert read them back (by --from,
// --notation or the guess), and the SAN that comes back is the original's.
func TestNotationCommands(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join("..", "..", "corpus", "fide", "valid.pgn")
	// The main lines compared as UCI moves (the notation targets write the
	// main line only, so comments and variations are not compared).
	want, _, code := runApp(t, "convert", "--to", "uci", src)
	if code != 0 {
		t.Fatalf("convert --to uci exits %d", code)
	}
	for _, n := range []string{"descriptive", "de", "fr", "ru", "figurine"} {
		out, stderr, code := runApp(t, "convert", "--to", n, src)
		if code != 0 {
			t.Fatalf("convert --to %s exits %d: %s", n, code, stderr)
		}
		path := filepath.Join(dir, n+".pgn")
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, stderr, code := runBinary(t, "validate", "--notation", n, path); code != 0 {
			t.Errorf("validate --notation %s exits %d: %s", n, code, stderr)
		}
		// Guessed: valid, with a notation-guessed warning per game. Not for
		// French, whose R (the king) is also SAN's rook: a game whose moves
		// all read as SAN is read as SAN (docs/notation-books.md).
		if n != "fr" {
			vout, verr, code := runBinary(t, "validate", path)
			vout += verr
			if code != 0 || !strings.Contains(vout, "[notation-guessed]") {
				t.Errorf("validate of %s (guessed) exits %d:\n%s", n, code, vout)
			}
		}
		back, stderr, code := runApp(t, "convert", "--from", n, "--to", "uci", path)
		if code != 0 {
			t.Fatalf("convert --from %s exits %d: %s", n, code, stderr)
		}
		if back != want {
			t.Errorf("convert --from %s --to uci differs from the original's moves:\n%s\nwant\n%s", n, back, want)
		}
	}
	// Each move's source text on request.
	descPath := filepath.Join(dir, "descriptive.pgn")
	out, _, code := runApp(t, "convert", "--from", "descriptive", "--to", "pgn", "--source-comments", descPath)
	if code != 0 || !strings.Contains(out, "e4 {P-K4}") {
		t.Errorf("--source-comments: exit %d\n%s", code, out)
	}
	// Usage errors.
	if _, stderr, code := runBinary(t, "validate", "--notation", "klingon", descPath); code != 2 || !strings.Contains(stderr, "unknown notation") {
		t.Errorf("--notation klingon: exit %d, %q", code, stderr)
	}
}

// TestNotationFindingsOnBinary: an ambiguous descriptive move is an error
// at its source position, with both readings; exit status 1.
func TestNotationFindingsOnBinary(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "amb.pgn")
	if err := os.WriteFile(path, []byte("[Result \"*\"]\n\n1. N-B3 P-K4 2. P-K4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runBinary(t, "validate", "--notation", "descriptive", path)
	out += stderr
	if code != 1 || !strings.Contains(out, "amb.pgn:3:4: error: N-B3 could be any of Nc3 (N-QB3), Nf3 (N-KB3)") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// runBinary runs the built binary (what users see) and returns its
// standard output, standard error and exit status.
func runBinary(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(ashBinary, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

// TestNotationAcrossGamesOnOneLine: two games on one line are split at the
// first one's termination marker, and both are still read in the notation
// --notation names (no guess, no warning).
func TestNotationAcrossGamesOnOneLine(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "d.pgn"), []byte("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 * 1. P-Q4 P-Q4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runAsh(t, dir, "", "validate", "--notation", "descriptive", "--format", "jsonl", "d.pgn")
	if code != 0 || strings.Count(out, `"kind":"game"`) != 2 || strings.Contains(out, `"kind":"finding"`) {
		t.Errorf("exit %d, want 0 with two games and no finding:\n%s%s", code, out, errOut)
	}
}
