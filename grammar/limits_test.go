package grammar

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/record"
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
		{"lexical error is the parser's", "1. e4 {unclosed ((((\n", 0, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ch := Chunk{Data: []byte(c.src), Pos: record.Pos{Line: 1, Col: 1}}
			n := checkLimits(ch, c.src, "f.pgn", lim)
			if c.line == 0 {
				if n != nil {
					t.Fatalf("unexpected notice %+v", n)
				}
				return
			}
			if n == nil {
				t.Fatalf("no notice, want one at %d:%d", c.line, c.col)
			}
			if n.Rule != RuleLimit || n.Severity != record.Error || n.Pos.Line != c.line || n.Pos.Col != c.col || !strings.Contains(n.Message, c.msg) {
				t.Fatalf("notice %+v, want %s at %d:%d saying %q", n, RuleLimit, c.line, c.col, c.msg)
			}
		})
	}
	// No limit at all: nothing is lexed, nothing is reported.
	src := "1. e4 " + strings.Repeat("(", 5000) + strings.Repeat(")", 5000) + " {" + strings.Repeat("x", 5000) + "} *"
	if n := checkLimits(Chunk{Data: []byte(src), Pos: record.Pos{Line: 1, Col: 1}}, src, "f.pgn", Limits{}); n != nil {
		t.Fatalf("zero limits reported %+v", n)
	}
}
