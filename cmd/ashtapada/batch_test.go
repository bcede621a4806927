package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/internal/testenv"
)

// TestValidateBatchesInOrder: validate hands games to the workers in
// batches (batch.BatchGames games or batchBytes bytes). One file of many batches,
// with findings in most of them, must give byte-identical reports with
// --jobs 1, 2 and 3, and --max-errors must stop at the same game whatever
// the number of workers, also when it falls in the middle of a batch.
func TestValidateBatchesInOrder(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	files := testenv.RecordFiles(t, filepath.Join(root, "corpus"))
	sort.Strings(files)
	// The whole corpus three times over, in one file: several batches, the
	// profiles mixed, findings spread through it.
	var all bytes.Buffer
	for rep := 0; rep < 3; rep++ {
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			all.Write(data)
			all.WriteString("\n\n")
		}
	}
	path := filepath.Join(t.TempDir(), "many.pgn")
	if err := os.WriteFile(path, all.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(jobs int, extra ...string) []byte {
		t.Helper()
		args := append([]string{"validate", "--format", "jsonl", "--verbose", "--jobs", strconv.Itoa(jobs)}, extra...)
		cmd := exec.Command(ashBinary, append(args, path)...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() > 1 {
				t.Fatalf("--jobs %d %v: %v\n%s", jobs, extra, err, errb.String())
			}
		}
		return out.Bytes()
	}
	for _, extra := range [][]string{nil, {"--max-errors", "37"}} {
		one := run(1, extra...)
		games := bytes.Count(one, []byte(`"kind":"game"`))
		if extra == nil && games <= batch.BatchGames {
			t.Fatalf("only %d games: the input does not span several batches", games)
		}
		if extra != nil && bytes.Count(one, []byte(`"severity":"error"`)) < 37 {
			t.Fatalf("--max-errors 37 stopped before 37 errors:\n%s", one)
		}
		for _, jobs := range []int{2, 3} {
			if got := run(jobs, extra...); !bytes.Equal(one, got) {
				t.Fatalf("--jobs 1 and --jobs %d %v differ:\n%s", jobs, extra, firstDifference(one, got))
			}
		}
	}
}
