package main

// The command line as a shell user and a CI job meet it: exit
// statuses, standard error, signals. Each test runs the built binary.

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Nothing checked is not success.
func TestNoGames(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, dir, "comment.pgn", "; exported by a program that found nothing\n{ and a comment }\n")
	writeFile(t, dir, "valid.pgn", validGame)
	if err := os.Mkdir(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A zip archive under a .pgn name (xz, gzip, bzip2 and zstd are read).
	zip := []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00")
	writeFile(t, dir, "packed.pgn", string(zip))

	// An empty directory: a message, exit 2.
	out, errOut, code := runAsh(t, dir, "", "validate", "empty")
	if code != 2 || !strings.Contains(errOut, "no game record in empty: nothing was checked") || out != "" {
		t.Errorf("empty directory: exit %d, stdout %q, stderr %q; want 2 and a message", code, out, errOut)
	}
	// Empty standard input.
	if _, errOut, code := runAsh(t, dir, "", "validate"); code != 2 || !strings.Contains(errOut, "no game record in <stdin>") {
		t.Errorf("empty stdin: exit %d, %q", code, errOut)
	}
	// A named file of comments only: a no-games warning, and exit 2 since
	// it is the only input.
	out, errOut, code = runAsh(t, dir, "", "validate", "--format", "jsonl", "comment.pgn")
	if code != 2 || !strings.Contains(out, `"rule":"no-games"`) || !strings.Contains(errOut, "nothing was checked") {
		t.Errorf("comment-only file: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// With a real game beside it: the warning, the game, exit 0.
	out, errOut, code = runAsh(t, dir, "", "validate", "comment.pgn", "valid.pgn")
	if code != 0 || !strings.Contains(out, "comment.pgn:1:1: warning: the file holds no game record") || errOut != "" {
		t.Errorf("comment-only file and a game: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// --strict makes the warning fail the run.
	if _, _, code := runAsh(t, dir, "", "validate", "--strict", "comment.pgn", "valid.pgn"); code != 1 {
		t.Errorf("--strict with a file without games: exit %d, want 1", code)
	}
	// A compressed format the tool cannot read is named, not read as text.
	out, errOut, code = runAsh(t, dir, "", "validate", "packed.pgn")
	if code != 2 || !strings.Contains(errOut, "packed.pgn") || !strings.Contains(errOut, "zip") || strings.Contains(out, "NUL") {
		t.Errorf("zip data under a .pgn name: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// A comment before the first game is not a game: the game is game 1,
	// as pgn-extract and python-chess number it.
	writeFile(t, dir, "header.pgn", "{ Games of the club, 1901 }\n\n"+validGame+"\n"+illegalGame)
	out, _, code = runAsh(t, dir, "", "validate", "--format", "jsonl", "header.pgn")
	var games []int
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var l struct {
			Kind string
			Game int
		}
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if l.Kind == "game" {
			games = append(games, l.Game)
		}
	}
	if code != 1 || len(games) != 2 || games[0] != 1 || games[1] != 2 {
		t.Errorf("comment then two games: exit %d, games %v; want exit 1, games [1 2]", code, games)
	}
	// convert and show number them alike; fmt keeps the comment.
	out, _, _ = runAsh(t, dir, "", "convert", "--to", "jsonl", "header.pgn")
	if n := strings.Count(strings.TrimSpace(out), "\n") + 1; n != 2 {
		t.Errorf("convert: %d games, want 2:\n%s", n, out)
	}
	if _, errOut, code := runAsh(t, dir, "", "show", "--game", "3", "header.pgn"); code != 2 || !strings.Contains(errOut, "has 2 games") {
		t.Errorf("show --game 3: exit %d, %q; want the file to have 2 games", code, errOut)
	}
	out, _, _ = runAsh(t, dir, "", "fmt", "header.pgn")
	if !strings.Contains(out, "Games of the club, 1901") {
		t.Errorf("fmt dropped the comment before the first game:\n%s", out)
	}
}

// Global flags stand before or after the command.
func TestGlobalFlagsBeforeCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, dir, "w.pgn", warningGame)
	before, _, c1 := runAsh(t, dir, "", "--rules", "shatranj", "--quiet", "--jobs", "1", "validate", "--format", "jsonl", "w.pgn")
	after, _, c2 := runAsh(t, dir, "", "validate", "--format", "jsonl", "w.pgn", "--rules", "shatranj", "--quiet", "--jobs", "1")
	if c1 != c2 || before != after || !strings.Contains(before, `"profile":"shatranj"`) {
		t.Errorf("flags before the command: exit %d, %q\nafter it: exit %d, %q", c1, before, c2, after)
	}
	// A global flag the command does not use is dropped: --color means
	// nothing to `rules list`.
	if out, errOut, code := runAsh(t, dir, "", "--color", "never", "--jobs", "2", "rules", "list"); code != 0 || !strings.Contains(out, "chaturanga") {
		t.Errorf("--color before rules list: exit %d: %s", code, errOut)
	}
}

// Did you mean: commands, flags (echoed as typed), profiles, rule ids.
func TestDidYouMean(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, dir, "v.pgn", validGame)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"valdate", "v.pgn"}, `unknown command "valdate" (did you mean validate?)`},
		{[]string{"rules", "shwo", "fide"}, `unknown command "shwo" of 'ashtapada rules' (did you mean show?)`},
		{[]string{"validate", "--fromat", "json", "v.pgn"}, `unknown flag --fromat for 'ashtapada validate' (did you mean --format?)`},
		{[]string{"validate", "-stirct", "v.pgn"}, `unknown flag -stirct for 'ashtapada validate' (did you mean --strict?)`},
		{[]string{"validate", "--rules", "chaturnga", "v.pgn"}, `unknown profile "chaturnga" (did you mean chaturanga?)`},
		{[]string{"--rules", "chatrang", "validate", "v.pgn"}, `(did you mean chaturanga or shatranj?)`},
		{[]string{"validate", "--explain", "ilegal-move"}, `no rule "ilegal-move" (did you mean illegal-move?)`},
	}
	for _, c := range cases {
		out, errOut, code := runAsh(t, dir, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) || out != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// --max-errors says that it stopped and what it left out; the exit status
// still covers every game.
func TestMaxErrorsSaysWhatItLeftOut(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var b strings.Builder
	for i := 0; i < 5; i++ {
		b.WriteString(illegalGame + "\n")
	}
	writeFile(t, dir, "five.pgn", b.String())
	out, errOut, code := runAsh(t, dir, "", "validate", "--max-errors", "2", "five.pgn")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if n := strings.Count(out, "[illegal-move]"); n != 2 {
		t.Errorf("%d findings shown, want 2:\n%s", n, out)
	}
	if want := "ashtapada: --max-errors 2: stopped showing findings after 2 errors; 3 more findings (3 errors) in 3 games left out"; !strings.Contains(errOut, want) {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
}

// Variations are checked by default; an error in one names its path;
// --no-variations skips them.
func TestVariationsCheckedByDefault(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, dir, "var.pgn", `[Event "v"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. e4 e5 (1... c5 2. Nf3) (1... d5 2. exd5 (2. Ke3)) 2. Nf3 *
`)
	out, _, code := runAsh(t, dir, "", "validate", "var.pgn")
	if code != 1 || !strings.Contains(out, "var.pgn:9:48: error: no white king can move to e3 [illegal-move]") ||
		!strings.Contains(out, "ply 3 (2. Ke3), in variation 2.1,") {
		t.Errorf("default: exit %d:\n%s", code, out)
	}
	out, _, code = runAsh(t, dir, "", "validate", "--no-variations", "var.pgn")
	if code != 0 || strings.Contains(out, "illegal-move") {
		t.Errorf("--no-variations: exit %d:\n%s", code, out)
	}
}

// Ctrl-C while convert writes its output file: exit 130 and no file left,
// neither the output nor its temporary file.
func TestInterruptLeavesNoPartialFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cmd := exec.Command(ashBinary, "convert", "--to", "jsonl", "-o", "out.jsonl", "-")
	cmd.Dir = dir
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(in, validGame+"\n")
	// Wait for the temporary file: convert is then writing.
	deadline := time.Now().Add(20 * time.Second)
	for {
		entries, _ := os.ReadDir(dir)
		if len(entries) > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("convert created no temporary file")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	in.Close()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	}
	if code != 130 {
		t.Errorf("exit %d after SIGINT, want 130 (stderr %q)", code, errb.String())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files left after the interrupt: %v", entries)
	}
}

// A closed pipe on standard output ends the run quietly.
func TestClosedPipeIsQuiet(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var b strings.Builder
	for i := 0; i < 3000; i++ {
		b.WriteString(validGame + "\n")
	}
	writeFile(t, dir, "many.pgn", b.String())
	for _, args := range [][]string{
		{"validate", "--verbose", "--jobs", "1", "many.pgn"},
		{"fmt", "many.pgn"},
		{"convert", "--to", "jsonl", "many.pgn"},
	} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(ashBinary, args...)
		cmd.Dir = dir
		cmd.Stdout = w
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		w.Close()
		buf := make([]byte, 100)
		io.ReadFull(r, buf) // read a little, then go away like `head -c 100`
		r.Close()
		err = cmd.Wait()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			if st, ok := ee.Sys().(syscall.WaitStatus); ok && st.Signaled() {
				t.Fatalf("%q: killed by %v instead of ending itself", args, st.Signal())
			}
			code = ee.ExitCode()
		}
		if code != 141 || errb.String() != "" {
			t.Errorf("%q: exit %d, stderr %q; want 141 and nothing on standard error", args, code, errb.String())
		}
	}
}

// Reading standard input from a terminal ends at the first Ctrl-D: once
// at the end, the input stays there, even if the terminal would read on.
func TestStdinLatchStopsAtFirstEOF(t *testing.T) {
	tty := &ttyLike{chunks: []string{"1. e4 *\n", "", "more typed after Ctrl-D\n"}}
	l := &stdinLatch{r: tty}
	got, err := io.ReadAll(l)
	if err != nil || string(got) != "1. e4 *\n" {
		t.Fatalf("read %q, %v", got, err)
	}
	if n, err := l.Read(make([]byte, 10)); n != 0 || err != io.EOF {
		t.Errorf("after the end: %d, %v; want 0, EOF", n, err)
	}
}

// ttyLike reads like a terminal: an empty chunk is a Ctrl-D (0, EOF), and
// reading on gives what is typed next.
type ttyLike struct{ chunks []string }

func (t *ttyLike) Read(b []byte) (int, error) {
	if len(t.chunks) == 0 {
		return 0, io.EOF
	}
	c := t.chunks[0]
	t.chunks = t.chunks[1:]
	if c == "" {
		return 0, io.EOF
	}
	return copy(b, c), nil
}

// Small things of the shell: show --svg - writes the picture alone to
// standard output; convert from UCI ends each game with a termination
// marker; JSON keeps <, > and & readable.
func TestSmallShellFixes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, dir, "v.pgn", strings.Replace(validGame, "1. e4 e5", "1. e4 {<good> & bold} e5", 1))
	out, errOut, code := runAsh(t, dir, "", "show", "--svg", "-", "--ply", "2", "v.pgn")
	if code != 0 || !strings.HasPrefix(strings.TrimSpace(out), "<svg") && !strings.HasPrefix(out, "<?xml") || !strings.HasSuffix(strings.TrimSpace(out), "</svg>") {
		t.Errorf("show --svg -: exit %d, stderr %q, stdout starts %.80q ends %.40q", code, errOut, out, out[max(0, len(out)-40):])
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
		t.Errorf("show --svg - wrote a file named -")
	}

	writeFile(t, dir, "g.uci", "e2e4 e7e5 g1f3\n")
	out, _, code = runAsh(t, dir, "", "convert", "--from", "uci", "--to", "pgn", "g.uci")
	if code != 0 || strings.TrimSpace(out) != "1. e4 e5 2. Nf3 *" {
		t.Errorf("convert --from uci --to pgn: exit %d, %q; want the moves and `*`", code, out)
	}

	for _, args := range [][]string{
		{"validate", "--format", "json", "--verbose", "v.pgn"},
		{"validate", "--format", "jsonl", "v.pgn"},
		{"validate", "--format", "sarif", "v.pgn"},
		{"convert", "--to", "json", "v.pgn"},
		{"convert", "--to", "jsonl", "v.pgn"},
		{"detect", "--format", "json", "v.pgn"},
		{"detect", "--format", "jsonl", "v.pgn"},
	} {
		// A syntax error quotes the token: `<x>&y`.
		writeFile(t, dir, "w.pgn", strings.Replace(warningGame, "e5 *", "e5 <x>&y *", 1))
		file := args[len(args)-1]
		if args[0] != "convert" {
			args[len(args)-1] = "w.pgn"
			file = "w.pgn"
		}
		out, _, _ := runAsh(t, dir, "", args...)
		if strings.Contains(out, `\u003c`) || strings.Contains(out, `\u0026`) || strings.Contains(out, `\u003e`) {
			t.Errorf("%q escapes <, > or &: %.300s", args, out)
		}
		if args[0] != "convert" && !strings.Contains(out, "<x>&y") {
			t.Errorf("%q: the message does not quote `<x>&y` as written: %.300s", args, out)
		}
		if args[0] == "convert" && !strings.Contains(out, "<good> & bold") {
			t.Errorf("%q: the comment of %s is not in the output as written: %.300s", args, file, out)
		}
	}
}

// A new error never hides behind an old one in the baseline: findings are
// fingerprinted by rule, game and the text around them, so fixing one
// broken game and breaking another fails the run and names the new one,
// even for syntax errors in games whose tags could not be read. A run over
// some of the files says nothing about the others' entries.
func TestBaselineFingerprints(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// Games without tags, as many exports write them: their keys used to
	// be empty, all alike.
	brokenA := "1. e4 e5 2. Nf3 Zz9 *\n\n"
	goodB := "1. d4 d5 2. c4 e6 *\n\n"
	fixedA := "1. e4 e5 2. Nf3 Nc6 *\n\n"
	brokenB := "1. d4 d5 2. c4 Qq7 *\n\n"
	writeFile(t, dir, "games.pgn", brokenA+goodB)
	writeFile(t, dir, "other.pgn", illegalGame)
	if _, errOut, code := runAsh(t, dir, "", "validate", "--write-baseline", "base.json", "games.pgn", "other.pgn"); code != 0 {
		t.Fatalf("--write-baseline: exit %d, %s", code, errOut)
	}
	// SARIF carries the same fingerprints as partialFingerprints.
	sarif, _, _ := runAsh(t, dir, "", "validate", "--format", "sarif", "games.pgn", "other.pgn")
	base, _ := os.ReadFile(filepath.Join(dir, "base.json"))
	var doc struct {
		Runs []struct {
			Results []struct {
				PartialFingerprints map[string]string
			}
		}
	}
	if err := json.Unmarshal([]byte(sarif), &doc); err != nil || len(doc.Runs) != 1 || len(doc.Runs[0].Results) == 0 {
		t.Fatalf("sarif: %v", err)
	}
	for _, r := range doc.Runs[0].Results {
		fp := r.PartialFingerprints["ashtapadaFinding/v2"]
		if fp == "" || !strings.Contains(string(base), `"fingerprint": "`+fp+`"`) {
			t.Errorf("SARIF fingerprint %q is not in the baseline", fp)
		}
	}
	// Lines added above and the games swapped: still known.
	writeFile(t, dir, "games.pgn", "\n\n{ a header comment }\n\n"+goodB+brokenA)
	if out, errOut, code := runAsh(t, dir, "", "validate", "--baseline", "base.json", "games.pgn", "other.pgn"); code != 0 || strings.TrimSpace(out) != "" {
		t.Errorf("moved and reordered: exit %d, out %q, stderr %q", code, out, errOut)
	}
	// One fixed, the other broken: exit 1, the new one named, the fixed
	// one listed as gone.
	writeFile(t, dir, "games.pgn", fixedA+brokenB)
	out, errOut, code := runAsh(t, dir, "", "validate", "--baseline", "base.json", "games.pgn", "other.pgn")
	if code != 1 || !strings.Contains(out, "Qq7") || strings.Contains(out, "Zz9") {
		t.Errorf("fix one, break another: exit %d, out %q; want 1 and the finding at Qq7", code, out)
	}
	if !strings.Contains(errOut, "1 finding no longer occurs") || !strings.Contains(errOut, "Zz9") {
		t.Errorf("the fixed finding is not listed as gone: %q", errOut)
	}
	// Only other.pgn given (as pre-commit passes the changed files): no
	// word about the entries of games.pgn.
	_, errOut, code = runAsh(t, dir, "", "validate", "--baseline", "base.json", "other.pgn")
	if code != 0 || strings.Contains(errOut, "no longer occur") {
		t.Errorf("a subset of the files: exit %d, stderr %q", code, errOut)
	}
}

// Help is wrapped to 80 columns when standard output is not a terminal,
// names no file a user of the binary does not have, and the man page has
// exit status, environment, examples and real defaults.
func TestHelpAndManual(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--help"}, {"validate", "--help"}, {"fmt", "--help"}, {"convert", "--help"},
		{"diff", "--help"}, {"show", "--help"}, {"rules", "--help"}, {"rules", "show", "--help"}, {"perft", "--help"}, {"completion", "--help"}} {
		out, _, code := runAsh(t, "", "", args...)
		if code != 0 || !strings.Contains(out, "USAGE") {
			t.Errorf("%q: exit %d", args, code)
		}
		for _, line := range strings.Split(out, "\n") {
			if n := len([]rune(line)); n > 80 {
				t.Errorf("%q: a line of %d columns: %q", args, n, line)
			}
		}
		for _, bad := range []string{"docs/", "notation.md", "spec/"} {
			if strings.Contains(strings.ReplaceAll(out, "/blob/main/docs/", ""), bad) {
				t.Errorf("%q names %s, which a user of the binary does not have", args, bad)
			}
		}
	}
	out, _, code := runAsh(t, "", "", "man")
	if code != 0 {
		t.Fatalf("man: exit %d", code)
	}
	for _, want := range []string{".SH EXIT STATUS", ".SH ENVIRONMENT", "NO_COLOR", ".SH EXAMPLES", "(default: the number of cores)", "--max-token\\fP=\\fIvalue\\fP"} {
		if !strings.Contains(out, want) {
			t.Errorf("man page lacks %q", want)
		}
	}
	if strings.Contains(out, `=""`) {
		t.Errorf("man page shows =\"\" for a value")
	}
	// Wrapping itself: continuation lines go under the second column.
	got := wrapHelp("   --format value   report format: github, json, jsonl, junit, sarif, text", 40)
	want := "   --format value   report format:\n                    github, json, jsonl,\n                    junit, sarif, text"
	if got != want {
		t.Errorf("wrapHelp:\n%s\nwant\n%s", got, want)
	}
}

// Games typed at a terminal: no progress bar draws over them, and the
// first Ctrl-D ends the input. `script` gives the command a terminal.
func TestTypedInputAtATerminal(t *testing.T) {
	t.Parallel()
	scriptCmd, err := exec.LookPath("script")
	if err != nil {
		t.Skip("no script(1) to give the command a terminal")
	}
	cmd := exec.Command(scriptCmd, "-qec", ashBinary+" validate --verbose --progress auto --color never", "/dev/null")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	io.WriteString(in, "1. e4 e5 *\n")
	time.Sleep(700 * time.Millisecond)
	io.WriteString(in, "\x04") // one Ctrl-D
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("still reading after one Ctrl-D; output %q", out.String())
	}
	in.Close()
	got := out.String()
	if !strings.Contains(got, "<stdin>: game 1: fide, 2 plies") {
		t.Errorf("the typed game was not checked: %q", got)
	}
	if strings.Contains(got, "games/s") {
		t.Errorf("a progress bar was drawn over the typed input: %q", got)
	}
}
