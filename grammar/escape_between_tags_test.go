package grammar_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// TestEscapeLineBetweenTags: an escape line among a game's tags (PGN
// allows one anywhere) leaves the tags after it tags, and is kept as the
// movetext's first node, where an escape line written after the tags
// stands; the fast path (which gives the game to the grammar), the
// grammar, the lean read, a reading in parts and the descriptive reader
// read it alike (checkInput).
func TestEscapeLineBetweenTags(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		notation   record.Notation
		escapes    []string // the escape nodes' text, first nodes of the movetext
		lines      []int    // their lines
	}{
		{"one", "[Event \"a\"]\n% one\n[Site \"b\"]\n[Round \"1\"]\n\n1. e4 e5 *\n", record.SAN, []string{" one"}, []int{2}},
		{"two, CRLF, and one after the tags", "[Event \"a\"]\r\n%one\r\n\r\n%two\r\n[Site \"b\"]\r\n[Round \"1\"]\r\n%three\r\n\r\n1. e4 e5 *\r\n", record.SAN, []string{"one", "two", "three"}, []int{2, 4, 7}},
		{"descriptive", "[Event \"a\"]\n% one\n[Site \"b\"]\n[Round \"1\"]\n\n1. P-K4 P-K4 *\n", record.DescriptiveNotation, []string{" one"}, []int{2}},
	} {
		rd := grammar.NewReader(strings.NewReader(tc.text), "t.pgn")
		rd.SetNotation(tc.notation)
		g, err := rd.Next()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if _, err := rd.Next(); !errors.Is(err, io.EOF) {
			t.Fatalf("%s: a second game, or %v; want one game", tc.name, err)
		}
		if n := g.SyntaxError(); n != nil {
			t.Fatalf("%s: %s", tc.name, n.Message)
		}
		var names []string
		for _, tg := range g.Tags {
			names = append(names, tg.Name)
		}
		if len(names) != 3 || names[0] != "Event" || names[1] != "Site" || names[2] != "Round" {
			t.Errorf("%s: tags %v, want Event, Site, Round", tc.name, names)
		}
		for i, want := range tc.escapes {
			if i >= len(g.Moves) || g.Moves[i].Kind != record.KindEscape || g.Moves[i].Text != want || g.Moves[i].Pos.Line != tc.lines[i] {
				t.Fatalf("%s: node %d is %+v, want the escape %q of line %d", tc.name, i, g.Moves[min(i, len(g.Moves)-1)], want, tc.lines[i])
			}
		}
		if k := g.Moves[len(tc.escapes)]; k.Kind != record.KindMoveNumber {
			t.Errorf("%s: the node after the escapes is %+v, want the move number", tc.name, k)
		}
		if tc.notation == record.SAN {
			checkInput(t, []byte(tc.text))
		}
	}
}
