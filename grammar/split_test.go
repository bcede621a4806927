package grammar_test

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
)

// A line longer than the splitter's buffer, and a comment longer than its
// look-ahead, are read whole.
func TestSplitLongText(t *testing.T) {
	long := strings.Repeat("x", 200<<10)
	text := "[Event \"a\"]\n\n1. e4 {" + long + "} e5 *\n\n" +
		"[Event \"b\"]\n\n1. d4 {\n" + long + "\n\n[Event \"quoted\"]\n" + long + "\n} d5 *\n"
	games, err := grammar.ReadAll(strings.NewReader(text), "long.pgn")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 3 {
		// The second comment closes beyond the 64 KiB look-ahead, so its
		// `[Event` line is taken as a new game: the documented limit.
		t.Fatalf("%d games, want 3", len(games))
	}
	if n := games[0].SyntaxError(); n != nil {
		t.Errorf("game 1: %+v", n)
	}
	if len(games[0].Moves[2].Text) != len(long) {
		t.Errorf("comment of %d bytes, want %d", len(games[0].Moves[2].Text), len(long))
	}
	if games[1].SyntaxError() == nil || !strings.Contains(games[1].SyntaxError().Message, "not closed") {
		t.Errorf("game 2: want an unclosed comment, got %+v", games[1].Notices)
	}
}

// Within the look-ahead, a closed comment holding `[Event` stays one game.
func TestSplitClosedCommentWithinLookahead(t *testing.T) {
	text := "[Event \"b\"]\n\n1. d4 {\n\n[Event \"quoted\"]\n" + strings.Repeat("y", 60<<10) + "\n} d5 *\n\n[Event \"c\"]\n\n1. c4 *\n"
	games, err := grammar.ReadAll(strings.NewReader(text), "q.pgn")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].SyntaxError() != nil || games[1].SyntaxError() != nil {
		t.Fatalf("%d games, notices %+v", len(games), games[0].Notices)
	}
}

type failingReader struct {
	data []byte
	err  error
}

func (r *failingReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

// An I/O error is an error (the only kind Next returns), wrapped with context.
func TestReaderIOError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := grammar.NewReader(&failingReader{data: []byte("[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4"), err: boom}, "f.pgn")
	g, err := r.Next()
	if err != nil || g == nil {
		t.Fatalf("first game: %v", err)
	}
	if _, err := r.Next(); !errors.Is(err, boom) {
		t.Fatalf("error %v, want it to wrap %v", err, boom)
	}
}

// Empty and blank inputs hold no game.
func TestReaderEmpty(t *testing.T) {
	for _, text := range []string{"", "\n\n  \r\n", "\xef\xbb\xbf"} {
		r := grammar.NewReader(strings.NewReader(text), "e.pgn")
		if g, err := r.Next(); !errors.Is(err, io.EOF) {
			t.Errorf("%q: got %+v, %v; want io.EOF", text, g, err)
		}
	}
}

// Games without tags, one per line, are separate games.
func TestSplitTaglessGames(t *testing.T) {
	text := "1. e4 e5 *\n1. d4 d5 1-0\ne4 c5 0-1\n"
	games, err := grammar.ReadAll(bytes.NewReader([]byte(text)), "t.pgn")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 3 {
		t.Fatalf("%d games, want 3", len(games))
	}
	for i, want := range []string{"*", "1-0", "0-1"} {
		if games[i].Result != want || games[i].Pos.Line != i+1 {
			t.Errorf("game %d: result %q at line %d", i+1, games[i].Result, games[i].Pos.Line)
		}
	}
}

// Tags printed several to a line, as some pages print them, are one game's
// tags: the next tag line does not start another game, and the tags repeat
// between games still split them.
func TestSplitSeveralTagsOnALine(t *testing.T) {
	text := "[Event \"a\"] [Site \"b\"]\n[White \"w\"] [Black \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n" +
		"[Event \"c\"] [Site \"d\"] 1. d4 d5 *\n"
	games, err := grammar.ReadAll(bytes.NewReader([]byte(text)), "t.pgn")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	for i, want := range []map[string]string{
		{"Event": "a", "Site": "b", "White": "w", "Black": "x", "Result": "*"},
		{"Event": "c", "Site": "d"},
	} {
		g := games[i]
		if e := g.SyntaxError(); e != nil {
			t.Errorf("game %d: %s", i+1, e.Message)
		}
		for name, value := range want {
			if got, _ := g.Tag(name); got != value {
				t.Errorf("game %d: %s is %q, want %q", i+1, name, got, value)
			}
		}
	}
}

// Games that stand after a termination marker on the same line,
// in a file of CR-only line ends, or after indented tags, are read as the
// games they are, with their positions; text after a marker that is not a
// game is an error of its own, never skipped silently.
func TestSplitGamesAfterMarker(t *testing.T) {
	type want struct {
		line, col int
		moves     int
		err       string // part of the syntax error, or ""
	}
	for _, tc := range []struct {
		name, text string
		games      []want
	}{
		{"two games on one line", "1. e4 e5 * 1. d4 d5 2. c4 *\n", []want{{1, 1, 2, ""}, {1, 12, 3, ""}}},
		{"three on one line", "1. e4 * 1. d4 * 1. c4 1-0\n", []want{{1, 1, 1, ""}, {1, 9, 1, ""}, {1, 17, 1, ""}}},
		{"tags after a marker", "1. e4 e5 1-0 [Event \"b\"] 1. d4 *\n", []want{{1, 1, 2, ""}, {1, 14, 1, ""}}},
		{"indented tags", "[Event \"a\"]\n\n1. e4 *\n  [Event \"b\"]\n  [Site \"s\"]\n\n1. d4 *\n", []want{{1, 1, 1, ""}, {4, 3, 1, ""}}},
		{"CR-only line ends", "[Event \"a\"]\r\r1. e4 e5 *\r\r[Event \"b\"]\r\r1. d4 Nf6 2. c4 *\r",
			[]want{{1, 1, 2, ""}, {5, 1, 3, ""}}},
		{"CR-only, no tags", "1. e4 e5 *\r1. d4 *\r", []want{{1, 1, 2, ""}, {2, 1, 1, ""}}},
		{"marker inside a variation", "1. e4 (1. d4 *) e5 *\n", []want{{1, 1, 2, "`*`"}}},
		{"text after a marker", "1. e4 e5 1-0 White resigned\n\n[Event \"b\"]\n1. d4 *\n",
			[]want{{1, 1, 2, ""}, {1, 14, 0, "found `White resigned` after the termination marker"}, {3, 1, 1, ""}}},
		{"text on the line after a marker", "1. e4 e5 1-0\nnotes\n1. d4 *\n",
			[]want{{1, 1, 2, ""}, {2, 1, 0, "found `notes` after the termination marker"}, {3, 1, 1, ""}}},
		// `%` in the middle of a line is no escape line: the text is an
		// error of its own, which keeps the white space before it (fmt
		// writes it where it cannot read as an escape line).
		{"percent after a marker", "1. e4 e5 * %foo 1. Ke2 *\n1. d4 *\n",
			[]want{{1, 1, 2, ""}, {1, 12, 0, "found `%foo 1. Ke2 *` after the termination marker"}, {2, 1, 1, ""}}},
		// A comment after a marker begins the next game, as on a line of its own.
		{"comment after a marker", "1. e4 1-0 {won on time}\n1. d4 *\n", []want{{1, 1, 1, ""}, {1, 11, 1, ""}}},
		// A book's `½-½` ends a game as the descriptive reader reads it
		// (the games are guessed descriptive), on its line or the next.
		{"book draw", "1. P-K4 P-K4 ½-½ 1. P-Q4 *\n", []want{{1, 1, 2, ""}, {1, 20, 1, ""}}}, // columns count bytes
		{"book draw, line after", "1. P-K4 P-K4 ½-½\n1. P-Q4 *\n", []want{{1, 1, 2, ""}, {2, 1, 1, ""}}},
		{"book draw, then a marker", "1. P-K4 P-K4 ½-½ *\n1. P-Q4 *\n", []want{{1, 1, 2, ""}, {2, 1, 1, ""}}},
		// No marker to either reader: `½-½x` is a word, `2*` a number
		// run into a marker (FuzzParse).
		{"book draw run into a word", "1. P-K4 P-K4 ½-½x 1. P-Q4 *\n", []want{{1, 1, 0, "`P-K4`"}}},
		// Notes that end in a marker, then more notes: each line of them
		// is text after a marker, and the game after them is read
		// (FuzzParse: fmt wrote the notes and the game apart, and read
		// them back together).
		{"notes ending in a marker, more notes, a game", "1. e4 *\nnotes 1-0\nmore notes\n1. d4 *\n",
			[]want{{1, 1, 1, ""}, {2, 1, 0, "found `notes 1-0` after the termination marker"},
				{3, 1, 0, "found `more notes` after the termination marker"}, {4, 1, 1, ""}}},
		// A second marker stays with the game; the next line is a game
		// all the same (FuzzParse).
		{"second marker, game on the next line", "1. e4 e5 * 1-0\n1. d4 *\n", []want{{1, 1, 2, ""}, {2, 1, 1, ""}}},
		{"number run into a marker", "1. P-K4 P-K4 2* 1. P-Q4 *\n", []want{{1, 1, 0, "`P-K4`"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, err := grammar.ReadAll(strings.NewReader(tc.text), "x.pgn")
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != len(tc.games) {
				t.Fatalf("%d games, want %d", len(games), len(tc.games))
			}
			for i, w := range tc.games {
				g := games[i]
				moves := 0
				for _, n := range g.Moves {
					if n.Kind == 0 { // record.KindMove
						moves++
					}
				}
				se := g.SyntaxError()
				switch {
				case w.err == "" && se != nil:
					t.Errorf("game %d: %+v", i+1, se)
				case w.err != "" && (se == nil || !strings.Contains(se.Message, w.err)):
					t.Errorf("game %d: want an error with %q, got %+v", i+1, w.err, g.Notices)
				case w.err == "" && moves != w.moves:
					t.Errorf("game %d: %d moves, want %d", i+1, moves, w.moves)
				}
				if g.Pos.Line != w.line || g.Pos.Col != w.col {
					t.Errorf("game %d at %d:%d, want %d:%d", i+1, g.Pos.Line, g.Pos.Col, w.line, w.col)
				}
			}
		})
	}
}

// A CRLF file puts every position where the LF file does, the error of a
// tag value left open at the end of its line included.
func TestCRLFPositionsAsLF(t *testing.T) {
	lf := "[Event \"a\"]\n[Site \"unterminated\n\n1. e4 *\n\n[Event \"b\"]\n\n1. e4 {\nc} Zz5 *\n"
	a, err := grammar.ReadAll(strings.NewReader(lf), "lf.pgn")
	if err != nil {
		t.Fatal(err)
	}
	for _, ending := range []string{"\r\n", "\r"} {
		b, err := grammar.ReadAll(strings.NewReader(strings.ReplaceAll(lf, "\n", ending)), "crlf.pgn")
		if err != nil {
			t.Fatal(err)
		}
		if len(a) != len(b) {
			t.Fatalf("%q: %d games, LF %d", ending, len(b), len(a))
		}
		for i := range a {
			x, y := a[i].SyntaxError(), b[i].SyntaxError()
			if x == nil || y == nil || x.Pos.Line != y.Pos.Line || x.Pos.Col != y.Pos.Col {
				t.Errorf("%q: game %d: %+v, LF %+v", ending, i+1, y, x)
			}
		}
	}
}

// A message quotes a bounded slice of a huge token, so that one token
// cannot make a huge report.
func TestHugeTokenQuotedShort(t *testing.T) {
	games, err := grammar.ReadAll(strings.NewReader("1. e4 "+strings.Repeat("Z", 300000)+" *\n"), "x.pgn")
	if err != nil || len(games) != 1 {
		t.Fatal(err, len(games))
	}
	se := games[0].SyntaxError()
	if se == nil || len(se.Message) > 200 || !strings.Contains(se.Message, "300000 bytes") {
		t.Errorf("message of %d bytes: %.300s", len(se.Message), se.Message)
	}
}

// A read error ends the input, and a game read whole before it (to its
// termination marker) still comes out first; a game cut by the error
// does not.
func TestSplitterReadError(t *testing.T) {
	boom := errors.New("boom")
	for _, c := range []struct {
		text  string
		games []string
	}{
		{"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b", []string{"[Event \"a\"]\n\n1. e4 *\n\n"}},
		{"[Event \"a\"]\n\n1. e4 *\n", []string{"[Event \"a\"]\n\n1. e4 *\n"}},
		{"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 d5", []string{"[Event \"a\"]\n\n1. e4 *\n\n"}},
		{"[Event \"a\"]\n\n1. e4 e5\n", nil},
		{"1. e4 {a comment *\n", nil},
	} {
		sp := grammar.NewSplitter(&failingReader{data: []byte(c.text), err: boom})
		var games []string
		var err error
		for {
			var ch grammar.Chunk
			if ch, err = sp.Next(); err != nil {
				break
			}
			games = append(games, string(ch.Data))
		}
		if !errors.Is(err, boom) {
			t.Errorf("%q: ended with %v, want the read error", c.text, err)
		}
		if !slices.Equal(games, c.games) {
			t.Errorf("%q: games %q before the error, want %q", c.text, games, c.games)
		}
	}
}

// TestPlainRuns: the splitter cuts every input alike whether it takes
// plain lines in runs or one by one, on lines built to sit at each edge of
// what a run may take (a typeset marker or a rank digit at a line's end,
// tags written otherwise, white space, `%`, comments and carriage returns)
// and on every file of the repository's test inputs and corpus.
func TestPlainRuns(t *testing.T) {
	game := "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 "
	for _, tail := range []string{
		"0–1\n1. d4 d5 *\n", "1–0\n\n1. d4 *\n", "½–½\n1. c4 *\n", "Rd1\n4. Rd2 Ra1\n[Event \"c\"]\n1. e4 *\n",
		"4. O-O Nf6\n5. d3 1-0\n", "4. c3 Nf6 *\n 1. e4 *\n", "4. c3\n%escape {\n5. d3 *\n", "4. c3 {a\n[Event \"x\"]\nb}\n5. d3 *\n",
		"4. c3 (4. d3\nd6\n5. e4) 4... d6\n*\n", "4. c3 ; note\n5. d3 *\n", "4. c3 \n5. d3 \t\n*\n", "4. c3\r\n5. d3\r\n*\r\n",
		"4. c3\r5. d3\r*\r", "4. O-O {a} O-O-O {b\nc} 5. d3 {d\n[Event \"q\"]\n}\n(1-0) 1-0 *\n",
		"4. c3 * 1. d4\n2. c4 1-0 0-1\n3. e4 *\n", "4. c3 ½-½ 5. d3\nd5 *\n", "4. c3 (4. d3 {open\nclose} d6) * 1. e4 *\n", "4. c3\n%x (\n5. d3 * 1. e4 *\n",
		"4. c3\n\t[Event \"b\"]\n1. e4 *\n", "4. c3 (5. d3)) ((\n5. d4 (6. d5 *\n7. e4)\n*\n", "4. c3\n\v5. d3\n*",
		"4. c3 ; (a\n5. d3 * 1. e4 *\n", "4. c3 {(} d3 *\n1. e4 *\n", "4. c3 (4. d3\nd6) 5. e4 * 1. d4 *\n",
		"4. c3 {a\n\n%b\n  c\n[%clk 1:00]\nd} 5. d3 {e\nf} 1-0\n", "4. c3 {a\nb} 5. d3 * 1. e4 {c\nd} *\n", "4. c3 {a\n[Event \"x\"]\n1. e4 *\n",
		"4. c3 {a\nb} (5. d3 {c\nd}) 5. e4 {x} {y\nz} *\n", "4. c3 {a\nb} ; c {\n5. d3 *\n", "4. c3 {x\n(a} 1-0\n1. e4 *\n", "4. c3 {a\nb} 1-0\n\n\n[Event \"x\"]\n1. e4 *\n", "4. c3\n[Event \"a\"]\n[Event \"a\"]\n\n[Event \"a\"]\n1. e4 *\n",
	} {
		for _, tags := range []string{
			"", "[White \"x\"] [Black \"y\"]\n", "[White \"x\"]  \n", "[White \"a \\\"b\\\"\"]\n", "[White \"\"X\"\"]\n",
			"[White \"x\"]1. e4\n", "[White \"x\"]\r\n", "[White]\n", "[Wh]ite \"x\"]\n[Round \"1\"]\n", "[White\n\"x\"]\n", "\t[White \"x\"]\n", "[White \"x\"]",
			"\n[Event \"a\"]\n", "[Event \"a\"]\n\n[Event \"b\"]\n",
		} {
			text := strings.Replace(game, "\n\n", "\n"+tags+"\n", 1) + tail
			checkPlainRuns(t, []byte(text+text))
		}
	}
	for _, dir := range []string{filepath.Join("..", "testdata"), filepath.Join("..", "corpus")} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			checkPlainRuns(t, data)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestSplitEscapeLines: escape lines (`%` at the start of a line) are
// passed over as python-chess passes them over: before a game's tags they
// are text between games (a chunk of its own that holds no game), so that
// the tags after them are read as tags, with a blank line between or
// none, with either line end; between games and inside movetext they stay
// with the game. Both ways the splitter takes lines (in runs and one by
// one) cut each input alike.
func TestSplitEscapeLines(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		chunks     []string // each chunk's text, `!` before one that holds no game
		tags       []int    // the tags of each game read
	}{
		{"before tags, blank line", "% a header\n\n[Event \"a\"]\n\n1. e4 e5 *\n",
			[]string{"!% a header\n\n", "[Event \"a\"]\n\n1. e4 e5 *\n"}, []int{1}},
		{"before tags, no blank line", "% a header\n[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5 *\n",
			[]string{"!% a header\n", "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5 *\n"}, []int{2}},
		{"several, CRLF", "% one\r\n%two\r\n\r\n[Event \"a\"]\r\n\r\n1. e4 e5 *\r\n",
			[]string{"!% one\r\n%two\r\n\r\n", "[Event \"a\"]\r\n\r\n1. e4 e5 *\r\n"}, []int{1}},
		{"before an indented tag", "%x\n  [Event \"a\"]\n1. e4 *\n",
			[]string{"!%x\n", "  [Event \"a\"]\n1. e4 *\n"}, []int{1}},
		{"between games", "[Event \"a\"]\n\n1. e4 e5 *\n\n% between\n\n[Event \"b\"]\n\n1. d4 d5 *\n",
			[]string{"[Event \"a\"]\n\n1. e4 e5 *\n\n% between\n\n", "[Event \"b\"]\n\n1. d4 d5 *\n"}, []int{1, 1}},
		{"after a game, before the next's tags", "1. e4 *\n%x\n[Event \"b\"]\n1. d4 *\n",
			[]string{"1. e4 *\n%x\n", "[Event \"b\"]\n1. d4 *\n"}, []int{0, 1}},
		{"in movetext", "[Event \"a\"]\n\n1. e4 e5\n% inside [Event \"x\"]\n2. Nf3 Nc6 *\n",
			[]string{"[Event \"a\"]\n\n1. e4 e5\n% inside [Event \"x\"]\n2. Nf3 Nc6 *\n"}, []int{1}},
		{"before tagless movetext", "% a header\n\n1. e4 e5 *\n",
			[]string{"% a header\n\n1. e4 e5 *\n"}, []int{0}},
		{"escape lines only", "% a\n%b\n",
			[]string{"!% a\n%b\n"}, nil},
	} {
		for _, runs := range []bool{true, false} {
			restore := grammar.SetPlainRuns(runs)
			sp := grammar.NewSplitter(strings.NewReader(tc.text))
			var got []string
			for {
				c, err := sp.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				s := string(c.Data)
				if !c.IsGame() {
					s = "!" + s
				}
				got = append(got, s)
			}
			var tags []int
			rd := grammar.NewReader(strings.NewReader(tc.text), "t.pgn")
			rd.SkipNonGames()
			for {
				g, err := rd.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				if se := g.SyntaxError(); se != nil {
					t.Errorf("%s (runs %v): %s", tc.name, runs, se.Message)
				}
				tags = append(tags, len(g.Tags))
			}
			restore()
			if !slices.Equal(got, tc.chunks) {
				t.Errorf("%s (runs %v): chunks %q, want %q", tc.name, runs, got, tc.chunks)
			}
			if !slices.Equal(tags, tc.tags) {
				t.Errorf("%s (runs %v): tags per game %v, want %v", tc.name, runs, tags, tc.tags)
			}
		}
		checkPlainRuns(t, []byte(tc.text))
	}
}

// TestTagsReadOnce: the tag lines written the usual way that the splitter
// read in runs are handed to the lexer, which takes every one of them
// unread (the differential tests hold what it takes to the grammar's
// reading): a game's tags from the first after the previous game's
// marker, or from the first read in a run.
func TestTagsReadOnce(t *testing.T) {
	text := "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n\n[Event \"c\"]\n[Site \"d\"]\n[Round \"1\"]\n\n1. d4 *\n" +
		"% x\n[Event \"e\"]\n[Site \"f\"]\n\n1. c4 *\n[Event \"g\"] [Site \"h\"]\n[Round \"2\"]\n[White \"i\"]\n1. Nf3 *\n"
	s := grammar.NewSplitter(strings.NewReader(text))
	var got [][2]int
	for {
		c, err := s.Next()
		if err != nil {
			break
		}
		handed, taken := grammar.TagsRead(c)
		got = append(got, [2]int{handed, taken})
	}
	// The first line of the input, a tag line after an escape line and
	// one holding two tags are read one by one (Next), not in runs.
	want := [][2]int{{1, 1}, {3, 3}, {1, 1}, {2, 2}}
	if !slices.Equal(got, want) {
		t.Errorf("tag lines handed and taken per chunk: %v, want %v", got, want)
	}
}

// TestPlainRunsAcrossWindows: the splitter's memos of splitChars hold, for
// a byte the text has none of, up to where the window searched reached
// (special); games of more text than the reader's window, full of
// comments, castlings and markers, then games with `;` and `*` that the
// earlier windows had none of, are cut alike with runs and without,
// wherever the windows end, with line ends `\n` or `\r\n`.
func TestPlainRunsAcrossWindows(t *testing.T) {
	games := "[Event \"a-b\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 {a} Nc6 3. O-O {b} {c\nd} O-O-O 4. c3 {e} 1-0\n\n" +
		"[Event \"c\"]\n\n1. d4 {f} d5 2. O-O (2. c4 {g} O-O) O-O 1/2-1/2\n\n"
	later := "[Event \"d\"]\n\n1. e4 ; a {\n2. d4 * 1. c4 {h} d5 (1... e5 ; )\n2. e4) *\n\n1. d4 *\n\n"
	for _, pad := range []int{0, 1, 37, 700} {
		text := strings.Repeat("\n", pad) + strings.Repeat(games, 600) + strings.Repeat(later, 300)
		checkPlainRuns(t, []byte(text))
		// Line ends `\r\n` (loneCR), then some lone `\r` among them.
		crlf := strings.ReplaceAll(text, "\n", "\r\n")
		checkPlainRuns(t, []byte(crlf))
		checkPlainRuns(t, []byte(crlf[:len(crlf)/2]+strings.ReplaceAll(crlf[len(crlf)/2:], "d5 (", "d5\r(")))
	}
}

// TestNoParen: a chunk the splitter says holds no `(` after its tag lines
// (Chunk.noParen, which spares the lean read its search) holds none there
// (CutOf checks it for every chunk checkPlainRuns cuts), on games with a
// `(` in their tags, comments, variations, after their marker and in the
// line that begins the next game, cut on a marker's line or kept for the
// next game, with `\r\n` line ends, over several of the reader's windows;
// and it says so of most games that hold none.
func TestNoParen(t *testing.T) {
	var text strings.Builder
	seed := uint32(1)
	next := func(n int) int {
		seed = seed*1664525 + 1013904223
		return int(seed>>8) % n
	}
	// Most games hold no `(`, as in most files: the pieces and ends
	// after the first few are rare.
	pieces := []string{"1. e4 e5", "2. Nf3 Nc6", "3. Bb5 a6", "{a comment}", "$1", "O-O", "{a (b) c}", "(3. Bc4 Bc5)", "; a (note", "4. d3 {x\ny (z\n}"}
	ends := []string{" 1-0\n\n", " *\n\n", " 0-1\n", "\n", " 1-0\n\n\n", " * 1. d4 (1. c4) *\n\n", " 1/2-1/2 (a\n\n"}
	for g := range 4000 {
		nl := "\n"
		if g%50 > 45 {
			nl = "\r\n"
		}
		text.WriteString("[Event \"e\"]" + nl + "[Site \"s\"]" + nl)
		if next(60) == 0 {
			text.WriteString("[Round \"(1)\"]" + nl)
		}
		text.WriteString(nl)
		for k := range 3 + next(12) {
			piece := pieces[next(6)]
			if next(60) == 0 {
				piece = pieces[next(len(pieces))]
			}
			text.WriteString(piece)
			if k%3 == 2 {
				text.WriteString(nl)
			} else {
				text.WriteString(" ")
			}
		}
		end := ends[next(5)]
		if next(30) == 0 {
			end = ends[next(len(ends))]
		}
		text.WriteString(strings.ReplaceAll(end, "\n", nl))
	}
	data := []byte(text.String())
	checkPlainRuns(t, data)
	sp := grammar.NewSplitter(bytes.NewReader(data))
	clean, said := 0, 0
	for {
		c, err := sp.Next()
		if err != nil {
			break
		}
		if _, err := grammar.CutOf(c); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(c.Data, []byte("(")) {
			clean++
			if grammar.NoParen(c) {
				said++
			}
		}
	}
	if said < clean*9/10 {
		t.Errorf("the splitter said %d of %d games without a `(` hold none", said, clean)
	}
}
