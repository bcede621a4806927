package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// The malformed-input corpus: testdata/malformed/*.pgn, written by
// scripts/gen-malformed, each with its expected outcome in a .expect file
// beside it. The .expect files are rewritten only on purpose, and reviewed:
//
//	go test ./cmd/ashtapada -run TestMalformedCorpus -update-malformed
//
// Besides the expected outcome, every file is held to what
// docs/robustness.md, "Guarantees", promises of any input, whatever the
// golden says: the process ends normally (no panic, no stack overflow: exit
// 0 or 1, never a crash or exit 2), every finding has a position, and every
// well-formed game in the file (the "sentinel" games with Event "ok") is
// still read and found valid.
var updateMalformed = flag.Bool("update-malformed", false, "rewrite testdata/malformed/*.expect from the current output")

// sentinel is the well-formed game scripts/gen-malformed puts around each
// broken record: seven plies to checkmate under fide.
const sentinel = "[Event \"ok\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n" +
	"[White \"w\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"

// cleanCases are the files of the corpus that are accepted without any
// finding, each for the reason docs/robustness.md, "What each kind of
// malformed input yields", gives. Every other file must produce at least
// one positioned finding.
var cleanCases = map[string]string{
	"crlf-sentinels.pgn":                "CRLF line ends are accepted (docs/notation.md)",
	"cr-only-line-ends.pgn":             "old Mac line ends are line ends",
	"games-without-blank-lines.pgn":     "the splitter starts a game at a tag line after movetext",
	"movetext-only-games.pgn":           "games without tags, one per line (fide by default, no roster warning)",
	"tag-escaped-quote-ok.pgn":          "escaped quotes are correct PGN",
	"tag-duplicate.pgn":                 "PGN does not forbid a repeated tag; the first one counts",
	"tag-long-name.pgn":                 "a 5000-byte tag name is within --max-token",
	"deep-variation-100.pgn":            "100 levels is within --max-depth",
	"empty-variation.pgn":               "an empty variation is read and kept",
	"variation-at-start.pgn":            "a variation before the first move is kept (nothing to branch from)",
	"escape-in-movetext.pgn":            "a % escape line is allowed anywhere at the start of a line",
	"tab-and-vt-separators.pgn":         "all ASCII white space separates tokens",
	"unclosed-comment-nested-brace.pgn": "comments do not nest: the first } closes it",
	"result-only.pgn":                   "a game of no moves and the result * is valid PGN",
	"marker-only-game-after-game.pgn":   "a line of only a marker after a game is a game of no moves (as fmt writes an empty tagless game)",
}

// noGameCases hold no game at all: validate names the file in a no-games
// warning and exits 2, since nothing was checked (docs/ci.md).
var noGameCases = map[string]bool{
	"empty.pgn": true, "whitespace-spaces.pgn": true, "whitespace-lines.pgn": true,
	"bom-only.pgn": true, "comment-only.pgn": true, "escape-only.pgn": true,
}

// expectFile is the expected outcome of one file of the corpus.
type expectFile struct {
	Exit     int             `json:"exit"`
	Games    []expectGame    `json:"games"`
	Findings []expectFinding `json:"findings"`
}

type expectGame struct {
	Game    int    `json:"game"`
	Plies   int    `json:"plies"`
	Outcome string `json:"outcome"`
	Valid   bool   `json:"valid"`
}

type expectFinding struct {
	Game     int    `json:"game"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
}

// reportLine is what the test reads of a `validate --format jsonl` line.
type reportLine struct {
	Kind     string `json:"kind"`
	File     string `json:"file"`
	Game     int    `json:"game"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Plies    int    `json:"plies"`
	Outcome  string `json:"outcome"`
	Valid    bool   `json:"valid"`
	Message  string `json:"message"`
}

// validateRun is one run of the binary on one file.
type validateRun struct {
	exit     int
	stdout   string
	stderr   string
	games    []reportLine
	findings []reportLine
	maxRSSKB int64
}

// runValidate runs `ashtapada validate --format jsonl` on file (relative to
// dir) with extra flags.
func runValidate(t *testing.T, dir, file string, extra ...string) validateRun {
	t.Helper()
	return validateOnce(t, dir, file, false, extra...)
}

// runValidateMeasured is runValidate that measures the process's peak
// memory too (through the launcher, a second process).
func runValidateMeasured(t *testing.T, dir, file string, extra ...string) validateRun {
	t.Helper()
	return validateOnce(t, dir, file, true, extra...)
}

func validateOnce(t *testing.T, dir, file string, measure bool, extra ...string) validateRun {
	t.Helper()
	args := append([]string{"validate", "--format", "jsonl"}, extra...)
	args = append(args, file)
	cmd, peakKB := exec.Command(ashBinary, args...), func() int64 { return 0 }
	if measure {
		cmd, peakKB = measuredCommand(t, args...)
	}
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := validateRun{stdout: out.String(), stderr: errb.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.exit = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running ashtapada: %v", err)
	}
	r.maxRSSKB = peakKB() // kilobytes on Linux
	sc := bufio.NewScanner(strings.NewReader(r.stdout))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var l reportLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("%s: output line %.200q is not JSON: %v", file, sc.Text(), err)
		}
		switch l.Kind {
		case "game":
			r.games = append(r.games, l)
		case "finding":
			r.findings = append(r.findings, l)
		default:
			t.Fatalf("%s: output line of kind %q", file, l.Kind)
		}
	}
	return r
}

// checkSurvived holds a run to what any input must give: a normal end,
// positioned findings, games numbered in order, an exit status that agrees
// with the findings.
func checkSurvived(t *testing.T, name string, r validateRun) {
	t.Helper()
	for _, bad := range []string{"panic", "goroutine ", "fatal error", "stack overflow"} {
		if strings.Contains(r.stderr, bad) {
			t.Fatalf("%s: the process crashed (%q on standard error):\n%.2000s", name, bad, r.stderr)
		}
	}
	if r.exit != 0 && r.exit != 1 {
		t.Fatalf("%s: exit %d, want 0 or 1 (a malformed record is a finding, not a failure of the tool)\n%.2000s", name, r.exit, r.stderr)
	}
	errs := 0
	for _, f := range r.findings {
		if f.Line < 1 || f.Column < 1 {
			t.Errorf("%s: finding %s of game %d has no position (%d:%d)", name, f.Rule, f.Game, f.Line, f.Column)
		}
		if f.Severity == "error" {
			errs++
		}
	}
	if want := map[bool]int{true: 1, false: 0}[errs > 0]; r.exit != want {
		t.Errorf("%s: exit %d with %d error findings", name, r.exit, errs)
	}
	for i, g := range r.games {
		if g.Game != i+1 {
			t.Fatalf("%s: game line %d is for game %d: games lost or out of order", name, i+1, g.Game)
		}
	}
}

// sentinelsChecked checks that at least as many games as data has
// sentinels were found valid with the sentinel's seven plies to checkmate:
// a broken record never takes the good games around it down with it.
func sentinelsChecked(t *testing.T, name string, want int, r validateRun) {
	t.Helper()
	got := 0
	for _, g := range r.games {
		if g.Valid && g.Plies == 7 && g.Outcome == "checkmate" {
			got++
		}
	}
	if got < want {
		t.Errorf("%s: %d well-formed games in the file, only %d checked and found valid", name, want, got)
	}
}

// countSentinels counts the well-formed sentinel games in data, each at
// the start of a line.
func countSentinels(data []byte) int {
	want := 0
	for _, s := range []string{sentinel, strings.ReplaceAll(sentinel, "\n", "\r\n")} {
		for i := 0; ; {
			j := bytes.Index(data[i:], []byte(s))
			if j < 0 {
				break
			}
			if at := i + j; at == 0 || data[at-1] == '\n' {
				want++
			}
			i += j + 1
		}
	}
	return want
}

func malformedDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "malformed"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestMalformedCorpus(t *testing.T) {
	dir := malformedDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "*.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 100 {
		t.Fatalf("%d files in %s, want at least 100 (run scripts/gen-malformed)", len(files), dir)
	}
	update := *updateMalformed || os.Getenv("ASHTAPADA_UPDATE_MALFORMED") == "1"
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(strings.TrimSuffix(name, ".pgn"), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			r := runValidate(t, dir, name, "--jobs", "2")
			if noGameCases[name] {
				if r.exit != 2 || !strings.Contains(r.stderr, "no game record in "+name) ||
					len(r.findings) != 1 || r.findings[0].Rule != "no-games" || len(r.games) != 0 {
					t.Errorf("%s: exit %d, findings %+v, games %d, stderr %q; want exit 2, one no-games warning, no game, a message",
						name, r.exit, r.findings, len(r.games), r.stderr)
				}
			} else {
				checkSurvived(t, name, r)
			}
			sentinelsChecked(t, name, countSentinels(data), r)
			if _, clean := cleanCases[name]; clean && len(r.findings) > 0 {
				t.Errorf("%s: listed as clean (%s) but has %d findings, the first %s at %d:%d",
					name, cleanCases[name], len(r.findings), r.findings[0].Rule, r.findings[0].Line, r.findings[0].Column)
			} else if !clean && len(r.findings) == 0 {
				t.Errorf("%s: no finding; every malformed input must be pointed at (or listed in cleanCases with a reason)", name)
			}
			got := toExpect(r)
			expPath := strings.TrimSuffix(path, ".pgn") + ".expect"
			if update {
				b, err := json.MarshalIndent(got, "", "  ")
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(expPath, append(b, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			b, err := os.ReadFile(expPath)
			if err != nil {
				t.Fatalf("no expected outcome: %v (write it with -update-malformed and review it)", err)
			}
			var want expectFile
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatalf("%s: %v", expPath, err)
			}
			if d := diffExpect(want, got); d != "" {
				t.Errorf("%s: outcome differs from %s:\n%s", name, filepath.Base(expPath), d)
			}
		})
	}
}

func toExpect(r validateRun) expectFile {
	e := expectFile{Exit: r.exit, Games: []expectGame{}, Findings: []expectFinding{}}
	for _, g := range r.games {
		e.Games = append(e.Games, expectGame{Game: g.Game, Plies: g.Plies, Outcome: g.Outcome, Valid: g.Valid})
	}
	for _, f := range r.findings {
		e.Findings = append(e.Findings, expectFinding{Game: f.Game, Line: f.Line, Column: f.Column, Rule: f.Rule, Severity: f.Severity})
	}
	return e
}

// diffExpect names each difference between the expected and the actual
// outcome, one per line.
func diffExpect(want, got expectFile) string {
	var d []string
	if want.Exit != got.Exit {
		d = append(d, fmt.Sprintf("exit %d, want %d", got.Exit, want.Exit))
	}
	if fmt.Sprint(want.Games) != fmt.Sprint(got.Games) {
		d = append(d, fmt.Sprintf("games %+v\n  want %+v", got.Games, want.Games))
	}
	key := func(f expectFinding) string {
		return fmt.Sprintf("game %d %d:%d %s %s", f.Game, f.Line, f.Column, f.Severity, f.Rule)
	}
	w, g := map[string]int{}, map[string]int{}
	for _, f := range want.Findings {
		w[key(f)]++
	}
	for _, f := range got.Findings {
		g[key(f)]++
	}
	var keys []string
	for k := range w {
		keys = append(keys, k)
	}
	for k := range g {
		if _, ok := w[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch {
		case g[k] < w[k]:
			d = append(d, "missing: "+k)
		case g[k] > w[k]:
			d = append(d, "unexpected: "+k)
		}
	}
	return strings.Join(d, "\n")
}

// hugeCase is a malformed input too large to commit: it is
// generated at test time. Each stands between two sentinel games.
type hugeCase struct {
	name string
	gen  func(b *bufio.Writer)
	// flags are extra validate flags (raising a limit).
	flags []string
	// rule is the finding the broken game must get ("" for none), and
	// line its line (0: any).
	rule string
	line int
	// plies is the broken game's expected ply count (-1: not checked).
	plies int
	// maxRSSMB bounds the process's peak memory.
	maxRSSMB int64
	long     bool // only with ASHTAPADA_LONG=1
	// maxFindings, when not 0, bounds the broken game's findings in the
	// report; maxMessage, when not 0, the length of
	// each of their messages.
	maxFindings, maxMessage int
}

// brokenTags is a header of the broken game; the sentinel before it has 9
// lines (tags, blank line, movetext), the blank line after it one more.
const brokenTags = "[Event \"huge\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n" +
	"[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n"

// brokenMoveLine is the line of the broken game's movetext: sentinel (9
// lines) + blank + 7 tags + blank.
const brokenMoveLine = 9 + 1 + 7 + 1 + 1

func shuffle(b *bufio.Writer, plies int, sep string) {
	moves := [4]string{"Nf3", "Nf6", "Ng1", "Ng8"}
	for i := 0; i < plies; i++ {
		if i%2 == 0 {
			fmt.Fprintf(b, "%d. ", i/2+1)
		}
		b.WriteString(moves[i%4])
		b.WriteString(sep)
	}
}

var hugeCases = []hugeCase{
	{name: "comment-50mb", rule: "limit", line: brokenMoveLine, plies: 0, maxRSSMB: 128, gen: func(b *bufio.Writer) {
		b.WriteString(brokenTags + "\n1. e4 {")
		for i := 0; i < 50<<20/8; i++ {
			b.WriteString("comment ")
		}
		b.WriteString("} e5 *\n")
	}},
	{name: "deep-10000", rule: "limit", line: brokenMoveLine, plies: 0, maxRSSMB: 64, gen: func(b *bufio.Writer) {
		b.WriteString(brokenTags + "\n1. e4 ")
		b.WriteString(strings.Repeat("(1. d4 ", 10000))
		b.WriteString(strings.Repeat(")", 10000))
		b.WriteString(" e5 *\n")
	}},
	{name: "deep-10000-raised", flags: []string{"--max-depth", "20000"}, plies: 2, maxRSSMB: 400, gen: func(b *bufio.Writer) {
		b.WriteString(brokenTags + "\n1. e4 ")
		b.WriteString(strings.Repeat("(1. d4 ", 10000))
		b.WriteString(strings.Repeat(")", 10000))
		b.WriteString(" e5 *\n")
	}},
	{name: "deep-10000-unclosed", rule: "limit", line: brokenMoveLine, plies: 0, maxRSSMB: 64, gen: func(b *bufio.Writer) {
		b.WriteString(brokenTags + "\n1. e4 ")
		b.WriteString(strings.Repeat("(1. d4 ", 10000))
		b.WriteString(" e5 *\n")
	}},
	{name: "line-1mb-comment", rule: "limit", line: brokenMoveLine, plies: 0, maxRSSMB: 160, gen: func(b *bufio.Writer) {
		b.WriteString(brokenTags + "\n1. e4 {")
		b.WriteString(strings.Repeat("x", 1<<20))
		b.WriteString("} e5 *\n")
	}},
	{name: "line-1mb-comment-raised", flags: []string{"--max-token", "2000000"}, plies: 2, maxRSSMB: 160, gen: func(b *bufio.Writer) {
		b.WriteString(brokenTags + "\n1. e4 {")
		b.WriteString(strings.Repeat("x", 1<<20))
		b.WriteString("} e5 *\n")
	}},
	{name: "line-1mb-moves", rule: "illegal-move", line: brokenMoveLine, plies: 140000, maxRSSMB: 300, gen: func(b *bufio.Writer) {
		// A whole game on one line of about 1 MB, broken by its last move.
		b.WriteString("[Variant \"chaturanga-gollon\"]\n" + brokenTags[len("[Event \"huge\"]\n"):] + "\n")
		shuffle(b, 140000, " ")
		b.WriteString("Ke4 *\n")
	}},
	{name: "plies-100k", rule: "illegal-move", plies: 100000, maxRSSMB: 300, gen: func(b *bufio.Writer) {
		b.WriteString(brokenTags + "[Variant \"hindustani\"]\n\n")
		shuffle(b, 100000, "\n")
		b.WriteString("Ke4 *\n")
	}},
	{name: "game-too-large", flags: []string{"--max-game-bytes", "100000"}, rule: "limit", line: 0, plies: 0, maxRSSMB: 160, gen: func(b *bufio.Writer) {
		b.WriteString(brokenTags + "\n")
		shuffle(b, 100000, "\n")
		b.WriteString("*\n")
	}},
	// One game of 50,000 wrong check marks reports 100 of
	// them and a note, not 50,000.
	{name: "check-marks-50000", rule: "check-mark", line: brokenMoveLine, plies: 1, maxRSSMB: 300, maxFindings: 101, gen: func(b *bufio.Writer) {
		b.WriteString(brokenTags + "\n1. e4+ ")
		b.WriteString(strings.Repeat("(1. d4+) ", 50000))
		b.WriteString("*\n")
	}},
	// A message quotes a bounded slice of a 2 MB token,
	// also with the token limit lifted; the move before it is replayed.
	{name: "token-2mb-no-limit", flags: []string{"--max-token", "0", "--max-game-bytes", "0"}, rule: "syntax", line: brokenMoveLine, plies: 1, maxRSSMB: 300, maxMessage: 300, gen: func(b *bufio.Writer) {
		b.WriteString(brokenTags + "\n1. e4 ")
		b.WriteString(strings.Repeat("Z", 2<<20))
		b.WriteString(" e5 *\n")
	}},
	// A game of 1.8 MB (read in parts) and one of 15 MB,
	// within the default --max-game-bytes, broken by their last move, in
	// a bounded multiple of their size with two workers.
	{name: "game-1.8mb-illegal-last", rule: "illegal-move", plies: 250000, maxRSSMB: 64, gen: func(b *bufio.Writer) {
		b.WriteString("[Variant \"chaturanga-gollon\"]\n" + brokenTags[len("[Event \"huge\"]\n"):] + "\n")
		shuffle(b, 250000, "\n")
		b.WriteString("Ke4 *\n")
	}},
	// The same game read in parts, broken by a token it cannot read: the
	// moves before it are replayed in parts, as read whole.
	{name: "game-1.8mb-syntax-last", rule: "syntax", plies: 250000, maxRSSMB: 64, gen: func(b *bufio.Writer) {
		b.WriteString("[Variant \"chaturanga-gollon\"]\n" + brokenTags[len("[Event \"huge\"]\n"):] + "\n")
		shuffle(b, 250000, "\n")
		b.WriteString("@@@ Ke4 *\n")
	}},
	{name: "game-15mb-illegal-last", long: true, rule: "illegal-move", plies: 2000000, maxRSSMB: 200, gen: func(b *bufio.Writer) {
		b.WriteString("[Variant \"chaturanga-gollon\"]\n" + brokenTags[len("[Event \"huge\"]\n"):] + "\n")
		shuffle(b, 2000000, "\n")
		b.WriteString("Ke4 *\n")
	}},
	// Variations nested 1,000,000 deep with --max-depth 0
	// (the most the reader nests) are a limit error, not a stack overflow.
	{name: "deep-1000000-max-depth-0", flags: []string{"--max-depth", "0", "--max-game-bytes", "0"}, rule: "limit", line: brokenMoveLine, plies: 0, maxRSSMB: 600, gen: func(b *bufio.Writer) {
		b.WriteString(brokenTags + "\n1. e4 ")
		b.WriteString(strings.Repeat("(1. d4 ", 1000000))
		b.WriteString(strings.Repeat(")", 1000000))
		b.WriteString(" e5 *\n")
	}},
}

// TestMalformedHuge runs the generated huge inputs through the binary:
// each must give its positioned finding, leave the sentinel games around it
// checked, and stay within a memory bound.
func TestMalformedHuge(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	long := testenv.IsLong()
	for _, hc := range hugeCases {
		t.Run(hc.name, func(t *testing.T) {
			if hc.long && !long {
				t.Skip("set ASHTAPADA_LONG=1 to run")
			}
			// Written straight to disk, not held: the tests beside this
			// one run in the same process.
			name := hc.name + ".pgn"
			f, err := os.Create(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			b := bufio.NewWriter(f)
			b.WriteString(sentinel + "\n")
			hc.gen(b)
			b.WriteString("\n" + sentinel)
			if err := b.Flush(); err != nil {
				t.Fatal(err)
			}
			fi, err := f.Stat()
			if err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			r := runValidateMeasured(t, dir, name, append([]string{"--jobs", "2"}, hc.flags...)...)
			t.Logf("%s: %d bytes, peak RSS %d KB, exit %d", name, fi.Size(), r.maxRSSKB, r.exit)
			checkSurvived(t, name, r)
			sentinelsChecked(t, name, 2, r)
			if len(r.games) != 3 {
				t.Fatalf("%d games, want 3 (sentinel, huge, sentinel)", len(r.games))
			}
			var found []string
			for _, f := range r.findings {
				if f.Game != 2 {
					continue
				}
				if hc.maxMessage > 0 && len(f.Message) > hc.maxMessage {
					t.Errorf("a message of %d bytes: %.200s...", len(f.Message), f.Message)
				}
				found = append(found, fmt.Sprintf("%s %d:%d", f.Rule, f.Line, f.Column))
				if hc.rule != "" && f.Rule == hc.rule && (hc.line == 0 || f.Line == hc.line) {
					hc.rule = "" // found
				}
			}
			if hc.rule != "" {
				t.Errorf("no %s finding at line %d; findings of the game: %v", hc.rule, hc.line, found)
			}
			if hc.maxFindings > 0 && len(found) > hc.maxFindings {
				t.Errorf("game 2: %d findings in the report, want at most %d", len(found), hc.maxFindings)
			}
			if hc.plies >= 0 && r.games[1].Plies != hc.plies {
				t.Errorf("game 2: %d plies, want %d", r.games[1].Plies, hc.plies)
			}
			if r.maxRSSKB > hc.maxRSSMB<<10 {
				t.Errorf("peak memory %d MB, want at most %d MB", r.maxRSSKB>>10, hc.maxRSSMB)
			}
		})
	}
}

// TestMalformedOtherCommands runs the commands other than validate over the
// malformed corpus, since the guarantees hold for every command: none may
// crash, and fmt must be idempotent on what it writes, broken games passed
// through included. convert reads all the files in one run (a crash on any
// of them ends the run), and so does fmt; show, and fmt's idempotence, take
// one file at a time: a sample of the files in the fast tier, every file in
// the long tier.
func TestMalformedOtherCommands(t *testing.T) {
	dir := malformedDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "*.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	crashed := func(t *testing.T, what, stderr string, code int) {
		t.Helper()
		for _, bad := range []string{"panic", "goroutine ", "fatal error"} {
			if strings.Contains(stderr, bad) {
				t.Fatalf("%s crashed:\n%.2000s", what, stderr)
			}
		}
		if code > 2 {
			t.Fatalf("%s: exit %d\n%.2000s", what, code, stderr)
		}
	}
	for _, to := range []string{"json", "uci", "fen", "pgn"} {
		_, stderr, code := runAsh(t, dir, "", append([]string{"convert", "--to", to}, names...)...)
		crashed(t, "convert --to "+to, stderr, code)
	}
	_, stderr, code := runAsh(t, dir, "", append([]string{"fmt"}, names...)...)
	crashed(t, "fmt", stderr, code)
	sample := testenv.Sample(names, 24)
	onceDir := t.TempDir()
	outs := make([]string, len(sample))
	t.Run("files", func(t *testing.T) {
		for i, name := range sample {
			t.Run(strings.TrimSuffix(name, ".pgn"), func(t *testing.T) {
				t.Parallel()
				_, stderr, code := runAsh(t, dir, "", "show", "--game", "2", "--ply", "3", name)
				crashed(t, "show "+name, stderr, code)
				out, stderr, code := runAsh(t, dir, "", "fmt", name)
				crashed(t, "fmt "+name, stderr, code)
				// From a file: standard input that holds NUL bytes is
				// binary, and not read (docs/robustness.md, "Guarantees").
				if err := os.WriteFile(filepath.Join(onceDir, name), []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				outs[i] = out
			})
		}
	})
	if t.Failed() {
		return
	}
	// fmt is idempotent: its output formatted again is itself, every
	// file's in one run (fmt writes the files' outputs one after the
	// other), then file by file to name the one that differs.
	fmtAgain := func(names ...string) (string, string) {
		args := []string{"fmt"}
		for _, name := range names {
			args = append(args, filepath.Join(onceDir, name))
		}
		again, stderr, _ := runAsh(t, dir, "", args...)
		return again, stderr
	}
	if again, _ := fmtAgain(sample...); again != strings.Join(outs, "") {
		for i, name := range sample {
			if again, stderr := fmtAgain(name); again != outs[i] {
				t.Errorf("fmt is not idempotent on %s:\nonce  %q\ntwice %q\n%s", name, outs[i], again, stderr)
			}
		}
		if !t.Failed() {
			t.Errorf("fmt of the %d files formatted once is not their outputs one after the other:\n%s", len(sample), lineDifference(strings.Join(outs, ""), again))
		}
	}
}
