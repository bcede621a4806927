package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// measureEnv names the file to which the test binary, started again as a
// launcher, writes the peak memory of the command it runs.
//
// A child's peak resident memory on Linux counts the memory its parent had
// when it started it (the child runs in the parent's address space until it
// replaces it), so a command started straight from a test process that has
// grown would be measured at the test process's size. The launcher is a
// fresh, small process: the command it starts is measured at its own size,
// whatever the tests around it hold, and the tests that measure memory can
// run in any order.
const measureEnv = "ASHTAPADA_TEST_MEASURE_TO"

// launchIfAsked runs the launcher when the test binary was started as one,
// and does not return then; TestMain calls it first.
func launchIfAsked() {
	out := os.Getenv(measureEnv)
	if out == "" {
		return
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, measureEnv+"=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
		if code < 0 {
			code = 255 // killed by a signal
		}
	} else if err != nil {
		fmt.Fprintln(os.Stderr, "launcher:", err)
		os.Exit(125)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		if err := os.WriteFile(out, []byte(strconv.FormatInt(ru.Maxrss, 10)), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "launcher:", err)
			os.Exit(125)
		}
	}
	os.Exit(code)
}

// measuredCommand is exec.Command of the built binary with args, started
// through the launcher; peakKB tells the command's peak memory once it ran.
func measuredCommand(t *testing.T, args ...string) (cmd *exec.Cmd, peakKB func() int64) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "peak-rss")
	cmd = exec.Command(self, append([]string{ashBinary}, args...)...)
	cmd.Env = append(os.Environ(), measureEnv+"="+file)
	return cmd, func() int64 {
		t.Helper()
		b, err := os.ReadFile(file)
		if err != nil {
			t.Skipf("no peak memory measured here: %v", err)
		}
		kb, err := strconv.ParseInt(string(b), 10, 64)
		if err != nil {
			t.Fatalf("peak memory %q: %v", b, err)
		}
		return kb
	}
}
