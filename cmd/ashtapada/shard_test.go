package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/internal/testenv"
)

// shardTestInputs are the test's inputs: the corpus files (several files),
// a small file made here (small: comments that are no game, broken
// games), an empty file, JSONL under a .txt name and, when the shared data
// is there, corpus-1k (one large file cut into game ranges).
func shardTestInputs(t *testing.T) (files []string, small string) {
	root := repoRoot(t)
	files = testenv.RecordFiles(t, filepath.Join(root, "corpus"))
	// Text that is no game (a header comment, a comment between games)
	// around games cut between parts, and a game with a syntax error
	// (passed through as read, without a line end) before a part's start.
	var text strings.Builder
	text.WriteString("{ a header comment, not a game }\n\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&text, "[Event \"g%d\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n", i)
		if i%10 == 0 {
			text.WriteString("{ a comment between games }\n\n")
		}
		if i%7 == 0 {
			fmt.Fprintf(&text, "[Event \"broken %d\"]\n\n1. e4 {unclosed\n\n", i)
		}
	}
	// A closing comment after the last game (Parquet's Row.After, read by
	// the part that has the last game even when it lies in the next
	// part's range).
	text.WriteString("{ a closing comment, not a game }\n")
	extra := filepath.Join(t.TempDir(), "between.pgn")
	if err := os.WriteFile(extra, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	files = append(files, extra)
	// An empty file (read by one part, which reports it) and JSONL under a
	// name that says nothing (not cut: read whole by one part).
	empty := filepath.Join(filepath.Dir(extra), "empty.pgn")
	jsonl := filepath.Join(filepath.Dir(extra), "games.txt")
	out, stderr, code := runAsh(t, "", "", "convert", "--to", "jsonl", filepath.Join(root, "corpus", "fide", "showcase.pgn"))
	if code != 0 {
		t.Fatalf("convert --to jsonl: exit %d: %s", code, stderr)
	}
	if os.WriteFile(empty, nil, 0o644) != nil || os.WriteFile(jsonl, []byte(out), 0o644) != nil {
		t.Fatal("cannot write the test's inputs")
	}
	files = append(files, empty, jsonl)
	shared := filepath.Join(testenv.SharedPath(), "data")
	if big := filepath.Join(shared, "fide", "corpus-1k.pgn"); fileExists(big) {
		// One large file cut into game ranges: its first 250 games
		// (all of them with ASHTAPADA_LONG=1).
		if !testenv.IsLong() {
			data, err := os.ReadFile(big)
			if err != nil {
				t.Fatal(err)
			}
			if i := indexNth(data, []byte("\n[Event "), 250); i > 0 {
				big = filepath.Join(filepath.Dir(extra), "corpus-250.pgn")
				if err := os.WriteFile(big, data[:i+1], 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		files = append(files, big)
	} else {
		t.Logf("shared data absent: sharding the corpus files only")
	}
	return files, extra
}

// indexNth is the index of the n-th occurrence of sep in data, or -1.
func indexNth(data, sep []byte, n int) int {
	off := 0
	for k := 1; ; k++ {
		i := bytes.Index(data[off:], sep)
		if i < 0 {
			return -1
		}
		if k == n {
			return off + i
		}
		off += i + len(sep)
	}
}

// TestShardMerge: for N = 1, 3, 7 the parts of validate and convert,
// joined by merge, are byte for byte what one run writes.
func TestShardMerge(t *testing.T) {
	t.Parallel()
	all, small := shardTestInputs(t)
	// The fast tier: the inputs in three parts, the small file in seven.
	counts, smallCounts := []int{3}, []int{7}
	if testenv.IsLong() {
		counts, smallCounts = []int{1, 3, 7}, []int{1, 3, 7}
	}
	shardMerge(t, all, counts)
	// The small file alone too, so that part boundaries fall between its
	// comments and broken games.
	shardMerge(t, []string{small}, smallCounts)
}

// shardMerge checks that the parts of each count in counts, merged, are
// what one run writes.
func shardMerge(t *testing.T, inputs []string, counts []int) {
	tmp := t.TempDir()
	type kind struct {
		name string
		args []string
		// stdout: the command writes to standard output (else to -o FILE).
		stdout bool
	}
	kinds := []kind{
		{"validate-jsonl", []string{"validate", "--format", "jsonl", "--summary"}, true},
		{"convert-pgn", []string{"convert", "--to", "pgn"}, true},
		{"convert-jsonl", []string{"convert", "--to", "jsonl"}, true},
		{"convert-parquet", []string{"convert", "--to", "parquet"}, false},
	}
	for _, k := range kinds {
		run := func(out string, extra ...string) []byte {
			t.Helper()
			args := append(append([]string{}, k.args...), extra...)
			if !k.stdout {
				args = append(args, "-o", out)
			}
			args = append(args, inputs...)
			stdout, stderr, code := runAsh(t, "", "", args...)
			if code == 2 {
				t.Fatalf("%v: exit 2: %s", args, stderr)
			}
			if k.stdout {
				return []byte(stdout)
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			return data
		}
		one := run(filepath.Join(tmp, k.name+"-one"))
		if len(one) == 0 {
			t.Fatalf("%s: one run wrote nothing", k.name)
		}
		for _, n := range counts {
			var parts []string
			nonEmpty := 0
			for i := 1; i <= n; i++ {
				p := filepath.Join(tmp, fmt.Sprintf("%s-%d-of-%d", k.name, i, n))
				data := run(p, "--shard", fmt.Sprintf("%d/%d", i, n))
				if err := os.WriteFile(p, data, 0o644); err != nil {
					t.Fatal(err)
				}
				if len(data) > 0 && !bytes.Equal(data, one) {
					nonEmpty++
				}
				parts = append(parts, p)
			}
			if n > 1 && nonEmpty < 2 {
				t.Errorf("%s, %d shards: fewer than two shards did any work", k.name, n)
			}
			if k.stdout && k.name != "validate-jsonl" {
				// Text without a summary: the parts, concatenated, are one run's output.
				var cat []byte
				for _, p := range parts {
					data, err := os.ReadFile(p)
					if err != nil {
						t.Fatal(err)
					}
					cat = append(cat, data...)
				}
				if !bytes.Equal(cat, one) {
					t.Errorf("%s, %d shards: the parts concatenated differ from one run: %s", k.name, n, firstDifference(one, cat))
				}
			}
			merged := filepath.Join(tmp, fmt.Sprintf("%s-merged-%d", k.name, n))
			if _, stderr, code := runAsh(t, "", "", append([]string{"merge", "-o", merged}, parts...)...); code != 0 {
				t.Fatalf("merge: exit %d: %s", code, stderr)
			}
			got, err := os.ReadFile(merged)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, one) {
				t.Errorf("%s, %d shards: merged output (%d bytes) differs from one run (%d bytes): %s",
					k.name, n, len(got), len(one), firstDifference(one, got))
			}
		}
	}
}

// TestShardPartInsideLastGame: a part whose range starts inside a file's
// last game holds none of that file's games; the games of the next file
// are still numbered on from all of them (JSON's "game"), as one run
// numbers them. (A part used to number them from the games of the files
// before, as if that file held none.)
func TestShardPartInsideLastGame(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pgn"), filepath.Join(dir, "b.pgn")
	game := func(event, comment string) string {
		return fmt.Sprintf("[Event \"%s\"]\n[Result \"*\"]\n\n1. e4 {%s} e5 *\n\n", event, comment)
	}
	// a's last game is most of the bytes, so that the parts after the
	// first start inside it.
	textA := game("a1", "") + game("a2", "") + game("a3", strings.Repeat("long comment ", 800))
	textB := game("b1", "") + game("b2", "")
	if os.WriteFile(a, []byte(textA), 0o644) != nil || os.WriteFile(b, []byte(textB), 0o644) != nil {
		t.Fatal("cannot write the test's inputs")
	}
	// Three parts: the second and the third start inside a3, and the
	// third holds b's games.
	counts := []int{3}
	if testenv.IsLong() {
		counts = []int{1, 3, 7}
	}
	shardMerge(t, []string{a, b}, counts)
}

// TestShardOneDocument: the outputs that are one document cannot be split.
func TestShardOneDocument(t *testing.T) {
	in := filepath.Join(repoRoot(t), "corpus", "fide", "valid.pgn")
	for _, to := range []string{"json", "svg", "html"} {
		_, stderr, code := runApp(t, "convert", "--to", to, "--shard", "2/3", in)
		if code != 2 || !strings.Contains(stderr, "one document") {
			t.Errorf("convert --to %s --shard 2/3: exit %d, %q; want 2 and a word on why", to, code, stderr)
		}
	}
	if _, stderr, code := runApp(t, "convert", "--to", "json", "--shard", "1/1", in); code == 2 {
		t.Errorf("convert --to json --shard 1/1: exit 2: %s", stderr)
	}
}

// TestMergeSummaryOnlyInJSONLines: a PGN comment line that looks like a
// summary is copied; validate's summary lines are added up.
func TestMergeSummaryOnlyInJSONLines(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "part.pgn")
	text := "[Event \"x\"]\n\n{\"kind\":\"summary\",\"games\":1}\n1. e4 *\n"
	if err := os.WriteFile(pgn, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runApp(t, "merge", pgn, pgn)
	if code != 0 || out != text+text {
		t.Errorf("merge of PGN parts: exit %d (%s), got %q", code, stderr, out)
	}
	in := filepath.Join(repoRoot(t), "corpus", "fide", "valid.pgn")
	one, _, _ := runAsh(t, "", "", "validate", "--format", "jsonl", "--summary", in)
	var parts []string
	for k := 1; k <= 2; k++ {
		p := filepath.Join(dir, fmt.Sprintf("v%d.jsonl", k))
		o, _, _ := runAsh(t, "", "", "validate", "--format", "jsonl", "--summary", "--shard", fmt.Sprintf("%d/2", k), in)
		if err := os.WriteFile(p, []byte(o), 0o644); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, p)
	}
	got, stderr, code := runAsh(t, "", "", append([]string{"merge"}, parts...)...)
	if code != 0 || got != one || strings.Count(got, `"kind":"summary"`) != 1 {
		t.Errorf("merge of validate's parts: exit %d (%s):\n%s\nwant\n%s", code, stderr, got, one)
	}
}

// TestCLIDoesNotNeedBeam: the Beam pipeline is a module of its own
// (pipeline/), so that building the command line never downloads Beam.
func TestCLIDoesNotNeedBeam(t *testing.T) {
	root := repoRoot(t)
	for _, name := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(data, []byte("apache/beam")) {
			t.Errorf("%s names Apache Beam: the command line would download it", name)
		}
	}
	data, err := os.ReadFile(filepath.Join(root, "pipeline", "go.mod"))
	if err != nil || !bytes.Contains(data, []byte("module github.com/ashtapada/ashtapada/pipeline")) {
		t.Errorf("pipeline/go.mod should declare the pipeline's own module (%v)", err)
	}
}

// TestShardFirstGameInLaterPart: a file whose first game starts in part 2
// (a long header comment fills part 1's range) gets no "no game" warning
// from part 1, which holds its first byte but none of its games; a file
// that truly holds no game is still reported, by exactly one part.
func TestShardFirstGameInLaterPart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	header := "{ " + strings.Repeat("a long header comment, not a game; ", 60) + "}\n\n"
	withGame := filepath.Join(dir, "late.pgn")
	if err := os.WriteFile(withGame, []byte(header+validGame), 0o644); err != nil {
		t.Fatal(err)
	}
	noGame := filepath.Join(dir, "comment-only.pgn")
	if err := os.WriteFile(noGame, []byte(header), 0o644); err != nil {
		t.Fatal(err)
	}
	if len(header) <= len(validGame) {
		t.Fatal("the header must be longer than the game, for the game to start in part 2")
	}
	noGames := func(out string) int { return strings.Count(out, `"rule":"no-games"`) }
	for _, n := range []int{2, 3} {
		var all string
		for k := 1; k <= n; k++ {
			out, stderr, code := runAsh(t, "", "", "validate", "--format", "jsonl", "--shard", fmt.Sprintf("%d/%d", k, n), withGame)
			if code != 0 {
				t.Errorf("%s, part %d/%d: exit %d, want 0 (the game is valid): %s%s", withGame, k, n, code, out, stderr)
			}
			if k < n && noGames(out) > 0 {
				t.Errorf("%s, part %d/%d: a no-games warning for a file whose game is in part %d: %s", withGame, k, n, n, out)
			}
			all += out
		}
		if games := strings.Count(all, `{"kind":"game"`); games != 1 || noGames(all) != 0 {
			t.Errorf("%s in %d parts: %d game lines and %d no-games findings, want 1 and 0:\n%s", withGame, n, games, noGames(all), all)
		}
		one, _, _ := runAsh(t, "", "", "validate", "--format", "jsonl", withGame)
		if all != one {
			t.Errorf("%s in %d parts: the parts give\n%s\none run gives\n%s", withGame, n, all, one)
		}
		all = ""
		for k := 1; k <= n; k++ {
			out, _, _ := runAsh(t, "", "", "validate", "--format", "jsonl", "--shard", fmt.Sprintf("%d/%d", k, n), noGame)
			all += out
		}
		if got := noGames(all); got != 1 {
			t.Errorf("%s in %d parts: %d no-games findings, want 1 (as one run):\n%s", noGame, n, got, all)
		}
	}
}

// TestShardMergeHugeRow: a huge game's row, written in a row group of its
// own (gametable.DefaultHugeRowPlies) from its main line read in parts, is
// merged from the parts of a --shard run into the bytes one run writes,
// with ordinary games before and after it.
func TestShardMergeHugeRow(t *testing.T) {
	t.Parallel()
	_, small := shardTestInputs(t)
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.pgn")
	if plies := writeHugeGame(t, huge, 1200_000); plies < gametable.DefaultHugeRowPlies {
		t.Fatalf("the huge game has %d plies, fewer than a row alone needs", plies)
	}
	inputs := []string{small, huge, small}
	one := filepath.Join(dir, "one.parquet")
	if _, stderr, code := runAsh(t, "", "", append([]string{"convert", "--to", "parquet", "-o", one}, inputs...)...); code == 2 {
		t.Fatalf("one run: exit 2: %s", stderr)
	}
	var parts []string
	for i := 1; i <= 3; i++ {
		p := filepath.Join(dir, fmt.Sprintf("part-%d.parquet", i))
		if _, stderr, code := runAsh(t, "", "", append([]string{"convert", "--to", "parquet", "--shard", fmt.Sprintf("%d/3", i), "-o", p}, inputs...)...); code == 2 {
			t.Fatalf("shard %d: exit 2: %s", i, stderr)
		}
		parts = append(parts, p)
	}
	merged := filepath.Join(dir, "merged.parquet")
	if _, stderr, code := runAsh(t, "", "", append([]string{"merge", "-o", merged}, parts...)...); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	want, _ := os.ReadFile(one)
	got, _ := os.ReadFile(merged)
	if len(want) == 0 || !bytes.Equal(got, want) {
		t.Errorf("merged table (%d bytes) differs from one run's (%d bytes): %s", len(got), len(want), firstDifference(want, got))
	}
}

// A --shard that does not read, and standard input among a shard's
// inputs, are refused naming the flag.
func TestShardRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTemp(t, dir, "a.pgn", "1. e4 *\n", 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"validate", "--shard", "0/3", "a.pgn"}, `ashtapada: --shard "0/3": want K/N with 1 <= K <= N, such as 2/8`},
		{[]string{"validate", "--shard", "1/2", "a.pgn", "-"}, "--shard needs files: standard input cannot be shared between processes"},
	} {
		_, stderr, code := runAsh(t, dir, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
}
