package pgn_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/formats/internal/formattest"
	"github.com/ashtapada/ashtapada/formats/jsongame"
	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// jsonToPGN converts the games of a JSON input to PGN as convert does:
// each game replayed, rendered by the PGN renderer and joined in order. It
// returns the games read, the PGN written up to the first error, and that
// error.
func jsonToPGN(t *testing.T, src string) ([]*record.Game, string, error) {
	t.Helper()
	jr := jsongame.NewReader(strings.NewReader(src))
	rp := replay.New(replay.Config{Steps: true})
	rd := pgn.NewRenderer(false, false)
	var out bytes.Buffer
	j := pgn.NewJoiner(&out)
	var games []*record.Game
	for n := 1; ; n++ {
		g, err := jr.ReadGame()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("reading the JSON: %v", err)
		}
		games = append(games, g)
		piece, err := formats.Render(rd, nil, g, n, rp.Game(g, "x.json", n))
		if err == nil {
			err = j.Join(piece)
		}
		if err != nil {
			return games, out.String(), err
		}
	}
	return games, out.String(), j.Close()
}

// TestPGNWriterKeepsStructure: no text of a record read from JSON changes
// the structure of the PGN written for it. A text PGN can escape (a `"`
// or `\` in a tag value) is escaped and reads back as written; any other
// that would end a token, a game or start another (a `}` in a comment, a
// line break in a tag value or a `;` comment, a tag name that is not a
// symbol, a result that is not a termination marker, text after the marker
// that is not a marker or an escape line, a source that reads as other
// games) is refused, the error naming the field. A refused game is not
// written.
func TestPGNWriterKeepsStructure(t *testing.T) {
	const e4 = `{"kind":"move","move":{"written":"e4","to":"e4"}}`
	game := func(tags, moves, tail string) string {
		return `{"tags":[` + tags + `],"moves":[` + moves + `]` + tail + `}`
	}
	for _, c := range []struct {
		name, json string
		refused    string // a part of the error; "" when written
	}{
		{"comment closed early",
			game(`{"name":"Event","value":"a"}`, e4+`,{"kind":"comment","text":"x} *\n\n[Event \"b\"]\n\n1. d4 {"}`, `,"result":"*"`),
			"moves[1]: the comment holds `}`"},
		{"comment with a game after a tag line",
			game(`{"name":"Event","value":"a"}`, e4+`,{"kind":"comment","text":"x\n[Event \"b\"] {\n"}`, `,"result":"*"`),
			"moves[1]: the comment holds a line that starts like a tag"},
		{"comment in a variation",
			game(``, e4+`,{"kind":"variation","variation":[`+e4+`,{"kind":"comment","text":"}"}]}`, `,"result":"*"`),
			"moves[1].variation[1]: the comment holds `}`"},
		{"tag value with quotes and backslashes",
			game(`{"name":"Event","value":"a\"] [Site \"b\\"},{"name":"White","value":"\\\\\"x"}`, e4, `,"result":"*"`),
			""},
		{"comment with a tag line closed soon", game(``, e4+`,{"kind":"comment","text":"x\n[Event \"b\"]\ny"}`, `,"result":"*"`), ""},
		{"tag value with a line break",
			game(`{"name":"Event","value":"a"},{"name":"Site","value":"b\n[Round \"3\"]"}`, e4, `,"result":"*"`),
			"tag Site: its value holds a line break"},
		{"tag value with a carriage return",
			game(`{"name":"Site","value":"b\r[Round \"3\"]"}`, e4, `,"result":"*"`),
			"tag Site: its value holds a line break"},
		{"tag name not a symbol",
			game(`{"name":"Foo\"] [Event \"z","value":"q"}`, e4, `,"result":"*"`),
			"tag name \"Foo\\\"] [Event \\\"z\": not a PGN symbol"},
		{"empty tag name", game(`{"name":"","value":"q"}`, e4, `,"result":"*"`), "tag name \"\": not a PGN symbol"},
		{"result not a marker",
			game(``, e4, `,"result":"1-0 {"`),
			"result \"1-0 {\": not a termination marker"},
		{"result with a game",
			game(``, e4, `,"result":"*\n\n[Event \"b\"]\n\n1. d4 *"`),
			"not a termination marker"},
		{"trailing text with a game",
			game(`{"name":"Event","value":"a"}`, e4, `,"result":"*","trailing":"\n\n[Event \"b\"]\n\n1. d4 *"`),
			"trailing: the text after the termination marker"},
		{"trailing text glued to the marker", game(``, e4, `,"result":"*","trailing":"1-0"`), "trailing: the text after the termination marker"},
		{"trailing marker and escape line", game(``, e4, `,"result":"*","trailing":" 1-0\n% note"`), ""},
		{"line comment with a line break",
			game(``, e4+`,{"kind":"line_comment","text":" a\n*\n\n[Event \"b\"]"}`, `,"result":"*"`),
			"moves[1]: the ; comment holds a line break"},
		{"escape with a line break",
			game(``, e4+`,{"kind":"escape","text":" a\n1. d4"}`, `,"result":"*"`),
			"moves[1]: the escape line holds a line break"},
		{"glyph that is not one",
			game(``, `{"kind":"move","move":{"written":"e4","to":"e4","glyph":"! *\n\n[Event \"b\"]"}}`, `,"result":"*"`),
			"moves[0]: glyph"},
		{"move token of several",
			game(``, `{"kind":"move","text":"e4 *\n[Event \"b\"]"}`, `,"result":"*"`),
			"moves[0]: the move"},
		{"move token read as a marker", game(``, `{"kind":"move","text":"1-0"}`, `,"result":"*"`), "moves[0]: the move"},
		{"NAG below zero", game(``, e4+`,{"kind":"nag","number":-1}`, `,"result":"*"`), "moves[1]: NAG -1"},
		{"source of two games",
			game(``, ``, `,"notices":[{"rule":"syntax","severity":"error","message":"x"}],"source":"1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n"`),
			"source: the text of a game that could not be read"},
		{"source that reads",
			game(``, ``, `,"notices":[{"rule":"syntax","severity":"error","message":"x"}],"source":"[Event \"b\"]\n\n1. d4 *\n"`),
			"source: the text of a game that could not be read"},
		{"no source", game(`{"name":"Event","value":"a"}`, ``, `,"notices":[{"rule":"syntax","severity":"error","message":"x"}]`),
			"could not be read, and its record holds no source text"},
		{"source that does not read", game(``, ``, `,"notices":[{"rule":"syntax","severity":"error","message":"x"}],"source":"1. e4 Kx9\n"`), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			games, out, err := jsonToPGN(t, c.json)
			if c.refused != "" {
				if err == nil || !strings.Contains(err.Error(), c.refused) || !strings.HasPrefix(err.Error(), "game 1: ") {
					t.Fatalf("error %v, want one with %q; wrote\n%s", err, c.refused, out)
				}
				if out != "" {
					t.Fatalf("a refused game was written:\n%s", out)
				}
				return
			}
			if err != nil {
				t.Fatalf("not written: %v", err)
			}
			back, err := grammar.ReadAll(strings.NewReader(out), "back.pgn")
			if err != nil || len(back) != 1 {
				t.Fatalf("the PGN reads back as %d games (%v):\n%s", len(back), err, out)
			}
			if (games[0].SyntaxError() != nil) != (back[0].SyntaxError() != nil) {
				t.Fatalf("syntax error %v, read back %v:\n%s", games[0].SyntaxError(), back[0].SyntaxError(), out)
			}
			if games[0].SyntaxError() == nil {
				if d := formattest.SameRecord(games[0], back[0]); d != "" {
					t.Fatalf("read back differs: %s\n%s", d, out)
				}
			}
		})
	}
}

// TestPGNWriterGameBoundaries: a game written as read (one that could not
// be read) ends where the next game's text starts: a source that leaves a
// comment open or has no termination marker would take the tagless game
// after it in, so that game is refused; the same games read from PGN, in
// the order the reader keeps them, are written as they were read.
func TestPGNWriterGameBoundaries(t *testing.T) {
	broken := func(src string) string {
		return `{"tags":[],"moves":[],"notices":[{"rule":"syntax","severity":"error","message":"x"}],"source":` + jsonString(src) + `}`
	}
	tagless := `{"tags":[],"moves":[{"kind":"comment","text":" x"},{"kind":"move","move":{"written":"e5","to":"e5"}}],"result":"*"}`
	tagged := `{"tags":[{"name":"Event","value":"b"}],"moves":[{"kind":"move","move":{"written":"e4","to":"e4"}}],"result":"*"}`
	for _, c := range []struct {
		name, json string
		refused    bool
	}{
		{"open comment, then a tagless game", "[" + broken("1. e4 {\n") + "," + tagless + "]", true},
		{"no marker, then a tagless game", "[" + broken("1. e4 Kx9\n") + "," + tagless + "]", true},
		{"open comment, then a game with tags", "[" + broken("1. e4 {\n") + "," + tagged + "]", false},
		{"a marker, then a tagless game", "[" + broken("1. e4 Kx9 *\n") + "," + tagless + "]", false},
		{"a game, then one that does not read", "[" + tagless + "," + broken("foo\n") + "," + tagless + "]", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			games, out, err := jsonToPGN(t, c.json)
			if c.refused {
				if err == nil || !strings.Contains(err.Error(), "game 2: ") || !strings.Contains(err.Error(), "the game before") {
					t.Fatalf("error %v, want game 2 refused; wrote\n%s", err, out)
				}
				return
			}
			if err != nil {
				t.Fatalf("not written: %v", err)
			}
			back, err := grammar.ReadAll(strings.NewReader(out), "back.pgn")
			if err != nil || len(back) != len(games) {
				t.Fatalf("%d games read back, want %d (%v):\n%s", len(back), len(games), err, out)
			}
		})
	}
	// Read from PGN: junk after a marker, then a tagless game, is three
	// games, written again as three.
	src := "1. e4 *\nfoo\n1. d4 *\n"
	games, err := grammar.ReadAll(strings.NewReader(src), "in.pgn")
	if err != nil || len(games) != 3 {
		t.Fatalf("%d games (%v)", len(games), err)
	}
	var js strings.Builder
	jw := jsongame.NewWriter(&js, false)
	for _, g := range games {
		if err := jw.Write(jsongame.GameToJSON(g)); err != nil {
			t.Fatal(err)
		}
	}
	if err := jw.Close(); err != nil {
		t.Fatal(err)
	}
	_, out, err := jsonToPGN(t, js.String())
	if err != nil {
		t.Fatalf("PGN → JSON → PGN: %v", err)
	}
	if back, err := grammar.ReadAll(strings.NewReader(out), "back.pgn"); err != nil || len(back) != 3 {
		t.Fatalf("%d games read back (%v):\n%s", len(back), err, out)
	}
}

func jsonString(s string) string {
	var b bytes.Buffer
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// TestAppendTagEscapes: a tag value is written with a backslash before
// each quote and backslash, wherever they stand, and nothing else changed.
func TestAppendTagEscapes(t *testing.T) {
	for value, want := range map[string]string{
		"":                `[Event ""]`,
		"plain":           `[Event "plain"]`,
		`"`:               `[Event "\""]`,
		`a"b\c`:           `[Event "a\"b\\c"]`,
		`\\""`:            `[Event "\\\\\"\""]`,
		`end\`:            `[Event "end\\"]`,
		"Ruy López, 1.e4": `[Event "Ruy López, 1.e4"]`,
	} {
		got := string(pgn.AppendTag([]byte("x"), &record.Tag{Name: "Event", Value: value}))
		if got != "x"+want+"\n" {
			t.Errorf("AppendTag(%q) = %q, want %q", value, got, "x"+want+"\n")
		}
	}
}

// TestAppendTagEscapesAnywhere: a quote or backslash is escaped at every
// place of values of every length up to three words, and the bytes next
// to them in value (a quote or backslash plus or less one, with the top
// bit or without) are not.
func TestAppendTagEscapesAnywhere(t *testing.T) {
	esc := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	for n := 1; n <= 24; n++ {
		for at := 0; at < n; at++ {
			for _, c := range []byte{'"', '\\', '"' + 1, '"' - 1, '\\' + 1, '\\' - 1, '"' | 0x80, '\\' | 0x80, 0} {
				v := []byte(strings.Repeat("a", n))
				v[at] = c
				value := string(v)
				got := string(pgn.AppendTag(nil, &record.Tag{Name: "Event", Value: value}))
				if want := `[Event "` + esc.Replace(value) + "\"]\n"; got != want {
					t.Errorf("AppendTag(%q) = %q, want %q", value, got, want)
				}
			}
		}
	}
}
