package showgame

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/selection"
	"github.com/ashtapada/ashtapada/source"
)

// TestChosenAndView: the game a selection chooses is found by its number,
// and its view stands after the ply asked for, or at the end.
func TestChosenAndView(t *testing.T) {
	path := filepath.Join(t.TempDir(), "two.pgn")
	if err := os.WriteFile(path, []byte("[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 d5 2. c4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sel, err := selection.Parse([]string{"2"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Chosen(path, sel, "", source.Options{}, grammar.ReadOptions{})
	if err != nil || g.Index != 2 || !strings.Contains(string(g.Chunk.Data), "c4") {
		t.Fatalf("chosen %+v, %v; want the second game", g, err)
	}
	rp := replay.New(replay.Config{Steps: true})
	ply := 2
	at, err := View(rp, g, At{Ply: &ply})
	if err != nil {
		t.Fatal(err)
	}
	end, err := View(rp, g, At{})
	if err != nil {
		t.Fatal(err)
	}
	if at.Ply != 2 || at.Last != "d5" || end.Ply != 3 || end.Last != "c4" {
		t.Errorf("after ply 2: ply %d, last %s; at the end: ply %d, last %s", at.Ply, at.Last, end.Ply, end.Last)
	}
	if _, err := Chosen(path, mustSelect(t, "3"), "", source.Options{}, grammar.ReadOptions{}); err == nil {
		t.Error("a third game was found in a file of two")
	}
}

func mustSelect(t *testing.T, games string) *selection.Selection {
	t.Helper()
	sel, err := selection.Parse([]string{games}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sel
}
