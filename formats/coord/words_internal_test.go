package coord

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats/internal/formattest"
	"github.com/ashtapada/ashtapada/formats/internal/steptext"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// convert writes a game's LAN or UCI all at once (renderer.End: UCI's
// runs of one-move turns wrapped after they are written, Wrapper.Spaced4;
// LAN's one-move turns as words, Wrapper.Word), the other writers a turn
// at a time (WriteGame). Both must write what a
// turn at a time written token by token writes, each move named from
// the position before it (notation.LAN, notation.UCI, whose words
// notation's tests check against its general writers): runs, their
// wrapping, move numbers, check marks, compound and promoting turns
// between them and all. For LAN, with the man moved kept with the steps
// (Config.Kinds, as convert replays) and found by playing.
func TestCoordWordsAsTokens(t *testing.T) {
	t.Parallel() // a data test (package formattest)
	files := formattest.RecordFiles(t)
	plies := 0
	for _, cfg := range []struct {
		uci, kinds bool
	}{{true, false}, {false, true}, {false, false}} {
		for _, path := range files {
			rp := replay.New(replay.Config{Steps: true, NoSAN: true, Kinds: cfg.kinds})
			for gi, g := range formattest.ReadGames(t, path) {
				res := rp.Game(g, "", 0)
				if res.Played == nil || g.Unreadable() != nil {
					continue
				}
				pl := res.Played
				var want bytes.Buffer
				_ = steptext.Write(&want, g, pl, "coordinates", func(wr *steptext.Wrapper, i, j int) {
					if !cfg.uci {
						if pl.Side(i) == rules.White {
							wr.Token(fmt.Sprintf("%d.", pl.MoveNumber(i)))
						} else if i == 0 && pl.PliesBefore == 0 {
							wr.Token(fmt.Sprintf("%d...", pl.MoveNumber(i)))
						}
					}
					var moves []string
					for k := i; k < j; k++ {
						if cfg.uci {
							moves = append(moves, notation.UCI(pl.Move(k)))
							continue
						}
						mark := ""
						if c := pl.CheckMark(k); c != 0 {
							mark = string(c)
						}
						moves = append(moves, notation.LAN(pl.BeforeView(k), pl.Move(k), mark))
					}
					wr.Token(strings.Join(moves, ","))
				})
				var turns bytes.Buffer
				_ = WriteGame(&turns, g, pl, cfg.uci) // a stop is written, and said
				c := renderer{uci: cfg.uci}
				c.Begin(nil, g, 0)
				all, err := c.End(g, 0, res)
				if err != nil {
					t.Fatalf("%s game %d: %v", path, gi+1, err)
				}
				if string(all) != want.String() || turns.String() != want.String() {
					t.Fatalf("%s game %d (uci %v, kinds %v): written at once:\n%s\nturn by turn:\n%s\ntoken by token:\n%s",
						path, gi+1, cfg.uci, cfg.kinds, all, turns.String(), want.String())
				}
				plies += pl.Len()
			}
		}
	}
	t.Logf("%d plies", plies)
	if plies == 0 {
		t.Fatal("no ply written: the test checked nothing")
	}
}
