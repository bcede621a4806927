package replay_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// recordChunks is every game of the .pgn files of corpus/ and testdata/
// as the splitter gives it, with its file.
func recordChunks(t *testing.T) (chunks []grammar.Chunk, files []string) {
	t.Helper()
	for _, path := range testenv.RecordFiles(t, filepath.Join("..", "corpus"), filepath.Join("..", "testdata")) {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sp := grammar.NewSplitter(f)
		for {
			c, err := sp.Next()
			if err != nil {
				break // the end, or a file the splitter refuses: no game here
			}
			chunks, files = append(chunks, c), append(files, path)
		}
		f.Close()
	}
	return chunks, files
}

// TestMainPlainChangesNothing: a game the reader marks record.Game.MainPlain
// is replayed as the same game read by another path, which leaves the mark
// off (JSON, a program's record): every game of corpus/ and testdata/ gives
// the same findings, summary and steps with the mark as read and with it
// taken off, read whole and read in parts of a few nodes.
func TestMainPlainChangesNothing(t *testing.T) {
	chunks, files := recordChunks(t)
	// A wrong move number, a number before no move, and a game that
	// stops, each in the middle of a run of turns; comments, NAGs and a
	// line comment between turns, before a number, between a number and
	// its move, and before the rest of a game the reader could not read.
	for _, text := range []string{
		"1. e4 e5 3. Nf3 Nc6 4. Bb5 *",
		"1. e4 e5 2. Nf3 {c} 2... Nc6 3. $1 Bb5 3... a6 4. *",
		"1. e4 e5 2. Ke3 Nc6 3. Nf3 *",
		"1. e4 e5 2. Nf3 {c} $2 Nc6 {d} 3. Bb5 ; e\n a6 4. Ba4 {f} 4... Nf6 *",
		"1. e4 e5 2. Nf3 {c} Nc6 3. Bb5 {d} ) a6 4. Ba4 *",
		"1. e4 e5 2. Nf3 Nc6 {c} 3. {d} Bb5 a6 $1 {x} 4. Ba4 Nf6 {end}",
		"1. e4 {c} 1... e5 2. Nf3 {d} 2... Nc6 {e} 3... Bb5 *",
		"1. e4 {c} 2... e5 2. Nf3 *",
		"1. e4 e5 2. Nf3 Nc6 12. Bb5 a6 *",
		"1. e4 e5 2. Nf3 Nc6 3.",
	} {
		chunks, files = append(chunks, grammar.Chunk{Data: []byte(text)}), append(files, "t.pgn")
	}
	cfg := replay.Config{Variations: true, Steps: true, Moves: true}
	small := grammar.ReadOptions{PartedBytes: 1, PartNodes: 5}
	marked, unmarked := 0, 0
	for i, c := range chunks {
		for _, opts := range []grammar.ReadOptions{{}, small} {
			src := grammar.SourceOf(c, files[i], nil, opts)
			g := src.Head
			if !g.MainPlain {
				unmarked++
				continue
			}
			marked++
			with := replayed(t, src, cfg, files[i], i)
			g.MainPlain = false
			without := replayed(t, src, cfg, files[i], i)
			if with != without {
				t.Errorf("%s, game %d (parted %v): with the reader's mark\n%s\nwithout\n%s", files[i], i+1, src.Parted(), with, without)
			}
		}
	}
	if marked == 0 || unmarked == 0 {
		t.Fatalf("%d readings marked MainPlain, %d not: want both", marked, unmarked)
	}
	t.Logf("%d readings marked MainPlain, %d not", marked, unmarked)
}

// replayed is the result of src's replay and the steps of its parts, as
// text to compare.
func replayed(t *testing.T, src *record.Source, cfg replay.Config, file string, i int) string {
	t.Helper()
	var steps strings.Builder
	keep := func(_ []record.Node, pl *replay.Played) {
		for k := 0; pl != nil && k < pl.Len(); k++ {
			s := pl.Step(k)
			fmt.Fprintf(&steps, "%d %d %s %d %d;", s.Ply, s.Index, s.SAN, s.TurnIndex, s.MoveNumber)
		}
	}
	res := replay.New(cfg).Replay(src, file, i+1, replay.Each{Part: keep})
	return asJSON(t, res) + "\n" + steps.String()
}

// TestMainPlainOnlyWherePlain: the grammar marks a game MainPlain only when
// its main line holds no variation and no joined move, and marks a plain
// one; corpus/ and testdata/ have games of each kind.
func TestMainPlainOnlyWherePlain(t *testing.T) {
	for _, tc := range []struct {
		text  string
		plain bool
	}{
		{"1. e4 e5 2. Nf3 {a comment} Nc6 $1 *", true},
		{"1. e4 (1. d4 d5) e5 *", false},
		{"1. e4 e5 (1... c5 (1... e6)) 2. Nf3 *", false},
		{"[Variant \"chaturanga\"]\n\n1. e3,Nf3 e6 *", false},
	} {
		g := grammar.ParseChunk(grammar.Chunk{Data: []byte(tc.text)}, "t.pgn")
		if g.MainPlain != tc.plain || g.SyntaxError() != nil {
			t.Errorf("%q: MainPlain %v, syntax error %v; want %v", tc.text, g.MainPlain, g.SyntaxError(), tc.plain)
		}
	}
	chunks, files := recordChunks(t)
	plain, branched := 0, 0
	for i, c := range chunks {
		g := grammar.ParseChunk(c, files[i])
		joined, variation := branches(g.Moves)
		switch {
		case g.MainPlain && (joined || variation):
			t.Errorf("%s, game %d: marked MainPlain, yet its main line has a joined move (%v) or a variation (%v)", files[i], i+1, joined, variation)
		case g.MainPlain:
			plain++
		case joined || variation:
			branched++
		}
	}
	if plain == 0 || branched == 0 {
		t.Fatalf("%d games marked plain, %d with a joined move or a variation: want both", plain, branched)
	}
	t.Logf("%d games marked plain, %d with a joined move or a variation", plain, branched)
}

// branches reports whether a main line holds a joined move and a variation.
func branches(nodes []record.Node) (joined, variation bool) {
	for i := range nodes {
		switch n := &nodes[i]; n.Kind {
		case record.KindVariation:
			variation = true
		case record.KindMove:
			joined = joined || n.Move != nil && n.Move.Joined
		}
	}
	return joined, variation
}
