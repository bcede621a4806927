package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/ashtapada/ashtapada/compare"
	"github.com/ashtapada/ashtapada/internal/testenv"
)

// TestPipelineCommandsDeterministic: every command on the shared run
// (package batch) gives the same standard output, standard error and exit
// status for every --jobs, on the built binary. Inputs: a thousand FIDE
// games where the shared data has them (the curated corpus otherwise),
// a missing file and an unreadable one between readable ones, so that
// tool errors must come out at their place in the input order too.
func TestPipelineCommandsDeterministic(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	fide := filepath.Join(testenv.SharedPath(), "data", "fide", "corpus-1k.pgn")
	if !fileExists(fide) || !testenv.IsLong() {
		t.Log("fast tier, or the FIDE games of the external data absent: the curated corpus only")
		fide = filepath.Join(root, "corpus", "fide", "fsf-selfplay.pgn")
	}
	dir := t.TempDir()
	binary := filepath.Join(dir, "archive.pgn")
	// A zip archive: unreadable, reported at its place (exit 2).
	if err := os.WriteFile(binary, []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "no-such-file.pgn")
	cases := [][]string{
		{"validate", "--format", "jsonl", fide, missing, "corpus/shatranj", binary, "corpus/rules"},
		{"validate", "--format", "text", "--quiet", "corpus", binary, fide},
		{"convert", "--to", "uci", "corpus/andhra", fide},
		{"detect", "--format", "jsonl", "--no-evidence", "corpus/chaturanga", missing, "corpus/andhra", binary, "corpus/rules"},
		{"diff", "--format", "json", "--rules", "chaturanga", fide},
		{"diff", "--rules", "fide", "--against", "shatranj", fide},
	}
	for _, args := range cases {
		t.Run(args[0]+"/"+args[len(args)-1][len(filepath.Dir(args[len(args)-1]))+1:], func(t *testing.T) {
			var first, firstErr []byte
			firstCode := -1
			for _, jobs := range []int{1, 2, 3} {
				a := append([]string{args[0], "--jobs", strconv.Itoa(jobs)}, args[1:]...)
				out, errb, code := runAshDigest(t, root, true, a...)
				if code > 2 {
					t.Fatalf("--jobs %d: exit %d\n%s", jobs, code, errb)
				}
				if first == nil {
					first, firstErr, firstCode = out, errb, code
					if len(errb) == 0 && (args[0] == "validate" || args[0] == "detect") {
						t.Fatalf("--jobs 1: no message for the missing and unreadable inputs")
					}
					continue
				}
				if string(out) != string(first) {
					t.Errorf("--jobs %d: output differs from --jobs 1 (%x against %x)", jobs, out, first)
				}
				if string(errb) != string(firstErr) {
					t.Errorf("--jobs %d: standard error differs from --jobs 1:\n%s\n--- against ---\n%s", jobs, errb, firstErr)
				}
				if code != firstCode {
					t.Errorf("--jobs %d: exit %d, --jobs 1: %d", jobs, code, firstCode)
				}
			}
		})
	}
}

// TestDiffJSONStreamed: diff writes its JSON entries as they come; the
// array must be byte for byte what encoding/json writes for the whole
// array at once (as diff did when it held every entry), with many entries
// and with none.
func TestDiffJSONStreamed(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	for _, args := range [][]string{
		{"diff", "--format", "json", "--rules", "chaturanga", "corpus/fide/valid.pgn"},
		{"diff", "--format", "json", "--rules", "fide", "corpus/fide/valid.pgn"},
		{"diff", "--format", "json", "cmd/ashtapada/testdata/diff-a.pgn", "cmd/ashtapada/testdata/diff-b.pgn"},
	} {
		out, errOut, code := runAsh(t, root, "", args...)
		if code > 1 {
			t.Fatalf("%v: exit %d\n%s", args, code, errOut)
		}
		var entries []compare.Entry
		if err := json.Unmarshal([]byte(out), &entries); err != nil {
			t.Fatalf("%v: not JSON: %v\n%s", args, err, out)
		}
		if (code == 1) != (len(entries) > 0) {
			t.Errorf("%v: exit %d with %d entries", args, code, len(entries))
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if entries == nil {
			entries = []compare.Entry{}
		}
		if err := enc.Encode(entries); err != nil {
			t.Fatal(err)
		}
		if out != want.String() {
			t.Errorf("%v: the streamed array differs from the whole array encoded at once:\n%s", args, firstDifference([]byte(out), want.Bytes()))
		}
	}
}
