package replay_test

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/replay"
)

// expectedErrors are the error findings that the shared data must give, by
// file, rule and game: records that are deliberately malformed, variants
// no profile covers, and one real rule difference with Fairy-Stockfish.
// Everything else there must validate without errors. The reasons are in
// docs/findings.md ("Third-party data").
var expectedErrors = map[string][]int{
	// A bared shatranj king makes its one reply, as FSF 11.1 plays it
	// (win-unless-counter, docs/rules-engine.md); after a bare-back (a
	// draw) FSF plays on until a repetition, which the rules do not allow.
	"fsf-selfplay/shatranj.pgn move-after-end": {131, 162},
	// pgn-extract's own test inputs, broken on purpose.
	"peers/pgn-extract-tests/nested-comment.pgn syntax":                 {1},
	"peers/pgn-extract-tests/odds.pgn null-move":                        {29, 31},
	"peers/pgn-extract-tests/test-allownullmoves.pgn null-move":         {1, 2},
	"peers/pgn-extract-tests/test-fixresulttags-in.pgn result-mismatch": {1, 2, 3, 4, 5},
	"peers/pgn-extract-tests/test-nobadresults.pgn result-tag-mismatch": {1, 2, 3, 4, 5, 6, 7, 8, 9},
	"peers/pgn-extract-tests/test-seventyfive.pgn move-after-end":       {1, 2, 3, 5},
	// lichess studies: a puzzle whose FEN has the wrong side to move.
	// Its five games with unescaped quotes in tags (776, 782, 1130, 1147,
	// 1148) are read with a warning, as python-chess reads them.
	"peers/pychess-learn.pgn illegal-move": {362},
	// python-chess: a ChessBase null move Z0 in a main line; variants.
	"peers/python-chess/anastasian-lewis.pgn null-move":                         {1},
	"peers/python-chess/antichess-programfox.pgn unknown-profile":               {1, 2},
	"peers/python-chess/cutechess-fischerrandom.pgn unknown-profile":            {1, 2, 3, 4},
	"peers/python-chess/knightvuillaume-jannlee-zh-lichess.pgn unknown-profile": {1},
	"peers/python-chess/knightvuillaume-jannlee-zh-lichess.pgn syntax":          {1},
	"peers/python-chess/saturs-jannlee-zh-lichess.pgn unknown-profile":          {1},
	"peers/python-chess/saturs-jannlee-zh-lichess.pgn syntax":                   {1},
}

// replayAll replays every game of r and records error findings.
func replayAll(t *testing.T, r io.Reader, name, rel string, got map[string][]int) (games, plies int) {
	t.Helper()
	rp := replay.New(replay.Config{})
	rd := grammar.NewReader(r, name)
	for i := 1; ; i++ {
		g, err := rd.Next()
		if err == io.EOF {
			return games, plies
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		res := rp.Game(g, name, i)
		checkFindings(t, g, res, nil)
		games++
		plies += res.Summary.Plies
		seen := map[string]bool{}
		for _, f := range res.Findings {
			key := rel + " " + f.Rule
			if f.IsError() && !seen[key] {
				seen[key] = true
				got[key] = append(got[key], i)
			}
		}
	}
}

// TestSharedData: every record of the shared data validates without error
// findings, except the expected ones above.
func TestSharedData(t *testing.T) {
	dir := testenv.SharedDir(t, "data")
	got := map[string][]int{}
	total, plies := 0, 0
	for _, path := range testenv.RecordFiles(t, dir) {
		rel, _ := filepath.Rel(dir, path)
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		g, p := replayAll(t, f, path, filepath.ToSlash(rel), got)
		f.Close()
		total += g
		plies += p
	}
	t.Logf("%d games, %d plies", total, plies)
	compareErrors(t, got, expectedErrors)
}

// TestSharedData100k replays the 100,000-game FIDE corpus (xz): in the
// long tier only, since it takes a while and needs the xz program.
func TestSharedData100k(t *testing.T) {
	testenv.Long(t, "100,000 games replayed")
	path := testenv.SharedDir(t, "data", "fide", "corpus-100k.pgn.xz")
	cmd := exec.Command(testenv.NeedTool(t, "xz"), "-dc", path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("cannot run xz: %v", err)
	}
	got := map[string][]int{}
	games, plies := replayAll(t, out, path, "fide/corpus-100k.pgn", got)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("xz: %v", err)
	}
	t.Logf("%d games, %d plies", games, plies)
	compareErrors(t, got, nil)
}

func compareErrors(t *testing.T, got, want map[string][]int) {
	t.Helper()
	keys := map[string]bool{}
	for k := range got {
		keys[k] = true
	}
	for k := range want {
		keys[k] = true
	}
	var sorted []string
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		if g, w := fmt.Sprint(got[k]), fmt.Sprint(want[k]); g != w {
			t.Errorf("%s: error findings in games %s, want %s", k, g, w)
		}
	}
}
