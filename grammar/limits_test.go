package grammar

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
)

func TestCheckLimits(t *testing.T) {
	lim := Limits{MaxDepth: 3, MaxToken: 10, MaxGameBytes: 0}
	cases := []struct {
		name, src string
		line, col int    // 0: no notice
		msg       string // part of the message
	}{
		{"within both", "1. e4 (1. d4 (1. c4)) {short} e5 *\n", 0, 0, ""},
		{"long comment", "[Event \"x\"]\n\n1. e4 {a comment of many bytes} *\n", 3, 7, "a comment of 25 bytes"},
		{"long tag value", "[Event \"a very long event\"]\n\n1. e4 *\n", 1, 8, "a tag value of 19 bytes"},
		{"long move", "1. e4 Nf3Nf3Nf3Nf3 *\n", 1, 7, "a token of 12 bytes"},
		{"long line comment", "1. e4 ; a long line comment\n*\n", 1, 7, "a comment"},
		{"four deep", "1. e4 (1. d4 (1. c4 (1. Nf3 (1. b3)))) *\n", 1, 29, "nested 4 deep"},
		{"parens in a comment do not count", "1. e4 {((((} (1. d4) *\n", 0, 0, ""},
		{"parens after the game do not count", "1. e4 * ((((((\n", 0, 0, ""},
		{"closing brings the depth down", "1. e4 (1. d4) (1. c4) (1. b3) (1. g3) *\n", 0, 0, ""},
		{"lexical error is the parser's", "1. e4 {unclosed (((\n", 0, 0, ""},
		// Past a lexical error the depth is still counted, from the byte
		// after the bad token's first: the descriptive reader reads on
		// after a `"`.
		{"deep after an unclosed comment", "1. e4 {unclosed ((((\n", 1, 20, "nested 4 deep"},
		{"deep after an unterminated quote", "1. e4 \"( ( ( (\n", 1, 14, "nested 4 deep"},
		{"deep on the lines after an unterminated quote", "1. e4 \"\n(\n(\n(\n(\n", 5, 1, "nested 4 deep"},
		{"deep after a NAG without a number", "1. e4 $ ((((\n", 1, 12, "nested 4 deep"},
		{"a long token after a lexical error is the parser's", "1. e4 \"x\n{a comment of many bytes} *\n", 0, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ch := Chunk{Data: []byte(c.src), Pos: record.Pos{Line: 1, Col: 1}}
			n := checkLimits(&ch, c.src, "f.pgn", lim)
			if c.line == 0 {
				if n != nil {
					t.Fatalf("unexpected notice %+v", n)
				}
				return
			}
			if n == nil {
				t.Fatalf("no notice, want one at %d:%d", c.line, c.col)
			}
			if n.Rule != ruleid.Limit || n.Severity != record.Error || n.Pos.Line != c.line || n.Pos.Col != c.col || !strings.Contains(n.Message, c.msg) {
				t.Fatalf("notice %+v, want %s at %d:%d saying %q", n, ruleid.Limit, c.line, c.col, c.msg)
			}
		})
	}
	// No limit at all: nothing is lexed, nothing is reported.
	src := "1. e4 " + strings.Repeat("(", 5000) + strings.Repeat(")", 5000) + " {" + strings.Repeat("x", 5000) + "} *"
	if n := checkLimits(&Chunk{Data: []byte(src), Pos: record.Pos{Line: 1, Col: 1}}, src, "f.pgn", Limits{}); n != nil {
		t.Fatalf("zero limits reported %+v", n)
	}
}

func TestSplitterGameLimit(t *testing.T) {
	small := "[Event \"a\"]\n\n1. e4 *\n\n"
	long := "[Event \"b\"]\n\n1. e4 {" + strings.Repeat("x", 300) + "}\n" + strings.Repeat("e5 ", 100) + "\n*\n\n"
	tail := "[Event \"c\"]\n\n1. d4 *\n"
	for _, name := range []string{"one long line", "many lines"} {
		t.Run(name, func(t *testing.T) {
			mid := long
			if name == "many lines" {
				mid = "[Event \"b\"]\n\n" + strings.Repeat("1. e4 e5\n", 80) + "*\n\n"
			}
			src := small + mid + tail
			sp := NewSplitter(strings.NewReader(src))
			sp.SetLimits(Limits{MaxGameBytes: 100})
			var chunks []Chunk
			for {
				c, err := sp.Next()
				if err != nil {
					break
				}
				chunks = append(chunks, c)
			}
			if len(chunks) != 3 {
				t.Fatalf("%d chunks, want 3", len(chunks))
			}
			c := chunks[1]
			if !c.Truncated || c.Size != len(mid) || len(c.Data) > 100 || !strings.HasPrefix(mid, string(c.Data)) {
				t.Fatalf("middle chunk: truncated %v, size %d (want %d), %d bytes kept", c.Truncated, c.Size, len(mid), len(c.Data))
			}
			if c.CutPos.Line < 3 || c.CutPos.Offset <= len(small) || c.CutPos.Offset >= len(small)+len(mid) {
				t.Fatalf("cut at %+v, not inside the game", c.CutPos)
			}
			last := chunks[2]
			if last.Truncated || string(last.Data) != tail || last.Pos.Offset != len(small)+len(mid) ||
				last.Pos.Line != 1+strings.Count(small+mid, "\n") {
				t.Fatalf("the game after the long one is not read whole at its place: %+v %q", last.Pos, last.Data)
			}
			g := ParseChunk(c, "f.pgn")
			se := g.SyntaxError()
			if !g.Truncated || se == nil || se.Rule != ruleid.Limit || se.Pos != c.CutPos || !strings.Contains(se.Message, "--max-game-bytes") {
				t.Fatalf("truncated game read as %+v, notices %+v", g.Truncated, g.Notices)
			}
			if g2 := ParseChunk(last, "f.pgn"); g2.SyntaxError() != nil || len(g2.Moves) != 2 {
				t.Fatalf("last game: %+v", g2.Notices)
			}
		})
	}
	// Without a limit the same text is three whole games.
	sp := NewSplitter(strings.NewReader(small + long + tail))
	sp.SetLimits(Limits{})
	for i := 0; i < 3; i++ {
		c, err := sp.Next()
		if err != nil || c.Truncated {
			t.Fatalf("game %d: %v, truncated %v", i+1, err, c.Truncated)
		}
	}
	// A long line of a game at the end of the input.
	sp = NewSplitter(strings.NewReader(small + "[Event \"z\"]\n\n1. e4 {" + strings.Repeat("y", 5000)))
	sp.SetLimits(Limits{MaxGameBytes: 64})
	if _, err := sp.Next(); err != nil {
		t.Fatal(err)
	}
	c, err := sp.Next()
	if err != nil || !c.Truncated || c.Size != len("[Event \"z\"]\n\n1. e4 {")+5000 {
		t.Fatalf("last game: %v, truncated %v, size %d", err, c.Truncated, c.Size)
	}
	if _, err := sp.Next(); err == nil {
		t.Fatal("a game after the end")
	}
}

// A chunk over a token or depth limit is one `limit` notice, and the game
// is not read (its moves would be incomplete).
func TestParseChunkLimits(t *testing.T) {
	src := "[Event \"x\"]\n\n1. e4 {" + strings.Repeat("c", 200) + "} e5 *\n"
	sp := NewSplitter(strings.NewReader(src))
	sp.SetLimits(Limits{MaxToken: 100, MaxDepth: 10, MaxGameBytes: 1000})
	c, err := sp.Next()
	if err != nil {
		t.Fatal(err)
	}
	g := ParseChunk(c, "f.pgn")
	if se := g.SyntaxError(); se == nil || se.Rule != ruleid.Limit || se.Pos.Line != 3 || se.Pos.Col != 7 || len(g.Moves) != 0 {
		t.Fatalf("notices %+v, %d moves", g.Notices, len(g.Moves))
	}
	sp = NewSplitter(strings.NewReader(src))
	sp.SetLimits(Limits{MaxToken: 1000, MaxDepth: 10, MaxGameBytes: 1000})
	c, _ = sp.Next()
	if g := ParseChunk(c, "f.pgn"); g.SyntaxError() != nil || len(g.Moves) == 0 {
		t.Fatalf("raised limit: notices %+v", g.Notices)
	}
}

// The descriptive reader holds the depth limit itself: the SAN lexer's
// check does not see the `(` it nests into (after a `"`, which is a tag
// value to the SAN lexer and a word to it). Read here without that check,
// a game nested as deep as the limit is read, one level deeper is a
// `limit` error at the `(` that opens it.
func TestDescriptiveDepthLimit(t *testing.T) {
	src := "1. P-K4 (1. P-Q4 (1. P-QB4 P-K3) P-Q4) P-K4 *\n"
	for _, c := range []struct {
		maxDepth int
		col      int // of the `limit` error; 0: none
	}{{2, 0}, {1, 18}} {
		ch := Chunk{Data: []byte(src), Pos: record.Pos{Line: 1, Col: 1}, notation: record.DescriptiveNotation, limits: Limits{MaxDepth: c.maxDepth}}
		g := &record.Game{Source: ch.Data, Pos: ch.Pos, Notation: ch.notation}
		parseDescriptiveChunk(&ch, "f.pgn", src, &builder{g: g, filename: "f.pgn"})
		se := g.SyntaxError()
		if c.col == 0 {
			if se != nil || len(g.Moves) == 0 {
				t.Errorf("--max-depth %d: error %+v, %d nodes", c.maxDepth, se, len(g.Moves))
			}
			continue
		}
		if se == nil || se.Rule != ruleid.Limit || se.Pos.Col != c.col || !strings.Contains(se.Message, "nested 2 deep") {
			t.Errorf("--max-depth %d: error %+v, want a limit error at 1:%d", c.maxDepth, se, c.col)
		}
	}
}
