package picture

import (
	"fmt"
	"html"
	"io"
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/ashtapada/ashtapada/record"
)

// SVG geometry: a square is sq units; the board sits inside a margin that
// holds the coordinates, with the header above it and the legend, the
// profile's state and the FEN below it.
const (
	svgSq      = 50
	svgMargin  = 24
	svgLineH   = 18             // a header line
	svgSmallH  = 15             // a footer line
	svgRight   = svgMargin + 14 // room for the side-to-move disc
	svgWidth   = svgMargin + 8*svgSq + svgRight
	svgLegendH = 34
	svgManPad  = 3 // between a man and the edges of its square
)

// Colours. The plain (uncheckered) board is one cloth colour with drawn
// lines, as the Indian boards were; the checkered one is the usual pair.
const (
	svgPlain      = "#ecd9a8"
	svgLight      = "#f0d9b5"
	svgDark       = "#b58863"
	svgLine       = "#6b4f2a"
	svgWhiteFill  = "#fdfdf6"
	svgWhiteInk   = "#1a1a1a"
	svgBlackFill  = "#2b2b2b"
	svgBlackInk   = "#fdfdf6"
	svgArrow      = "#1f6fd1"
	svgMarkColour = "#d11f1f"
)

// svgLayout is where the parts of a picture stand, from the diagram's
// contents (a header line more pushes the board down).
type svgLayout struct {
	header  []string // the header lines, the title last
	boardY  int      // top of the board
	footY   int      // top of the footer (below the file letters)
	height  int
	legend  bool
	footers []string // notes, then the FEN, then the profile
}

func layoutSVG(d *Diagram) svgLayout {
	var l svgLayout
	l.header = append(l.header, d.Header...)
	if d.Title != "" {
		l.header = append(l.header, d.Title)
	}
	l.boardY = 12 + svgLineH*len(l.header) + svgMargin/2
	l.footY = l.boardY + 8*svgSq + svgMargin
	l.legend = len(d.Names) > 0
	for _, n := range d.Notes {
		l.footers = append(l.footers, wrapWords(n, svgFootChars)...)
	}
	if d.Caption != "" {
		l.footers = append(l.footers, d.Caption)
	}
	if d.Profile != "" {
		l.footers = append(l.footers, "profile "+d.Profile)
	}
	l.height = l.footY + svgSmallH*len(l.footers) + 10
	if l.legend {
		l.height += svgLegendH
	}
	return l
}

// WriteSVG draws the diagram as a standalone SVG document with nothing
// outside it (no font, image or script it needs): the header (event,
// players, date, source, then the title: the ply and move in question),
// the board (plain or checkered) with its coordinates and a mark for the
// side to move, the men drawn from the diagram's glyph set, the last or
// offending move as an arrow under the men (so it hides none of them) and
// the marked square framed in red with a cross in its corner; below it
// the legend naming the men as the profile does, the profile's state, the
// FEN and the profile.
func WriteSVG(w io.Writer, d *Diagram) error {
	return writeSVG(w, d, svgOptions{})
}

// WriteSVGShared writes the diagram as an SVG element for a page that
// carries WriteSVGDefs once: the board and the men refer to the shared
// drawings, so a page of many positions stays small.
func WriteSVGShared(w io.Writer, d *Diagram) error {
	return writeSVG(w, d, svgOptions{shared: true})
}

// svgOptions say how a diagram is written.
type svgOptions struct {
	// shared: refer to WriteSVGDefs's drawings, and write no XML
	// declaration (the SVG is an element of a page).
	shared bool
	// position, when set, is the id of the page's drawing of the position
	// on the board (writePositionDef), referred to instead of drawn.
	position string
}

func writeSVG(w io.Writer, d *Diagram, opt svgOptions) error {
	var b strings.Builder
	l := layoutSVG(d)
	width, height := svgWidth, l.height
	title := d.Title
	if title == "" && len(d.Header) > 0 {
		title = d.Header[0]
	}
	if !opt.shared {
		b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	}
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Verdana, Arial, sans-serif" role="img">
<title>%s</title>
<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker></defs>
<rect width="100%%" height="100%%" fill="#ffffff"/>
`, width, height, width, height, svgText(orDefault(title, "board diagram")), svgArrow)
	for i, line := range l.header {
		size, weight := 13, "normal"
		if i == 0 {
			size, weight = 16, "bold"
		}
		if i == len(l.header)-1 && d.Title != "" && i > 0 {
			weight = "bold"
		}
		writeFittedText(&b, line, width/2, 12+svgLineH*(i+1)-4, float64(size), weight, "")
	}
	y0 := l.boardY
	if opt.shared {
		fmt.Fprintf(&b, `<use href="#%s" y="%d"/>`+"\n", boardDefID(d.Checkered, d.Flip), y0)
	} else {
		writeBoard(&b, d.Checkered, d.Flip, y0)
	}
	glyphs := orDefault(d.Glyphs, GlyphsFigurine)
	switch {
	case opt.position != "":
		fmt.Fprintf(&b, `<g class="position"><use href="#%s"/></g>`+"\n", opt.position)
	case opt.shared:
		// What changes from position to position, in one group: the game
		// viewer's script redraws it (picture/viewer.go).
		b.WriteString(`<g class="position">` + "\n")
		writePosition(&b, d, l, glyphs, true)
		b.WriteString("</g>\n")
	default:
		writePosition(&b, d, l, glyphs, false)
	}
	y := l.footY
	if l.legend {
		writeLegend(&b, d, glyphs, y, opt.shared)
		y += svgLegendH
	}
	for i, line := range l.footers {
		mono := ""
		if line == d.Caption {
			mono = "DejaVu Sans Mono, monospace"
		}
		writeFittedText(&b, line, width/2, y+svgSmallH*(i+1)-3, 11, "normal", mono)
	}
	b.WriteString("</svg>\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing SVG: %w", err)
	}
	return nil
}

// positionDrawing is what a shared diagram of d draws of the position on
// its board (writePosition), for a page to hold once and refer to
// (svgOptions.position).
func positionDrawing(d *Diagram) string {
	var b strings.Builder
	writePosition(&b, d, layoutSVG(d), orDefault(d.Glyphs, GlyphsFigurine), true)
	return b.String()
}

// writePosition draws what a diagram shows of the position on its board:
// the side to move, the move and the mark, and the men, from the shared
// drawings (WriteSVGDefs) when shared.
func writePosition(b *strings.Builder, d *Diagram, l svgLayout, glyphs string, shared bool) {
	x0, y0 := svgMargin, l.boardY
	// The side to move: a disc of its colour beside its own edge of the
	// board, as diagrams in books mark it.
	if d.ToMove == 'w' || d.ToMove == 'b' {
		bottom := (d.ToMove == 'w') != d.Flip
		cy := y0 + 8*svgSq - 8
		if !bottom {
			cy = y0 + 8
		}
		fill := svgWhiteFill
		if d.ToMove == 'b' {
			fill = svgBlackFill
		}
		side := map[byte]string{'w': "white", 'b': "black"}[d.ToMove]
		fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="7" fill="%s" stroke="%s" stroke-width="1.5"><title>%s to move</title></circle>`+"\n",
			x0+8*svgSq+svgRight/2, cy, fill, svgWhiteInk, side)
	}
	// The last move's squares are tinted under the men.
	arrow := validSquare(d.From) && validSquare(d.To) && d.From != d.To
	if validSquare(d.From) && validSquare(d.To) {
		for _, sq := range []record.Square{d.From, d.To} {
			x, y := squareXY(d, l, sq)
			fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" fill-opacity="0.18"/>`+"\n",
				x, y, svgSq, svgSq, svgArrow)
		}
	}
	if validSquare(d.Mark) {
		x, y := squareXY(d, l, d.Mark)
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" fill-opacity="0.3"/>`+"\n",
			x, y, svgSq, svgSq, svgMarkColour)
	}
	// The arrow goes under the men: a man it passes stays whole, and the
	// shaft shows between them.
	if arrow {
		fx, fy := squareXY(d, l, d.From)
		tx, ty := squareXY(d, l, d.To)
		x1, y1 := float64(fx+svgSq/2), float64(fy+svgSq/2)
		x2, y2 := float64(tx+svgSq/2), float64(ty+svgSq/2)
		dx, dy := x2-x1, y2-y1
		n := math.Hypot(dx, dy)
		short := 14.0
		x2, y2 = x2-dx/n*short, y2-dy/n*short
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="7" stroke-opacity="0.8" stroke-linecap="round" marker-end="url(#arrowhead)"/>`+"\n",
			x1, y1, x2, y2, svgArrow)
	}
	// Men.
	for sq := record.Square(0); sq < 64; sq++ {
		c := d.Board[sq]
		if c == 0 {
			continue
		}
		x, y := squareXY(d, l, sq)
		if writeGlyph(b, glyphs, c, float64(x+svgManPad), float64(y+svgManPad), svgSq-2*svgManPad, sq, shared) {
			continue
		}
		// A man no glyph set draws (a letter a user's FEN invented): its
		// letter in a disc.
		cx, cy := x+svgSq/2, y+svgSq/2
		fill, ink := svgWhiteFill, svgWhiteInk
		if c >= 'a' && c <= 'z' {
			fill, ink = svgBlackFill, svgBlackInk
		}
		fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="%s" stroke-width="2"/>`+"\n",
			cx, cy, svgSq*2/5, fill, svgWhiteInk)
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="22" font-weight="bold" text-anchor="middle" fill="%s">%c</text>`+"\n",
			cx, cy+8, ink, upper(c))
	}
	// The marked square: a thick red frame and a cross in its corner, so it
	// reads without colour too (its tint went under the men above).
	if validSquare(d.Mark) {
		x, y := squareXY(d, l, d.Mark)
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="4"/>`+"\n",
			x+2, y+2, svgSq-4, svgSq-4, svgMarkColour)
		fmt.Fprintf(b, `<path d="M%d,%d l7,7 M%d,%d l-7,7" stroke="%s" stroke-width="2.5"/>`+"\n",
			x+svgSq-12, y+4, x+svgSq-5, y+4, svgMarkColour)
	}
}

// writeLegend draws one small glyph of each man with its name, in two rows
// of three, white's men, at the top of the footer.
func writeLegend(b *strings.Builder, d *Diagram, glyphs string, top int, shared bool) {
	order := []byte{'K', 'Q', 'R', 'B', 'N', 'P'}
	col := svgWidth / 3
	for i, c := range order {
		name, ok := d.Names[c]
		if !ok {
			continue
		}
		x := svgMargin/2 + (i%3)*col
		y := top + (i/3)*16
		writeGlyph(b, glyphs, c, float64(x), float64(y), 15, record.NoSquare, shared)
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="11">%c %s</text>`+"\n", x+18, y+12, c, svgText(name))
	}
}

// writeFittedText writes one centred line, shrinking the font so that a
// long line (a full FEN of a busy middle game, a long event name) stays
// inside the picture instead of being cut at both ends.
func writeFittedText(b *strings.Builder, s string, cx, y int, size float64, weight, family string) {
	// An average glyph advances about 0.6em (exactly so in a monospace font).
	if n := utf8.RuneCountInString(s); n > 0 {
		if fit := float64(svgWidth-8) / (0.61 * float64(n)); fit < size {
			size = fit
		}
	}
	fam := ""
	if family != "" {
		fam = fmt.Sprintf(` font-family="%s"`, family)
	}
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="%.1f" font-weight="%s" text-anchor="middle"%s>%s</text>`+"\n",
		cx, y, size, weight, fam, svgText(s))
}

// svgFootChars is how many characters of 11-unit text fit across the
// picture: longer notes are wrapped at spaces, not shrunk out of reach.
const svgFootChars = svgWidth * 100 / (61 * 11)

// wrapWords breaks s into lines of at most n characters at spaces (a longer
// word stands alone on its line).
func wrapWords(s string, n int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) <= n:
			line += " " + word
		default:
			lines = append(lines, line)
			line = "  " + word
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 32
	}
	return c
}

// writeBoard draws the squares (plain cloth with lines, or checkered), the
// frame and the coordinates, the board's top at y0.
func writeBoard(b *strings.Builder, checkered, flip bool, y0 int) {
	x0 := svgMargin
	if checkered {
		for sq := record.Square(0); sq < 64; sq++ {
			col, row := sq.File(), 7-sq.Rank()
			if flip {
				col, row = 7-col, 7-row
			}
			fill := svgLight
			if (sq.File()+sq.Rank())%2 == 0 {
				fill = svgDark
			}
			fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", x0+col*svgSq, y0+row*svgSq, svgSq, svgSq, fill)
		}
	} else {
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", x0, y0, 8*svgSq, 8*svgSq, svgPlain)
		for i := 1; i < 8; i++ {
			fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="1"/>`+"\n",
				x0+i*svgSq, y0, x0+i*svgSq, y0+8*svgSq, svgLine)
			fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="1"/>`+"\n",
				x0, y0+i*svgSq, x0+8*svgSq, y0+i*svgSq, svgLine)
		}
	}
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="2"/>`+"\n",
		x0, y0, 8*svgSq, 8*svgSq, svgLine)
	// Coordinates: files below, ranks on the left.
	for i := 0; i < 8; i++ {
		file, rank := i, i
		if flip {
			file, rank = 7-i, 7-i
		}
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="14" text-anchor="middle">%c</text>`+"\n",
			x0+i*svgSq+svgSq/2, y0+8*svgSq+17, 'a'+file)
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="14" text-anchor="middle">%c</text>`+"\n",
			svgMargin/2, y0+(7-i)*svgSq+svgSq/2+5, '1'+rank)
	}
}

// boardDefID names the shared drawing of a board look in a page.
func boardDefID(checkered, flip bool) string {
	id := "ash-board-plain"
	if checkered {
		id = "ash-board-checkered"
	}
	if flip {
		id += "-flip"
	}
	return id
}

// WriteSVGDefs writes, for a page that holds many diagrams written with
// WriteSVGShared, one hidden SVG with the drawings they share: the four
// board looks and every glyph of every set. Each diagram then refers to
// them instead of repeating them.
func WriteSVGDefs(w io.Writer) error {
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute" aria-hidden="true" font-family="DejaVu Sans, Verdana, Arial, sans-serif"><defs>` + "\n")
	for _, checkered := range []bool{false, true} {
		for _, flip := range []bool{false, true} {
			fmt.Fprintf(&b, `<g id="%s">`, boardDefID(checkered, flip))
			writeBoard(&b, checkered, flip, 0)
			b.WriteString("</g>\n")
		}
	}
	sets := make([]string, 0, len(glyphSets()))
	for set := range glyphSets() {
		sets = append(sets, set)
	}
	sort.Strings(sets)
	for _, set := range sets {
		for _, c := range []byte("KQRBNPkqrbnp") {
			fmt.Fprintf(&b, `<g id="%s">`, glyphDefID(set, c))
			writeGlyphPaths(&b, set, c)
			b.WriteString("</g>\n")
		}
	}
	b.WriteString("</defs></svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// squareXY is the top-left corner of a square on the drawing.
func squareXY(d *Diagram, l svgLayout, sq record.Square) (int, int) {
	col, row := sq.File(), 7-sq.Rank()
	if d.Flip {
		col, row = 7-col, 7-row
	}
	return svgMargin + col*svgSq, l.boardY + row*svgSq
}

// svgText is s escaped for the text or an attribute value of an SVG: the
// characters XML 1.0 cannot hold, which a record's tag value or a profile's
// name may (C0 control characters but tab and line breaks, U+FFFE,
// U+FFFF, bytes that are not UTF-8), would make the document ill-formed,
// and no reference can stand for them. A C0 control character is drawn as
// its Control Pictures sign (U+241B for ESC), so that the picture shows one
// was there; the others become U+FFFD.
func svgText(s string) string {
	clean := utf8.ValidString(s)
	for _, r := range s {
		if !clean || !xmlChar(r) {
			clean = false
			break
		}
	}
	if !clean {
		var b strings.Builder
		for _, r := range s { // a byte that is not UTF-8 is U+FFFD here
			switch {
			case xmlChar(r):
				b.WriteRune(r)
			case r < 0x20:
				b.WriteRune(0x2400 + r)
			default:
				b.WriteRune(utf8.RuneError)
			}
		}
		s = b.String()
	}
	return html.EscapeString(s)
}

// xmlChar reports whether XML 1.0 can hold r (its Char production); an
// invalid byte decodes as U+FFFD, which it can.
func xmlChar(r rune) bool {
	return r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}
