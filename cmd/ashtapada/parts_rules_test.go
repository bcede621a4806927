package main

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
)

// TestPartedRuleSetsAgree: diff --rules X --against Y of a game read in
// parts (each part walked under both rule sets, walkParts, and the move
// as written at the entry's ply read again in parts, writtenParts)
// reports what it reports of the game read whole, byte for byte, in text
// and JSON, for pairs of rule sets that part at different plies (a
// repetition ended at ply 8 or 16, a move rule at ply 100 or 140, each
// in another part of two nodes than the ply before), on the cases of
// TestPartedValidateAgrees, every record file of the corpus and the test
// data, and generated games of many parts. The entries of the generated
// games are checked to be there: the sides disagree at the plies said.
func TestPartedRuleSetsAgree(t *testing.T) {
	dir := t.TempDir()
	files := partedInputs(t, dir, "rules-", false)
	game, lateBad, earlyBad, _, _ := shuffleGames(t, dir)
	files = append(files, game, lateBad, earlyBad)
	sets := [][]string{
		{"--rules", "shatranj", "--against", "fide"},
		{"--rules", "fide", "--against", "chaturanga-gollon"},
		{"--rules", "chaturanga-gollon", "--set", "move-rule=50", "--against", "chaturanga-gollon"},
		{"--rules", "chaturanga-gollon", "--against", "fide", "--against-set", "repetition=off", "--against-set", "move-rule=70"},
		{"--rules", "fide", "--against-set", "stalemate=loss"},
	}
	// The plies where the generated game's rule sets disagree.
	wantPly := []string{"ply 9", "ply 17", "ply 101", "ply 141", ""}
	bytes, nodes := grammar.PartedBytes, grammar.PartNodes
	defer func() { grammar.PartedBytes, grammar.PartNodes = bytes, nodes }()
	for _, f := range files {
		for k, set := range sets {
			for _, format := range []string{"text", "json"} {
				args := append(append([]string{"diff", "--format", format, "--jobs", "1"}, set...), f)
				grammar.PartedBytes, grammar.PartNodes = bytes, nodes
				wantOut, wantErr, wantCode := runApp(t, args...)
				grammar.PartedBytes, grammar.PartNodes = 0, 2
				out, errs, code := runApp(t, args...)
				if out != wantOut || errs != wantErr || code != wantCode {
					t.Errorf("%s: read in parts, the output differs (exit %d, whole %d)\n--- parts\n%.3000s\n--- whole\n%.3000s\n--- stderr parts\n%.500s\n--- whole\n%.500s",
						strings.Join(args, " "), code, wantCode, out, wantOut, errs, wantErr)
				}
				if f == game && format == "text" && wantPly[k] != "" && !strings.Contains(out, "first difference at "+wantPly[k]+"\n") {
					t.Errorf("%s: want a difference at %s:\n%s", strings.Join(args, " "), wantPly[k], out)
				}
			}
		}
	}
}
