package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/internal/textdiff"
	"github.com/ashtapada/ashtapada/ruleid"
)

// The golden files beside each corpus record are changed only on purpose:
//
//	go test ./cmd/ashtapada -run Corpus -update
//
// (or ASHTAPADA_UPDATE=1 go test ./... -run Corpus, since `go test ./...`
// passes -update to every package and the others do not define it).
var update = flag.Bool("update", false, "rewrite corpus/**/*.golden.jsonl from the current output")

func updating() bool { return *update || os.Getenv("ASHTAPADA_UPDATE") == "1" }

// repoRoot is the module root, two levels above this package: the one way
// the tests of this package find corpus/, testdata/ and ../shared.
func repoRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// corpusFiles lists corpus/**/*.pgn relative to the repository root.
func corpusFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	for _, path := range testenv.RecordFiles(t, filepath.Join(root, "corpus")) {
		rel, err := filepath.Rel(root, path)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.ToSlash(rel))
	}
	sort.Strings(files)
	return files
}

func goldenPath(root, rel string) string {
	return filepath.Join(root, strings.TrimSuffix(rel, ".pgn")+".golden.jsonl")
}

// eachGoldenLine calls fn with every line of rel's golden file.
func eachGoldenLine(t *testing.T, root, rel string, fn func(line []byte)) {
	t.Helper()
	f, err := os.Open(goldenPath(root, rel))
	if err != nil {
		t.Fatalf("golden file of %s: %v", rel, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		fn(sc.Bytes())
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("golden file of %s: %v", rel, err)
	}
}

// TestCorpus runs `validate --format jsonl` on every corpus record, as a
// user would (from the repository root, relative paths), and compares the
// output with the golden file beside it.
func TestCorpus(t *testing.T) {
	root := repoRoot(t)
	for _, rel := range corpusFiles(t, root) {
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			args := []string{"validate", "--format", "jsonl", rel}
			if filepath.Base(rel) == "also-valid-as.pgn" {
				// The hint is off by default: its record shows it on.
				args = append(args, "--hints")
			}
			out, errOut, code := runAsh(t, root, "", args...)
			if code == 2 {
				t.Fatalf("validate could not check %s: %s", rel, errOut)
			}
			golden := goldenPath(root, rel)
			if updating() {
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("no golden file (create it with -update): %v", err)
			}
			if string(want) != out {
				t.Errorf("output differs from %s; if the change is meant, run with -update:\n%s", golden,
					textdiff.Unified(rel+" (golden)", rel+" (got)", string(want), out))
			}
			// Exit status agrees with the findings: 1 exactly when some
			// finding is an error.
			if hasErr := bytes.Contains([]byte(out), []byte(`"severity":"error"`)); hasErr != (code == 1) {
				t.Errorf("exit %d with error findings=%v", code, hasErr)
			}
		})
	}
}

// TestCorpusCoversEveryRule: every rule id of docs/cli.md is produced by at
// least one corpus record, read from the golden files, so the check is as
// good as they are.
func TestCorpusCoversEveryRule(t *testing.T) {
	if updating() {
		t.Skip("golden files are being rewritten")
	}
	root := repoRoot(t)
	seen := map[string]bool{}
	for _, rel := range corpusFiles(t, root) {
		eachGoldenLine(t, root, rel, func(b []byte) {
			var line struct {
				Kind, Rule string
			}
			if err := json.Unmarshal(b, &line); err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			if line.Kind == "finding" {
				seen[line.Rule] = true
			}
		})
	}
	var missing []string
	for _, r := range ruleid.All() {
		if r.ID == ruleid.NoGames {
			// A corpus file without games would make the corpus's own
			// command exit 2; TestNoGames covers it on the binary.
			continue
		}
		if !seen[r.ID] {
			missing = append(missing, r.ID)
		}
	}
	if len(missing) > 0 {
		t.Errorf("no corpus record produces %s", strings.Join(missing, ", "))
	}
}
