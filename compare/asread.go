package compare

// diff --rules X: a game as written against the game as a rule set reads
// it. A huge game's main line is read in parts and never held whole (the
// 16 MB game's entry alone is a diff of 126 MB: docs/robustness.md, "A
// huge game is read in parts").

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

// AsRead compares the game of src as written with the game as rp reads
// it (rp keeps its steps: replay.Config.Steps): an entry when rp writes a
// move otherwise (its canonical SAN) or stops the game, nil when it reads
// every move as written. path and i say where the game stands, name names
// rp's rule set. A main line of up to wholeDiffLines/2 moves is held and
// diffed line by line. A longer one that does not read as written has
// every move removed and added in its diff (as textdiff shows a piece of
// so many lines): that diff is written to diff, a line at a time from two
// more walks of src, and left out of the entry (Diff empty, long true)
// for the caller to join to it (Entry.LongDiff). A huge game's source
// reads its main line again at each walk, so it is never held whole.
func AsRead(path string, i int, name string, src *record.Source, rp *replay.Replayer, diff io.Writer) (e *Entry, long bool, err error) {
	g := src.Head
	if e := unreadable(path, i, g); e != nil {
		return e, false, nil
	}
	again := func(give func(Moves)) *replay.Result {
		var lr LineReader
		return rp.Replay(src, path, i, replay.Each{Part: func(nodes []record.Node, pl *replay.Played) {
			give(lr.Part(nodes, pl))
		}})
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
