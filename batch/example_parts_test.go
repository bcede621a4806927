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

// A huge game (grammar.DefaultPartedBytes or more) is replayed from its
// chunk, its main line read a part at a time: the walk judges each part
// and lets it go, so the record is never held whole, and the result is the
// one a replay of the whole record gives. Here 240,000 plies of knights
// going to and fro under chaturanga-gollon, which no repetition rule ends.
func ExampleHugeGame() {
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
	h := batch.HugeGame{Chunk: ch, Scratch: new(grammar.Scratch)}
	src := h.Source("huge.pgn")
	parts := 0
	r := replay.New(replay.Config{})
	res := r.Replay(src, "huge.pgn", 1, replay.Each{Part: func([]record.Node, *replay.Played) { parts++ }})
	fmt.Println("huge:", h.Read.InParts(ch), "read in parts:", src.Parted(), parts > 1)
	fmt.Println(res.Summary.Profile, res.Summary.Plies, "plies, valid:", res.Summary.Valid)
	whole := r.Game(grammar.ParseChunk(ch, "huge.pgn"), "huge.pgn", 1)
	fmt.Println("as the whole record:", whole.Summary == res.Summary)
	// Output:
	// huge: true read in parts: true true
	// chaturanga-gollon 240000 plies, valid: true
	// as the whole record: true
}
