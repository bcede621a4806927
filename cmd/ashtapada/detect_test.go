package main

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/rules"
)

// TestDetectExitStatus: 0 when every game fits a profile, 1 when one fits
// none, 2 when the tool could not do its job.
func TestDetectExitStatus(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	out, errOut, code := runAsh(t, root, "", "detect", "corpus/chaturanga/showcase.pgn")
	if code != 0 {
		t.Errorf("showcase: exit %d, want 0\n%s%s", code, out, errOut)
	}
	if !strings.Contains(out, "game 1: fits chaturanga") || !strings.Contains(out, "total: 12 games") {
		t.Errorf("showcase: unexpected report:\n%s", out)
	}
	// A king that steps two squares is no move of any profile.
	out, _, code = runAsh(t, "", "1. e3 e6 2. Ke3 *\n", "detect", "-")
	if code != 1 {
		t.Errorf("a game that fits nothing: exit %d, want 1\n%s", code, out)
	}
	if !strings.Contains(out, "fits no profile") || !strings.Contains(out, "2. Ke3") {
		t.Errorf("a game that fits nothing: unexpected report:\n%s", out)
	}
	if _, errOut, code = runAsh(t, "", "", "detect", "no-such-file.pgn"); code != 2 || !strings.Contains(errOut, "no-such-file.pgn") {
		t.Errorf("missing file: exit %d, stderr %q; want 2 and the file named", code, errOut)
	}
	if _, errOut, code = runAsh(t, "", "", "detect", "--format", "xml", "-"); code != 2 || !strings.Contains(errOut, "xml") {
		t.Errorf("bad format: exit %d, stderr %q; want 2", code, errOut)
	}
}

// TestDetectJSONL: every line is JSON, games in input order, a file line
// after each file and a summary at the end; --format json is one document
// with the same games.
func TestDetectJSONL(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	files := []string{"corpus/shatranj/showcase.pgn", "corpus/andhra/valid.pgn"}
	out, errOut, code := runAsh(t, root, "", append([]string{"detect", "--format", "jsonl", "--jobs", "2"}, files...)...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	var kinds []string
	var games []map[string]any
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var line map[string]any
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, sc.Text())
		}
		kinds = append(kinds, line["kind"].(string))
		if line["kind"] == "game" {
			games = append(games, line)
		}
	}
	if len(kinds) < 4 || kinds[len(kinds)-1] != "summary" {
		t.Fatalf("kinds %v", kinds)
	}
	prevFile, prevGame := "", 0.0
	for _, g := range games {
		f, n := g["file"].(string), g["game"].(float64)
		if f == prevFile && n != prevGame+1 || f != prevFile && n != 1 {
			t.Errorf("games out of order: %s %v after %s %v", f, n, prevFile, prevGame)
		}
		prevFile, prevGame = f, n
	}
	doc, _, code := runAsh(t, root, "", append([]string{"detect", "--format", "json"}, files...)...)
	var d struct {
		Games []map[string]any `json:"games"`
		Files []map[string]any `json:"files"`
	}
	if err := json.Unmarshal([]byte(doc), &d); err != nil || code != 0 {
		t.Fatalf("json: exit %d, %v", code, err)
	}
	if len(d.Games) != len(games) || len(d.Files) != len(files) {
		t.Errorf("json: %d games, %d files; jsonl: %d games, %d files given", len(d.Games), len(d.Files), len(games), len(files))
	}
}

// TestDetectAgreesWithValidate: a profile detect finds valid for a game is
// one `validate --rules` finds valid, and the other way round (both come
// from replay; this proves the wiring keeps it so).
func TestDetectAgreesWithValidate(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	file := "corpus/hindustani/showcase.pgn"
	out, _, _ := runAsh(t, root, "", "detect", "--format", "jsonl", "--no-evidence", file)
	valid := map[string]map[float64]bool{}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var g struct {
			Kind     string  `json:"kind"`
			Game     float64 `json:"game"`
			Profiles []struct {
				Profile string `json:"profile"`
				Valid   bool   `json:"valid"`
			} `json:"profiles"`
		}
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		for _, p := range g.Profiles {
			if valid[p.Profile] == nil {
				valid[p.Profile] = map[float64]bool{}
			}
			valid[p.Profile][g.Game] = p.Valid
		}
	}
	for _, p := range rules.Profiles() {
		vout, _, _ := runAsh(t, root, "", "validate", "--format", "jsonl", "--rules", p.Name, file)
		sc := bufio.NewScanner(strings.NewReader(vout))
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		n := 0
		for sc.Scan() {
			var g struct {
				Kind  string  `json:"kind"`
				Game  float64 `json:"game"`
				Valid bool    `json:"valid"`
			}
			if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
				t.Fatal(err)
			}
			if g.Kind != "game" {
				continue
			}
			n++
			if got, ok := valid[p.Name][g.Game]; !ok || got != g.Valid {
				t.Errorf("%s game %v under %s: validate says valid=%v, detect %v (known %v)", file, g.Game, p.Name, g.Valid, got, ok)
			}
		}
		if n == 0 {
			t.Errorf("validate --rules %s reported no game", p.Name)
		}
	}
}

// TestValidateHints: also-valid-as only with --hints.
func TestValidateHints(t *testing.T) {
	t.Parallel()
	rec := "[Variant \"shatranj\"]\n\n1. e3 e6 2. Nf3 Nc6 *\n"
	out, _, code := runAsh(t, "", rec, "validate", "-")
	if strings.Contains(out, "also-valid-as") || code != 0 {
		t.Errorf("without --hints: exit %d\n%s", code, out)
	}
	out, _, code = runAsh(t, "", rec, "validate", "--hints", "-")
	if !strings.Contains(out, "[also-valid-as]") || code != 0 {
		t.Errorf("with --hints: exit %d, want 0 and the warning\n%s", code, out)
	}
	out, _, code = runAsh(t, "", rec, "validate", "--hints", "--strict", "-")
	if !strings.Contains(out, "error:") || code != 1 {
		t.Errorf("with --hints --strict: exit %d, want 1\n%s", code, out)
	}
}

// TestDetectMalformed: the malformed-input corpus is read without an
// internal error; every game gets a verdict (exit 1: some fit nothing).
func TestDetectMalformed(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	out, errOut, code := runAsh(t, root, "", "detect", "--format", "jsonl", "testdata/malformed")
	if code != 1 || strings.Contains(errOut, "internal error") {
		t.Fatalf("exit %d, want 1\n%s", code, errOut)
	}
	if !strings.Contains(out, `"kind":"summary"`) {
		t.Errorf("no summary line")
	}
}

// TestDetectRulesFile: a profile of the user's is one more candidate.
func TestDetectRulesFile(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	file := "rules/testdata/profiles/chaturanga-dabbaba.toml"
	out, errOut, code := runAsh(t, root, "", "detect", "--rules-file", file, "corpus/chaturanga/showcase.pgn")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if !strings.Contains(out, "game 3: fits chaturanga-dabbaba") {
		t.Errorf("the dabbaba game does not fit the user's profile:\n%s", out)
	}
	out, _, code = runAsh(t, root, "", "detect", "--verbose", "--rules", "shatranj", "--set", "stalemate=draw", "corpus/shatranj/showcase.pgn")
	if strings.Contains(out, "  fide:") || !strings.Contains(out, "  shatranj:") {
		t.Errorf("--rules shatranj: other candidates tried, or not shatranj:\n%s", out)
	}
	if !strings.Contains(out, "game 2: fits no profile") || code != 0 {
		// The stalemater's win needs stalemate=stalemater-wins: the fix.
		t.Errorf("--set stalemate=draw: game 2 should need a fix (exit %d):\n%s", code, out)
	}
	if _, errOut, code = runAsh(t, root, "", "detect", "--rules-file", "rules/testdata/profiles/broken/syntax.toml", "corpus/chaturanga/showcase.pgn"); code != 2 {
		t.Errorf("broken profile file: exit %d, want 2\n%s", code, errOut)
	}
}

// TestDetectDeterministic: the report does not depend on --jobs.
func TestDetectDeterministic(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	one, _, c1 := runAsh(t, root, "", "detect", "--format", "jsonl", "--jobs", "1", "corpus/andhra", "corpus/rules/illegal-move.pgn")
	two, _, c2 := runAsh(t, root, "", "detect", "--format", "jsonl", "--jobs", "3", "corpus/andhra", "corpus/rules/illegal-move.pgn")
	if one != two || c1 != c2 {
		t.Errorf("--jobs 1 and --jobs 3 differ (exit %d, %d)", c1, c2)
	}
}

// --max-replays bounds each profile's whole fix search, the smallest
// subsets of a natural fix included, at any --max-changes; the report
// says where the bound cut a search short.
func TestDetectMaxReplaysBound(t *testing.T) {
	t.Parallel()
	const game = "[Variant \"chaturanga\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *\n"
	for _, changes := range []string{"3", "7"} {
		args := []string{"detect", "--all-fixes", "--max-replays", "1", "--max-changes", changes}
		out, stderr, code := runAsh(t, "", game, append(args, "--format", "json", "-")...)
		var report struct {
			Games []struct {
				Profiles []struct {
					Profile    string
					FixNote    string `json:"fix_note"`
					Valid      bool
					FixReplays *int `json:"fix_replays"`
				}
			}
		}
		if err := json.Unmarshal([]byte(out), &report); err != nil || len(report.Games) != 1 || code != 0 {
			t.Fatalf("%v: exit %d, %v\n%s\n%s", args, code, err, out, stderr)
		}
		for _, pr := range report.Games[0].Profiles {
			if pr.Valid || strings.Contains(pr.FixNote, "settings differ from") {
				continue // fits, or stopped by --max-changes before any search
			}
			if pr.FixReplays == nil || *pr.FixReplays != 1 || !strings.Contains(pr.FixNote, "a smaller fix may exist") {
				t.Errorf("%v: %s: fix_replays %v, note %q; want 1 and the note of the bound", args, pr.Profile, pr.FixReplays, pr.FixNote)
			}
		}
		text, _, _ := runAsh(t, "", game, append(args, "-")...)
		if !strings.Contains(text, "the search stopped at the bound of 1 replays") {
			t.Errorf("%v: the text report does not say the bound cut the search\n%s", args, text)
		}
	}
}

// TestDetectOneLinePerGame: the text report is one line per game (with the
// profiles it fits, its fix, the settings decided and the moves deciding
// them), then each file's summary and the total; --verbose adds each
// profile's verdict and evidence under the game's line; --hints flags a
// game whose Variant tag names a profile it does not fit when it fits
// another, and no other.
func TestDetectOneLinePerGame(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	files := []string{"corpus/shatranj/showcase.pgn", "corpus/chaturanga/fsf-selfplay.pgn"}
	jsonl, _, _ := runAsh(t, root, "", append([]string{"detect", "--format", "jsonl"}, files...)...)
	games := strings.Count(jsonl, `"kind":"game"`)
	out, stderr, code := runAsh(t, root, "", append([]string{"detect"}, files...)...)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) != games+len(files)+1 {
		t.Fatalf("exit %d, %d lines for %d games in %d files, want one a game, one a file and the total\n%s%s", code, len(lines), games, len(files), out, stderr)
	}
	if !strings.Contains(out, "game 1: fits shatranj; as shatranj, decided by setup=shatranj at 2. Qf2, elephant=alfil at 3. Bh3\n") {
		t.Errorf("the showcase's first game does not name the moves deciding its settings:\n%s", out)
	}
	if strings.Contains(out, "hint:") {
		t.Errorf("a hint without --hints:\n%s", out)
	}
	verbose, _, _ := runAsh(t, root, "", append([]string{"detect", "--verbose"}, files...)...)
	if !strings.Contains(verbose, "\n  fide: breaks at 2. Qf2 (ply 3): illegal-move") || !strings.Contains(verbose, "    setup=shatranj: 2. Qf2: under setup=modern") {
		t.Errorf("--verbose does not give each profile's verdict and the evidence:\n%s", verbose)
	}
	for _, l := range lines {
		if !strings.HasPrefix(verbose, l+"\n") && !strings.Contains(verbose, "\n"+l+"\n") {
			t.Errorf("--verbose lacks the line %q", l)
		}
	}
	hinted, _, _ := runAsh(t, root, "", append([]string{"detect", "--hints"}, files...)...)
	var flagged []string
	for _, l := range strings.Split(hinted, "\n") {
		if strings.Contains(l, "; hint: ") {
			flagged = append(flagged, l)
		}
	}
	// The self-play game was played under chaturanga-gollon's rules,
	// tagged chaturanga, which it fits only with changes.
	if len(flagged) != 1 || !strings.HasPrefix(flagged[0], "corpus/chaturanga/fsf-selfplay.pgn: game 1: fits chaturanga-gollon;") || !strings.HasSuffix(flagged[0], "; hint: its Variant tag names chaturanga, which it does not fit") {
		t.Errorf("--hints flagged %q, want the chaturanga self-play game alone", flagged)
	}
}
