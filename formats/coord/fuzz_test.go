package coord_test

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// FuzzCoordReader: no input read as LAN or UCI makes the grammar, replay
// or SANRecord panic, and replay's SAN always reads back.
func FuzzCoordReader(f *testing.F) {
	f.Add("[Variant \"andhra\"]\n\ng2g3,f1h3,g1f3 b7b6,c8a6,b8c6 e1g2 *\n", true)
	f.Add("[Event \"x\"]\n\n1. e2-e4 e7-e5 2. K~e1-c2 *\n", false)
	f.Add("[SetUp \"1\"]\n[FEN \"1P1k4/8/8/8/8/2n5/8/1N2K1N1 b - - 0 1\"]\n[Variant \"andhra\"]\n\nc3b1/b8n *", true)
	f.Fuzz(func(t *testing.T, in string, uci bool) {
		rd := grammar.NewReader(strings.NewReader(in), "f")
		rd.SetNotation(map[bool]record.Notation{false: record.LAN, true: record.UCI}[uci])
		rp := replay.New(replay.Config{Steps: true})
		for i := 0; i < 20; i++ {
			g, err := rd.Next()
			if err != nil {
				return
			}
			if _, err := notation.SANRecord(g, rp.Game(g, "f", i+1).Played); err != nil {
				t.Fatal(err)
			}
		}
	})
}
