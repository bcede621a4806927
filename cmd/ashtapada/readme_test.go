package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readmeMainCommand is the README's first command, less `go run`: the
// curated corpus holds records that break every rule on purpose, and
// corpus/baseline.json lists exactly those findings, so the command exits 0
// while the corpus says what it should and 1 as soon as a verdict changes.
var readmeMainCommand = []string{"validate", "--baseline", "corpus/baseline.json", "corpus/"}

func TestReadmeMainCommand(t *testing.T) {
	root := repoRoot(t)
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := "go run ./cmd/ashtapada " + strings.Join(readmeMainCommand, " ")
	if !strings.Contains(string(readme), want) {
		t.Fatalf("README.md does not give the main command %q", want)
	}
	if updating() {
		_, stderr, code := runAsh(t, root, "", "validate", "--write-baseline", "corpus/baseline.json", "corpus/")
		if code != 0 {
			t.Fatalf("writing corpus/baseline.json: exit %d\n%s", code, stderr)
		}
	}
	stdout, stderr, code := runAsh(t, root, "", readmeMainCommand...)
	if code != 0 {
		t.Fatalf("the README's main command exits %d, want 0 (rerun with -update if the change is intended)\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if strings.TrimSpace(stdout) != "" {
		t.Errorf("findings that the baseline does not know:\n%s", stdout)
	}
	if strings.Contains(stderr, "no longer occur") || strings.Contains(stderr, "gone") {
		t.Errorf("baseline entries that no longer occur (rerun with -update if intended):\n%s", stderr)
	}
	// The baseline must not hide everything: it must hold the corpus's
	// deliberate errors, one per rule id at least.
	data, err := os.ReadFile(filepath.Join(root, "corpus", "baseline.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"illegal-move", "king-leap-unavailable", "conversion-missing", "opening-check"} {
		if !strings.Contains(string(data), `"rule": "`+id+`"`) {
			t.Errorf("corpus/baseline.json has no %s finding", id)
		}
	}
}
