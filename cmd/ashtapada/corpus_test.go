package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/ashtapada/ashtapada/replay"
)

// The golden files beside each corpus record are changed only on purpose:
//
//	go test ./cmd/ashtapada -run Corpus -update
//
// (or ASHTAPADA_UPDATE=1 go test ./... -run Corpus, since `go test ./...`
// passes -update to every package and the others do not define it).
var update = flag.Bool("update", false, "rewrite corpus/**/*.golden.jsonl from the current output")

func updating() bool { return *update || os.Getenv("ASHTAPADA_UPDATE") == "1" }

// repoRoot is the module root, two levels above this package.
func repoRoot(t *testing.T) string {
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
	err := filepath.WalkDir(filepath.Join(root, "corpus"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".pgn") {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walking corpus/: %v", err)
	}
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatal("corpus/ has no records")
	}
	return files
}

func goldenPath(root, rel string) string {
	return filepath.Join(root, strings.TrimSuffix(rel, ".pgn")+".golden.jsonl")
}

// TestCorpus runs `validate --format jsonl` on every corpus record, as a
// user would (from the repository root, relative paths), and compares the
// output with the golden file beside it.
func TestCorpus(t *testing.T) {
	root := repoRoot(t)
	for _, rel := range corpusFiles(t, root) {
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			out, errOut, code := runAsh(t, root, "", "validate", "--format", "jsonl", rel)
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
				dmp := diffmatchpatch.New()
				a, b, lines := dmp.DiffLinesToChars(string(want), out)
				diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)
				var d strings.Builder
				for _, df := range diffs {
					prefix := "  "
					switch df.Type {
					case diffmatchpatch.DiffDelete:
						prefix = "- "
					case diffmatchpatch.DiffInsert:
						prefix = "+ "
					default:
						continue
					}
					for _, l := range strings.SplitAfter(df.Text, "\n") {
						if l != "" {
							d.WriteString(prefix + l)
						}
					}
				}
				t.Errorf("output differs from %s (-want +got); if the change is meant, run with -update:\n%s", golden, d.String())
			}
			// Exit status agrees with the findings: 1 exactly when some
			// finding is an error.
			if hasErr := bytes.Contains([]byte(out), []byte(`"severity":"error"`)); hasErr != (code == 1) {
				t.Errorf("exit %d with error findings=%v", code, hasErr)
			}
		})
	}
}

// TestCorpusCoversEveryRule: every rule id of cli.md is produced by at
// least one corpus record (acceptance of issue 4), read from the golden
// files, so the check is as good as they are.
func TestCorpusCoversEveryRule(t *testing.T) {
	if updating() {
		t.Skip("golden files are being rewritten")
	}
	root := repoRoot(t)
	seen := map[string]bool{}
	for _, rel := range corpusFiles(t, root) {
		f, err := os.Open(goldenPath(root, rel))
		if err != nil {
			t.Fatalf("golden file of %s: %v", rel, err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			var line struct {
				Kind, Rule string
			}
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			if line.Kind == "finding" {
				seen[line.Rule] = true
			}
		}
		f.Close()
	}
	var missing []string
	for _, r := range replay.Rules {
		if !seen[r.ID] {
			missing = append(missing, r.ID)
		}
	}
	if len(missing) > 0 {
		t.Errorf("no corpus record produces %s", strings.Join(missing, ", "))
	}
}
