package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
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
		{"empty source", `{"notices":[{"rule":"syntax","severity":"error"}],"source":""}`,
			"game 1: source: the game is written as it was read, and its text is empty"},
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

// controlText is a tag value with C0 control characters a terminal acts on
// (an escape sequence that retitles a terminal window, a bell, a vertical
// tab) and which XML 1.0 cannot hold.
const controlText = "a\x1b]0;pwned\x07b\x01c\x0bd"

// TestSVGWithControlCharacters: C0 control characters in a tag value or
// in a profile's name leave every SVG well-formed XML (show --svg, convert
// --to svg, validate --svg-dir), the rest of the text drawn.
func TestSVGWithControlCharacters(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pgn := "[Event \"" + controlText + "\"]\n[White \"w\x1b[2J\"]\n\n1. e4 e5 2. Ke2 Ke7 3. Kd7 *\n"
	prof := "name = \"my\\u0001prof\\u001b[2J\"\nbase = \"fide\"\n"
	for name, data := range map[string]string{"c.pgn": pgn, "p.toml": prof} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"show", "--ply", "4", "--svg", "-", "c.pgn"},
		{"show", "--ply", "4", "--rules-file", "p.toml", "--svg", "-", "c.pgn"},
		{"convert", "--to", "svg", "--game", "1", "c.pgn"},
		{"convert", "--to", "svg", "--game", "1", "--rules-file", "p.toml", "c.pgn"},
	} {
		out, errOut, code := runAsh(t, dir, "", args...)
		if code == 2 || !strings.Contains(out, "pwned") {
			t.Fatalf("%v: exit %d: %s\n%.300s", args, code, errOut, out)
		}
		if why := testenv.WellFormedXML([]byte(out)); why != "" {
			t.Errorf("%v: the SVG is not well-formed XML: %s", args, why)
		}
	}
	svgs := filepath.Join(dir, "svgs")
	if _, errOut, code := runAsh(t, dir, "", "validate", "--rules-file", "p.toml", "--svg-dir", svgs, "c.pgn"); code != 1 {
		t.Fatalf("validate --svg-dir: exit %d, want 1: %s", code, errOut)
	}
	ents, err := os.ReadDir(svgs)
	if err != nil || len(ents) == 0 {
		t.Fatalf("validate --svg-dir wrote %d files (%v)", len(ents), err)
	}
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(svgs, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if why := testenv.WellFormedXML(data); why != "" {
			t.Errorf("%s is not well-formed XML: %s", e.Name(), why)
		}
	}
}

// rawControl returns the first control character (but tab and line feed)
// in s, quoted, or "".
func rawControl(s string) string {
	for _, r := range s {
		if (r < 0x20 && r != '\t' && r != '\n') || r == 0x7f || (r >= 0x80 && r <= 0x9f) {
			return strconv.QuoteRune(r)
		}
	}
	return ""
}

// TestTerminalTextQuoted: escape sequences in a file reach no terminal
// raw: show's tag values and profile name, the messages of validate's text
// report (on standard output) and of convert's (standard error), diff's
// text and fmt's notices carry their control characters quoted (\x1b),
// while validate's and diff's JSON keep the text exact.
func TestTerminalTextQuoted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := map[string]string{
		"c.pgn":        "[Event \"" + controlText + "\"]\n[White \"w\x1b[2J\"]\n\n1. e4 e5 2. Ke2 Ke7 3. Kd7 *\n",
		"s.pgn":        "[Event \"s\"]\n\n1. e4 e5 2. Nf3\x1b\x9b Nc6 *\n",
		"a.pgn":        "[Event \"x\x1b]0;a\x07\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n",
		"b.pgn":        "[Event \"x\x1b]0;a\x07\"]\n\n1. e4 e5 2. Nc3 Nc6 *\n",
		"e\x1b[2J.pgn": "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n",
		"p.toml":       "name = \"my\\u0001prof\\u001b[2J\"\nbase = \"fide\"\n",
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		args []string
		want string // quoted, on standard output or standard error
	}{
		{[]string{"show", "c.pgn"}, `a\x1b]0;pwned\x07b\x01c\x0bd`},
		{[]string{"show", "--rules-file", "p.toml", "c.pgn"}, `profile my\x01prof\x1b[2J`},
		{[]string{"validate", "s.pgn"}, "found `Nf3\\x1b\\x9b`"},
		{[]string{"validate", "--rules-file", "p.toml", "c.pgn"}, `profile my\x01prof\x1b[2J`},
		{[]string{"convert", "--to", "uci", "s.pgn"}, "found `Nf3\\x1b\\x9b`"},
		{[]string{"fmt", "s.pgn"}, "found `Nf3\\x1b\\x9b`"},
		{[]string{"diff", "--by", "Event", "a.pgn", "b.pgn"}, `[x\x1b]0;a\x07]`},
		{[]string{"diff", "e\x1b[2J.pgn", "b.pgn"}, `e\x1b[2J.pgn: Nf3 is legal`},
	} {
		// fmt cannot write a game it cannot read (exit 2); the others
		// report findings (exit 1).
		out, errOut, _ := runAsh(t, dir, "", c.args...)
		if c.args[0] == "fmt" {
			out = "" // the record itself, written as read
		}
		if r := rawControl(out + errOut); r != "" {
			t.Errorf("%v: %s reaches the terminal raw:\n%q\n%q", c.args, r, out, errOut)
		}
		if !strings.Contains(out+errOut, c.want) {
			t.Errorf("%v: no %s in\n%q\n%q", c.args, c.want, out, errOut)
		}
	}
	// The machine formats keep the text exact (encoding/json escapes it).
	out, _, _ := runAsh(t, dir, "", "validate", "--format", "json", "s.pgn")
	if !strings.Contains(out, `found `+"`"+`Nf3\u001b\ufffd`+"`") && !strings.Contains(out, `found `+"`"+`Nf3\u001b`) {
		t.Errorf("validate --format json does not keep the message exact:\n%s", out)
	}
	out, _, _ = runAsh(t, dir, "", "diff", "--format", "json", "--by", "Event", "a.pgn", "b.pgn")
	if !strings.Contains(out, `"key": "x\u001b]0;a\u0007"`) {
		t.Errorf("diff --format json does not keep the key exact:\n%s", out)
	}
}
