package detect_test

import (
	"fmt"
	"strings"

	"github.com/ashtapada/ashtapada/detect"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// A record without tags: the elephants leap (no bishop move) and a pawn
// steps twice (no historical profile allows it). No profile fits as it
// stands; each fits with the changes printed, and the evidence names the
// move behind each.
func Example() {
	games, err := grammar.ReadAll(strings.NewReader("1. Be3 Be6 2. d4 *\n"), "leaps.pgn")
	if err != nil {
		panic(err)
	}
	res := detect.New(detect.Options{}).Game(record.Whole(games[0]), "leaps.pgn", 1)
	fmt.Println(res.Verdict)
	for _, pr := range res.Profiles {
		fmt.Printf("%s breaks at %s; fix: %s\n", pr.Profile, pr.Break, pr.Fix)
	}
	for _, pr := range res.Profiles {
		if pr.Profile != "shatranj" {
			continue
		}
		for _, e := range pr.Decided() {
			fmt.Printf("shatranj with its fix: %s=%s, decided by %s\n", e.Key, strings.Join(e.Allowed, "|"), e.Rejected[0].Break.Move())
		}
	}
	// Output:
	// fits no profile as it stands; fits fide with --set elephant=alfil; shatranj with --set pawn-double-step=yes; chaturanga with --set pawn-double-step=yes; chaturanga-gollon with --set pawn-double-step=yes; hindustani with --set elephant=alfil --set pawn-double-step=yes; andhra with --set elephant=alfil --set pawn-double-step=yes; as fide, decided by elephant=alfil at 1. Be3, pawn-double-step=yes at 2. d4
	// fide breaks at 1. Be3 (ply 1): illegal-move; fix: elephant=alfil
	// shatranj breaks at 2. d4 (ply 3): illegal-move; fix: pawn-double-step=yes
	// chaturanga breaks at 2. d4 (ply 3): illegal-move; fix: pawn-double-step=yes
	// chaturanga-gollon breaks at 2. d4 (ply 3): illegal-move; fix: pawn-double-step=yes
	// hindustani breaks at 1. Be3 (ply 1): illegal-move; fix: elephant=alfil pawn-double-step=yes
	// andhra breaks at 1. Be3 (ply 1): illegal-move; fix: elephant=alfil pawn-double-step=yes
	// shatranj with its fix: elephant=alfil, decided by 1. Be3
	// shatranj with its fix: pawn-double-step=yes, decided by 2. d4
}
