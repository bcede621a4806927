package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gameVerdicts runs validate --format jsonl on file (in dir) and returns
// one line per game: its number, plies, result and verdict.
func gameVerdicts(t *testing.T, dir, file string) []string {
	t.Helper()
	out, errOut, code := runAsh(t, dir, "", "validate", "--format", "jsonl", file)
	if code == 2 {
		t.Fatalf("validate %s: exit 2: %s", file, errOut)
	}
	var games []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var g struct {
			Kind   string `json:"kind"`
			Game   int    `json:"game"`
			Plies  int    `json:"plies"`
			Result string `json:"result"`
			Valid  bool   `json:"valid"`
		}
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatalf("validate %s: %v: %q", file, err, line)
		}
		if g.Kind == "game" {
			b, _ := json.Marshal(g)
			games = append(games, string(b))
		}
	}
	return games
}

// TestConvertJSONToPGNKeepsGames: a JSON record whose texts would change
// the structure of the PGN written for it (a `}` in a comment, a tag name
// that is not a symbol, a line break in a tag value, a result that is not
// a marker, text after the marker that holds another game) is refused with
// exit 2 and an error naming the game and the field, and nothing of it is
// written; a `"` or `\` in a tag value is escaped. Whatever is written
// validates as the same games as the JSON.
func TestConvertJSONToPGNKeepsGames(t *testing.T) {
	t.Parallel()
	const moves = `[{"kind":"move","move":{"written":"e4","to":"e4"}},{"kind":"move","move":{"written":"e5","to":"e5"}}]`
	for _, c := range []struct {
		name, json string
		refused    string // in the error; "" when the game is written
	}{
		{"comment", `{"tags":[{"name":"Event","value":"a"}],"moves":[{"kind":"move","move":{"written":"e4","to":"e4"}},{"kind":"comment","text":"x} *\n\n[Event \"b\"]\n\n1. d4 d5 2. Ke3 {"}],"result":"*"}`,
			"game 1: moves[1]: the comment holds `}`"},
		{"tag name", `{"tags":[{"name":"Event\"]\n\n1. d4 *\n\n[Event \"b","value":"a"}],"moves":` + moves + `,"result":"*"}`,
			"game 1: tag name"},
		{"tag value", `{"tags":[{"name":"Event","value":"a\n\n1. d4 *\n\n[Site \"b\"]"}],"moves":` + moves + `,"result":"*"}`,
			"game 1: tag Event: its value holds a line break"},
		{"result", `{"tags":[{"name":"Event","value":"a"}],"moves":` + moves + `,"result":"*\n\n[Event \"b\"]\n\n1. d4 *"}`,
			"game 1: result"},
		{"trailing", `{"tags":[{"name":"Event","value":"a"}],"moves":` + moves + `,"result":"*","trailing":"\n\n[Event \"b\"]\n\n1. d4 Ke7 *"}`,
			"game 1: trailing"},
		{"escaped tag value", `{"tags":[{"name":"Event","value":"a\"] [Site \"b\\"}],"moves":` + moves + `,"result":"*"}`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "in.json"), []byte(c.json), 0o644); err != nil {
				t.Fatal(err)
			}
			want := gameVerdicts(t, dir, "in.json")
			out, errOut, code := runAsh(t, dir, "", "convert", "--from", "json", "--to", "pgn", "in.json")
			if c.refused != "" {
				if code != 2 || !strings.Contains(errOut, c.refused) || out != "" {
					t.Fatalf("exit %d, want 2 with %q; stderr %s; stdout\n%s", code, c.refused, errOut, out)
				}
				return
			}
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if err := os.WriteFile(filepath.Join(dir, "out.pgn"), []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			if got := gameVerdicts(t, dir, "out.pgn"); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Fatalf("the PGN validates as\n%s\nthe JSON as\n%s\nPGN:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), out)
			}
		})
	}
}
