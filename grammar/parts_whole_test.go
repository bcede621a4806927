package grammar_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
)

// TestPartsEqualWholeOnRecords: every record file of the repository (the
// corpus: every profile and rule id; the test data: the grammar's cases,
// the books' pages and the malformed records) read in parts of two nodes
// gives the main line it gives read whole, in algebraic and in descriptive
// notation, with the other invariants of the fuzz check (checkInput). The
// property lives here; cmd/ashtapada checks that the commands keep it.
func TestPartsEqualWholeOnRecords(t *testing.T) {
	root := testenv.RepoRoot()
	files := testenv.RecordFiles(t, filepath.Join(root, "corpus"), filepath.Join(root, "testdata"))
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

// TestRecoveredPartsEqualWhole: a game with a syntax error in its
// movetext keeps its tags and its main line up to the error (up to the
// `(` of the main line's variation that holds it), and the rest as text
// in a last node of kind KindRest; read in parts of two nodes it gives the
// same record (checkInput: the parts given before the error are not given
// again, and the fast path and the grammar agree). A game whose tags
// cannot be read, and text that is no game, keep nothing.
func TestRecoveredPartsEqualWhole(t *testing.T) {
	const moves = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 "
	cases := []struct {
		name, text string
		recovered  bool
		rest       string // the rest's text
		errAt      string // the text at the error's position
		moves      int    // the moves kept
	}{
		{"bad token", moves + "@@@ Nf6 5. O-O *\n", true, "@@@ Nf6 5. O-O *", "@@@", 7},
		{"bad NAG", moves + "$300 Nf6 *\n", true, "$300 Nf6 *", "$300", 7},
		{"in a variation", moves + "(4. Bxc6 @@ dxc6) 4... Nf6 *\n", true, "(4. Bxc6 @@ dxc6) 4... Nf6 *", "@@", 7},
		{"unclosed nested variation", moves + "(4. Bxc6 dxc6 (4... bxc6 5. d4\n", true, "(4. Bxc6 dxc6 (4... bxc6 5. d4", "", 7},
		{"unclosed comment", moves + "Nf6 {never closed\n5. O-O *\n", true, "{never closed\n5. O-O *", "{", 8},
		{"stray paren", moves + ") Nf6 *\n", true, ") Nf6 *", ")", 7},
		{"quote in the movetext", moves + "\"0\n\" *\n", true, "\"0\n\" *", "", 7},
		{"in a compound turn", "[Event \"x\"]\n\n1. e4 e5 2. Nf3,@@ Nc6 *\n", true, "Nf3,@@ Nc6 *", "@@", 2},
		{"at the first token", "[Event \"x\"]\n\n@@@ 1. e4 *\n", true, "@@@ 1. e4 *", "@@@", 0},
		{"in the tags", "[Event \"x\"]\n[White]\n\n1. e4 e5 *\n", false, "", "]", 0},
		{"no game", "a header line\n\n[Event \"y\"]\n\n1. d4 *\n", false, "", "a", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkInput(t, []byte(c.text))
			gs, err := grammar.ReadAll(strings.NewReader(c.text), "f.pgn")
			if err != nil {
				t.Fatal(err)
			}
			g := gs[0]
			se := g.SyntaxError()
			if se == nil || g.Recovered != c.recovered {
				t.Fatalf("syntax error %v, recovered %v; want one, recovered %v", se, g.Recovered, c.recovered)
			}
			if !strings.HasPrefix(c.text[se.Pos.Offset:], c.errAt) {
				t.Errorf("the error stands at %q, want %q", c.text[se.Pos.Offset:], c.errAt)
			}
			kept := 0
			for _, n := range g.Moves {
				if n.Kind == record.KindMove {
					kept++
				}
			}
			if !c.recovered {
				if g.Unreadable() == nil || kept != 0 {
					t.Errorf("not recovered, yet readable (%v) or %d moves kept", g.Unreadable(), kept)
				}
				return
			}
			last := g.Moves[len(g.Moves)-1]
			if g.Unreadable() != nil || kept != c.moves || last.Kind != record.KindRest || last.Text != c.rest ||
				c.text[last.Pos.Offset:last.Pos.Offset+len(c.rest)] != c.rest {
				t.Errorf("unreadable %v, %d moves, last node %+v; want %d moves and the rest %q at its place", g.Unreadable(), kept, last, c.moves, c.rest)
			}
			if len(g.Tags) != 1 || g.Result != "" {
				t.Errorf("tags %v, result %q; want the tag and no result", g.Tags, g.Result)
			}
			for _, n := range g.Notices[:len(g.Notices)-1] {
				if n.Pos.Offset >= last.Pos.Offset {
					t.Errorf("notice %+v in the rest, which is not read", n)
				}
			}
		})
	}
}
