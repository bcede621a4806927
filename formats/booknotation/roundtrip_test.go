package booknotation_test

import (
	"bytes"
	"errors"
	"io"
	"sort"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats/booknotation"
	"github.com/ashtapada/ashtapada/formats/internal/formattest"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
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
	files := formattest.NotationFiles(t)
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
