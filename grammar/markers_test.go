package grammar_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// The descriptive reader takes a termination marker where the splitter
// does, a token of its own (found by FuzzParse): read anywhere else, the
// text after it would stay in the game, skipped unchecked with a warning,
// and a game there would go unread with exit 0.
func TestDescriptiveMarkersAreTokens(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		results    []string // each game's result, "" for a syntax error
		err        string   // part of the first game's syntax error
	}{
		{"marker after a space", "1. P-K4 P-K4 * 1. P-Q4 *\n", []string{"*", "*"}, ""},
		{"marker after a number's dot", "1. P-K4 P-K4 2.* 1. P-Q4 *\n", []string{"*", "*"}, ""},
		{"book draw", "1. P-K4 P-K4 ½-½ 1. P-Q4 *\n", []string{"1/2-1/2", "*"}, ""},
		{"book draw, line after", "1. P-K4 P-K4 ½-½\n1. P-Q4 1-0\n", []string{"1/2-1/2", "1-0"}, ""},
		{"number run into a marker", "1. P-K4 P-K4 2* 1. P-Q4 *\n", []string{""},
			"found `2*`, expected a space between the move number and the termination marker"},
		{"number run into a book draw", "1. P-K4 P-K4 2½-½ 1. P-Q4 *\n", []string{""}, "found `2½-½`"},
		{"marker run into a word", "1. P-K4 P-K4 *x 1. P-Q4 *\n", []string{""}, "found `*x`"},
		{"book draw run into a word", "1. P-K4 P-K4 ½-½x 1. P-Q4 *\n", []string{""}, "found `½-½x`"},
		// A note line is a comment to the descriptive reader, but the
		// splitter counts its `(` and does not end the game at the
		// marker: the text after it is an error, not a warning.
		{"note with a parenthesis, marker, game", "1. P-K4 P-K4\nA note (unclosed\n* 1. P-Q4 *\n", []string{""},
			"found `1. P-Q4 *` after the termination marker, expected a new game; the text is skipped"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := grammar.NewReader(strings.NewReader(tc.text), "x.pgn")
			r.SetNotation(record.DescriptiveNotation)
			var games []*record.Game
			for {
				g, err := r.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				games = append(games, g)
			}
			if len(games) != len(tc.results) {
				t.Fatalf("%d games, want %d", len(games), len(tc.results))
			}
			for i, g := range games {
				se := g.SyntaxError()
				switch {
				case tc.results[i] == "" && (se == nil || !strings.Contains(se.Message, tc.err)):
					t.Errorf("game %d: want a syntax error with %q, got %+v", i+1, tc.err, g.Notices)
				case tc.results[i] != "" && se != nil:
					t.Errorf("game %d: %+v", i+1, se)
				case tc.results[i] != "" && g.Result != tc.results[i]:
					t.Errorf("game %d: result %q, want %q", i+1, g.Result, tc.results[i])
				}
				if se == nil && len(g.Trailing) > 0 {
					t.Errorf("game %d keeps %q after its marker", i+1, g.Trailing)
				}
			}
		})
	}
}
