// Package desccorpus gives benchmarks the FIDE 10k corpus of the shared
// data in SAN and, written once with the descriptive writer (as `convert
// --to descriptive` writes it), in descriptive notation: the inputs that
// measure reading descriptive notation against reading SAN.
package desccorpus

import (
	"bytes"
	"os"
	"sync"
	"testing"

	"github.com/ashtapada/ashtapada/formats/booknotation"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

var (
	once      sync.Once
	san, desc []byte
	err       error
)

// Corpus10k returns corpus-10k.pgn and the same games in descriptive
// notation, made at the first call; tb is skipped when the shared data
// is absent.
func Corpus10k(tb testing.TB) (sanText, descText []byte) {
	tb.Helper()
	path := testenv.SharedDir(tb, "data", "fide", "corpus-10k.pgn")
	once.Do(func() {
		san, err = os.ReadFile(path)
		if err != nil {
			return
		}
		var gs []*record.Game
		if gs, err = grammar.ReadAll(bytes.NewReader(san), "corpus-10k.pgn"); err != nil {
			return
		}
		rp := replay.New(replay.Config{Steps: true})
		var out bytes.Buffer
		for _, g := range gs {
			if err = booknotation.WriteGame(&out, g, rp.Game(g, "", 1).Played, record.DescriptiveNotation, false); err != nil {
				return
			}
		}
		desc = out.Bytes()
	})
	if err != nil {
		tb.Fatal(err)
	}
	return san, desc
}
