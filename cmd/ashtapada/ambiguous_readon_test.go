package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// TestAmbiguousMoveReadOnBinary: validate on Bird's book. Mason–Bird ends
// on a move that two bishops can make and that nothing after it decides:
// an ambiguous-move error, yet the game is replayed to its last ply.
// Harvey–Robinson's `Kt to Q2` and `B to R4` are decided by the moves
// after them (under the other readings the record fails sooner), and the
// replay goes on to the book's own error: Black's one knight cannot reach
// the square of `Kt to Kt2`. Exit status 1.
func TestAmbiguousMoveReadOnBinary(t *testing.T) {
	t.Parallel()
	book := filepath.Join(repoRoot(t), "testdata", "books", "bird-chess-history-1893.pgn")
	data, err := os.ReadFile(book)
	if err != nil {
		t.Fatal(err)
	}
	games, err := grammar.ReadAll(strings.NewReader(string(data)), book)
	if err != nil {
		t.Fatal(err)
	}
	length := func(game int) int {
		n := 0
		for _, node := range games[game-1].Moves {
			if node.Kind == record.KindMove {
				n++
			}
		}
		return n
	}
	out, stderr, code := runBinary(t, "validate", "--format", "jsonl", "--game", "5,10", book)
	if code != 1 {
		t.Fatalf("exit %d, want 1:\n%s%s", code, out, stderr)
	}
	type row struct {
		Kind, Rule, Severity, Message, SAN string
		Game, Ply, Plies                   int
	}
	var rows []row
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r row
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		rows = append(rows, r)
	}
	find := func(game int, kind, rule string) *row {
		for i := range rows {
			if rows[i].Game == game && rows[i].Kind == kind && rows[i].Rule == rule {
				return &rows[i]
			}
		}
		t.Fatalf("game %d: no %s %s in:\n%s", game, kind, rule, out)
		return nil
	}
	// Mason–Bird: the error, at the last ply, and the replay to the end.
	if f := find(5, "finding", "ambiguous-move"); f.Severity != "error" || f.Ply != length(5) ||
		!strings.Contains(f.Message, "B takes P could be any of Bxf3 (BxBP), Bxd4 (BxQP): the record must say which; read as Bxf3, the first in square order; both readings fit the next moves") {
		t.Errorf("Mason–Bird: %+v", *f)
	}
	if g := find(5, "game", ""); g.Plies != length(5) {
		t.Errorf("Mason–Bird: %d plies replayed, the game has %d", g.Plies, length(5))
	}
	// Harvey–Robinson: both ambiguities resolved by the moves after them,
	// the book's error found, and every ply before it replayed.
	for _, want := range []string{"Kt to Q2 could be Nbd2 (QN-Q2) or Nfd2 (KN-Q2); only after Nbd2 (QN-Q2) can the next moves be read up to ply 55",
		"B to R4 could be Ba4 (B-QR4) or Bh4 (B-KR4); only after Bh4 (B-KR4) can the next moves be read up to ply 55"} {
		if !strings.Contains(out, want) {
			t.Errorf("Harvey–Robinson: the report does not say %q:\n%s", want, out)
		}
	}
	if f := find(10, "finding", "illegal-move"); f.Ply != 56 || f.SAN != "Kt to Kt2" {
		t.Errorf("Harvey–Robinson: %+v, want the illegal Kt to Kt2 at ply 56", *f)
	}
	if g := find(10, "game", ""); g.Plies != 55 || length(10) <= 55 {
		t.Errorf("Harvey–Robinson: %d plies replayed, want 55 (the game has %d)", g.Plies, length(10))
	}
}
