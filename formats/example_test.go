package formats_test

import (
	"os"
	"strings"

	"github.com/ashtapada/ashtapada/formats"
	_ "github.com/ashtapada/ashtapada/formats/all" // every format registered
	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/replay"
)

// Read records whatever their format: the registry of record formats
// (every format registered by importing formats/all) chooses by extension
// or content, and reads LAN and UCI with the same
// grammar as PGN.
func ExampleDetectRecordFormat() {
	const uci = "[Event \"x\"]\n\ne2e4 e7e5 *\n"
	f := formats.DetectRecordFormat("-", []byte(uci))
	g, err := f.Read(strings.NewReader(uci), "<stdin>", grammar.DefaultLimits()).Next()
	if err != nil {
		panic(err)
	}
	res := replay.New(replay.Config{Steps: true}).Game(g, "<stdin>", 1)
	c, err := notation.SANRecord(g, res.Played)
	if err != nil {
		panic(err)
	}
	if err := pgn.WriteCanonical(os.Stdout, c); err != nil {
		panic(err)
	}
	// Output:
	// [Event "x"]
	//
	// 1. e4 e5 *
}
