package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shardParts runs args with --shard k/3 for k = 1..3 over a file of 30
// games and writes the parts as dir/NAME-k.EXT, returning their names.
func shardParts(t *testing.T, dir, name, ext string, args ...string) []string {
	t.Helper()
	var games strings.Builder
	for i := range 30 {
		fmt.Fprintf(&games, "[Event \"g%d\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n", i)
	}
	src := writeTemp(t, dir, "games.pgn", games.String(), 0o644)
	var parts []string
	for k := 1; k <= 3; k++ {
		p := fmt.Sprintf("%s-%d.%s", name, k, ext)
		full := append(append([]string{}, args...), "--shard", fmt.Sprintf("%d/3", k), src)
		if ext == "parquet" {
			full = append(full, "-o", filepath.Join(dir, p))
		}
		out, stderr, code := runAsh(t, dir, "", full...)
		if code > 1 {
			t.Fatalf("%v: exit %d: %s", full, code, stderr)
		}
		if ext != "parquet" {
			writeTemp(t, dir, p, out, 0o644)
		}
		parts = append(parts, p)
	}
	return parts
}

// TestMergeRefusesTruncatedPart: a part cut short (a --shard run killed
// while it wrote) is refused by merge, which names it and writes nothing:
// a part of text must end with a new line, a part of validate's JSON lines
// with --summary with its summary line, a table with its footer.
func TestMergeRefusesTruncatedPart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cut := func(parts []string, name string, keep func([]byte) []byte) []string {
		b, err := os.ReadFile(filepath.Join(dir, parts[1]))
		if err != nil {
			t.Fatal(err)
		}
		writeTemp(t, dir, name, string(keep(b)), 0o644)
		return []string{parts[0], name, parts[2]}
	}
	// Cut in the middle of a line (a table: in the middle).
	half := func(b []byte) []byte {
		i := len(b) / 2
		for b[i-1] == '\n' {
			i++
		}
		return b[:i]
	}
	// The summary line lost, the lines before it whole.
	noSummary := func(b []byte) []byte {
		i := bytes.LastIndex(b[:len(b)-1], []byte("\n"))
		return b[:i+1]
	}
	jsonl := shardParts(t, dir, "v", "jsonl", "validate", "--format", "jsonl", "--summary")
	pgn := shardParts(t, dir, "c", "pgn", "convert", "--to", "pgn")
	table := shardParts(t, dir, "p", "parquet", "convert", "--to", "parquet")
	if out, stderr, code := runAsh(t, dir, "", append([]string{"merge"}, jsonl...)...); code != 0 || !strings.Contains(out, `"games":30`) {
		t.Fatalf("merge of whole parts: exit %d (%s):\n%s", code, stderr, out)
	}
	for _, tc := range []struct {
		name  string
		parts []string
		why   string
	}{
		{"jsonl cut in a line", cut(jsonl, "v-cut.jsonl", half), "v-cut.jsonl"},
		{"jsonl without its summary", cut(jsonl, "v-nosum.jsonl", noSummary), "v-nosum.jsonl"},
		{"pgn cut in a line", cut(pgn, "c-cut.pgn", half), "c-cut.pgn"},
		{"parquet cut", cut(table, "p-cut.parquet", half), "p-cut.parquet"},
	} {
		out, stderr, code := runAsh(t, dir, "", append([]string{"merge"}, tc.parts...)...)
		crashed(t, "merge", stderr, code)
		if code != 2 || !strings.Contains(stderr, tc.why) {
			t.Errorf("%s: exit %d, want 2 and an error naming %s:\n%s", tc.name, code, tc.why, stderr)
		}
		if out != "" {
			t.Errorf("%s: merge wrote %d bytes of a merge it refused", tc.name, len(out))
		}
	}
}

// TestOutputThatIsAnInputRefused: a command does not write its output
// over one of its inputs (however the two are named), and merge does not
// join parts of different kinds: exit 2, the input as it was.
func TestOutputThatIsAnInputRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTemp(t, dir, "a.pgn", validGame, 0o644)
	writeTemp(t, dir, "d/b.pgn", illegalGame, 0o644)
	if err := os.Symlink("a.pgn", filepath.Join(dir, "link.pgn")); err != nil {
		t.Fatal(err)
	}
	tableOf(t, dir, "t.parquet", validGame)
	jl, _, _ := runAsh(t, dir, "", "validate", "--format", "jsonl", "--summary", "a.pgn")
	writeTemp(t, dir, "v.jsonl", jl, 0o644)
	inputs := map[string]string{}
	for _, f := range []string{"a.pgn", "d/b.pgn", "t.parquet", "v.jsonl"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		inputs[f] = string(b)
	}
	for _, tc := range []struct {
		args []string
		why  string
	}{
		{[]string{"convert", "--to", "pgn", "-o", "a.pgn", "a.pgn"}, "a.pgn"},
		{[]string{"convert", "--to", "pgn", "-o", "./d/../a.pgn", "a.pgn"}, "a.pgn"},
		{[]string{"convert", "--to", "pgn", "-o", "link.pgn", "a.pgn"}, "a.pgn"},
		{[]string{"convert", "--to", "parquet", "-o", "d/b.pgn", "a.pgn", "d"}, "b.pgn"},
		{[]string{"convert", "--to", "pgn", "-o", "t.parquet", "t.parquet"}, "t.parquet"},
		{[]string{"merge", "-o", "v.jsonl", "v.jsonl", "v.jsonl"}, "v.jsonl"},
		{[]string{"merge", "-o", "t.parquet", "t.parquet"}, "t.parquet"},
		{[]string{"validate", "--write-baseline", "a.pgn", "a.pgn"}, "a.pgn"},
		{[]string{"validate", "--write-baseline", "d/b.pgn", "d"}, "b.pgn"},
		{[]string{"show", "--svg", "a.pgn", "a.pgn"}, "a.pgn"},
		{[]string{"merge", "v.jsonl", "t.parquet"}, "t.parquet"},
		{[]string{"merge", "t.parquet", "v.jsonl"}, "v.jsonl"},
		{[]string{"merge", "v.jsonl", "a.pgn"}, "a.pgn"},
	} {
		what := strings.Join(tc.args, " ")
		out, stderr, code := runAsh(t, dir, "", tc.args...)
		crashed(t, what, stderr, code)
		if code != 2 || !strings.Contains(stderr, tc.why) {
			t.Errorf("%s: exit %d, want 2 and an error naming %s:\n%s", what, code, tc.why, stderr)
		}
		if tc.args[0] == "merge" && out != "" {
			t.Errorf("%s: wrote %d bytes", what, len(out))
		}
		for f, want := range inputs {
			if b, err := os.ReadFile(filepath.Join(dir, f)); err != nil || string(b) != want {
				t.Fatalf("%s: %s changed (%v)", what, f, err)
			}
		}
	}
}
