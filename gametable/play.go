package gametable

import (
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/replay"
)

// Play returns the main line's moves in SAN and UCI and the settings of a
// game from its verdict, which must have been made with
// replay.Config.Steps (Result.Played); without it they are empty.
func Play(res *replay.Result) Played {
	pl := PlaySettings(res)
	if p := res.Played; p != nil && p.Len() > 0 {
		pl.SAN = make([]string, p.Len())
		pl.UCI = make([]string, p.Len())
		for i := range p.Len() {
			pl.SAN[i] = p.SAN(i)
			pl.UCI[i] = notation.UCI(p.Move(i))
		}
	}
	return pl
}

// PlaySettings is Play without the moves: for a huge game, whose moves
// are kept in Moves (Row.SetMoves).
func PlaySettings(res *replay.Result) Played {
	var pl Played
	if p := res.Played; p != nil && p.Profile != nil {
		pl.Settings = p.Settings.Map()
	}
	return pl
}
