package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/klauspost/compress/zstd"
)

// ciCorpus concatenates the repository's corpus (valid games of every
// profile and one record per rule id) into one PGN text.
func ciCorpus(t *testing.T) []byte {
	t.Helper()
	files := testenv.RecordFiles(t, filepath.Join(repoRoot(t), "corpus"))
	var all bytes.Buffer
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(bytes.TrimRight(data, "\n"))
		all.WriteString("\n\n")
	}
	return all.Bytes()
}

// findingsWithoutFile runs validate --format jsonl and returns its lines
// with the file name taken out, so that the same games read from files of
// other names compare equal.
func findingsWithoutFile(t *testing.T, dir string, args ...string) ([]string, int) {
	t.Helper()
	out, stderr, code := runAsh(t, dir, "", append([]string{"validate", "--format", "jsonl"}, args...)...)
	if code == 2 {
		t.Fatalf("validate %v: exit 2: %s", args, stderr)
	}
	var lines []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		delete(m, "file")
		b, _ := json.Marshal(m)
		lines = append(lines, string(b))
	}
	return lines, code
}

// TestCompressedInputsSameFindings: the same corpus as .pgn, .pgn.gz,
// .pgn.zst (and .pgn.bz2 when the bzip2 program is there to write one)
// gives the same findings and games, line for line, given as files, as a
// walked directory, and on standard input for the plain one.
func TestCompressedInputsSameFindings(t *testing.T) {
	t.Parallel()
	text := ciCorpus(t)
	dir := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("corpus.pgn", text)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(text)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	write("corpus.pgn.gz", gz.Bytes())
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	write("corpus.pgn.zst", enc.EncodeAll(text, nil))
	names := []string{"corpus.pgn", "corpus.pgn.gz", "corpus.pgn.zst"}
	if bz, err := exec.LookPath("bzip2"); err == nil {
		cmd := exec.Command(bz, "-c")
		cmd.Stdin = bytes.NewReader(text)
		if out, err := cmd.Output(); err == nil {
			write("corpus.pgn.bz2", out)
			names = append(names, "corpus.pgn.bz2")
		}
	}

	want, code := findingsWithoutFile(t, dir, "corpus.pgn")
	if code != 1 {
		t.Fatalf("the corpus has error findings; exit %d", code)
	}
	findings := 0
	for _, l := range want {
		if strings.Contains(l, `"kind":"finding"`) {
			findings++
		}
	}
	if findings < 30 || len(want) < 100 {
		t.Fatalf("too little to compare: %d findings, %d lines", findings, len(want))
	}
	for _, name := range names[1:] {
		got, code := findingsWithoutFile(t, dir, name)
		if code != 1 || strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: exit %d, %d lines differ from the plain file's %d", name, code, len(got), len(want))
		}
	}
	// The directory walk reads each file in sorted order: the same lines
	// once per file.
	got, _ := findingsWithoutFile(t, dir, ".")
	if len(got) != len(names)*len(want) {
		t.Fatalf("directory: %d lines, want %d x %d", len(got), len(names), len(want))
	}
	for i := range names {
		if strings.Join(got[i*len(want):(i+1)*len(want)], "\n") != strings.Join(want, "\n") {
			t.Errorf("directory: file %d of the walk differs", i+1)
		}
	}
	// Standard input ("-").
	out, _, _ := runAsh(t, dir, string(text), "validate", "--format", "jsonl", "-")
	if n := strings.Count(out, "\n"); n != len(want) {
		t.Errorf("standard input: %d lines, want %d", n, len(want))
	}
}
