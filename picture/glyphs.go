package picture

// The men as pictures. Two sets, each drawn as SVG paths written here (no
// font: a reader of the file may not have one with chess symbols, and no
// font has the historical men at all):
//
//   - figurine: the modern Staunton shapes, for profiles whose men are the
//     modern ones (fide);
//   - historical: the men as the old games named them: the raja under his
//     parasol, the counsellor (mantri, ferz) in a turban, the elephant, the
//     chariot, the horse and the foot soldier.
//
// A profile says which set its diagrams use (rules.Profile.Men); the letters
// of the record keep their meaning whatever the shape (Q is the counsellor,
// B the elephant).

import (
	"fmt"
	"strings"
	"sync"

	"github.com/ashtapada/ashtapada/record"
)

// Glyph sets by name, as a profile file names them.
const (
	GlyphsFigurine   = "figurine"
	GlyphsHistorical = "historical"
)

// glyphPart is one path of a glyph: a body (filled with the side's colour,
// outlined in ink) or a detail (a line in the contrasting ink).
type glyphPart struct {
	d      string
	detail bool
}

// circle is a circle as path data, so that a glyph is paths only.
func circle(cx, cy, r float64) string {
	return fmt.Sprintf("M%g,%g a%g,%g 0 1,0 %g,0 a%g,%g 0 1,0 %g,0 Z", cx-r, cy, r, r, 2*r, r, r, -2*r)
}

// glyphSets are the glyphs by set and man, drawn in a 100 x 100 box,
// standing on y = 90. Made on first use: only a picture needs them, and
// every other run of the program would build them at its start for
// nothing.
var glyphSets = sync.OnceValue(func() map[string]map[byte][]glyphPart {
	return map[string]map[byte][]glyphPart{
		GlyphsFigurine: {
			'K': {
				{d: "M46,8 H54 V16 H62 V24 H54 V36 H46 V24 H38 V16 H46 Z"},
				{d: "M28,90 H72 V82 Q70,77 66,73 Q80,58 72,46 Q62,34 50,46 Q38,34 28,46 Q20,58 34,73 Q30,77 28,82 Z"},
				{d: "M34,73 H66 M50,46 V64", detail: true},
			},
			'Q': {
				{d: circle(22, 32, 5) + " " + circle(38, 24, 5) + " " + circle(50, 20, 5) + " " + circle(62, 24, 5) + " " + circle(78, 32, 5)},
				{d: "M28,90 H72 V82 Q70,77 66,73 L78,36 L62,60 L62,28 L52,58 L50,24 L48,58 L38,28 L38,60 L22,36 L34,73 Q30,77 28,82 Z"},
				{d: "M34,73 H66", detail: true},
			},
			'R': {
				{d: "M26,90 H74 V82 H68 L64,46 H70 V24 H61 V31 H55 V24 H45 V31 H39 V24 H30 V46 H36 L32,82 H26 Z"},
				{d: "M36,46 H64 M33,76 H67", detail: true},
			},
			'B': {
				{d: circle(50, 16, 6)},
				{d: "M28,90 H72 V83 Q60,81 58,73 Q72,62 66,45 Q60,32 50,22 Q40,32 34,45 Q28,62 42,73 Q40,81 28,83 Z"},
				{d: "M45,40 L57,52 M40,73 H60", detail: true},
			},
			'N': {
				{d: "M30,90 H76 Q78,58 68,40 Q60,26 48,22 L46,12 L40,22 Q30,28 25,42 Q20,56 27,61 Q33,63 39,56 Q45,53 51,51 Q41,65 33,77 Z"},
				{d: circle(40, 36, 2.5) + " M30,53 L27,56", detail: true},
			},
			'P': {
				{d: "M28,90 H72 V83 Q66,79 62,77 Q57,62 57,50 A14,14 0 1,0 43,50 Q43,62 38,77 Q34,79 28,83 Z"},
			},
		},
		GlyphsHistorical: {
			// The raja: a crowned figure under the royal parasol (chhatra).
			'K': {
				{d: "M20,36 Q50,6 80,36 Z M48,36 H52 V44 H48 Z"},
				{d: circle(50, 52, 8)},
				{d: "M30,90 H70 V84 L62,62 H38 L30,84 Z"},
				{d: "M38,72 H62 M44,80 H56", detail: true},
			},
			// The counsellor (mantri, ferz): a turbaned minister, without the
			// parasol, a lozenge on his robe for the one diagonal step.
			'Q': {
				{d: "M38,42 Q38,22 50,18 Q62,22 62,42 Z"},
				{d: circle(50, 50, 8)},
				{d: "M30,90 H70 V84 L60,60 H40 L30,84 Z"},
				{d: "M50,66 L56,74 L50,82 L44,74 Z", detail: true},
			},
			// The chariot (ratha): a car on two wheels under a canopy.
			'R': {
				{d: "M24,40 L50,18 L76,40 Z"},
				{d: "M30,42 H70 V66 H30 Z M20,66 H80 V72 H20 Z"},
				{d: circle(33, 79, 10) + " " + circle(67, 79, 10)},
				{d: "M33,72 V86 M26,79 H40 M67,72 V86 M60,79 H74 M30,54 H70", detail: true},
			},
			// The elephant (gaja, alfil): body, head, trunk and tusk, seen from
			// the side.
			'B': {
				{d: "M36,60 Q36,40 58,38 Q80,38 82,58 V88 H72 V72 H64 V88 H54 V72 H46 V88 H36 Z"},
				{d: "M42,64 Q24,66 20,50 Q18,32 36,30 Q50,30 52,44 Z M22,50 Q14,70 22,86 L28,84 Q22,70 28,56 Z"},
				{d: "M40,48 Q34,54 42,58 M29,60 Q22,62 18,58", detail: true},
				{d: circle(30, 42, 2)},
			},
			// The horse (ashva): head and neck with mane and bridle.
			'N': {
				{d: "M30,90 H74 Q78,60 70,44 Q64,30 54,24 L52,12 L46,22 L40,16 L38,26 Q28,32 24,46 Q20,58 28,62 Q36,62 42,56 Q46,55 50,54 Q42,68 34,78 Z"},
				{d: "M52,24 Q66,34 70,52 M24,48 Q34,46 40,40 M40,40 L48,52", detail: true},
				{d: circle(40, 36, 2.5)},
			},
			// The foot soldier (padati): a man with a shield and a spear.
			'P': {
				{d: "M66,10 L70,20 H68 V90 H64 V20 H62 Z"},
				{d: circle(44, 30, 9)},
				{d: "M32,90 H56 L54,44 H34 Z"},
				{d: circle(50, 64, 11)},
				{d: circle(50, 64, 3), detail: true},
			},
		},
	}
})

// glyphInk are the fill and ink of a side's men, and whether details are
// drawn in the light ink (on a dark body).
func glyphInk(white bool) (fill, ink, detail string) {
	if white {
		return svgWhiteFill, svgWhiteInk, svgWhiteInk
	}
	return svgBlackFill, svgWhiteInk, svgBlackInk
}

// writeGlyph draws man c (a FEN letter: upper case white) of the named set
// with its box's top-left corner at (x, y) and side size px, standing on
// square sq (NoSquare: a legend entry). With shared it refers to the
// page's drawing of the glyph (WriteSVGDefs). It reports false when the set
// has no such man (the caller draws a letter).
func writeGlyph(b *strings.Builder, set string, c byte, x, y, px float64, sq record.Square, shared bool) bool {
	if _, ok := glyphSets()[set][upper(c)]; !ok {
		return false
	}
	where := ""
	if validSquare(sq) {
		// Tests and scripts read the position back from these.
		where = fmt.Sprintf(` data-sq="%s" data-man="%c"`, sq, c)
	}
	if shared {
		fmt.Fprintf(b, `<use href="#%s" transform="translate(%g,%g) scale(%g)"%s/>`+"\n", glyphDefID(set, c), x, y, px/100, where)
		return true
	}
	fmt.Fprintf(b, `<g transform="translate(%g,%g) scale(%g)"%s>`, x, y, px/100, where)
	writeGlyphPaths(b, set, c)
	b.WriteString("</g>\n")
	return true
}

// writeGlyphPaths writes the paths of a glyph in its 100 x 100 box.
func writeGlyphPaths(b *strings.Builder, set string, c byte) {
	fill, ink, detail := glyphInk(c < 'a')
	b.WriteString(`<g stroke-linejoin="round" stroke-linecap="round">`)
	for _, p := range glyphSets()[set][upper(c)] {
		if p.detail {
			fmt.Fprintf(b, `<path d="%s" fill="none" stroke="%s" stroke-width="3"/>`, p.d, detail)
			continue
		}
		fmt.Fprintf(b, `<path d="%s" fill="%s" stroke="%s" stroke-width="3.5"/>`, p.d, fill, ink)
	}
	b.WriteString("</g>")
}

// glyphDefID names the shared drawing of a glyph in a page.
func glyphDefID(set string, c byte) string {
	side := "w"
	if c >= 'a' {
		side = "b"
	}
	return fmt.Sprintf("ash-%s-%s%c", set, side, upper(c))
}

// KnownGlyphSet reports whether name is a glyph set.
func KnownGlyphSet(name string) bool {
	_, ok := glyphSets()[name]
	return ok
}
