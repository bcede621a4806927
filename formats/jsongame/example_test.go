package jsongame_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/ashtapada/ashtapada/formats/jsongame"
	"github.com/ashtapada/ashtapada/grammar"
)

// Write a record as one line of JSONL, every node with its place in the
// input (line, column, byte offset), and read it back.
func ExampleGameToJSON() {
	g, err := grammar.NewReader(strings.NewReader("[Event \"x\"]\n\n1. e4 {best} e5 *\n"), "x.pgn").Next()
	if err != nil {
		panic(err)
	}
	var b strings.Builder
	if err := jsongame.NewWriter(&b, true).Write(jsongame.GameToJSON(g)); err != nil {
		panic(err)
	}
	os.Stdout.WriteString(b.String())
	back, err := jsongame.NewReader(strings.NewReader(b.String())).ReadGame()
	if err != nil {
		panic(err)
	}
	fmt.Println(back.Tags[0].Value, len(back.Moves))
	// Output:
	// {"pos":[1,1,0],"tags":[{"name":"Event","value":"x","pos":[1,1,0]}],"moves":[{"kind":"number","pos":[3,1,13],"text":"1.","number":1,"dots":1},{"kind":"move","pos":[3,4,16],"move":{"written":"e4","to":"e4"}},{"kind":"comment","pos":[3,7,19],"text":"best"},{"kind":"move","pos":[3,14,26],"move":{"written":"e5","to":"e5"}}],"result":"*","result_pos":[3,17,29]}
	// x 4
}
