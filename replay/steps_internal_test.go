package replay

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/rules"
)

// TestPlayedPositionsPlayedAgain: Played keeps a position every markEvery
// steps and plays the others again when asked (issue 14). Every position
// it gives back, in order, backwards and after a jump, is the one the walk
// had: a replay that keeps every position (markEvery 1) gives the
// reference, for every game of corpus/ (compound turns, promotions,
// waiting pawns, leaps included).
func TestPlayedPositionsPlayedAgain(t *testing.T) {
	var files []string
	filepath.WalkDir(filepath.Join("..", "corpus"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".pgn") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("no games in corpus/")
	}
	defer func(m int) { markEvery = m }(markEvery)
	r := New(Config{Steps: true})
	steps := 0
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		rd := grammar.NewReader(f, path)
		for i := 1; ; i++ {
			g, err := rd.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			markEvery = 1
			pl := r.Game(g, path, i).Played
			if pl == nil || pl.Start == nil {
				continue
			}
			// With a mark per step, each position is the walk's own copy.
			want := make([]rules.Position, len(pl.Steps)+1)
			for k := range want {
				want[k] = *pl.Before(k)
			}
			markEvery = 5
			var marks []*rules.Position
			for k := 0; k < len(pl.marks); k += markEvery {
				marks = append(marks, pl.marks[k])
			}
			pl.marks, pl.hasCur = marks, false
			check := func(k int) {
				t.Helper()
				if got := pl.Before(k); *got != want[k] {
					t.Fatalf("%s game %d: position before step %d played again:\n%s\nwant\n%s", path, i, k, got.FEN(), want[k].FEN())
				}
			}
			for k := range want {
				check(k)
			}
			for k := len(want) - 1; k >= 0; k-- {
				check(k)
			}
			for k := 0; k < len(want); k += 7 {
				check(len(want) - 1 - k)
				check(k)
			}
			if len(pl.Steps) > 0 {
				last := len(pl.Steps) - 1
				if b, a := pl.Around(last); *b != want[last] || *a != want[last+1] || *pl.After(last) != want[last+1] {
					t.Fatalf("%s game %d: Around and After differ from the walk", path, i)
				}
			}
			steps += len(pl.Steps)
		}
		f.Close()
	}
	if steps < 1000 {
		t.Fatalf("only %d steps checked", steps)
	}
	t.Logf("%d steps in %d files", steps, len(files))
}
