package grammar_test

import (
	"bytes"
	"errors"
	"io"
	"syscall"
	"testing"
	"time"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/desccorpus"
	"github.com/ashtapada/ashtapada/record"
)

// BenchmarkReadDescriptive is validate's read path for `--notation
// descriptive` on one core, the grammar's part alone (no replay): the
// splitter and ParseChunkScratch over corpus-10k written in descriptive
// notation, the records' storage reused. It reports the process's CPU
// time per run too (cpu-ns/op), the steadier figure on a shared machine.
func BenchmarkReadDescriptive(b *testing.B) {
	_, data := desccorpus.Corpus10k(b)
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
