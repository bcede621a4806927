package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A game diff cannot read is reported, in every mode: which game, which
// file, the reader's error with its position, and never exit 0, since the
// moves were not compared (docs/robustness.md, "What each kind of
// malformed input yields"). The games around it are still compared.
func TestDiffUnreadableGame(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const ok = "[Event \"ok\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
	files := map[string]string{
		// Two different records of game 2, each with an unclosed comment.
		"a.pgn": ok + "[Event \"two\"]\n\n1. e4 e5 2. Nf3 {unclosed\n\n" + ok,
		"b.pgn": ok + "[Event \"two\"]\n\n1. d4 d5 2. c4 {unclosed\n\n" + ok,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const unclosed = "7:17: found a comment `{` that is not closed"
	const unclosedB = "7:16: found a comment `{` that is not closed"
	cases := []struct {
		args []string
		want []string // in the report
	}{
		{[]string{"diff", "a.pgn", "b.pgn"}, []string{"game 2: not read whole, so not compared: ", "a.pgn:" + unclosed, "b.pgn:" + unclosedB}},
		{[]string{"diff", "a.pgn", "a.pgn"}, []string{"game 2: not read whole, so not compared: ", "a.pgn:" + unclosed}},
		{[]string{"diff", "--by", "Event", "a.pgn", "b.pgn"}, []string{"not read whole, so not compared: ", "a.pgn:" + unclosed}},
		{[]string{"diff", "--rules", "fide", "a.pgn"}, []string{"game 2: not read whole, so not compared: ", "a.pgn:" + unclosed}},
		{[]string{"diff", "--rules", "fide", "--against", "fide", "--against-set", "stalemate=draw", "b.pgn"}, []string{"game 2: not read whole, so not compared: ", "b.pgn:" + unclosedB}},
		{[]string{"diff", "--against-set", "stalemate=draw", "a.pgn"}, []string{"game 2: not read whole, so not compared: ", "a.pgn:" + unclosed}},
	}
	for _, c := range cases {
		out, stderr, code := runAsh(t, dir, "", c.args...)
		if code != 1 {
			t.Errorf("%v: exit %d, want 1\n%s\n%s", c.args, code, out, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: the report lacks %q\n%s\n%s", c.args, w, out, stderr)
			}
		}
		// Games 1 and 3 are read and agree: only game 2 is reported.
		if strings.Contains(out, "game 1") || strings.Contains(out, "game 3") {
			t.Errorf("%v: a readable game is reported\n%s", c.args, out)
		}
	}
	out, stderr, code := runAsh(t, dir, "", "diff", "--format", "json", "a.pgn", "b.pgn")
	var entries []struct {
		Game, GameB int
		Note        string
	}
	if err := json.Unmarshal([]byte(out), &entries); err != nil {
		t.Fatalf("diff --format json: %v\n%s\n%s", err, out, stderr)
	}
	if code != 1 || len(entries) != 1 || entries[0].Game != 2 || !strings.Contains(entries[0].Note, "a.pgn:"+unclosed) || !strings.Contains(entries[0].Note, "b.pgn:"+unclosedB) {
		t.Errorf("diff --format json: exit %d, entries %+v; want 1 and one entry for game 2 naming both errors\n%s", code, entries, stderr)
	}
}
