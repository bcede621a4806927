package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// selectionGames are four games: an illegal move in the first, a clean
// game each for Morphy, Anderssen and Morphy again.
const selectionGames = `[Event "Casual"]
[White "Nobody"]
[Black "Anybody"]

1. e4 e5 2. Ke3 *

[Event "Paris 1858"]
[White "Morphy, Paul"]
[Black "Duke Karl"]

1. e4 e5 2. Nf3 d6 *

[Event "London 1851"]
[White "Anderssen, Adolf"]
[Black "Kieseritzky"]

1. e4 e5 2. f4 exf4 *

[Event "New York 1857"]
[White "Morphy, Paul"]
[Black "Paulsen"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 *
`

// TestSelectionOnBinary: --game and --where choose the games every
// command reads, with the numbers the command reports; what is not chosen
// is not checked and does not decide the exit status; a choice of nothing
// exits 2; a game read in parts is chosen as read whole.
func TestSelectionOnBinary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "g.pgn"), []byte(selectionGames), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (string, string, int) {
		t.Helper()
		return runAsh(t, dir, "", args...)
	}
	// The whole file fails on game 1; games 2-4 are clean.
	if _, _, code := run("validate", "g.pgn"); code != 1 {
		t.Fatalf("validate of every game: exit %d, want 1", code)
	}
	out, errs, code := run("validate", "--format", "jsonl", "--game", "2-", "g.pgn")
	if code != 0 || strings.Contains(out, `"game":1,`) || strings.Count(out, `"kind":"game"`) != 3 {
		t.Errorf("validate --game 2-: exit %d, want 0 and games 2-4 only\n%s%s", code, out, errs)
	}
	out, _, code = run("validate", "--format", "jsonl", "--where", "White=Morphy*", "g.pgn")
	if code != 0 || !strings.Contains(out, `"game":2,`) || !strings.Contains(out, `"game":4,`) || strings.Count(out, `"kind":"game"`) != 2 {
		t.Errorf("validate --where White=Morphy*: exit %d, want games 2 and 4 by their numbers\n%s", code, out)
	}
	out, _, _ = run("validate", "--format", "jsonl", "--where", "Black~^Paul", "--where", "Event=New York*", "g.pgn")
	if strings.Count(out, `"kind":"game"`) != 1 || !strings.Contains(out, `"game":4,`) {
		t.Errorf("two --where: want game 4 alone\n%s", out)
	}

	// convert writes the chosen games, and a picture of the first.
	out, _, code = run("convert", "--to", "pgn", "--game", "2,4", "g.pgn")
	if code != 0 || strings.Count(out, "[Event ") != 2 || !strings.Contains(out, "Paris 1858") || !strings.Contains(out, "New York 1857") {
		t.Errorf("convert --game 2,4: exit %d\n%s", code, out)
	}
	byTag, _, _ := run("convert", "--to", "svg", "--where", "Event=London*", "g.pgn")
	byNumber, _, _ := run("convert", "--to", "svg", "--game", "3", "g.pgn")
	if byTag == "" || byTag != byNumber || !strings.Contains(byTag, "Anderssen") {
		t.Errorf("convert --to svg: --where Event=London* and --game 3 draw otherwise (%d and %d bytes)", len(byTag), len(byNumber))
	}
	if first, _, _ := run("convert", "--to", "svg", "g.pgn"); first == byNumber || !strings.Contains(first, "Nobody") {
		t.Error("convert --to svg without a choice does not draw the first game")
	}

	// show shows the first game chosen, as by its number.
	shownByTag, _, _ := run("show", "--where", "White=Morphy*", "--game", "3-", "g.pgn")
	shownByNumber, _, _ := run("show", "--game", "4", "g.pgn")
	if shownByTag == "" || shownByTag != shownByNumber || !strings.Contains(shownByTag, "game 4") {
		t.Errorf("show --where White=Morphy* --game 3- is not game 4:\n%s\n---\n%s", shownByTag, shownByNumber)
	}

	// detect reports the chosen game alone.
	out, _, code = run("detect", "--format", "jsonl", "--game", "3", "g.pgn")
	if code != 0 || strings.Count(out, `"kind":"game"`) != 1 || !strings.Contains(out, `"game":3`) {
		t.Errorf("detect --game 3: exit %d\n%s", code, out)
	}

	// A choice of nothing is never a pass, nor a bad value.
	for _, args := range [][]string{
		{"validate", "--where", "White=Capablanca", "g.pgn"},
		{"convert", "--to", "pgn", "--game", "9", "g.pgn"},
		{"convert", "--to", "svg", "--game", "9", "g.pgn"},
		{"detect", "--game", "5-", "g.pgn"},
		{"show", "--where", "White=Capablanca", "g.pgn"},
	} {
		_, errs, code := run(args...)
		if code != 2 || !strings.Contains(errs, "no game chosen") {
			t.Errorf("%s: exit %d, want 2 and \"no game chosen\"\n%s", strings.Join(args, " "), code, errs)
		}
	}
	for _, args := range [][]string{
		{"validate", "--game", "0", "g.pgn"},
		{"convert", "--to", "pgn", "--game", "3-1", "g.pgn"},
		{"show", "--where", "White", "g.pgn"},
		{"detect", "--where", "White~(", "g.pgn"},
		{"convert", "--to", "parquet", "-o", "t.parquet", "--game", "2", "g.pgn"},
		{"convert", "--to", "pgn", "--shard", "1/2", "--game", "2", "g.pgn"},
	} {
		_, errs, code := run(args...)
		if code != 2 || !strings.Contains(errs, "--") {
			t.Errorf("%s: exit %d, want 2 and a message naming the flag\n%s", strings.Join(args, " "), code, errs)
		}
	}

	// A game read in parts (the path of a huge game) is chosen by its
	// tags as read whole.
	file := filepath.Join(dir, "g.pgn")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"validate", "--format", "jsonl", "--where", "White=Morphy*", file}, `"game":4,`},
		{[]string{"convert", "--to", "pgn", "--where", "Black~^Pa", file}, "Paulsen"},
		{[]string{"show", "--where", "White=Anderssen*", file}, "game 3"},
	} {
		if out := agreeInParts(t, c.args...); !strings.Contains(out, c.want) {
			t.Errorf("%s: no %s in the output\n%s", strings.Join(c.args, " "), c.want, out)
		}
	}
}

// TestStdinFilename: a buffer piped by an editor is reported under the
// name --stdin-filename gives, by every command that reads many games,
// and is read as a file of that name is; without the flag it is <stdin>.
func TestStdinFilename(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const bad = "1. e4 e5 2. Ke3 *\n"
	out, _, code := runAsh(t, dir, bad, "validate", "--stdin-filename", "src/games/x.pgn")
	if code != 1 || !strings.HasPrefix(out, "src/games/x.pgn:1:13: error: ") {
		t.Errorf("validate --stdin-filename: exit %d\n%s", code, out)
	}
	out, _, _ = runAsh(t, dir, bad, "validate")
	if !strings.HasPrefix(out, "<stdin>:1:13: error: ") {
		t.Errorf("validate of standard input without a name:\n%s", out)
	}
	out, _, _ = runAsh(t, dir, bad, "validate", "--format", "jsonl", "--stdin-filename", "x.pgn", "-")
	if !strings.Contains(out, `"file":"x.pgn"`) || strings.Contains(out, "<stdin>") {
		t.Errorf("validate --format jsonl --stdin-filename x.pgn -:\n%s", out)
	}
	out, _, _ = runAsh(t, dir, bad, "detect", "--stdin-filename", "x.pgn")
	if !strings.HasPrefix(out, "x.pgn: game 1:") {
		t.Errorf("detect --stdin-filename:\n%s", out)
	}
	// JSON in a buffer named .json is read as JSON, as the file is.
	json, _, code := runAsh(t, dir, bad, "convert", "--to", "json")
	if code != 1 || !strings.HasPrefix(strings.TrimSpace(json), "[") {
		t.Fatalf("convert --to json: exit %d\n%s", code, json)
	}
	writeFile(t, dir, "g.json", json)
	fromFile, _, _ := runAsh(t, dir, "", "validate", "g.json")
	fromBuffer, _, _ := runAsh(t, dir, json, "validate", "--stdin-filename", "g.json")
	if fromBuffer != fromFile || !strings.Contains(fromFile, "Ke3") {
		t.Errorf("the buffer named g.json is read otherwise than the file:\n%s---\n%s", fromBuffer, fromFile)
	}
}
