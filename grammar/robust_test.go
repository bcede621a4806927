package grammar

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/record"
)

// A game of tags only ends where the next game's tags begin (a blank line,
// then a tag it already has), so the next game is read whole; a blank line
// inside one game's tags (ChessBase writes one) does not split it.
func TestTagsOnlyGame(t *testing.T) {
	cases := []struct {
		name, src string
		games     int
	}{
		{"tags only, then a game", "[Event \"a\"]\n[Result \"*\"]\n\n[Event \"b\"]\n[Result \"*\"]\n\n1. e4 *\n", 2},
		{"three sets of tags", "[Event \"a\"]\n\n[Event \"b\"]\n\n[Event \"c\"]\n", 3},
		{"blank line inside tags", "[Event \"a\"]\n\n[Date \"2017.12.04\"]\n[Result \"*\"]\n\n1. e4 *\n", 1},
		{"repeated tag without a blank line", "[Event \"a\"]\n[Event \"b\"]\n\n1. e4 *\n", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			games, err := ReadAll(strings.NewReader(c.src), "f.pgn")
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != c.games {
				t.Fatalf("%d games, want %d", len(games), c.games)
			}
			moves := 0
			for _, n := range games[len(games)-1].Moves {
				if n.Kind == record.KindMove {
					moves++
				}
			}
			if strings.Contains(c.src, "1. e4") && moves != 1 {
				t.Fatalf("the last game has %d moves, want 1", moves)
			}
		})
	}
}

// A game that ends without a termination marker gets a `syntax` warning
// where the marker belongs: a record cut short most often loses it.
func TestMissingTerminationMarker(t *testing.T) {
	cases := []struct {
		name, src string
		line, col int // 0: no warning
	}{
		{"marker", "1. e4 e5 *\n", 0, 0},
		{"cut after a move", "[Event \"a\"]\n\n1. e4 e5\n\n", 3, 9},
		{"cut after a move number", "1. e4 e5 2.", 1, 12},
		{"tags only", "[Event \"a\"]\n[Result \"*\"]\n", 2, 13},
		{"cut in a line comment", "1. e4 ; a comm", 1, 15},
		{"no text at all", "\n\n", 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			games, err := ReadAll(strings.NewReader(c.src), "f.pgn")
			if err != nil {
				t.Fatal(err)
			}
			var found []string
			for _, g := range games {
				for _, n := range g.Notices {
					if strings.Contains(n.Message, "termination marker") {
						found = append(found, n.Rule+" "+n.Severity.String())
						if c.line == 0 || n.Pos.Line != c.line || n.Pos.Col != c.col || n.Rule != "syntax" || n.Severity.String() != "warning" {
							t.Fatalf("notice %+v, want a syntax warning at %d:%d", n, c.line, c.col)
						}
					}
				}
			}
			if c.line != 0 && len(found) != 1 {
				t.Fatalf("%d warnings, want one at %d:%d", len(found), c.line, c.col)
			}
		})
	}
}
