package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestParseShard(t *testing.T) {
	for _, bad := range []string{"", "0/3", "4/3", "1/0", "a/b", "2", "-1/2"} {
		if _, err := parseShard(bad); err == nil {
			t.Errorf("parseShard(%q) accepted", bad)
		}
	}
	if sh, err := parseShard("3/7"); err != nil || sh != (shardSpec{k: 2, n: 7}) {
		t.Errorf("parseShard(3/7) = %v, %v", sh, err)
	}
}

// shardInputs are the test's inputs: the corpus files (several files, and
// a compressed one made here, which goes to one shard whole) and, when the
// shared data is there, corpus-1k (one large file cut into game ranges).
func shardTestInputs(t *testing.T) []string {
	root := repoRoot(t)
	files := recordFilesUnder(t, filepath.Join(root, "corpus"))
	if big := filepath.Join(root, "..", "shared", "data", "fide", "corpus-1k.pgn"); fileExists(big) {
		files = append(files, big)
	} else {
		t.Logf("shared data absent: sharding the corpus files only")
	}
	return files
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// TestShardMerge: for N = 1, 3, 7 the parts of validate and convert,
// joined by merge, are byte for byte what one run writes.
func TestShardMerge(t *testing.T) {
	inputs := shardTestInputs(t)
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
		for _, n := range []int{1, 3, 7} {
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
