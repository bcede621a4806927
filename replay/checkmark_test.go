package replay_test

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
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
		// A mark on a move that MayGiveCheck says surely gives none:
		// MayCheck's "may" for the written mark keeps its undo record.
		"1. e4 e5 2. a3+ *\n",
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

// TestCheckMarkEveryPly: each move of a game is judged with no mark and
// with `+` written, and exactly one of the two gets a check-mark finding
// that says what the move did: unmarked, a move that gives check (or
// mate); marked, one that does not. A written mark spares the walk's
// "may it check?" question, so the checks of marked moves are found by
// the history's own test: direct, discovered, double, by castling, by an
// en-passant capture that opens a line, by a promotion, and mate, in the
// run of plain moves and on the general path.
func TestCheckMarkEveryPly(t *testing.T) {
	games := []struct {
		fen   string
		moves []string
	}{
		{"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", []string{"Nc3", "Kd7", "Nd5", "Kd6", "Nf4", "Kd7", "Re7", "Kd6"}},
		{"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", []string{"Nf6", "Kf7", "Nd5", "Kg6", "Nf4", "Kf5", "Nd3", "Kg4", "Re4", "Kf3", "Rf4", "Kg3"}},
		{"8/3p4/8/R3P2k/8/8/8/4K3 b - - 0 1", []string{"d5", "exd6", "Kg6", "d7", "Kf7", "d8=Q", "Ke6", "Ra6", "Kf5", "Qd5", "Kf4", "Ra4", "Kg3", "Qd3", "Kg2", "Ra2", "Kh1", "Qf1"}},
		{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", []string{"O-O", "Ke7", "Re1", "Kd6", "Rd1", "Kc5", "Rc1", "Kb4", "Rb1", "Ka3", "Kf2", "Ka2", "Rb8", "Ka1", "Ke2", "Ka2", "Kd2", "Ka1", "Kc2", "Ka2", "Ra8"}},
		{"3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", []string{"b8=Q", "Kd7", "Qb7", "Kd6", "Qb6", "Kd5", "Qb5", "Kd4", "Qc4", "Ke3", "Qd4", "Kf3"}},
		{"", []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"}},
	}
	for _, gm := range games {
		// by ply: the unmarked move's finding says check, the marked
		// one's that the move gives none.
		checks, quiet := map[int]bool{}, map[int]bool{}
		for _, mark := range []string{"", "+"} {
			var b strings.Builder
			black := strings.Contains(gm.fen, " b ")
			if gm.fen != "" {
				b.WriteString("[SetUp \"1\"]\n[FEN \"" + gm.fen + "\"]\n\n")
			}
			for i, mv := range gm.moves {
				switch {
				case i == 0 && black:
					b.WriteString("1... ")
				case (i%2 == 0) != black:
					b.WriteString(strconv.Itoa((i+1)/2+1) + ". ")
				}
				b.WriteString(mv + mark + " ")
			}
			b.WriteString("*\n")
			g, err := grammar.NewReader(strings.NewReader(b.String()), "t.pgn").Next()
			if err != nil {
				t.Fatal(err)
			}
			for _, cfg := range []replay.Config{{}, {Steps: true}} {
				res := replay.New(cfg).Game(g, "t.pgn", 1)
				if res.Summary.Plies != len(gm.moves) {
					t.Fatalf("%q: %d plies played, want %d", b.String(), res.Summary.Plies, len(gm.moves))
				}
				for _, f := range res.Findings {
					switch {
					case f.Rule != ruleid.CheckMark:
					case mark == "" && strings.Contains(f.Message, "gives check"):
						checks[f.Ply] = true
					case mark == "" && strings.Contains(f.Message, "gives checkmate"):
						checks[f.Ply] = true
					case mark == "+" && strings.Contains(f.Message, "does not give check"):
						quiet[f.Ply] = true
					}
				}
			}
		}
		for ply := 1; ply <= len(gm.moves); ply++ {
			if checks[ply] == quiet[ply] {
				t.Errorf("%s %v, ply %d (%s): found to give check unmarked %v, found to give none marked %v",
					gm.fen, gm.moves, ply, gm.moves[ply-1], checks[ply], quiet[ply])
			}
		}
	}
}

// TestPlusMateEndsAtItsMove: a mate marked `+` (right, as for any winning
// move) ends the game at its move wherever the record goes after it: at
// the record's end, before another move, before a wrong move number and
// another move, and before text the reader could not read. The game's
// summary and findings are those of the same record with `#` and of the
// walk that keeps steps (which tests for mate at once).
func TestPlusMateEndsAtItsMove(t *testing.T) {
	const mate = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7"
	tails := []string{
		" *", " 1-0", " Ke7 *", " 5. Qe8 *", " 4... Ke7 5. Qe8 *", " 7. Ke7 *",
		" Ke7 5. @@@ *", " @@@ 1-0", " {a comment} $1 Ke7 *", " 4. Qxf7 *",
	}
	type outcome struct {
		sum      replay.Summary
		findings []string
		marks    string // the steps' check marks, with Config.Steps
	}
	judge := func(text string, cfg replay.Config) outcome {
		g, err := grammar.NewReader(strings.NewReader(text), "t.pgn").Next()
		if err != nil && g == nil {
			t.Fatal(err)
		}
		res := replay.New(cfg).Game(g, "t.pgn", 1)
		o := outcome{sum: res.Summary}
		if pl := res.Played; pl != nil {
			for i := range pl.Len() {
				o.marks += markOf(pl.CheckMark(i))
			}
		}
		for _, f := range res.Findings {
			o.findings = append(o.findings, fmt.Sprintf("%d:%d %s ply %d %s %s", f.Line, f.Column, f.Rule, f.Ply, f.Message, f.FEN))
		}
		return o
	}
	for _, tail := range tails {
		plus := judge(mate+"+"+tail+"\n", replay.Config{})
		if plus.sum.Outcome != "checkmate" || plus.sum.Plies != 7 {
			t.Errorf("%q: outcome %q after %d plies, want checkmate after 7", tail, plus.sum.Outcome, plus.sum.Plies)
		}
		for _, other := range []outcome{judge(mate+"#"+tail+"\n", replay.Config{})} {
			if !reflect.DeepEqual(plus, other) {
				t.Errorf("%q:\n%+v\nwant\n%+v", tail, plus, other)
			}
		}
		// With steps: with SANs the mate is tested at once; without (a
		// writer of UCI) the test waits as without steps, and the mating
		// move's step is marked when the mate is found.
		steps := judge(mate+"#"+tail+"\n", replay.Config{Steps: true})
		if len(steps.marks) < 7 || steps.marks[6] != '#' {
			t.Errorf("%q: the steps' marks are %q, want the seventh '#'", tail, steps.marks)
		}
		for _, cfg := range []replay.Config{{Steps: true}, {Steps: true, NoSAN: true}} {
			other := judge(mate+"+"+tail+"\n", cfg)
			if !reflect.DeepEqual(plus.sum, other.sum) || !reflect.DeepEqual(plus.findings, other.findings) || other.marks != steps.marks {
				t.Errorf("%q, %+v:\n%+v\nwant\n%+v, marks %q", tail, cfg, other, plus, steps.marks)
			}
			// Read in parts of a few nodes, each part's steps handed out
			// when it is walked: the same marks.
			var marks string
			keep := func(_ []record.Node, pl *replay.Played) {
				for i := range pl.Len() {
					marks += markOf(pl.CheckMark(i))
				}
			}
			src := grammar.SourceOf(grammar.Chunk{Data: []byte(mate + "+" + tail + "\n")}, "t.pgn", nil, grammar.ReadOptions{PartedBytes: 1, PartNodes: 3})
			if res := replay.New(cfg).Replay(src, "t.pgn", 1, replay.Each{Part: keep}); !src.Parted() || marks != steps.marks || res.Summary != plus.sum {
				t.Errorf("%q, %+v, in parts (%v): marks %q, want %q; %+v", tail, cfg, src.Parted(), marks, steps.marks, res.Summary)
			}
		}
	}
}

// markOf is a step's check mark as a byte of text: '.' for none.
func markOf(c byte) string {
	if c == 0 {
		return "."
	}
	return string(c)
}
