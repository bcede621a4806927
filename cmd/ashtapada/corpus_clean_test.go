package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
)

// The corpus has two halves (corpus/README.md): corpus/rules/ breaks each
// rule on purpose, everything else shows valid games that historians read
// as examples. These tests keep the second half honest, so that validating
// any profile directory (or historical/) exits 0.

// showcaseFile: a corpus record outside corpus/rules/.
func showcaseFile(rel string) bool {
	return !strings.HasPrefix(rel, "corpus/rules/")
}

// TestCorpusShowcaseValid: no game of a profile directory or of historical/
// has an error finding, read from the golden files (which TestCorpus keeps
// equal to the validator's output).
func TestCorpusShowcaseValid(t *testing.T) {
	if updating() {
		t.Skip("golden files are being rewritten")
	}
	root := repoRoot(t)
	for _, rel := range corpusFiles(t, root) {
		if !showcaseFile(rel) {
			continue
		}
		eachGoldenLine(t, root, rel, func(b []byte) {
			var line struct {
				Kind, Rule, Severity, Message string
				Game                          int
				Valid                         *bool
			}
			if err := json.Unmarshal(b, &line); err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			switch {
			case line.Kind == "finding" && line.Severity == "error":
				t.Errorf("%s game %d: error %s (%s): a showcase record must be valid; put violations in corpus/rules/",
					rel, line.Game, line.Rule, line.Message)
			case line.Kind == "game" && (line.Valid == nil || !*line.Valid):
				t.Errorf("%s game %d: not valid", rel, line.Game)
			}
		})
	}
}

// TestCorpusShowcaseAnnotated: every curated showcase game says what it
// shows in an Annotator tag (corpus/README.md). Fairy-Stockfish self-play
// games are exempt: they are engine output, each ending with FSF's own
// comment on how it ended.
func TestCorpusShowcaseAnnotated(t *testing.T) {
	root := repoRoot(t)
	for _, rel := range corpusFiles(t, root) {
		if !showcaseFile(rel) || strings.HasSuffix(rel, "/fsf-selfplay.pgn") {
			continue
		}
		f, err := os.Open(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		games, err := grammar.ReadAll(f, rel)
		f.Close()
		if err != nil {
			t.Fatalf("reading %s: %v", rel, err)
		}
		for i, g := range games {
			if a, ok := g.Tag("Annotator"); !ok || strings.TrimSpace(a) == "" {
				ev, _ := g.Tag("Event")
				t.Errorf("%s game %d (%q): no Annotator saying what it shows", rel, i+1, ev)
			}
		}
	}
}
