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
		// One switch, which finds a name by its length first, for every
		// name read: the roster's in sevenTagRoster's order.
		var bit uint8
		var to *string
		k := -1
		switch tg.Name {
		case "Variant":
			bit, to = tagVariant, &t.variant
		case "Rules":
			bit, to = tagRules, &t.rules
		case "FEN":
			bit, to = tagFEN, &t.fen
		case "SetUp":
			bit, to = tagSetUp, &t.setUp
		case "Event":
			k = 0
		case "Site":
			k = 1
		case "Date":
			k = 2
		case "Round":
			k = 3
		case "White":
			k = 4
		case "Black":
			k = 5
		case "Result":
			k, bit, to = 6, tagResult, &t.result
		}
		if to != nil && t.has&bit == 0 {
			t.has |= bit
			*to = tg.Value
		}
		if k >= 0 {
			t.roster |= 1 << k
		}
	}
	return t
}

// sevenTagRoster is PGN's mandatory tag set, in its order.
var sevenTagRoster = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}
