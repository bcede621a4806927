package grammar_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ashtapada/ashtapada/formats/booknotation"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

var (
	descCorpusOnce sync.Once
	descCorpus     []byte
	descCorpusErr  error
)

// descriptiveCorpus is corpus-10k.pgn of the shared data written in
// descriptive notation (as `convert --to descriptive` writes it), made once.
func descriptiveCorpus(b *testing.B) []byte {
	path := testenv.SharedDir(b, "data", "fide", "corpus-10k.pgn")
	descCorpusOnce.Do(func() {
		san, err := os.ReadFile(path)
		if err != nil {
			descCorpusErr = err
			return
		}
		gs, err := grammar.ReadAll(bytes.NewReader(san), "corpus-10k.pgn")
		if err != nil {
			descCorpusErr = err
			return
		}
		rp := replay.New(replay.Config{Steps: true})
		var out bytes.Buffer
		for _, g := range gs {
			if err := booknotation.WriteGame(&out, g, rp.Game(g, "", 1).Played, record.DescriptiveNotation, false); err != nil {
				descCorpusErr = err
				return
			}
		}
		descCorpus = out.Bytes()
	})
	if descCorpusErr != nil {
		b.Fatal(descCorpusErr)
	}
	return descCorpus
}

// BenchmarkReadDescriptive is validate's read path for `--notation
// descriptive` on one core, the grammar's part alone (no replay): the
// splitter and ParseChunkScratch over corpus-10k written in descriptive
// notation, the records' storage reused. It reports the process's CPU
// time per run too (cpu-ns/op), the steadier figure on a shared machine.
func BenchmarkReadDescriptive(b *testing.B) {
	data := descriptiveCorpus(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var sc grammar.Scratch
	cpu0 := cpuTime()
	defer func() {
		b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
	}()
	for b.Loop() {
		s := grammar.NewSplitter(bytes.NewReader(data))
		s.SetNotation(record.DescriptiveNotation)
		for {
			c, err := s.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			if g := grammar.ParseChunkScratch(c, "desc.pgn", &sc); g.SyntaxError() != nil {
				b.Fatalf("syntax error: %v", g.SyntaxError())
			}
		}
	}
}

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
