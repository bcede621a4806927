// Package testenv is the one place the tests decide how much they run and
// where they find what lies outside the package under test.
//
// The tests come in two tiers, switched by one environment variable, as Go's
// own -short flag and longtest builders do:
//
//   - the default `go test ./...` is the fast tier: every property is tested
//     on a fixed sample of each corpus (every profile, every notation, every
//     rule id of corpus/), so that a regression shows at once;
//   - ASHTAPADA_LONG=1 is the long tier: every file and game of every corpus,
//     the command-line matrices, memory ceilings of every reading strategy,
//     browsers and DuckDB.
//
// The external data (corpora too big for the repository, the Fairy-Stockfish
// oracle, the source texts) lives in a directory named shared beside the
// repository on the maintainers' machines and in CI, not in a user's clone:
// tests that need it skip, saying why, when it is absent. docs/testing.md has
// the table of what each tier runs.
package testenv

import (
	"bytes"
	"encoding/xml"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// LongVar is the environment variable that asks for the long tier.
const LongVar = "ASHTAPADA_LONG"

// IsLong reports whether this is a long run (ASHTAPADA_LONG=1).
func IsLong() bool { return os.Getenv(LongVar) == "1" }

// Long skips t unless this is a long run; why says what the test costs, for
// the skip message.
func Long(t testing.TB, why string) {
	t.Helper()
	if !IsLong() {
		t.Skipf("long tier (%s): set %s=1 to run", why, LongVar)
	}
}

// RepoRoot is the module root, found from this file's place, so that it does
// not depend on the directory go test runs in.
func RepoRoot() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		panic("testenv: cannot find its own source file")
	}
	return filepath.Dir(filepath.Dir(filepath.Dir(file)))
}

// SharedPath is where the external data lives: shared, beside the
// repository. It may be absent; SharedDir skips when it is.
func SharedPath() string {
	return filepath.Join(RepoRoot(), "..", "shared")
}

// SharedDir is SharedPath joined with elem, skipping t when that is absent.
func SharedDir(t testing.TB, elem ...string) string {
	t.Helper()
	d := filepath.Join(append([]string{SharedPath()}, elem...)...)
	if _, err := os.Stat(d); err != nil {
		t.Skipf("external data not found (%v): it lives beside the repository on the maintainers' machines and in CI", err)
	}
	return d
}

// HasShared reports whether the external data is present.
func HasShared() bool {
	_, err := os.Stat(SharedPath())
	return err == nil
}

// NeedTool returns the path of the program name (a name looked up in PATH, or
// an absolute path), skipping t when it is not installed.
func NeedTool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not installed (%v); .ci/run installs it", name, err)
	}
	return p
}

// Sample returns list whole in a long run, and otherwise at most n of its
// elements, spread evenly over it: the first, the last and the ones between
// at equal steps. The choice depends on the list and n only, so every fast
// run tests the same elements.
func Sample[T any](list []T, n int) []T {
	if IsLong() || n <= 0 || len(list) <= n {
		return list
	}
	if n == 1 {
		return list[:1]
	}
	out := make([]T, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, list[i*(len(list)-1)/(n-1)])
	}
	return out
}

// Limit is n in the fast tier and max in a long run: how many games of a file
// a per-game property reads.
func Limit(n, max int) int {
	if IsLong() {
		return max
	}
	return n
}

// WellFormedXML reports why data is not well-formed XML ("" when it is):
// the check of every test that reads an SVG or XML report as a browser or
// an XML tool would.
func WellFormedXML(data []byte) string {
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		if _, err := d.Token(); err == io.EOF {
			return ""
		} else if err != nil {
			return err.Error()
		}
	}
}

// FuzzSeed reads the bytes of a seed in a fuzzing corpus (a file of "go
// test fuzz v1" and one []byte), so that a test can read an input the
// fuzzer found as the fuzz target does.
func FuzzSeed(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 || lines[0] != "go test fuzz v1" || !strings.HasPrefix(lines[1], "[]byte(") || !strings.HasSuffix(lines[1], ")") {
		t.Fatalf("%s: not a seed of one []byte", path)
	}
	s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return []byte(s)
}

// RecordFiles lists the record files (.pgn) under each of dirs, walked in
// lexical order, as filepath.WalkDir gives them. A folder that cannot be
// read fails t, and so does finding no file at all: a test that silently
// checked nothing would pass for the wrong reason.
func RecordFiles(t testing.TB, dirs ...string) []string {
	t.Helper()
	var files []string
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".pgn") {
				files = append(files, path)
			}
			return err
		})
		if err != nil {
			t.Fatalf("listing the record files: %v", err)
		}
	}
	if len(files) == 0 {
		t.Fatalf("no record files under %s", strings.Join(dirs, ", "))
	}
	return files
}
