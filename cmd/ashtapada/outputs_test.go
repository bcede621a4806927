package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runAshStdout runs the binary with its standard output on out (a file the
// test opened) and returns its standard error and exit status.
func runAshStdout(t *testing.T, dir string, out *os.File, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(ashBinary, args...)
	cmd.Dir, cmd.Stdout = dir, out
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return errb.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running ashtapada: %v", err)
	}
	return errb.String(), 0
}

// Every command that writes to standard output reports a write that failed
// (a full disk: /dev/full) with exit 2 and a message, whether or not the
// code that wrote looked at the error.
func TestStdoutWriteFailureExits2(t *testing.T) {
	t.Parallel()
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full here: %v", err)
	}
	defer full.Close()
	dir := t.TempDir()
	writeTemp(t, dir, "g.pgn", loose, 0o644)
	writeTemp(t, dir, "p.toml", "base = \"fide\"\n", 0o644)
	for _, args := range [][]string{
		{"rules", "show", "fide"},
		{"rules", "show", "--toml", "fide"},
		{"rules", "list"},
		{"rules", "ids"},
		{"rules", "check", "p.toml"},
		{"--version"},
		{"help"},
		{"validate", "--help"},
		{"perft", "2"},
		{"show", "g.pgn"},
		{"validate", "g.pgn"},
		{"convert", "--to", "uci", "g.pgn"},
	} {
		stderr, code := runAshStdout(t, dir, full, args...)
		if code != 2 || strings.TrimSpace(stderr) == "" {
			t.Errorf("%v > /dev/full: exit %d, want 2 with a message; stderr %q", args, code, stderr)
		}
	}
}

// svgNames runs validate --svg-dir on the file into a fresh directory and
// returns the names of the pictures it writes, so that the test below
// plants links under exactly those names without spelling them itself.
func svgNames(t *testing.T, game string) []string {
	t.Helper()
	dir := t.TempDir()
	writeTemp(t, dir, "game.pgn", game, 0o644)
	if _, stderr, code := runAsh(t, dir, "", "validate", "--svg-dir", "pics", "game.pgn"); code != 1 {
		t.Fatalf("validate --svg-dir: exit %d, want 1\n%s", code, stderr)
	}
	entries, err := os.ReadDir(filepath.Join(dir, "pics"))
	if err != nil || len(entries) == 0 {
		t.Fatalf("no pictures written: %v", err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

// checkReplacedLink says what is wrong when path, a symbolic link before
// the run, was followed: it must now be a regular file holding want, and
// the file the link pointed to (victim) must be as it was, or still absent.
func checkReplacedLink(t *testing.T, path, want, victim, victimWas string) {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() {
		t.Errorf("%s: want a regular file in place of the link, got %v %v", path, fi, err)
	} else if b, _ := os.ReadFile(path); !strings.Contains(string(b), want) {
		t.Errorf("%s: the output is not in it: %.80q", path, b)
	}
	b, err := os.ReadFile(victim)
	switch {
	case victimWas == "" && err == nil:
		t.Errorf("%s was created through the link %s", victim, path)
	case victimWas != "" && string(b) != victimWas:
		t.Errorf("%s was written through the link %s: %.80q", victim, path, b)
	}
}

// A symbolic link planted in an output directory under a picture's name,
// or standing where an output file is named, is replaced by the output;
// the file it points to, outside, is not written (nor created, for a link
// to nothing).
func TestOutputsDoNotFollowLinks(t *testing.T) {
	t.Parallel()
	games := kingTooFar + "\n" + kingTooFar // two pictures
	names := svgNames(t, games)
	if len(names) < 2 {
		t.Fatalf("want two pictures, got %v", names)
	}
	dir := t.TempDir()
	writeTemp(t, dir, "game.pgn", games, 0o644)
	const precious = "precious, outside the output directory\n"
	victim := writeTemp(t, dir, "victim.txt", precious, 0o644)
	if err := os.Mkdir(filepath.Join(dir, "pics"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i, n := range names {
		target := victim
		if i%2 == 1 {
			target = filepath.Join(dir, "created-"+n) // a link to nothing
		}
		if err := os.Symlink(target, filepath.Join(dir, "pics", n)); err != nil {
			t.Fatal(err)
		}
	}
	link := func(name, target string) {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	link("out.uci", victim)
	link("board.svg", victim)
	link("base.json", filepath.Join(dir, "created-base.json"))

	if _, stderr, code := runAsh(t, dir, "", "validate", "--svg-dir", "pics", "game.pgn"); code != 1 {
		t.Fatalf("validate --svg-dir: exit %d, want 1\n%s", code, stderr)
	}
	for i, n := range names {
		if i%2 == 1 {
			checkReplacedLink(t, filepath.Join(dir, "pics", n), "<svg", filepath.Join(dir, "created-"+n), "")
		} else {
			checkReplacedLink(t, filepath.Join(dir, "pics", n), "<svg", victim, precious)
		}
	}
	if _, stderr, code := runAsh(t, dir, "", "convert", "--to", "uci", "-o", "out.uci", "game.pgn"); code > 1 {
		t.Fatalf("convert -o: exit %d\n%s", code, stderr)
	}
	checkReplacedLink(t, filepath.Join(dir, "out.uci"), "e2e4", victim, precious)
	if _, stderr, code := runAsh(t, dir, "", "show", "--svg", "board.svg", "game.pgn"); code > 1 {
		t.Fatalf("show --svg: exit %d\n%s", code, stderr)
	}
	checkReplacedLink(t, filepath.Join(dir, "board.svg"), "<svg", victim, precious)
	if _, stderr, code := runAsh(t, dir, "", "validate", "--write-baseline", "base.json", "game.pgn"); code != 0 {
		t.Fatalf("validate --write-baseline: exit %d\n%s", code, stderr)
	}
	checkReplacedLink(t, filepath.Join(dir, "base.json"), "illegal-move", filepath.Join(dir, "created-base.json"), "")
}

// tempFilesOf lists what the process pid holds or has made in dir: the
// entries of dir, and (where /proc shows them) the files it holds open
// there, removed or not.
func tempFilesOf(pid int, dir string) (names, open []string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	fds, _ := filepath.Glob(filepath.Join("/proc", strconv.Itoa(pid), "fd", "*"))
	for _, fd := range fds {
		if l, err := os.Readlink(fd); err == nil && strings.HasPrefix(l, dir+string(filepath.Separator)) {
			open = append(open, l)
		}
	}
	return names, open
}

// validate --format html and junit spool their findings to a temporary
// file; interrupted by SIGINT, SIGTERM or SIGHUP while it grows, the run
// exits non-zero and leaves nothing in the temporary directory.
func TestReportSpoolLeftNothingOnSignal(t *testing.T) {
	t.Parallel()
	var games strings.Builder
	for games.Len() < 1<<20 {
		games.WriteString(kingTooFar)
		games.WriteString("\n")
	}
	for _, format := range []string{"html", "junit"} {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
			tmp := t.TempDir()
			pr, pw, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(ashBinary, "validate", "--format", format)
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			cmd.Stdin, cmd.Stdout = pr, io.Discard
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			pr.Close()
			// The games, then the pipe is held open: the run waits for
			// more with its spool made.
			go pw.WriteString(games.String())
			deadline := time.Now().Add(20 * time.Second)
			for {
				names, open := tempFilesOf(cmd.Process.Pid, tmp)
				if len(names)+len(open) > 0 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("%s: no spool file within 20 s", format)
				}
				time.Sleep(5 * time.Millisecond)
			}
			_ = cmd.Process.Signal(sig)
			err = cmd.Wait()
			pw.Close()
			if err == nil {
				t.Errorf("%s, %v: exit 0 after the signal", format, sig)
			}
			if names, _ := tempFilesOf(0, tmp); len(names) > 0 {
				t.Errorf("%s, %v: left in the temporary directory: %v", format, sig, names)
			}
		}
	}
}
