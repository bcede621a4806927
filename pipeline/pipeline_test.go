package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/internal/compresstest"
	"github.com/ashtapada/ashtapada/internal/testenv"
)

func TestMain(m *testing.M) {
	// Prism, Beam's local runner, unless -runner says otherwise.
	ptest.MainWithDefault(m, "prism")
}

// corpusBundle is the bundle size where the test judges the repository's
// corpus: its files are of a few kilobytes, and each is still to be judged
// by several bundles.
const corpusBundle = 1 << 10

// inputs are the PGN files the test judges: the shared data's (shared), or
// the repository's corpus where the shared data is absent.
func inputs(t *testing.T) (files []string, shared bool) {
	t.Helper()
	dir := filepath.Join(testenv.SharedPath(), "data")
	if _, err := os.Stat(dir); err != nil {
		t.Logf("shared data absent (%v): judging corpus/ in bundles of %d bytes", err, corpusBundle)
		return pgnFiles(t, filepath.Join(testenv.RepoRoot(), "corpus")), false
	}
	return pgnFiles(t, dir), true
}

// pgnFiles are the record files under dir, sorted, but corpus-10k.pgn:
// it adds time, not cases (the 1k corpus is its start).
func pgnFiles(t *testing.T, dir string) []string {
	t.Helper()
	files := slices.DeleteFunc(testenv.RecordFiles(t, dir), func(p string) bool {
		return strings.HasSuffix(p, "corpus-10k.pgn")
	})
	sort.Strings(files)
	return files
}

// ashtapada builds the command-line tool of the root module.
func ashtapada(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "ashtapada")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/ashtapada")
	cmd.Dir = testenv.RepoRoot()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building ashtapada: %v\n%s", err, out)
	}
	return bin
}

func run(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	out, _ := runState(t, bin, args...)
	return out
}

// runState runs a command that must exit 0 or 1 (error findings) and
// returns its standard output and how it ended.
func runState(t *testing.T, name string, args ...string) ([]byte, *os.ProcessState) {
	t.Helper()
	cmd := exec.Command(name, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil // error findings
	}
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, stderr.String())
	}
	return out, cmd.ProcessState
}

// runPipeline runs the pipeline on Prism and returns its output files:
// o.Shards JSONL files, or the Parquet tables of the bundles (at least
// one), with no unfinished table left behind.
func runPipeline(t *testing.T, o Options) []string {
	t.Helper()
	p, s := beam.NewPipelineWithRoot()
	Build(s, o)
	if err := ptest.Run(p); err != nil {
		t.Fatalf("pipeline: %v", err)
	}
	if o.Format == "parquet" {
		parts, err := filepath.Glob(o.Output + "-*.parquet")
		if err != nil || len(parts) == 0 {
			t.Fatalf("pipeline wrote no table (%v)", err)
		}
		if tmp, _ := filepath.Glob(o.Output + "-*.tmp"); len(tmp) > 0 {
			t.Errorf("unfinished tables left: %v", tmp)
		}
		return parts
	}
	parts, err := filepath.Glob(o.Output + "-*-of-*." + o.Format)
	if err != nil || len(parts) != o.Shards {
		t.Fatalf("pipeline wrote %d parts %v, want %d", len(parts), parts, o.Shards)
	}
	return parts
}

// sortedLines returns the lines of the files, sorted.
func sortedLines(t *testing.T, data ...[]byte) []string {
	var lines []string
	for _, d := range data {
		for _, l := range strings.SplitAfter(string(d), "\n") {
			if l != "" {
				lines = append(lines, l)
			}
		}
	}
	sort.Strings(lines)
	return lines
}

// TestPipelineMatchesValidate: the pipeline on Prism, with bundles small
// enough that one file is judged by several, gives the findings and game
// lines of validate --format jsonl, and its summary is validate's.
func TestPipelineMatchesValidate(t *testing.T) {
	files, shared := inputs(t)
	bundle := int64(256 << 10)
	if !shared {
		bundle = corpusBundle
	}
	bin := ashtapada(t)
	out := filepath.Join(t.TempDir(), "games")
	parts := runPipeline(t, Options{Inputs: files, Output: out, Format: "jsonl", Shards: 8, BundleBytes: bundle})
	var got [][]byte
	for _, p := range parts {
		d, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		// Every shard holds games: the inputs have many more than 8.
		if !bytes.Contains(d, []byte(`{"kind":"game"`)) {
			t.Errorf("%s holds no game", filepath.Base(p))
		}
		got = append(got, d)
	}
	want := run(t, bin, append([]string{"validate", "--format", "jsonl", "--summary"}, files...)...)
	// The summary is the last line of validate's output.
	i := bytes.LastIndex(bytes.TrimSuffix(want, []byte("\n")), []byte("\n"))
	wantSummary, wantLines := want[i+1:], want[:i+1]
	g, w := sortedLines(t, got...), sortedLines(t, wantLines)
	if len(g) != len(w) {
		t.Errorf("pipeline: %d lines, validate: %d", len(g), len(w))
	}
	for k := 0; k < len(g) && k < len(w); k++ {
		if g[k] != w[k] {
			t.Fatalf("first difference after sorting:\npipeline: %s\nvalidate: %s", g[k], w[k])
		}
	}
	games := 0
	for _, l := range w {
		if strings.HasPrefix(l, `{"kind":"game"`) {
			games++
		}
	}
	if games < 1000 && shared {
		t.Errorf("only %d games judged", games)
	}
	summary, err := os.ReadFile(out + "-summary.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(summary, wantSummary) {
		t.Errorf("summary:\npipeline: %s\nvalidate: %s", summary, wantSummary)
	}
}

// TestPipelineMatchesConvert: with --format parquet the rows are
// convert --to parquet's, and its summary is validate's. Bundles are small
// enough that files are written by several, each its own table, with rows
// in game order.
func TestPipelineMatchesConvert(t *testing.T) {
	// A sample of every kind of file keeps the fast tier short (a long run
	// compares every file).
	files, shared := inputs(t)
	files = testenv.Sample(files, 8)
	bundle := int64(128 << 10)
	if !shared {
		bundle = corpusBundle
	}
	bin := ashtapada(t)
	tmp := t.TempDir()
	out := filepath.Join(tmp, "games")
	parts := runPipeline(t, Options{Inputs: files, Output: out, Format: "parquet", Shards: 2, BundleBytes: bundle})
	if len(parts) <= len(files) {
		t.Errorf("%d tables for %d files: no file was split into bundles", len(parts), len(files))
	}
	var got []string
	for _, p := range parts {
		rows := rowsOf(t, p)
		for k := 1; k < len(rows); k++ {
			var a, b gametable.Row
			json.Unmarshal([]byte(rows[k-1]), &a)
			json.Unmarshal([]byte(rows[k]), &b)
			if a.File != b.File || a.Game+1 != b.Game {
				t.Errorf("%s: row %d is %s game %d after %s game %d: a bundle's table holds consecutive games of one file", p, k+1, b.File, b.Game, a.File, a.Game)
				break
			}
		}
		got = append(got, rows...)
	}
	summary, err := os.ReadFile(out + "-summary.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	want := run(t, bin, append([]string{"validate", "--format", "jsonl", "--summary"}, files...)...)
	i := bytes.LastIndex(bytes.TrimSuffix(want, []byte("\n")), []byte("\n"))
	if !bytes.Equal(summary, want[i+1:]) {
		t.Errorf("summary:\npipeline: %s\nvalidate: %s", summary, want[i+1:])
	}
	// The tables of one input, merged in name order, are convert's table
	// of that input byte for byte: the largest file, cut into the most
	// bundles.
	largest, size := "", int64(-1)
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil && fi.Size() > size {
			largest, size = f, fi.Size()
		}
	}
	var its []string
	for _, p := range parts {
		if rows := rowsOf(t, p); len(rows) > 0 && strings.Contains(rows[0], `"File":`+strconv.Quote(largest)) {
			its = append(its, p)
		}
	}
	slices.Sort(its)
	if len(its) < 2 {
		t.Errorf("%s (%d bytes): %d tables, want several", largest, size, len(its))
	}
	merged, alone := filepath.Join(tmp, "merged.parquet"), filepath.Join(tmp, "alone.parquet")
	run(t, bin, append([]string{"merge", "-o", merged}, its...)...)
	run(t, bin, "convert", "--to", "parquet", "-o", alone, largest)
	if m, a := readFile(t, merged), readFile(t, alone); !bytes.Equal(m, a) {
		t.Errorf("%s: its %d tables merged (%d bytes) differ from convert --to parquet (%d bytes)", largest, len(its), len(m), len(a))
	}
	one := filepath.Join(tmp, "one.parquet")
	run(t, bin, append([]string{"convert", "--to", "parquet", "-o", one}, files...)...)
	wantRows := rowsOf(t, one)
	slices.Sort(got)
	slices.Sort(wantRows)
	if len(got) != len(wantRows) {
		t.Fatalf("pipeline: %d rows, convert: %d", len(got), len(wantRows))
	}
	for k := range got {
		if got[k] != wantRows[k] {
			t.Fatalf("first difference after sorting:\npipeline: %s\nconvert:  %s", got[k], wantRows[k])
		}
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// rowsOf reads a table's rows as JSON.
func rowsOf(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	r, err := gametable.NewReader(f, fi.Size())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for {
		row, err := r.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(row)
		out = append(out, string(b))
	}
}

// An input is read as its bytes say, whatever its name: a gzip stream
// named .pgn and an xz file are judged as the same games uncompressed,
// with bundles small enough that a plain file is cut into several.
func TestPipelineReadsCompressedByContent(t *testing.T) {
	plain := readFile(t, filepath.Join(testenv.RepoRoot(), "corpus", "fide", "valid.pgn"))
	dir := t.TempDir()
	files := map[string][]byte{
		"plain.pgn":    plain,
		"gzip.pgn":     compresstest.Gzip(t, plain),
		"xz.pgn.xz":    compresstest.XZ(t, plain, 0),
		"xz-named.pgn": compresstest.XZ(t, plain, 1<<10),
	}
	var paths []string
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	out := filepath.Join(t.TempDir(), "games")
	parts := runPipeline(t, Options{Inputs: paths, Output: out, Format: "jsonl", Shards: 1, BundleBytes: 256})
	got := readFile(t, parts[0])
	// Each file's lines, its name replaced by one word.
	byFile := map[string][]string{}
	for _, l := range sortedLines(t, got) {
		for _, p := range paths {
			if q := strconv.Quote(p); strings.Contains(l, q) {
				byFile[filepath.Base(p)] = append(byFile[filepath.Base(p)], strings.ReplaceAll(l, q, `"F"`))
			}
		}
	}
	want := byFile["plain.pgn"]
	if len(want) < 3 {
		t.Fatalf("plain.pgn: %d lines", len(want))
	}
	for name := range files {
		if !slices.Equal(byFile[name], want) {
			t.Errorf("%s: %d lines, plain.pgn %d; first: %q", name, len(byFile[name]), len(want), byFile[name][:min(1, len(byFile[name]))])
		}
	}
}

// A game over the longest the pipeline reads is a limit error, and with
// --format parquet (where such a game has no row) the job stops with it:
// the message names the flag that raises the limit, which the pipeline
// has.
func TestPipelineTooLargeGameNamesItsFlag(t *testing.T) {
	dir := t.TempDir()
	var b bytes.Buffer
	b.WriteString("[Event \"huge\"]\n\n1. e4 e5\n")
	line := "{" + strings.Repeat("x", 98) + "}\n"
	for b.Len() < 17<<20 {
		b.WriteString(line)
	}
	b.WriteString("2. Nf3 *\n\n[Event \"small\"]\n\n1. d4 *\n")
	in := filepath.Join(dir, "huge.pgn")
	if err := os.WriteFile(in, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	Build(s, Options{Inputs: []string{in}, Output: filepath.Join(dir, "games"), Format: "parquet", Shards: 1, BundleBytes: 64 << 20})
	err := ptest.Run(p)
	if err == nil {
		t.Fatal("the pipeline wrote a row for a game it did not read whole")
	}
	const name = "max-game-bytes"
	if !strings.Contains(err.Error(), "--"+name) {
		t.Fatalf("the error does not name --%s: %v", name, err)
	}
	if flag.Lookup(name) == nil {
		t.Errorf("the error names --%s, which the pipeline does not have: %v", name, err)
	}
}

// TestHelpListsOwnFlagsFirst: --help lists the command's own flags, each
// of them, before the Beam SDK's, which are still all listed after them.
func TestHelpListsOwnFlagsFirst(t *testing.T) {
	var b strings.Builder
	flag.CommandLine.SetOutput(&b)
	defer flag.CommandLine.SetOutput(nil)
	usage()
	help := b.String()
	sdk := strings.Index(help, "Flags of the Beam SDK")
	if sdk < 0 {
		t.Fatalf("no heading for the SDK's flags:\n%s", help)
	}
	for _, name := range ownFlags {
		if flag.Lookup(name) == nil {
			t.Errorf("--%s is listed as the command's own but is no flag", name)
		}
		if i := strings.Index(help, "\n  -"+name+" "); i < 0 || i > sdk {
			if j := strings.Index(help, "\n  -"+name+"\n"); j < 0 || j > sdk {
				t.Errorf("--%s is not among the command's own flags", name)
			}
		}
	}
	for _, name := range []string{"runner", "project", "endpoint"} {
		if i := strings.Index(help, "\n  -"+name+" "); i < sdk {
			t.Errorf("the SDK's --%s is not after the command's own flags", name)
		}
	}
}

// writeKnightShuffle writes one game of about size bytes, knights going to
// and fro under chaturanga-gollon (no repetition rule ends it), with move
// numbers, followed by a small game.
func writeKnightShuffle(t *testing.T, path string, size int) {
	t.Helper()
	var b bytes.Buffer
	b.Grow(size + 100)
	b.WriteString("[Event \"huge\"]\n[Variant \"chaturanga-gollon\"]\n\n")
	moves := [4]string{"Nf3", "Nf6", "Ng1", "Ng8"}
	for ply := 0; b.Len() < size; ply++ {
		if ply%2 == 0 {
			b.WriteString(strconv.Itoa(ply/2+1) + ". ")
		}
		b.WriteString(moves[ply%4])
		if ply%16 == 15 {
			b.WriteString("\n")
		} else {
			b.WriteString(" ")
		}
	}
	b.WriteString("*\n\n[Event \"small\"]\n\n1. d4 *\n")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// peakRun runs the command and returns its output and its peak resident
// memory in MB.
func peakRun(t *testing.T, name string, args ...string) (stdout []byte, peakMB int64) {
	t.Helper()
	out, state := runState(t, name, args...)
	ru, ok := state.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no peak memory measured on this system")
	}
	return out, ru.Maxrss >> 10
}

// TestPipelineHugeGame: a huge game is judged, and its row written, with
// its main line read in parts, as validate and convert do: the same lines
// as validate --format jsonl, the same rows as convert --to parquet. The
// pipeline's process takes no more over what it takes for a small file
// than the command line's huge-game ceiling allows over its own fixed
// cost, 10 MB for each MB of game and 40 MB at least (a part's nodes cost
// about as much whatever the game's size); twice that for a table's rows,
// as the pipeline sets no soft memory limit where the command sets one
// (a worker runs many bundles at once: its memory is the runner's to
// manage). The fast tier reads a game of 2 MB, the long tier one of
// 16 MB, the longest read by default.
func TestPipelineHugeGame(t *testing.T) {
	size := 2 << 20
	if testenv.IsLong() {
		size = 16<<20 - 1<<10
	}
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.pgn")
	writeKnightShuffle(t, huge, size)
	small := filepath.Join(dir, "small.pgn")
	if err := os.WriteFile(small, []byte("[Event \"small\"]\n\n1. d4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "ashtapada-beam")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building the pipeline: %v\n%s", err, out)
	}
	ash := ashtapada(t)
	mb := float64(size) / (1 << 20)
	for _, c := range []struct {
		format string
		per    float64
	}{{"jsonl", 10}, {"parquet", 20}} {
		beamRun := func(in string) (string, int64) {
			out := filepath.Join(t.TempDir(), "games")
			_, peak := peakRun(t, bin, "--input", in, "--output", out, "--shards", "1", "--format", c.format, "--runner", "prism")
			return out, peak
		}
		_, base := beamRun(small)
		out, peak := beamRun(huge)
		switch c.format {
		case "jsonl":
			got := readFile(t, out+"-00000-of-00001.jsonl")
			want, _ := peakRun(t, ash, "validate", "--format", "jsonl", huge)
			if g, w := sortedLines(t, got), sortedLines(t, want); !slices.Equal(g, w) {
				t.Errorf("the pipeline's lines differ from validate's:\npipeline: %q\nvalidate: %q", g, w)
			}
		case "parquet":
			// The runner may split the file: its tables, in name order,
			// hold its games in order.
			tables, err := filepath.Glob(out + "-*.parquet")
			if err != nil || len(tables) == 0 {
				t.Fatalf("the pipeline wrote no table (%v)", err)
			}
			slices.Sort(tables)
			var g []string
			for _, tb := range tables {
				g = append(g, rowsOf(t, tb)...)
			}
			one := filepath.Join(t.TempDir(), "one.parquet")
			peakRun(t, ash, "convert", "--to", "parquet", "-o", one, huge)
			if w := rowsOf(t, one); !slices.Equal(g, w) {
				t.Errorf("the pipeline's %d rows differ from convert's %d", len(g), len(w))
			}
		}
		limit := float64(base) + max(c.per*mb, 4*c.per)
		t.Logf("%s, %.1f MB game: the pipeline's peak %d MB, %d MB on a small file, ceiling %.0f MB", c.format, mb, peak, base, limit)
		if float64(peak) > limit {
			t.Errorf("%s: the pipeline's peak memory on a %.0f MB game is %d MB, over %.0f MB (%d MB on a small file, and %.0f for each MB of game, %.0f at least)", c.format, mb, peak, limit, base, c.per, 4*c.per)
		}
	}
}
