package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// pastEndGames are variations that play on after an end the rules declare
// while the men could still move: a dead position, the 75-move rule, a
// fivefold repetition (counted from the variation's branch point), a bare
// king under shatranj. The main lines are sound.
const pastEndGames = `[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4p3/3BK3 w - - 0 1"]

1. Kf2 (1. Bxe2 Kd7 2. Bd3) 1... Kd7 *

[Result "*"]
[SetUp "1"]
[FEN "7k/p7/8/8/8/8/8/R5K1 w - - 149 100"]

100. Rxa7 (100. Rb1 Kg7 101. Rb2) 100... Kg8 *

[Result "*"]

1. e4 (1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4) 1... e5 *

[Result "*"]
[Variant "shatranj"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/3p4/8/3RK3 w - - 0 1"]

1. Kf2 (1. Rxd3 Ke7 2. Rd4) 1... Kd7 *
`

// TestVariationPastEndOnBinary: such variations are warnings that name the
// end, so validate exits 0 (1 under --strict); an illegal move in a
// variation, and a move after the end in the main line, still exit 1.
func TestVariationPastEndOnBinary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	past := write("past.pgn", pastEndGames)
	out, stderr, code := runBinary(t, "validate", "--summary", "--ignore", "missing-tag", past)
	if code != 0 {
		t.Fatalf("exit %d, want 0:\n%s%s", code, out, stderr)
	}
	for _, want := range []string{"by dead position", "by the move rule", "by repetition", "by bare king",
		"summary: 4 games, 4 valid, 0 invalid; 0 errors, 4 warnings"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report does not say %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "this variation plays on past that end (analysis, not the game) [move-after-end]"); n != 4 {
		t.Errorf("%d move-after-end warnings, want 4:\n%s", n, out)
	}
	if _, _, code := runBinary(t, "validate", "--strict", "--ignore", "missing-tag", past); code != 1 {
		t.Errorf("--strict: exit %d, want 1", code)
	}
	// --ignore move-after-end hides the variations' warnings, so --strict
	// passes; a move after the main line's end stays an error (below).
	out, stderr, code = runBinary(t, "validate", "--strict", "--summary", "--ignore", "missing-tag,move-after-end", past)
	if code != 0 || strings.Contains(out, "move-after-end") || !strings.Contains(out, "0 errors, 0 warnings") {
		t.Errorf("--strict --ignore move-after-end: exit %d, want 0 and no warning:\n%s%s", code, out, stderr)
	}
	for name, text := range map[string]string{
		"illegal.pgn":   "[Result \"*\"]\n\n1. e4 (1. e5) 1... e5 *\n",
		"mainline.pgn":  "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4p3/3BK3 w - - 0 1\"]\n\n1. Bxe2 Kd7 *\n",
		"aftermate.pgn": "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# (4. Qxf7# Ke7) 1-0\n",
	} {
		for _, args := range [][]string{{"validate"}, {"validate", "--ignore", "move-after-end"}} {
			out, stderr, code := runBinary(t, append(args, write(name, text))...)
			if code != 1 || !strings.Contains(out, ": error: ") {
				t.Errorf("%s %q: exit %d, want 1 with an error:\n%s%s", name, args, code, out, stderr)
			}
		}
	}
}

// TestFIDECorpusVariationsPastEnd: the chess corpus of the external data
// has variations that play on past a dead position; they are warnings, and
// every game is valid.
func TestFIDECorpusVariationsPastEnd(t *testing.T) {
	t.Parallel()
	name := "corpus-10k.pgn"
	if testenv.IsLong() {
		name = "corpus-100k.pgn.xz"
	}
	path := filepath.Join(testenv.SharedDir(t, "data", "fide"), name)
	out, stderr, code := runBinary(t, "validate", "--quiet", "--summary", "--format", "jsonl", path)
	if code != 0 {
		t.Fatalf("exit %d, want 0:\n%s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var sum struct {
		Games, Invalid, Errors int
		Rules                  map[string]int
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil {
		t.Fatalf("summary: %v\n%s", err, lines[len(lines)-1])
	}
	if sum.Games < 10000 || sum.Invalid != 0 || sum.Errors != 0 || sum.Rules["move-after-end"] == 0 {
		t.Errorf("summary %+v: want every game valid, and move-after-end warnings", sum)
	}
}
