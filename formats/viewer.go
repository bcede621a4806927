package formats

// `convert --to html`: a game viewer in one self-contained page. Every
// position of a game's main line is drawn here, in Go, from the one walk
// of the game (replay.Result.Played): the page's script only shows one
// drawing at a time and moves between them (arrow keys, Home, End, or a
// click on a move). A huge game, whose main line is read in parts and
// never held whole, is drawn from that walk replayed in parts, and its
// move list written from the parts once more (GameParts): the same page. It knows no rule: what the page shows at ply n is what
// the replay played, the same diagram `show --ply n --svg` draws.
//
// The move list keeps what the record says: comments, NAGs, variations
// (shown as written; only the main line's positions are drawn), and the
// findings marked on their moves. Without JavaScript the page shows the
// last position and the whole move list.

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// Viewer writes games to one HTML page, one section each.
type Viewer struct {
	w     *bufio.Writer
	games int
}

// NewViewer starts the page on w.
func NewViewer(w io.Writer) (*Viewer, error) {
	v := &Viewer{w: bufio.NewWriterSize(w, 1<<16)}
	v.w.WriteString(htmlHead("ashtapada game viewer"))
	v.w.WriteString(`<style>` + viewerStyle + `</style>` + "\n")
	if err := WriteSVGDefs(v.w); err != nil {
		return nil, fmt.Errorf("html viewer: %w", err)
	}
	v.w.WriteString("<main>\n")
	return v, nil
}

// Game adds one game: res must come from a replay with Config.Steps.
func (v *Viewer) Game(g *record.Game, res *replay.Result) error {
	// The whole main line is one part.
	return v.GameParts(g, res, func(part func([]record.Node, *replay.Played)) {
		part(g.Moves, res.Played)
	})
}

// GameParts adds a game whose main line is read in parts (a huge game,
// never held whole): g is its record but its moves (its tags, its
// result), res the result of its replay with Config.Steps (res.Played its
// last part's: the plies before it, the move the line stopped at), and
// parts replays the main line again, giving part each part's nodes and
// what was played of them, valid only during the call, in order. The
// page needs the game in order twice, its drawings then its move list:
// parts is called twice. The page is the one Game writes of the game
// replayed whole.
func (v *Viewer) GameParts(g *record.Game, res *replay.Result, parts func(part func([]record.Node, *replay.Played))) error {
	vg := v.head(g, res)
	if vg == nil {
		return nil // nothing to draw: the head said why
	}
	w := v.w
	w.WriteString("<div class=\"viewer\">\n<div class=\"left\">\n<div class=\"boards\">\n")
	parts(vg.boards)
	if vg.err != nil {
		return vg.err
	}
	w.WriteString("</div>\n")
	fmt.Fprintf(w, "<nav class=\"steps\" aria-label=\"step through the game\" hidden><button type=\"button\" data-go=\"first\" title=\"first (Home)\">«</button><button type=\"button\" data-go=\"prev\" title=\"back (left arrow)\">‹</button><button type=\"button\" data-go=\"next\" title=\"forward (right arrow)\">›</button><button type=\"button\" data-go=\"last\" title=\"last (End)\">»</button> <output class=\"where\"></output></nav>\n</div>\n")
	w.WriteString("<div class=\"moves\" aria-label=\"moves\">")
	parts(vg.moves)
	vg.tail(g)
	return nil
}

// viewerGame is a game being added to the page, what its pieces share:
// the head (head), the drawings of a part of its main line (boards), the
// moves of a part (moves), and the tail (tail).
type viewerGame struct {
	w *bufio.Writer
	// game is the game's number; byPly its findings by main-line ply (0:
	// the game as a whole).
	game  int
	byPly map[int][]replay.Finding
	// last is the last ply played; stop the main-line move the replay
	// could not play (nil: none), ply stopPly (-1: none).
	last, stopPly int
	stop          *record.Node
	// next is the next ply to draw; err what stopped the drawing.
	next int
	err  error
}

// head writes the game's head, its tags and verdict, and returns the
// game to draw, or nil when it has nothing to draw (its findings say
// why, and its section is closed).
func (v *Viewer) head(g *record.Game, res *replay.Result) *viewerGame {
	v.games++
	pl := res.Played
	w := v.w
	id := "g" + strconv.Itoa(v.games)
	head := NewDiagram()
	DescribeGame(head, g)
	title := fmt.Sprintf("Game %d", res.Summary.Game)
	if len(head.Header) > 0 {
		title += ": " + head.Header[0]
	}
	fmt.Fprintf(w, "<section class=\"game\" id=\"%s\" aria-labelledby=\"%s-h\">\n<h2 id=\"%s-h\">%s</h2>\n", id, id, id, html.EscapeString(title))
	for _, line := range head.Header[min(1, len(head.Header)):] {
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
	vg := &viewerGame{w: w, game: res.Summary.Game, byPly: map[int][]replay.Finding{}, stopPly: -1}
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

// boards draws the plies of a part of the main line, pl what was played
// of it: the ones after those drawn from the parts before (the first
// part draws the start position too).
func (vg *viewerGame) boards(_ []record.Node, pl *replay.Played) {
	for ; vg.err == nil && vg.next <= pl.PliesBefore+pl.Len(); vg.next++ {
		vg.err = vg.board(pl, vg.next)
	}
}

// board draws the position after ply, in the part pl.
func (vg *viewerGame) board(pl *replay.Played, ply int) error {
	w, last := vg.w, vg.last
	d, err := DiagramAt(pl, ply, fmt.Sprintf("game %d", vg.game))
	if err != nil {
		return fmt.Errorf("html viewer: game %d: %w", vg.game, err)
	}
	d.Header = nil
	pos := pl.PositionAt(ply - pl.PliesBefore)
	if ply == last && vg.stopPly > 0 {
		// The move that could not be played, drawn on the last position.
		if mv := vg.stop.Move; mv != nil {
			from, to := replay.OffendingSquares(pos, mv)
			d.From, d.To, d.Mark, d.ArrowLabel = record.Square(from), record.Square(to), record.Square(to), "offending move"
			d.Title = fmt.Sprintf("after ply %d; ply %d, %s, cannot be played", last, vg.stopPly, vg.stop.Text)
		}
	}
	hidden := " hidden"
	if ply == last {
		hidden = ""
	}
	fen := pos.FEN()
	fmt.Fprintf(w, "<figure class=\"ply\" data-ply=\"%d\" data-fen=\"%s\"%s>\n", ply, html.EscapeString(fen), hidden)
	var sb strings.Builder
	if err := WriteSVGShared(&sb, d); err != nil {
		return fmt.Errorf("html viewer: %w", err)
	}
	w.WriteString(inlineSVG(sb.String(), fmt.Sprintf("position after ply %d: %s", ply, fen)))
	fmt.Fprintf(w, "<figcaption>%s</figcaption>\n", html.EscapeString(plyCaption(pl, ply)))
	if fs := vg.byPly[ply]; len(fs) > 0 && ply > 0 {
		writeFindingItems(w, "<ul class=\"at\">", fs)
	}
	if ply == last && vg.stopPly > 0 {
		writeFindingItems(w, "<ul class=\"at\">", vg.byPly[vg.stopPly])
	}
	w.WriteString("</figure>\n")
	return nil
}

// writeFindingItems writes findings as the items of a list opened by ul.
func writeFindingItems(w *bufio.Writer, ul string, fs []replay.Finding) {
	w.WriteString(ul)
	for _, f := range fs {
		fmt.Fprintf(w, "<li class=\"%s\">%s: %s [%s]</li>", html.EscapeString(f.Severity), html.EscapeString(f.Severity), html.EscapeString(f.Message), html.EscapeString(f.Rule))
	}
	w.WriteString("</ul>\n")
}

// moves writes the movetext of a part of the main line, nodes, pl what
// was played of them.
func (vg *viewerGame) moves(nodes []record.Node, pl *replay.Played) {
	m := viewerMoves{w: vg.w, pl: pl, byPly: vg.byPly, at: -1, stop: -1, stopPly: vg.stopPly}
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
	if g.Result != "" {
		fmt.Fprintf(w, " <span class=\"result\">%s</span>", html.EscapeString(g.Result))
	}
	w.WriteString("</div>\n")
	if fs := vg.byPly[0]; len(fs) > 0 {
		writeFindingItems(w, "<ul class=\"at game\">", fs)
	}
	w.WriteString("</div>\n</section>\n")
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

// plyCaption says what a drawing shows, in words: the position after
// ply, in pl (a part of the main line, Played.PliesBefore the plies
// before it).
func plyCaption(pl *replay.Played, ply int) string {
	if ply == 0 {
		return "start position"
	}
	st := pl.Step(ply - pl.PliesBefore - 1)
	dots := "."
	if st.Side.String() == "black" {
		dots = "..."
	}
	return fmt.Sprintf("after %d%s %s (ply %d)", st.MoveNumber, dots, st.SAN, ply)
}

// viewerMoves writes movetext: main-line moves as buttons that show
// their position, the rest as written.
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
}

// write writes nodes, the main line's (or a part of it) when main.
func (m *viewerMoves) write(nodes []record.Node, main bool) {
	w := m.w
	for i := range nodes {
		n := &nodes[i]
		switch n.Kind {
		case record.KindMoveNumber:
			fmt.Fprintf(w, " <span class=\"num\">%d%s</span>", n.Number, strings.Repeat(".", max(1, int(n.Dots))))
		case record.KindMove:
			if n.Move != nil && n.Move.Joined {
				w.WriteString(",")
			} else {
				w.WriteString(" ")
			}
			switch {
			case main && i == m.at:
				ply := m.pl.PliesBefore + m.next + 1
				if m.next++; m.next < m.pl.Len() {
					m.at = m.pl.Step(m.next).Index
				} else {
					m.at = -1
				}
				cls, tip := findingClass(m.byPly[ply])
				fmt.Fprintf(w, `<button type="button" class="mv%s" data-ply="%d"%s>%s</button>`, cls, ply, tip, html.EscapeString(n.Text))
			case main && i == m.stop:
				cls, tip := findingClass(m.byPly[m.stopPly])
				fmt.Fprintf(w, `<span class="mv unplayed%s"%s>%s</span>`, cls, tip, html.EscapeString(n.Text))
			default:
				fmt.Fprintf(w, `<span class="mv%s">%s</span>`, map[bool]string{true: " unplayed", false: ""}[main], html.EscapeString(n.Text))
			}
		case record.KindComment, record.KindLineComment:
			fmt.Fprintf(w, " <span class=\"comment\">%s</span>", html.EscapeString(n.Text))
		case record.KindNAG:
			fmt.Fprintf(w, " <span class=\"nag\">$%d</span>", n.Number)
		case record.KindVariation:
			w.WriteString(" <span class=\"variation\">(")
			m.write(n.Variation(), false)
			w.WriteString(" )</span>")
		}
	}
}

// findingClass marks a move with its worst finding, the messages as its
// title (a tooltip, read by screen readers too).
func findingClass(fs []replay.Finding) (string, string) {
	if len(fs) == 0 {
		return "", ""
	}
	cls := " warning"
	var msgs []string
	for _, f := range fs {
		if f.IsError() {
			cls = " error"
		}
		msgs = append(msgs, f.Severity+": "+f.Message+" ["+f.Rule+"]")
	}
	return cls, ` title="` + html.EscapeString(strings.Join(msgs, "\n")) + `"`
}

// Close ends the page.
func (v *Viewer) Close() error {
	v.w.WriteString("</main>\n<script>" + viewerScript + "</script>\n</body></html>\n")
	if err := v.w.Flush(); err != nil {
		return fmt.Errorf("html viewer: %w", err)
	}
	return nil
}

const viewerStyle = `
.game{margin:1rem 0 3rem}
.game:focus{outline:none}.game:focus-visible{outline:2px dashed #1f6fd1;outline-offset:.5rem}
.boards figcaption{font-family:inherit;font-size:1rem;color:#1a1a1a}
.viewer{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:flex-start}
.viewer .left{flex:0 0 auto;width:29rem;max-width:100%}
.boards figure{margin:0}
.boards svg{width:28rem;max-width:100%;height:auto}
.boards figcaption{font-weight:bold}
.moves{flex:1;min-width:18rem;max-width:36rem;line-height:1.9}
.moves .mv{font-family:"DejaVu Sans Mono",monospace;border:1px solid transparent;background:none;padding:0 .2rem;font-size:1rem;cursor:pointer;border-radius:.2rem}
.moves .mv.current{background:#1f6fd1;color:#fff}
.moves .mv.error{outline:2px solid #d11f1f}
.moves .mv.warning{outline:2px dashed #9a7410}
.moves .unplayed{color:#999;cursor:default}
.moves .unplayed.error{color:#d11f1f;text-decoration:line-through}
.moves .comment{color:#555;font-style:italic}
.moves .variation{color:#555}
.moves .num{color:#777}
ul.at{margin:.3rem 0;padding-left:1.2rem}
ul.at .error{color:#a00}
.steps button{font-size:1.1rem;min-width:2.4rem}
.tags{margin:.1rem 0;color:#333}
@media print{.steps{display:none}.boards figure[hidden]{display:none}}
`

const viewerScript = `
(function(){
document.querySelectorAll('section.game').forEach(function(game){
var figs=game.querySelectorAll('figure.ply');var moves=game.querySelectorAll('button.mv');var nav=game.querySelector('.steps');var out=game.querySelector('.where');
var last=figs.length-1;var cur=last;nav.hidden=false;
function show(n){if(n<0)n=0;if(n>last)n=last;cur=n;figs.forEach(function(f){f.hidden=(+f.dataset.ply!==n);});
moves.forEach(function(m){var on=(+m.dataset.ply===n);m.classList.toggle('current',on);if(on)m.setAttribute('aria-current','step');else m.removeAttribute('aria-current');});
out.textContent='ply '+n+' of '+last;game.dataset.ply=n;}
moves.forEach(function(m){m.addEventListener('click',function(){show(+m.dataset.ply);});});
nav.addEventListener('click',function(e){var g=e.target.dataset.go;if(g==='first')show(0);if(g==='prev')show(cur-1);if(g==='next')show(cur+1);if(g==='last')show(last);});
game.tabIndex=0;game.addEventListener('keydown',function(e){var k=e.key;if(k==='ArrowLeft'){show(cur-1);e.preventDefault();}else if(k==='ArrowRight'){show(cur+1);e.preventDefault();}else if(k==='Home'){show(0);e.preventDefault();}else if(k==='End'){show(last);e.preventDefault();}});
show(last);});
var first=document.querySelector('section.game');if(first)first.focus();
})();
`
