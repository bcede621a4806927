package replay_test

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// TestStepSANFromFullList: a step's SAN, written from what the walk knows
// (the moves to the square only where disambiguation needs them, check and
// mate from the walk), is the SAN written from the full legal list with
// check and mate found again, for every move of corpus/ and of the shared
// data (the first 300 games of each file; all with ASHTAPADA_LONG=1).
func TestStepSANFromFullList(t *testing.T) {
	var files []string
	for _, root := range []string{filepath.Join("..", "corpus"), filepath.Join("..", "..", "shared", "data")} {
		if _, err := os.Stat(root); err != nil {
			t.Logf("%s absent: skipped", root)
			continue
		}
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".pgn") {
				files = append(files, p)
			}
			return nil
		})
	}
	limit := 300
	if os.Getenv("ASHTAPADA_LONG") == "1" {
		limit = 1 << 30
	}
	r := replay.New(replay.Config{Steps: true})
	moves := 0
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		rd := grammar.NewReader(f, path)
		for i := 1; i <= limit; i++ {
			g, err := rd.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			res := r.Game(g, path, i)
			for si, st := range res.Played.Steps {
				before := res.Played.Before(si)
				legal := before.LegalMoves(nil)
				if st.TurnIndex == 1 && res.Played.Steps[st.Ply-2].Move.Promotion == rules.Knight {
					// Only the new knight moves: no other man makes its
					// move ambiguous.
					legal = nil
				}
				want := replay.SAN(before, legal, st.Move)
				if st.TurnIndex > 0 || (len(res.Played.Steps) > st.Ply && res.Played.Steps[st.Ply].TurnIndex > 0) {
					// Inside a compound turn the same side moves on: the
					// full-list SAN would judge mate with the turn passed.
					want = strings.TrimRight(want, "+#")
					if st.Check {
						want += "+"
					}
				}
				if st.SAN != want {
					t.Errorf("%s game %d ply %d: step SAN %q, from the full list %q (%s)", path, i, st.Ply, st.SAN, want, before.FEN())
				}
				moves++
			}
		}
		f.Close()
	}
	if moves == 0 {
		t.Fatal("no move compared")
	}
	t.Logf("%d files, %d moves", len(files), moves)
}

// TestPlayedStopsWhereTheVerdictStops: the steps end at the first finding
// that stops the main line, and that finding is the stop; without
// Config.Steps nothing is kept.
func TestPlayedStopsWhereTheVerdictStops(t *testing.T) {
	for _, c := range []struct {
		text, rule, stop string
		steps            int
	}{
		{"[Event \"x\"]\n1. e4,d4 e5 *\n", "compound-turn", "d4", 1},
		{"[Event \"x\"]\n1. e4 e5 2. Ke3 Nc6 *\n", "illegal-move", "Ke3", 2},
		{"[Event \"x\"]\n1. f3 e5 2. g4 Qh4# 3. a3 *\n", "move-after-end", "a3", 4},
		{"[Event \"x\"]\n[Variant \"nonesuch\"]\n1. e4 *\n", "unknown-profile", "", 0},
		{"[Event \"x\"]\n1. e4 e5 2. Nf3 *\n", "", "", 3},
	} {
		g, err := grammar.NewReader(strings.NewReader(c.text), "x.pgn").Next()
		if err != nil {
			t.Fatal(err)
		}
		if res := replay.New(replay.Config{}).Game(g, "x.pgn", 1); res.Played != nil {
			t.Errorf("%q: steps kept without Config.Steps", c.text)
		}
		res := replay.New(replay.Config{Steps: true}).Game(g, "x.pgn", 1)
		pl := res.Played
		if len(pl.Steps) != c.steps {
			t.Errorf("%q: %d steps, want %d", c.text, len(pl.Steps), c.steps)
		}
		switch {
		case c.rule == "" && !pl.Complete():
			t.Errorf("%q: stopped by %+v", c.text, pl.Stop)
		case c.rule != "" && (pl.Stop == nil || pl.Stop.Rule != c.rule):
			t.Errorf("%q: stop %+v, want %s", c.text, pl.Stop, c.rule)
		case c.stop != "" && (pl.StopNode == nil || pl.StopNode.Text != c.stop || &g.Moves[pl.StopIndex] != pl.StopNode):
			t.Errorf("%q: stop node %+v at %d, want %s", c.text, pl.StopNode, pl.StopIndex, c.stop)
		}
		if c.rule != "" && pl.Stop != nil {
			found := false
			for _, f := range res.Findings {
				found = found || f.Rule == pl.Stop.Rule && f.Line == pl.Stop.Line && f.Column == pl.Stop.Column
			}
			if !found {
				t.Errorf("%q: the stop %+v is not one of the findings", c.text, pl.Stop)
			}
		}
	}
}

// TestReleasedStepsServeTheNextGame: a game replayed after another's steps
// were released (Played.Release, which convert calls once a game is
// written) has the same steps as replayed alone, its storage reused or not.
func TestReleasedStepsServeTheNextGame(t *testing.T) {
	path := filepath.Join("..", "..", "shared", "data", "fide", "corpus-1k.pgn")
	if _, err := os.Stat(path); err != nil {
		path = filepath.Join("..", "corpus", "fide", "en-passant.pgn")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skip(err)
	}
	read := func() []*record.Game {
		rd := grammar.NewReader(strings.NewReader(string(data)), path)
		var gs []*record.Game
		for len(gs) < 200 {
			g, err := rd.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			gs = append(gs, g)
		}
		return gs
	}
	games, alone := read(), read()
	released := replay.New(replay.Config{Steps: true})
	for i, g := range games {
		res := released.Game(g, path, i+1)
		want := replay.New(replay.Config{Steps: true}).Game(alone[i], path, i+1)
		if len(res.Played.Steps) != len(want.Played.Steps) {
			t.Fatalf("game %d: %d steps, alone %d", i+1, len(res.Played.Steps), len(want.Played.Steps))
		}
		for k := range res.Played.Steps {
			a, b := res.Played.Steps[k], want.Played.Steps[k]
			if a.SAN != b.SAN || a.Move != b.Move || a.Ply != b.Ply || a.Index != b.Index || a.Check != b.Check || a.Mate != b.Mate || a.TurnIndex != b.TurnIndex || a.MoveNumber != b.MoveNumber || a.Side != b.Side {
				t.Fatalf("game %d step %d: %+v, alone %+v", i+1, k, a, b)
			}
		}
		res.Played.Release()
	}
}
