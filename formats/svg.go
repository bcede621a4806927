package formats

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/ashtapada/ashtapada/record"
)

// SVG geometry: a square is sq units; the board sits inside a margin that
// holds the coordinates, with room above for the title and below for the
// caption.
const (
	svgSq     = 50
	svgMargin = 24
	svgTop    = 30 // title band
	svgBottom = 30 // caption band
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

// WriteSVG draws the diagram as a standalone SVG document: the board (plain
// or checkered), the men as letters in circles (white light, black dark: no
// free piece set draws the counsellor, the elephant and the rest as their
// own shapes, and the letters are those of the record), file and rank
// coordinates, the last move as an arrow and the marked square framed in
// red with a cross in its corner.
func WriteSVG(w io.Writer, d *Diagram) error {
	var b strings.Builder
	width := 2*svgMargin + 8*svgSq
	height := svgTop + 2*svgMargin + 8*svgSq + svgBottom
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Verdana, Arial, sans-serif">
<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker></defs>
<rect width="100%%" height="100%%" fill="#ffffff"/>
`, width, height, width, height, svgArrow)
	if d.Title != "" {
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="16" text-anchor="middle">%s</text>`+"\n",
			width/2, svgTop-8, html.EscapeString(d.Title))
	}
	x0, y0 := svgMargin, svgTop+svgMargin
	// Squares.
	if d.Checkered {
		for sq := record.Square(0); sq < 64; sq++ {
			x, y := squareXY(d, sq)
			fill := svgLight
			if (sq.File()+sq.Rank())%2 == 0 {
				fill = svgDark
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", x, y, svgSq, svgSq, fill)
		}
	} else {
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", x0, y0, 8*svgSq, 8*svgSq, svgPlain)
		for i := 1; i < 8; i++ {
			fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="1"/>`+"\n",
				x0+i*svgSq, y0, x0+i*svgSq, y0+8*svgSq, svgLine)
			fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="1"/>`+"\n",
				x0, y0+i*svgSq, x0+8*svgSq, y0+i*svgSq, svgLine)
		}
	}
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="2"/>`+"\n",
		x0, y0, 8*svgSq, 8*svgSq, svgLine)
	// Coordinates: files below, ranks on the left.
	for i := 0; i < 8; i++ {
		file, rank := i, i
		if d.Flip {
			file, rank = 7-i, 7-i
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="14" text-anchor="middle">%c</text>`+"\n",
			x0+i*svgSq+svgSq/2, y0+8*svgSq+17, 'a'+file)
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="14" text-anchor="middle">%c</text>`+"\n",
			svgMargin/2, y0+(7-i)*svgSq+svgSq/2+5, '1'+rank)
	}
	// The last move's squares are tinted under the men.
	if validSquare(d.From) && validSquare(d.To) {
		for _, sq := range []record.Square{d.From, d.To} {
			x, y := squareXY(d, sq)
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" fill-opacity="0.18"/>`+"\n",
				x, y, svgSq, svgSq, svgArrow)
		}
	}
	if validSquare(d.Mark) {
		x, y := squareXY(d, d.Mark)
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" fill-opacity="0.3"/>`+"\n",
			x, y, svgSq, svgSq, svgMarkColour)
	}
	// Men.
	for sq := record.Square(0); sq < 64; sq++ {
		c := d.Board[sq]
		if c == 0 {
			continue
		}
		x, y := squareXY(d, sq)
		cx, cy := x+svgSq/2, y+svgSq/2
		fill, ink := svgWhiteFill, svgWhiteInk
		if c >= 'a' && c <= 'z' {
			fill, ink = svgBlackFill, svgBlackInk
		}
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="%s" stroke-width="2"/>`+"\n",
			cx, cy, svgSq*2/5, fill, svgWhiteInk)
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="22" font-weight="bold" text-anchor="middle" fill="%s">%c</text>`+"\n",
			cx, cy+8, ink, upper(c))
	}
	// The marked square: a thick red frame and a cross in its corner, so it
	// reads without colour too (its tint went under the men above).
	if validSquare(d.Mark) {
		x, y := squareXY(d, d.Mark)
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="4"/>`+"\n",
			x+2, y+2, svgSq-4, svgSq-4, svgMarkColour)
		fmt.Fprintf(&b, `<path d="M%d,%d l7,7 M%d,%d l-7,7" stroke="%s" stroke-width="2.5"/>`+"\n",
			x+svgSq-12, y+4, x+svgSq-5, y+4, svgMarkColour)
	}
	// The arrow, drawn last so that it lies over the men.
	if validSquare(d.From) && validSquare(d.To) && d.From != d.To {
		fx, fy := squareXY(d, d.From)
		tx, ty := squareXY(d, d.To)
		x1, y1 := float64(fx+svgSq/2), float64(fy+svgSq/2)
		x2, y2 := float64(tx+svgSq/2), float64(ty+svgSq/2)
		// Stop short of the centre so the head does not hide the letter.
		dx, dy := x2-x1, y2-y1
		l := math.Hypot(dx, dy)
		short := 20.0
		x2, y2 = x2-dx/l*short, y2-dy/l*short
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="6" stroke-opacity="0.75" stroke-linecap="round" marker-end="url(#arrowhead)"/>`+"\n",
			x1, y1, x2, y2, svgArrow)
	}
	if d.Caption != "" {
		// A full FEN of a busy middle game is wider than the board at 11px
		// (a monospace glyph advances 0.6em): shrink the font so that the
		// caption stays inside the picture instead of being cut at both ends.
		size := 11.0
		if n := utf8.RuneCountInString(d.Caption); n > 0 {
			if fit := float64(width-8) / (0.61 * float64(n)); fit < size {
				size = fit
			}
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="%.1f" text-anchor="middle" font-family="DejaVu Sans Mono, monospace">%s</text>`+"\n",
			width/2, height-10, size, html.EscapeString(d.Caption))
	}
	b.WriteString("</svg>\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing SVG: %w", err)
	}
	return nil
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 32
	}
	return c
}

// squareXY is the top-left corner of a square on the drawing.
func squareXY(d *Diagram, sq record.Square) (int, int) {
	col, row := sq.File(), 7-sq.Rank()
	if d.Flip {
		col, row = 7-col, 7-row
	}
	return svgMargin + col*svgSq, svgTop + svgMargin + row*svgSq
}
