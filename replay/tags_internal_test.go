package replay

import (
	"testing"

	"github.com/ashtapada/ashtapada/record"
)

// TestTagsOfAsGameTag: the tags the walk reads in one pass are those
// Game.Tag finds one by one: the first of a name that is written twice,
// an empty value told from an absent tag, the roster's tags wherever
// they stand, and nothing for a name that differs in case. Read over the
// tags of the game before, as the walk reads each game's into its own,
// they are the same: nothing of the other game is left.
func TestTagsOfAsGameTag(t *testing.T) {
	names := []string{"Variant", "Rules", "FEN", "SetUp", "Result", "Event", "Site", "Date", "Round", "White", "Black"}
	games := [][]record.Tag{
		nil,
		{{Name: "Event", Value: "e"}, {Name: "Result", Value: "1-0"}, {Name: "FEN", Value: "x"}, {Name: "FEN", Value: "y"}},
		{{Name: "Variant", Value: ""}, {Name: "Rules", Value: "a=b"}, {Name: "SetUp", Value: "1"}, {Name: "Result", Value: "*"}, {Name: "Result", Value: "0-1"}},
		{{Name: "White", Value: "w"}, {Name: "Black", Value: "b"}, {Name: "Date", Value: "?"}, {Name: "Round", Value: "1"}, {Name: "Site", Value: "s"}, {Name: "variant", Value: "shatranj"}},
	}
	// The roster in its order, then more (read without the switch, the
	// rest with it), and near misses of that order.
	roster := func(names ...string) []record.Tag {
		var tags []record.Tag
		for _, n := range names {
			tags = append(tags, record.Tag{Name: n, Value: n + "-v"})
		}
		return tags
	}
	games = append(games,
		roster("Event", "Site", "Date", "Round", "White", "Black", "Result"),
		roster("Event", "Site", "Date", "Round", "White", "Black", "Result", "FEN", "SetUp", "Result", "Variant", "Rules", "Event"),
		roster("Event", "Site", "Date", "Round", "White", "Black"),
		roster("Event", "Site", "Date", "round", "White", "Black", "Result", "FEN"),
		roster("Event", "Site", "Date", "Round", "White", "Result", "Black", "Result"),
		roster("FEN", "Event", "Site", "Date", "Round", "White", "Black", "Result"),
	)
	for _, name := range names {
		// Each tag alone: the roster's bits are told apart.
		games = append(games, []record.Tag{{Name: name, Value: "v"}})
	}
	var reused gameTags
	for i, tags := range games {
		g := &record.Game{Tags: tags}
		got := tagsOf(g)
		if reused.read(g); reused != got {
			t.Errorf("game %d: read over the game before's tags: %+v, read alone: %+v", i, reused, got)
		}
		for _, name := range names {
			want, wantOK := g.Tag(name)
			var v string
			var ok bool
			switch name {
			case "Variant":
				v, ok = got.variant, got.has&tagVariant != 0
			case "Rules":
				v, ok = got.rules, got.has&tagRules != 0
			case "FEN":
				v, ok = got.fen, got.has&tagFEN != 0
			case "SetUp":
				v, ok = got.setUp, got.has&tagSetUp != 0
			case "Result":
				v, ok = got.result, got.has&tagResult != 0
			}
			for k, r := range sevenTagRoster {
				if r == name && (got.roster&(1<<k) != 0) != wantOK {
					t.Errorf("game %d: roster tag %s present %v, Game.Tag says %v", i, name, !wantOK, wantOK)
				}
			}
			if name == "Variant" || name == "Rules" || name == "FEN" || name == "SetUp" || name == "Result" {
				if v != want || ok != wantOK {
					t.Errorf("game %d: %s = %q, %v; Game.Tag gives %q, %v", i, name, v, ok, want, wantOK)
				}
			}
		}
	}
}
