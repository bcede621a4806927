package replay_test

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
)

// capGame has 251 wrong check marks (the main line's and 250 variations'),
// 5 illegal moves in variations and a missing-tag warning.
var capGame = "[Event \"x\"]\n\n1. e4+ " + strings.Repeat("(1. d4+) ", 250) + strings.Repeat("(1. Ke2) ", 5) + "*\n"

// countByRule counts the findings of a result that are not notes, and the
// notes' left-out counts, by rule.
func countByRule(res *replay.Result) (kept, left map[string]int) {
	kept, left = map[string]int{}, map[string]int{}
	for _, f := range res.Findings {
		if f.LeftOut > 0 {
			left[f.Rule] += f.LeftOut
			continue
		}
		kept[f.Rule]++
	}
	return kept, left
}

// The findings of one game are bounded per rule and per
// game; the rest are counted in one note per rule, and the summary counts
// them all. The uncapped run is the reference.
func TestFindingCaps(t *testing.T) {
	all := judge(t, capGame, replay.Config{Variations: true, MaxFindings: -1, MaxFindingsPerRule: -1})
	allKept, allLeft := countByRule(all)
	if len(allLeft) != 0 || allKept["check-mark"] != 251 || allKept["illegal-move"] != 5 || all.Summary.LeftOut != 0 {
		t.Fatalf("uncapped: kept %v, left out %v, summary %+v", allKept, allLeft, all.Summary)
	}
	for _, tc := range []struct {
		name            string
		perGame, perRul int
		wantKept        int // findings kept, notes aside
	}{
		{"defaults", 0, 0, 100 + 5 + 1},
		{"per rule 3", 0, 3, 3 + 3 + 1},
		{"per game 50", 50, 0, 50},
		{"per game 2, per rule 1", 2, 1, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := judge(t, capGame, replay.Config{Variations: true, MaxFindings: tc.perGame, MaxFindingsPerRule: tc.perRul})
			kept, left := countByRule(res)
			n, sum := 0, 0
			for rule, k := range kept {
				n += k
				if k+left[rule] != allKept[rule] {
					t.Errorf("rule %s: %d kept + %d left out, want %d in all", rule, k, left[rule], allKept[rule])
				}
			}
			for rule, l := range left {
				sum += l
				if kept[rule]+l != allKept[rule] {
					t.Errorf("rule %s: %d left out, %d kept, want %d in all", rule, l, kept[rule], allKept[rule])
				}
			}
			if n != tc.wantKept {
				t.Errorf("%d findings kept, want %d: %v", n, tc.wantKept, kept)
			}
			s, a := res.Summary, all.Summary
			if s.Errors != a.Errors || s.Warnings != a.Warnings || s.Valid != a.Valid || s.LeftOut != sum {
				t.Errorf("summary %+v, want the counts of %+v and left_out %d", s, a, sum)
			}
			// One note per rule that lost findings, after the others, with
			// the number in its message and its rule's severity.
			notes := 0
			for i, f := range res.Findings {
				if f.LeftOut == 0 {
					if notes > 0 {
						t.Errorf("finding %d (%s) after a note", i, f.Rule)
					}
					continue
				}
				notes++
				if !strings.Contains(f.Message, "more findings of rule "+f.Rule) || f.Move != nil || f.Legal != nil {
					t.Errorf("note %+v", f)
				}
				if want := map[string]string{"illegal-move": "error", "check-mark": "warning", "missing-tag": "warning"}[f.Rule]; f.Severity != want {
					t.Errorf("note of %s: severity %s, want %s", f.Rule, f.Severity, want)
				}
			}
			if notes != len(left) {
				t.Errorf("%d notes for %d rules", notes, len(left))
			}
			tally := replay.NewTally()
			tally.Add(res)
			for rule, k := range allKept {
				if tally.Rules[rule] != k {
					t.Errorf("tally: rule %s %d, want %d", rule, tally.Rules[rule], k)
				}
			}
		})
	}
}

// A main line stopped by a finding that the bound left out still knows
// why it stopped (Result.Played.Stop).
func TestFindingCapKeepsTheStop(t *testing.T) {
	text := "[Event \"x\"]\n\n1. e4 (1. Ke2) (1. Ke3) e5 2. Ke3 *\n"
	res := judge(t, text, replay.Config{Variations: true, Steps: true, MaxFindingsPerRule: 1})
	st := res.Played.Stop
	if st == nil || st.Rule != "illegal-move" || st.Ply != 3 || st.Variation != nil {
		t.Fatalf("stop %+v, want the main line's illegal-move at ply 3%s", st, describe(res))
	}
	if _, left := countByRule(res); left["illegal-move"] != 2 {
		t.Errorf("left out %v, want 2 illegal-move%s", left, describe(res))
	}
}

// A replayer keeps the latest finding for a stop's reason across games:
// each game's stop is its own, a copy that the next game leaves as it was,
// and a game that does not stop has none.
func TestStopReasonPerGame(t *testing.T) {
	text := "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"b\"]\n\n1. Nc4 *\n\n[Event \"c\"]\n\n1. d4 d5 *\n"
	games, err := grammar.ReadAll(strings.NewReader(text), "test.pgn")
	if err != nil || len(games) != 3 {
		t.Fatalf("read %d games: %v", len(games), err)
	}
	r := replay.New(replay.Config{Steps: true})
	var res []*replay.Result
	for i, g := range games {
		res = append(res, r.Game(g, "test.pgn", i+1))
	}
	for i, want := range []struct {
		ply int
		san string
	}{{3, "Ke3"}, {1, "Nc4"}} {
		st := res[i].Played.Stop
		if st == nil || st.Rule != "illegal-move" || st.Ply != want.ply || st.SAN != want.san || st.Game != i+1 {
			t.Errorf("game %d: stop %+v, want illegal-move %s at ply %d%s", i+1, st, want.san, want.ply, describe(res[i]))
		}
	}
	if st := res[2].Played.Stop; st != nil {
		t.Errorf("game 3: stop %+v, want none", st)
	}
}
