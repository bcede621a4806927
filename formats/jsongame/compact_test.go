package jsongame_test

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/formats/jsongame"
	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// compactOf renders the games of a PGN text in the compact form (JSONL
// with lines), as convert --to jsonl --compact does.
func compactOf(t *testing.T, src string, lines bool) []byte {
	t.Helper()
	rd := grammar.NewReader(strings.NewReader(src), "c.pgn")
	rp := replay.New(replay.Config{Steps: true})
	var b bytes.Buffer
	// The json and jsonl formats' rendering with WriteOptions.Compact
	// (formats/jsongame/format.go).
	j := jsongame.NewJoiner(&b, lines)
	r := jsongame.NewCompactRenderer(lines)
	for n := 1; ; n++ {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		var res *replay.Result
		if g.SyntaxError() == nil {
			res = rp.Game(g, "c.pgn", n)
		}
		piece, err := formats.Render(r, nil, g, n, res)
		if err != nil {
			t.Fatal(err)
		}
		if err := j.Join(piece); err != nil {
			t.Fatal(err)
		}
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestCompactJSON: the compact object holds the tags once each in their
// order, the canonical SAN of the moves played (a compound turn's later
// moves with a leading comma), the result; read back, it is the same main
// line, which canonical PGN numbers from the FEN.
func TestCompactJSON(t *testing.T) {
	src := "[Event \"a \\\"q\\\"\"]\n[Site \"s\"]\n[Event \"again\"]\n\n1. e4 {c} (1. d4) e5 2. Nf3! 1-0\n\n" +
		"[Variant \"andhra\"]\n\n1. e3,Nf3,g3 e6,Nf6,g6 2. Bg2 Bg7 *\n\n" +
		"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 7\"]\n\n7... Kd7 8. e4 Kd6 *\n"
	got := compactOf(t, src, true)
	want := `{"game":1,"tags":{"Event":"a \"q\"","Site":"s"},"moves":["e4","e5","Nf3"],"result":"1-0"}
{"game":2,"tags":{"Variant":"andhra"},"moves":["e3",",Nf3",",g3","e6",",Nf6",",g6","Bg2","Bg7"],"result":"*"}
{"game":3,"tags":{"SetUp":"1","FEN":"4k3/8/8/8/8/8/4P3/4K3 b - - 0 7"},"moves":["Kd7","e4","Kd6"],"result":"*"}
`
	if string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if n := validateJSONL(t, compileSchema(t), got, "compact"); n != 3 {
		t.Fatalf("%d games validated, want 3", n)
	}
	// The array form has the same objects, and reads back the same.
	arr := compactOf(t, src, false)
	if want := "[\n" + strings.ReplaceAll(strings.TrimSuffix(want, "\n"), "}\n{", "},\n{") + "\n]\n"; string(arr) != want {
		t.Fatalf("array form:\n%s\nwant\n%s", arr, want)
	}
	wantPGN := []string{
		"1. e4 e5 2. Nf3 1-0",
		"1. e3,Nf3,g3 1... e6,Nf6,g6 2. Bg2 Bg7 *",
		"7... Kd7 8. e4 Kd6 *",
	}
	for _, in := range [][]byte{got, arr} {
		jr := jsongame.NewReader(bytes.NewReader(in))
		for i, w := range wantPGN {
			g, err := jr.ReadGame()
			if err != nil {
				t.Fatalf("game %d: %v", i+1, err)
			}
			var out bytes.Buffer
			if err := pgn.WriteCanonical(&out, g); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), "\n\n"+w+"\n") {
				t.Errorf("game %d read back:\n%s\nwant the moves %s", i+1, out.String(), w)
			}
			if i == 0 && (len(g.Tags) != 2 || g.Tags[0] != (record.Tag{Name: "Event", Value: `a "q"`})) {
				t.Errorf("game 1's tags read back: %+v", g.Tags)
			}
		}
		if _, err := jr.ReadGame(); err != io.EOF {
			t.Fatalf("after 3 games: %v", err)
		}
	}
}

// TestCompactJSONRejects: what the compact reader refuses, with where; and
// the schema refuses it too.
func TestCompactJSONRejects(t *testing.T) {
	s := compileSchema(t)
	for _, c := range []struct{ in, err string }{
		{`{"game":1,"tags":{"a":1},"moves":[]}`, `the value of "a" is not a string`},
		{`{"game":1,"tags":{},"moves":["e4","e9"]}`, "moves[1]"},
		{`{"game":1,"tags":{},"moves":[",e4"]}`, "joined to none"},
		{`{"game":1,"tags":{},"moves":["e4 e5"]}`, "moves[0]"},
	} {
		_, err := jsongame.NewReader(strings.NewReader(c.in)).ReadGame()
		if err == nil || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), "JSON game 1") {
			t.Errorf("%s: got %v, want an error about %s", c.in, err, c.err)
		}
		v, jerr := jsonschema.UnmarshalJSON(strings.NewReader(c.in))
		if jerr != nil {
			t.Fatal(jerr)
		}
		if c.err != "moves[1]" && c.err != "joined to none" && s.Validate(v) == nil {
			// (e9 and a leading comma are for the grammar to refuse.)
			t.Errorf("the schema accepts %s", c.in)
		}
	}
}
