package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// BenchmarkValidateFile runs `ashtapada validate` on a whole file:
// splitting, parsing and replaying on the worker pool, the report written
// in order (to /dev/null). It runs the binary TestMain built, as users do
// (urfave/cli commands cannot be run twice in one process), so it reports
// no allocations: the package benchmarks of grammar, replay and rules do. corpus-10k.pgn of the shared data, or
// the repository's FIDE corpus without it. The side-by-side comparison with
// pgn-extract is scripts/bench-vs-pgn-extract.
func BenchmarkValidateFile(b *testing.B) {
	root := repoRoot(b)
	path := filepath.Join(testenv.SharedPath(), "data", "fide", "corpus-10k.pgn")
	if _, err := os.Stat(path); err != nil {
		path = filepath.Join(root, "corpus", "fide", "fsf-selfplay.pgn")
	}
	info, err := os.Stat(path)
	if err != nil {
		b.Skipf("no benchmark input: %v", err)
	}
	for _, jobs := range []int{1, 2} {
		b.Run("jobs="+strconv.Itoa(jobs), func(b *testing.B) {
			b.SetBytes(info.Size())
			for b.Loop() {
				cmd := exec.Command(ashBinary, "validate", "--jobs", strconv.Itoa(jobs), path)
				err := cmd.Run()
				var ee *exec.ExitError
				if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
					b.Fatalf("validate --jobs %d: %v", jobs, err)
				}
			}
		})
	}
}
