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
)

// Profile files made to cost (one dotted key of 40,000 parts; 100,000
// keys) are refused at once, in little memory, by every command that
// reads one; so is a profile file that never ends.
func TestHostileProfileFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTemp(t, dir, "dotted.toml", "base = \"fide\"\n"+strings.Repeat("a.", 39_999)+"a = 1\n", 0o644)
	var many strings.Builder
	many.WriteString("base = \"fide\"\n")
	for i := range 100_000 {
		fmt.Fprintf(&many, "k%d = 1\n", i)
	}
	writeTemp(t, dir, "keys.toml", many.String(), 0o644)
	writeTemp(t, dir, "g.pgn", loose, 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"rules", "check", "dotted.toml"}, 1, "dotted.toml:2: more than"},
		{[]string{"rules", "check", "keys.toml"}, 1, "larger than 1 MiB"},
		{[]string{"validate", "--rules-file", "dotted.toml", "g.pgn"}, 2, "key names"},
		{[]string{"validate", "--rules-file", "/dev/zero", "g.pgn"}, 2, "1 MiB"},
		{[]string{"rules", "check", "-"}, 1, "<stdin>:2: more than"},
		{[]string{"rules", "check", "-"}, 1, "<stdin>: larger than 1 MiB"},
	} {
		cmd, peakKB := measuredCommand(t, c.args...)
		cmd.Dir = dir
		if c.args[len(c.args)-1] == "-" {
			in := filepath.Join(dir, "dotted.toml")
			if strings.Contains(c.want, "MiB") {
				in = "/dev/zero" // a file that never ends
			}
			f, err := os.Open(in)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			cmd.Stdin = f
		}
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		start := time.Now()
		err := cmd.Run()
		took := time.Since(start)
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != c.code || !strings.Contains(out.String(), c.want) {
			t.Errorf("%v: exit %d, want %d with %q\n%.300s", c.args, code, c.code, c.want, out.String())
		}
		// A guard against a reading that grows faster than the file (a
		// file of these took over a minute when it did), not a
		// measurement: CPU time, which a loaded machine does not inflate
		// as it does the clock, with a wide margin.
		if cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(); cpu > 5*time.Second {
			t.Errorf("%v: took %v of CPU (%v in all), want a few hundred milliseconds", c.args, cpu, took)
		}
		if kb := peakKB(); kb > 100<<10 {
			t.Errorf("%v: peak %d MB, want under 100", c.args, kb>>10)
		}
	}
}
