package picture

import (
	"bytes"
	"regexp"
	"strconv"
	"testing"
)

// A long FEN caption used to run past both edges of the picture (found by
// rendering `show --svg` of a middle-game position with rsvg-convert): the
// font must shrink so that the caption's estimated width fits the SVG.
func TestSVGCaptionFits(t *testing.T) {
	widthRe := regexp.MustCompile(`<svg [^>]*width="(\d+)"`)
	captionRe := regexp.MustCompile(`font-size="([0-9.]+)"[^>]*monospace">([^<]*)</text>`)
	for _, caption := range []string{
		"8/8/8/8/8/8/8/K6k w - - 0 1",
		"r2qr1k1/1bpnbppp/p2p1n2/1p2p3/3PP3/2P2N1P/PPBN1PP1/R1BQR1K1 w - - 5 13",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 and a much longer note that goes on",
	} {
		d := NewDiagram()
		d.Caption = caption
		var b bytes.Buffer
		if err := WriteSVG(&b, d); err != nil {
			t.Fatal(err)
		}
		w := widthRe.FindSubmatch(b.Bytes())
		c := captionRe.FindSubmatch(b.Bytes())
		if w == nil || c == nil {
			t.Fatalf("%q: no width or no caption in the SVG:\n%s", caption, b.String())
		}
		width, _ := strconv.ParseFloat(string(w[1]), 64)
		size, _ := strconv.ParseFloat(string(c[1]), 64)
		if size > 11 {
			t.Errorf("%q: font-size %v, want at most 11", caption, size)
		}
		// DejaVu Sans Mono advances 0.602em per glyph.
		if est := 0.602 * size * float64(len(caption)); est > width {
			t.Errorf("%q: caption about %.0f units wide in a %v-unit picture", caption, est, width)
		}
	}
}
