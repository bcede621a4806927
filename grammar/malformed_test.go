package grammar_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// TestMalformed reads each file of testdata/grammar: the notice the broken
// game gets (rule, severity, message, line and column), the number of games,
// and that the game after it (Event "next") is still read whole.
func TestMalformed(t *testing.T) {
	tests := []struct {
		file      string
		rule      string
		sev       record.Severity
		msg       string // a part of the message
		line, col int
		games     int
		broken    int // the game (1-based) that has the notice
	}{
		{"unclosed-brace.pgn", "syntax", record.Error, "comment `{` that is not closed", 3, 7, 2, 1},
		{"unclosed-brace-no-blank-line.pgn", "syntax", record.Error, "comment `{` that is not closed", 3, 7, 2, 1},
		{"unclosed-brace-before-comments.pgn", "syntax", record.Error, "comment `{` that is not closed", 3, 7, 2, 1},
		{"crlf-unclosed-brace.pgn", "syntax", record.Error, "comment `{` that is not closed", 3, 7, 2, 1},
		{"unclosed-variation.pgn", "syntax", record.Error, "found `*`, expected `)` to close the variation", 3, 23, 2, 1},
		{"unclosed-variation-no-result.pgn", "syntax", record.Error, "found the end of the game, expected `)`", 3, 16, 2, 1},
		{"stray-close-paren.pgn", "syntax", record.Error, "found `)`", 3, 7, 2, 1},
		{"stray-close-brace.pgn", "syntax", record.Error, "found `}`", 3, 7, 2, 1},
		{"bad-tag-line.pgn", "syntax", record.Error, "found `[`, expected `]`", 2, 1, 2, 1},
		{"tag-unescaped-quote.pgn", "lenient-notation", record.Warning, "the value of tag White holds a `\"` without a backslash", 2, 1, 2, 1}, // recovered as python-chess and pgn-extract do
		{"tag-without-value.pgn", "syntax", record.Error, "found `]`, expected a tag value", 1, 7, 2, 1},
		{"tag-string-unterminated.pgn", "syntax", record.Error, "found the end of the line in a tag value", 1, 13, 2, 1},
		{"tag-in-movetext.pgn", "syntax", record.Error, "found `[`", 3, 7, 2, 1},
		{"garbage-between-games.pgn", "syntax", record.Error, "found `this is not a game` after the termination marker", 4, 1, 3, 2},
		{"text-before-first-game.pgn", "syntax", record.Error, "found `Games`, expected a move", 1, 1, 2, 1},
		{"truncated.pgn", "syntax", record.Error, "found the end of the game in a tag value", 7, 15, 2, 2},
		{"binary-bytes.pgn", "syntax", record.Error, "expected a move", 3, 7, 2, 1},
		{"nul-byte.pgn", "syntax", record.Error, "found a NUL byte", 3, 9, 2, 1},
		{"invalid-utf8.pgn", "encoding", record.Warning, "not valid UTF-8; read as Latin-1", 2, 10, 2, 1},
		{"bad-move.pgn", "syntax", record.Error, "found `Zf3`, expected a move", 3, 7, 2, 1},
		{"nag-without-number.pgn", "syntax", record.Error, "found `$` without a number", 3, 7, 2, 1},
		{"nag-too-large.pgn", "syntax", record.Error, "found `$300`, expected a NAG from $0 to $255", 3, 7, 2, 1},
		{"result-in-variation.pgn", "syntax", record.Error, "found `1-0`, expected `)`", 3, 14, 2, 1},
		{"empty-compound-move.pgn", "syntax", record.Error, "found an empty move in `e3,,g3`", 3, 7, 2, 1},
		{"leap-not-king.pgn", "syntax", record.Error, "found `N~d3`, expected the leap marker `~` only after `K`", 3, 4, 2, 1},
		{"bad-conversion.pgn", "syntax", record.Error, "found `Bxg1/b9=N`, expected a conversion suffix", 3, 4, 2, 1},
		{"bad-promotion.pgn", "syntax", record.Error, "found `e8=X`, expected a promotion piece", 3, 4, 2, 1},
		{"move-number-zero.pgn", "syntax", record.Error, "found `0.`, expected a move number from 1", 3, 1, 2, 1},
	}
	dir := filepath.Join("..", "testdata", "grammar")
	seen := map[string]bool{}
	for _, tc := range tests {
		seen[tc.file] = true
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			checkInput(t, data)
			games, err := grammar.ReadAll(bytes.NewReader(data), tc.file)
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != tc.games {
				t.Fatalf("read %d games, want %d", len(games), tc.games)
			}
			g := games[tc.broken-1]
			var found *record.Notice
			for i := range g.Notices {
				if g.Notices[i].Rule == tc.rule {
					found = &g.Notices[i]
					break
				}
			}
			if found == nil {
				t.Fatalf("game %d has no %s notice; notices: %+v", tc.broken, tc.rule, g.Notices)
			}
			if found.Severity != tc.sev || !strings.Contains(found.Message, tc.msg) || found.Pos.Line != tc.line || found.Pos.Col != tc.col {
				t.Errorf("notice %d:%d %s %q, want %d:%d %s containing %q", found.Pos.Line, found.Pos.Col, found.Severity, found.Message, tc.line, tc.col, tc.sev, tc.msg)
			}
			// The offset agrees with line and column.
			if lineStart := bytes.LastIndexByte(data[:found.Pos.Offset], '\n') + 1; found.Pos.Offset-lineStart+1 != found.Pos.Col {
				t.Errorf("offset %d is column %d, not %d", found.Pos.Offset, found.Pos.Offset-lineStart+1, found.Pos.Col)
			}
			// A broken game is passed through as read.
			if g.SyntaxError() != nil && !bytes.Contains(data, g.Source) {
				t.Errorf("the broken game's Source is not the input's text")
			}
			next := games[len(games)-1]
			if tc.broken == len(games) {
				next = games[0]
			}
			if v, _ := next.Tag("Event"); v != "next" {
				t.Fatalf("the other game has Event %q, want \"next\"", v)
			}
			if n := next.SyntaxError(); n != nil {
				t.Fatalf("the other game has a syntax error: %+v", n)
			}
			if moves := countMoves(next.Moves); moves != 3 || next.Result != "1-0" {
				t.Errorf("the other game has %d moves and result %q, want 3 and 1-0", moves, next.Result)
			}
		})
	}
	// Every file in the directory is covered by a case.
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !seen[e.Name()] && strings.HasSuffix(e.Name(), ".pgn") && !strings.HasPrefix(e.Name(), "ok-") {
			t.Errorf("%s has no test case", e.Name())
		}
	}
}

func countMoves(ns []record.Node) int {
	n := 0
	for _, x := range ns {
		if x.Kind == record.KindMove {
			n++
		}
	}
	return n
}

// TestCommentQuotingAGame: a properly closed comment may hold a blank line
// and a tag line; it stays one comment of one game.
func TestCommentQuotingAGame(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "grammar", "ok-comment-with-event.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	games, err := grammar.ReadAll(bytes.NewReader(data), "c.pgn")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	for i, g := range games {
		if len(g.Notices) != 0 {
			t.Errorf("game %d: notices %+v", i+1, g.Notices)
		}
	}
	var comment string
	for _, n := range games[0].Moves {
		if n.Kind == record.KindComment {
			comment = n.Text
		}
	}
	if !strings.Contains(comment, "\n\n[Event \"quoted\"]\n1. c4 ") {
		t.Errorf("comment %q does not hold the quoted game", comment)
	}
	if countMoves(games[0].Moves) != 2 {
		t.Errorf("first game has %d moves, want 2", countMoves(games[0].Moves))
	}
}

// TestUnclosedCommentAtTheEndKeepsTheMoves: a game whose last comment is
// not closed keeps every move before it, whatever its length. The fast
// path rejects such a game and the grammar reads it again from a turn the
// fast path noted (a part of the game's text); the game's own text must
// stay whole for what comes after, the recovery of the moves read.
func TestUnclosedCommentAtTheEndKeepsTheMoves(t *testing.T) {
	moves := strings.Fields("c4 g5 h3 h6 d4 f5 Bxg5 a5 Bxe7 c5 Bxd8 Bg7 Qc2 Nc6")
	for n := 1; n <= 120; n += 7 {
		var text strings.Builder
		text.WriteString("[Event \"x\"]\n[Result \"*\"]\n\n")
		for i := range n {
			if i%2 == 0 {
				fmt.Fprintf(&text, "%d. ", i/2+1)
			} else {
				fmt.Fprintf(&text, "%d... ", i/2+1)
			}
			fmt.Fprintf(&text, "%s {[%%clk 0:09:%02d]}", moves[i%len(moves)], 59-i%60)
			// Lines of about eighty columns, as the books' files have.
			if i%3 == 2 {
				text.WriteString("\n")
			} else {
				text.WriteString(" ")
			}
		}
		text.WriteString("{[\n")
		games, err := grammar.ReadAll(strings.NewReader(text.String()), "unclosed.pgn")
		if err != nil || len(games) != 1 {
			t.Fatalf("%d moves: %d games, %v", n, len(games), err)
		}
		g := games[0]
		if got := countMoves(g.Moves); got != n {
			t.Errorf("%d moves before an unclosed comment: %d read", n, got)
		}
		if se := g.SyntaxError(); se == nil || se.Pos.Line != 4+n/3 {
			t.Errorf("%d moves: the syntax error is %+v, want one on line %d", n, se, 4+n/3)
		}
		if g.Pos.Line != 1 || g.Pos.Offset != 0 {
			t.Errorf("%d moves: the game starts at %+v, want the file's start", n, g.Pos)
		}
	}
}
