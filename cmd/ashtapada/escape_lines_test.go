package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEscapeLinesBeforeTags: a file that starts with `%` escape lines
// (with a blank line after them or none, LF or CRLF line ends) has its
// tags read as tags, as python-chess reads them: validate finds the game
// valid, with no finding, and exits 0 with nothing on standard error, convert --to uci
// writes its tags and moves, and fmt keeps the escape lines where they
// are, without a warning (they hold no game, so they need no termination
// marker).
func TestEscapeLinesBeforeTags(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	roster := "[Event \"a\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n"
	for name, text := range map[string]string{
		"blank.pgn":    "% a header\n\n" + roster + "\n1. e4 e5 *\n",
		"noblank.pgn":  "% a header\n%another\n" + roster + "\n1. e4 e5 *\n",
		"crlf.pgn":     strings.ReplaceAll("% a header\n\n"+roster+"\n1. e4 e5 *\n", "\n", "\r\n"),
		"between.pgn":  "% a header\n\n" + roster + "\n1. e4 e5 *\n\n% between\n\n" + roster + "\n1. d4 d5 *\n",
		"movetext.pgn": "% a header\n" + roster + "\n1. e4\n% inside\ne5 *\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		games := strings.Count(text, "[Event")
		out, errOut, code := runAsh(t, dir, "", "validate", "--format", "jsonl", name)
		if code != 0 || errOut != "" || strings.Count(out, `"kind":"game"`) != games || strings.Count(out, `"plies":2,`) != games ||
			strings.Count(out, `"valid":true`) != games || strings.Contains(out, `"kind":"finding"`) {
			t.Errorf("validate %s: exit %d, stderr %q:\n%s", name, code, errOut, out)
		}
		out, errOut, code = runAsh(t, dir, "", "convert", "--to", "uci", name)
		if code != 0 || errOut != "" || strings.Count(out, "[Event \"a\"]") != games || !strings.Contains(out, "e2e4 e7e5 *") {
			t.Errorf("convert --to uci %s: exit %d, stderr %q:\n%s", name, code, errOut, out)
		}
		out, errOut, code = runAsh(t, dir, "", "fmt", name)
		if code != 0 || errOut != "" || !strings.HasPrefix(out, "% a header\n") || strings.Count(out, "[Event \"a\"]") != games {
			t.Errorf("fmt %s: exit %d, stderr %q:\n%s", name, code, errOut, out)
		}
	}
}
