package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

var coordFinding = regexp.MustCompile(`(?m)^coord-illegal\.(pgn|lan|uci):(\d+):(\d+): error: (.*) \[([a-z-]+)\]$`)

// TestCoordIllegalMoveGolden: the same illegal move written in PGN, LAN
// and UCI (testdata/coord-illegal.*) gives, from validate and from
// convert, file:line:col, the rule id and the same reason in all three:
// one grammar reads them and one replay judges them.
func TestCoordIllegalMoveGolden(t *testing.T) {
	wantCol := map[string]string{"pgn": "24", "lan": "36", "uci": "21"}
	var reasons []string
	for _, ext := range []string{"pgn", "lan", "uci"} {
		out, errOut, code := runAsh(t, "testdata", "", "validate", "coord-illegal."+ext)
		if code != 1 {
			t.Fatalf("%s: exit %d, want 1\n%s%s", ext, code, out, errOut)
		}
		golden(t, "coord-illegal-"+ext, out)
		m := coordFinding.FindStringSubmatch(out)
		if m == nil || m[1] != ext || m[2] != "9" || m[3] != wantCol[ext] || m[5] != "illegal-move" {
			t.Fatalf("%s: no finding at 9:%s [illegal-move]:\n%s", ext, wantCol[ext], out)
		}
		reasons = append(reasons, m[4])
		if strings.Contains(out, "warning") {
			t.Errorf("%s: a warning about the notation itself:\n%s", ext, out)
		}
		if ext == "pgn" {
			continue
		}
		// convert says the same, and writes the moves before it in SAN.
		conv, convErr, code := runAsh(t, "testdata", "", "convert", "--to", "pgn", "coord-illegal."+ext)
		if code != 1 || !strings.Contains(convErr, m[0]) || !strings.Contains(conv, "1. e4 e5 2. Nf3 Nc6\n{ply 5") {
			t.Errorf("%s: convert: exit %d\n%s\n%s", ext, code, conv, convErr)
		}
	}
	if reasons[0] != reasons[1] || reasons[0] != reasons[2] {
		t.Errorf("the reasons differ: %q", reasons)
	}
}

// TestValidateJSONInput: validate reads every record format of the
// registry; a JSON conversion of a file gives the same findings, at the
// same places, as the file itself.
func TestValidateJSONInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := "../../corpus/rules/illegal-move.pgn"
	js, _, _ := runAsh(t, "", "", "convert", "--to", "jsonl", src)
	path := dir + "/illegal-move.jsonl"
	if err := os.WriteFile(path, []byte(js), 0o644); err != nil {
		t.Fatal(err)
	}
	want, _, codeA := runAsh(t, "", "", "validate", "--format", "jsonl", src)
	got, errOut, codeB := runAsh(t, "", "", "validate", "--format", "jsonl", path)
	if codeA != 1 || codeB != 1 {
		t.Fatalf("exit %d and %d, want 1 and 1: %s", codeA, codeB, errOut)
	}
	got = strings.ReplaceAll(got, path, src)
	if got != want {
		t.Errorf("the JSON input gives other findings:\n--- json\n%s\n--- pgn\n%s", got, want)
	}
}
