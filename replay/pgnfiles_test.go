package replay_test

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// pgnFiles is every .pgn file under the folders dirs, in the order
// filepath.WalkDir finds them; a folder that cannot be read fails the test.
func pgnFiles(t *testing.T, dirs ...string) []string {
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
			t.Fatalf("reading %s: %v", dir, err)
		}
	}
	return files
}
