package batch_test

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// A huge game (grammar.PartedBytes or more) is replayed from its chunk,
// its main line read a part at a time: the walk judges each part and lets
// it go, so the record is never held whole, and the result is the one a
// replay of the whole record gives. Here 240,000 plies of knights going to
// and fro under chaturanga-gollon, which no repetition rule ends.
func ExampleReplayParts() {
	var b strings.Builder
	b.WriteString("[Event \"huge\"]\n[Variant \"chaturanga-gollon\"]\n\n")
	moves := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	for ply := 0; ply < 240_000; ply++ {
		if ply%2 == 0 {
			b.WriteString(strconv.Itoa(ply/2+1) + ". ")
		}
		b.WriteString(moves[ply%4] + " ")
	}
	b.WriteString("*\n")
	ch, err := grammar.NewSplitter(strings.NewReader(b.String())).Next()
	if err != nil {
		fmt.Println(err)
		return
	}
	parts := 0
	hooks := batch.PartHooks{Part: func([]record.Node, *replay.Played) { parts++ }}
	r := replay.New(replay.Config{})
	res, _, parted := batch.ReplayParts(r, ch, new(grammar.Scratch), "huge.pgn", 1, hooks)
	fmt.Println("huge:", len(ch.Data) >= grammar.PartedBytes, "read in parts:", parted, parts > 1)
	fmt.Println(res.Summary.Profile, res.Summary.Plies, "plies, valid:", res.Summary.Valid)
	whole := r.Game(grammar.ParseChunk(ch, "huge.pgn"), "huge.pgn", 1)
	fmt.Println("as the whole record:", whole.Summary == res.Summary)
	// Output:
	// huge: true read in parts: true true
	// chaturanga-gollon 240000 plies, valid: true
	// as the whole record: true
}
