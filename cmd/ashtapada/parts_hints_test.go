package main

import (
	"strconv"
	"strings"
	"testing"
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
// another profile reading it again in parts of two nodes (batch.Validate,
// detect.Hinter.Add of its source), byte for byte as it reports it read whole, for
// the hint cases above (which must get the hint or not, as said), the
// cases of TestPartedValidateAgrees and every record file of the corpus,
// the test data and the shared data.
func TestPartedHintsAgree(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := partedInputs(t, dir, "hints-", true)
	agreeOver(t, files,
		[]string{"validate", "--hints", "--format", "jsonl", "--verbose", "--jobs", "1"},
		[]string{"validate", "--hints", "--strict", "--jobs", "1"})
	// The hint cases one by one: each gets the hint or not, as said.
	k := 0
	hinted := map[string]bool{}
	var cases []string
	for text, want := range hintCases {
		f := writeFile(t, dir, "hint-"+strconv.Itoa(k)+".pgn", text)
		k++
		cases = append(cases, f)
		hinted[f] = want
	}
	inParallel(t, cases, func(t *testing.T, _ int, f string) {
		for _, args := range [][]string{
			{"validate", "--hints", "--format", "jsonl", "--verbose", "--jobs", "1", f},
			{"validate", "--hints", "--strict", "--jobs", "1", f},
		} {
			out := agreeInParts(t, args...)
			if want := hinted[f]; strings.Contains(out, "also-valid-as") != want {
				t.Errorf("%s: the hint given is %v, want %v:\n%s", strings.Join(args, " "), !want, want, out)
			}
		}
	})
}
