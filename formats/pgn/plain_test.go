package pgn_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats/internal/formattest"
	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/record"
)

// TestPlainGame: plain PGN writes the extensions as standard PGN and
// comments, and leaves the record it is given alone.
func TestPlainGame(t *testing.T) {
	g := formattest.ExtensionGames(t)
	var buf bytes.Buffer
	for _, gg := range g {
		if err := pgn.WriteCanonical(&buf, pgn.PlainGame(gg)); err != nil {
			t.Fatal(err)
		}
	}
	out := buf.String()
	for _, want := range []string{"1... Nxb1 {conversion b8=N} 2. Nc6+", "3. Kg2 Kb7"} {
		if !strings.Contains(out, want) {
			t.Errorf("plain output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "~") || strings.Contains(out, "/b8") {
		t.Errorf("plain output keeps an extension:\n%s", out)
	}
	// The original records are untouched.
	var orig bytes.Buffer
	for _, gg := range g {
		_ = pgn.WriteCanonical(&orig, gg)
	}
	if !strings.Contains(orig.String(), "K~g2") || !strings.Contains(orig.String(), "Nxb1/b8=N") {
		t.Errorf("PlainGame changed its input:\n%s", orig.String())
	}
	// Nothing lost: every node of the original is still there, plus the comment.
	count := func(ns []record.Node) int { return len(ns) }
	if count(pgn.PlainGame(g[0]).Moves) != count(g[0].Moves)+1 {
		t.Errorf("plain game 1 has %d nodes, want %d", count(pgn.PlainGame(g[0]).Moves), count(g[0].Moves)+1)
	}
}
