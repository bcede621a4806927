package jsongame_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/formats/jsongame"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// FuzzJSONReader: no input makes the JSON reader panic, and what it
// accepts writes back and reads back to the same JSON.
func FuzzJSONReader(f *testing.F) {
	var buf bytes.Buffer
	w := jsongame.NewWriter(&buf, true)
	_ = w.Write(jsongame.GameToJSON(sampleGame()))
	f.Add(buf.String())
	f.Add(`[{"tags":[],"moves":[{"kind":"variation","variation":[{"kind":"nag","number":3}]}]}]`)
	f.Add(`{"tags":[{"name":"a","value":"b"}],"moves":[{"kind":"move","move":{"written":"x","to":"a1","lenient":["bit7"]}}]}`)
	// The compact form (formats/jsongame/json_compact.go): a game that stops, one that
	// could not be read, a compound turn, in an array and in JSONL.
	f.Add(`[{"game":1,"tags":{"Event":"z","Event":"y"},"moves":["e4","e5"],"result":"1-0","stopped":"ply 3 (Ke3) could not be played"},` + "\n" +
		`{"game":2,"tags":{},"moves":[],"error":"3:7: found a comment that is not closed"}]`)
	f.Add(`{"game":1,"tags":{"Variant":"andhra"},"moves":["e3",",Nf3",",g3","e6",",Nf6",",g6","Bg2"],"result":"*"}` + "\n" +
		`{"game":2,"tags":{"SetUp":"1","FEN":"1P1k4/8/8/8/8/2n5/8/1N2K1N1 b - - 0 1","Variant":"andhra"},"moves":["Nxb1/b8=N","K~d3"]}` + "\n")
	// Variations nested three deep, one more than the limit the target
	// reads with too.
	f.Add(`{"tags":[],"moves":[` + strings.Repeat(`{"kind":"move","move":{"written":"d4","to":"d4"}},{"kind":"variation","variation":[`, 3) +
		strings.Repeat("]}", 3) + `]}` + "\n" + `{"tags":[],"moves":[{"kind":"move","move":{"written":"e4","to":"e4"}}]}`)
	f.Fuzz(func(t *testing.T, in string) {
		// Read with a depth limit of 2, no game nests deeper.
		lr := jsongame.NewReader(strings.NewReader(in))
		lr.SetLimits(grammar.Limits{MaxDepth: 2})
		for i := 0; i < 100; i++ {
			g, err := lr.ReadGame()
			if err != nil {
				break
			}
			if d := variationDepth(g.Moves); d > 2 {
				t.Fatalf("read with a depth limit of 2, game %d nests %d deep", i+1, d)
			}
		}
		rp := replay.New(replay.Config{Steps: true})
		r := jsongame.NewReader(strings.NewReader(in))
		for i := 0; i < 100; i++ {
			g, err := r.ReadGame()
			if err != nil {
				return
			}
			// Its compact form reads back, and from then on is stable
			// (the first may lose the moves after a stop).
			var compact [3][]byte
			cg := g
			for k := range compact {
				var res *replay.Result
				if cg.SyntaxError() == nil {
					res = rp.Game(cg, "f", 1)
				}
				compact[k], _ = formats.Render(jsongame.NewCompactRenderer(false), nil, cg, 1, res)
				if cg, err = jsongame.NewReader(bytes.NewReader(compact[k])).ReadGame(); err != nil {
					t.Fatalf("compact JSON does not read back: %v\n%s", err, compact[k])
				}
			}
			if !bytes.Equal(compact[1], compact[2]) {
				t.Fatalf("compact round trip not stable:\n%s\n%s", compact[1], compact[2])
			}
			var out bytes.Buffer
			jw := jsongame.NewWriter(&out, true)
			if err := jw.Write(jsongame.GameToJSON(g)); err != nil {
				t.Fatal(err)
			}
			first := out.String()
			g2, err := jsongame.NewReader(&out).ReadGame()
			if err != nil {
				t.Fatalf("written JSON does not read back: %v", err)
			}
			var out2 bytes.Buffer
			_ = jsongame.NewWriter(&out2, true).Write(jsongame.GameToJSON(g2))
			if first != out2.String() {
				t.Fatalf("JSON round trip not stable:\n%s\n%s", first, out2.String())
			}
		}
	})
}

// variationDepth is how deep the variations of a line of play nest.
func variationDepth(ns []record.Node) int {
	d := 0
	for _, n := range ns {
		if v := n.Variation(); v != nil {
			d = max(d, 1+variationDepth(v))
		}
	}
	return d
}
