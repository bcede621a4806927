package compare_test

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/compare"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

func game(t *testing.T, text string) *record.Game {
	t.Helper()
	g, err := grammar.NewReader(strings.NewReader(text), "t.pgn").Next()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Two transcriptions of one game differ only in notation: no difference.
// A different move: the first ply where they differ, each side's verdict.
func TestRecords(t *testing.T) {
	rp := replay.New(replay.Config{Steps: true})
	a := game(t, "1. e2e4 e7e5 2. g1f3 *")
	b := game(t, "1. e4 e5 2. Nf3 *")
	if e := compare.Records("a", "b", a, b, rp.Game(a, "a", 1), rp.Game(b, "b", 1)); e != nil {
		t.Errorf("same game in two notations: %+v", e)
	}
	c := game(t, "1. e4 e5 2. Ke3 *")
	e := compare.Records("b", "c", b, c, rp.Game(b, "b", 1), rp.Game(c, "c", 1))
	if e == nil || e.Ply != 3 || !e.A.Legal || e.B.Legal || e.B.Rule != "illegal-move" || e.A.Move != "Nf3" || e.B.Move != "Ke3" {
		t.Fatalf("want a difference at ply 3, Nf3 legal, Ke3 illegal: %+v %+v %+v", e, e.A, e.B)
	}
	var sb strings.Builder
	if err := compare.WriteText(&sb, e); err != nil || !strings.Contains(sb.String(), "first difference at ply 3") {
		t.Errorf("WriteText: %v\n%s", err, sb.String())
	}
}

// One record under two rule sets: a compound turn is legal only where the
// opening allows three moves.
func TestRuleSets(t *testing.T) {
	g := game(t, "1. e4,d4 e5 *")
	fide, err := rules.Lookup("fide")
	if err != nil {
		t.Fatal(err)
	}
	ovs, err := rules.ParseOverrides("opening=triple")
	if err != nil {
		t.Fatal(err)
	}
	ra := replay.New(replay.Config{Profile: fide}).Game(g, "t.pgn", 1)
	rb := replay.New(replay.Config{Profile: fide, Overrides: ovs}).Game(g, "t.pgn", 1)
	e := compare.RuleSets("fide", "triple", 1, g, ra, rb)
	if e == nil || e.Ply != 2 || e.A.Legal || e.A.Rule != "compound-turn" || !e.B.Legal {
		t.Fatalf("want ply 2, compound-turn under fide only: %+v %+v %+v", e, e.A, e.B)
	}
	if e := compare.RuleSets("fide", "fide", 1, g, ra, ra); e != nil {
		t.Errorf("one rule set against itself: %+v", e)
	}
}

// TestWriteTextQuotesControlCharacters: the texts of an entry that come
// from the records reach the terminal with their control characters
// quoted; the lines of the diff stay lines.
func TestWriteTextQuotesControlCharacters(t *testing.T) {
	e := &compare.Entry{Mode: compare.ModeRecords, Game: 1, Key: "x\x1b]0;a\x07", Ply: 2,
		A:    &compare.Side{Name: "a\x1b[2J.pgn", Move: "e4", Legal: true},
		B:    &compare.Side{Name: "b.pgn", Move: "Nf3\x9b", Rule: "syntax", Message: "found `\x1bc`"},
		Diff: "--- a\n+++ b\n-1. e4 {\x1b[2J}\n+1. e4\n"}
	var sb strings.Builder
	if err := compare.WriteText(&sb, e); err != nil {
		t.Fatal(err)
	}
	want := "game 1 [x\\x1b]0;a\\x07]: first difference at ply 2\n" +
		"  a\\x1b[2J.pgn: e4 is legal\n" +
		"  b.pgn: Nf3\\x9b is not legal: found `\\x1bc` [syntax]\n" +
		"  --- a\n  +++ b\n  -1. e4 {\\x1b[2J}\n  +1. e4\n"
	if sb.String() != want {
		t.Errorf("WriteText:\n%q\nwant\n%q", sb.String(), want)
	}
}
