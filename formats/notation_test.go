package formats_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
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

// roundTripGame converts game g (played as tr) to notation n and reads it
// back: the moves read back must be exactly the canonical SAN of the
// original's moves, with no hand-written expectation. It reports whether
// the game was compared.
func roundTripGame(t *testing.T, rp *replay.Replayer, name string, gi int, g *record.Game, tr *replay.Played, n record.Notation) bool {
	t.Helper()
	if tr == nil || tr.Start == nil || tr.Len() == 0 {
		return false
	}
	var buf bytes.Buffer
	// A replay that stops early (an illegal move in the record) is
	// written up to the stop: only that part is compared.
	_ = booknotation.WriteGame(&buf, g, tr, n, false)
	r := grammar.NewReader(bytes.NewReader(buf.Bytes()), "back.pgn")
	r.SetNotation(n)
	r.SetGuess(false)
	g2, err := r.Next()
	if err != nil {
		t.Fatalf("%s game %d: reading back: %v", name, gi, err)
	}
	if se := g2.SyntaxError(); se != nil {
		t.Errorf("%s game %d in %s: %d:%d: %s\n%s", name, gi, n, se.Pos.Line, se.Pos.Col, se.Message, buf.String())
		return true
	}
	tr2 := rp.Game(g2, "back.pgn", 1).Played
	if tr2.Len() != tr.Len() {
		stop := ""
		if tr2.StopNode != nil {
			stop = tr2.StopNode.Text
		}
		t.Errorf("%s game %d in %s: %d plies read back of %d; stopped at %q\n%s", name, gi, n, tr2.Len(), tr.Len(), stop, buf.String())
		return true
	}
	for i := range tr.Len() {
		if tr.SAN(i) != tr2.SAN(i) {
			t.Errorf("%s game %d in %s, ply %d: %s written as %q read back as %s", name, gi, n, i+1, tr.SAN(i), tr2.Step(i).Node.Text, tr2.SAN(i))
			break
		}
	}
	return true
}

// roundTripFiles are the records the round trip reads: the repository's
// corpus always; the shared FIDE 10k corpus (and the 100k one in a long
// run) and the Fairy-Stockfish self-play games of every profile when the
// shared data is present.
func roundTripFiles(t *testing.T) map[string][]byte {
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

// roundTripSample is how many games of each file the fast tier converts
// (formattest.SampleGames): every game of corpus/ (no file there has as many), an
// even spread of each self-play file (one per profile) and of the FIDE
// corpus. A long run converts every game.
func roundTripSample(name string) int {
	if strings.HasPrefix(name, "fide/corpus-") {
		return 500
	}
	return 100
}

// TestNotationRoundTrip: every game, converted to descriptive notation,
// to each language's letters and to figurines, reads back as the same
// moves. The fast tier converts a sample of each shared file
// (roundTripSample), a long run every game.
func TestNotationRoundTrip(t *testing.T) {
	t.Parallel() // a data test (package formattest)
	notations := []record.Notation{record.DescriptiveNotation, record.German, record.French,
		record.Spanish, record.Italian, record.Dutch, record.Portuguese,
		record.Swedish, record.Russian, record.Figurine}
	files := roundTripFiles(t)
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	rp := replay.New(replay.Config{Steps: true})
	back := replay.New(replay.Config{Steps: true})
	for _, name := range names {
		t.Run(strings.ReplaceAll(name, "/", "_"), func(t *testing.T) {
			r := grammar.NewReader(bytes.NewReader(files[name]), name)
			read := formattest.SampleGames(t, files[name], 1<<30, roundTripSample(name))
			games, plies := 0, 0
			for gi := 1; ; gi++ {
				g, err := r.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				if !read(gi) || g.SyntaxError() != nil {
					continue
				}
				tr := rp.Game(g, name, gi).Played
				compared := false
				for _, n := range notations {
					compared = roundTripGame(t, back, name, gi, g, tr, n) || compared
				}
				if compared {
					games++
					plies += tr.Len()
				}
			}
			t.Logf("%d games, %d plies, each in %d notations", games, plies, len(notations))
		})
	}
}

// TestPGNFromSteps: a record read in a book's notation is written as PGN
// straight from its replay's steps (pgnWriter, appendCanonical) exactly as
// its ToSAN copy is written: the book games as printed (with their notes
// and variations), and the games of the round trip's files converted to
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
	books, _ := filepath.Glob(filepath.Join(testenv.RepoRoot(), "testdata", "books", "*.pgn"))
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
	files := roundTripFiles(t)
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
