package formats_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/formats/booknotation"
	"github.com/ashtapada/ashtapada/formats/internal/formattest"
	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
)

// TestPGNFromSteps: a record read in a book's notation is written as PGN
// straight from its replay's steps (the pgn format's writer) exactly as
// its ToSAN copy is written: the book games as printed (with their notes
// and variations), and the games of formattest.NotationFiles converted to
// descriptive notation and to each language: of each file's first 300
// games, every one in a long run and 30 spread over them in the fast tier.
func TestPGNFromSteps(t *testing.T) {
	t.Parallel() // a data test (package formattest)
	rp := replay.New(replay.Config{Steps: true, Variations: true})
	compare := func(name string, gi int, g *record.Game) bool {
		res := rp.Game(g, name, gi)
		if g.SyntaxError() != nil || res.Played == nil {
			return false
		}
		for _, f := range res.Findings {
			if f.Rule == ruleid.CheckMark {
				// A SAN record is written with its check marks as
				// written (CanonicalMoveText), ToSAN's copy with the
				// rules' marks: they differ where the record leaves a
				// check unmarked (a page's game).
				return false
			}
		}
		var direct, copied bytes.Buffer
		f, _ := formats.LookupRecordFormat("pgn")
		gw, err := f.NewWriter(&direct, formats.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := gw.Write(g, gi, res, nil); err != nil {
			t.Fatal(err)
		}
		sg, err := notation.ToSAN(g, res.Played, false)
		if err != nil {
			t.Fatal(err)
		}
		if sg.Result == "" {
			sg.Result = "*"
		}
		if err := pgn.NewWriter(&copied).Write(sg); err != nil {
			t.Fatal(err)
		}
		if direct.String() != copied.String() {
			t.Errorf("%s game %d in %s: from the steps\n%s\nfrom ToSAN\n%s", name, gi, g.Notation, direct.String(), copied.String())
		}
		return true
	}
	compared := 0
	books := testenv.RecordFiles(t, filepath.Join(testenv.RepoRoot(), "testdata", "books"))
	for _, path := range books {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		games, err := grammar.ReadAll(bytes.NewReader(data), path)
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range games {
			// A page printed in SAN is written as read, not from the
			// steps: its text (Qh4+ for a mate, Nb1c3) is not ToSAN's.
			if g.Notation == record.SAN {
				continue
			}
			if compare(filepath.Base(path), i+1, g) {
				compared++
			}
		}
	}
	files := formattest.NotationFiles(t)
	for name, data := range files {
		r := grammar.NewReader(bytes.NewReader(data), name)
		read := formattest.SampleGames(t, data, 300, 30)
		for gi := 1; gi <= 300; gi++ {
			g, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if !read(gi) {
				continue
			}
			tr := rp.Game(g, name, gi).Played
			if g.SyntaxError() != nil || tr == nil || tr.Start == nil {
				continue
			}
			for _, n := range record.BookNotations() {
				var buf bytes.Buffer
				_ = booknotation.WriteGame(&buf, g, tr, n, false)
				r2 := grammar.NewReader(bytes.NewReader(buf.Bytes()), "back.pgn")
				r2.SetNotation(n)
				g2, err := r2.Next()
				if err != nil {
					t.Fatal(err)
				}
				if compare(name, gi, g2) {
					compared++
				}
			}
		}
	}
	if compared < 1000 {
		t.Errorf("only %d games compared", compared)
	}
	t.Logf("%d games compared", compared)
}
