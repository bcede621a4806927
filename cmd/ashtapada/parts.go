package main

// A huge game is read and played in parts by package batch
// (batch.ReplayParts); what is here is what the pictures keep of it.

import (
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/replay"
)

// keepLastStep keeps in last the last step of pl, a part of a main line
// read in parts, when it has one: the step a picture of the final position
// draws as its arrow when the last part played none (show, convert --to
// svg: formats.BuildShowKept, formats.DiagramKept).
func keepLastStep(last *formats.ShownPly, pl *replay.Played) {
	if n := pl.Len(); n > 0 {
		*last, _ = formats.KeepPly(pl, pl.PliesBefore+n, false)
	}
}
