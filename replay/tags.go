package replay

import "github.com/ashtapada/ashtapada/record"

// gameTags holds the tags the walk reads, each the first of its name as
// Game.Tag finds it, found in one pass over the game's tags: looking each
// up in turn was a dozen scans per game, most of them through every tag
// for one that is absent (FEN, Rules, Variant).
type gameTags struct {
	variant, rules, fen, setUp, result string
	// has has a bit set for each of the tags above present (tagVariant
	// and on); roster one for each tag of sevenTagRoster present.
	has, roster uint8
}

const (
	tagVariant uint8 = 1 << iota
	tagRules
	tagFEN
	tagSetUp
	tagResult
)

// tagsOf reads g's tags into a gameTags.
func tagsOf(g *record.Game) gameTags {
	var t gameTags
	for i := range g.Tags {
		tg := &g.Tags[i]
		var bit uint8
		var to *string
		switch tg.Name {
		case "Variant":
			bit, to = tagVariant, &t.variant
		case "Rules":
			bit, to = tagRules, &t.rules
		case "FEN":
			bit, to = tagFEN, &t.fen
		case "SetUp":
			bit, to = tagSetUp, &t.setUp
		}
		if to != nil && t.has&bit == 0 {
			t.has |= bit
			*to = tg.Value
		}
		for k, name := range sevenTagRoster {
			if tg.Name == name {
				t.roster |= 1 << k
				if name == "Result" && t.has&tagResult == 0 {
					t.has |= tagResult
					t.result = tg.Value
				}
				break
			}
		}
	}
	return t
}

// sevenTagRoster is PGN's mandatory tag set, in its order.
var sevenTagRoster = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}
