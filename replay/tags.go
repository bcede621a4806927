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
	t.read(g)
	return t
}

// read sets t to g's tags. The walk reads them into its own (walk.tags):
// a gameTags returned is ten words, returned through memory and copied
// again, with the collector's barrier, into the walk.
func (t *gameTags) read(g *record.Game) {
	*t = gameTags{}
	// Taken once: the stores below might change g.Tags for all the
	// compiler knows, which was then read again at every tag.
	tags, i := g.Tags, 0
	// Most records open with the Seven Tag Roster in its order: said by
	// one comparison a name, where the switch below found each by its
	// length and then its bytes. (Before them stands no other tag, so
	// their Result is the first.)
	if len(tags) >= len(sevenTagRoster) && tags[0].Name == "Event" && tags[1].Name == "Site" && tags[2].Name == "Date" &&
		tags[3].Name == "Round" && tags[4].Name == "White" && tags[5].Name == "Black" && tags[6].Name == "Result" {
		t.roster, t.has, t.result = 1<<len(sevenTagRoster)-1, tagResult, tags[6].Value
		i = len(sevenTagRoster)
	}
	for ; i < len(tags); i++ {
		tg := &tags[i]
		// One switch, which finds a name by its length first, for every
		// name read; each case does all its tag asks (a tail shared by the
		// cases was tested for every tag). The roster's bits are in
		// sevenTagRoster's order.
		switch tg.Name {
		case "Variant":
			t.first(tagVariant, &t.variant, tg.Value)
		case "Rules":
			t.first(tagRules, &t.rules, tg.Value)
		case "FEN":
			t.first(tagFEN, &t.fen, tg.Value)
		case "SetUp":
			t.first(tagSetUp, &t.setUp, tg.Value)
		case "Event":
			t.roster |= 1 << 0
		case "Site":
			t.roster |= 1 << 1
		case "Date":
			t.roster |= 1 << 2
		case "Round":
			t.roster |= 1 << 3
		case "White":
			t.roster |= 1 << 4
		case "Black":
			t.roster |= 1 << 5
		case "Result":
			t.roster |= 1 << 6
			t.first(tagResult, &t.result, tg.Value)
		}
	}
}

// first sets *to, the value of the tag of bit, to v unless a tag of that
// name came before (Game.Tag finds the first).
func (t *gameTags) first(bit uint8, to *string, v string) {
	if t.has&bit == 0 {
		t.has |= bit
		*to = v
	}
}

// sevenTagRoster is PGN's mandatory tag set, in its order.
var sevenTagRoster = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}
