package replay_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// GameInto writes into the result it is given exactly what Game returns
// for the same game, whatever that result held before: each game of the
// repository's malformed records and corpus is replayed into the result
// of the game before it (findings, moves, a profile and an outcome of
// their own, or none), and into a result every field of which is set.
func TestGameIntoSameAsGame(t *testing.T) {
	files, _ := filepath.Glob("../testdata/malformed/*.pgn")
	more, _ := filepath.Glob("../corpus/*/*.pgn")
	files = append(files, more...)
	var games []*record.Game
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		gs, _ := grammar.ReadAll(f, path)
		f.Close()
		games = append(games, gs...)
	}
	if len(games) < 100 {
		t.Fatalf("%d games read", len(games))
	}
	cfg := replay.Config{Moves: true, Variations: true}
	fresh, again := replay.New(cfg), replay.New(cfg)
	full := &replay.Result{
		Summary:  replay.Summary{File: "x", Game: 9, Profile: "p", Plies: 3, Valid: true, Errors: 1, LeftOut: 2},
		Findings: []replay.Finding{{Rule: "r", Legal: []string{"e4"}}},
		Played:   &replay.Played{},
		Moves:    []replay.MoveText{{Text: "e4"}},
	}
	res := full
	withFindings := 0
	for i, g := range games {
		want := fresh.Game(g, "f.pgn", i+1)
		got := again.GameInto(res, g, "f.pgn", i+1)
		if got != res {
			t.Fatalf("game %d: GameInto returned another result than it was given", i+1)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("game %d (%s): GameInto into the result before gave\n%+v\nGame gave\n%+v", i+1, g.Source[:min(len(g.Source), 60)], got, want)
		}
		if len(want.Findings) > 0 {
			withFindings++
		}
	}
	if withFindings == 0 || withFindings == len(games) {
		t.Fatalf("%d of %d games have findings: the results written over are all alike", withFindings, len(games))
	}
	if got := again.GameInto(nil, games[0], "f.pgn", 1); !reflect.DeepEqual(got, fresh.Game(games[0], "f.pgn", 1)) {
		t.Fatalf("GameInto(nil) differs from Game")
	}
}
