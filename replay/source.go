package replay

import "github.com/ashtapada/ashtapada/record"

// Each is what Replay gives the parts of a game's main line to, once they
// are walked, with what was played of them (Config.Steps; nil without);
// both are valid only during the call. Either may be nil.
type Each struct {
	// Part is given each part but the last.
	Part func(nodes []record.Node, pl *Played)
	// Last is given the last part (a record held whole is one), after
	// the walk's end; Part is given it when Last is nil.
	Last func(nodes []record.Node, pl *Played)
}

// last is the function the last part is given to.
func (e Each) last() func(nodes []record.Node, pl *Played) {
	if e.Last != nil {
		return e.Last
	}
	return e.Part
}

// Replay judges the game of src as Game judges a record: its main line
// walked a part at a time as src gives it, one part for a record held
// whole, so that the result is the same whichever src is. The parts walked
// are given to each.
func (r *Replayer) Replay(src *record.Source, file string, index int, each Each) *Result {
	if !src.Parted() {
		// Nothing to share between replayers: Game, without together's
		// slices.
		res := r.Game(src.Head, file, index)
		if last := each.last(); last != nil {
			last(src.Head.Moves, res.Played)
		}
		return res
	}
	one := func(f func([]record.Node, *Played)) func([]record.Node, []*Played) {
		if f == nil {
			return nil
		}
		return func(nodes []record.Node, pls []*Played) { f(nodes, pls[0]) }
	}
	return together([]*Replayer{r}, src, file, index, one(each.Part), one(each.last()))[0]
}

// Together is Replay under each replayer of rs at once, from one reading
// of the main line (diff --rules X --against Y judges a game under two
// rule sets side by side): each part is walked by every replayer before
// the next is read. each, when not nil, is given each part's nodes and
// what each replayer played of them, in the order of rs. The results are
// in that order too.
func Together(rs []*Replayer, src *record.Source, file string, index int, each func(nodes []record.Node, pls []*Played)) []*Result {
	return together(rs, src, file, index, each, each)
}

// together is Together with the last part given to last, the others to
// part; either may be nil.
func together(rs []*Replayer, src *record.Source, file string, index int, part, last func(nodes []record.Node, pls []*Played)) []*Result {
	res := make([]*Result, len(rs))
	pls := make([]*Played, len(rs))
	if !src.Parted() {
		for k, r := range rs {
			res[k] = r.Game(src.Head, file, index)
			pls[k] = res[k].Played
		}
		if last != nil {
			last(src.Head.Moves, pls)
		}
		return res
	}
	pws := make([]*partWalk, len(rs))
	for k, r := range rs {
		pws[k] = r.beginParts(src.Head, file, index)
	}
	played := func() []*Played {
		for k, pw := range pws {
			pls[k] = pw.Played()
		}
		return pls
	}
	lastNodes := src.Lines(func(nodes []record.Node) {
		for _, pw := range pws {
			pw.Part(nodes)
		}
		if part != nil {
			part(nodes, played())
		}
	})
	for k, pw := range pws {
		res[k] = pw.End(lastNodes)
	}
	if last != nil {
		last(lastNodes, played())
	}
	return res
}
