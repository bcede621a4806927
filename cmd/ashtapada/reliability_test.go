package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
)

// Nothing unchecked, nothing unbounded, on the built binary.

// kingTooFar has one illegal move (the king cannot reach e3): a run that
// checks it exits 1 and names it; a run that misses it would exit 0.
const kingTooFar = "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n"

// runAshCtx is runAsh with a deadline and standard input from a file.
func runAshCtx(t *testing.T, timeout time.Duration, stdin *os.File, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, ashBinary, args...)
	cmd.Stdin = stdin
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("ashtapada %v did not end within %v", args, timeout)
	}
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

// A symbolic link to a directory, without a trailing slash, is
// walked like the directory.
func TestSymlinkedDirectoryWalked(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeTemp(t, dir, "real/g.pgn", kingTooFar, 0o644)
	if err := os.Symlink(filepath.Join(dir, "real"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{"link", "link/"} {
		out, stderr, code := runAsh(t, dir, "", "validate", arg)
		if code != 1 || !strings.Contains(out, "illegal-move") {
			t.Errorf("validate %s: exit %d, want 1 with the illegal move\n%s%s", arg, code, out, stderr)
		}
	}
}

// A FIFO and a link to /dev/zero named *.pgn inside a walked
// directory are skipped with a warning; the other files are checked.
// Standard input that is binary ends at once with exit 2.
func TestSpecialFilesNeverHang(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTemp(t, dir, "d/g.pgn", kingTooFar, 0o644)
	if err := syscall.Mkfifo(filepath.Join(dir, "d", "fifo.pgn"), 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "d", "zero.pgn")); err != nil {
		t.Fatal(err)
	}
	d := filepath.Join(dir, "d")
	out, stderr, code := runAshCtx(t, 20*time.Second, nil, "validate", d)
	if code != 1 || !strings.Contains(out, "illegal-move") {
		t.Errorf("validate: exit %d, want 1 with the illegal move\n%s%s", code, out, stderr)
	}
	for _, name := range []string{"fifo.pgn: not a regular file (a named pipe)", "zero.pgn: not a regular file (a character device)"} {
		if !strings.Contains(stderr, name) {
			t.Errorf("no warning %q in\n%s", name, stderr)
		}
	}
	if _, stderr, code := runAshCtx(t, 20*time.Second, nil, "fmt", "--check", d); code != 0 || !strings.Contains(stderr, "fifo.pgn") {
		t.Errorf("fmt --check: exit %d, want 0 (the one record is canonical) with the warnings\n%s", code, stderr)
	}

	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip(err)
	}
	defer zero.Close()
	start := time.Now()
	_, stderr, code = runAshCtx(t, 5*time.Second, zero, "validate")
	if code != 2 || !strings.Contains(stderr, "binary input") {
		t.Errorf("validate < /dev/zero: exit %d, want 2 saying binary input\n%s", code, stderr)
	}
	t.Logf("validate < /dev/zero ended in %v", time.Since(start))
	// Named, a special file is read: and found binary.
	if _, stderr, code := runAshCtx(t, 5*time.Second, nil, "fmt", "--check", "/dev/zero"); code != 2 || !strings.Contains(stderr, "binary input") {
		t.Errorf("fmt --check /dev/zero: exit %d, want 2\n%s", code, stderr)
	}
}

// An unreadable subdirectory is reported, everything else is
// checked, and the exit status is 2 at the end.
func TestUnreadableSubdirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTemp(t, dir, "a/locked/x.pgn", validGame, 0o644)
	writeTemp(t, dir, "b/g.pgn", kingTooFar, 0o644)
	if err := os.Chmod(filepath.Join(dir, "a", "locked"), 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(dir, "a", "locked"), 0o755) })
	args := []string{ashBinary, "validate", dir}
	if os.Geteuid() == 0 {
		// Root reads any directory: run as nobody.
		setpriv, err := exec.LookPath("setpriv")
		if err != nil {
			t.Skip("running as root without setpriv: cannot make a directory unreadable")
		}
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for p := filepath.Dir(dir); p != "/"; p = filepath.Dir(p) {
			_ = os.Chmod(p, 0o755) // the test's temporary directories
		}
		args = append([]string{setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"}, args...)
	}
	cmd := exec.Command(args[0], args[1:]...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	}
	if code != 2 || !strings.Contains(out.String(), "illegal-move") || !strings.Contains(errb.String(), "locked") {
		t.Errorf("exit %d, want 2 with the other directory checked and the locked one named\n%s%s", code, out.String(), errb.String())
	}
}

// fmt -w keeps what it replaces: a link stays a link and its
// target is written; a read-only file and a file with hard links are not
// written, with the reason; the mode bits (setgid included) and the owner
// are kept.
func TestFmtWriteKeepsWhatItReplaces(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	real := writeTemp(t, dir, "real.pgn", loose, 0o644)
	link := filepath.Join(dir, "link.pgn")
	if err := os.Symlink("real.pgn", link); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runAsh(t, dir, "", "fmt", "-w", "link.pgn"); code != 0 {
		t.Fatalf("fmt -w link: exit %d\n%s", code, stderr)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link: %v %v", fi.Mode(), err)
	}
	if got, _ := os.ReadFile(real); string(got) != looseCanonical {
		t.Errorf("the link's target was not rewritten: %q", got)
	}

	ro := writeTemp(t, dir, "ro.pgn", loose, 0o444)
	if _, stderr, code := runAsh(t, dir, "", "fmt", "-w", "ro.pgn"); code != 2 || !strings.Contains(stderr, "read-only") {
		t.Errorf("fmt -w on a read-only file: exit %d, want 2 saying read-only\n%s", code, stderr)
	}
	if got, _ := os.ReadFile(ro); string(got) != loose {
		t.Errorf("the read-only file was changed: %q", got)
	}

	hard := writeTemp(t, dir, "hard.pgn", loose, 0o644)
	if err := os.Link(hard, filepath.Join(dir, "hard2.pgn")); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runAsh(t, dir, "", "fmt", "-w", "hard.pgn"); code != 2 || !strings.Contains(stderr, "hard links") {
		t.Errorf("fmt -w on a hard-linked file: exit %d, want 2 saying why\n%s", code, stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "hard2.pgn")); string(got) != loose {
		t.Errorf("the other link changed: %q", got)
	}

	sg := writeTemp(t, dir, "sg.pgn", loose, 0o644)
	if err := os.Chmod(sg, 0o644|os.ModeSetgid); err != nil {
		t.Fatal(err)
	}
	want, _ := os.Stat(sg)
	if os.Geteuid() == 0 {
		if err := os.Chown(sg, 65534, 65534); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(sg, 0o644|os.ModeSetgid); err != nil { // chown cleared it
			t.Fatal(err)
		}
		want, _ = os.Stat(sg)
	}
	if _, stderr, code := runAsh(t, dir, "", "fmt", "-w", "sg.pgn"); code != 0 {
		t.Fatalf("fmt -w: exit %d\n%s", code, stderr)
	}
	got, _ := os.Stat(sg)
	if got.Mode() != want.Mode() {
		t.Errorf("mode %v, want %v", got.Mode(), want.Mode())
	}
	ws, gs := want.Sys().(*syscall.Stat_t), got.Sys().(*syscall.Stat_t)
	if ws.Uid != gs.Uid || ws.Gid != gs.Gid {
		t.Errorf("owner %d:%d, want %d:%d", gs.Uid, gs.Gid, ws.Uid, ws.Gid)
	}
	if b, _ := os.ReadFile(sg); string(b) != looseCanonical {
		t.Errorf("not rewritten: %q", b)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// fmt -w interrupted by a signal removes its temporary file and
// leaves the file as it was.
func TestFmtWriteInterrupted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var sb strings.Builder
	for sb.Len() < 40<<20 {
		sb.WriteString(loose)
		sb.WriteString("\n")
	}
	path := writeTemp(t, dir, "big.pgn", sb.String(), 0o644)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		cmd := exec.Command(ashBinary, "fmt", "-w", path)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait for the temporary file to appear, then interrupt.
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			if m, _ := filepath.Glob(filepath.Join(dir, ".big.pgn.tmp-*")); len(m) > 0 {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		_ = cmd.Process.Signal(sig)
		err := cmd.Wait()
		if err == nil {
			t.Logf("%v: fmt -w finished before the signal", sig)
		}
		if m, _ := filepath.Glob(filepath.Join(dir, ".big.pgn.tmp-*")); len(m) > 0 {
			t.Errorf("%v: temporary file left: %v", sig, m)
		}
		if err != nil {
			if got, _ := os.ReadFile(path); string(got) != sb.String() {
				t.Errorf("%v: the file was changed", sig)
			}
		}
	}
}

// fmt -l and -d exit non-zero when standard output cannot be
// written.
func TestFmtUnwritableStdout(t *testing.T) {
	t.Parallel()
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer full.Close()
	p := writeTemp(t, t.TempDir(), "g.pgn", loose, 0o644)
	for _, flag := range []string{"-l", "-d", "--check"} {
		cmd := exec.Command(ashBinary, "fmt", flag, p)
		cmd.Stdout = full
		var errb bytes.Buffer
		cmd.Stderr = &errb
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		want := 2
		if flag == "--check" {
			want = 1 // --check alone writes nothing to standard output
		}
		if code != want {
			t.Errorf("fmt %s > /dev/full: exit %d, want %d\n%s", flag, code, want, errb.String())
		}
	}
}

// .xz is read, and compressed input is recognised by its bytes, not its
// name (standard input, an odd name); an empty .gz and an empty .zst
// behave alike.
func TestCompressedByContent(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var x, g, z bytes.Buffer
	xw, err := xz.NewWriter(&x)
	if err != nil {
		t.Fatal(err)
	}
	xw.Write([]byte(kingTooFar))
	xw.Close()
	gw := gzip.NewWriter(&g)
	gw.Write([]byte(kingTooFar))
	gw.Close()
	zw, _ := zstd.NewWriter(&z)
	zw.Write([]byte(kingTooFar))
	zw.Close()
	writeTemp(t, dir, "only-xz/g.pgn.xz", x.String(), 0o644)
	writeTemp(t, dir, "odd.dat", g.String(), 0o644)
	writeTemp(t, dir, "zst-named.pgn", z.String(), 0o644)
	for _, args := range [][]string{{"only-xz"}, {"odd.dat"}, {"zst-named.pgn"}} {
		out, stderr, code := runAsh(t, dir, "", append([]string{"validate"}, args...)...)
		if code != 1 || !strings.Contains(out, "illegal-move") {
			t.Errorf("validate %v: exit %d, want 1\n%s%s", args, code, out, stderr)
		}
	}
	for name, data := range map[string]string{"gzip": g.String(), "xz": x.String()} {
		out, stderr, code := runAsh(t, dir, data, "validate")
		if code != 1 || !strings.Contains(out, "illegal-move") {
			t.Errorf("validate < %s: exit %d, want 1\n%s%s", name, code, out, stderr)
		}
	}
	writeTemp(t, dir, "empty.pgn.gz", "", 0o644)
	writeTemp(t, dir, "empty.pgn.zst", "", 0o644)
	o1, e1, c1 := runAsh(t, dir, "", "validate", "empty.pgn.gz")
	o2, e2, c2 := runAsh(t, dir, "", "validate", "empty.pgn.zst")
	if c1 != c2 || strings.ReplaceAll(o1+e1, ".gz", "") != strings.ReplaceAll(o2+e2, ".zst", "") {
		t.Errorf("empty .gz and .zst differ:\n%d %s%s\n%d %s%s", c1, o1, e1, c2, o2, e2)
	}
	writeTemp(t, dir, "notgz.pgn.gz", kingTooFar, 0o644)
	if _, stderr, code := runAsh(t, dir, "", "validate", "notgz.pgn.gz"); code != 2 || !strings.Contains(stderr, ".gz") {
		t.Errorf("a .gz that is not gzip: exit %d\n%s", code, stderr)
	}
	writeTemp(t, dir, "a.pgn", "PK\x03\x04rest of a zip", 0o644)
	if _, stderr, code := runAsh(t, dir, "", "validate", "a.pgn"); code != 2 || !strings.Contains(stderr, "zip archive") {
		t.Errorf("a zip named .pgn: exit %d\n%s", code, stderr)
	}
}

// --max-depth 0 with a million nested variations is a limit
// error, not a stack overflow that loses the report; above the ceiling the
// flag is refused.
func TestDeepNestingNoStackOverflow(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const n = 1000000
	text := "[Event \"deep\"]\n\n1. e4 " + strings.Repeat("(1. d4 ", n) + strings.Repeat(")", n) + " e5 *\n"
	writeTemp(t, dir, "deep.pgn", text+"\n"+kingTooFar, 0o644)
	out, stderr, code := runAsh(t, dir, "", "validate", "--max-depth", "0", "--max-game-bytes", "0", "deep.pgn")
	if code != 1 || !strings.Contains(out, "[limit]") || !strings.Contains(out, "illegal-move") {
		t.Errorf("exit %d, want 1 with a limit error and the next game checked\n%.2000s\n%.2000s", code, out, stderr)
	}
	if _, stderr, code := runAsh(t, dir, "", "validate", "--max-depth", "1000000", "deep.pgn"); code != 2 || !strings.Contains(stderr, "at most") {
		t.Errorf("--max-depth 1000000: exit %d, want 2\n%s", code, stderr)
	}
}

// A `"` that never closes followed by 340,000 `( ` (a 680 KB file): the
// SAN reader stops at the quote, and the descriptive reader, guessed for
// a game SAN cannot read, reads on into the variations. Unless both hold
// the depth limit, the recursion overflows the stack in every command
// that reads records, which loses the whole report (and leaves fmt -w's
// temporary file). Every command ends normally with the depth limit's
// error, with the default limit and with --max-depth 10, and reads the
// games around it.
func TestNestingAfterQuoteNoStackOverflow(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	deep := "[Event \"deep\"]\n\n1. e4 \"" + strings.Repeat("( ", 340000) + "\n*\n"
	text := sentinel + "\n" + deep + "\n" + sentinel
	writeTemp(t, dir, "deep.pgn", text, 0o644)
	// The same records but the last game, for diff.
	writeTemp(t, dir, "other.pgn", sentinel+"\n"+deep+"\n"+kingTooFar, 0o644)
	crashed := func(name, stderr string) {
		t.Helper()
		for _, bad := range []string{"fatal error", "panic", "goroutine ", "stack overflow"} {
			if strings.Contains(stderr, bad) {
				t.Fatalf("%s crashed (%q on standard error):\n%.2000s", name, bad, stderr)
			}
		}
	}
	for _, depth := range []string{"1000", "10"} {
		limit := fmt.Sprintf("deeper than the limit of %s", depth)
		r := runValidate(t, dir, "deep.pgn", "--max-depth", depth)
		name := "validate --max-depth " + depth
		crashed(name, r.stderr)
		checkSurvived(t, name, r)
		sentinelsChecked(t, name, 2, r)
		if len(r.games) != 3 || r.exit != 1 || len(r.findings) == 0 || r.findings[0].Game != 2 || r.findings[0].Rule != "limit" {
			t.Errorf("%s: exit %d, %d games, findings %+v; want exit 1, three games, a limit error on game 2", name, r.exit, len(r.games), r.findings)
		}
		// fmt passes the game it cannot read through as written and
		// says so: exit 2, nothing was checked there.
		out, stderr, code := runAsh(t, dir, "", "fmt", "--max-depth", depth, "deep.pgn")
		crashed("fmt", stderr)
		if code != 2 || !strings.Contains(stderr, limit) || !strings.Contains(out, deep) || strings.Count(out, "Qxf7#") != 2 {
			t.Errorf("fmt --max-depth %s: exit %d, %d bytes out, want 2, the deep game passed through, the others written\n%.500s", depth, code, len(out), stderr)
		}
		out, stderr, code = runAsh(t, dir, "", "detect", "--max-depth", depth, "deep.pgn")
		crashed("detect", stderr)
		if code != 1 || !strings.Contains(out, limit) || !strings.Contains(out, "game 1: fits fide") || !strings.Contains(out, "game 3: fits fide") {
			t.Errorf("detect --max-depth %s: exit %d, want 1, the limit on game 2 and games 1 and 3 fitting fide\n%.1000s\n%.500s", depth, code, out, stderr)
		}
	}
	// fmt -w writes through a temporary file beside the target: none is
	// left, and the deep game is still there as written.
	wdir := filepath.Join(dir, "w")
	target := writeTemp(t, wdir, "deep.pgn", text, 0o644)
	_, stderr, code := runAsh(t, wdir, "", "fmt", "-w", "deep.pgn")
	crashed("fmt -w", stderr)
	entries, err := os.ReadDir(wdir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(target)
	if err != nil {
		t.Fatal(err)
	}
	if code != 2 || len(entries) != 1 || !strings.Contains(string(got), deep) {
		t.Errorf("fmt -w: exit %d, %d files in the directory, deep game kept %v; want 2, only the target, kept\n%.500s",
			code, len(entries), strings.Contains(string(got), deep), stderr)
	}
	const limit = "deeper than the limit of 1000"
	out, stderr, code := runAsh(t, dir, "", "convert", "--to", "json", "deep.pgn")
	crashed("convert", stderr)
	if code != 1 || !strings.Contains(stderr, limit) || strings.Count(out, "Qxf7#") < 2 {
		t.Errorf("convert: exit %d, want 1, the limit error and the games around it converted\n%.500s", code, stderr)
	}
	_, stderr, code = runAsh(t, dir, "", "show", "--game", "2", "deep.pgn")
	crashed("show", stderr)
	if code != 2 || !strings.Contains(stderr, limit) {
		t.Errorf("show --game 2: exit %d, want 2 (the game cannot be shown), with the limit error\n%.500s", code, stderr)
	}
	out, stderr, code = runAsh(t, dir, "", "show", "--game", "3", "deep.pgn")
	crashed("show", stderr)
	if code != 0 || !strings.Contains(out, "game 3, after ply 7: Qxf7#") {
		t.Errorf("show --game 3: exit %d, want 0 and the game's end\n%.500s\n%.500s", code, out, stderr)
	}
	out, stderr, code = runAsh(t, dir, "", "diff", "deep.pgn", "other.pgn")
	crashed("diff", stderr)
	if code != 1 || !strings.Contains(out, "game 3: first difference") {
		t.Errorf("diff: exit %d, want 1 and the difference of game 3\n%.1000s\n%.500s", code, out, stderr)
	}
	out, stderr, code = runAsh(t, dir, "", "diff", "--rules", "fide", "deep.pgn")
	crashed("diff --rules", stderr)
	if code != 1 || !strings.Contains(out, "game 2: not read whole, so not compared: ") || !strings.Contains(out, limit) {
		t.Errorf("diff --rules fide: exit %d, want 1 and game 2 not read for the limit\n%.1000s\n%.500s", code, out, stderr)
	}
}

// fmt -d on corpus-10k with one move changed in each of 100 games prints
// 100 hunks, the same on every run, and the hunks are those of diff -u.
func TestFmtDiffCorpus10k(t *testing.T) {
	t.Parallel()
	src := filepath.Join(testenv.SharedPath(), "data", "fide", "corpus-10k.pgn")
	if _, err := os.Stat(src); err != nil {
		t.Skip("../shared/data absent: ", err)
	}
	dir := t.TempDir()
	canon, stderr, code := runAsh(t, dir, "", "fmt", src)
	if code != 0 {
		t.Fatalf("fmt: exit %d\n%.2000s", code, stderr)
	}
	// One move of every 100th game written loosely (its move number
	// dropped): the canonical form puts it back.
	games := strings.SplitAfter(canon, "\n\n[Event ")
	changed, next := 0, 0
	for i := 0; i < len(games) && changed < 100; i++ {
		if j := strings.Index(games[i], "\n1. "); i >= next && j >= 0 {
			games[i] = games[i][:j+1] + games[i][j+4:]
			changed++
			next = i + len(games)/100
		}
	}
	if changed != 100 {
		t.Fatalf("changed %d games", changed)
	}
	edited := writeTemp(t, dir, "edited.pgn", strings.Join(games, ""), 0o644)
	var first string
	for run := 0; run < 3; run++ {
		out, stderr, _ := runAsh(t, dir, "", "fmt", "-d", edited)
		if n := strings.Count(out, "\n@@ "); n != 100 {
			t.Fatalf("run %d: %d hunks, want 100\n%.1000s", run, n, stderr)
		}
		if run == 0 {
			first = out
		} else if out != first {
			t.Fatalf("run %d differs from run 1", run)
		}
	}
	if _, err := exec.LookPath("diff"); err != nil {
		return
	}
	want := writeTemp(t, dir, "canon.pgn", canon, 0o644)
	cmd := exec.Command("diff", "-u", edited, want)
	ref, _ := cmd.Output()
	hunks := regexp.MustCompile(`(?s)\n@@ .*`)
	if a, b := hunks.FindString(first), hunks.FindString("\n"+string(ref)); a != b {
		t.Errorf("fmt -d and diff -u give different hunks")
	}
}

var _ = fmt.Sprintf

// peakRSS runs the binary and returns its exit status and peak resident
// memory in MB, from the process's rusage.
func peakRSS(t *testing.T, args ...string) (int, int64, string) {
	t.Helper()
	return peakRSSOut(t, io.Discard, args...)
}

// peakRSSOut is peakRSS with standard output written to out; it returns
// standard error.
func peakRSSOut(t *testing.T, out io.Writer, args ...string) (int, int64, string) {
	t.Helper()
	cmd, peakKB := measuredCommand(t, args...)
	var errb bytes.Buffer
	cmd.Stdout = out
	cmd.Stderr = &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, peakKB() >> 10, errb.String()
}

// Long (ASHTAPADA_LONG=1): fmt --check and fmt -w on a 1 GB file, and fmt
// --check on a gzip file of 2 GB of text, stay under 100 MB of peak memory.
func TestLongFmtStreams(t *testing.T) {
	t.Parallel()
	if !testenv.IsLong() {
		t.Skip("a 1 GB file and a gzip bomb: set ASHTAPADA_LONG=1")
	}
	dir := t.TempDir()
	var game bytes.Buffer
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&game, "%d. Nf3 Nf6 ", i+1)
	}
	one := "[Event \"e\"]\n[Site \"s\"]\n\n" + strings.TrimSpace(game.String()) + " *\n"
	canon, _, _ := runAsh(t, dir, one, "fmt")
	block := strings.Repeat(canon+"\n", (1<<20)/len(canon))
	big := filepath.Join(dir, "big.pgn")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 1024; i++ {
		f.WriteString(block)
	}
	f.WriteString(canon)
	f.Close()
	bomb := filepath.Join(dir, "bomb.pgn.gz")
	g, _ := os.Create(bomb)
	zw := gzip.NewWriter(g)
	for i := 0; i < 2048; i++ {
		zw.Write([]byte(block))
	}
	// Ended as big.pgn is: a file in canonical form ends with one new
	// line, not the blank line each block's games are followed by.
	zw.Write([]byte(canon))
	zw.Close()
	g.Close()
	for _, args := range [][]string{{"fmt", "--check", big}, {"fmt", "-w", big}, {"fmt", "--check", bomb}} {
		start := time.Now()
		code, mb, stderr := peakRSS(t, args...)
		t.Logf("%v: exit %d, %d MB, %v", args[:2], code, mb, time.Since(start))
		if code != 0 || mb > 100 {
			t.Errorf("%v: exit %d, %d MB (want 0, under 100 MB)\n%s", args, code, mb, stderr)
		}
	}
}
