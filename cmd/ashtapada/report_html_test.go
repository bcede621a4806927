package main

// `validate --format html` leads with its news: a header naming the run,
// then the errors, the files with errors, the warnings, and the summary
// last. These tests read the page the built binary writes by the
// positions of its landmarks (the module has no HTML parser, and the page
// is the tool's own regular markup).

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/ashtapada/ashtapada/internal/browsertest"
	"github.com/ashtapada/ashtapada/internal/testenv"
)

// reportFiles are a small run with errors and warnings: a.pgn has an
// illegal move in a tagged game (Morphy – Anderssen) and a wrong Result
// tag in an untagged one; b.pgn has only warnings (a missing check mark,
// a missing tag) and a valid game.
var reportFiles = map[string]string{
	"a.pgn": `[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Morphy, Paul"]
[Black "Anderssen, Adolf"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Ke3 1-0

[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1
`,
	"b.pgn": `[Event "Casual"]
[Site "London"]
[Date "1851.??.??"]
[Round "?"]
[White "Anderssen"]
[Black "Kieseritzky"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0

[Event "x"]
[Result "*"]

1. d4 d5 *
`,
}

// reportDir writes reportFiles (and more files, as name, text pairs) to a
// new directory.
func reportDir(t *testing.T, more ...string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range reportFiles {
		writeTemp(t, dir, name, text, 0o644)
	}
	for i := 0; i+1 < len(more); i += 2 {
		writeTemp(t, dir, more[i], more[i+1], 0o644)
	}
	return dir
}

// htmlReport runs validate --format html with a fixed SOURCE_DATE_EPOCH
// and wants exit 1 (there are errors).
func htmlReport(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, stderr, code := runAshEnv(t, dir, "", []string{"SOURCE_DATE_EPOCH=1700000000"}, append([]string{"validate", "--format", "html"}, args...)...)
	if code != 1 {
		t.Fatalf("validate --format html %v: exit %d, want 1\n%s", args, code, stderr)
	}
	return out
}

// reportArticles are the findings of a page, in page order.
type reportArticle struct {
	at       int // offset in the page
	severity string
	text     string // the whole article
}

var articleRE = regexp.MustCompile(`(?s)<article class="finding (error|warning)".*?</article>`)

func reportArticles(page string) []reportArticle {
	var out []reportArticle
	for _, m := range articleRE.FindAllStringSubmatchIndex(page, -1) {
		out = append(out, reportArticle{at: m[0], severity: page[m[2]:m[3]], text: page[m[0]:m[1]]})
	}
	return out
}

// TestHTMLReportErrorsFirst: the errors come first (right after the
// header), then the files with errors, then the warnings, then the
// summary tables; the files table of the news lists only files with
// errors.
func TestHTMLReportErrorsFirst(t *testing.T) {
	t.Parallel()
	dir := reportDir(t)
	page := htmlReport(t, dir, "b.pgn", "a.pgn") // the warnings' file is read first
	arts := reportArticles(page)
	var lastErr, firstWarn, errs, warns = -1, -1, 0, 0
	for _, a := range arts {
		if a.severity == "error" {
			errs++
			lastErr = a.at
		} else {
			warns++
			if firstWarn < 0 {
				firstWarn = a.at
			}
		}
	}
	if errs != 3 || warns < 2 {
		t.Fatalf("%d errors and %d warnings, want 3 and at least 2\n%s", errs, warns, page)
	}
	header := strings.Index(page, "</header>")
	errorsAt := strings.Index(page, `<section id="errors">`)
	files := strings.Index(page, `<section id="files-with-errors">`)
	warnings := strings.Index(page, `<section id="warnings">`)
	summary := strings.Index(page, `<section id="summary">`)
	if !(header > 0 && header < errorsAt && errorsAt < arts[0].at && arts[0].severity == "error" &&
		lastErr < files && files < warnings && warnings < firstWarn && firstWarn < summary) {
		t.Fatalf("want header %d < errors %d < first finding (an error) %d < last error %d < files with errors %d < warnings %d < first warning %d < summary %d",
			header, errorsAt, arts[0].at, lastErr, files, warnings, firstWarn, summary)
	}
	news := page[files:warnings]
	if !strings.Contains(news, ">a.pgn<") || strings.Contains(news, ">b.pgn<") {
		t.Errorf("the files with errors should be a.pgn alone:\n%s", news)
	}
	if !strings.Contains(page[summary:], ">b.pgn<") {
		t.Error("the summary's table of files lacks b.pgn, which has only warnings")
	}
}

// TestHTMLReportHeader: the header names the inputs, the date
// (SOURCE_DATE_EPOCH's, so that two runs give the same page), the
// version `ashtapada version` prints and the profiles; a malformed
// SOURCE_DATE_EPOCH is refused.
func TestHTMLReportHeader(t *testing.T) {
	t.Parallel()
	dir := reportDir(t)
	page := htmlReport(t, dir, "a.pgn", "b.pgn")
	end := strings.Index(page, "</header>")
	if end < 0 {
		t.Fatalf("no header:\n%s", page)
	}
	header := page[:end]
	ver, _, _ := runAsh(t, dir, "", "version")
	ver = strings.TrimSpace(strings.TrimPrefix(ver, "ashtapada version "))
	for _, want := range []string{
		`<dd class="inputs">a.pgn, b.pgn</dd>`,
		`<dd class="date">2023-11-14 22:13 UTC</dd>`, // 1700000000
		`<dd class="version">ashtapada ` + ver + `</dd>`,
		`<dd class="profiles">fide (4 games)</dd>`,
	} {
		if !strings.Contains(header, want) {
			t.Errorf("the header lacks %s:\n%s", want, header)
		}
	}
	if again := htmlReport(t, dir, "a.pgn", "b.pgn"); again != page {
		t.Error("two runs with one SOURCE_DATE_EPOCH give different pages")
	}
	stdin, _, _ := runAshEnv(t, dir, "", nil, "validate", "--format", "html", "--stdin-filename", "game.pgn", "-")
	if !strings.Contains(stdin, `<dd class="inputs">standard input (game.pgn)</dd>`) {
		t.Errorf("standard input is not named in the header:\n%.1500s", stdin)
	}
	if _, stderr, code := runAshEnv(t, dir, "", []string{"SOURCE_DATE_EPOCH=yesterday"}, "validate", "--format", "html", "a.pgn"); code != 2 || !strings.Contains(stderr, "SOURCE_DATE_EPOCH") {
		t.Errorf("a malformed SOURCE_DATE_EPOCH: exit %d, want 2 naming it\n%s", code, stderr)
	}
}

// TestHTMLReportBaselineWording: every count of the summary line says
// what it counts. Without a baseline: games, valid and invalid games,
// errors and warnings. With one: the findings listed are the new ones,
// and the line says so and how many the baseline knew; the text report's
// --summary says it in the same words.
func TestHTMLReportBaselineWording(t *testing.T) {
	t.Parallel()
	dir := reportDir(t)
	total := regexp.MustCompile(`<p class="total">([^<]*)</p>`)
	line := func(page string) string {
		m := total.FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("no summary line:\n%.2000s", page)
		}
		return m[1]
	}
	if got, want := line(htmlReport(t, dir, "a.pgn", "b.pgn")), "4 games, 2 valid, 2 invalid; 3 errors, 2 warnings."; got != want {
		t.Errorf("without a baseline: %q, want %q", got, want)
	}
	// A file of no game counts its warning, and no game, in both reports.
	writeTemp(t, dir, "empty.pgn", "", 0o644)
	text, _, _ := runAsh(t, dir, "", "validate", "--summary", "a.pgn", "b.pgn", "empty.pgn")
	if got, want := line(htmlReport(t, dir, "a.pgn", "b.pgn", "empty.pgn")), "4 games, 2 valid, 2 invalid; 3 errors, 3 warnings."; got != want || !strings.Contains(text, "summary: "+strings.TrimSuffix(want, ".")+"\n") {
		t.Errorf("with a file of no game: %q, want %q as the text report's summary says it:\n%s", got, want, text)
	}
	if _, stderr, code := runAsh(t, dir, "", "validate", "--write-baseline", "base.json", "a.pgn", "b.pgn"); code != 0 {
		t.Fatalf("--write-baseline: exit %d\n%s", code, stderr)
	}
	// Everything known: nothing new, and no "2 invalid; 0 errors" left
	// for the reader to puzzle over.
	out, stderr, code := runAshEnv(t, dir, "", []string{"SOURCE_DATE_EPOCH=1700000000"}, "validate", "--format", "html", "--baseline", "base.json", "a.pgn", "b.pgn")
	want := "4 games, 2 valid, 2 invalid; new (not in the baseline): 0 errors, 0 warnings; known (in the baseline, not listed): 3 errors, 2 warnings."
	if code != 0 || line(out) != want {
		t.Errorf("with the baseline: exit %d, %q, want 0 and %q\n%s", code, line(out), want, stderr)
	}
	if !strings.Contains(out, "<p>No new errors.</p>") || !strings.Contains(out, `<dd class="baseline">base.json (5 findings): only the findings not in it are listed</dd>`) {
		t.Errorf("the page does not say that the errors are new ones, or which baseline:\n%.3000s", out)
	}
	// One new error beside the known ones.
	writeTemp(t, dir, "c.pgn", "[Event \"New\"]\n[White \"Tal\"]\n[Black \"Smyslov\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n", 0o644)
	out = htmlReport(t, dir, "--baseline", "base.json", "a.pgn", "b.pgn", "c.pgn")
	want = "5 games, 2 valid, 3 invalid; new (not in the baseline): 1 error, 1 warning; known (in the baseline, not listed): 3 errors, 2 warnings."
	if line(out) != want {
		t.Errorf("with a new error: %q, want %q", line(out), want)
	}
	text, _, _ = runAsh(t, dir, "", "validate", "--summary", "--baseline", "base.json", "a.pgn", "b.pgn", "c.pgn")
	if !strings.Contains(text, "summary: "+strings.TrimSuffix(want, ".")+"\n") {
		t.Errorf("the text report's summary differs from the page's %q:\n%s", want, text)
	}
}

// TestHTMLReportMaxErrors: under --max-errors the page's summary line
// counts every game checked, as the text report's --summary does, and the
// page says what was left out of it in the words of the text report's
// note.
func TestHTMLReportMaxErrors(t *testing.T) {
	t.Parallel()
	dir := reportDir(t)
	total := regexp.MustCompile(`<p class="total">([^<]*)\.</p>\n<p class="note">([^<]*)\.</p>`)
	whole := regexp.MustCompile(`<p class="total">([^<]*)\.</p>`).FindStringSubmatch(htmlReport(t, dir, "a.pgn", "b.pgn"))
	page := htmlReport(t, dir, "--max-errors", "1", "a.pgn", "b.pgn")
	m := total.FindStringSubmatch(page)
	if m == nil || whole == nil {
		t.Fatalf("no summary line and note:\n%.3000s", page)
	}
	text, stderr, code := runAsh(t, dir, "", "validate", "--summary", "--max-errors", "1", "a.pgn", "b.pgn")
	if code != 1 || !strings.Contains(text, "summary: "+m[1]+"\n") || !strings.Contains(stderr, "ashtapada: "+m[2]+"\n") {
		t.Errorf("the page says %q and %q; the text report (exit %d):\n%s%s", m[1], m[2], code, text, stderr)
	}
	if m[1] != whole[1] {
		t.Errorf("--max-errors 1 counts %q, the whole run %q", m[1], whole[1])
	}
	if !strings.Contains(m[2], "--max-errors 1: stopped showing findings after 1 error; ") {
		t.Errorf("the note does not say where the report stopped: %q", m[2])
	}
	if strings.Contains(htmlReport(t, dir, "a.pgn", "b.pgn"), `<p class="note">--max-errors`) {
		t.Error("a page with nothing left out says something was")
	}
}

// TestHTMLReportNamesGames: a finding names its game by its players and
// event, with the year; a game without those tags by its number.
func TestHTMLReportNamesGames(t *testing.T) {
	t.Parallel()
	dir := reportDir(t)
	page := htmlReport(t, dir, "a.pgn", "b.pgn")
	facts := regexp.MustCompile(`<p class="facts">([^<]*)</p>`)
	var got []string
	for _, m := range facts.FindAllStringSubmatch(page, -1) {
		got = append(got, strings.SplitN(m[1], ";", 2)[0])
	}
	for _, want := range []string{"game 1, Morphy – Anderssen, Paris 1858", "game 2", "game 1, Anderssen – Kieseritzky, Casual 1851", "game 2, x"} {
		found := false
		for _, g := range got {
			found = found || g == want
		}
		if !found {
			t.Errorf("no finding names its game %q; the names are %q", want, got)
		}
	}
}

// TestHTMLReportDiagramText: each diagram's FEN is printed once (the
// figure's caption, page text), and the text of the drawing's footer is
// at least 11 px on screen and the drawing 13 cm wide in print, where its
// 11-unit text is over 8 pt; the caption is 11 px or more, 10 pt in
// print.
func TestHTMLReportDiagramText(t *testing.T) {
	t.Parallel()
	dir := reportDir(t)
	page := htmlReport(t, dir, "a.pgn", "b.pgn")
	fenRE := regexp.MustCompile(`<figcaption>([^<]*)</figcaption>`)
	figures := 0
	for _, a := range reportArticles(page) {
		m := fenRE.FindStringSubmatch(a.text)
		if m == nil {
			continue
		}
		figures++
		if n := strings.Count(a.text, m[1]); n != 1 {
			t.Errorf("the FEN %s stands %d times in its finding, want once", m[1], n)
		}
	}
	if figures < 3 {
		t.Fatalf("%d diagrams, want at least 3", figures)
	}
	svgWidth := regexp.MustCompile(`<svg aria-label="[^"]*" xmlns="http://www.w3.org/2000/svg" width="(\d+)"`).FindStringSubmatch(page)
	shown := regexp.MustCompile(`figure\.diagram svg\{width:([\d.]+)rem`).FindStringSubmatch(page)
	foot := regexp.MustCompile(`<text [^>]*font-size="([\d.]+)"[^>]*>profile fide</text>`).FindStringSubmatch(page)
	if svgWidth == nil || shown == nil || foot == nil {
		t.Fatalf("cannot find the drawing's width %v, its width on the page %v or its footer %v", svgWidth, shown, foot)
	}
	units, _ := strconv.ParseFloat(svgWidth[1], 64)
	rem, _ := strconv.ParseFloat(shown[1], 64)
	size, _ := strconv.ParseFloat(foot[1], 64)
	if px := size * rem * 16 / units; px < 11 {
		t.Errorf("the footer is %.1f px on screen, want at least 11", px)
	}
	print := regexp.MustCompile(`@media print\{[^\n]*figure\.diagram svg\{width:([\d.]+)cm\}[^\n]*figcaption\{font-size:([\d.]+)pt\}`).FindStringSubmatch(page)
	if print == nil {
		t.Fatal("no print style for the diagrams and their captions")
	}
	cm, _ := strconv.ParseFloat(print[1], 64)
	if pt := size * cm / 2.54 * 72 / units; pt < 8 {
		t.Errorf("the footer is %.1f pt in print, want at least 8", pt)
	}
	if pt, _ := strconv.ParseFloat(print[2], 64); pt < 8.25 {
		t.Errorf("the caption is %.1f pt in print, want at least 8.25 (11 px)", pt)
	}
	caption := regexp.MustCompile(`\nfigcaption\{[^}]*font-size:([\d.]+)rem`).FindStringSubmatch(page)
	if caption == nil {
		t.Fatal("no font size for the captions")
	}
	if r, _ := strconv.ParseFloat(caption[1], 64); r*16 < 11 {
		t.Errorf("the caption is %.1f px, want at least 11", r*16)
	}
}

// TestReportFirstScreenInBrowser: in Chromium, at a laptop's 1280×720,
// the first error stands on the first screen, the diagrams' footer text
// is drawn at 11 px or more, and nothing in the header, the controls or
// the first finding overlaps its neighbours.
func TestReportFirstScreenInBrowser(t *testing.T) {
	testenv.Long(t, "a headless browser")
	t.Parallel()
	dir := reportDir(t)
	page := filepath.Join(dir, "report.html")
	if err := os.WriteFile(page, []byte(htmlReport(t, dir, "b.pgn", "a.pgn")), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := browsertest.Start(t, true)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720), chromedp.Navigate(fileURL(t, page))); err != nil {
		t.Fatal(err)
	}
	first := browsertest.Eval[[]float64](t, ctx, `(function(){var a=document.querySelector('article.finding');var r=a.getBoundingClientRect();return [a.classList.contains('error')?1:0,r.top,window.innerHeight];})()`)
	if first[0] != 1 || first[1] >= first[2]-100 {
		t.Errorf("the first finding (an error: %v) starts at %.0f px of a %.0f px screen, want its heading on the first screen", first[0] == 1, first[1], first[2])
	}
	// The smallest text of the first drawing, as drawn: its font size
	// times the drawing's scale.
	smallest := browsertest.Eval[float64](t, ctx, `(function(){var m=1e9;document.querySelector('figure.diagram svg').querySelectorAll('text').forEach(function(e){var s=parseFloat(e.getAttribute('font-size'))*e.getScreenCTM().a;if(s<m)m=s;});return m;})()`)
	if smallest < 11 {
		t.Errorf("the diagram's smallest text is drawn at %.1f px, want at least 11", smallest)
	}
	caption := browsertest.Eval[float64](t, ctx, `parseFloat(getComputedStyle(document.querySelector('figcaption')).fontSize)`)
	if caption < 11 {
		t.Errorf("the FEN under the diagram is %.1f px, want at least 11", caption)
	}
	overlaps := browsertest.Eval[[]string](t, ctx, `(function(){var out=[];
function check(parent){var k=Array.prototype.filter.call(parent.children,function(e){var r=e.getBoundingClientRect();return r.width>0&&r.height>0;});
for(var i=0;i<k.length;i++)for(var j=i+1;j<k.length;j++){var a=k[i].getBoundingClientRect(),b=k[j].getBoundingClientRect();
if(a.left<b.right-1&&b.left<a.right-1&&a.top<b.bottom-1&&b.top<a.bottom-1)out.push(k[i].tagName+'.'+k[i].className+' / '+k[j].tagName+'.'+k[j].className);}}
[document.querySelector('header'),document.querySelector('dl.run'),document.getElementById('controls'),document.querySelector('article.finding'),document.querySelector('article.finding h3')].forEach(check);
return out;})()`)
	if len(overlaps) > 0 {
		t.Errorf("overlapping on the first screen: %q", overlaps)
	}
}
