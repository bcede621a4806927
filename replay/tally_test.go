package replay_test

import (
	"fmt"
	"maps"
	"testing"

	"github.com/ashtapada/ashtapada/replay"
)

// TestTallyCounts: a tally of games whose profiles, outcomes and results
// take more values than Add keeps apart from the maps, settled (twice)
// and merged into another, counts each value as a plain count by map
// would.
func TestTallyCounts(t *testing.T) {
	profiles, outcomes, results := map[string]int{}, map[string]int{}, map[string]int{}
	tally := replay.NewTally()
	other := replay.NewTally()
	for i := range 200 {
		s := replay.Summary{
			Game:    i + 1,
			Profile: fmt.Sprintf("p%d", i%3),
			Outcome: fmt.Sprintf("o%d", i*i%17),
			Result:  []string{"1-0", "0-1", "1/2-1/2", "*", ""}[i%5],
		}
		if i%7 == 0 {
			s.Profile = ""
		}
		if i < 150 {
			tally.Add(&replay.Result{Summary: s})
		} else {
			other.Add(&replay.Result{Summary: s})
		}
		p, res := s.Profile, s.Result
		if p == "" {
			p = "(none)"
		}
		if res == "" {
			res = "(none)"
		}
		profiles[p]++
		outcomes[s.Outcome]++
		results[res]++
	}
	tally.Settle()
	tally.Settle()
	tally.Merge(other)
	tally.Settle()
	if tally.Games != 200 {
		t.Errorf("games %d, want 200", tally.Games)
	}
	for _, c := range []struct {
		name      string
		got, want map[string]int
	}{{"profiles", tally.Profiles, profiles}, {"outcomes", tally.Outcomes, outcomes}, {"results", tally.Results, results}} {
		if !maps.Equal(c.got, c.want) {
			t.Errorf("%s %v, want %v", c.name, c.got, c.want)
		}
	}
}
