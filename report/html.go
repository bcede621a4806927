package report

// `validate --format html`: one self-contained page (no network, no
// external script, style, font or image) that a CI user opens from the
// job's artifacts and a historian prints. It leads with its news: a header
// naming the run (inputs, date, version, profiles) and its counts, then
// the errors, the files with errors, the warnings, and last the summary
// per profile, per rule and per file. Each finding has its message, the
// explanation of its rule, the game named by its players and event, the
// moves up to it with the offending one highlighted, and the diagram of
// the position inline.
//
// Games stream in, but the header stands first and the errors before the
// warnings: the findings are spooled to two temporary files (errors,
// warnings) as they come and copied in that order at Close, so memory is
// bounded by the number of files, profiles and rules, not of findings. A
// little plain JavaScript filters by rule, file and severity and sorts;
// without it every finding is shown. Diagrams are drawn for the first
// htmlMaxDiagrams errors and as many warnings only: beyond
// that a page of tens of thousands of pictures would freeze a browser,
// and the text still says everything (docs/html.md).

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"sort"
	"strings"

	"github.com/ashtapada/ashtapada/docs"
	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/internal/tempfile"
	"github.com/ashtapada/ashtapada/picture"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// htmlMaxDiagrams is how many findings of each severity get an inline
// diagram: the warnings, which stream in among the errors, must not use
// up the errors' pictures.
const htmlMaxDiagrams = 500

// htmlMaxInputsNamed bounds the inputs the header names: a shell glob may
// give thousands.
const htmlMaxInputsNamed = 20

func init() {
	Register("html", func(w io.Writer, opt Options) Writer { return newHTMLReport(w, opt) })
}

type htmlCount struct {
	games, valid, errors, warnings int
}

// add counts a result: a game, or the findings of a file as a whole
// (replay.NoGames), which are no game.
func (c *htmlCount) add(r *replay.Result) {
	s := &r.Summary
	if r.IsGame() {
		c.games++
		if s.Valid {
			c.valid++
		}
	}
	c.errors += s.Errors
	c.warnings += s.Warnings
}

// htmlSpool holds the findings of one severity until Close, with how many
// it holds and how many of them have a diagram.
type htmlSpool struct {
	tempfile.Spool
	n        int
	diagrams int
}

type htmlReport struct {
	out      io.Writer
	opt      Options
	key      GameKey // the identity of the game being given (NextGameKey)
	errs     htmlSpool
	warns    htmlSpool
	files    map[string]*htmlCount
	fileSeq  []string
	profiles map[string]*htmlCount
	rules    map[string]*[2]int // errors, warnings
	total    htmlCount
	findings int
	// undrawn counts the findings past the diagram limits that had a
	// position to draw.
	undrawn int
	err     error
	// tally and leftOut are the run's (RunTotals): its counts, those
	// --max-errors kept out of the report included, and the note that
	// says what it left out.
	tally   *replay.Tally
	leftOut string
}

func (h *htmlReport) runTotals(t *replay.Tally, note string) { h.tally, h.leftOut = t, note }

func newHTMLReport(w io.Writer, opt Options) *htmlReport {
	return &htmlReport{out: w, opt: opt, files: map[string]*htmlCount{}, profiles: map[string]*htmlCount{}, rules: map[string]*[2]int{}}
}

func (h *htmlReport) nextGameKey(k GameKey) { h.key = k }

func (h *htmlReport) Game(r *replay.Result) error {
	if h.err != nil {
		return h.err
	}
	key := h.key
	h.key = GameKey{}
	s := &r.Summary
	fc, ok := h.files[s.File]
	if !ok {
		fc = &htmlCount{}
		h.files[s.File] = fc
		h.fileSeq = append(h.fileSeq, s.File)
	}
	fc.add(r)
	if r.IsGame() {
		prof := s.Profile
		if prof == "" {
			prof = "(none)"
		}
		if h.profiles[prof] == nil {
			h.profiles[prof] = &htmlCount{}
		}
		h.profiles[prof].add(r)
	}
	h.total.add(r)
	for i := range r.Findings {
		f := &r.Findings[i]
		c := h.rules[f.Rule]
		if c == nil {
			c = &[2]int{}
			h.rules[f.Rule] = c
		}
		sp := &h.warns
		if f.IsError() {
			c[0]++
			sp = &h.errs
		} else {
			c[1]++
		}
		w, err := sp.Writer("ashtapada-html-*")
		if err != nil {
			h.err = fmt.Errorf("html report: %w", err)
			return h.err
		}
		h.findings++
		sp.n++
		h.writeFinding(w, r, f, key, sp)
	}
	return nil
}

// writeFinding writes one finding as an article: its heading (place,
// severity, message, rule), the game, ply and profile, the rule's
// explanation, the moves, the diagram (while sp has drawn fewer than
// htmlMaxDiagrams) with the FEN under it.
func (h *htmlReport) writeFinding(w *bufio.Writer, r *replay.Result, f *replay.Finding, key GameKey, sp *htmlSpool) {
	id := fmt.Sprintf("f%d", h.findings)
	fmt.Fprintf(w, `<article class="finding %s" id="%s" data-rule="%s" data-file="%s" data-severity="%s" data-game="%d" data-ply="%d">`+"\n",
		html.EscapeString(f.Severity), id, html.EscapeString(f.Rule), html.EscapeString(f.File), html.EscapeString(f.Severity), f.Game, f.Ply)
	fmt.Fprintf(w, `<h3><a href="#%s">%s:%d:%d</a> <span class="sev">%s</span> %s <a class="rule" href="#rule-%s">[%s]</a></h3>`+"\n",
		id, html.EscapeString(f.File), f.Line, f.Column, html.EscapeString(f.Severity), html.EscapeString(f.Message),
		html.EscapeString(f.Rule), html.EscapeString(f.Rule))
	facts := []string{GameLabel(f.Game, key)}
	if f.Ply > 0 {
		side := f.Side
		facts = append(facts, fmt.Sprintf("ply %d (move %d, %s): %s", f.Ply, f.MoveNumber, side, f.SAN))
	}
	if f.Profile != "" {
		facts = append(facts, "profile "+f.Profile)
	}
	if len(f.Variation) > 0 {
		facts = append(facts, "in variation "+VariationPath(f.Variation))
	}
	fmt.Fprintf(w, "<p class=\"facts\">%s</p>\n", html.EscapeString(strings.Join(facts, "; ")))
	if sum := docs.RuleSummary(f.Rule); sum != "" {
		fmt.Fprintf(w, "<p class=\"explain\">%s</p>\n", html.EscapeString(stripMarkdown(sum)))
	}
	if len(f.Legal) > 0 {
		fmt.Fprintf(w, "<p class=\"legal\">legal here: %s</p>\n", html.EscapeString(strings.Join(f.Legal, " ")))
	}
	writeHTMLMoves(w, r, f)
	if f.FEN != "" && sp.diagrams >= htmlMaxDiagrams {
		h.undrawn++
	}
	if f.FEN != "" && sp.diagrams < htmlMaxDiagrams {
		if d, err := picture.FindingDiagram(f); err == nil {
			sp.diagrams++
			// The FEN is the figure's caption, in the page's text where
			// it can be read, selected and printed at the page's size;
			// the drawing keeps the legend and the profile's state.
			d.Caption = ""
			w.WriteString(`<figure class="diagram">`)
			var sb strings.Builder
			if err := picture.WriteSVGShared(&sb, d); err == nil {
				w.WriteString(picture.InlineSVG(sb.String(), fmt.Sprintf("position before ply %d (%s)", f.Ply, f.SAN)))
			}
			fmt.Fprintf(w, "<figcaption>%s</figcaption></figure>\n", html.EscapeString(f.FEN))
		}
	}
	w.WriteString("</article>\n")
}

// stripMarkdown drops the backquotes and emphasis marks of a rule page's
// first paragraph, which is shown as text.
func stripMarkdown(s string) string {
	return strings.NewReplacer("`", "", "**", "", "*", "").Replace(s)
}

func (h *htmlReport) Close(_ *replay.Tally) error {
	defer h.errs.Remove()
	defer h.warns.Remove()
	if h.err != nil {
		return h.err
	}
	w := bufio.NewWriterSize(h.out, 1<<16)
	w.WriteString(picture.HTMLHead("ashtapada validate report"))
	if h.errs.diagrams+h.warns.diagrams > 0 {
		// The boards and men the diagrams share, drawn once.
		if err := picture.WriteSVGDefs(w); err != nil {
			return fmt.Errorf("html report: %w", err)
		}
	}
	profs := make([]string, 0, len(h.profiles))
	for p := range h.profiles {
		profs = append(profs, p)
	}
	sort.Strings(profs)
	h.writeHeader(w, profs)
	w.WriteString("<main>\n")
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
	if h.findings > 0 {
		writeHTMLControls(w, h.fileSeq, ids)
	}
	if h.undrawn > 0 {
		fmt.Fprintf(w, "<p class=\"note\">Diagrams are drawn for the first %d errors and the first %d warnings; the %d findings after them are described in text only.</p>\n", htmlMaxDiagrams, htmlMaxDiagrams, h.undrawn)
	}
	if err := h.writeFindings(w, "errors", "Errors", &h.errs, h.total.errors); err != nil {
		return err
	}
	var bad []string
	for _, f := range h.fileSeq {
		if h.files[f].errors > 0 {
			bad = append(bad, f)
		}
	}
	if len(bad) > 0 {
		fmt.Fprintf(w, "<section id=\"files-with-errors\"><h2>Files with errors (%d of %d)</h2>\n", len(bad), len(h.fileSeq))
		writeCountTable(w, "", "file", bad, h.files)
		w.WriteString("</section>\n")
	}
	if err := h.writeFindings(w, "warnings", "Warnings", &h.warns, h.total.warnings); err != nil {
		return err
	}
	w.WriteString("<section id=\"summary\"><h2>Summary</h2>\n")
	writeCountTable(w, "Per profile", "profile", profs, h.profiles)
	if len(ids) > 0 {
		w.WriteString("<h3>Per rule</h3>\n<table class=\"counts\"><thead><tr><th scope=\"col\">rule</th><th scope=\"col\">errors</th><th scope=\"col\">warnings</th><th scope=\"col\">what it means</th></tr></thead><tbody>\n")
		for _, id := range ids {
			c := h.rules[id]
			fmt.Fprintf(w, "<tr id=\"rule-%s\"><th scope=\"row\"><a href=\"%s\">%s</a></th><td>%d</td><td>%d</td><td>%s</td></tr>\n",
				html.EscapeString(id), html.EscapeString(docs.RuleURL(id)), html.EscapeString(id), c[0], c[1], html.EscapeString(stripMarkdown(docs.RuleSummary(id))))
		}
		w.WriteString("</tbody></table>\n")
	}
	// A long list of files is folded; it is open when short, and a reader
	// can always open it.
	open := ""
	if len(h.fileSeq) <= 12 {
		open = " open"
	}
	fmt.Fprintf(w, "<details%s><summary>Per file (%d files)</summary>\n", open, len(h.fileSeq))
	writeCountTable(w, "", "file", h.fileSeq, h.files)
	w.WriteString("</details>\n</section>\n</main>\n")
	w.WriteString("<script>" + htmlReportScript + "</script>\n</body></html>\n")
	if err := w.Flush(); err != nil {
		return fmt.Errorf("html report: %w", err)
	}
	return nil
}

// writeHeader writes the page's header: its title, the run's counts
// (SummaryLine, as the other reports say them) and what names the run.
func (h *htmlReport) writeHeader(w *bufio.Writer, profs []string) {
	run := &h.opt.Run
	w.WriteString("<header><h1>ashtapada validate report</h1>\n")
	c := RunCounts{Games: h.total.games, Valid: h.total.valid, Invalid: h.total.games - h.total.valid, Errors: h.total.errors, Warnings: h.total.warnings}
	if h.tally != nil {
		c = tallyCounts(h.tally)
	}
	fmt.Fprintf(w, "<p class=\"total\">%s.</p>\n", html.EscapeString(SummaryLine(c, h.opt.Baseline)))
	if h.leftOut != "" {
		fmt.Fprintf(w, "<p class=\"note\">%s.</p>\n", html.EscapeString(h.leftOut))
	}
	w.WriteString("<dl class=\"run\">\n")
	item := func(name, value string) {
		if value != "" {
			fmt.Fprintf(w, "<dt>%s</dt><dd class=\"%s\">%s</dd>\n", name, name, html.EscapeString(value))
		}
	}
	item("inputs", inputNames(run.Inputs, run.StdinName))
	if !run.Date.IsZero() {
		item("date", run.Date.UTC().Format("2006-01-02 15:04 UTC"))
	}
	if run.Version != "" {
		item("version", "ashtapada "+run.Version)
	}
	named := make([]string, len(profs))
	for i, p := range profs {
		named[i] = fmt.Sprintf("%s (%s)", p, english.Count(h.profiles[p].games, "game", "games"))
	}
	item("profiles", strings.Join(named, ", "))
	switch {
	case run.BaselineFile != "" && h.opt.Baseline != nil:
		item("baseline", fmt.Sprintf("%s (%s): only the findings not in it are listed", run.BaselineFile, english.Count(h.opt.Baseline.Len(), "finding", "findings")))
	case run.BaselineFile != "":
		item("baseline", run.BaselineFile+": only the findings not in it are listed")
	}
	if run.WroteBaseline != "" {
		item("baseline written", run.WroteBaseline+": every finding listed here")
	}
	w.WriteString("</dl></header>\n")
}

// inputNames names the inputs of a run for its header: "-" is standard
// input (by the name given to it, if any), and a long list is cut.
func inputNames(inputs []string, stdinName string) string {
	names := make([]string, 0, min(len(inputs), htmlMaxInputsNamed+1))
	for i, in := range inputs {
		if i == htmlMaxInputsNamed {
			names = append(names, fmt.Sprintf("and %d more", len(inputs)-i))
			break
		}
		if in == "-" {
			in = "standard input"
			if stdinName != "" {
				in += " (" + stdinName + ")"
			}
		}
		names = append(names, in)
	}
	return strings.Join(names, ", ")
}

// writeFindings writes the section of one severity's findings, copied
// from its spool; counted is how many the run counted, which is more than
// the section lists when --quiet or --max-errors left some out.
func (h *htmlReport) writeFindings(w *bufio.Writer, id, title string, sp *htmlSpool, counted int) error {
	fmt.Fprintf(w, "<section id=\"%s\"><h2>%s (%d)</h2>\n", id, title, sp.n)
	switch {
	case sp.n == 0 && counted > 0:
		fmt.Fprintf(w, "<p>%s counted, none listed.</p>\n", english.Count(counted, strings.TrimSuffix(id, "s"), id))
	case sp.n == 0 && h.opt.Baseline != nil:
		fmt.Fprintf(w, "<p>No new %s.</p>\n", id)
	case sp.n == 0:
		fmt.Fprintf(w, "<p>No %s.</p>\n", id)
	default:
		w.WriteString("<div class=\"list\">\n")
		if err := sp.CopyTo(w); err != nil {
			return fmt.Errorf("html report: %w", err)
		}
		w.WriteString("</div>\n")
	}
	w.WriteString("</section>\n")
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

// htmlReportScript filters and sorts the findings within each list (the
// errors', the warnings'), which keep their order on the page.
const htmlReportScript = `
(function(){
var form=document.getElementById('controls');if(!form)return;form.hidden=false;
var lists=Array.prototype.slice.call(document.querySelectorAll('div.list'));
var orders=lists.map(function(l){return Array.prototype.slice.call(l.querySelectorAll('article.finding'));});
var total=orders.reduce(function(n,o){return n+o.length;},0);var out=document.getElementById('shown');
function apply(){var r=document.getElementById('f-rule').value,f=document.getElementById('f-file').value,s=document.getElementById('f-sev').value,k=document.getElementById('f-sort').value;
var n=0;lists.forEach(function(list,i){var sorted=orders[i].slice();if(k){sorted.sort(function(a,b){var x=a.dataset[k],y=b.dataset[k];return x<y?-1:x>y?1:0;});}
sorted.forEach(function(e){list.appendChild(e);var ok=(!r||e.dataset.rule===r)&&(!f||e.dataset.file===f)&&(!s||e.dataset.severity===s);e.classList.toggle('hidden',!ok);if(ok)n++;});});
out.textContent=n+' of '+total+' findings shown';}
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
