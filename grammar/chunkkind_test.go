package grammar_test

import (
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
)

// TestIsGame: a chunk is a game unless it holds only comments, escape
// lines and white space, whatever its first byte.
func TestIsGame(t *testing.T) {
	for _, tc := range []struct {
		data string
		game bool
	}{
		{"[Event \"a\"]\n\n1. e4 *\n", true},
		{"[", true},
		{"[%clk 1:00:00]\n", true},
		{"1. e4 *\n", true},
		{"", false},
		{"\n\n", false},
		{"{a header}\n", false},
		{"; a line comment\n", false},
		{"% an escape line\n", false},
		{"{a}\n[Event \"a\"]\n", true},
		{" [Event \"a\"]\n", true},
		{"{unclosed\n", true},
	} {
		if got := (grammar.Chunk{Data: []byte(tc.data)}).IsGame(); got != tc.game {
			t.Errorf("IsGame(%q) = %v, want %v", tc.data, got, tc.game)
		}
	}
}
