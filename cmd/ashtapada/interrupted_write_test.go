package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInterruptedWritesKeepOriginal runs the commands that write files so
// that they fail after part of the output was produced, and checks that the
// file they were writing is exactly as it was, permissions included, with
// no temporary file left beside it. Package outfile's own test
// (internal/outfile/outfile_test.go) makes a writer fail; this one makes
// the real commands fail half-way.
func TestInterruptedWritesKeepOriginal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := writeFile(t, dir, "good.pgn", validGame)
	missing := filepath.Join(dir, "missing.pgn")
	const original = "the original content\n"

	t.Run("convert -o, second input unreadable", func(t *testing.T) {
		out := filepath.Join(dir, "out.json")
		if err := os.WriteFile(out, []byte(original), 0o600); err != nil {
			t.Fatal(err)
		}
		// The first game is converted and written to the temporary file
		// before the second input fails.
		_, stderr, code := runAsh(t, dir, "", "convert", "--to", "json", "-o", out, good, missing)
		if code != 2 {
			t.Fatalf("exit %d, want 2\n%s", code, stderr)
		}
		checkUntouched(t, dir, out, original, 0o600)
	})

	t.Run("fmt -w, file not readable as a whole", func(t *testing.T) {
		// A directory where a file is expected: fmt fails before writing
		// and the other file named, already canonical, is left alone.
		canon := filepath.Join(dir, "canon.pgn")
		if err := os.WriteFile(canon, []byte(original), 0o640); err != nil {
			t.Fatal(err)
		}
		sub := filepath.Join(dir, "sub.pgn")
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		_, stderr, code := runAsh(t, dir, "", "fmt", "-w", filepath.Join(sub, "none.pgn"))
		if code != 2 {
			t.Fatalf("exit %d, want 2\n%s", code, stderr)
		}
		checkUntouched(t, dir, canon, original, 0o640)
	})

	t.Run("fmt -w, a game too large to be read whole", func(t *testing.T) {
		// The reader keeps only the first lines of a game over
		// --max-game-bytes; fmt must refuse the file rather than write it
		// back shortened.
		big := "[Event \"big\"]\n\n1. e4 {" + strings.Repeat("a long comment ", 100) + "} e5 *\n"
		path := filepath.Join(dir, "big.pgn")
		if err := os.WriteFile(path, []byte(validGame+"\n"+big), 0o640); err != nil {
			t.Fatal(err)
		}
		_, stderr, code := runAsh(t, dir, "", "fmt", "-w", "--max-game-bytes", "500", path)
		if code != 2 || !strings.Contains(stderr, "too large") {
			t.Fatalf("exit %d, want 2 with a message\n%s", code, stderr)
		}
		checkUntouched(t, dir, path, validGame+"\n"+big, 0o640)
		// Raised, the same file is formatted.
		if _, stderr, code := runAsh(t, dir, "", "fmt", "-w", "--max-game-bytes", "0", path); code != 0 {
			t.Fatalf("with the limit lifted: exit %d\n%s", code, stderr)
		}
	})
}

// checkUntouched checks that path holds want with mode perm, and that no
// temporary file (outfile's ".NAME.tmp-*") is left in dir.
func checkUntouched(t *testing.T, dir, path, want string, perm os.FileMode) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s changed by a failed write: %q", filepath.Base(path), got)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != perm {
		t.Errorf("%s: mode %v, want %v", filepath.Base(path), fi.Mode().Perm(), perm)
	}
	tmps, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*"))
	if len(tmps) > 0 {
		t.Errorf("temporary files left behind: %v", tmps)
	}
}
