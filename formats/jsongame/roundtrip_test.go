package jsongame_test

import (
	"bytes"
	"io"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/formats/internal/formattest"
	"github.com/ashtapada/ashtapada/formats/jsongame"
	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// normalize makes the forms JSON cannot tell apart equal: an empty list of
// nodes is nil at the top and empty in a variation; Source is kept only for
// a game with a syntax error (the only one that needs it).
func normalize(g *record.Game) *record.Game {
	c := *g
	// The grammar's reader says a main line is plain (MainPlain); JSON
	// does not carry it.
	c.MainPlain = false
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
		if n.Move != nil && n.Move.Plain {
			// The grammar's reader of plain SAN says so; JSON does not
			// carry it (a move read without it is tested field by field).
			m := *n.Move
			m.Plain = false
			n.Move = &m
		}
		out[i] = n
	}
	return out
}

// TestJSONRoundTripData: every game of every data file, read by the
// grammar, written as JSON and as JSONL and read back, is the same record.
func TestJSONRoundTripData(t *testing.T) {
	t.Parallel() // a data test (package formattest)
	files := formattest.RecordFiles(t)
	schema := compileSchema(t)
	// Schema validation is most of this test's time: the first games of
	// each file get derived fields and are validated (50 in a long run).
	derived := testenv.Limit(10, 50)
	total := 0
	for _, path := range files {
		games := formattest.ReadGames(t, path)
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

// BenchmarkJSONGame measures writing and reading one game's JSON (record
// fields only), over the first games of corpus-1k.
func BenchmarkJSONGame(b *testing.B) {
	path := testenv.SharedDir(b, "data", "fide", "corpus-1k.pgn")
	games := formattest.ReadGamesUncached(b, path)
	games = games[:min(200, len(games))] // the fast tier reads fewer (GameLimit)
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
