package replay

import (
	"reflect"
	"testing"

	"github.com/ashtapada/ashtapada/record"
)

// TestResolveRulesToOverAnotherGame: the rules resolved into the walk's
// own, which holds the game before's (Game reuses its walk), are those
// resolved alone, whether the tags give a profile, a profile and
// settings, no profile known, or settings that cannot be applied.
func TestResolveRulesToOverAnotherGame(t *testing.T) {
	games := [][]record.Tag{
		{{Name: "Variant", Value: "shatranj"}, {Name: "Rules", Value: "pawn-double-step=yes"}},
		{{Name: "Variant", Value: "no-such-game"}},
		{{Name: "Variant", Value: "chaturanga"}},
		{},
		{{Name: "Rules", Value: "no-such-setting=1"}},
		{{Name: "Variant", Value: "shatranj"}},
	}
	r := New(Config{})
	var reused gameRules
	for i := range 2 * len(games) {
		// Each game after each other one, in both orders.
		tags := games[i%len(games)]
		if i >= len(games) {
			tags = games[len(games)-1-i%len(games)]
		}
		g := &record.Game{Tags: tags}
		gt := tagsOf(g)
		want, wantF := r.resolveRules(g, &gt)
		f := r.resolveRulesTo(&reused, g, &gt)
		if !reflect.DeepEqual(reused, want) {
			t.Errorf("game %d (%v): resolved over the game before's rules: %+v, alone: %+v", i, tags, reused, want)
		}
		if (f == nil) != (wantF == nil) || f != nil && (f.Rule != wantF.Rule || f.Message != wantF.Message) {
			t.Errorf("game %d (%v): finding %+v, alone %+v", i, tags, f, wantF)
		}
	}
}
