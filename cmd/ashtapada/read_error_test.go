package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/compresstest"
	"github.com/ashtapada/ashtapada/source"
)

// TestReadErrorMidInput: an input that cannot be read to its end (an xz
// file whose third block's header is damaged) is an error of the tool,
// exit 2 with the decoder's reason, and every game read whole before the
// damage is still judged. The format's sniffing peeks ahead past the
// damage, and a decoder may answer the read after its error with the end
// of the stream: the input once seemed to end there cleanly, and its last
// whole game was dropped.
func TestReadErrorMidInput(t *testing.T) {
	x := compresstest.XZ(t, compresstest.Records(20_000), 1<<10)
	h := compresstest.XZBlockHeaders(x)[2]
	x[h+(int(x[h])+1)*4-1] ^= 1 // the last byte of the header's CRC32
	dir := t.TempDir()
	path := filepath.Join(dir, "damaged.pgn.xz")
	if err := os.WriteFile(path, x, 0o644); err != nil {
		t.Fatal(err)
	}
	// What the damage leaves: the games whose termination marker the
	// decoder gives before its error.
	prefix, readErr := readablePrefix(t, path)
	whole := strings.Count(prefix, "*\n")
	for _, args := range [][]string{
		{"validate", "--format", "jsonl", "damaged.pgn.xz"},
		{"convert", "--to", "jsonl", "damaged.pgn.xz"},
	} {
		stdout, stderr, code := runAsh(t, dir, "", args...)
		if code != 2 || !strings.Contains(stderr, "damaged.pgn.xz") || !strings.Contains(stderr, readErr.Error()) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and the decoder's error (%v) naming the file", args, code, stderr, readErr)
		}
		games := strings.Count(stdout, `"kind":"game"`)
		if args[0] == "convert" {
			games = strings.Count(stdout, "\n")
		}
		if games != whole {
			t.Errorf("%v: %d games judged, want the %d read whole before the damage", args, games, whole)
		}
	}
}

// readablePrefix is what the decoder gives of the file before its error,
// and the error.
func readablePrefix(t *testing.T, path string) (string, error) {
	t.Helper()
	in, err := source.Options{}.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	b, err := io.ReadAll(in)
	if err == nil {
		t.Fatalf("%s reads to its end", path)
	}
	return string(b), err
}
