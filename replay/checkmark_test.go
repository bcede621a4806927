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

// TestCheckMarkJudged: the walk judges a written mark only where it may
// disagree with the move, and a mark that agrees gets no finding: a check
// marked `+`, a mate marked `#`, and a mate marked `+` (a move that wins
// may be marked either way). A check marked `#`, a check not marked and a
// quiet move marked get one, at the move's ply.
func TestCheckMarkJudged(t *testing.T) {
	const opening = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 "
	cases := []struct {
		moves string
		ply   int // the finding's ply, 0 for none
	}{
		{opening + "4. Qxf7# 1-0", 0},
		{opening + "4. Qxf7+ 1-0", 0},
		{opening + "4. Qxf7 1-0", 7},
		{"1. e4 e5 2. Bc4 Nc6 3. Bxf7# *", 5},
		{"1. e4 e5 2. Bc4 Nc6 3. Bxf7+ *", 0},
		{"1. e4 e5 2. Bc4 Nc6 3. Bxf7 *", 5},
		{"1. e4 e5 2. Bc4+ *", 3},
		{"1. e4 e5 2. Bc4# *", 3},
	}
	for _, c := range cases {
		g, err := grammar.NewReader(strings.NewReader(c.moves+"\n"), "t.pgn").Next()
		if err != nil {
			t.Fatal(err)
		}
		for _, cfg := range []replay.Config{{}, {Steps: true}} {
			res := replay.New(cfg).Game(g, "t.pgn", 1)
			got := 0
			for _, f := range res.Findings {
				if f.Rule == ruleid.CheckMark {
					if got != 0 {
						t.Errorf("%q: a second check-mark finding at ply %d", c.moves, f.Ply)
					}
					got = f.Ply
				}
			}
			if got != c.ply {
				t.Errorf("%q (steps %v): check-mark finding at ply %d, want %d (0: none)", c.moves, cfg.Steps, got, c.ply)
			}
		}
	}
}

// TestCheckMarkFindingNodeInRun: in a plain main line, played as a run of
// turns past numbers, comments and NAGs, a check-mark finding stands at
// its own move's token (the run finds the move's node by the turn it is
// at, w.turnAt), whether the move is White's or Black's.
func TestCheckMarkFindingNodeInRun(t *testing.T) {
	games := []struct {
		text, san string
	}{
		{"1. e4 {a comment} e5 $1 2. Qh5 Nc6 {another} 3. Bc4 Nf6 4. Qxf7 *\n", "Qxf7"},
		{"1. f3 e5 {a comment} 2. g4 $2 Qh4 *\n", "Qh4"},
		{"1. e4 e5 2. Nf3 {a comment} Nc6 $1 3. Bb5 a6 4. Ba4 Nf6+ *\n", "Nf6+"},
	}
	for _, tc := range games {
		g, err := grammar.NewReader(strings.NewReader(tc.text), "t.pgn").Next()
		if err != nil {
			t.Fatal(err)
		}
		if !g.MainPlain {
			t.Fatalf("%q: not read as a plain main line", tc.text)
		}
		res := replay.New(replay.Config{}).Game(g, "t.pgn", 1)
		var found []string
		for _, f := range res.Findings {
			if f.Rule != ruleid.CheckMark {
				continue
			}
			col := strings.Index(tc.text, tc.san) + 1
			if f.Line != 1 || f.Column != col || f.SAN != tc.san {
				t.Errorf("%q: check-mark finding at %d:%d (%q), want 1:%d (%q)", tc.text, f.Line, f.Column, f.SAN, col, tc.san)
			}
			found = append(found, f.SAN)
		}
		if len(found) != 1 {
			t.Errorf("%q: check-mark findings %q, want one", tc.text, found)
		}
	}
}
