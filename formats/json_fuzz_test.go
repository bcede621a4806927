package formats_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/formats/coord"
	"github.com/ashtapada/ashtapada/formats/jsongame"
	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// jsonFuzzSeeds are records with every extension, converted to JSON the
// way `convert --to json` does, so the fuzzer starts from well-formed
// objects and mutates their fields.
var jsonFuzzSeeds = []string{
	"[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {c} (2. Nc3 $1) 2... Nc6 *\n",
	"[Variant \"andhra\"]\n\n1. e3,Nf3,g3 e6,Nf6,g6 2. Bg2 Bg7 *\n",
	"[Variant \"hindustani\"]\n[SetUp \"1\"]\n[FEN \"4k3/1P6/8/8/8/8/8/4K3 w Kk - 0 1\"]\n\n1. K~d3 Ke7 2. b8=N *\n",
	"[Variant \"andhra\"]\n[SetUp \"1\"]\n[FEN \"1P1k4/8/8/8/8/2n5/8/1N2K1N1 b - - 0 1\"]\n\n1... Nxb1/b8=N *\n",
	"[Event \"x\"]\n\n1. e4 { unclosed\n",
	"1. e4 ; rest\n% escape\n1... e5 -- 1/2-1/2 trailing\n",
}

// FuzzConvertFromJSON drives what `convert --from json` does with each game
// a JSON input yields: the canonical and plain PGN writers, the replayer
// (Game with its steps), the LAN and UCI writers and jsongame.AddPlayed. No input may
// make any of them panic; the canonical PGN of a game read from JSON must
// read back with the grammar without a panic; and jsongame.GameToJSON of such a game
// must read back to the same JSON (what convert writes, convert reads).
// FuzzJSONReader (package formats/jsongame) checks the reader's own round trip; this
// target checks everything downstream of it, because a JSON object can
// hold records the grammar never builds (a move node without a move, a
// variation at the start, a check mark on a null move).
func FuzzConvertFromJSON(f *testing.F) {
	for _, src := range jsonFuzzSeeds {
		var buf bytes.Buffer
		jw := jsongame.NewWriter(&buf, false)
		gr := grammar.NewReader(strings.NewReader(src), "seed.pgn")
		for {
			g, err := gr.Next()
			if err != nil {
				break
			}
			if err := jw.Write(jsongame.GameToJSON(g)); err != nil {
				f.Fatal(err)
			}
		}
		if err := jw.Close(); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Add([]byte(`{"moves":[{"kind":"move"},{"kind":"variation"},{"kind":"move","move":{"null":true,"check":"#"}}]}`))
	f.Add([]byte(`{"tags":[{"name":"FEN","value":"8/8/8/8/8/8/8/8 w - - 0 1"},{"name":"SetUp","value":"1"}],"moves":[{"kind":"move","move":{"piece":"K","leap":true,"to":"h8","conversion":{"square":"a1","piece":"Q"}}}]}`))
	f.Add([]byte(`[{"moves":[{"kind":"number","number":-5,"dots":-1},{"kind":"nag","number":-1}]}]`))
	// Compact objects (convert --compact): their moves are read by the
	// grammar, joined ones too; one stops, one could not be read.
	f.Add([]byte(`[{"game":1,"tags":{"Variant":"andhra"},"moves":["e3",",Nf3",",g3","e6",",Nf6"],"result":"*"},` + "\n" +
		`{"game":2,"tags":{"Event":"z"},"moves":["e4","e5","Ke3"],"result":"1-0","stopped":"ply 3 (Ke3) could not be played"},` + "\n" +
		`{"game":3,"tags":{},"moves":[],"error":"3:7: found a comment"}]`))
	f.Add([]byte(`{"game":1,"tags":{"SetUp":"1","FEN":"4k3/1P6/8/8/8/8/8/4K3 w Kk - 0 1","Variant":"hindustani"},"moves":["K~d3","Ke7","b8=N"]}` + "\n"))
	// Texts that would change the PGN's structure, written unchecked: a
	// comment closed early, a tag name or value, a result or trailing text
	// that hold other games, a source of two games, a source that leaves a
	// comment open before a tagless game.
	f.Add([]byte(`{"tags":[{"name":"Event","value":"a"}],"moves":[{"kind":"move","move":{"written":"e4","to":"e4"}},{"kind":"comment","text":"x} *\n\n[Event \"b\"]\n\n1. d4 {"}],"result":"*"}`))
	f.Add([]byte(`{"tags":[{"name":"Event\"]\n\n1. d4 *\n\n[Site \"b","value":"a\"] \\"},{"name":"Site","value":"x\n[Round \"1\"]"}],"moves":[{"kind":"move","move":{"written":"e4","to":"e4"}}],"result":"*"}`))
	f.Add([]byte(`[{"tags":[],"moves":[{"kind":"move","move":{"written":"e4","to":"e4"}}],"result":"*\n\n1. d4 *","trailing":" 1-0\n% x\n[Event \"c\"]\n\n1. c4 *"},` +
		`{"tags":[],"moves":[{"kind":"comment","text":"a\n[Event \"b\"] {\n"},{"kind":"line_comment","text":"x\n1. d4"},{"kind":"escape","text":"y\n*"},{"kind":"move","text":"e4 *"},{"kind":"nag","number":-2}],"result":"*"}]`))
	f.Add([]byte(`[{"tags":[],"moves":[],"notices":[{"rule":"syntax","severity":"error","message":"x"}],"source":"1. e4 {\n"},` +
		`{"tags":[],"moves":[{"kind":"comment","text":" x"},{"kind":"move","move":{"written":"e5","to":"e5"}}],"result":"*"},` +
		`{"tags":[],"moves":[],"notices":[{"rule":"syntax","severity":"error","message":"x"}],"source":"1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n"}]`))
	pgnFormat, _ := formats.LookupRecordFormat("pgn")
	f.Fuzz(func(t *testing.T, data []byte) {
		jr := jsongame.NewReader(bytes.NewReader(data))
		rp := replay.New(replay.Config{Variations: true, Steps: true})
		// The games convert --to pgn writes, one after another, until it
		// refuses one (a refusal stops convert): read back, they are as
		// many games as were written, each with the structure it had.
		var converted bytes.Buffer
		pw, err := pgnFormat.NewWriter(&converted, formats.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var written []*record.Game
		var valid []bool // each game written as validate judges it
		refused := false
		defer func() {
			if err := pw.Close(); err != nil {
				t.Fatal(err)
			}
			checkPGNReadsBack(t, written, valid, converted.Bytes())
		}()
		for n := 1; n <= 50; n++ {
			g, err := jr.ReadGame()
			if err != nil {
				if errors.Is(err, io.EOF) || err.Error() != "" {
					return
				}
				t.Fatalf("game %d: error without a message", n)
			}
			if !refused {
				res := rp.Game(g, "fuzz.json", n)
				if err := pw.Write(g, n, res, nil); err != nil {
					if !strings.HasPrefix(err.Error(), fmt.Sprintf("game %d: ", n)) {
						t.Fatalf("game %d: the refusal does not name the game: %v", n, err)
					}
					refused = true
				} else {
					written, valid = append(written, g), append(valid, res.Summary.Valid)
				}
			}
			var canon bytes.Buffer
			if err := pgn.WriteCanonical(&canon, g); err != nil {
				t.Fatalf("game %d: canonical PGN: %v", n, err)
			}
			if err := pgn.WriteCanonical(io.Discard, pgn.PlainGame(g)); err != nil {
				t.Fatalf("game %d: plain PGN: %v", n, err)
			}
			back := grammar.NewReader(bytes.NewReader(canon.Bytes()), "back.pgn")
			for i := 0; i < 1000; i++ {
				if _, err := back.Next(); err != nil {
					break
				}
			}
			j := jsongame.GameToJSON(g)
			res := rp.Game(g, "fuzz.json", n)
			if res == nil {
				t.Fatalf("game %d: nil replay result", n)
			}
			tr := res.Played
			jsongame.AddPlayed(j, tr)
			for _, uci := range []bool{false, true} {
				err := coord.WriteGame(io.Discard, g, tr, uci)
				var stop *notation.StopError
				if err != nil && !errors.As(err, &stop) {
					t.Fatalf("game %d: coordinate writer: %v", n, err)
				}
			}
			var out bytes.Buffer
			if err := jsongame.NewWriter(&out, true).Write(jsongame.GameToJSON(g)); err != nil {
				t.Fatalf("game %d: writing JSON: %v", n, err)
			}
			g2, err := jsongame.NewReader(bytes.NewReader(out.Bytes())).ReadGame()
			if err != nil {
				t.Fatalf("game %d: JSON written by jsongame.GameToJSON does not read back: %v\n%s", n, err, out.Bytes())
			}
			var out2 bytes.Buffer
			if err := jsongame.NewWriter(&out2, true).Write(jsongame.GameToJSON(g2)); err != nil {
				t.Fatalf("game %d: writing JSON again: %v", n, err)
			}
			if !bytes.Equal(out.Bytes(), out2.Bytes()) {
				t.Fatalf("game %d: JSON round trip changed the game:\n%s\n%s", n, out.Bytes(), out2.Bytes())
			}
		}
	})
}

// checkPGNReadsBack checks that text, the PGN written for games, reads back
// as that many games, each with the structure it was written with: a game
// written as read (one that could not be read) is again one that cannot be
// read; another has the same tags, result and line of play (node kinds,
// comments' texts, NAGs; move numbers are the writer's own, and escape
// lines before a tagless game's moves read as text after the game before
// it, as PGN has it), or, when validate judged it invalid (valid), may be
// one that cannot be read: a move of the record (a move without a square)
// need not be one PGN can write.
func checkPGNReadsBack(t *testing.T, games []*record.Game, valid []bool, text []byte) {
	t.Helper()
	back, err := grammar.ReadAll(bytes.NewReader(text), "back.pgn")
	if err != nil {
		t.Fatalf("reading the PGN back: %v", err)
	}
	if len(back) != len(games) {
		t.Fatalf("%d games written read back as %d:\n%s", len(games), len(back), text)
	}
	texts := utf8.Valid(text) // else the reader may read the file as Latin-1
	for i, g := range games {
		b := back[i]
		if pgn.PassedThrough(g) && g.SyntaxError() != nil {
			if !pgn.PassedThrough(b) {
				t.Fatalf("game %d, written as read, reads back as a game that reads:\n%s", i+1, text)
			}
			continue
		}
		if b.SyntaxError() != nil {
			if !valid[i] {
				continue
			}
			t.Fatalf("game %d, valid, reads back with a syntax error (%v):\n%s", i+1, b.SyntaxError(), text)
		}
		want := g.Result
		if want == "" {
			want = "*" // what the writer ends a game without a marker with
		}
		if b.Result != want || len(b.Tags) != len(g.Tags) {
			t.Fatalf("game %d: result %q and %d tags, read back %q and %d:\n%s", i+1, want, len(g.Tags), b.Result, len(b.Tags), text)
		}
		if texts {
			// The writer puts the Seven Tag Roster first: compare the
			// pairs in any order.
			pairs := func(tags []record.Tag) string {
				var ps []string
				for _, tag := range tags {
					ps = append(ps, fmt.Sprintf("%s %q", tag.Name, tag.Value))
				}
				slices.Sort(ps)
				return strings.Join(ps, "\n")
			}
			if a, z := pairs(g.Tags), pairs(b.Tags); a != z {
				t.Fatalf("game %d: tags\n%s\nread back as\n%s\n%s", i+1, a, z, text)
			}
		}
		if d := sameLine(g.Moves, b.Moves, texts); d != "" {
			t.Fatalf("game %d: %s\n%s", i+1, d, text)
		}
	}
}

// sameLine compares two lines of play as checkPGNReadsBack does.
func sameLine(a, b []record.Node, texts bool) string {
	keep := func(ns []record.Node) []record.Node {
		var out []record.Node
		for _, n := range ns {
			if n.Kind != record.KindMoveNumber && n.Kind != record.KindEscape {
				out = append(out, n)
			}
		}
		return out
	}
	a, b = keep(a), keep(b)
	if len(a) != len(b) {
		return fmt.Sprintf("%d nodes read back as %d", len(a), len(b))
	}
	for i := range a {
		x, y := &a[i], &b[i]
		switch {
		case x.Kind != y.Kind:
			return fmt.Sprintf("node %d: kind %d reads back as %d", i, x.Kind, y.Kind)
		case x.Kind == record.KindNAG && x.Number != y.Number:
			return fmt.Sprintf("node %d: NAG %d reads back as %d", i, x.Number, y.Number)
		case texts && (x.Kind == record.KindComment || x.Kind == record.KindLineComment) && x.Text != y.Text:
			return fmt.Sprintf("node %d: comment %q reads back as %q", i, x.Text, y.Text)
		case x.Kind == record.KindVariation:
			if d := sameLine(x.Variation(), y.Variation(), texts); d != "" {
				return fmt.Sprintf("node %d: %s", i, d)
			}
		}
	}
	return ""
}
