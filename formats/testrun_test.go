package formats

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
)

// This file is the one place the package's tests find the repository and
// the shared data, and decide how much of the shared data a run reads.

// repoRoot is the module root, found from this file's place (so it does not
// depend on the directory `go test` runs in).
func repoRoot(t testing.TB) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot find the test's own file")
	}
	return filepath.Dir(filepath.Dir(file))
}

// sharedPath is where the shared data lives: beside the repository.
func sharedPath(t testing.TB) string {
	return filepath.Join(repoRoot(t), "..", "shared")
}

// sharedDir is sharedPath, skipping the test when it is absent.
func sharedDir(t testing.TB) string {
	t.Helper()
	d := sharedPath(t)
	if _, err := os.Stat(d); err != nil {
		t.Skipf("shared data not found at %s (it lives next to the repository): %v", d, err)
	}
	return d
}

// longRun reports whether ASHTAPADA_LONG=1 asks for the full data tests:
// every game of every file, the 10k and 100k corpora included. The default
// run reads a sample of every kind of file and stays well under a minute.
func longRun() bool { return os.Getenv("ASHTAPADA_LONG") == "1" }

// gameLimit keeps the default test run short: the first games of each file
// only (every file is still read, so every kind of record is covered), all
// of them in a long run.
func gameLimit() int {
	if longRun() {
		return 1 << 30
	}
	return 100
}

// dropExtensions returns files without those that start with the whole
// text of another file of more than gameLimit() games: read up to the limit,
// such a file gives exactly the games of the other one again
// (fide/corpus-10k.pgn begins with all of corpus-1k.pgn's 1,000 games).
// The relation is checked on the bytes and the count, not assumed from the
// names; a short file that is the prefix of another (the truncated records
// of testdata/malformed) drops nothing.
func dropExtensions(t testing.TB, files map[string][]byte) map[string][]byte {
	t.Helper()
	keep := make(map[string][]byte, len(files))
	for p, b := range files {
		extends := ""
		for q, c := range files {
			if q != p && len(c) > 0 && len(c) < len(b) && bytes.HasPrefix(b, c) && moreGamesThanLimit(c, q) {
				extends = q
				break
			}
		}
		if extends != "" {
			t.Logf("short run: skipping %s, whose first games are all of %s (ASHTAPADA_LONG=1 reads it)", filepath.Base(p), filepath.Base(extends))
			continue
		}
		keep[p] = b
	}
	return keep
}

// moreGamesThanLimit reports whether src holds more than gameLimit() games.
func moreGamesThanLimit(src []byte, name string) bool {
	r := grammar.NewReader(bytes.NewReader(src), name)
	for n := 0; n <= gameLimit(); n++ {
		if _, err := r.Next(); err != nil {
			return false
		}
	}
	return true
}
