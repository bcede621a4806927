package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Small things a new user runs into, each on the built binary.

// TestNoGamesNeverExitsZero: convert and detect, like validate, exit 2 on
// input that holds no game, and say so; convert makes no output file.
func TestNoGamesNeverExitsZero(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTemp(t, dir, "empty.pgn", "", 0o644)
	writeTemp(t, dir, "blank.pgn", "\n\n  \n", 0o644)
	for _, args := range [][]string{
		{"convert", "--to", "pgn", "empty.pgn"},
		{"convert", "--to", "json", "blank.pgn"},
		{"convert", "--to", "html", "empty.pgn", "blank.pgn"},
		{"convert", "--to", "pgn", "-o", "out.pgn", "empty.pgn"},
		{"convert", "--to", "parquet", "-o", "out.parquet", "empty.pgn"},
		{"detect", "empty.pgn"},
		{"validate", "empty.pgn"},
	} {
		_, stderr, code := runAsh(t, dir, "", args...)
		if code != 2 || !strings.Contains(stderr, "no game record in") {
			t.Errorf("%v: exit %d, want 2 and no game record named\n%s", args, code, stderr)
		}
	}
	for _, name := range []string{"out.pgn", "out.parquet"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s was made from input with no game", name)
		}
	}
	_, stderr, code := runAsh(t, dir, "", "convert", "--to", "pgn", "-o", "out.pgn", "empty.pgn")
	if code != 2 || !strings.Contains(stderr, "not writing out.pgn") {
		t.Errorf("convert -o: exit %d, want 2 and that out.pgn was not written\n%s", code, stderr)
	}
	// Standard input with no game.
	if _, stderr, code := runAsh(t, dir, "\n", "convert", "--to", "uci"); code != 2 || !strings.Contains(stderr, "<stdin>") {
		t.Errorf("convert of empty standard input: exit %d, want 2 naming <stdin>\n%s", code, stderr)
	}
}

// TestJobsAtLeastOne: --jobs 0 and --jobs -1 are refused, as a command
// option and as a global one, before anything is read.
func TestJobsAtLeastOne(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTemp(t, dir, "a.pgn", "[Event \"x\"]\n\n1. e4 e5 *\n", 0o644)
	for _, n := range []string{"0", "-1"} {
		for _, args := range [][]string{{"validate", "--jobs", n, "a.pgn"}, {"--jobs", n, "convert", "--to", "uci", "a.pgn"}, {"detect", "--jobs", n, "a.pgn"}} {
			out, stderr, code := runAsh(t, dir, "", args...)
			if code != 2 || !strings.Contains(stderr, "--jobs "+n+": want 1 or more") || out != "" {
				t.Errorf("%v: exit %d, want 2, nothing on standard output and the flag named\n%s%s", args, code, out, stderr)
			}
		}
	}
	if _, stderr, code := runAsh(t, dir, "", "validate", "--jobs", "1", "a.pgn"); code != 0 {
		t.Errorf("--jobs 1: exit %d\n%s", code, stderr)
	}
}

// TestWriteBaselineNotDash: --write-baseline - is refused (standard output
// carries the report), and no file named "-" is made.
func TestWriteBaselineNotDash(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTemp(t, dir, "a.pgn", "[Event \"x\"]\n\n1. e4 e5 *\n", 0o644)
	_, stderr, code := runAsh(t, dir, "", "validate", "--write-baseline", "-", "a.pgn")
	if code != 2 || !strings.Contains(stderr, "--write-baseline -") {
		t.Errorf("exit %d, want 2 naming the flag\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
		t.Error(`a file named "-" was written`)
	}
}

// TestCountsInEnglish: one game is "1 game", one error "1 error", in
// every summary that counts them.
func TestCountsInEnglish(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTemp(t, dir, "a.pgn", "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n", 0o644)
	writeTemp(t, dir, "b.pgn", "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 *\n", 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"validate", "--summary", "a.pgn"}, "summary: 1 game, 0 valid, 1 invalid; 1 error,"},
		{[]string{"validate", "--format", "github", "--summary", "a.pgn"}, "1 game, 0 valid, 1 invalid; 1 error,"},
		{[]string{"validate", "--format", "html", "a.pgn"}, "1 game, 0 valid, 1 invalid; 1 error,"},
		{[]string{"detect", "a.pgn"}, ": 1 game, "},
		{[]string{"validate", "b.pgn"}, "game 1: fide, 1 ply, outcome"},
	} {
		out, _, _ := runAsh(t, dir, "", c.args...)
		if !strings.Contains(out, c.want) || strings.Contains(out, "1 games") || strings.Contains(out, " 1 plies") {
			t.Errorf("%v: want %q and never \"1 games\" or \"1 plies\"\n%.2000s", c.args, c.want, out)
		}
	}
}

// TestVersionCommand: `ashtapada version` prints the line `--version`
// prints, and takes no argument.
func TestVersionCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out, stderr, code := runAsh(t, dir, "", "version")
	flag, _, _ := runAsh(t, dir, "", "--version")
	if code != 0 || !strings.HasPrefix(out, "ashtapada version ") || out != flag {
		t.Errorf("version: exit %d, %q; --version %q\n%s", code, out, flag, stderr)
	}
	if _, _, code := runAsh(t, dir, "", "version", "x"); code != 2 {
		t.Errorf("version x: exit %d, want 2", code)
	}
}

// TestHelpParagraphsReflow: a command's description is wrapped as whole
// paragraphs, so no line of the help breaks short in mid-sentence: the
// words before and after a line break written in the source stand on one
// line when they fit. Lines that start with a space (diff's table) keep
// their breaks.
func TestHelpParagraphsReflow(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct{ cmd, together string }{
		{"detect", "ignoring its Variant and Rules tags"},
		{"fmt", "A game with a syntax error is reported"},
		{"merge", "are joined row by row"},
		{"perft", "prune it and turns alternate"},
	} {
		out, _, code := runAsh(t, dir, "", c.cmd, "--help")
		flat := strings.Join(strings.Fields(out), " ")
		if code != 0 || !strings.Contains(flat, c.together) {
			t.Fatalf("%s --help: exit %d, no %q\n%s", c.cmd, code, c.together, out)
		}
		// The help wraps at 80 columns: a line of a paragraph that is
		// followed by another line of it is not much shorter than that.
		desc := out[strings.Index(out, "DESCRIPTION:"):strings.Index(out, "OPTIONS:")]
		lines := strings.Split(strings.TrimSpace(desc), "\n")[1:]
		for i := 0; i+1 < len(lines); i++ {
			next := strings.TrimSpace(lines[i+1])
			if next == "" || strings.HasPrefix(lines[i+1], "     ") {
				continue
			}
			if len(strings.TrimSpace(lines[i]))+len(strings.Fields(next)[0]) < 70 {
				t.Errorf("%s --help: line %q breaks before %q, which would fit", c.cmd, lines[i], next)
			}
		}
	}
	if out, _, _ := runAsh(t, dir, "", "diff", "--help"); !strings.Contains(out, "\n     diff A B ") {
		t.Errorf("diff --help: its table of three questions lost its lines\n%s", out)
	}
}

// TestJSONMoveOfTextAlone: a JSON move given by a text that is no move
// (another program's record) makes the game invalid where it stands,
// never a valid game cut short there, and convert refuses to write it as
// PGN, which would read back as a syntax error.
func TestJSONMoveOfTextAlone(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTemp(t, dir, "m.json", `{"tags":[{"name":"Event","value":"x"}],"moves":[{"kind":"move","move":{"written":"e4","to":"e4"}},{"kind":"move","text":"c"},{"kind":"move","move":{"written":"Nf3","piece":"N","to":"f3"}}],"result":"*"}`, 0o644)
	out, _, code := runAsh(t, dir, "", "validate", "m.json")
	if code != 1 || !strings.Contains(out, "`c` is no move") || !strings.Contains(out, "[illegal-move]") || !strings.Contains(out, "invalid") {
		t.Errorf("validate: exit %d, want 1 and the move named\n%s", code, out)
	}
	out, stderr, code := runAsh(t, dir, "", "convert", "--to", "pgn", "m.json")
	if code != 2 || !strings.Contains(stderr, "moves[1]") || out != "" {
		t.Errorf("convert --to pgn: exit %d, want 2 naming moves[1]\n%s%s", code, out, stderr)
	}
}
