package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// TestValidateDeterministic: the report is byte-identical whatever the
// number of workers and from one run to the next, on the curated corpus and
// on the malformed-input corpus, in the text and jsonl formats. Games are
// parsed and replayed in parallel but written in input order; a difference
// here means a result depends on scheduling (a shared buffer, a map
// iterated in random order, a finding sorted unstably).
func TestValidateDeterministic(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	for _, dir := range []string{"corpus", filepath.Join("testdata", "malformed")} {
		for _, format := range []string{"jsonl", "text"} {
			t.Run(filepath.Base(dir)+"/"+format, func(t *testing.T) {
				var first []byte
				var firstJobs int
				for _, jobs := range []int{1, 2, 4, 4, 2} {
					cmd := exec.Command(ashBinary, "validate", "--format", format, "--summary", "--variations",
						"--jobs", strconv.Itoa(jobs), dir)
					cmd.Dir = root
					var out, errb bytes.Buffer
					cmd.Stdout, cmd.Stderr = &out, &errb
					err := cmd.Run()
					if ee, ok := err.(*exec.ExitError); ok {
						if ee.ExitCode() > 1 {
							t.Fatalf("--jobs %d: exit %d\n%s", jobs, ee.ExitCode(), errb.String())
						}
					} else if err != nil {
						t.Fatal(err)
					}
					if out.Len() == 0 {
						t.Fatalf("--jobs %d: no output", jobs)
					}
					if first == nil {
						first, firstJobs = out.Bytes(), jobs
						continue
					}
					if !bytes.Equal(first, out.Bytes()) {
						t.Fatalf("--jobs %d and --jobs %d give different reports:\n%s", firstJobs, jobs, firstDifference(first, out.Bytes()))
					}
				}
			})
		}
	}
}

// firstDifference shows the first line where a and b differ.
func firstDifference(a, b []byte) string {
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := 0; i < len(la) && i < len(lb); i++ {
		if !bytes.Equal(la[i], lb[i]) {
			return "line " + strconv.Itoa(i+1) + ":\n< " + string(la[i]) + "\n> " + string(lb[i])
		}
	}
	return "one report is a prefix of the other (" + strconv.Itoa(len(la)) + " and " + strconv.Itoa(len(lb)) + " lines)"
}
