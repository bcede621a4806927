package grammar_test

import (
	"bytes"
	"errors"
	"io"
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
