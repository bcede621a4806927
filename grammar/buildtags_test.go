package grammar_test

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
)

// TestTagsBeforeBadName: a tag whose name is no tag name is a syntax
// error, and the record keeps the tags before it (the reader's recovery
// asks whether the game has any).
func TestTagsBeforeBadName(t *testing.T) {
	for _, text := range []string{
		"[Event \"a\"]\n[Site \"b\"]\n[W.hite \"c\"]\n\n1. e4 *\n",
		"[Event \"a\"] [Site \"b\"] [W.hite \"c\"]\n\n1. e4 *\n",
	} {
		sp := grammar.NewSplitter(strings.NewReader(text))
		c, err := sp.Next()
		if err != nil {
			t.Fatal(err)
		}
		g := grammar.ParseChunk(c, "f.pgn")
		var names []string
		for _, tg := range g.Tags {
			names = append(names, tg.Name)
		}
		if got := strings.Join(names, " "); got != "Event Site" {
			t.Errorf("%q: tags %q, want \"Event Site\"", text, got)
		}
		if len(g.Notices) == 0 {
			t.Errorf("%q: no syntax error", text)
		}
	}
}
