package batch_test

import (
	"fmt"
	"path/filepath"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/report"
)

// summary counts what replay says of each file's games, as a run delivers
// them: in input order, whatever the number of workers.
type summary struct {
	games, valid, errors, warnings int
}

func (s *summary) Game(_ report.GameID, res *replay.Result) bool {
	s.games++
	if res.Summary.Valid {
		s.valid++
	}
	s.errors += res.Summary.Errors
	s.warnings += res.Summary.Warnings
	return true
}

func (s *summary) FileEnd(f batch.FileEnd) bool {
	fmt.Printf("%s: %d games, %d valid, %d errors, %d warnings\n", filepath.Base(f.Name), s.games, s.valid, s.errors, s.warnings)
	*s = summary{}
	return true
}

func (s *summary) ToolError(err error) bool {
	fmt.Println("error:", err)
	return true
}

// Every game of a directory is validated on all cores (Options.Jobs 0):
// each worker has its own replayer, and the sink sees the results in the
// order of the files and of their games, so the summary is the same for
// any number of workers.
func Example() {
	work := batch.Work[*replay.Result]{
		Worker: func() func(*record.Game, string, int) *replay.Result {
			r := replay.New(replay.Config{})
			return r.Game
		},
		Failed: func(file string, index int) *replay.Result {
			return &replay.Result{Summary: replay.Summary{File: file, Game: index}}
		},
	}
	o := batch.Options{Limits: grammar.DefaultLimits()}
	out := batch.Run(o, []string{"../corpus/fide"}, work, &summary{})
	fmt.Println("complete:", out.Complete())
	// Output:
	// en-passant.pgn: 1 games, 1 valid, 0 errors, 0 warnings
	// fsf-selfplay.pgn: 2 games, 2 valid, 0 errors, 0 warnings
	// repetition.pgn: 2 games, 2 valid, 0 errors, 0 warnings
	// showcase.pgn: 5 games, 5 valid, 0 errors, 0 warnings
	// valid.pgn: 6 games, 6 valid, 0 errors, 0 warnings
	// complete: true
}
