package formats_test

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
)

// This file decides how much of the data the package's tests read: the
// repository and the shared data are found by internal/testenv, which also
// says whether this is a long run (ASHTAPADA_LONG=1).

// The data tests (the round trips over the corpus and the shared data) are
// the package's heaviest and run in parallel with one another: each has its
// own replayers and writers, and they share only the games readGames caches,
// which they read and never change.

// gameLimit keeps the fast tier short: the first games of each file only
// (every file is still read, so every kind of record is covered), all of
// them in a long run.
func gameLimit() int { return testenv.Limit(100, 1<<30) }

// sampleGames says which games of src (numbered from 1) a per-game
// property reads: of the file's first upto games, n spread evenly over them
// (testenv.Sample, so every fast run reads the same ones), or all upto in a
// long run. A file of at most n games is read whole in both tiers.
func sampleGames(t testing.TB, src []byte, upto, n int) func(gi int) bool {
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

// dropExtensions returns files without those that start with the whole
// text of another file of more than gameLimit() games: read up to the limit,
// such a file gives exactly the games of the other one again
// (fide/corpus-10k.pgn begins with all of corpus-1k.pgn's 1,000 games).
// The relation is checked on the bytes and the count, not assumed from the
// names; a short file that is the prefix of another (the truncated records
// of testdata/malformed) drops nothing.
func dropExtensions(t testing.TB, files map[string][]byte) map[string][]byte {
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

// moreGamesThanLimit reports whether src holds more than gameLimit() games.
func moreGamesThanLimit(src []byte, name string) bool {
	r := grammar.NewReader(bytes.NewReader(src), name)
	for n := 0; n <= gameLimit(); n++ {
		if _, err := r.Next(); err != nil {
			return false
		}
	}
	return true
}
