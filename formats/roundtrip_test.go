package formats_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/formats/coord"
	"github.com/ashtapada/ashtapada/formats/jsongame"
	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// recordFiles lists the *.pgn files of the repo's corpus and testdata and
// of the shared data (skipped when absent). The fast tier leaves out the
// files that merely extend another (dropExtensions).
func recordFiles(t *testing.T) []string {
	t.Helper()
	root := testenv.RepoRoot()
	var files []string
	dirs := []string{filepath.Join(root, "corpus"), filepath.Join(root, "formats", "testdata"), filepath.Join(root, "picture", "testdata"), filepath.Join(root, "testdata")}
	if testenv.HasShared() {
		dirs = append(dirs, filepath.Join(testenv.SharedPath(), "data"))
	} else {
		t.Logf("skipping the shared data: %s is absent", testenv.SharedPath())
	}
	for _, d := range dirs {
		_ = filepath.WalkDir(d, func(p string, e os.DirEntry, err error) error {
			if err == nil && !e.IsDir() && strings.HasSuffix(p, ".pgn") {
				files = append(files, p)
			}
			return nil
		})
	}
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
	keep := dropExtensions(t, contents)
	return slices.DeleteFunc(files, func(p string) bool { _, ok := keep[p]; return !ok })
}

// parsed caches each file's games: three tests read the same files.
var parsed sync.Map

func readGames(t *testing.T, path string) []*record.Game {
	if gs, ok := parsed.Load(path); ok {
		return gs.([]*record.Game)
	}
	gs := readGamesUncached(t, path)
	parsed.Store(path, gs)
	return gs
}

func readGamesUncached(t testing.TB, path string) []*record.Game {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := grammar.NewReader(f, path)
	var out []*record.Game
	for len(out) < gameLimit() {
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

// normalize makes the forms JSON cannot tell apart equal: an empty list of
// nodes is nil at the top and empty in a variation; Source is kept only for
// a game with a syntax error (the only one that needs it).
func normalize(g *record.Game) *record.Game {
	c := *g
	if len(c.Moves) == 0 {
		c.Moves = nil
	} else {
		c.Moves = normNodes(c.Moves)
	}
	if !pgn.PassedThrough(&c) {
		c.Source = nil
	}
	if len(c.Notices) == 0 {
		c.Notices = nil
	}
	if len(c.Tags) == 0 {
		c.Tags = nil
	}
	return &c
}

func normNodes(ns []record.Node) []record.Node {
	out := make([]record.Node, len(ns))
	for i, n := range ns {
		if n.Kind == record.KindVariation {
			n.SetVariation(normNodes(n.Variation()))
		}
		out[i] = n
	}
	return out
}

// TestJSONRoundTripData: every game of every data file, read by the
// grammar, written as JSON and as JSONL and read back, is the same record.
func TestJSONRoundTripData(t *testing.T) {
	t.Parallel() // a data test (testrun_test.go)
	files := recordFiles(t)
	if len(files) == 0 {
		t.Skip("no record files found")
	}
	schema := compileSchema(t)
	// Schema validation is most of this test's time: the first games of
	// each file get derived fields and are validated (50 in a long run).
	derived := testenv.Limit(10, 50)
	total := 0
	for _, path := range files {
		games := readGames(t, path)
		rp := replay.New(replay.Config{Steps: true})
		for _, lines := range []bool{false, true} {
			var buf bytes.Buffer
			w := jsongame.NewWriter(&buf, lines)
			for i, g := range games {
				j := jsongame.GameToJSON(g)
				j.Game = i + 1
				if lines && i < derived && g.SyntaxError() == nil {
					jsongame.AddPlayed(j, rp.Game(g, "", 0).Played)
				}
				if err := w.Write(j); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if lines {
				// The schema is checked on the games with derived fields
				// (the first ones of each file), which use every part of it.
				lines := bytes.SplitAfterN(buf.Bytes(), []byte("\n"), derived+1)
				validateJSONL(t, schema, bytes.Join(lines[:min(derived, len(lines))], nil), path)
				// And on the compact form of the same games.
				var compact []byte
				for i, g := range games[:min(derived, len(games))] {
					var res *replay.Result
					if g.SyntaxError() == nil {
						res = rp.Game(g, "", 0)
					}
					compact, _ = formats.Render(jsongame.NewCompactRenderer(true), compact, g, i+1, res)
				}
				validateJSONL(t, schema, compact, path+" (compact)")
			}
			r := jsongame.NewReader(&buf)
			for i, want := range games {
				got, err := r.ReadGame()
				if err != nil {
					t.Fatalf("%s game %d (lines=%v): %v", path, i+1, lines, err)
				}
				if !utf8.Valid(want.Source) && want.SyntaxError() != nil {
					// A JSON string cannot hold invalid UTF-8: the text
					// fields of a game the reader could not read whole get
					// U+FFFD (its source, which is what gets written, is
					// kept exactly; TestJSONToPGNBytes checks that).
					continue
				}
				if !reflect.DeepEqual(normalize(got), normalize(want)) {
					t.Fatalf("%s game %d (lines=%v): the record read back differs\n got %+v\nwant %+v", path, i+1, lines, got, want)
				}
			}
			if _, err := r.ReadGame(); err != io.EOF {
				t.Fatalf("%s: want EOF after %d games, got %v", path, len(games), err)
			}
		}
		total += len(games)
	}
	t.Logf("%d files, %d games read back identical from JSON and JSONL", len(files), total)
}

// TestCoordRoundTripData: every game whose main line plays, written in LAN
// and in UCI and read back, gives the same canonical SAN move for move.
func TestCoordRoundTripData(t *testing.T) {
	t.Parallel() // a data test (testrun_test.go)
	files := recordFiles(t)
	if len(files) == 0 {
		t.Skip("no record files found")
	}
	total, skipped := 0, 0
	for _, path := range files {
		rp := replay.New(replay.Config{Steps: true})
		for gi, g := range readGames(t, path) {
			tr := rp.Game(g, "", 0).Played
			if !tr.Complete() {
				skipped++
				continue
			}
			for _, uci := range []bool{false, true} {
				var buf bytes.Buffer
				if err := coord.WriteGame(&buf, g, tr, uci); err != nil {
					t.Fatalf("%s game %d: %v", path, gi+1, err)
				}
				backs, traces := readCoord(t, buf.String(), uci, rp)
				if len(backs) != 1 || !traces[0].Complete() {
					t.Fatalf("%s game %d (uci=%v): reading back: %d games, %+v\n%s", path, gi+1, uci, len(backs), traces, buf.String())
				}
				back := backs[0]
				var sans []string
				for _, n := range back.Moves {
					if n.Kind == record.KindMove {
						sans = append(sans, n.Move.Text)
					}
				}
				if len(sans) != tr.Len() {
					t.Fatalf("%s game %d (uci=%v): %d moves read back, want %d", path, gi+1, uci, len(sans), tr.Len())
				}
				for k := range tr.Len() {
					if sans[k] != tr.SAN(k) {
						t.Fatalf("%s game %d (uci=%v) ply %d: read back %q, want %q", path, gi+1, uci, k+1, sans[k], tr.SAN(k))
					}
				}
				if back.Result != g.Result && g.Result != "" {
					t.Fatalf("%s game %d: result %q read back as %q", path, gi+1, g.Result, back.Result)
				}
			}
			total++
		}
	}
	t.Logf("%d games round-tripped through LAN and UCI; %d not fully playable were skipped", total, skipped)
	if total == 0 {
		t.Fatal("no game could be played: the test checked nothing")
	}
}

// TestJSONToPGNBytes: pgn -> json -> pgn and pgn -> jsonl -> pgn give the
// bytes fmt gives, for every data file (games with a syntax error pass
// through as their source, as fmt passes them).
func TestJSONToPGNBytes(t *testing.T) {
	t.Parallel() // a data test (testrun_test.go)
	files := recordFiles(t)
	if len(files) == 0 {
		t.Skip("no record files found")
	}
	total := 0
	for _, path := range files {
		games := readGames(t, path)
		var want bytes.Buffer
		pw := pgn.NewWriter(&want)
		for _, g := range games {
			if err := pw.Write(g); err != nil {
				t.Fatal(err)
			}
		}
		if len(games) < gameLimit() {
			// The whole file was read: the bytes must be fmt's own.
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			var fmtOut bytes.Buffer
			if _, err := pgn.Format(&fmtOut, f, path, nil); err != nil {
				t.Fatal(err)
			}
			f.Close()
			if !bytes.Equal(fmtOut.Bytes(), want.Bytes()) {
				t.Fatalf("%s: the writer here and fmt disagree", path)
			}
		}
		for _, lines := range []bool{false, true} {
			var js bytes.Buffer
			w := jsongame.NewWriter(&js, lines)
			for _, g := range games {
				if err := w.Write(jsongame.GameToJSON(g)); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			gw := pgn.NewWriter(&got)
			r := jsongame.NewReader(&js)
			for {
				g, err := r.ReadGame()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				if err := gw.Write(g); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				a, b := got.String(), want.String()
				i := 0
				for i < len(a) && i < len(b) && a[i] == b[i] {
					i++
				}
				t.Fatalf("%s (lines=%v): PGN from JSON differs from fmt's at byte %d: %q vs %q", path, lines, i,
					a[max(0, i-40):min(len(a), i+40)], b[max(0, i-40):min(len(b), i+40)])
			}
		}
		total += len(games)
	}
	t.Logf("%d files, %d games: PGN from JSON and JSONL is fmt's, byte for byte", len(files), total)
}

// BenchmarkJSONGame measures writing and reading one game's JSON (record
// fields only), over the first games of corpus-1k.
func BenchmarkJSONGame(b *testing.B) {
	path := testenv.SharedDir(b, "data", "fide", "corpus-1k.pgn")
	games := readGamesUncached(b, path)[:200]
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := games[i%len(games)]
		var buf bytes.Buffer
		w := jsongame.NewWriter(&buf, true)
		if err := w.Write(jsongame.GameToJSON(g)); err != nil {
			b.Fatal(err)
		}
		if _, err := jsongame.NewReader(&buf).ReadGame(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTraceCoord measures replaying a game's main line and writing it
// in UCI.
func BenchmarkTraceCoord(b *testing.B) {
	path := testenv.SharedDir(b, "data", "fide", "corpus-1k.pgn")
	games := readGamesUncached(b, path)[:200]
	rp := replay.New(replay.Config{Steps: true})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := games[i%len(games)]
		if err := coord.WriteGame(io.Discard, g, rp.Game(g, "", 0).Played, true); err != nil {
			b.Fatal(err)
		}
	}
}
