package grammar_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// dump writes a movetext tree from the parsed parts (not the move's Text),
// so that the test sees what the reader understood.
func dump(ns []record.Node) string {
	var parts []string
	for _, n := range ns {
		switch n.Kind {
		case record.KindMove:
			parts = append(parts, dumpMove(n.Move))
		case record.KindMoveNumber:
			parts = append(parts, fmt.Sprintf("#%d%s", n.Number, strings.Repeat(".", int(n.Dots))))
		case record.KindComment:
			parts = append(parts, "{"+n.Text+"}")
		case record.KindLineComment:
			parts = append(parts, ";"+n.Text)
		case record.KindEscape:
			parts = append(parts, "%"+n.Text)
		case record.KindNAG:
			parts = append(parts, fmt.Sprintf("$%d", n.Number))
		case record.KindVariation:
			parts = append(parts, "("+dump(n.Variation())+")")
		}
	}
	return strings.Join(parts, " ")
}

func dumpMove(m *record.Move) string {
	var sb strings.Builder
	if m.Joined {
		sb.WriteString(",")
	}
	switch {
	case m.Null:
		sb.WriteString("null")
	case m.Castle == record.CastleShort:
		sb.WriteString("castle-short")
	case m.Castle == record.CastleLong:
		sb.WriteString("castle-long")
	default:
		if m.Piece != 0 {
			sb.WriteByte(m.Piece)
		} else {
			sb.WriteString("P")
		}
		if m.Leap {
			sb.WriteString("~")
		}
		if m.FromFile >= 0 {
			sb.WriteByte(byte('a' + m.FromFile))
		}
		if m.FromRank >= 0 {
			sb.WriteByte(byte('1' + m.FromRank))
		}
		if m.Capture {
			sb.WriteString("x")
		}
		sb.WriteString(">" + m.To.String())
		if m.Promotion != 0 {
			sb.WriteString("=" + string(m.Promotion))
		}
	}
	if m.ConvSquare != record.NoSquare {
		sb.WriteString("/" + m.ConvSquare.String() + "=" + string(m.ConvPiece))
	}
	if m.Check != 0 {
		sb.WriteByte(m.Check)
	}
	if m.Glyph != "" {
		sb.WriteString("[" + m.Glyph + "]")
	}
	if m.Lenient != 0 {
		fmt.Fprintf(&sb, "<lenient %d>", m.Lenient)
	}
	return sb.String()
}

func readOne(t *testing.T, text string) *record.Game {
	t.Helper()
	games, err := grammar.ReadAll(strings.NewReader(text), "n.pgn")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 {
		t.Fatalf("%d games in %q", len(games), text)
	}
	return games[0]
}

func notices(g *record.Game) string {
	var out []string
	for _, n := range g.Notices {
		out = append(out, fmt.Sprintf("%d:%d %s %s", n.Pos.Line, n.Pos.Col, n.Severity, n.Rule))
	}
	return strings.Join(out, "; ")
}

// TestNotationExamples reads every example of docs/notation.md.
func TestNotationExamples(t *testing.T) {
	tests := []struct {
		name, text, moves, result, notices string
	}{
		{"section 2 movetext",
			"1. e4 $1 e5! 2. Nf3?? {a brace comment} 2... Nc6!? ; to the end of the line\n% an escape line\n3. Bb5?! (3. Bc4!! (3. d4 exd4) 3... Bc5?) 3... a6 1-0",
			"#1. P>e4 $1 P>e5[!] #2. N>f3[??] {a brace comment} #2... N>c6[!?] ; to the end of the line % an escape line #3. B>b5[?!] (#3. B>c4[!!] (#3. P>d4 Pex>d4) #3... B>c5[?]) #3... P>a6",
			"1-0", ""},
		{"termination 0-1", "1. f3 e5 2. g4 Qh4# 0-1", "#1. P>f3 P>e5 #2. P>g4 Q>h4#", "0-1", ""},
		{"termination draw", "1. e4 e5 1/2-1/2", "#1. P>e4 P>e5", "1/2-1/2", ""},
		{"termination unfinished", "1. e4 *", "#1. P>e4", "*", ""},
		{"null move", "1. e4 -- 2. d4 *", "#1. P>e4 null #2. P>d4", "*", ""},
		{"section 2.1 leap", "1. K~d3 K~xd3 2. K~c2+ *", "#1. K~>d3 K~x>d3 #2. K~>c2+", "*", ""},
		{"section 2.2 promotion", "1. b8=N cxd8=Q+ *", "#1. P>b8=N Pcx>d8=Q+", "*", ""},
		{"section 2.2 waiting pawn", "1. b8 exd8 *", "#1. P>b8 Pex>d8", "*", ""},
		{"section 2.2 conversion", "1. Bxg1/b8=N Rxa1/h8=R+ *", "#1. Bx>g1/b8=N Rx>a1/h8=R+", "*", ""},
		{"section 2.3 compound turns", "1. e3,Nf3,g3 e6,Nf6,g6 2. Bg2 Bg7 *",
			"#1. P>e3 ,N>f3 ,P>g3 P>e6 ,N>f6 ,P>g6 #2. B>g2 B>g7", "*", ""},
		{"lenient 0-0", "1. 0-0 0-0-0 *", "#1. castle-short<lenient 4> castle-long<lenient 4>", "*",
			"1:4 warning lenient-notation; 1:8 warning lenient-notation"},
		{"lenient long algebraic", "1. e2-e4 e7e5 2. Ng1-f3 *",
			"#1. Pe2>e4<lenient 3> Pe7>e5<lenient 1> #2. Ng1>f3<lenient 3>", "*",
			"1:4 warning lenient-notation; 1:10 warning lenient-notation; 1:18 warning lenient-notation"},
		{"missing move numbers", "e4 e5 Nf3 Nc6 *", "P>e4 P>e5 N>f3 N>c6", "*", "1:1 warning move-number"},
		{"move number out of order", "1. e4 e5 3. Nf3 *", "#1. P>e4 P>e5 #3. N>f3", "*", "1:10 warning move-number"},
		{"missing and superfluous x, + as written", "1. e4 d5 2. ed5 *", "", "", "1:13 error syntax"},
		{"check marks as written", "1. e4+ exd5# *", "#1. P>e4+ Pex>d5#", "*", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := readOne(t, tc.text)
			if got := notices(g); got != tc.notices {
				t.Errorf("notices %q, want %q (%+v)", got, tc.notices, g.Notices)
			}
			if g.SyntaxError() != nil {
				return
			}
			if got := dump(g.Moves); got != tc.moves {
				t.Errorf("moves\n got %s\nwant %s", got, tc.moves)
			}
			if g.Result != tc.result {
				t.Errorf("result %q, want %q", g.Result, tc.result)
			}
		})
	}
}

// TestTags: tags kept in order, unknown ones included, escapes undone; the
// two rule tags of docs/notation.md section 1 are plain tags to the reader.
func TestTags(t *testing.T) {
	g := readOne(t, "[Event \"a \\\"quoted\\\" \\\\ name\"]\n[Variant \"hindustani\"]\n[Rules \"elephant=dabbaba; stalemate=stalemater-wins\"]\n[MyTag \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n1. Ka2 *\n")
	want := []record.Tag{
		{Name: "Event", Value: `a "quoted" \ name`, Pos: record.Pos{Line: 1, Col: 1, Offset: 0}},
		{Name: "Variant", Value: "hindustani"},
		{Name: "Rules", Value: "elephant=dabbaba; stalemate=stalemater-wins"},
		{Name: "MyTag", Value: "x"},
		{Name: "SetUp", Value: "1"},
		{Name: "FEN", Value: "8/8/8/8/8/8/8/K6k w - - 0 1"},
	}
	if len(g.Tags) != len(want) {
		t.Fatalf("%d tags, want %d", len(g.Tags), len(want))
	}
	for i := range want {
		if g.Tags[i].Name != want[i].Name || g.Tags[i].Value != want[i].Value || g.Tags[i].Pos.Line != i+1 || g.Tags[i].Pos.Col != 1 {
			t.Errorf("tag %d: %+v, want %+v on line %d", i, g.Tags[i], want[i], i+1)
		}
	}
	if len(g.Notices) != 0 {
		t.Errorf("notices: %+v", g.Notices)
	}
}

// TestPositions: line, column (bytes) and offset of every kind of node,
// with a BOM and CRLF line ends.
func TestPositions(t *testing.T) {
	text := "\xef\xbb\xbf[Event \"é\"]\r\n\r\n1. e4 {c}\r\n( 1. d4 ) $2 *\r\n"
	g := readOne(t, text)
	if len(g.Notices) != 0 {
		t.Fatalf("notices %+v", g.Notices)
	}
	check := func(what string, p record.Pos, line, col int) {
		t.Helper()
		if p.Line != line || p.Col != col {
			t.Errorf("%s at %d:%d, want %d:%d", what, p.Line, p.Col, line, col)
		}
		lineStart := strings.LastIndexByte(text[:p.Offset], '\n') + 1
		if lineStart == 0 {
			lineStart = 3 // columns count from after the BOM
		}
		if p.Offset-lineStart+1 != p.Col {
			t.Errorf("%s: offset %d does not match column %d", what, p.Offset, p.Col)
		}
	}
	check("tag", g.Tags[0].Pos, 1, 1)
	check("move number", g.Moves[0].Pos, 3, 1)
	check("e4", g.Moves[1].Pos, 3, 4)
	check("comment", g.Moves[2].Pos, 3, 7)
	check("variation", g.Moves[3].Pos, 4, 1)
	check("d4", g.Moves[3].Variation()[1].Pos, 4, 6)
	check("NAG", g.Moves[4].Pos, 4, 11)
	check("result", g.ResultPos, 4, 14)
	if g.Tags[0].Value != "é" {
		t.Errorf("tag value %q", g.Tags[0].Value)
	}
	// A compound turn: each move has its own column.
	g = readOne(t, "1. e3,Nf3,g3 *")
	check2 := []int{4, 7, 11}
	for i, col := range check2 {
		if g.Moves[i+1].Pos.Col != col {
			t.Errorf("compound move %d at column %d, want %d", i, g.Moves[i+1].Pos.Col, col)
		}
	}
}
