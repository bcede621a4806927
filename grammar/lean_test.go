package grammar_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
)

// diffLean compares lean, what ParseChunkScratch gave for c with Plies
// asked, with full, c read whole: a chunk the lean read does not take is
// the record read whole; a lean game is one of which the full reader says
// nothing, with the full record's tags, result and positions, and whose
// main line holds only moves, right move numbers, comments and NAGs, its
// moves the plies' nodes (PlyNode) one for one.
func diffLean(c grammar.Chunk, full, lean *record.Game) string {
	if lean.Plies == nil {
		if d := diffGames(full, lean); d != "" {
			return "not taken, and not the record read whole: " + d
		}
		if lean.SourcePos != (record.Pos{}) || lean.MainPlain != full.MainPlain || lean.Notation != full.Notation || lean.Truncated != full.Truncated {
			return "not taken, and not the record read whole"
		}
		return ""
	}
	switch {
	case len(full.Notices) > 0:
		return "taken, where the full reader says " + fmt.Sprint(full.Notices)
	case len(lean.Notices) > 0 || lean.Moves != nil || !lean.MainPlain || lean.Recovered || lean.Truncated || lean.Trailing != nil:
		return fmt.Sprintf("a lean game with notices %v, moves %v, MainPlain %v, Recovered %v, Truncated %v, Trailing %q",
			lean.Notices, lean.Moves != nil, lean.MainPlain, lean.Recovered, lean.Truncated, lean.Trailing)
	case !full.MainPlain || full.Recovered || full.Trailing != nil:
		return "taken, where the full record is no plain main line"
	case !reflect.DeepEqual(full.Tags, lean.Tags):
		return fmt.Sprintf("tags %v vs %v", full.Tags, lean.Tags)
	case full.Result != lean.Result || full.ResultPos != lean.ResultPos || full.Pos != lean.Pos:
		return fmt.Sprintf("result or position %q %v %v vs %q %v %v", full.Result, full.ResultPos, full.Pos, lean.Result, lean.ResultPos, lean.Pos)
	case full.Notation != lean.Notation || !bytes.Equal(full.Source, lean.Source) || lean.SourcePos != c.Pos:
		return "notation, source or its position"
	}
	num, black := startNumber(full)
	if num == 0 {
		return "taken, where the first move's number is not known before it"
	}
	numbered, k := false, 0
	for i := range full.Moves {
		nd := &full.Moves[i]
		switch nd.Kind {
		case record.KindMove:
			if !black && !numbered {
				return fmt.Sprintf("white's move %s at %v without its number", nd.Text, nd.Pos)
			}
			if k >= len(lean.Plies) {
				return fmt.Sprintf("%d plies, the record has more moves", len(lean.Plies))
			}
			var n record.Node
			var m record.Move
			lean.PlyNode(k, &n, &m)
			if *nd.Move != m {
				return fmt.Sprintf("ply %d's move %+v, the record's %+v", k, m, *nd.Move)
			}
			n.Move = nd.Move
			if !reflect.DeepEqual(n, *nd) {
				return fmt.Sprintf("ply %d's node %+v, the record's %+v", k, n, *nd)
			}
			k++
			if black {
				num++
			}
			black, numbered = !black, false
		case record.KindMoveNumber:
			if numbered || int(nd.Number) != num || nd.Dots != 1 && (nd.Dots != 3 || !black) {
				return fmt.Sprintf("the number %s at %v, where %d is expected (black %v)", nd.Text, nd.Pos, num, black)
			}
			numbered = true
		case record.KindComment, record.KindNAG:
		default:
			return fmt.Sprintf("a node of kind %d at %v", nd.Kind, nd.Pos)
		}
	}
	if numbered || k != len(lean.Plies) {
		return fmt.Sprintf("%d plies, %d moves, a number last %v", len(lean.Plies), k, numbered)
	}
	return ""
}

// startNumber is the number and the side of a game's first move, from
// its FEN tag (0 when the tag gives no number).
func startNumber(g *record.Game) (int, bool) {
	fen, ok := g.Tag("FEN")
	if !ok {
		return 1, false
	}
	f := strings.Fields(fen)
	if len(f) < 6 {
		return 0, false
	}
	n, err := strconv.Atoi(f[5])
	if err != nil || n <= 0 {
		return 0, false
	}
	return n, f[1] == "b"
}

// leanFile reads every chunk of data whole and lean, and fails t at the
// first that diffLean finds wrong; it returns how many chunks there are
// and how many the lean read took.
func leanFile(t *testing.T, name string, data []byte) (chunks, taken int) {
	t.Helper()
	var whole, lean grammar.Scratch
	lean.Plies = true
	sp := grammar.NewSplitter(bytes.NewReader(data))
	for {
		c, err := sp.Next()
		if errors.Is(err, io.EOF) {
			return chunks, taken
		}
		if err != nil {
			t.Fatalf("%s: splitter: %v", name, err)
		}
		chunks++
		full := grammar.ParseChunkScratch(c, name, &whole)
		g := grammar.ParseChunkScratch(c, name, &lean)
		if d := diffLean(c, full, g); d != "" {
			t.Fatalf("%s, game %d: %s\nchunk %q", name, chunks, d, c.Data)
		}
		if g.Plies != nil {
			taken++
		}
	}
}

// TestLeanSameAsRecord reads every record file of the repository (corpus/,
// testdata/, grammar/testdata/) and of the shared data both ways, every
// chunk, and holds the lean read to the record read whole (diffLean).
func TestLeanSameAsRecord(t *testing.T) {
	files := testenv.RecordFiles(t, filepath.Join("..", "corpus"), filepath.Join("..", "testdata"), "testdata")
	if testenv.HasShared() {
		files = append(files, testenv.RecordFiles(t, testenv.SharedDir(t, "data"))...)
	} else {
		t.Logf("the shared data is absent: only the repository's files are read")
	}
	chunks, taken := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n, k := leanFile(t, f, data)
		chunks, taken = chunks+n, taken+k
	}
	t.Logf("%d files, %d games, %d read lean", len(files), chunks, taken)
	if taken == 0 {
		t.Fatal("the lean read took no game")
	}
}

// leanOf is the first chunk of text, read lean and whole, with the
// splitter set up by setup (when not nil).
func leanOf(t *testing.T, text string, setup func(*grammar.Splitter)) (c grammar.Chunk, full, lean *record.Game) {
	t.Helper()
	sp := grammar.NewSplitter(strings.NewReader(text))
	if setup != nil {
		setup(sp)
	}
	c, err := sp.Next()
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	sc := grammar.Scratch{Plies: true}
	return c, grammar.ParseChunk(c, "t.pgn"), grammar.ParseChunkScratch(c, "t.pgn", &sc)
}

// TestLeanTakes: the forms the lean read takes, each game read lean and
// the same as its record.
func TestLeanTakes(t *testing.T) {
	for _, text := range []string{
		"[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n",
		"1. e4 {a comment} e5 $1 2. Nf3 $14 {two\nlines} Nc6 *\n",
		"[Event \"a\"]\r\n\r\n1. e4 e5\r\n2. Nf3\tNc6 0-1\r\n",
		"1. e4 e5\r2. Nf3 Nc6 1/2-1/2\r",
		"1.e4 e5 2.Nf3 2... Nc6 *\n",
		"1. e4 1. e5 2. Nf3 *\n",
		"1. e4 e5 2. Nf3 Nf6 3. O-O Nc6 4. d4 O-O-O+ 5. d5 c6 6. dxc6 Kb8 7. cxb7 e4 8. bxa8=Q# 1-0\n",
		"[Event \"a\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n12... Kd7 13. e4 *\n",
		"[Event \"a\"]\n\n*\n",
		"{no tags, no moves} 1-0\n",
		"[Event \"" + strings.Repeat("x", 300) + "\"]\n\n1. d4 d5 *\n",
		"1. e4 e5 2. Nf3 {c}Nc6 *  \n\n",
		"[Event \"a\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 98\"]\n\n98. Kd2 Kd7 99. Ke3 Ke7 100. Kf4 Kf7 101. e4 *\n",
		"[Event \"a\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 2048\"]\n\n2048. Kd2 Kd7 2049. e4 *\n",
		"[Event \"a\"]\n[Annotator \"engine (depth 4)\"]\n\n1. e4 e5 *\n",
		"[Event \"a\"]\n[Site \"b (c)\"]  \n\n1. e4 e5 *\n",
		"1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4+! Nf6{c} 5. O-O!$1 O-O-O?\n6. d4!\r\nd5?\r7. exd5!! *\n",
	} {
		c, full, lean := leanOf(t, text, nil)
		if lean.Plies == nil {
			t.Errorf("%q is not read lean", text)
			continue
		}
		if d := diffLean(c, full, lean); d != "" {
			t.Errorf("%q: %s", text, d)
		}
	}
}

// TestLeanGivesUp: each form the lean read does not take (the full
// reader says something of it, or its record holds a node the walk must
// look at, or the lean read does not read it) leaves the chunk to the
// full reader, whose record ParseChunkScratch then gives.
func TestLeanGivesUp(t *testing.T) {
	limits := func(f func(*grammar.Limits)) func(*grammar.Splitter) {
		return func(sp *grammar.Splitter) {
			l := grammar.DefaultLimits()
			f(&l)
			sp.SetLimits(l)
		}
	}
	for _, c := range []struct {
		why, text string
		setup     func(*grammar.Splitter)
	}{
		{"a variation", "1. e4 (1. d4) e5 *\n", nil},
		{"a variation after tags", "[Event \"a\"]\n[Site \"b (c)\"]\n\n1. e4 (1. d4) e5 *\n", nil},
		{"a variation after a tag apart", "[Event \"a\"]\n[Site \"b (c)\"]  \n\n1. e4 (1. d4) e5 *\n", nil},
		{"a `(` in a comment", "1. e4 {(a)} e5 *\n", nil},
		{"three glyph bytes", "1. e4!!! e5 *\n", nil},
		{"a glyph of three", "1. e4!?! e5 *\n", nil},
		{"a glyph before the check", "1. e4!+ e5 *\n", nil},
		{"a glyph before a word", "1. e4!x e5 *\n", nil},
		{"a glyph at the end", "1. e4!", nil},
		{"a glyph apart", "1. e4 ! e5 *\n", nil},
		{"a `;` comment", "1. e4 ; a comment\ne5 *\n", nil},
		{"an escape line", "1. e4\n% escape\ne5 *\n", nil},
		{"a wrong number", "1. e4 e5 3. Nf3 *\n", nil},
		{"a missing number", "1. e4 e5 Nf3 *\n", nil},
		{"a number without a dot", "1 e4 e5 *\n", nil},
		{"a number with two dots", "1.. e4 e5 *\n", nil},
		{"three dots before white's move", "1... e4 e5 *\n", nil},
		{"four dots", "1. e4 1.... e5 *\n", nil},
		{"a number twice", "1. 1. e4 e5 *\n", nil},
		{"a number with a 0 first", "01. e4 e5 *\n", nil},
		{"a number last", "1. e4 e5 2. *\n", nil},
		{"an unknown first number", "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - -\"]\n\n5. e4 *\n", nil},
		{"dots apart", "1 . e4 e5 *\n", nil},
		{"a game numbered from far on", "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 2049\"]\n\n2049. Kd2 Kd7 2050. e4 *\n", nil},
		{"a number glued to the move", "1. e4 e52. Nf3 *\n", nil},
		{"castling with zeros", "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 *\n", nil},
		{"long algebraic", "1. e2-e4 e5 *\n", nil},
		{"a null move", "1. e4 -- 2. d4 *\n", nil},
		{"a leap", "1. e4 e5 2. K~d3 *\n", nil},
		{"a double plus", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7++ 1-0\n", nil},
		{"a check mark apart", "1. e4 + e5 *\n", nil},
		{"a NAG above 255", "1. e4 $256 e5 *\n", nil},
		{"a NAG of four digits", "1. e4 $0001 e5 *\n", nil},
		{"a `$` alone", "1. e4 $ e5 *\n", nil},
		{"a comment not closed", "1. e4 {open e5 *\n", nil},
		{"a stray `}`", "1. e4 } e5 *\n", nil},
		{"a word", "1. e4 e5 2. Nf3 mate *\n", nil},
		{"a marker glued", "1. e4 e5*\n", nil},
		{"no marker", "1. e4 e5\n", nil},
		{"an escape line after the marker", "1. e4 e5 *\n% escape\n", nil},
		{"a second marker", "1. e4 e5 * 1-0\n", nil},
		{"a marker in parentheses", "1. e4 e5 (1-0)\n", nil},
		{"a typeset marker", "1. e4 e5 1–0\n", nil},
		{"a tag with an escape", "[White \"a \\\"b\\\"\"]\n\n1. e4 *\n", nil},
		{"a tag with a bare quote", "[White \"a \"b\" c\"]\n\n1. e4 *\n", nil},
		{"UTF-8", "[White \"Müller\"]\n\n1. e4 *\n", nil},
		{"Latin-1", "[White \"M\xfcller\"]\n\n1. e4 *\n", nil},
		{"a NUL", "1. e4 \x00 e5 *\n", nil},
		{"a game cut at the size limit", "1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Ba4 Nf6\n5. O-O Be7 *\n", limits(func(l *grammar.Limits) { l.MaxGameBytes = 24 })},
		{"a token over the limit", "1. e4 {a long comment} e5 *\n", limits(func(l *grammar.Limits) { l.MaxToken = 8 })},
		{"descriptive notation", "1. P-K4 P-K4 *\n", func(sp *grammar.Splitter) { sp.SetNotation(record.DescriptiveNotation) }},
		{"a book's notation", "1. e4 e5 2. Sf3 *\n", func(sp *grammar.Splitter) { sp.SetNotation(record.German) }},
		{"a tag in the movetext", "1. e4 [x] e5 *\n", nil},
		{"a word for resigns", "1. e4 e5 2. Qh5 resigns 1-0\n", nil},
	} {
		ch, full, lean := leanOf(t, c.text, c.setup)
		if lean.Plies != nil {
			t.Errorf("%s: %q is read lean", c.why, c.text)
			continue
		}
		if d := diffLean(ch, full, lean); d != "" {
			t.Errorf("%s: %q: %s", c.why, c.text, d)
		}
	}
}

// TestLeanScratchAgain: a Scratch that reads a lean game and then one
// the lean read gives up on (and the other way) gives each its own
// record: nothing of the one before is left in the next. The last game
// starts in the middle of a line, after the marker of the one before.
func TestLeanScratchAgain(t *testing.T) {
	text := "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. d4 (1. c4) d5 *\n\n[Event \"c\"]\n\n1. c4 c5 * 1. d4 {a\nb} d5 *\n"
	sc := grammar.Scratch{Plies: true}
	sp := grammar.NewSplitter(strings.NewReader(text))
	for n := 0; ; n++ {
		c, err := sp.Next()
		if err != nil {
			break
		}
		g := grammar.ParseChunkScratch(c, "t.pgn", &sc)
		if (g.Plies != nil) != (n != 1) {
			t.Errorf("game %d read lean: %v", n+1, g.Plies != nil)
		}
		if d := diffLean(c, grammar.ParseChunk(c, "t.pgn"), g); d != "" {
			t.Errorf("game %d: %s", n+1, d)
		}
	}
}
