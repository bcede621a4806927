package jsongame_test

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats/jsongame"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
)

// sampleGame builds a record with every kind of node and every move part,
// so that a round trip that drops anything fails.
func sampleGame() *record.Game {
	mv := func(text string, m record.Move) record.Node {
		m.Text = text
		if m.To == 0 && text == "" {
			m.To = record.NoSquare
		}
		return record.Node{Kind: record.KindMove, Text: text, Move: &m, Pos: record.Pos{Line: 3, Col: 4, Offset: 40}}
	}
	base := record.Move{MoveParts: record.MoveParts{FromFile: -1, FromRank: -1, ConvSquare: record.NoSquare}}
	e3 := base
	e3.To = record.MakeSquare(4, 2)
	nf3 := base
	nf3.Piece, nf3.To, nf3.Joined = 'N', record.MakeSquare(5, 2), true
	leap := base
	leap.Piece, leap.Leap, leap.Capture, leap.To, leap.Check, leap.Glyph = 'K', true, true, record.MakeSquare(3, 2), '+', "!?"
	conv := base
	conv.Piece, conv.Capture, conv.To, conv.ConvSquare, conv.ConvPiece = 'B', true, record.MakeSquare(6, 0), record.MakeSquare(1, 7), 'N'
	long := base
	long.FromFile, long.FromRank, long.To, long.Lenient = 4, 1, record.MakeSquare(4, 3), record.LenientLong|record.LenientHyphen
	promo := base
	promo.FromFile, promo.Capture, promo.To, promo.Promotion, promo.Check = 2, true, record.MakeSquare(3, 7), 'Q', '#'
	castle := base
	castle.Castle, castle.To = record.CastleLong, record.NoSquare
	null := base
	null.Null, null.To = true, record.NoSquare
	return &record.Game{
		Tags: []record.Tag{
			{Name: "Event", Value: `a "quoted" <event> & more`, Pos: record.Pos{Line: 1, Col: 1}},
			{Name: "Variant", Value: "andhra", Pos: record.Pos{Line: 2, Col: 1, Offset: 20}},
			{Name: "Zebra", Value: ""},
		},
		Moves: []record.Node{
			{Kind: record.KindMoveNumber, Number: 1, Dots: 1, Text: "1."},
			mv("e3", e3),
			mv("Nf3", nf3),
			{Kind: record.KindComment, Text: " a comment {nested?} ünïcode "},
			{Kind: record.KindNAG, Number: 14},
			record.VariationNode(record.Pos{}, []record.Node{
				{Kind: record.KindMoveNumber, Number: 1, Dots: 3},
				mv("e2-e4", long),
				record.VariationNode(record.Pos{}, []record.Node{mv("--", null)}),
				{Kind: record.KindLineComment, Text: " rest of line"},
			}),
			record.VariationNode(record.Pos{}, []record.Node{}),
			mv("K~xd3+!?", leap),
			mv("Bxg1/b8=N", conv),
			mv("cxd8=Q#", promo),
			mv("O-O-O", castle),
			{Kind: record.KindEscape, Text: "escaped line"},
		},
		Result:      "1-0",
		ResultPos:   record.Pos{Line: 9, Col: 2, Offset: 99},
		Trailing:    []byte("garbage after the result"),
		TrailingPos: record.Pos{Line: 9, Col: 6, Offset: 103},
		Pos:         record.Pos{Line: 1, Col: 1},
		Notices: []record.Notice{
			{Pos: record.Pos{Line: 3, Col: 5}, Rule: "lenient-notation", Severity: record.Warning, Message: "e2-e4"},
		},
	}
}

func TestJSONRoundTripRecord(t *testing.T) {
	for _, lines := range []bool{false, true} {
		g := sampleGame()
		broken := &record.Game{
			Tags:    []record.Tag{{Name: "Event", Value: "x"}},
			Source:  []byte("[Event \"x\"]\n\n1. e4 )) *\n"),
			Notices: []record.Notice{{Rule: "syntax", Severity: record.Error, Message: "unexpected )"}},
		}
		var buf bytes.Buffer
		w := jsongame.NewWriter(&buf, lines)
		for _, gg := range []*record.Game{g, broken} {
			if err := w.Write(jsongame.GameToJSON(gg)); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if lines && strings.Count(buf.String(), "\n") != 2 {
			t.Errorf("JSONL: want 2 lines, got %q", buf.String())
		}
		if strings.Contains(buf.String(), `\u003c`) {
			t.Errorf("HTML escaping should be off: %s", buf.String())
		}
		r := jsongame.NewReader(&buf)
		for i, want := range []*record.Game{g, broken} {
			got, err := r.ReadGame()
			if err != nil {
				t.Fatalf("lines=%v game %d: %v", lines, i+1, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("lines=%v game %d differs:\n got %#v\nwant %#v", lines, i+1, got, want)
			}
		}
		if _, err := r.ReadGame(); err != io.EOF {
			t.Errorf("lines=%v: want io.EOF after the last game, got %v", lines, err)
		}
	}
}

// TestJSONLenientEveryBit: every form a record.Lenient can hold comes back
// from JSON, by its name or, for a form this writer does not name, as
// bitN: the widest bit too, so that no form is lost to the width.
func TestJSONLenientEveryBit(t *testing.T) {
	var all record.Lenient
	for bit := 0; ; bit++ {
		l := record.Lenient(1) << bit
		if l == 0 {
			break
		}
		all |= l
		g := sampleGame()
		g.Moves[1].Move.Lenient = l
		var buf bytes.Buffer
		w := jsongame.NewWriter(&buf, true)
		if err := w.Write(jsongame.GameToJSON(g)); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		got, err := jsongame.NewReader(&buf).ReadGame()
		if err != nil {
			t.Fatalf("bit %d: %v\n%s", bit, err, buf.String())
		}
		if got.Moves[1].Move.Lenient != l {
			t.Errorf("bit %d: read back as %#x", bit, got.Moves[1].Move.Lenient)
		}
	}
	if all&record.LenientDashCapture == 0 || all&record.LenientOwnFile == 0 {
		t.Errorf("the loop stopped before the forms of the record (%#x)", all)
	}
}

func TestJSONReaderForms(t *testing.T) {
	for name, in := range map[string]string{
		"empty array":  "[]",
		"empty input":  "  \n",
		"single":       `{"tags":[],"moves":[],"result":"*"}`,
		"bom array":    "\xEF\xBB\xBF[ {\"tags\":[],\"moves\":[]} ,\n{\"tags\":[],\"moves\":[]}]",
		"two lines":    "{\"tags\":[],\"moves\":[]}\n{\"tags\":[],\"moves\":[]}\n",
		"bad kind":     `{"tags":[],"moves":[{"kind":"bogus"}]}`,
		"bad square":   `{"tags":[],"moves":[{"kind":"move","move":{"written":"e9","to":"e9"}}]}`,
		"not json":     `[Event "x"]`,
		"truncated":    `[{"tags":[]`,
		"bad severity": `{"tags":[],"moves":[],"notices":[{"rule":"x","severity":"fatal","message":""}]}`,
	} {
		want := map[string]int{"empty array": 0, "empty input": 0, "single": 1, "bom array": 2, "two lines": 2}
		r := jsongame.NewReader(strings.NewReader(in))
		n := 0
		var err error
		for {
			if _, err = r.ReadGame(); err != nil {
				break
			}
			n++
		}
		if w, ok := want[name]; ok {
			if err != io.EOF || n != w {
				t.Errorf("%s: got %d games, err %v; want %d, EOF", name, n, err, w)
			}
		} else if err == io.EOF || err == nil {
			t.Errorf("%s: want an error, got %v after %d games", name, err, n)
		}
	}
}

// TestJSONNumberBounds: a node holds a move number or NAG in 32 bits and
// dots in 16; a JSON record with more is refused, naming the node, rather
// than read as another number.
func TestJSONNumberBounds(t *testing.T) {
	ip := func(v int) *int { return &v }
	cases := []struct {
		node jsongame.Node
		ok   bool
	}{
		{jsongame.Node{Kind: "number", Number: ip(record.MaxNumber), Dots: ip(record.MaxDots)}, true},
		{jsongame.Node{Kind: "number", Number: ip(record.MaxNumber + 1), Dots: ip(1)}, false},
		{jsongame.Node{Kind: "number", Number: ip(1), Dots: ip(record.MaxDots + 1)}, false},
		{jsongame.Node{Kind: "number", Number: ip(1), Dots: ip(-1)}, false},
		{jsongame.Node{Kind: "nag", Number: ip(record.MaxNumber + 1)}, false},
	}
	for _, c := range cases {
		g, err := jsongame.GameFromJSON(&jsongame.Game{Moves: []jsongame.Node{c.node}})
		switch {
		case c.ok && err != nil:
			t.Errorf("%s %d/%v: %v", c.node.Kind, *c.node.Number, c.node.Dots, err)
		case c.ok && (int(g.Moves[0].Number) != *c.node.Number || int(g.Moves[0].Dots) != *c.node.Dots):
			t.Errorf("number %d with %d dots read as %d with %d", *c.node.Number, *c.node.Dots, g.Moves[0].Number, g.Moves[0].Dots)
		case !c.ok && (err == nil || !strings.Contains(err.Error(), "moves[0]")):
			t.Errorf("%s %d: error %v, want one naming moves[0]", c.node.Kind, *c.node.Number, err)
		}
	}
}

// A JSON game's variations are held to the depth limit, as a PGN game's
// are: nested as deep as the limit they are read, one level deeper the
// game is its tags and a `limit` error at the variation that goes too
// deep, and the games around it are read. The depth is checked before the
// reader recurses into a variation, and an error deep inside names its
// node's path without building a path for every node (their memory grows
// with the square of the depth).
func TestJSONDepthLimit(t *testing.T) {
	const move = `{"kind":"move","move":{"written":"d4","to":"d4"}}`
	nested := func(depth int) string {
		var b strings.Builder
		b.WriteString(`{"tags":[{"name":"Event","value":"deep"}],"moves":[`)
		for i := 1; i <= depth; i++ {
			fmt.Fprintf(&b, `%s,{"kind":"variation","pos":[1,%d,%d],"variation":[`, move, i, i-1)
		}
		b.WriteString(move + strings.Repeat("]}", depth) + `],"result":"*"}`)
		return b.String()
	}
	const ok = `{"tags":[{"name":"Event","value":"ok"}],"moves":[{"kind":"move","move":{"written":"e4","to":"e4"}}],"result":"*"}`
	for _, c := range []struct {
		depth, maxDepth int
		read            bool
	}{{10, 10, true}, {11, 10, false}, {1000, 0, true}, {4000, 0, true}, {4000, 1000, false}} {
		jr := jsongame.NewReader(strings.NewReader(ok + "\n" + nested(c.depth) + "\n" + ok + "\n"))
		jr.SetLimits(grammar.Limits{MaxDepth: c.maxDepth})
		var games []*record.Game
		for {
			g, err := jr.ReadGame()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("depth %d, limit %d: %v", c.depth, c.maxDepth, err)
			}
			games = append(games, g)
		}
		if len(games) != 3 || len(games[0].Moves) != 1 || len(games[2].Moves) != 1 {
			t.Fatalf("depth %d, limit %d: %d games, the games around the deep one not read", c.depth, c.maxDepth, len(games))
		}
		g, se := games[1], games[1].SyntaxError()
		if c.read {
			if se != nil || variationDepth(g.Moves) != c.depth {
				t.Errorf("depth %d, limit %d: read %d deep, error %+v; want it read whole", c.depth, c.maxDepth, variationDepth(g.Moves), se)
			}
			continue
		}
		want := min(c.maxDepth, c.depth) + 1
		if se == nil || se.Rule != ruleid.Limit || se.Pos.Col != want || len(g.Moves) != 0 || g.Tags[0].Value != "deep" ||
			!strings.Contains(se.Message, fmt.Sprintf("nested %d deep", want)) {
			t.Errorf("depth %d, limit %d: %d nodes, error %+v; want its tags and a limit error at the variation %d deep", c.depth, c.maxDepth, len(g.Moves), se, want)
		}
	}
	// An error inside a deep variation still names the node.
	bad := strings.Replace(nested(50), `"written":"d4","to":"d4"}}]`, `"written":"d4","to":"d9"}}]`, 1)
	_, err := jsongame.NewReader(strings.NewReader(bad)).ReadGame()
	if want := "moves[1]" + strings.Repeat(".variation[1]", 49) + ".variation[0]: "; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a bad square 50 deep: error %v, want one naming %s", err, want)
	}
}

// TestJSONKeepsPrintedForms: the forms of print the reader accepts (a
// typeset dash in castling, mate written ++) are named in the JSON and
// read back as the same flags, not dropped.
func TestJSONKeepsPrintedForms(t *testing.T) {
	gs, err := grammar.ReadAll(strings.NewReader("[Event \"x\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Nf3 Nf6 4. 0–0 Bc5 5. Bxf7++ *\n"), "f.pgn")
	if err != nil || len(gs) != 1 {
		t.Fatalf("%v, %d games", err, len(gs))
	}
	var buf bytes.Buffer
	w := jsongame.NewWriter(&buf, true)
	if err := w.Write(jsongame.GameToJSON(gs[0])); err != nil {
		t.Fatal(err)
	}
	w.Close()
	for _, name := range []string{`"dash"`, `"double-plus"`} {
		if !strings.Contains(buf.String(), name) {
			t.Errorf("the JSON does not name %s: %s", name, buf.String())
		}
	}
	back, err := jsongame.NewReader(&buf).ReadGame()
	if err != nil {
		t.Fatal(err)
	}
	var flags record.Lenient
	for _, n := range back.Moves {
		if n.Move != nil {
			flags |= n.Move.Lenient
		}
	}
	if flags&record.LenientDash == 0 || flags&record.LenientDoublePlus == 0 {
		t.Errorf("read back, the moves' forms are %b", flags)
	}
}
