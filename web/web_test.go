package web

// The page as a reader uses it: a real Chromium loads web/dist (built here
// by scripts/build-web) from a local server, is given the records of
// corpus/, and what it shows is compared with what the command line says
// of the same records (`validate --format jsonl`, `convert --to fen`).

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/ashtapada/ashtapada/internal/browsertest"
	"github.com/ashtapada/ashtapada/internal/testenv"
	_ "github.com/ashtapada/ashtapada/web/worker" // what the page's WebAssembly is built from
)

var (
	siteOnce sync.Once
	siteURL  string
	siteErr  error
	binOnce  sync.Once
	binPath  string
	binErr   error
	tmpDir   string
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ashtapada-web-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	tmpDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// site builds the page into a temporary directory, once, and serves it;
// it skips when there is no browser to look at it.
func site(t *testing.T) string {
	t.Helper()
	// The long tier: the WebAssembly build takes about a minute on a cold
	// cache, which the fast tier's budget cannot spare beside the other
	// packages; the worker's own tests (web/worker) hold the page's
	// verdicts to the command line's in the fast tier.
	testenv.Long(t, "the page is built to WebAssembly and driven in Chromium")
	browsertest.Chromium(t)
	siteOnce.Do(func() {
		// The build reads these in another process: read here, they are
		// what go test's cache knows the result depends on (the Go it
		// compiles is a dependency through the import of package worker).
		for _, dir := range []string{"static", "wasm"} {
			files, _ := filepath.Glob(filepath.Join(testenv.RepoRoot(), "web", dir, "*"))
			for _, f := range files {
				if _, err := os.ReadFile(f); err != nil {
					siteErr = err
					return
				}
			}
		}
		out := filepath.Join(tmpDir, "dist")
		cmd := exec.Command(filepath.Join(testenv.RepoRoot(), "scripts", "build-web"), out)
		if b, err := cmd.CombinedOutput(); err != nil {
			siteErr = fmt.Errorf("scripts/build-web: %v\n%s", err, b)
			return
		}
		srv := httptest.NewServer(http.FileServer(http.Dir(out)))
		siteURL = srv.URL + "/"
	})
	if siteErr != nil {
		t.Fatal(siteErr)
	}
	return siteURL
}

// ash runs the command line, built once, and returns its standard output.
func ash(t *testing.T, args ...string) string {
	t.Helper()
	binOnce.Do(func() {
		binPath = filepath.Join(tmpDir, "ashtapada")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/ashtapada")
		cmd.Dir = testenv.RepoRoot()
		if b, err := cmd.CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, b)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	cmd := exec.Command(binPath, args...)
	cmd.Dir = testenv.RepoRoot()
	out, err := cmd.Output()
	if code := cmd.ProcessState.ExitCode(); err != nil && code != 1 {
		t.Fatalf("ashtapada %s: %v", strings.Join(args, " "), err)
	}
	return string(out)
}

// finding is what is compared of a finding: where and what.
type finding struct {
	Rule    string `json:"rule"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

func (f finding) String() string {
	return fmt.Sprintf("%d:%d %s [%s]", f.Line, f.Column, f.Message, f.Rule)
}

// jsonlFindings reads the findings of `validate --format jsonl` output.
func jsonlFindings(t *testing.T, out string) []finding {
	t.Helper()
	var fs []finding
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var f struct {
			Kind string `json:"kind"`
			finding
		}
		if err := json.Unmarshal(sc.Bytes(), &f); err != nil {
			t.Fatalf("validate --format jsonl: %v in %q", err, sc.Text())
		}
		if f.Kind == "finding" {
			fs = append(fs, f.finding)
		}
	}
	return fs
}

// page opens the page in a fresh browser and waits for the checker.
func page(t *testing.T, fragment string) context.Context {
	t.Helper()
	url := site(t)
	ctx := browsertest.Start(t, true)
	if err := chromedp.Do(ctx, chromedp.Navigate(url+fragment)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `window.ashtapadaState && ashtapadaState.ready`, time.Minute)
	return ctx
}

// waitFor polls a condition of the page.
func waitFor(t *testing.T, ctx context.Context, cond string, limit time.Duration) {
	t.Helper()
	end := time.Now().Add(limit)
	for !browsertest.Eval[bool](t, ctx, "!!("+cond+")") {
		if time.Now().After(end) {
			t.Fatalf("waited %v for %s; the page says %q", limit, cond, browsertest.Eval[string](t, ctx, `document.getElementById('status').textContent`))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// give hands the page a record, pasted when it is UTF-8 text, else opened
// as a file (a paste cannot carry other bytes), and waits for the verdict.
func give(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	run := browsertest.Eval[int](t, ctx, `ashtapadaState.run`)
	if utf8.Valid(data) && !strings.HasSuffix(path, ".gz") {
		text, _ := json.Marshal(string(data))
		browsertest.Eval[bool](t, ctx, `document.getElementById('text').value=`+string(text)+`;true`)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#check`))); err != nil {
			t.Fatal(err)
		}
	} else {
		abs, _ := filepath.Abs(path)
		if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS(`#file`), []string{abs})); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, ctx, fmt.Sprintf(`ashtapadaState.run>%d && (ashtapadaState.done || ashtapadaState.error)`, run), 2*time.Minute)
	if e := browsertest.Eval[string](t, ctx, `ashtapadaState.error`); e != "" {
		t.Fatalf("%s: the page says: %s", path, e)
	}
}

const shownFindings = `Array.from(document.querySelectorAll('#findings li')).map(function(li){
return {rule:li.dataset.rule,line:+li.dataset.line,column:+li.dataset.column,message:li.querySelector('.msg').textContent};})`

// sameFindings compares the page's findings with the command line's.
func sameFindings(t *testing.T, name string, got, want []finding) {
	t.Helper()
	g, w := fmt.Sprint(got), fmt.Sprint(want)
	if g != w {
		t.Errorf("%s: the page shows %d findings, validate --format jsonl %d:\npage: %v\ncli:  %v", name, len(got), len(want), got, want)
	}
}

// corpusFiles lists corpus/'s records, sorted.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	files := testenv.RecordFiles(t, filepath.Join(testenv.RepoRoot(), "corpus"))
	sort.Strings(files)
	return files
}

// TestFindingsInBrowser gives the page the records of corpus/ (a sample
// of them in the fast tier: a shatranj record with errors, a book's
// descriptive notation, a text that is not UTF-8) and compares the
// findings it shows with the command line's.
func TestFindingsInBrowser(t *testing.T) {
	files := []string{"rules/illegal-move-descriptive.pgn", "rules/encoding.pgn", "shatranj/showcase.pgn"}
	for i := range files {
		files[i] = filepath.Join(testenv.RepoRoot(), "corpus", files[i])
	}
	if testenv.IsLong() {
		files = corpusFiles(t)
	}
	ctx := page(t, "")
	total := 0
	for _, f := range files {
		give(t, ctx, f)
		got := browsertest.Eval[[]finding](t, ctx, shownFindings)
		want := jsonlFindings(t, ash(t, "validate", "--format", "jsonl", f))
		sameFindings(t, f, got, want)
		total += len(got)
	}
	t.Logf("%d files, %d findings compared", len(files), total)
	if total == 0 {
		t.Error("no finding compared")
	}
}

// board is what the page shows of the position: the FEN box, the ply the
// page says it shows, and the viewer's visible diagram (its ply, its FEN,
// the men drawn).
type board struct {
	FEN     string            `json:"fen"`
	Ply     int               `json:"ply"`
	Visible int               `json:"visible"`
	Drawn   int               `json:"drawn"`
	Men     map[string]string `json:"men"`
}

const shownBoard = `(function(){
var doc=document.getElementById('viewer').contentDocument;
var figs=Array.from(doc.querySelectorAll('figure.ply')).filter(function(f){return !f.hidden;});
var r={fen:document.getElementById('fen').value,ply:ashtapadaState.ply,visible:figs.length,drawn:-1,men:{}};
if(figs.length===1){r.drawn=+figs[0].dataset.ply;figs[0].querySelectorAll('[data-sq]').forEach(function(u){r.men[u.dataset.sq]=u.dataset.man;});}
return r;})()`

// checkBoard compares what the page shows with the replay's FEN of ply.
func checkBoard(t *testing.T, ctx context.Context, name string, ply int, fen string) {
	t.Helper()
	b := browsertest.Eval[board](t, ctx, shownBoard)
	if b.Ply != ply || b.Visible != 1 || b.Drawn != ply {
		t.Fatalf("%s: the page shows ply %d (%d diagrams visible, drawn ply %d), want ply %d", name, b.Ply, b.Visible, b.Drawn, ply)
	}
	if b.FEN != fen {
		t.Errorf("%s ply %d: the page's FEN %q, convert --to fen %q", name, ply, b.FEN, fen)
	}
	if want := browsertest.PlacementOf(t, fen); !maps.Equal(b.Men, want) {
		t.Errorf("%s ply %d: the viewer draws %v, convert --to fen has %v", name, ply, b.Men, want)
	}
}

// TestStepsInBrowser steps with the keys through the first game of a
// record of each profile (shatranj only in the fast tier) and compares
// every position shown with `convert --to fen`.
func TestStepsInBrowser(t *testing.T) {
	files := []string{"shatranj/showcase.pgn"}
	if testenv.IsLong() {
		files = append(files, "fide/valid.pgn", "chaturanga/showcase.pgn", "chaturanga-gollon/showcase.pgn",
			"hindustani/valid.pgn", "andhra/valid.pgn", "historical/indian-castling.pgn")
	}
	ctx := page(t, "")
	plies := 0
	for _, name := range files {
		f := filepath.Join(testenv.RepoRoot(), "corpus", name)
		rows := browsertest.FENRows(t, ash(t, "convert", "--to", "fen", f))[1]
		if len(rows) < 2 {
			t.Fatalf("%s: convert --to fen gives %d positions of game 1", name, len(rows))
		}
		give(t, ctx, f)
		// The first game opens at its last position.
		waitFor(t, ctx, `ashtapadaState.view && ashtapadaState.ply>=0`, time.Minute)
		checkBoard(t, ctx, name, len(rows)-1, rows[len(rows)-1])
		if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`#check`)), chromedp.KeyEvent(kb.Home)); err != nil {
			t.Fatal(err)
		}
		for ply, fen := range rows {
			if ply > 0 {
				if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
					t.Fatal(err)
				}
			}
			checkBoard(t, ctx, name, ply, fen)
			plies++
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
			t.Fatal(err)
		}
		checkBoard(t, ctx, name, len(rows)-2, rows[len(rows)-2])
	}
	t.Logf("%d records, %d positions compared", len(files), plies)
}

// TestLinkInBrowser opens a #pgn= link and lands on its ply.
func TestLinkInBrowser(t *testing.T) {
	f := filepath.Join(testenv.RepoRoot(), "corpus", "shatranj", "showcase.pgn")
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	rows := browsertest.FENRows(t, ash(t, "convert", "--rules", "shatranj", "--to", "fen", f))[2]
	ply := len(rows) / 2
	frag := "#" + url.Values{"pgn": {string(data)}, "rules": {"shatranj"}, "game": {"2"}, "ply": {strconv.Itoa(ply)}}.Encode()
	ctx := page(t, frag)
	waitFor(t, ctx, `ashtapadaState.done && ashtapadaState.view && ashtapadaState.ply>=0`, time.Minute)
	if g := browsertest.Eval[int](t, ctx, `ashtapadaState.view.game`); g != 2 {
		t.Fatalf("the link opens game %d, want 2", g)
	}
	checkBoard(t, ctx, "the link", ply, rows[ply])
	if r := browsertest.Eval[string](t, ctx, `document.getElementById('rules').value`); r != "shatranj" {
		t.Errorf("the link's profile: the page chose %q", r)
	}
}

// TestLargeFileInBrowser opens the 10,000-game corpus and clicks a control
// of the page while the worker judges it: the page must answer each click
// within 200 ms. It logs the run's time beside the command line's.
func TestLargeFileInBrowser(t *testing.T) {
	testenv.Long(t, "10,000 games in a browser")
	f := filepath.Join(testenv.SharedDir(t, "data", "fide"), "corpus-10k.pgn")
	ctx := page(t, "")
	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS(`#file`), []string{f})); err != nil {
		t.Fatal(err)
	}
	var clicks []time.Duration
	for !browsertest.Eval[bool](t, ctx, `ashtapadaState.done || !!ashtapadaState.error`) {
		was := browsertest.Eval[bool](t, ctx, `document.getElementById('findings').classList.contains('onlyerrors')`)
		t0 := time.Now()
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#onlyerrors`))); err != nil {
			t.Fatal(err)
		}
		now := browsertest.Eval[bool](t, ctx, `document.getElementById('findings').classList.contains('onlyerrors')`)
		d := time.Since(t0)
		if now == was {
			t.Fatalf("a click on 'errors only' during the run did nothing")
		}
		clicks = append(clicks, d)
		if time.Since(start) > 10*time.Minute {
			t.Fatal("the run takes over 10 minutes")
		}
		time.Sleep(100 * time.Millisecond)
	}
	wall := time.Since(start)
	if e := browsertest.Eval[string](t, ctx, `ashtapadaState.error`); e != "" {
		t.Fatalf("the page says: %s", e)
	}
	games := browsertest.Eval[int](t, ctx, `ashtapadaState.games`)
	ms := browsertest.Eval[float64](t, ctx, `ashtapadaState.ms`)
	if games != 10000 {
		t.Errorf("the page judged %d games, want 10000", games)
	}
	if len(clicks) < 3 {
		t.Errorf("only %d clicks during the run", len(clicks))
	}
	slowest := time.Duration(0)
	for _, d := range clicks {
		slowest = max(slowest, d)
	}
	// The page's own measure: from each click's arrival to its handler.
	delays := browsertest.Eval[[]float64](t, ctx, `ashtapadaState.inputDelays`)
	if len(delays) != len(clicks) {
		t.Errorf("%d clicks, %d seen by the page", len(clicks), len(delays))
	}
	worst := 0.0
	for _, d := range delays {
		worst = max(worst, d)
	}
	// The page's thread must answer clicks while the worker is still
	// reading: each click is answered with the games shown so far, and if
	// the reading ran on the page's thread, every click would wait for it
	// and be answered with all the games shown. How long a click waits is
	// logged, not asserted: on a loaded machine one wait can take a second
	// without the page doing anything wrong.
	shown := browsertest.Eval[[]int](t, ctx, `ashtapadaState.inputGames`)
	during := map[int]bool{}
	for _, n := range shown {
		if n < games {
			during[n] = true
		}
	}
	if len(during) < 3 {
		t.Errorf("the page's thread answered clicks at only %d different points of the reading, want at least 3 (games shown at each click: %v)", len(during), shown)
	}
	ash(t, "rules") // the command line is built before it is timed
	t0 := time.Now()
	ash(t, "validate", "--format", "jsonl", f)
	cli := time.Since(t0)
	t1 := time.Now()
	ash(t, "validate", "--jobs", "1", "--format", "jsonl", f)
	cli1 := time.Since(t1)
	t.Logf("%d games: the page's worker %.1f s (%.1f s from the file's choice to the last game shown); the command line %.1f s on every core, %.1f s with --jobs 1; %d clicks during the run: the page's thread took each within %.0f ms, the slowest click with its answer read over the DevTools protocol %v",
		games, ms/1000, wall.Seconds(), cli.Seconds(), cli1.Seconds(), len(clicks), worst, slowest.Round(time.Millisecond))
}

// TestScreenshots saves the pictures docs/web.md and the README show, when
// ASHTAPADA_SCREENSHOTS names a directory: a shatranj record with a
// finding, a book's record in descriptive notation with its SAN, and the
// viewer.
func TestScreenshots(t *testing.T) {
	if os.Getenv("ASHTAPADA_SCREENSHOTS") == "" {
		t.Skip("ASHTAPADA_SCREENSHOTS is not set: no screenshots to save")
	}
	ctx := page(t, "")
	paste := func(text string) {
		t.Helper()
		js, _ := json.Marshal(text)
		run := browsertest.Eval[int](t, ctx, `ashtapadaState.run`)
		browsertest.Eval[bool](t, ctx, `document.getElementById('text').value=`+string(js)+`;true`)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#check`))); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, fmt.Sprintf(`ashtapadaState.run>%d && ashtapadaState.done && ashtapadaState.ply>=0`, run), time.Minute)
		time.Sleep(300 * time.Millisecond) // the frame's layout
	}
	scroll := func(sel string) {
		t.Helper()
		browsertest.Eval[bool](t, ctx, `document.querySelector('`+sel+`').scrollIntoView({block:'start'});true`)
	}
	paste(`[Event "As-Suli's diamond, miscopied"]
[White "as-Suli"]
[Black "?"]
[Result "*"]
[Variant "shatranj"]

1. e3 e6 2. d3 d6 3. c3 c6 4. Qe2 Qd7 5. e4 Qe7 6. f4 e5 7. Bf3 *
`)
	scroll("#results")
	browsertest.Screenshot(t, ctx, "web-shatranj-finding.png")
	data, err := os.ReadFile(filepath.Join(testenv.RepoRoot(), "corpus", "rules", "notation-guessed.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	games := strings.SplitAfter(string(data), "*\n")
	paste(strings.TrimSpace(games[1]) + "\n")
	scroll("#view .help")
	browsertest.Screenshot(t, ctx, "web-descriptive.png")
	f, err := os.ReadFile(filepath.Join(testenv.RepoRoot(), "corpus", "shatranj", "showcase.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	paste(string(f))
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`#check`)), chromedp.KeyEvent(kb.Home), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	scroll("#view")
	browsertest.Screenshot(t, ctx, "web-viewer.png")
}
