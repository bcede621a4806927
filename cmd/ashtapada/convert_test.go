package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/compare"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite the golden files of convert, diff and show")

// runApp runs the application in-process and returns standard output,
// standard error and the exit status run() would give.
func runApp(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	app := newApp()
	app.Writer, app.ErrWriter = &out, &errb
	err := app.Run(append([]string{"ashtapada"}, args...))
	code := 0
	if err != nil {
		code = 2
		var ee *exitError
		if errors.As(err, &ee) {
			code = ee.code
		}
		if ee == nil || ee.err != nil {
			errb.WriteString(err.Error())
		}
	}
	return out.String(), errb.String(), code
}

// golden compares got with testdata/NAME.golden (rewritten with -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *updateGolden {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update-golden to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestDiffGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
		has  []string
	}{
		// Mode a: the two records differ at ply 23 (12. Bc2 / 12. a4).
		{"diff-records", []string{"diff", "testdata/diff-a.pgn", "testdata/diff-b.pgn"}, 1,
			[]string{"first difference at ply 23", "-12. Bc2", "+12. a4"}},
		// Mode a paired by tags: the order differs, the pairs are found.
		{"diff-records-by", []string{"diff", "--by", "White,Black", "testdata/diff-a.pgn", "testdata/diff-b-swapped.pgn"}, 1,
			[]string{"game 1 / 2 [A, B]: first difference at ply 23"}},
		// Mode b: the dabbaba cannot make the alfil's leap Bd3 (ply 3).
		{"diff-rules", []string{"diff", "--rules", "chaturanga", "--against", "chaturanga", "--set", "elephant=dabbaba", "testdata/elephant.pgn"}, 1,
			[]string{"first difference at ply 3", "Bd3 is not legal", "[illegal-move]"}},
		// Mode c: the inferred leap written out, the illegal move and after it marked.
		{"diff-as-read", []string{"diff", "--rules", "chaturanga", "testdata/as-read.pgn"}, 1,
			[]string{"+2. K~d3", "+5. Bxh7 {illegal:", "+5... Bf4 {after the first illegal move}"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runApp(t, tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tc.code, errOut)
			}
			for _, h := range tc.has {
				if !strings.Contains(out, h) {
					t.Errorf("output lacks %q:\n%s", h, out)
				}
			}
			golden(t, tc.name, out)
		})
	}
}

func TestDiffNoDifference(t *testing.T) {
	out, errOut, code := runApp(t, "diff", "testdata/diff-a.pgn", "testdata/diff-a.pgn")
	if code != 0 || out != "" {
		t.Errorf("same file: exit %d, output %q, stderr %q", code, out, errOut)
	}
	// Both sides accept and reject alike: no difference.
	out, _, code = runApp(t, "diff", "--rules", "chaturanga", "--against", "chaturanga", "testdata/elephant.pgn")
	if code != 0 || out != "" {
		t.Errorf("same rules: exit %d, output %q", code, out)
	}
	_, _, code = runApp(t, "diff", "testdata/diff-a.pgn")
	if code != 2 {
		t.Errorf("one file and no rules is a usage error, got exit %d", code)
	}
	_, _, code = runApp(t, "diff", "--rules", "nonesuch", "testdata/diff-a.pgn")
	if code != 2 {
		t.Errorf("unknown profile: exit %d, want 2", code)
	}
}

func TestDiffJSON(t *testing.T) {
	out, _, code := runApp(t, "diff", "--format", "json", "--rules", "chaturanga", "--against", "chaturanga", "--set", "elephant=dabbaba", "testdata/elephant.pgn")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var entries []compare.Entry
	if err := json.Unmarshal([]byte(out), &entries); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(entries) != 1 || entries[0].Ply != 3 || entries[0].A == nil || entries[0].A.Legal || entries[0].A.Rule != "illegal-move" || !entries[0].B.Legal || entries[0].A.Move != "Bd3" {
		t.Errorf("unexpected entries: %s", out)
	}
	out, _, _ = runApp(t, "diff", "--format", "json", "testdata/diff-a.pgn", "testdata/diff-b.pgn")
	entries = nil
	if err := json.Unmarshal([]byte(out), &entries); err != nil || len(entries) != 1 || entries[0].Ply != 23 {
		t.Errorf("records diff: %v\n%s", err, out)
	}
}

func TestConvertRoundTrip(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join("..", "..", "formats", "testdata", "extensions.pgn")
	want, _, code := runApp(t, "fmt", src)
	if code != 0 {
		t.Skip("fmt is not available")
	}
	for _, to := range []string{"json", "jsonl", "lan", "uci"} {
		mid := filepath.Join(dir, "x."+to)
		if _, errOut, code := runApp(t, "convert", "--to", to, "-o", mid, src); code != 0 {
			t.Fatalf("--to %s: exit %d: %s", to, code, errOut)
		}
		got, errOut, code := runApp(t, "convert", "--to", "pgn", mid)
		if code != 0 {
			t.Fatalf("%s -> pgn: exit %d: %s", to, code, errOut)
		}
		if to == "json" || to == "jsonl" {
			if got != want {
				t.Errorf("pgn -> %s -> pgn differs from fmt:\n%s\nwant\n%s", to, got, want)
			}
			continue
		}
		// LAN and UCI keep the tags and the main line's canonical SAN.
		for _, m := range []string{"Nxb1/b8=N", "K~g2 K~b7", "g3,Bh3,Nf3"} {
			if !strings.Contains(got, m) {
				t.Errorf("pgn -> %s -> pgn lacks %q:\n%s", to, m, got)
			}
		}
	}
	// Content detection: the same UCI without its extension.
	uci, _, _ := runApp(t, "convert", "--to", "uci", src)
	plain := filepath.Join(dir, "noext")
	if err := os.WriteFile(plain, []byte(uci), 0o644); err != nil {
		t.Fatal(err)
	}
	got, errOut, code := runApp(t, "convert", "--to", "lan", plain)
	if code != 0 || !strings.Contains(got, "Nc3xb1/b8=N") {
		t.Errorf("UCI by content: exit %d %s\n%s", code, errOut, got)
	}
}

func TestConvertOutputs(t *testing.T) {
	src := filepath.Join("..", "..", "formats", "testdata", "extensions.pgn")
	out, _, code := runApp(t, "convert", "--to", "pgn", "--plain", src)
	if code != 0 || !strings.Contains(out, "Nxb1 {conversion b8=N}") || strings.Contains(out, "K~") {
		t.Errorf("--plain: exit %d\n%s", code, out)
	}
	out, _, code = runApp(t, "convert", "--to", "fen", src)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	// Game 1: start + 5 plies; game 2: start + 14 plies.
	if code != 0 || len(lines) != 6+15 || !strings.HasPrefix(lines[1], "1\t1\tNxb1/b8=N\t1N1k4/") {
		t.Errorf("--to fen: exit %d, %d lines\n%s", code, len(lines), out)
	}
	out, _, code = runApp(t, "convert", "--to", "svg", "--game", "2", src)
	if code != 0 || !strings.HasPrefix(out, "<?xml") || strings.Count(out, "data-man=") != 32 {
		t.Errorf("--to svg: exit %d, %d men\n%.300s", code, strings.Count(out, "data-man="), out)
	}
	_, _, code = runApp(t, "convert", "--to", "svg", "--game", "9", src)
	if code != 2 {
		t.Errorf("--game 9 of 2: exit %d, want 2", code)
	}
	_, _, code = runApp(t, "convert", "--to", "docx", src)
	if code != 2 {
		t.Errorf("unknown target: exit %d, want 2", code)
	}
	// A game whose main line stops: written as far as it goes, exit 1.
	out, errOut, code := runApp(t, "convert", "--to", "uci", filepath.Join("..", "..", "formats", "testdata", "illegal.pgn"))
	if code != 1 || !strings.Contains(out, "e2e4 e7e5") || !strings.Contains(errOut, "Ke3") {
		t.Errorf("illegal game: exit %d\n%s\n%s", code, out, errOut)
	}
}

func TestShow(t *testing.T) {
	out, errOut, code := runApp(t, "show", "--letters", "testdata/leap-after-check.pgn")
	if code != 1 {
		t.Fatalf("a position with a violation: exit %d, want 1: %s", code, errOut)
	}
	golden(t, "show-violation", out)
	svg := filepath.Join(t.TempDir(), "v.svg")
	out, _, code = runApp(t, "show", "--move", "3b", "--svg", svg, "testdata/leap-after-check.pgn")
	if code != 0 || !strings.Contains(out, "last:     ply 6, Qh4+") || !strings.Contains(out, "leap: white has no leap, black may leap") {
		t.Errorf("--move 3b: exit %d\n%s", code, out)
	}
	data, err := os.ReadFile(svg)
	if err != nil || !bytes.Contains(data, []byte("marker-end")) {
		t.Errorf("--svg: %v\n%.200s", err, data)
	}
	out, _, code = runApp(t, "show", "--ply", "0", "testdata/leap-after-check.pgn")
	if code != 0 || !strings.Contains(out, "legal:    ") || !strings.Contains(out, "to move:  white") {
		t.Errorf("--ply 0: exit %d\n%s", code, out)
	}
	for _, bad := range [][]string{{"show", "--ply", "99", "testdata/leap-after-check.pgn"}, {"show", "--game", "2", "testdata/leap-after-check.pgn"}, {"show", "--move", "x", "testdata/leap-after-check.pgn"}} {
		if _, _, code := runApp(t, bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

func TestValidateSVGDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "svg")
	_, errOut, code := runApp(t, "validate", "--svg-dir", dir, "testdata/leap-after-check.pgn")
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errOut)
	}
	ents, err := os.ReadDir(dir)
	if err != nil || len(ents) != 1 || !strings.HasSuffix(ents[0].Name(), "-king-leap-unavailable.svg") {
		t.Fatalf("want one diagram for the one error, got %v (%v)", ents, err)
	}
}

// TestValidateSVGDirUserProfile: a profile loaded with --rules-file is
// drawn with its own board look (here a checkered chaturanga with modern
// figurines, where the built-in chaturanga is plain with the historical
// men), and the offending move still gets its
// arrow: the pictures use the finding's typed facts, not a lookup of the
// profile by name.
func TestValidateSVGDirUserProfile(t *testing.T) {
	tmp := t.TempDir()
	prof := filepath.Join(tmp, "checkered.toml")
	if err := os.WriteFile(prof, []byte("name = \"chaturanga-checkered\"\nbase = \"chaturanga\"\nboard = \"checkered\"\nboard-source = \"a test\"\nmen = \"figurine\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rec := filepath.Join(tmp, "g.pgn")
	if err := os.WriteFile(rec, []byte("[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1\"]\n\n1. Nc3 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args      []string
		checkered bool
	}{
		{[]string{"--rules-file", prof}, true},
		{[]string{"--rules", "chaturanga"}, false},
	} {
		dir := filepath.Join(tmp, fmt.Sprint(tc.checkered))
		args := append(append([]string{"validate", "--svg-dir", dir}, tc.args...), rec)
		_, errOut, code := runApp(t, args...)
		if code != 1 {
			t.Fatalf("%v: exit %d, want 1: %s", tc.args, code, errOut)
		}
		ents, err := os.ReadDir(dir)
		if err != nil || len(ents) != 1 {
			t.Fatalf("%v: want one diagram, got %v (%v)", tc.args, ents, err)
		}
		data, err := os.ReadFile(filepath.Join(dir, ents[0].Name()))
		if err != nil {
			t.Fatal(err)
		}
		// A checkered board is 64 square rectangles, a plain one a single cloth.
		squares := bytes.Count(data, []byte(`<rect x=`))
		if got := squares >= 64; got != tc.checkered {
			t.Errorf("%v: %d rectangles; checkered %v, want %v", tc.args, squares, got, tc.checkered)
		}
		if !bytes.Contains(data, []byte("marker-end")) {
			t.Errorf("%v: no arrow for the offending move", tc.args)
		}
		// The men too: the user's profile draws figurines (its legend names
		// the knight a knight), the built-in chaturanga the horse.
		if horse := bytes.Contains(data, []byte("knight (horse)")); horse == tc.checkered {
			t.Errorf("%v: the legend names the horse: %v, want %v", tc.args, horse, !tc.checkered)
		}
	}
}

// TestDiffInOrderUnequalFiles: pairing by order reads both files in step;
// the games left over on either side are reported as they were
// when B was read whole first: "only in A" for each, or "only in B (game
// n)", after the pairs.
func TestDiffInOrderUnequalFiles(t *testing.T) {
	dir := t.TempDir()
	game := func(w string) string {
		return "[Event \"e\"]\n[White \"" + w + "\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n"
	}
	short := filepath.Join(dir, "short.pgn")
	long := filepath.Join(dir, "long.pgn")
	if err := os.WriteFile(short, []byte(game("1")+game("2")), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(long, []byte(game("1")+game("2")+game("3")+game("4")), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := runApp(t, "diff", "--format", "json", short, long)
	if code != 1 || strings.Count(out, "only in "+long+" (game 3)") != 1 || strings.Count(out, "only in "+long+" (game 4)") != 1 || strings.Count(out, "only in ") != 2 {
		t.Errorf("short, long: exit %d\n%s", code, out)
	}
	out, _, code = runApp(t, "diff", "--format", "json", long, short)
	if code != 1 || strings.Count(out, "only in "+long) != 2 || !strings.Contains(out, "\"game\": 3") || !strings.Contains(out, "\"game\": 4") {
		t.Errorf("long, short: exit %d\n%s", code, out)
	}
	// Pairing by a key every game shares pairs them in the same order.
	byKey, _, _ := runApp(t, "diff", "--format", "json", "--by", "Event", long, short)
	if strings.Count(byKey, "only in "+long) != 2 {
		t.Errorf("--by Event: %s", byKey)
	}
}

// TestViewerOfOneGame: convert --to html --game N writes the page of that
// game alone, its section named by its number, without an index; the
// page of all the games has one, linking to each.
func TestViewerOfOneGame(t *testing.T) {
	t.Parallel()
	file := filepath.Join("..", "..", "corpus", "fide", "showcase.pgn")
	one, stderr, code := runAsh(t, "", "", "convert", "--to", "html", "--game", "3", file)
	if code != 0 {
		t.Fatalf("convert --to html --game 3: exit %d: %s", code, stderr)
	}
	if n := strings.Count(one, `<section class="game"`); n != 1 || !strings.Contains(one, `<section class="game" id="g3"`) || strings.Contains(one, `class="index"`) {
		t.Errorf("convert --to html --game 3 writes %d sections (game 3's: %v), an index: %v", n, strings.Contains(one, `id="g3"`), strings.Contains(one, `class="index"`))
	}
	all, stderr, code := runAsh(t, "", "", "convert", "--to", "html", file)
	if code != 0 {
		t.Fatalf("convert --to html: exit %d: %s", code, stderr)
	}
	games := strings.Count(all, `<section class="game"`)
	if games < 3 {
		t.Fatalf("the page of %s has %d games", file, games)
	}
	for i := 1; i <= games; i++ {
		if !strings.Contains(all, fmt.Sprintf(`<li><a href="#g%d">Game %d`, i, i)) || !strings.Contains(all, fmt.Sprintf(`<section class="game" id="g%d"`, i)) {
			t.Errorf("the index of the page of all the games does not link to game %d's section", i)
		}
	}
}
