package grammar_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
)

// A lone `.` is a token (PGN standard, section 7): the forms other programs
// write around move numbers are read, with a lenient-notation warning where
// the form is unusual. `1. ... e5` is what chess.js writes for a game that
// starts with black to move.
func TestLoneDots(t *testing.T) {
	cases := []struct {
		movetext string
		moves    []string
		warnings []string // messages of the lenient-notation warnings, in order
	}{
		{"1. ... e5 2. Nf3 *", []string{"e5", "Nf3"}, nil},
		{"1 .d4 d5 *", []string{"d4", "d5"}, []string{"`1 .`: a move number is written `1.` or `1...`"}},
		{"1. d4 d5 2 . Nf3 *", []string{"d4", "d5", "Nf3"}, []string{"`2 .`"}},
		{"1. d4 d5 2. c4 e6 (2... c6 3 . Nf3) *", []string{"d4", "d5", "c4", "e6", "c6", "Nf3"}, []string{"`3 .`"}},
		{"1. d4 ... d5 *", []string{"d4", "d5"}, []string{"`...` without a move number before it"}},
	}
	for _, c := range cases {
		fen := ""
		if strings.HasPrefix(c.movetext, "1. ...") {
			fen = "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n[SetUp \"1\"]\n"
		}
		checkLenientReading(t, "[Event \"t\"]\n"+fen+"\n", c.movetext, c.moves, c.warnings)
	}
}

// checkLenientReading reads movetext after head (the tags and the blank
// line) and checks that it reads to moves (their texts as written), with
// lenient-notation warnings that contain warnings, in order.
func checkLenientReading(t *testing.T, head, movetext string, moves, warnings []string) {
	t.Helper()
	g := readOne(t, head+movetext+"\n")
	if n := g.SyntaxError(); n != nil {
		t.Errorf("%s: syntax error %s", movetext, n.Message)
		return
	}
	if got := moveTexts(g.Moves); !slices.Equal(got, moves) {
		t.Errorf("%s: moves %q, want %q", movetext, got, moves)
	}
	var warns []string
	for _, n := range g.Notices {
		if n.Rule == "lenient-notation" {
			warns = append(warns, n.Message)
		}
	}
	if len(warns) != len(warnings) {
		t.Errorf("%s: lenient-notation warnings %q, want %d", movetext, warns, len(warnings))
		return
	}
	for i := range warns {
		if !strings.Contains(warns[i], warnings[i]) {
			t.Errorf("%s: warning %q, want it to contain %q", movetext, warns[i], warnings[i])
		}
	}
}

func moveTexts(ns []record.Node) []string {
	var out []string
	for _, n := range ns {
		switch n.Kind {
		case record.KindMove:
			out = append(out, n.Text)
		case record.KindVariation:
			out = append(out, moveTexts(n.Variation())...)
		}
	}
	return out
}

// An unescaped quote inside a tag value is recovered as python-chess reads
// it (its tag pattern runs to the last `"` before `]`: the value of
// `[White ""Mirage""]` is `"Mirage"`), with a warning, instead of losing the
// game. The five such games of pychess-learn.pgn are all read.
func TestUnescapedQuoteInTag(t *testing.T) {
	g := readOne(t, "[White \"\"Socrates Expert\"\"]\n[Black \"a \\\"b\\\" c\"]\n[Event \"x\" ]\n\n1. e4 *\n")
	if n := g.SyntaxError(); n != nil {
		t.Fatalf("syntax error: %s", n.Message)
	}
	if w, _ := g.Tag("White"); w != `"Socrates Expert"` {
		t.Errorf("White = %q", w)
	}
	if b, _ := g.Tag("Black"); b != `a "b" c` {
		t.Errorf("Black (escaped quotes) = %q", b)
	}
	warned := 0
	for _, n := range g.Notices {
		if n.Rule == "lenient-notation" {
			warned++
			if n.Pos.Line != 1 {
				t.Errorf("warning on line %d, want 1 (the White tag)", n.Pos.Line)
			}
		}
	}
	if warned != 1 {
		t.Errorf("%d lenient-notation warnings, want 1 (escaped quotes are fine)", warned)
	}

	path := testenv.SharedDir(t, "data", "peers", "pychess-learn.pgn")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := grammar.ReadAll(f, path)
	if err != nil {
		t.Fatal(err)
	}
	recovered := 0
	for _, g := range games {
		quoted := false
		for _, tag := range g.Tags {
			if strings.HasPrefix(tag.Value, `"`) && strings.HasSuffix(tag.Value, `"`) {
				quoted = true
			}
		}
		if !quoted {
			continue
		}
		recovered++
		if n := g.SyntaxError(); n != nil {
			t.Errorf("game at line %d: syntax error %s", g.Pos.Line, n.Message)
		}
		if countMoves(g.Moves) == 0 {
			t.Errorf("game at line %d: no moves read", g.Pos.Line)
		}
	}
	if recovered != 5 {
		t.Errorf("%d games with a quoted player name read, want the 5 of the file", recovered)
	}
}

// TestMoveNumberBounds: a node holds a move number in 32 bits and its dots
// in 16 (record.MaxNumber, record.MaxDots); the largest are read, one more
// is a syntax error at the number, never a number cut short.
func TestMoveNumberBounds(t *testing.T) {
	cases := []struct {
		movetext string
		number   int32  // the first node's number when read
		dots     uint16 // and its dots
		err      string // else a piece of the syntax error
	}{
		{"2147483647. e4 *", record.MaxNumber, 1, ""},
		{"2147483648. e4 *", 0, 0, "from 1 to 2147483647"},
		{"1" + strings.Repeat(".", record.MaxDots) + " e5 *", 1, record.MaxDots, ""},
		{"1" + strings.Repeat(".", record.MaxDots+1) + " e5 *", 0, 0, "at most 65535 dots"},
		{"1. " + strings.Repeat(".", record.MaxDots+1) + " e5 *", 0, 0, "at most 65535 dots"},
	}
	for _, c := range cases {
		games, err := grammar.ReadAll(strings.NewReader(c.movetext), "n.pgn")
		if err != nil || len(games) != 1 {
			t.Fatalf("%.20q: %d games, %v", c.movetext, len(games), err)
		}
		g := games[0]
		se := g.SyntaxError()
		switch {
		case c.err != "":
			if se == nil || !strings.Contains(se.Message, c.err) || se.Pos.Col != 1 {
				t.Errorf("%.20q: syntax error %+v, want one at column 1 with %q", c.movetext, se, c.err)
			}
			if se != nil && len(se.Message) > 200 {
				t.Errorf("%.20q: a message of %d bytes", c.movetext, len(se.Message))
			}
		case se != nil:
			t.Errorf("%.20q: %v", c.movetext, se)
		case g.Moves[0].Kind != record.KindMoveNumber || g.Moves[0].Number != c.number || g.Moves[0].Dots != c.dots:
			t.Errorf("%.20q: first node %v %d with %d dots, want a number %d with %d", c.movetext, g.Moves[0].Kind, g.Moves[0].Number, g.Moves[0].Dots, c.number, c.dots)
		}
	}
}
