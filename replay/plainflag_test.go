package replay_test

import (
	"encoding/json"
	"testing"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// TestPlainMoveFlagChangesNothing: a move the reader marks record.Move.Plain
// is replayed as the same move read by another path, which leaves the mark
// off (JSON, a program's record): every game of corpus/ gives the same
// findings and summary with the marks as read and with all of them taken
// off.
func TestPlainMoveFlagChangesNothing(t *testing.T) {
	cfg := replay.Config{Variations: true}
	marked := 0
	for i, g := range corpusGames(t) {
		with := replay.New(cfg).Game(g, "corpus", i+1)
		marked += unmark(g.Moves)
		without := replay.New(cfg).Game(g, "corpus", i+1)
		if a, b := asJSON(t, with), asJSON(t, without); a != b {
			t.Errorf("game %d: with the reader's marks\n%s\nwithout\n%s", i+1, a, b)
		}
	}
	if marked == 0 {
		t.Fatal("the reader marked no move plain")
	}
}

// unmark takes record.Move.Plain off every move of nodes and their
// variations, and counts the moves that had it.
func unmark(nodes []record.Node) int {
	n := 0
	for i := range nodes {
		if m := nodes[i].Move; m != nil && m.Plain {
			m.Plain = false
			n++
		}
		n += unmark(nodes[i].Variation())
	}
	return n
}

// asJSON is the summary and findings of res, as the report writes them.
func asJSON(t *testing.T, res *replay.Result) string {
	t.Helper()
	b, err := json.Marshal([]any{res.Summary, res.Findings})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
