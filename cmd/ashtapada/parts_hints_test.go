package main

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
)

// hintCases are records validate --hints judges under other profiles
// (detect.Hinter), with the hint (hinted) or without it, whose other
// replays read a game in parts must read whole: tagged variant games
// that are also chess, one with the tag's Rules; one that is not, for a
// board seen three times across parts; one that is not, for its alfil
// leap in a late part; an untagged game valid only as historical
// profiles, for its alfil leap in a late part, and one valid as none.
var hintCases = map[string]bool{
	"[Variant \"shatranj\"]\n\n1. a3 a6 2. Nf3 Nf6 3. d3 d6 4. Nc3 Nc6 5. e3 e6 6. Nd4 Nd5 *\n":                      true,
	"[Variant \"shatranj\"]\n[Rules \"bare-king=none\"]\n\n1. a3 a6 2. Nf3 Nf6 3. d3 d6 4. Nc3 Nc6 *\n":              true,
	"[Variant \"chaturanga\"]\n\n1. a3 a6 2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nf6 *\n":                                      true,
	"[Variant \"shatranj\"]\n\n1. a3 a6 2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nf6 5. Ng1 Ng8 6. Nf3 Nf6 7. Ng1 Ng8 8. e3 *\n": false,
	"[Variant \"shatranj\"]\n\n1. a3 a6 2. Nf3 Nf6 3. Nc3 Nc6 4. Be3 Be6 *\n":                                        false,
	"1. a3 a6 2. Nf3 Nf6 3. Nc3 Nc6 4. Be3 Be6 *\n":                                                                  true,
	"1. a3 a6 2. Nf3 Nf6 3. Nc3 Nc6 4. Be3 Bf5 *\n":                                                                  false,
}

// TestPartedHintsAgree: validate --hints (and --strict, which makes the
// hint an error) reports a game read in parts, every replay of it under
// another profile reading it again in parts of two nodes (validateStage,
// detect.Hinter.AddParts), byte for byte as it reports it read whole, for
// the hint cases above (which must get the hint or not, as said), the
// cases of TestPartedValidateAgrees and every record file of the corpus,
// the test data and the shared data.
func TestPartedHintsAgree(t *testing.T) {
	dir := t.TempDir()
	files := partedInputs(t, dir, "hints-", true)
	hinted := map[string]bool{}
	k := 0
	for text, want := range hintCases {
		f := writeFile(t, dir, "hint-"+strconv.Itoa(k)+".pgn", text)
		k++
		files = append(files, f)
		hinted[f] = want
	}
	for _, f := range files {
		for _, args := range [][]string{
			{"validate", "--hints", "--format", "jsonl", "--verbose", "--jobs", "1", f},
			{"validate", "--hints", "--strict", "--jobs", "1", f},
		} {
			out := agreeInParts(t, runAppStdio, args...)
			if want, ok := hinted[f]; ok && strings.Contains(out, "also-valid-as") != want {
				t.Errorf("%s: the hint given is %v, want %v:\n%s", strings.Join(args, " "), !want, want, out)
			}
		}
	}
}

// agreeInParts runs args with run (runApp, runAppStdio) on every game
// read whole, then read in parts of two nodes, reports a difference of
// output, errors or exit status, and returns the output read in parts.
func agreeInParts(t *testing.T, run func(*testing.T, ...string) (string, string, int), args ...string) string {
	t.Helper()
	bytes, nodes := grammar.PartedBytes, grammar.PartNodes
	defer func() { grammar.PartedBytes, grammar.PartNodes = bytes, nodes }()
	wantOut, wantErr, wantCode := run(t, args...)
	grammar.PartedBytes, grammar.PartNodes = 0, 2
	out, errs, code := run(t, args...)
	if out != wantOut || errs != wantErr || code != wantCode {
		t.Errorf("%s: read in parts, the output differs (exit %d, whole %d)\n--- parts\n%.3000s\n--- whole\n%.3000s\n--- stderr parts\n%.500s\n--- whole\n%.500s",
			strings.Join(args, " "), code, wantCode, out, wantOut, errs, wantErr)
	}
	return out
}

// runAppStdio is runApp for a command that writes to the process's
// standard output and error (validate), not to the app's writers: both
// are files for the run, read back after it.
func runAppStdio(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	dir := t.TempDir()
	stdout, stderr := os.Stdout, os.Stderr
	defer func() { os.Stdout, os.Stderr = stdout, stderr }()
	var files [2]*os.File
	for i, name := range []string{"stdout", "stderr"} {
		f, err := os.Create(dir + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		files[i] = f
	}
	os.Stdout, os.Stderr = files[0], files[1]
	out, errs, code := runApp(t, args...)
	os.Stdout, os.Stderr = stdout, stderr
	for i, f := range files {
		data, err := os.ReadFile(f.Name())
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			out += string(data)
		} else {
			errs += string(data)
		}
	}
	return out, errs, code
}
