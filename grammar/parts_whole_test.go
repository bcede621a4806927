package grammar_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// TestPartsEqualWholeOnRecords: every record file of the repository (the
// corpus: every profile and rule id; the test data: the grammar's cases,
// the books' pages and the malformed records) read in parts of two nodes
// gives the main line it gives read whole, in algebraic and in descriptive
// notation, with the other invariants of the fuzz check (checkInput). The
// property lives here; cmd/ashtapada checks that the commands keep it.
func TestPartsEqualWholeOnRecords(t *testing.T) {
	root := testenv.RepoRoot()
	var files []string
	for _, dir := range []string{"corpus", "testdata"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".pgn") {
				files = append(files, p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 100 {
		t.Fatalf("only %d record files: the repository is not where the test looks", len(files))
	}
	for _, p := range files {
		rel, _ := filepath.Rel(root, p)
		t.Run(rel, func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			checkInput(t, data)
		})
	}
}
