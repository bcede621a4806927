package formats_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
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
// (Game with its steps), the LAN and UCI writers and AddPlayed. No input may
// make any of them panic; the canonical PGN of a game read from JSON must
// read back with the grammar without a panic; and GameToJSON of such a game
// must read back to the same JSON (what convert writes, convert reads).
// FuzzJSONReader (fuzz_test.go) checks the reader's own round trip; this
// target checks everything downstream of it, because a JSON object can
// hold records the grammar never builds (a move node without a move, a
// variation at the start, a check mark on a null move).
func FuzzConvertFromJSON(f *testing.F) {
	for _, src := range jsonFuzzSeeds {
		var buf bytes.Buffer
		jw := formats.NewJSONWriter(&buf, false)
		gr := grammar.NewReader(strings.NewReader(src), "seed.pgn")
		for {
			g, err := gr.Next()
			if err != nil {
				break
			}
			if err := jw.Write(formats.GameToJSON(g)); err != nil {
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
	f.Fuzz(func(t *testing.T, data []byte) {
		jr := formats.NewJSONReader(bytes.NewReader(data))
		rp := replay.New(replay.Config{Variations: true, Steps: true})
		for n := 1; n <= 50; n++ {
			g, err := jr.ReadGame()
			if err != nil {
				if errors.Is(err, io.EOF) || err.Error() != "" {
					return
				}
				t.Fatalf("game %d: error without a message", n)
			}
			var pgn bytes.Buffer
			if err := formats.WriteCanonical(&pgn, g); err != nil {
				t.Fatalf("game %d: canonical PGN: %v", n, err)
			}
			if err := formats.WriteCanonical(io.Discard, formats.PlainGame(g)); err != nil {
				t.Fatalf("game %d: plain PGN: %v", n, err)
			}
			back := grammar.NewReader(bytes.NewReader(pgn.Bytes()), "back.pgn")
			for i := 0; i < 1000; i++ {
				if _, err := back.Next(); err != nil {
					break
				}
			}
			j := formats.GameToJSON(g)
			res := rp.Game(g, "fuzz.json", n)
			if res == nil {
				t.Fatalf("game %d: nil replay result", n)
			}
			tr := res.Played
			formats.AddPlayed(j, tr)
			for _, uci := range []bool{false, true} {
				err := formats.WriteCoordGame(io.Discard, g, tr, uci)
				var stop *formats.StopError
				if err != nil && !errors.As(err, &stop) {
					t.Fatalf("game %d: coordinate writer: %v", n, err)
				}
			}
			var out bytes.Buffer
			if err := formats.NewJSONWriter(&out, true).Write(formats.GameToJSON(g)); err != nil {
				t.Fatalf("game %d: writing JSON: %v", n, err)
			}
			g2, err := formats.NewJSONReader(bytes.NewReader(out.Bytes())).ReadGame()
			if err != nil {
				t.Fatalf("game %d: JSON written by GameToJSON does not read back: %v\n%s", n, err, out.Bytes())
			}
			var out2 bytes.Buffer
			if err := formats.NewJSONWriter(&out2, true).Write(formats.GameToJSON(g2)); err != nil {
				t.Fatalf("game %d: writing JSON again: %v", n, err)
			}
			if !bytes.Equal(out.Bytes(), out2.Bytes()) {
				t.Fatalf("game %d: JSON round trip changed the game:\n%s\n%s", n, out.Bytes(), out2.Bytes())
			}
		}
	})
}
