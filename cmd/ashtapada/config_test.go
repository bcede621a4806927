package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// configGame breaks three rules: result-mismatch (an error that does not
// stop the replay), check-mark (a warning) and missing-tag (a warning).
const configGame = "[Event \"x\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 0-1\n"

// reportedRules runs validate in dir and returns the rule ids of its
// JSONL findings, in order, and its exit status.
func reportedRules(t *testing.T, dir, stdin string, args ...string) ([]string, int) {
	t.Helper()
	out, stderr, code := runAsh(t, dir, stdin, append([]string{"validate", "--format", "jsonl"}, args...)...)
	if code > 1 {
		t.Fatalf("validate %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
	}
	var ids []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, `{"kind":"finding"`) {
			i := strings.Index(line, `"rule":"`) + len(`"rule":"`)
			ids = append(ids, line[i:i+strings.IndexByte(line[i:], '"')])
		}
	}
	return ids, code
}

// TestConfigFileOnBinary: ashtapada.toml as ruff's ruff.toml behaves:
// the closest file above an input is its configuration, whole; the
// command line's --select replaces the file's choice and its --ignore
// drops more; --config names the file for every input; --isolated reads
// none; per-file ignores apply to the files their patterns match; the
// file's profile applies where the command line names none.
func TestConfigFileOnBinary(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeIn := func(rel, text string) {
		t.Helper()
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeIn("a/game.pgn", configGame)
	writeIn("a/b/game.pgn", configGame)
	writeIn("c/game.pgn", configGame)
	writeIn("a/ashtapada.toml", "ignore = [\"missing-tag\"]\n\n[per-file-ignores]\n\"b/*.pgn\" = [\"check-mark\"]\n")
	writeIn("a/b/ashtapada.toml", "select = [\"result\", \"missing-tag\"]\n")
	same := func(got []string, want ...string) bool { return strings.Join(got, " ") == strings.Join(want, " ") }

	// No configuration file above c/: everything.
	all, code := reportedRules(t, root, "", "c/game.pgn")
	if !same(all, "missing-tag", "check-mark", "result-mismatch") || code != 1 {
		t.Fatalf("no configuration: %q, exit %d", all, code)
	}
	// a/'s file: missing-tag ignored.
	if got, _ := reportedRules(t, root, "", "a/game.pgn"); !same(got, "check-mark", "result-mismatch") {
		t.Errorf("a/ashtapada.toml: %q", got)
	}
	// a/b/'s own file, the closest, is the whole configuration: a/'s
	// ignore and per-file ignores do not reach it.
	if got, _ := reportedRules(t, root, "", "a/b/game.pgn"); !same(got, "missing-tag", "result-mismatch") {
		t.Errorf("a/b/ashtapada.toml: %q", got)
	}
	// The command line over the file: --ignore drops more, --select
	// decides anew.
	if got, code := reportedRules(t, root, "", "--ignore", "result", "a/b/game.pgn"); !same(got, "missing-tag") || code != 0 {
		t.Errorf("--ignore result over a/b's select: %q, exit %d", got, code)
	}
	if got, _ := reportedRules(t, root, "", "--select", "check-mark", "a/game.pgn"); !same(got, "check-mark") {
		t.Errorf("--select check-mark over a/'s ignore: %q", got)
	}
	// --config: a/'s file for every input, its per-file ignores matched
	// from its own directory.
	if got, _ := reportedRules(t, root, "", "--config", "a/ashtapada.toml", "c/game.pgn", "a/b/game.pgn"); !same(got, "check-mark", "result-mismatch", "result-mismatch") {
		t.Errorf("--config a/ashtapada.toml: %q", got)
	}
	// --isolated: none.
	if got, _ := reportedRules(t, root, "", "--isolated", "a/b/game.pgn"); !same(got, all...) {
		t.Errorf("--isolated: %q", got)
	}
	// A buffer on standard input finds the configuration of the path it
	// is named by.
	if got, _ := reportedRules(t, root, configGame, "--stdin-filename", "a/b/buffer.pgn"); !same(got, "missing-tag", "result-mismatch") {
		t.Errorf("--stdin-filename a/b/buffer.pgn: %q", got)
	}
	// The file's profile, unless the command line names one.
	writeIn("d/ashtapada.toml", "rules = \"shatranj\"\nstrict = true\n")
	writeIn("d/game.pgn", "1. e4 e5 *\n")
	out, _, code := runAsh(t, root, "", "validate", "--format", "jsonl", "d/game.pgn")
	if code != 1 || !strings.Contains(out, `"profile":"shatranj"`) || !strings.Contains(out, `"profile_source":"command-line"`) {
		t.Errorf("d/ashtapada.toml's profile: exit %d\n%s", code, out)
	}
	out, _, _ = runAsh(t, root, "", "validate", "--format", "jsonl", "--rules", "fide", "d/game.pgn")
	if !strings.Contains(out, `"profile":"fide"`) {
		t.Errorf("--rules fide over the file's profile:\n%s", out)
	}
	// A broken file is a usage error, with nothing checked.
	writeIn("e/ashtapada.toml", "ignore = [\"no-such-rule\"]\n")
	writeIn("e/game.pgn", configGame)
	out, stderr, code := runAsh(t, root, "", "validate", "e/game.pgn")
	if code != 2 || out != "" || !strings.Contains(stderr, "e/ashtapada.toml: ignore no-such-rule") {
		t.Errorf("a bad selector in a file: exit %d\n%s%s", code, out, stderr)
	}
	if _, stderr, code := runAsh(t, root, "", "validate", "--config", "a/ashtapada.toml", "--isolated", "c/game.pgn"); code != 2 || !strings.Contains(stderr, "--isolated") {
		t.Errorf("--config with --isolated: exit %d\n%s", code, stderr)
	}
}

// The example configuration of docs/cli.md is one validate reads.
func TestConfigExampleInDocs(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	doc, err := os.ReadFile(filepath.Join(root, "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	i := strings.Index(text, "```toml\n")
	if i < 0 {
		t.Fatal("docs/cli.md has no TOML example")
	}
	example := text[i+len("```toml\n"):]
	example = example[:strings.Index(example, "```")]
	dir := t.TempDir()
	cfg := writeFile(t, dir, "ashtapada.toml", example)
	_, stderr, code := runAsh(t, "", "", "validate", "--config", cfg, filepath.Join(root, "testdata", "books"))
	if code > 1 {
		t.Errorf("validate --config with the example: exit %d\n%s", code, stderr)
	}
}

// The commands that judge their inputs alike (convert, show, fmt --san,
// diff) judge them under their ashtapada.toml's profile, as validate
// does, and refuse inputs under files of different profiles.
func TestConfigProfileInEveryCommand(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	// A pawn's double step: legal under fide, not under shatranj.
	leap := "[Event \"x\"]\n\n1. e4 e5 2. Kf3 *\n"
	for _, d := range []string{"h", "f"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for rel, text := range map[string]string{
		"h/ashtapada.toml": "rules = \"shatranj\"\n",
		"h/game.pgn":       leap,
		"f/game.pgn":       leap,
	} {
		writeFile(t, root, rel, text)
	}
	validateOut, _, validateCode := runAsh(t, root, "", "validate", "--format", "jsonl", "h/game.pgn")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"convert", "--to", "json", "h/game.pgn"}, `"profile":"shatranj"`},
		{[]string{"show", "h/game.pgn"}, "shatranj"},
	} {
		out, stderr, code := runAsh(t, root, "", c.args...)
		if code != validateCode || !strings.Contains(out, c.want) {
			t.Errorf("%s: exit %d (validate's %d), no %q\n%s%s", strings.Join(c.args, " "), code, validateCode, c.want, out, stderr)
		}
	}
	if !strings.Contains(validateOut, `"profile":"shatranj"`) {
		t.Errorf("validate:\n%s", validateOut)
	}
	if _, stderr, code := runAsh(t, root, "", "convert", "--to", "pgn", "h/game.pgn", "f/game.pgn"); code != 2 || !strings.Contains(stderr, "h/ashtapada.toml") {
		t.Errorf("convert of inputs under two profiles: exit %d\n%s", code, stderr)
	}
	if _, _, code := runAsh(t, root, "", "convert", "--to", "pgn", "--isolated", "h/game.pgn", "f/game.pgn"); code > 1 {
		t.Errorf("convert --isolated of the two: exit %d", code)
	}
}

// TestConfigCommandDefaults: a command's table in ashtapada.toml gives
// its flags' defaults, from the file above the working directory or the
// one --config names; the command line wins over it, --isolated reads
// none, a path is taken from the file's directory, and a key no flag
// has, a top-level key or a bad value is a usage error naming its place.
func TestConfigCommandDefaults(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	sub := filepath.Join(root, "sub")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, sub, "game.pgn", configGame)
	cfg := writeFile(t, root, "ashtapada.toml", "[validate]\nformat = \"jsonl\"\nwrite-baseline = \"known.json\"\nmax-findings = 1\n")

	// From sub/, the file above: JSONL, findings past the first left out,
	// the baseline written beside the file, not in sub/.
	out, stderr, code := runAsh(t, sub, "", "validate", "game.pgn")
	if code != 0 || !strings.HasPrefix(out, `{"kind":"finding"`) || !strings.Contains(out, `"left_out":2}`) {
		t.Fatalf("[validate] defaults: exit %d\n%s%s", code, out, stderr)
	}
	if _, err := os.Stat(filepath.Join(root, "known.json")); err != nil {
		t.Fatalf("write-baseline from the file's directory: %v", err)
	}
	// The command line wins; --isolated reads nothing.
	writeFile(t, root, "ashtapada.toml", "[validate]\nformat = \"jsonl\"\nbaseline = \"known.json\"\n")
	if out, _, code := runAsh(t, sub, "", "validate", "game.pgn"); code != 0 || strings.Contains(out, `"kind":"finding"`) {
		t.Errorf("baseline from the file: exit %d\n%s", code, out)
	}
	if out, _, code := runAsh(t, sub, "", "validate", "--format", "text", "game.pgn"); code != 0 || strings.Contains(out, `"kind"`) {
		t.Errorf("--format text over the file's jsonl: exit %d\n%s", code, out)
	}
	if out, _, code := runAsh(t, sub, "", "validate", "--isolated", "game.pgn"); code != 1 || !strings.Contains(out, "[result-mismatch]") {
		t.Errorf("--isolated: exit %d\n%s", code, out)
	}
	// --config names the file from anywhere; another command's table
	// does not reach validate.
	writeFile(t, root, "ashtapada.toml", "[convert]\nto = \"uci\"\n[validate]\nformat = \"jsonl\"\n")
	if out, _, code := runAsh(t, "", "", "validate", "--config", cfg, filepath.Join(sub, "game.pgn")); code != 1 || !strings.Contains(out, `"kind":"game"`) {
		t.Errorf("--config: exit %d\n%s", code, out)
	}
	if out, _, code := runAsh(t, sub, "", "convert", "game.pgn"); code > 1 || !strings.Contains(out, "\ne2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7 0-1\n") {
		t.Errorf("[convert] to = uci: exit %d\n%q", code, out)
	}
	if _, stderr, code := runAsh(t, sub, "", "convert", "--isolated", "game.pgn"); code != 2 || !strings.Contains(stderr, `Required flag "to" not set`) {
		t.Errorf("convert --isolated with no --to: exit %d\n%s", code, stderr)
	}
	for _, c := range []struct{ file, want string }{
		{"[validate]\nformt = \"json\"\n", "ashtapada.toml:2:1: [validate] formt: validate has no option --formt (did you mean format?)"},
		{"[validate]\nrules = \"fide\"\n", "ashtapada.toml:2:1: [validate] rules: a file's rules is a key of its own"},
		{"validate.jobs = [1, 2]\n", "ashtapada.toml:1:1: [validate] jobs: --jobs takes one value, not a list"},
		{"[show]\nply = 1.5\n", "ashtapada.toml:2:1: [show] ply: want a string, a number"},
		{"[table]\ncolumns = \"x\"\n", "ashtapada.toml:1:2: unknown key \"table\""},
	} {
		writeFile(t, root, "ashtapada.toml", c.file)
		cmd := "validate"
		if strings.Contains(c.file, "[show]") {
			cmd = "show"
		}
		out, stderr, code := runAsh(t, sub, "", cmd, "game.pgn")
		if code != 2 || out != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, want 2 and %q\n%s%s", c.file, code, c.want, out, stderr)
		}
	}
}
