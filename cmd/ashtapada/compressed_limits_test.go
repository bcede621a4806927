package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ashtapada/ashtapada/internal/compresstest"
	"github.com/ashtapada/ashtapada/internal/testenv"
)

// Compressed inputs declaring a dictionary or window over the limit fail
// before the dictionary is allocated (in little memory), with the limit
// and the flag that raises it named; the flag, before or after the
// command, reads them. The time taken is logged, not asserted: on a
// loaded machine it says nothing of the program.
func TestCompressedWindowLimit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	data := compresstest.Records(20_000)
	x := compresstest.XZ(t, data, 0)
	writeTemp(t, dir, "dict.pgn.xz", string(compresstest.PatchXZDict(x, compresstest.XZBlockHeaders(x)[0], 37)), 0o644)
	writeTemp(t, dir, "window.pgn.zst", string(compresstest.ZstdWithWindow(t, data, 29)), 0o644)
	for _, c := range []struct {
		file, want string
	}{
		{"dict.pgn.xz", "xz: a dictionary of 1.5 GiB, over the limit of 64 MiB for a compressed input; --max-window 1610612736 reads it"},
		{"window.pgn.zst", "zstd: a window of 512 MiB, over the limit of 64 MiB for a compressed input; --max-window 536870912 reads it"},
	} {
		cmd, peakKB := measuredCommand(t, "validate", c.file)
		cmd.Dir = dir
		var errb bytes.Buffer
		cmd.Stderr = &errb
		start := time.Now()
		err := cmd.Run()
		took := time.Since(start)
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("validate %s: %v, want exit 2 with %q\n%s", c.file, err, c.want, errb.String())
		}
		t.Logf("validate %s: refused in %v", c.file, took)
		if kb := peakKB(); kb > 64<<10 {
			t.Errorf("validate %s: peak %d MB, want under 64", c.file, kb>>10)
		}
	}
	games := strings.Count(string(data), "[Event ")
	for _, args := range [][]string{
		{"validate", "--max-window", "536870912", "window.pgn.zst"},
		{"--max-window", "0", "convert", "--to", "uci", "dict.pgn.xz"},
	} {
		stdout, stderr, code := runAsh(t, dir, "", args...)
		if code != 0 || strings.Count(stdout, "\n") < games {
			t.Errorf("%v: exit %d, %d lines for %d games\n%s", args, code, strings.Count(stdout, "\n"), games, stderr)
		}
	}
}

// An xz file whose first LZMA2 chunk declares more compressed bytes than
// it holds, found by FuzzDecompress: the xz library's decoder ends the
// chunk where its data decode to the chunk's size and reads the next
// block's header from there, a header declaring a 1.5 GiB dictionary,
// which a reader following the declared sizes never sees. Each copy is
// refused, exit 2, in little memory. Several copies are read in one run:
// a huge allocation costs little in a fresh heap, whose pages stay
// untouched, and is cleared whole in a heap that freed one.
func TestCompressedXZDictionaryBehindChunk(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	seed := testenv.FuzzSeed(t, "../../source/testdata/fuzz/FuzzDecompress/d35d4fadb93badfa")
	args := []string{"validate"}
	for i := range 4 {
		name := fmt.Sprintf("chunk%d.pgn.xz", i)
		writeTemp(t, dir, name, string(seed), 0o644)
		args = append(args, name)
	}
	cmd, peakKB := measuredCommand(t, args...)
	cmd.Dir = dir
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err := cmd.Run()
	const want = "xz: a dictionary of 1.5 GiB, over the limit of 64 MiB for a compressed input; --max-window 1610612736 reads it"
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || strings.Count(errb.String(), want) != len(args)-1 {
		t.Errorf("validate: %v, want exit 2 with %q for each file\n%s", err, want, errb.String())
	}
	if kb := peakKB(); kb > 64<<10 {
		t.Errorf("validate: peak %d MB, want under 64", kb>>10)
	}
}

// Files compressed by the tools at their strongest ordinary settings are
// read under the default limit: xz -9 (a 64 MiB dictionary) and zstd -19
// from a pipe (an 8 MiB window: the size unknown, the window is not
// shrunk to fit it).
func TestCompressedByToolsRead(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	data := compresstest.Records(200_000)
	games := strings.Count(string(data), "[Event ")
	for _, c := range []struct {
		tool string
		args []string
		name string
	}{
		{"xz", []string{"-9", "-c"}, "g.pgn.xz"},
		{"zstd", []string{"-19", "-c", "-q"}, "g.pgn.zst"},
	} {
		path := testenv.NeedTool(t, c.tool)
		cmd := exec.Command(path, c.args...)
		cmd.Stdin = bytes.NewReader(data)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s %v: %v", c.tool, c.args, err)
		}
		if err := os.WriteFile(filepath.Join(dir, c.name), out, 0o644); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := runAsh(t, dir, "", "validate", "--format", "jsonl", c.name)
		if code != 0 || strings.Count(stdout, "\n") < games {
			t.Errorf("validate %s: exit %d, %d lines for %d games\n%.500s", c.name, code, strings.Count(stdout, "\n"), games, stderr)
		}
	}
}
