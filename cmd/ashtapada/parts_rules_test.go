package main

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// TestPartedRuleSetsAgree: diff --rules X --against Y of a game read in
// parts (compare.RuleSetsOver: each part walked under both rule sets,
// and the move as written at the entry's ply read again in parts)
// reports what it reports of the game read whole, byte for byte, in text
// and JSON, for pairs of rule sets that part at different plies (a
// repetition ended at ply 8 or 16, a move rule at ply 100 or 140, each
// in another part of two nodes than the ply before), on the cases of
// TestPartedValidateAgrees, every record file of the corpus and the test
// data, and generated games of many parts. The entries of the generated
// games are checked to be there: the sides disagree at the plies said.
func TestPartedRuleSetsAgree(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := sparse(partedInputs(t, dir, "rules-", false))
	game, lateBad, earlyBad, _, _ := shuffleGames(t, dir)
	files = append(files, lateBad, earlyBad)
	sets := [][]string{
		{"--rules", "shatranj", "--against", "fide"},
		{"--rules", "fide", "--against", "chaturanga-gollon"},
		{"--rules", "chaturanga-gollon", "--set", "move-rule=50", "--against", "chaturanga-gollon"},
		{"--rules", "chaturanga-gollon", "--against", "fide", "--against-set", "repetition=off", "--against-set", "move-rule=70"},
		{"--rules", "fide", "--against-set", "stalemate=loss"},
	}
	// The plies where the generated game's rule sets disagree.
	wantPly := []string{"ply 9", "ply 17", "ply 101", "ply 141", ""}
	// diff --rules takes one file: a run per file and rule set.
	files = append(files, game)
	inParallel(t, files, func(t *testing.T, i int, f string) {
		for k, set := range sets {
			if k > 0 && f != game && !testenv.IsLong() && (i >= len(partedCases) || k != 1+i%(len(sets)-1)) {
				// The fast tier: every set on the generated game; on
				// each case the first and one other, in turn (each set
				// on three cases at least); the first on the files.
				continue
			}
			for _, format := range []string{"text", "json"} {
				if format == "json" && k > 0 && !testenv.IsLong() {
					continue // the fast tier: JSON under the first set
				}
				args := append(append([]string{"diff", "--format", format, "--jobs", "1"}, set...), f)
				out := agreeInParts(t, args...)
				if f == game && format == "text" && wantPly[k] != "" && !strings.Contains(out, "first difference at "+wantPly[k]+"\n") {
					t.Errorf("%s: want a difference at %s:\n%s", strings.Join(args, " "), wantPly[k], out)
				}
			}
		}
	})
}

// TestPartedAsReadAgrees: diff --rules X of a game read in parts (read
// again in parts for each look at its moves, compare.AsRead, its
// diff written to a temporary file and joined to its entry when too long
// to hold) reports what it reports of the game read whole, byte for byte,
// in text and JSON: for the cases of TestPartedValidateAgrees, every
// record file of the corpus and the test data, and generated games of
// 10,000 moves (a diff of 20,000 lines, the most formats diffs line by
// line) and of 10,001 (every move removed and added), read as written or
// not from their first ply (UCI), from an illegal move (a repetition or
// a move rule ends the game), or from a late wrong check mark, after the
// first illegal move or before it.
func TestPartedAsReadAgrees(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := sparse(partedInputs(t, dir, "asread-", false))
	sets := [][]string{
		{"--rules", "fide"},
		{"--rules", "chaturanga-gollon"},
		{"--rules", "chaturanga-gollon", "--set", "move-rule=50"},
	}
	// diff --rules takes one file: a run per file and rule set.
	inParallel(t, files, func(t *testing.T, i int, f string) {
		for k, set := range sets {
			if k > 0 && !testenv.IsLong() && (i >= len(partedCases) || k != 1+i%(len(sets)-1)) {
				// The fast tier: on each case the first set and one
				// other, in turn; the first on the files.
				continue
			}
			for _, format := range []string{"text", "json"} {
				if format == "json" && k > 0 && !testenv.IsLong() {
					continue // the fast tier: JSON under the first set
				}
				partsAgree(t, append(append([]string{"diff", "--format", format, "--jobs", "1"}, set...), f)...)
			}
		}
	})
	files = nil
	// The long games: their minimal diffs cost seconds each, and JSON is
	// checked on one of them.
	long := map[string]bool{}
	for _, g := range []struct {
		n    int
		form string
	}{{10_000, "san"}, {10_001, "san"}, {10_001, "uci"}, {10_001, "check"}} {
		if g.n == 10_000 && !testenv.IsLong() {
			continue // the diff of 20,000 lines: the long tier
		}
		f := writeFile(t, dir, fmt.Sprintf("shuffle-%d-%s.pgn", g.n, g.form), shuffleText(g.n, g.form))
		files = append(files, f)
		long[f] = g.n != 10_001 || g.form != "san"
	}
	var wholeDiffs atomic.Int64
	inParallel(t, files, func(t *testing.T, _ int, f string) {
		for _, set := range sets {
			for _, format := range []string{"text", "json"} {
				if format == "json" && long[f] {
					continue
				}
				args := append(append([]string{"diff", "--format", format, "--jobs", "1"}, set...), f)
				out := agreeInParts(t, args...)
				if strings.Contains(out, "@@ -1,10001 +1,10001 @@") {
					wholeDiffs.Add(1)
				}
			}
		}
	})
	// The diffs of 10,001 moves that show every move removed and added:
	// under fide (from ply 17) and the move rule (ply 101), each form (the
	// SAN one in JSON too); as written (chaturanga-gollon), the UCI and
	// check-mark forms.
	if want := int64(2*(3+1) + 2); wholeDiffs.Load() != want {
		t.Errorf("%d diffs of every move removed and added, want %d", wholeDiffs.Load(), want)
	}
}

// shuffleText is a game of knights shuffling for n plies under
// chaturanga-gollon: in SAN, in UCI, or in SAN with a wrong check mark at
// ply n-100 (form "check").
func shuffleText(n int, form string) string {
	var sb strings.Builder
	sb.WriteString("[Event \"shuffle\"]\n[Variant \"chaturanga-gollon\"]\n\n")
	san := [4]string{"Nf3", "Nf6", "Ng1", "Ng8"}
	uci := [4]string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for p := 0; p < n; p++ {
		if p%2 == 0 {
			fmt.Fprintf(&sb, "%d. ", p/2+1)
		}
		m := san[p%4]
		if form == "uci" {
			m = uci[p%4]
		}
		if form == "check" && p == n-100 {
			m += "+"
		}
		sb.WriteString(m)
		if p%16 == 15 {
			sb.WriteByte('\n')
		} else {
			sb.WriteByte(' ')
		}
	}
	sb.WriteString("*\n")
	return sb.String()
}
