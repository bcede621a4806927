package grammar_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
)

// differentialSample is how many games of a shared file the fast tier
// compares (sampleChunks); a long run compares every game.
const differentialSample = 100

// TestDifferentialData runs checkInput over every .pgn file of the shared
// data: the hand-written fast path and the participle grammar must give the
// same record for every game (the condition of a fast path:
// docs/performance.md, "Costs that shaped the code"), and formatting must
// be idempotent. The fast tier reads every file but corpus-10k.pgn (which
// begins with corpus-1k.pgn's games) and compares differentialSample games
// spread over each larger one; the long tier compares every game of every
// file.
func TestDifferentialData(t *testing.T) {
	root := testenv.SharedDir(t, "data")
	for _, p := range testenv.RecordFiles(t, root) {
		if strings.HasSuffix(p, "corpus-10k.pgn") && !testenv.IsLong() {
			t.Logf("long tier: %s (set %s=1)", filepath.Base(p), testenv.LongVar)
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(p), func(t *testing.T) { checkInput(t, sampleChunks(t, data, differentialSample)) })
	}
}

// sampleChunks returns data in a long run or when it holds at most n games;
// otherwise the text of n of its games, spread evenly over it
// (testenv.Sample), one after another as the splitter cut them (with the
// file's byte-order mark, if any, in front). The fast path and the grammar
// must agree on any text, this one included.
func sampleChunks(t *testing.T, data []byte, n int) []byte {
	t.Helper()
	if testenv.IsLong() {
		return data
	}
	sp := grammar.NewSplitter(bytes.NewReader(data))
	var chunks [][]byte
	for {
		c, err := sp.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("splitter: %v", err)
		}
		chunks = append(chunks, bytes.Clone(c.Data))
	}
	if len(chunks) <= n {
		return data
	}
	var out []byte
	if sp.BOM() {
		out = append(out, 0xEF, 0xBB, 0xBF)
	}
	for _, c := range testenv.Sample(chunks, n) {
		out = append(out, c...)
	}
	t.Logf("fast tier: %d of %d games (%s=1 compares all)", n, len(chunks), testenv.LongVar)
	return out
}

// TestDifferentialTestdata does the same over the repository's own inputs.
func TestDifferentialTestdata(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "grammar", "*.pgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test inputs: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(f), func(t *testing.T) { checkInput(t, data) })
	}
}
