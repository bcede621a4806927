package formats

// `validate --format html`: one self-contained page (no network, no
// external script, style, font or image) that a CI user opens from the
// job's artifacts and a historian prints: a summary per file, per profile
// and per rule id, then every finding with its message, the explanation of
// its rule, the moves up to it with the offending one highlighted, and the
// diagram of the position inline.
//
// Games stream in, but the summary stands first: the findings are spooled
// to a temporary file as they come and copied after the summary at Close,
// so memory is bounded by the number of files, profiles and rules, not of
// findings. A little plain JavaScript filters by rule, file and severity
// and sorts; without it every finding is shown. Diagrams are drawn for the
// first htmlMaxDiagrams findings only: beyond that a page of tens of
// thousands of pictures would freeze a browser, and the text still says
// everything (docs/html.md).

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/ashtapada/ashtapada/docs"
	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/internal/tempfile"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// htmlMaxDiagrams is how many findings get an inline diagram.
const htmlMaxDiagrams = 500

func init() {
	RegisterReport("html", func(w io.Writer, _ ReportOptions) ReportWriter { return newHTMLReport(w) })
}

type htmlCount struct {
	games, valid, errors, warnings int
}

func (c *htmlCount) add(s *replay.Summary) {
	c.games++
	if s.Valid {
		c.valid++
	}
	c.errors += s.Errors
	c.warnings += s.Warnings
}

type htmlReport struct {
	out      io.Writer
	spool    *os.File
	sw       *bufio.Writer
	files    map[string]*htmlCount
	fileSeq  []string
	profiles map[string]*htmlCount
	rules    map[string]*[2]int // errors, warnings
	total    htmlCount
	findings int
	diagrams int
	// undrawn counts the findings past htmlMaxDiagrams that had a position
	// to draw.
	undrawn int
	err     error
}

func newHTMLReport(w io.Writer) *htmlReport {
	return &htmlReport{out: w, files: map[string]*htmlCount{}, profiles: map[string]*htmlCount{}, rules: map[string]*[2]int{}}
}

func (h *htmlReport) Game(r *replay.Result) error {
	if h.err != nil {
		return h.err
	}
	s := &r.Summary
	fc, ok := h.files[s.File]
	if !ok {
		fc = &htmlCount{}
		h.files[s.File] = fc
		h.fileSeq = append(h.fileSeq, s.File)
	}
	fc.add(s)
	prof := s.Profile
	if prof == "" {
		prof = "(none)"
	}
	if h.profiles[prof] == nil {
		h.profiles[prof] = &htmlCount{}
	}
	h.profiles[prof].add(s)
	h.total.add(s)
	if len(r.Findings) == 0 {
		return nil
	}
	if h.spool == nil {
		f, err := tempfile.Anonymous("ashtapada-html-*")
		if err != nil {
			h.err = fmt.Errorf("html report: %w", err)
			return h.err
		}
		h.spool, h.sw = f, bufio.NewWriterSize(f, 1<<16)
	}
	for i := range r.Findings {
		f := &r.Findings[i]
		c := h.rules[f.Rule]
		if c == nil {
			c = &[2]int{}
			h.rules[f.Rule] = c
		}
		if f.IsError() {
			c[0]++
		} else {
			c[1]++
		}
		h.findings++
		h.writeFinding(h.sw, r, f)
	}
	return nil
}

// writeFinding writes one finding as an article: its heading (place,
// severity, message, rule), the rule's explanation, the moves, the
// diagram.
func (h *htmlReport) writeFinding(w *bufio.Writer, r *replay.Result, f *replay.Finding) {
	id := fmt.Sprintf("f%d", h.findings)
	fmt.Fprintf(w, `<article class="finding %s" id="%s" data-rule="%s" data-file="%s" data-severity="%s" data-game="%d" data-ply="%d">`+"\n",
		html.EscapeString(f.Severity), id, html.EscapeString(f.Rule), html.EscapeString(f.File), html.EscapeString(f.Severity), f.Game, f.Ply)
	fmt.Fprintf(w, `<h3><a href="#%s">%s:%d:%d</a> <span class="sev">%s</span> %s <a class="rule" href="#rule-%s">[%s]</a></h3>`+"\n",
		id, html.EscapeString(f.File), f.Line, f.Column, html.EscapeString(f.Severity), html.EscapeString(f.Message),
		html.EscapeString(f.Rule), html.EscapeString(f.Rule))
	var facts []string
	facts = append(facts, fmt.Sprintf("game %d", f.Game))
	if f.Ply > 0 {
		side := f.Side
		facts = append(facts, fmt.Sprintf("ply %d (move %d, %s): %s", f.Ply, f.MoveNumber, side, f.SAN))
	}
	if f.Profile != "" {
		facts = append(facts, "profile "+f.Profile)
	}
	if len(f.Variation) > 0 {
		facts = append(facts, fmt.Sprintf("in variation %v", f.Variation))
	}
	fmt.Fprintf(w, "<p class=\"facts\">%s</p>\n", html.EscapeString(strings.Join(facts, "; ")))
	if sum := docs.RuleSummary(f.Rule); sum != "" {
		fmt.Fprintf(w, "<p class=\"explain\">%s</p>\n", html.EscapeString(stripMarkdown(sum)))
	}
	if len(f.Legal) > 0 {
		fmt.Fprintf(w, "<p class=\"legal\">legal here: %s</p>\n", html.EscapeString(strings.Join(f.Legal, " ")))
	}
	writeHTMLMoves(w, r, f)
	if f.FEN != "" && h.diagrams >= htmlMaxDiagrams {
		h.undrawn++
	}
	if f.FEN != "" && h.diagrams < htmlMaxDiagrams {
		if d, err := FindingDiagram(f); err == nil {
			h.diagrams++
			w.WriteString(`<figure class="diagram">`)
			var sb strings.Builder
			if err := WriteSVGShared(&sb, d); err == nil {
				w.WriteString(inlineSVG(sb.String(), fmt.Sprintf("position before ply %d (%s): %s", f.Ply, f.SAN, f.FEN)))
			}
			fmt.Fprintf(w, "<figcaption>%s</figcaption></figure>\n", html.EscapeString(f.FEN))
		}
	}
	w.WriteString("</article>\n")
}

// inlineSVG makes a standalone SVG document an inline element: no XML
// declaration, and an accessible name.
func inlineSVG(doc, label string) string {
	if i := strings.Index(doc, "<svg"); i >= 0 {
		doc = doc[i:]
	}
	return strings.Replace(doc, "<svg ", `<svg aria-label="`+html.EscapeString(label)+`" `, 1)
}

// stripMarkdown drops the backquotes and emphasis marks of a rule page's
// first paragraph, which is shown as text.
func stripMarkdown(s string) string {
	return strings.NewReplacer("`", "", "**", "", "*", "").Replace(s)
}

func (h *htmlReport) Close(_ *replay.Tally) error {
	defer func() {
		if h.spool != nil {
			h.spool.Close()
			os.Remove(h.spool.Name())
			h.spool = nil
		}
	}()
	if h.err != nil {
		return h.err
	}
	w := bufio.NewWriterSize(h.out, 1<<16)
	w.WriteString(htmlHead("ashtapada validate report"))
	if h.diagrams > 0 {
		// The boards and men the diagrams share, drawn once.
		if err := WriteSVGDefs(w); err != nil {
			return fmt.Errorf("html report: %w", err)
		}
	}
	w.WriteString("<header><h1>ashtapada validate report</h1>\n")
	fmt.Fprintf(w, "<p class=\"total\">%s, %d valid, %d with errors; %s, %s.</p></header>\n",
		english.Count(h.total.games, "game", "games"), h.total.valid, h.total.games-h.total.valid, english.Count(h.total.errors, "error", "errors"), english.Count(h.total.warnings, "warning", "warnings"))
	w.WriteString("<main>\n<section id=\"summary\"><h2>Summary</h2>\n")
	profs := make([]string, 0, len(h.profiles))
	for p := range h.profiles {
		profs = append(profs, p)
	}
	sort.Strings(profs)
	writeCountTable(w, "Per profile", "profile", profs, h.profiles)
	ids := make([]string, 0, len(h.rules))
	for id := range h.rules {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		a, b := h.rules[ids[i]], h.rules[ids[j]]
		if a[0]+a[1] != b[0]+b[1] {
			return a[0]+a[1] > b[0]+b[1]
		}
		return ids[i] < ids[j]
	})
	if len(ids) > 0 {
		w.WriteString("<h3>Per rule</h3>\n<table class=\"counts\"><thead><tr><th scope=\"col\">rule</th><th scope=\"col\">errors</th><th scope=\"col\">warnings</th><th scope=\"col\">what it means</th></tr></thead><tbody>\n")
		for _, id := range ids {
			c := h.rules[id]
			fmt.Fprintf(w, "<tr id=\"rule-%s\"><th scope=\"row\"><a href=\"%s\">%s</a></th><td>%d</td><td>%d</td><td>%s</td></tr>\n",
				html.EscapeString(id), html.EscapeString(docs.RuleURL(id)), html.EscapeString(id), c[0], c[1], html.EscapeString(stripMarkdown(docs.RuleSummary(id))))
		}
		w.WriteString("</tbody></table>\n")
	}
	// A long list of files is folded, so that the findings are not pages
	// down; it is open when short, and a reader can always open it.
	open := ""
	if len(h.fileSeq) <= 12 {
		open = " open"
	}
	fmt.Fprintf(w, "<details%s><summary>Per file (%d files)</summary>\n", open, len(h.fileSeq))
	writeCountTable(w, "", "file", h.fileSeq, h.files)
	w.WriteString("</details>\n</section>\n")
	fmt.Fprintf(w, "<section id=\"findings\"><h2>Findings (%d)</h2>\n", h.findings)
	if h.findings == 0 {
		w.WriteString("<p>No findings: every game follows its rules.</p>\n")
	} else {
		writeHTMLControls(w, h.fileSeq, ids)
		if h.undrawn > 0 {
			fmt.Fprintf(w, "<p class=\"note\">Diagrams are drawn for the first %d findings; the %d after them are described in text only.</p>\n", htmlMaxDiagrams, h.undrawn)
		}
		w.WriteString("<div id=\"list\">\n")
		if err := h.sw.Flush(); err != nil {
			return fmt.Errorf("html report: %w", err)
		}
		if _, err := h.spool.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("html report: %w", err)
		}
		if _, err := io.Copy(w, h.spool); err != nil {
			return fmt.Errorf("html report: %w", err)
		}
		w.WriteString("</div>\n")
	}
	w.WriteString("</section>\n</main>\n")
	w.WriteString("<script>" + htmlReportScript + "</script>\n</body></html>\n")
	if err := w.Flush(); err != nil {
		return fmt.Errorf("html report: %w", err)
	}
	return nil
}

func writeCountTable(w *bufio.Writer, title, what string, keys []string, m map[string]*htmlCount) {
	if title != "" {
		fmt.Fprintf(w, "<h3>%s</h3>\n", title)
	}
	fmt.Fprintf(w, "<table class=\"counts\"><thead><tr><th scope=\"col\">%s</th><th scope=\"col\">games</th><th scope=\"col\">valid</th><th scope=\"col\">errors</th><th scope=\"col\">warnings</th></tr></thead><tbody>\n", what)
	for _, k := range keys {
		c := m[k]
		fmt.Fprintf(w, "<tr><th scope=\"row\">%s</th><td>%d</td><td>%d</td><td>%d</td><td>%d</td></tr>\n", html.EscapeString(k), c.games, c.valid, c.errors, c.warnings)
	}
	w.WriteString("</tbody></table>\n")
}

// writeHTMLControls writes the filter form; it is hidden until the script
// runs, so that a reader without JavaScript sees no dead controls.
func writeHTMLControls(w *bufio.Writer, files, rules []string) {
	w.WriteString(`<form id="controls" class="controls" hidden aria-label="filter findings">` + "\n")
	w.WriteString(`<label>rule <select id="f-rule"><option value="">all</option>`)
	for _, r := range rules {
		fmt.Fprintf(w, `<option>%s</option>`, html.EscapeString(r))
	}
	w.WriteString("</select></label>\n")
	w.WriteString(`<label>file <select id="f-file"><option value="">all</option>`)
	for _, f := range files {
		fmt.Fprintf(w, `<option>%s</option>`, html.EscapeString(f))
	}
	w.WriteString("</select></label>\n")
	w.WriteString(`<label>severity <select id="f-sev"><option value="">all</option><option>error</option><option>warning</option></select></label>` + "\n")
	w.WriteString(`<label>sort <select id="f-sort"><option value="">as read</option><option value="rule">by rule</option><option value="file">by file</option></select></label>` + "\n")
	w.WriteString(`<output id="shown" aria-live="polite"></output></form>` + "\n")
}

// htmlHead is the start of every page the tool writes: the style is inline
// so that the page needs nothing else.
func htmlHead(title string) string {
	return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="ashtapada">
<title>` + html.EscapeString(title) + `</title>
<style>` + htmlStyle + `</style>
</head><body>
`
}

const htmlStyle = `
body{font-family:system-ui,"DejaVu Sans",Verdana,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;color:#1a1a1a;background:#fff;line-height:1.4}
h1{font-size:1.6rem;margin:.2rem 0}
h2{border-bottom:2px solid #6b4f2a;padding-bottom:.2rem;margin-top:2rem}
table.counts{border-collapse:collapse;margin:.5rem 0 1rem}
table.counts th,table.counts td{border:1px solid #ccc;padding:.2rem .6rem;text-align:left;vertical-align:top}
table.counts td{font-variant-numeric:tabular-nums}
table.counts th[scope=row]{white-space:nowrap}
.controls{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;background:#f6f1e4;padding:.5rem 1rem;position:sticky;top:0;z-index:1}
.finding{border-left:6px solid #d11f1f;padding:.3rem 1rem;margin:1.2rem 0;background:#fcfbf8}
.finding.warning{border-left-color:#d1a01f}
.finding h3{font-size:1rem;margin:.3rem 0}
.finding .sev{text-transform:uppercase;font-size:.75rem;font-weight:bold;color:#fff;background:#d11f1f;padding:.05rem .35rem;border-radius:.2rem}
.finding.warning .sev{background:#9a7410}
.facts,.legal,.explain{margin:.2rem 0}
.explain{color:#444;font-style:italic}
.moves{font-family:"DejaVu Sans Mono",monospace;font-size:.9rem;margin:.3rem 0}
.moves mark{background:#ffd2d2;outline:2px solid #d11f1f;font-weight:bold}
figure.diagram{margin:.5rem 0}
figure.diagram svg{max-width:100%;height:auto;width:24rem}
figcaption{font-family:"DejaVu Sans Mono",monospace;font-size:.8rem;color:#444}
a{color:#1f4fa1}
.hidden{display:none}
@media print{.controls,.note{display:none}.finding{break-inside:avoid;page-break-inside:avoid;break-before:page}body{max-width:none}a{color:inherit;text-decoration:none}}
`

const htmlReportScript = `
(function(){
var form=document.getElementById('controls');if(!form)return;form.hidden=false;
var list=document.getElementById('list');var items=Array.prototype.slice.call(list.querySelectorAll('article.finding'));
var order=items.slice();var out=document.getElementById('shown');
function apply(){var r=document.getElementById('f-rule').value,f=document.getElementById('f-file').value,s=document.getElementById('f-sev').value,k=document.getElementById('f-sort').value;
var n=0;var sorted=order.slice();if(k){sorted.sort(function(a,b){var x=a.dataset[k],y=b.dataset[k];return x<y?-1:x>y?1:0;});}
sorted.forEach(function(e){list.appendChild(e);var ok=(!r||e.dataset.rule===r)&&(!f||e.dataset.file===f)&&(!s||e.dataset.severity===s);e.classList.toggle('hidden',!ok);if(ok)n++;});
out.textContent=n+' of '+items.length+' findings shown';}
form.addEventListener('change',apply);apply();
})();
`

// htmlMovesShown is how many plies before a finding its move list shows.
const htmlMovesShown = 40

// WantsMoves tells validate that this report shows moves: it replays with
// replay.Config.Moves.
func (h *htmlReport) WantsMoves() bool { return true }

// writeHTMLMoves writes the main line up to a main-line finding as the
// record writes it, the finding's move highlighted: a move that was played
// (a warning), or the move that could not be (as the finding quotes it).
func writeHTMLMoves(w *bufio.Writer, r *replay.Result, f *replay.Finding) {
	if len(f.Variation) > 0 || f.Ply < 1 || f.Ply > len(r.Moves)+1 {
		return
	}
	moves := r.Moves[:f.Ply-1]
	last := replay.MoveText{Text: f.SAN, MoveNumber: f.MoveNumber, Side: rules.White}
	if f.Ply <= len(r.Moves) {
		last = r.Moves[f.Ply-1]
	} else {
		if f.Side == "black" {
			last.Side = rules.Black
		}
		if n := len(moves); n > 0 && moves[n-1].Side == last.Side && moves[n-1].MoveNumber == last.MoveNumber {
			last.TurnIndex = moves[n-1].TurnIndex + 1
		}
	}
	first := max(0, len(moves)-htmlMovesShown)
	w.WriteString(`<p class="moves">`)
	if first > 0 {
		w.WriteString("…")
	}
	for i := first; i <= len(moves); i++ {
		m := last
		if i < len(moves) {
			m = moves[i]
		}
		switch {
		case m.TurnIndex > 0:
			// A later move of a compound turn follows its comma.
			w.WriteString(",")
		case m.Side == rules.White:
			if i > 0 {
				w.WriteString(" ")
			}
			fmt.Fprintf(w, "%d. ", m.MoveNumber)
		case i == first:
			fmt.Fprintf(w, "%d… ", m.MoveNumber)
		default:
			w.WriteString(" ")
		}
		if i == len(moves) {
			fmt.Fprintf(w, "<mark>%s</mark>", html.EscapeString(m.Text))
		} else {
			w.WriteString(html.EscapeString(m.Text))
		}
	}
	w.WriteString("</p>\n")
}
