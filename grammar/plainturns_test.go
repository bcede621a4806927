package grammar_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// TestPlainTurnsEdges runs checkInput (the fast path against the grammar,
// in parts against whole) over main lines where the tight loop for plain
// turns (plainTurns) meets what it leaves to the general loop: castling,
// dots or glyphs apart from their token, glued numbers, numbers that are
// none, numbering warnings, line ends and games that start mid-line (a
// column other than 1 on the chunk's first line).
func TestPlainTurnsEdges(t *testing.T) {
	for _, movetext := range []string{
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. d3 O-O-O 6. Re1 *",
		"1. e4 e5 2 . Nf3 Nc6 3. ... a6 3... Nf6 4. d3 *",
		"1. e4 ! e5 ? 2. Nf3 !? Nc6 3. Bb5 +- a6 = 4. Ba4 $1 Nf6 *",
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 7. N x d4 c5 8. Nb3 Q x d1 *",
		"1. e4 e56.Nf3 *",
		"1. e4 e5 0. Nf3 Nc6 *",
		"1. e4 e5 12345678901. Nf3 Nc6 *",
		"1. e4 e5 2.... Nf3 Nc6 3 Bb5 a6 5. Ba4 Nf6 4... Be7 *",
		"1. e4 e5 2. Nf3 Nc6 2. Bb5 a6 *",
		"1.e4 e5 2.Nf3 Nc6\n3.Bb5 a6\n4.Ba4\nNf6\n5.O-O\nBe7 *",
		"1. e4 e5\r\n2. Nf3 Nc6\r\n3. Bb5 *",
		"1. e4  e5 \n\n 2. Nf3\t Nc6 3. Bb5 a6 1-0",
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 * 1. d4 d5 2. c4 e6 3. Nc3 Nf6 *",
		"1. e4 e5 2. Nf3 {a comment} 2... Nc6 (2... d6 3. d4) 3. Bb5 ; note\n3... a6 *",
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 aufgegeben",
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 et les blancs sont mieux *",
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 Nf3e5 4. Ba4 *",
		"e4 e5 Nf3 Nc6 2. Bb5 a6 *",
		// A number and the move after it, read at once (readPlain's
		// pair), and the numbers read alone: the word after is no
		// plain move, a number, two spaces away, or nothing.
		"1. e4 e5 2. Nf3! Nc6 3. 4. Bb5 a6 5.  Ba4 Nf6 6. {c} O-O 7. Re1$1 b5 8. Bb3 8... d6 9. c3 10.h3 9 11. ",
		"1. e4 e5 2. Nf3 3. Nc6 2... a6 1. Bb5 *",
		"1. e4 e5 2... Nf3 Nc6 3. Bb5 *",
		// A number read alone, then a number and its move, which the
		// loop reads alone too (plainTurns' inner loop of moves has one
		// way in): expected or not, with dots for black, before
		// castling.
		"1. e4 e5 2. 3. Nf3 Nc6 5. 4. Bb5 a6 6... 7. Ba4 Nf6 8. 8. O-O *",
		"1. e4 e5 2.\n3. O-O Nc6 4. 4. Bb5 4... 4... a6 *",
		"1. e4 e5 9. 3. Nf3 3... 3... Nc6 0. 4. Bb5 *",
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1/2-1/2",
		// A plain move followed by a token that never joins it, which
		// the loop reads after keeping the move (turnBeforeApart), and
		// by words that may join it (taken back for the general loop).
		"1. e4 {c} e5 $2 2. Nf3 ; line\nNc6 (2... d6 3. d4) 3. Bb5 (3. Bc4) a6 4. Ba4 $1 $2 {d} Nf6 0-1",
		"e4 {c} e5 Nf3 {d} Nc6 Bb5 (Bc4) a6 Ba4 ; e\nNf6 1-0",
		"1. e4 e5 2. Nf3 Nc6 *",
		"1. e4 e5 2. Nf3 Nc6 1-0x",
		"1. e4 e5 2. Nf3 Nc6 *x",
		"1. e4 e5 2. Nf3 0-0 3. Bb5 0-1 1-0",
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 {unclosed",
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 $",
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 (1-0)",
		"1. e4 e5 2. Nf3 Nc6 3. Bb5",
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 ",
	} {
		for _, tags := range []string{"", "[Event \"a\"]\n\n", "[FEN \"8/8/8/8/8/8/8/K6k b - - 0 30\"]\n\n"} {
			checkInput(t, []byte(tags+movetext+"\n"))
			// Every turn at the start of a line, where the grammar may
			// start reading again.
			checkInput(t, []byte(tags+strings.ReplaceAll(movetext, " ", "\n")+"\n"))
		}
	}
}

// TestPlainTurnsRoom: a main line of plain moves long enough to fill the
// move block (64 moves) and the node stack (a pool's 256 nodes) several
// times, read after a short game (the scratch's block part used), is read
// as the grammar reads it, each move in a record of its own
// (plainTurn's room and roomForTurn).
func TestPlainTurnsRoom(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n")
	for i := 1; i <= 400; i++ {
		if i%2 == 1 {
			fmt.Fprintf(&sb, "%d. Nf3 Nf6 ", i)
		} else {
			fmt.Fprintf(&sb, "%d. Ng1 Ng8 ", i)
		}
	}
	sb.WriteString("*\n")
	checkInput(t, []byte(sb.String()))
	games, err := grammar.ReadAll(strings.NewReader(sb.String()), "r.pgn")
	if err != nil || len(games) != 2 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	seen := map[*record.Move]bool{}
	plies := 0
	for _, n := range games[1].Moves {
		if n.Kind != record.KindMove {
			continue
		}
		plies++
		if seen[n.Move] || n.Move.Text != n.Text {
			t.Fatalf("ply %d: move %p (%q) shared or not its node's (%q)", plies, n.Move, n.Move.Text, n.Text)
		}
		seen[n.Move] = true
	}
	if plies != 800 {
		t.Errorf("%d plies read, want 800", plies)
	}
}
