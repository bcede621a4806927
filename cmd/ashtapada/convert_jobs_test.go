package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// runAshDigest runs the built binary in dir and returns its
// standard output (its SHA-256 and length when digest is set: the test
// process's own peak memory is what the tests of huge inputs measure
// their children by, so it must stay small), standard error and exit
// status.
func runAshDigest(t *testing.T, dir string, digest bool, args ...string) ([]byte, []byte, int) {
	t.Helper()
	cmd := exec.Command(ashBinary, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	h := sha256.New()
	n := &countWriter{}
	cmd.Stdout, cmd.Stderr = &out, &errb
	if digest {
		cmd.Stdout = io.MultiWriter(h, n)
	}
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if digest {
		return fmt.Appendf(h.Sum(nil), " %d bytes", n.n), errb.Bytes(), code
	}
	return out.Bytes(), errb.Bytes(), code
}

// countWriter counts the bytes written to it.
type countWriter struct{ n int }

func (c *countWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	return len(p), nil
}

// TestConvertJobsDeterministic: convert parses and replays games in
// parallel (validate's batches) but writes them in input order, so its
// output, its diagnostics and its exit status are the same for every
// --jobs. Inputs: the curated corpus (many files, every variant, games
// with errors, so game numbers run over files) and, in the long tier, a
// thousand FIDE games (TestRunOrderUnderRandomDelays checks the order
// itself on a synthetic workload).
func TestConvertJobsDeterministic(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	inputs := []string{"corpus"}
	if fide := filepath.Join(testenv.SharedPath(), "data", "fide", "corpus-1k.pgn"); !testenv.IsLong() {
		t.Log("fast tier: the curated corpus only")
	} else if fileExists(fide) {
		inputs = append(inputs, fide)
	} else {
		t.Log("the FIDE games of the shared data are absent: the curated corpus only")
	}
	formats := [][]string{{"--to", "uci"}, {"--to", "fen"}, {"--to", "json"}, {"--to", "pgn", "--plain"}, {"--to", "jsonl"}, {"--to", "lan"}, {"--to", "json", "--compact"}, {"--to", "jsonl", "--compact"}}
	for _, in := range inputs {
		for _, f := range formats {
			t.Run(filepath.Base(in)+"/"+strings.Join(f[1:], "-"), func(t *testing.T) {
				var first, firstErr []byte
				firstCode := -1
				for _, jobs := range []int{1, 2, 3} {
					out, errb, code := runAshDigest(t, root, true, append(append([]string{"convert"}, f...), "--jobs", strconv.Itoa(jobs), in)...)
					if code > 1 {
						t.Fatalf("--jobs %d: exit %d\n%s", jobs, code, errb)
					}
					if bytes.HasSuffix(out, []byte(" 0 bytes")) {
						t.Fatalf("--jobs %d: no output", jobs)
					}
					if first == nil {
						first, firstErr, firstCode = out, errb, code
						continue
					}
					if !bytes.Equal(out, first) {
						t.Errorf("--jobs %d: output differs from --jobs 1 (SHA-256 %x against %x)", jobs, out, first)
					}
					if !bytes.Equal(errb, firstErr) {
						t.Errorf("--jobs %d: diagnostics differ from --jobs 1:\n%s\n--- against ---\n%s", jobs, errb, firstErr)
					}
					if code != firstCode {
						t.Errorf("--jobs %d: exit %d, --jobs 1: %d", jobs, code, firstCode)
					}
				}
			})
		}
	}
}

// TestConvertJobsNumbersOverFiles: workers number games within their
// file, convert over all its inputs: the JSONL games of the curated corpus
// (many files) are numbered 1, 2, 3, ... whatever --jobs.
func TestConvertJobsNumbersOverFiles(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	out, errb, code := runAshDigest(t, root, false, "convert", "--to", "jsonl", "--jobs", "2", "corpus")
	if code > 1 {
		t.Fatalf("exit %d\n%s", code, errb)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	n := 0
	for sc.Scan() {
		var g struct {
			Game int `json:"game"`
		}
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		n++
		if g.Game != n {
			t.Fatalf("line %d has game %d", n, g.Game)
		}
	}
	if n < 10 {
		t.Fatalf("only %d games", n)
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
