package gametable

import (
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/replay"
)

// Play returns the main line's moves in SAN and UCI and the settings of a
// game from its verdict, which must have been made with
// replay.Config.Steps (Result.Played); without it they are empty.
func Play(res *replay.Result) Played {
	var pl Played
	p := res.Played
	if p == nil {
		return pl
	}
	if p.Profile != nil {
		pl.Settings = p.Settings.Map()
	}
	if len(p.Steps) > 0 {
		pl.SAN = make([]string, len(p.Steps))
		pl.UCI = make([]string, len(p.Steps))
		for i := range p.Steps {
			pl.SAN[i] = p.Steps[i].SAN
			pl.UCI[i] = formats.UCI(p.Steps[i].Move)
		}
	}
	return pl
}
