package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// recoverMoves are the first 31 moves of a legal game (Fairy-Stockfish
// self-play, corpus/fide/fsf-selfplay.pgn, game 1), one move a line.
var recoverMoves = strings.Split(`1. e3 b6
2. f3 h6
3. a3 a5
4. Ba6 Nxa6
5. h4 d5
6. Ne2 c5
7. Nbc3 Nf6
8. d4 e6
9. e4 dxe4
10. fxe4 Bb7
11. Qd3 Nc7
12. Bf4 Ba6
13. Qg3 Nh5
14. Bxc7 Nxg3
15. Bxd8 Nxe2
16. Nxe2 Rxd8
17. Rd1 Rd7
18. d5 Bb7
19. c4 Be7
20. Kf2 Bf6
21. b3 Ke7
22. g3 Bb2
23. a4 Rd6
24. Rd2 Be5
25. Rdd1 Rdd8
26. Rhe1 g5
27. h5 Rhe8
28. Kf3 f6
29. Rf1 Kd6
30. Rfe1 Rd7
31. Rc1 Rde7`, "\n")

// recoverGame is the game with move number n's white move replaced by
// each of the replacements given (move number to text), its moves on
// lines 3 on.
func recoverGame(repl map[int]string) string {
	var b strings.Builder
	b.WriteString("[Event \"recover\"]\n\n")
	for i, line := range recoverMoves {
		if r, ok := repl[i+1]; ok {
			f := strings.Fields(line)
			line = f[0] + " " + r + " " + f[2]
		}
		b.WriteString(line + "\n")
	}
	b.WriteString("*\n")
	return b.String()
}

// TestSyntaxErrorKeepsMovesBefore: the moves before a syntax error in the
// movetext are replayed, judged and converted, as those before an illegal
// move are (docs/format.md, "Nothing read is thrown away"); the error
// stays an error, with its position, and the exit status 1.
func TestSyntaxErrorKeepsMovesBefore(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Move 30 is on line 32 and its white move at column 5; move 10 on
	// line 12.
	write("both.pgn", recoverGame(map[int]string{10: "Ka5", 30: "@@@"}))
	write("syntax.pgn", recoverGame(map[int]string{30: "@@@"}))

	// An illegal move at move 10 and a syntax error at move 30: both said.
	r := runValidate(t, dir, "both.pgn")
	if r.exit != 1 || len(r.games) != 1 || r.games[0].Plies != 18 {
		t.Fatalf("both.pgn: exit %d, games %+v; want exit 1 and 18 plies replayed\n%s", r.exit, r.games, r.stderr)
	}
	var illegal, syntax bool
	for _, f := range r.findings {
		illegal = illegal || f.Rule == "illegal-move" && f.Line == 12 && f.Column == 5 && f.Severity == "error"
		syntax = syntax || f.Rule == "syntax" && f.Line == 32 && f.Column == 5 && f.Severity == "error"
	}
	if !illegal || !syntax {
		t.Errorf("both.pgn: findings %+v; want the illegal move at 12:5 and the syntax error at 32:5", r.findings)
	}

	// Only the syntax error: the 29 moves before it are replayed.
	r = runValidate(t, dir, "syntax.pgn")
	if r.exit != 1 || len(r.games) != 1 || r.games[0].Plies != 58 || r.games[0].Valid {
		t.Fatalf("syntax.pgn: exit %d, games %+v; want exit 1, 58 plies, invalid\n%s", r.exit, r.games, r.stderr)
	}
	out, stderr, code := runAsh(t, dir, "", "validate", "syntax.pgn")
	if code != 1 || !strings.Contains(out+stderr, "syntax.pgn:32:5: error: found `@@@`") || !strings.Contains(out+stderr, "58 plies") {
		t.Errorf("validate syntax.pgn: exit %d, want 1, the error at 32:5 and 58 plies\n%s%s", code, out, stderr)
	}

	// Converted up to the error: UCI writes the 58 plies.
	out, stderr, code = runAsh(t, dir, "", "convert", "--to", "uci", "syntax.pgn")
	uci := regexp.MustCompile(`(?m)\b[a-h][1-8][a-h][1-8][qrbn]?\b`).FindAllString(out, -1)
	if code != 1 || len(uci) != 58 || !strings.Contains(stderr, "syntax.pgn:32:5: error:") {
		t.Errorf("convert --to uci: exit %d, %d moves; want 1 and 58\n%s\n%s", code, len(uci), out, stderr)
	} else if uci[57] != "e7d6" {
		t.Errorf("convert --to uci: the last move is %s, want e7d6 (29... Kd6)", uci[57])
	}
	// FEN: the start and a line a ply.
	out, _, code = runAsh(t, dir, "", "convert", "--to", "fen", "syntax.pgn")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != 1 || len(lines) != 59 {
		t.Errorf("convert --to fen: exit %d, %d lines; want 1 and 59\n%s", code, len(lines), out)
	}
	// PGN: the record as read (its rest cannot be rewritten); plain PGN
	// up to the error, with why it stops.
	out, _, code = runAsh(t, dir, "", "convert", "--to", "pgn", "syntax.pgn")
	if code != 1 || !strings.Contains(out, "29. Rf1 Kd6\n30. @@@ Rd7") {
		t.Errorf("convert --to pgn: exit %d, want 1 and the record as read\n%s", code, out)
	}
	out, _, code = runAsh(t, dir, "", "convert", "--to", "pgn", "--plain", "syntax.pgn")
	if code != 1 || !strings.Contains(out, "29. Rf1 Kd6") || strings.Contains(out, "Rc1") ||
		!strings.Contains(out, "ply 59 (@@@) could not be played: found `@@@`") {
		t.Errorf("convert --to pgn --plain: exit %d, want 1, the moves up to 29... Kd6 and the stop\n%s", code, out)
	}
}

// TestSyntaxErrorInTagsSkipsGame: a game whose tags cannot be read is not
// replayed (nothing of it is read), and the games around it are.
func TestSyntaxErrorInTagsSkipsGame(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	text := "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n[White]\n\n1. e4 e5 *\n\n[Event \"c\"]\n\n1. d4 *\n"
	if err := os.WriteFile(filepath.Join(dir, "tags.pgn"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runValidate(t, dir, "tags.pgn")
	if r.exit != 1 || len(r.games) != 3 || r.games[0].Plies != 2 || r.games[1].Plies != 0 || r.games[2].Plies != 1 {
		t.Fatalf("exit %d, games %+v; want 1 and plies 2, 0, 1\n%s", r.exit, r.games, r.stderr)
	}
	out, _, _ := runAsh(t, dir, "", "convert", "--to", "uci", "tags.pgn")
	if strings.Contains(out, "[Event \"b\"]") || !strings.Contains(out, "[Event \"c\"]") {
		t.Errorf("convert --to uci wrote the game it could not read:\n%s", out)
	}
}
