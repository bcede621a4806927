package picture

// `convert --to html`: a game viewer in one self-contained page. The
// positions of a game's main line come from the one walk of the game
// (replay.Result.Played), as `show --ply n --svg` draws them
// (DiagramAt), but they are not drawn here one by one: a page of a few
// hundred games would hold tens of thousands of drawings, slow to load
// and to open. Each game's section holds instead
//
//   - its start position drawn once, in Go, with the page's shared
//     drawings of the boards and men (WriteSVGDefs): what the page shows
//     without JavaScript, beside the whole move list;
//   - the positions as data (see position): the start position, then
//     per ply the squares whose man changed, the move's squares, the rest
//     of the FEN and the profile's state.
//
// The page's script redraws only the men, the side to move, the move's
// arrow and the marked square of the position asked for, from the same shared drawings and the
// geometry written here (viewerConfig). It applies the changes the replay
// gave; it knows no rule, so what it shows at ply n is what the replay
// played.
//
// The move list keeps what the record says: comments, NAGs, variations
// (shown as written; only the main line's positions are shown), and the
// findings written beside their moves.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/internal/tempfile"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// Viewer writes games to one HTML page, one section each, and an index of
// them when there are more than one.
type Viewer struct {
	w *bufio.Writer
	// games counts the games in the page's index. The index is written
	// after the last game: its lines wait in a temporary file (index),
	// from the second game on (a page of one game has no index; first
	// holds its line till then), so that a page of millions of games
	// does not hold them. numbers are the game numbers that name their
	// sections alone (a game's number names its section).
	games   int
	first   viewerEntry
	index   tempfile.Spool
	numbers numberSet
	// err is what stopped the index being written.
	err error
	// starts are the drawings of start positions the page holds, by
	// their id: the games of a corpus mostly start alike, and each
	// refers to the one drawing.
	starts map[string]string
	// ready: the page's first game to show has been written, and the
	// script told.
	ready bool
}

// viewerStarts bounds the start positions drawn once and shared (a corpus
// of Chess960-like starts draws the rest in their games).
const viewerStarts = 64

// viewerEntry is a game in the page's index.
type viewerEntry struct{ id, label string }

// NewViewer starts the page on w.
func NewViewer(w io.Writer) (*Viewer, error) {
	v := &Viewer{w: bufio.NewWriterSize(w, 1<<16), starts: map[string]string{}}
	v.w.WriteString(HTMLHead("ashtapada game viewer"))
	v.w.WriteString(`<style>` + viewerStyle + `</style>` + "\n")
	if err := WriteSVGDefs(v.w); err != nil {
		return nil, fmt.Errorf("html viewer: %w", err)
	}
	cfg, err := json.Marshal(newViewerConfig())
	if err != nil {
		return nil, fmt.Errorf("html viewer: %w", err)
	}
	// The script comes first, so that the first game works as soon as it
	// is read, before the rest of a long page (Close, viewerFirst).
	fmt.Fprintf(v.w, "<script type=\"application/json\" id=\"ash-viewer-config\">%s</script>\n<script>%s</script>\n<main>\n", cfg, viewerScript)
	return v, nil
}

// viewerConfig is what the page's script needs to draw a position as
// writeSVG draws it on a diagram without header: the geometry, the
// colours and the ids of the shared drawings of the men.
type viewerConfig struct {
	Sq     int                          `json:"sq"`
	X      int                          `json:"x"`
	Y      int                          `json:"y"`
	Right  int                          `json:"right"`
	Pad    int                          `json:"pad"`
	Glyph  map[string]map[string]string `json:"glyph"`
	Colour map[string]string            `json:"colour"`
}

func newViewerConfig() viewerConfig {
	c := viewerConfig{
		Sq: svgSq, X: svgMargin, Y: layoutSVG(viewerDiagram(*NewDiagram())).boardY, Right: svgRight, Pad: svgManPad,
		Glyph: map[string]map[string]string{},
		Colour: map[string]string{
			"whiteFill": svgWhiteFill, "whiteInk": svgWhiteInk, "blackFill": svgBlackFill, "blackInk": svgBlackInk,
			"arrow": svgArrow, "mark": svgMarkColour,
		},
	}
	for set, men := range glyphSets() {
		ids := map[string]string{}
		for up := range men {
			for _, c := range []byte{up, up + 'a' - 'A'} {
				ids[string(c)] = glyphDefID(set, c)
			}
		}
		c.Glyph[set] = ids
	}
	return c
}

// viewerDiagram is d as the page draws it: the board, the men and the
// legend; what changes from ply to ply in words (the title, the FEN, the
// profile's state) is written under it in HTML, where the script changes
// it.
func viewerDiagram(d Diagram) *Diagram {
	d.Header, d.Title, d.Caption, d.Notes, d.Profile = nil, "", "", nil, ""
	return &d
}

// Game adds one game: g is its record (for a game read in parts, all but
// its main line: its tags, its result), res the result of its replay with
// Config.Steps (for a game read in parts, res.Played is its last part's:
// the plies before it, the move the line stopped at), and parts gives its
// main line as played (a record held whole is one part). The page needs
// the game in order twice, its positions then its move list: parts is
// called twice. The page is the same however the game is read.
func (v *Viewer) Game(g *record.Game, res *replay.Result, parts func(part func([]record.Node, *replay.Played))) error {
	vg := v.head(g, res)
	if v.err != nil {
		return v.err
	}
	if vg == nil {
		return nil // nothing to draw: the head said why
	}
	w := v.w
	w.WriteString("<div class=\"viewer\">\n<div class=\"left\">\n")
	parts(vg.positions)
	if vg.err != nil {
		return vg.err
	}
	w.WriteString("</script>\n</div>\n<div class=\"moves\" aria-label=\"moves\">")
	parts(vg.moves)
	vg.tail(g)
	if !v.ready {
		v.ready = true
		w.WriteString("<script>ashViewer.first(document.currentScript.previousElementSibling)</script>\n")
	}
	return nil
}

// viewerGame is a game being added to the page, what its pieces share:
// the head (head), the positions of a part of its main line (positions),
// the moves of a part (moves), and the tail (tail).
type viewerGame struct {
	v *Viewer
	w *bufio.Writer
	// game is the game's number, id its section's id; byPly its findings
	// by main-line ply (0: the game as a whole).
	game  int
	id    string
	byPly map[int][]replay.Finding
	// last is the last ply played; stop the main-line move the replay
	// could not play (nil: none), ply stopPly (-1: none).
	last, stopPly int
	stop          *record.Node
	// next is the next ply to write; err what stopped the writing.
	next int
	err  error
	// board is the placement of the ply written last, which the next
	// ply's changes are from; notes the profile's states written, by
	// their lines, numbered in order.
	board [64]byte
	notes map[string]int
	// turn: a move number's span is open in the move list (a part may
	// end between the number and its move).
	turn bool
}

// head writes the game's head, its tags and verdict, and returns the
// game to draw, or nil when it has nothing to draw (its findings say
// why, and its section is closed).
func (v *Viewer) head(g *record.Game, res *replay.Result) *viewerGame {
	pl := res.Played
	w := v.w
	id := "g" + strconv.Itoa(res.Summary.Game)
	if !v.numbers.add(res.Summary.Game) {
		// Two games of one number (pages put together by hand): the
		// second is named by its place, which no other id can be.
		id = "g" + strconv.Itoa(res.Summary.Game) + "-" + strconv.Itoa(v.games+1)
	}
	head := NewDiagram()
	DescribeGame(head, g)
	tag := func(name string) string {
		s, _ := g.Tag(name)
		if s = strings.TrimSpace(s); strings.Trim(s, "?.") == "" {
			return ""
		}
		return s
	}
	title := fmt.Sprintf("Game %d", res.Summary.Game)
	label := title
	if ev := tag("Event"); ev != "" {
		title += ": " + head.Header[0]
	}
	if wh, bl := tag("White"), tag("Black"); wh != "" || bl != "" {
		label += " · " + OrUnknown(wh) + " – " + OrUnknown(bl)
	}
	for _, s := range []string{tag("Event"), tag("Date"), tag("Result")} {
		if s != "" {
			label += " · " + s
		}
	}
	v.addIndex(viewerEntry{id: id, label: label})
	fmt.Fprintf(w, "<section class=\"game\" id=\"%s\" tabindex=\"0\" aria-labelledby=\"%s-h\">\n<h2 id=\"%s-h\">%s</h2>\n", id, id, id, html.EscapeString(title))
	lines := head.Header
	if tag("Event") != "" {
		lines = lines[1:] // in the title
	}
	var more []string
	if a := tag("Annotator"); a != "" {
		more = append(more, "annotated by "+a)
	}
	if r := tag("Result"); r != "" {
		more = append(more, "result "+r)
	}
	if len(more) > 0 {
		lines = append(lines[:len(lines):len(lines)], strings.Join(more, "; "))
	}
	for _, line := range lines {
		fmt.Fprintf(w, "<p class=\"tags\">%s</p>\n", html.EscapeString(line))
	}
	fmt.Fprintf(w, "<p class=\"tags\">profile %s; %s</p>\n", html.EscapeString(res.Summary.Profile), html.EscapeString(gameVerdict(res)))
	if pl == nil || pl.Start == nil {
		// Nothing to draw: say why, as validate would.
		for _, f := range res.Findings {
			fmt.Fprintf(w, "<p class=\"finding %s\">%s [%s]</p>\n", html.EscapeString(f.Severity), html.EscapeString(f.Message), html.EscapeString(f.Rule))
		}
		w.WriteString("</section>\n")
		return nil
	}
	vg := &viewerGame{v: v, w: w, game: res.Summary.Game, id: id, byPly: map[int][]replay.Finding{}, stopPly: -1, notes: map[string]int{}}
	for _, f := range res.Findings {
		if len(f.Variation) > 0 {
			continue
		}
		vg.byPly[f.Ply] = append(vg.byPly[f.Ply], f)
	}
	// The plies of the parts before the last, and its own.
	vg.last = pl.PliesBefore + pl.Len()
	if pl.StopNode != nil {
		// A copy when the line was read in parts (replay keeps it).
		vg.stop, vg.stopPly = pl.StopNode, vg.last+1
	}
	return vg
}

// positions writes the positions after the plies of a part of the main
// line, pl what was played of it: the ones after those written from the
// parts before. The first part writes the start position's drawing and
// opens the game's data; the last ply writes the move that could not be
// played, if any.
func (vg *viewerGame) positions(_ []record.Node, pl *replay.Played) {
	for ; vg.err == nil && vg.next <= pl.PliesBefore+pl.Len(); vg.next++ {
		vg.err = vg.position(pl, vg.next)
	}
}

// The game's data, one line each, in a plain-text script element that the
// browser neither runs nor lays out (viewerScript reads it):
//
//	=["note", ...]                the profile's state, numbered in order
//	FROMTO CHANGES NOTES REST     the start position, then the position
//	                              after each ply, in order
//	! FROM TO "title"             the move that could not be played
//
// FROMTO is the move's two squares ("e2e4"; "-": none), CHANGES the
// squares whose man changed, from the position before (from an empty
// board for the start), each as its name and the man now on it ("e2.e4P":
// "." for none; "-": none), NOTES the number of the profile's state (a
// JSON array of lines), REST the FEN's fields after the placement; FROM
// and TO the squares of the move that could not be played ("-": not
// known), TO marked.
// JSON is escaped for HTML, and a FEN holds no "<": the element cannot be
// closed early.

// position writes the position after ply, in the part pl.
func (vg *viewerGame) position(pl *replay.Played, ply int) error {
	w := vg.w
	d, err := DiagramAt(pl, ply, "")
	if err != nil {
		return fmt.Errorf("html viewer: game %d: %w", vg.game, err)
	}
	fen := d.Caption
	if strings.ContainsAny(fen, "<\n") {
		return fmt.Errorf("html viewer: game %d ply %d: a FEN the page cannot hold: %q", vg.game, ply, fen)
	}
	placement, rest, _ := strings.Cut(fen, " ")
	notes := strings.Join(d.Notes, "\n")
	if ply == 0 {
		vg.startFigure(d, fen, placement)
	}
	n, ok := vg.notes[notes]
	if !ok {
		n = len(vg.notes)
		vg.notes[notes] = n
		js, err := json.Marshal(append([]string{}, d.Notes...))
		if err != nil {
			return fmt.Errorf("html viewer: %w", err)
		}
		fmt.Fprintf(w, "=%s\n", js)
	}
	// The start position's changes are from an empty board: the page
	// reads no FEN.
	w.WriteString(fromTo(d.From, d.To))
	w.WriteByte(' ')
	changed := false
	for sq := range d.Board {
		if d.Board[sq] == vg.board[sq] {
			continue
		}
		changed = true
		man := d.Board[sq]
		if man == 0 {
			man = '.'
		}
		w.WriteString(record.Square(sq).String())
		w.WriteByte(man)
	}
	if !changed {
		w.WriteByte('-')
	}
	fmt.Fprintf(w, " %d %s\n", n, rest)
	vg.board = d.Board
	if ply == vg.last && vg.stopPly > 0 && vg.stop.Move != nil {
		// The move that could not be played, drawn on the last position.
		from, to := replay.OffendingSquares(pl.PositionAt(ply-pl.PliesBefore), vg.stop.Move)
		title, err := json.Marshal(fmt.Sprintf("after ply %d; ply %d, %s, cannot be played", vg.last, vg.stopPly, vg.stop.Text))
		if err != nil {
			return fmt.Errorf("html viewer: %w", err)
		}
		fmt.Fprintf(w, "! %s %s %s\n", record.Square(from), record.Square(to), title)
	}
	return nil
}

// fromTo is a move's two squares for the page's data ("-": none).
func fromTo(from, to record.Square) string {
	if !validSquare(from) || !validSquare(to) {
		return "-"
	}
	return from.String() + to.String()
}

// startFigure writes the start position, drawn (its men drawn once in the
// page for the games that start alike), and opens the game's data. The
// step controls are the script's: without it they could do nothing.
func (vg *viewerGame) startFigure(d *Diagram, fen, placement string) {
	w := vg.w
	vd := viewerDiagram(*d)
	drawing := positionDrawing(vd)
	id, ok := vg.v.starts[drawing]
	if !ok && len(vg.v.starts) < viewerStarts {
		id = "ash-start-" + strconv.Itoa(len(vg.v.starts)+1)
		vg.v.starts[drawing] = id
		fmt.Fprintf(w, "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs><g id=\"%s\">\n%s</g></defs></svg>\n", id, drawing)
	}
	fmt.Fprintf(w, "<figure class=\"ply\" data-ply=\"0\" data-fen=\"%s\" data-set=\"%s\">\n", html.EscapeString(fen), html.EscapeString(orDefault(d.Glyphs, GlyphsFigurine)))
	var sb strings.Builder
	if err := writeSVG(&sb, vd, svgOptions{shared: true, position: id}); err != nil {
		vg.err = fmt.Errorf("html viewer: %w", err)
	}
	w.WriteString(InlineSVG(sb.String(), "start position: "+placement))
	fmt.Fprintf(w, "<figcaption><span class=\"cap\">start position</span> <code class=\"fen\">%s</code><ul class=\"notes\">", html.EscapeString(fen))
	for _, n := range d.Notes {
		fmt.Fprintf(w, "<li>%s</li>", html.EscapeString(n))
	}
	w.WriteString("</ul></figcaption>\n</figure>\n")
	w.WriteString("<script type=\"text/plain\" class=\"plies\">\n")
}

// moves writes the movetext of a part of the main line, nodes, pl what
// was played of them.
func (vg *viewerGame) moves(nodes []record.Node, pl *replay.Played) {
	m := viewerMoves{w: vg.w, pl: pl, byPly: vg.byPly, at: -1, stop: -1, stopPly: vg.stopPly, turn: &vg.turn}
	if pl.StopIndex >= 0 && pl.StopIndex < len(nodes) {
		// The move the line stopped at is in this part.
		m.stop = pl.StopIndex
	}
	if pl.Len() > 0 {
		m.at = pl.Step(0).Index
	}
	m.write(nodes, true)
}

// tail ends the game's section: its result and the findings of the game
// as a whole.
func (vg *viewerGame) tail(g *record.Game) {
	w := vg.w
	closeTurn(w, &vg.turn)
	if g.Result != "" {
		fmt.Fprintf(w, " <span class=\"result\">%s</span>", html.EscapeString(g.Result))
	}
	w.WriteString("</div>\n")
	if fs := vg.byPly[0]; len(fs) > 0 {
		writeFindingItems(w, "<ul class=\"at game\">", fs)
	}
	w.WriteString("</div>\n</section>\n")
}

// writeFindingItems writes findings as the items of a list opened by ul.
func writeFindingItems(w *bufio.Writer, ul string, fs []replay.Finding) {
	w.WriteString(ul)
	for _, f := range fs {
		fmt.Fprintf(w, "<li class=\"%s\">%s: %s [%s]</li>", html.EscapeString(f.Severity), html.EscapeString(f.Severity), html.EscapeString(f.Message), html.EscapeString(f.Rule))
	}
	w.WriteString("</ul>\n")
}

// gameVerdict is the one-line verdict of a game for the viewer's header.
func gameVerdict(res *replay.Result) string {
	s := &res.Summary
	v := "valid"
	if !s.Valid {
		v = english.Count(s.Errors, "error", "errors")
	}
	if s.Warnings > 0 {
		v += ", " + english.Count(s.Warnings, "warning", "warnings")
	}
	if s.Outcome != "" && s.Outcome != replay.OutcomeNone {
		v += "; the rules end it by " + s.Outcome
	}
	return v
}

// viewerMoves writes movetext: main-line moves as buttons that show
// their position (the script numbers them: the k-th is ply k; the page
// holds tens of thousands, so they carry no more than their text), the
// rest as written. A move number and the move after it are kept on one
// line.
type viewerMoves struct {
	w *bufio.Writer
	// pl is what was played of the main line written (or of its part);
	// next its next step, the index of whose node is at (-1: none). The
	// nodes are matched by their index in the line, not by address: the
	// line written may be a copy of the one played (a record in LAN or
	// UCI rewritten in SAN).
	pl   *replay.Played
	next int
	at   int
	// byPly are the findings by main-line ply; stop the index of the move
	// the line stopped at (-1: not in these nodes), ply stopPly.
	byPly   map[int][]replay.Finding
	stop    int
	stopPly int
	// turn: a move number's span is open, to be closed after its move
	// (the game's, kept from part to part).
	turn *bool
}

// closeTurn closes the span that keeps a move number with its move.
func (m *viewerMoves) closeTurn() { closeTurn(m.w, m.turn) }

// closeTurn closes the span that keeps a move number with its move, if
// open.
func closeTurn(w *bufio.Writer, open *bool) {
	if *open {
		w.WriteString("</span>")
		*open = false
	}
}

// write writes nodes, the main line's (or a part of it) when main.
func (m *viewerMoves) write(nodes []record.Node, main bool) {
	w := m.w
	for i := range nodes {
		n := &nodes[i]
		if n.Kind != record.KindMove {
			m.closeTurn()
		}
		switch n.Kind {
		case record.KindMoveNumber:
			fmt.Fprintf(w, " <span class=t><i>%d%s</i>", n.Number, strings.Repeat(".", max(1, int(n.Dots))))
			*m.turn = true
		case record.KindMove:
			if n.Move != nil && n.Move.Joined {
				w.WriteString(",")
			} else {
				w.WriteString(" ")
			}
			var fs []replay.Finding
			switch {
			case main && i == m.at:
				ply := m.pl.PliesBefore + m.next + 1
				if m.next++; m.next < m.pl.Len() {
					m.at = m.pl.Step(m.next).Index
				} else {
					m.at = -1
				}
				fs = m.byPly[ply]
				if cls := findingClass(fs); cls != "" {
					fmt.Fprintf(w, `<button class="%s">%s</button>`, cls[1:], html.EscapeString(n.Text))
				} else {
					fmt.Fprintf(w, `<button>%s</button>`, html.EscapeString(n.Text))
				}
			case main && i == m.stop:
				fs = m.byPly[m.stopPly]
				fmt.Fprintf(w, `<span class="mv unplayed%s">%s</span>`, findingClass(fs), html.EscapeString(n.Text))
			default:
				fmt.Fprintf(w, `<span class="mv%s">%s</span>`, map[bool]string{true: " unplayed", false: ""}[main], html.EscapeString(n.Text))
			}
			m.closeTurn()
			// The findings of the move beside it, in words.
			for _, f := range fs {
				fmt.Fprintf(w, ` <span class="fd %s">%s: %s [%s]</span>`, html.EscapeString(f.Severity), html.EscapeString(f.Severity), html.EscapeString(f.Message), html.EscapeString(f.Rule))
			}
		case record.KindComment, record.KindLineComment:
			fmt.Fprintf(w, " <span class=\"comment\">%s</span>", html.EscapeString(n.Text))
		case record.KindNAG:
			fmt.Fprintf(w, " <span class=\"nag\">$%d</span>", n.Number)
		case record.KindVariation:
			w.WriteString(" <span class=\"variation\">(")
			m.write(n.Variation(), false)
			m.closeTurn()
			w.WriteString(" )</span>")
		}
	}
}

// findingClass marks a move with its worst finding.
func findingClass(fs []replay.Finding) string {
	cls := ""
	for _, f := range fs {
		if f.IsError() {
			return " error"
		}
		cls = " warning"
	}
	return cls
}

// Close ends the page: the index of the games, when there are more than
// one, and the script.
func (v *Viewer) Close() error {
	defer v.index.Remove()
	if v.err != nil {
		return v.err
	}
	v.w.WriteString("</main>\n")
	if v.games > 1 {
		// After the games, as they stream, but shown first (viewerStyle).
		// Folded when long, so the first game's board is on the first
		// screen.
		open := ""
		if v.games <= 12 {
			open = " open"
		}
		fmt.Fprintf(v.w, "<nav class=\"index\" aria-label=\"games\"><details%s><summary>%s</summary>\n<ul>\n", open, english.Count(v.games, "game", "games"))
		if err := v.index.CopyTo(v.w); err != nil {
			return fmt.Errorf("html viewer: the index: %w", err)
		}
		v.w.WriteString("</ul></details></nav>\n")
	}
	v.w.WriteString("<script>ashViewer.ready()</script>\n</body></html>\n")
	if err := v.w.Flush(); err != nil {
		return fmt.Errorf("html viewer: %w", err)
	}
	return nil
}

// addIndex adds a game to the page's index: its line waits in the index's
// spool from the second game on.
func (v *Viewer) addIndex(e viewerEntry) {
	v.games++
	if v.games == 1 {
		v.first = e
		return
	}
	w, err := v.index.Writer("ashtapada-viewer-*")
	if err != nil {
		v.err = fmt.Errorf("html viewer: the index: %w", err)
		return
	}
	if v.games == 2 {
		writeIndexLine(w, v.first)
		v.first = viewerEntry{}
	}
	writeIndexLine(w, e)
}

// writeIndexLine writes a game's line of the page's index.
func writeIndexLine(w *bufio.Writer, e viewerEntry) {
	fmt.Fprintf(w, "<li><a href=\"#%s\">%s</a></li>\n", e.id, html.EscapeString(e.label))
}

// numberSet is a set of game numbers as runs of consecutive numbers, in
// order: the numbers of a page's games mostly come counted from one, file
// after file, so the set holds a run or a few per input, not a number
// per game.
type numberSet struct{ runs []numberRun }

// numberRun is the numbers from lo to hi, both in.
type numberRun struct{ lo, hi int }

// add adds n to the set and reports whether it was not in it already.
func (s *numberSet) add(n int) bool {
	// i is the first run that ends at n-1 or after: n joins it, or the
	// run before which n goes.
	i := sort.Search(len(s.runs), func(i int) bool { return s.runs[i].hi >= n-1 })
	switch {
	case i < len(s.runs) && s.runs[i].lo <= n && n <= s.runs[i].hi:
		return false
	case i < len(s.runs) && s.runs[i].hi == n-1:
		s.runs[i].hi = n
		if i+1 < len(s.runs) && s.runs[i+1].lo == n+1 {
			s.runs[i].hi = s.runs[i+1].hi
			s.runs = slices.Delete(s.runs, i+1, i+2)
		}
	case i < len(s.runs) && s.runs[i].lo == n+1:
		s.runs[i].lo = n
	default:
		s.runs = slices.Insert(s.runs, i, numberRun{n, n})
	}
	return true
}
