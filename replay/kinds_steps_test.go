package replay_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// TestKindsStepsAsWithSANs: under Config.Kinds without SANs (convert to
// LAN) every step is kept by the walk's rarer path, which starts the
// blocks and makes room only at the steps that need it (a block's first,
// a full room); the steps are those of a replay with SANs, which does
// both at every step: each part's moves, nodes, turn indexes, move
// numbers, sides, check marks and men moved, for every game of corpus/
// and testdata/ read whole and in parts of a few nodes (later parts
// outgrow the room the first made).
func TestKindsStepsAsWithSANs(t *testing.T) {
	chunks, files := recordChunks(t)
	kinds := replay.Config{Steps: true, NoSAN: true, Kinds: true}
	sans := replay.Config{Steps: true}
	small := grammar.ReadOptions{PartedBytes: 1, PartNodes: 5}
	steps, parted := 0, 0
	for i, c := range chunks {
		for _, opts := range []grammar.ReadOptions{{}, small} {
			src := grammar.SourceOf(c, files[i], nil, opts)
			if src.Parted() {
				parted++
			}
			got, n := keptSteps(src, kinds, files[i], i)
			want, _ := keptSteps(grammar.SourceOf(c, files[i], nil, opts), sans, files[i], i)
			if got != want {
				t.Fatalf("%s, game %d (parted %v): steps under Kinds\n%s\nwith SANs\n%s", files[i], i+1, src.Parted(), got, want)
			}
			steps += n
		}
	}
	if steps < 1000 || parted == 0 {
		t.Fatalf("%d steps, %d games read in parts: want more", steps, parted)
	}
}

// keptSteps is the steps of src's replay under cfg, part by part, as
// text to compare (their SANs left out), and their number.
func keptSteps(src *record.Source, cfg replay.Config, file string, i int) (string, int) {
	var b strings.Builder
	n := 0
	keep := func(_ []record.Node, pl *replay.Played) {
		for k := 0; pl != nil && k < pl.Len(); k++ {
			s := pl.Step(k)
			fmt.Fprintf(&b, "%d %d %+v %d %d %v %c %v;", s.Ply, s.Index, s.Move, s.TurnIndex, s.MoveNumber, s.Side, pl.CheckMark(k)|' ', pl.Kind(k))
			n++
		}
		b.WriteString("|")
	}
	replay.New(cfg).Replay(src, file, i+1, replay.Each{Part: keep})
	return b.String(), n
}
