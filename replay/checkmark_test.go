package replay_test

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
)

// TestCheckMarkFindingPosition: a check-mark finding carries the FEN of
// the position before its move, with or without the steps kept, also
// where the check comes from an earlier move of the same turn (a knight
// promotion that uncovers the rook, then the new knight's move) and the
// last move could not give it by itself. The steps' own position before
// the move is the reference.
func TestCheckMarkFindingPosition(t *testing.T) {
	games := []string{
		// The promotion uncovers the rook on a7: check after both moves,
		// neither marked.
		"[Variant \"andhra\"]\n[SetUp \"1\"]\n[FEN \"7n/RP1k4/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. b8=N,Na6 *\n",
		// A check not marked, and a mark on a move that does not check.
		"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *\n",
		"1. e4+ e5 *\n",
	}
	for _, text := range games {
		g, err := grammar.NewReader(strings.NewReader(text), "t.pgn").Next()
		if err != nil {
			t.Fatal(err)
		}
		steps := replay.New(replay.Config{Steps: true}).Game(g, "t.pgn", 1)
		seen := 0
		for _, cfg := range []replay.Config{{}, {Variations: true}, {Steps: true}} {
			res := replay.New(cfg).Game(g, "t.pgn", 1)
			for _, f := range res.Findings {
				if f.Rule != ruleid.CheckMark {
					continue
				}
				seen++
				want := steps.Played.Before(f.Ply - 1 - steps.Played.PliesBefore)
				if want == nil {
					t.Fatalf("%q: no step before ply %d", text, f.Ply)
				}
				if f.FEN != want.FEN() {
					t.Errorf("%q %+v, ply %d: finding's FEN %q, want %q", text, cfg, f.Ply, f.FEN, want.FEN())
				}
			}
		}
		if seen == 0 {
			t.Errorf("%q: no check-mark finding", text)
		}
	}
}
