package compare

// diff --rules X of a huge game, its main line read in parts and never
// held whole (the 16 MB game's entry alone is a diff of 126 MB:
// docs/robustness.md, "A huge game is read in parts"). The entry is
// AsRead's, byte for byte.

import (
	"bufio"
	"fmt"
	"io"

	"github.com/ashtapada/ashtapada/internal/textdiff"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// wholeDiffLines is the most lines, both sides together, that a diff
// shows line by line (textdiff.MaxLines): a longer piece is shown removed
// and added whole. A main line of up to half as many moves is held and
// diffed as AsRead diffs it; a longer one is written removed and added
// from replays, which is what the diff of it held whole would be.
const wholeDiffLines = textdiff.MaxLines

// LineReplay replays a game's main line (replay.Config.Steps) and gives
// the moves of each part to each, in order (LineReader.Part of the part
// and what was played of it, the last part too); it returns the replay's
// result. A game read in parts is read again at each call.
type LineReplay func(each func(Moves)) *replay.Result

// AsReadParts is AsRead of a game whose main line is not held whole: g is
// its record as the reader read it through once (its tags and notices),
// again replays it, as often as needed (once when the game reads as
// written). A main line of up to wholeDiffLines/2 moves is held and
// compared as AsRead compares it. A longer one that does not read as
// written has every move removed and added in its diff (as textdiff
// shows a piece of so many lines): that diff is written to diff, a line
// at a time from two more replays, and left out of the entry (Diff
// empty, long true) for the caller to join to it.
func AsReadParts(path string, i int, name string, g *record.Game, again LineReplay, diff io.Writer) (e *Entry, long bool, err error) {
	if e := unreadable(path, i, g); e != nil {
		return e, false, nil
	}
	// The moves, how many, and the first whose SAN is not as written:
	// below the first illegal move, the only lines read otherwise.
	n := 0
	var mismatch *lineMove
	var line []lineMove
	hold := true
	res := again(func(m Moves) {
		for k := range m.ms {
			if mv := &m.ms[k]; mismatch == nil && mv.san != mv.written {
				c := *mv
				mismatch = &c
			}
		}
		n += len(m.ms)
		if hold {
			line = append(line, m.ms...)
			if 2*len(line) > wholeDiffLines {
				hold, line = false, nil
			}
		}
	})
	pl := played(res)
	plies := pl.PliesBefore + pl.Len()
	if hold {
		return asRead(path, i, name, line, res, plies), false, nil
	}
	r := newReading(res, plies)
	first := 0
	switch {
	case mismatch != nil && mismatch.ply < r.bad:
		first = mismatch.ply
	case r.bad <= n:
		first = r.bad
	}
	if first == 0 && !r.notReplayed {
		return nil, false, nil
	}
	at := mismatch
	if first > 0 && (at == nil || at.ply != first) {
		again(func(m Moves) {
			for k := range m.ms {
				if m.ms[k].ply == first {
					c := m.ms[k]
					at = &c
				}
			}
		})
	}
	e = r.entry(i, name, first, at)
	if first == 0 {
		return e, false, nil
	}
	nameA, nameB := asReadNames(path, i, name)
	bw := bufio.NewWriterSize(diff, 1<<16)
	fmt.Fprintf(bw, "--- %s\n+++ %s\n@@ -1,%d +1,%d @@\n", nameA, nameB, n, n)
	for _, side := range []struct {
		op   byte
		text func(*lineMove) string
	}{{'-', writtenText}, {'+', r.text}} {
		again(func(m Moves) {
			for _, l := range numbered(m.ms, side.text) {
				bw.WriteByte(side.op)
				bw.WriteString(l)
				bw.WriteByte('\n')
			}
		})
	}
	return e, true, bw.Flush()
}
