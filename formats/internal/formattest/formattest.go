package formattest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
)

// GameLimit keeps the fast tier short: the first games of each file only
// (every file is still read, so every kind of record is covered), all of
// them in a long run.
func GameLimit() int { return testenv.Limit(100, 1<<30) }

// SampleGames says which games of src (numbered from 1) a per-game
// property reads: of the file's first upto games, n spread evenly over them
// (testenv.Sample, so every fast run reads the same ones), or all upto in a
// long run. A file of at most n games is read whole in both tiers.
func SampleGames(t testing.TB, src []byte, upto, n int) func(gi int) bool {
	t.Helper()
	if testenv.IsLong() {
		return func(gi int) bool { return gi <= upto }
	}
	var numbers []int
	sp := grammar.NewSplitter(bytes.NewReader(src))
	for len(numbers) < upto {
		if _, err := sp.Next(); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		numbers = append(numbers, len(numbers)+1)
	}
	keep := map[int]bool{}
	for _, gi := range testenv.Sample(numbers, n) {
		keep[gi] = true
	}
	return func(gi int) bool { return keep[gi] }
}

// DropExtensions returns files without those that start with the whole
// text of another file of more than GameLimit() games: read up to the limit,
// such a file gives exactly the games of the other one again
// (fide/corpus-10k.pgn begins with all of corpus-1k.pgn's 1,000 games).
// The relation is checked on the bytes and the count, not assumed from the
// names; a short file that is the prefix of another (the truncated records
// of testdata/malformed) drops nothing.
func DropExtensions(t testing.TB, files map[string][]byte) map[string][]byte {
	t.Helper()
	keep := make(map[string][]byte, len(files))
	for p, b := range files {
		extends := ""
		for q, c := range files {
			if q != p && len(c) > 0 && len(c) < len(b) && bytes.HasPrefix(b, c) && moreGamesThanLimit(c, q) {
				extends = q
				break
			}
		}
		if extends != "" {
			t.Logf("fast tier: skipping %s, whose first games are all of %s (%s=1 reads it)", filepath.Base(p), filepath.Base(extends), testenv.LongVar)
			continue
		}
		keep[p] = b
	}
	return keep
}

// moreGamesThanLimit reports whether src holds more than GameLimit() games.
func moreGamesThanLimit(src []byte, name string) bool {
	r := grammar.NewReader(bytes.NewReader(src), name)
	for n := 0; n <= GameLimit(); n++ {
		if _, err := r.Next(); err != nil {
			return false
		}
	}
	return true
}

// RecordFiles lists the record files of the repo's corpus and testdata and
// of the shared data (skipped when absent), failing t when a folder cannot
// be read (testenv.RecordFiles). The fast tier leaves out the files that
// merely extend another (DropExtensions).
func RecordFiles(t *testing.T) []string {
	t.Helper()
	root := testenv.RepoRoot()
	dirs := []string{filepath.Join(root, "corpus"), filepath.Join(root, "formats", "testdata"), filepath.Join(root, "picture", "testdata"), filepath.Join(root, "testdata")}
	if testenv.HasShared() {
		dirs = append(dirs, filepath.Join(testenv.SharedPath(), "data"))
	} else {
		t.Logf("skipping the shared data: %s is absent", testenv.SharedPath())
	}
	files := testenv.RecordFiles(t, dirs...)
	if testenv.IsLong() {
		return files
	}
	contents := map[string][]byte{}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		contents[p] = b
	}
	keep := DropExtensions(t, contents)
	return slices.DeleteFunc(files, func(p string) bool { _, ok := keep[p]; return !ok })
}

// parsed caches each file's games: several tests read the same files.
var parsed sync.Map

// ReadGames reads the first GameLimit games of a file, once for all the
// tests of a run (ReadGamesUncached).
func ReadGames(t *testing.T, path string) []*record.Game {
	if gs, ok := parsed.Load(path); ok {
		return gs.([]*record.Game)
	}
	gs := ReadGamesUncached(t, path)
	parsed.Store(path, gs)
	return gs
}

// ReadGamesUncached reads the first GameLimit games of a file.
func ReadGamesUncached(t testing.TB, path string) []*record.Game {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := grammar.NewReader(f, path)
	var out []*record.Game
	for len(out) < GameLimit() {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, g)
	}
	return out
}

// SameRecord compares two records as canonical form sees them: tags,
// result, trailing text and the movetext tree, with moves compared by their
// canonical spelling; positions, move-number nodes (the writer renumbers),
// sources and notices are not compared. It returns "" or the first
// difference.
func SameRecord(a, b *record.Game) string {
	if len(a.Tags) != len(b.Tags) {
		return fmt.Sprintf("%d tags vs %d", len(a.Tags), len(b.Tags))
	}
	// The writer reorders the Seven Tag Roster: compare as written out.
	if ta, tb := string(pgn.AppendCanonical(nil, &record.Game{Tags: a.Tags})), string(pgn.AppendCanonical(nil, &record.Game{Tags: b.Tags})); ta != tb {
		return fmt.Sprintf("tags differ:\n%s\nvs\n%s", ta, tb)
	}
	if a.Result != b.Result {
		return fmt.Sprintf("result %q vs %q", a.Result, b.Result)
	}
	if !bytes.Equal(bytes.TrimSpace(a.Trailing), bytes.TrimSpace(b.Trailing)) {
		return fmt.Sprintf("trailing %q vs %q", a.Trailing, b.Trailing)
	}
	return sameNodes(a.Moves, b.Moves, "")
}

func sameNodes(a, b []record.Node, path string) string {
	a, b = withoutNumbers(a), withoutNumbers(b)
	if len(a) != len(b) {
		return fmt.Sprintf("%s: %d nodes vs %d", path, len(a), len(b))
	}
	for i := range a {
		x, y := &a[i], &b[i]
		where := fmt.Sprintf("%s/%d", path, i)
		if x.Kind != y.Kind {
			return fmt.Sprintf("%s: kind %d vs %d", where, x.Kind, y.Kind)
		}
		switch x.Kind {
		case record.KindMove:
			if notation.CanonicalMoveText(x.Move) != notation.CanonicalMoveText(y.Move) || x.Move.Joined != y.Move.Joined {
				return fmt.Sprintf("%s: move %q vs %q", where, x.Move.Text, y.Move.Text)
			}
		case record.KindComment, record.KindLineComment, record.KindEscape:
			if x.Text != y.Text {
				return fmt.Sprintf("%s: text %q vs %q", where, x.Text, y.Text)
			}
		case record.KindNAG:
			if x.Number != y.Number {
				return fmt.Sprintf("%s: NAG %d vs %d", where, x.Number, y.Number)
			}
		case record.KindVariation:
			if d := sameNodes(x.Variation(), y.Variation(), where); d != "" {
				return d
			}
		}
	}
	return ""
}

func withoutNumbers(ns []record.Node) []record.Node {
	out := make([]record.Node, 0, len(ns))
	for _, n := range ns {
		if n.Kind != record.KindMoveNumber {
			out = append(out, n)
		}
	}
	return out
}

// ExtensionGames reads formats/testdata/extensions.pgn: an Andhra conversion from
// a FEN position, and an Andhra game with compound turns and leaps.
func ExtensionGames(t *testing.T) []*record.Game {
	games := ReadGames(t, filepath.Join(testenv.RepoRoot(), "formats", "testdata", "extensions.pgn"))
	if len(games) != 2 {
		t.Fatalf("want 2 games in testdata/extensions.pgn, got %d", len(games))
	}
	return games
}

// NotationFiles are the records the round trips of the books' notations
// read (formats/booknotation's, and PGN from their steps): the repository's
// corpus always; the shared FIDE 10k corpus (and the 100k one in a long
// run) and the Fairy-Stockfish self-play games of every profile when the
// shared data is present.
func NotationFiles(t *testing.T) map[string][]byte {
	root := testenv.RepoRoot()
	paths, err := filepath.Glob(filepath.Join(root, "corpus", "*", "*.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	sh := testenv.SharedPath()
	if !testenv.HasShared() {
		t.Logf("shared data not found at %s: the round trip reads corpus/ only", sh)
	} else {
		self, _ := filepath.Glob(filepath.Join(sh, "data", "fsf-selfplay", "*.pgn"))
		paths = append(paths, self...)
		paths = append(paths, filepath.Join(sh, "data", "fide", "corpus-10k.pgn"))
	}
	files := map[string][]byte{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(filepath.Dir(p))+"/"+filepath.Base(p)] = data
	}
	if testenv.IsLong() && testenv.HasShared() {
		p := filepath.Join(sh, "data", "fide", "corpus-100k.pgn.xz")
		if data, err := exec.Command("xz", "-dc", p).Output(); err == nil {
			files["fide/corpus-100k.pgn"] = data
		} else {
			t.Logf("cannot unpack %s: %v", p, err)
		}
	}
	return files
}
