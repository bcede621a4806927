package replay_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// benchGames reads the 1,000-game FIDE corpus of the shared data (or the
// repository's own corpus when it is absent).
func benchGames(b *testing.B) []*record.Game {
	b.Helper()
	path := filepath.Join(testenv.SharedPath(), "data", "fide", "corpus-1k.pgn")
	f, err := os.Open(path)
	if err != nil {
		path = filepath.Join("..", "corpus", "fide", "fsf-selfplay.pgn")
		if f, err = os.Open(path); err != nil {
			b.Skip(err)
		}
	}
	defer f.Close()
	games, err := grammar.ReadAll(f, path)
	if err != nil {
		b.Fatal(err)
	}
	return games
}

// BenchmarkReplay measures replay alone (games already read), per ply:
// as validate runs it (variations checked), with the main line's steps
// kept as convert, show and diff ask (Config.Steps), and the bare main line.
// Each game is replayed into the one result (Replayer.GameInto), as validate
// does once a game's report is written: what is measured is the walk, not a
// new result a game and the collector's work on it.
//
// The command is built with its profile (cmd/ashtapada/default.pgo), which
// go test uses only for a main package. To measure the walk as the command
// runs it, give the profile to the test's build:
//
//	go test -pgo=$PWD/cmd/ashtapada/default.pgo -run '^$' -bench Replay ./replay/
//
// validate-plies is validate with each game the grammar's lean read would
// take walked over its plies (record.Game.Plies, made from its record:
// leanOf), the others over their nodes, as a validate that asks for plies
// walks them.
func BenchmarkReplay(b *testing.B) {
	games := benchGames(b)
	plied, nlean := make([]*record.Game, len(games)), 0
	for i, g := range games {
		plied[i] = g
		if l, _, ok := leanOf(g); ok {
			plied[i] = l
			nlean++
		}
	}
	b.Logf("%d of %d games lean", nlean, len(games))
	for _, c := range []struct {
		name  string
		cfg   replay.Config
		games []*record.Game
	}{
		{"validate", replay.Config{Variations: true}, games},
		{"validate-plies", replay.Config{Variations: true}, plied},
		{"steps", replay.Config{Steps: true}, games},
		{"mainline", replay.Config{}, games},
	} {
		games := c.games
		b.Run(c.name, func(b *testing.B) {
			r := replay.New(c.cfg)
			var res *replay.Result
			plies := 0
			for i, g := range games {
				res = r.GameInto(res, g, "bench", i+1)
				plies += res.Summary.Plies
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j, g := range games {
					res = r.GameInto(res, g, "bench", j+1)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*plies), "ns/ply")
		})
	}
}
