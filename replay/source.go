package replay

import "github.com/ashtapada/ashtapada/record"

// Replay judges the game of src as Game judges a record: its main line
// walked a part at a time as src gives it, one part for a record held
// whole, so that the result is the same whichever src is. each, when not
// nil, is given each part's nodes once they are walked and what was
// played of them (Config.Steps; nil without), the last part too, after
// the walk's end; both are valid only during the call.
func (r *Replayer) Replay(src *record.Source, file string, index int, each func(nodes []record.Node, pl *Played)) *Result {
	if !src.Parted() {
		res := r.Game(src.Head, file, index)
		if each != nil {
			each(src.Head.Moves, res.Played)
		}
		return res
	}
	var more func([]record.Node, []*Played)
	if each != nil {
		more = func(nodes []record.Node, pls []*Played) { each(nodes, pls[0]) }
	}
	return Together([]*Replayer{r}, src, file, index, more)[0]
}

// Together is Replay under each replayer of rs at once, from one reading
// of the main line (diff --rules X --against Y judges a game under two
// rule sets side by side): each part is walked by every replayer before
// the next is read. each, when not nil, is given each part's nodes and
// what each replayer played of them, in the order of rs. The results are
// in that order too.
func Together(rs []*Replayer, src *record.Source, file string, index int, each func(nodes []record.Node, pls []*Played)) []*Result {
	res := make([]*Result, len(rs))
	pls := make([]*Played, len(rs))
	if !src.Parted() {
		for k, r := range rs {
			res[k] = r.Game(src.Head, file, index)
			pls[k] = res[k].Played
		}
		if each != nil {
			each(src.Head.Moves, pls)
		}
		return res
	}
	pws := make([]*PartWalk, len(rs))
	for k, r := range rs {
		pws[k] = r.Begin(src.Head, file, index)
	}
	played := func() []*Played {
		for k, pw := range pws {
			pls[k] = pw.Played()
		}
		return pls
	}
	last := src.Lines(func(nodes []record.Node) {
		for _, pw := range pws {
			pw.Part(nodes)
		}
		if each != nil {
			each(nodes, played())
		}
	})
	for k, pw := range pws {
		res[k] = pw.End(last)
	}
	if each != nil {
		each(last, played())
	}
	return res
}
