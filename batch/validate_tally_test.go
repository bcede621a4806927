package batch

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/ashtapada/ashtapada/replay"
)

// TestGameKindsTally: the games counted by kind and folded into a tally
// give the tally that adding each gives, whatever their kinds: many of
// one, more kinds than are kept, results with findings, results that are
// no game, and recorded results that are no marker.
func TestGameKindsTally(t *testing.T) {
	var results []*replay.Result
	for i := range 1000 {
		s := replay.Summary{Game: i + 1, Profile: "fide", Outcome: "none", Result: []string{"1-0", "0-1", "1/2-1/2", "*", ""}[i%5], Valid: true}
		switch {
		case i%7 == 0:
			s.Outcome = "checkmate"
		case i%11 == 0:
			s.Profile = fmt.Sprint("p", i%50) // more kinds than kept
		case i%13 == 0:
			s.Result = "1:0"
		case i%17 == 0:
			s.Game = 0
			s.Errors = 1
		}
		r := &replay.Result{Summary: s}
		if i%19 == 0 {
			r.Summary.Valid, r.Summary.Errors = false, 1
			r.Findings = []replay.Finding{{Rule: "illegal-move"}}
		}
		results = append(results, r)
	}
	want := replay.NewTally()
	for _, r := range results {
		want.Add(r)
	}
	got := replay.NewTally()
	var kinds gameKinds
	for _, r := range results {
		if !kinds.add(r) {
			got.Add(r)
		}
	}
	kinds.fold(got)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("folded tally %+v, want %+v", got, want)
	}
}
