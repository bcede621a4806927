package picture

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/record"
)

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

func TestDiagramFromFEN(t *testing.T) {
	d, err := DiagramFromFEN(startFEN)
	if err != nil {
		t.Fatal(err)
	}
	if d.Board[record.MakeSquare(4, 0)] != 'K' || d.Board[record.MakeSquare(3, 7)] != 'q' || d.Board[record.MakeSquare(4, 3)] != 0 {
		t.Errorf("board misread: e1=%c d8=%c e4=%d", d.Board[4], d.Board[59], d.Board[28])
	}
	for _, bad := range []string{"", "8/8/8", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR", "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "7/8/8/8/8/8/8/8"} {
		if _, err := DiagramFromFEN(bad); err == nil {
			t.Errorf("DiagramFromFEN(%q): want an error", bad)
		}
	}
}

func TestWriteDiagramMarks(t *testing.T) {
	d, _ := DiagramFromFEN(startFEN)
	d.From, d.To, d.Mark = record.MakeSquare(6, 0), record.MakeSquare(5, 2), record.MakeSquare(4, 3)
	var buf bytes.Buffer
	if err := WriteDiagram(&buf, d, true); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(buf.String(), "\n")
	// Rank 1 is the 9th line (a border line first), rank 8 the 2nd.
	if lines[1] != "8 | r  n  b  q  k  b  n  r |" {
		t.Errorf("rank 8: %q", lines[1])
	}
	if lines[8] != "1 | R  N  B  Q  K  B [N] R |" {
		t.Errorf("rank 1 (g1 marked as the move's origin): %q", lines[8])
	}
	if lines[6] != "3 | ·  ·  ·  ·  · [·] ·  · |" {
		t.Errorf("rank 3 (f3 marked): %q", lines[6])
	}
	if lines[5] != "4 | ·  ·  ·  · <·> ·  ·  · |" {
		t.Errorf("rank 4 (e4 marked as the violation): %q", lines[5])
	}
	if !strings.Contains(buf.String(), "last move g1-f3") {
		t.Errorf("legend missing:\n%s", buf.String())
	}
	d.Flip = true
	buf.Reset()
	_ = WriteDiagram(&buf, d, false)
	lines = strings.Split(buf.String(), "\n")
	if lines[1] != "1 | ♖ [♘] ♗  ♔  ♕  ♗  ♘  ♖ |" {
		t.Errorf("flipped rank 1: %q", lines[1])
	}
}

// svgDoc is the part of an SVG document the test looks at.
type svgElem struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Text    string     `xml:",chardata"`
}

// svgElements decodes an SVG document (failing on malformed XML) and
// returns its elements.
func svgElements(t *testing.T, doc []byte) []svgElem {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	var out []svgElem
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			out = append(out, svgElem{XMLName: se.Name, Attrs: se.Attr})
		}
	}
}

func attr(e svgElem, name string) string {
	for _, a := range e.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func TestWriteSVG(t *testing.T) {
	count := func(es []svgElem, name string, pred func(svgElem) bool) int {
		n := 0
		for _, e := range es {
			if e.XMLName.Local == name && (pred == nil || pred(e)) {
				n++
			}
		}
		return n
	}
	d, _ := DiagramFromFEN(startFEN)
	d.Title = `<a & b>`
	var buf bytes.Buffer
	if err := WriteSVG(&buf, d); err != nil {
		t.Fatal(err)
	}
	es := svgElements(t, buf.Bytes())
	if n := count(es, "g", func(e svgElem) bool { return strings.HasPrefix(attr(e, "transform"), "translate(") }); n != 32 {
		t.Errorf("want 32 men drawn as glyphs, got %d", n)
	}
	// Plain board: one cloth rectangle, no 64 squares; no arrow, no mark.
	if n := count(es, "rect", func(e svgElem) bool { return attr(e, "fill") == svgDark }); n != 0 {
		t.Errorf("plain board has %d dark squares", n)
	}
	if n := count(es, "line", func(e svgElem) bool { return attr(e, "marker-end") != "" }); n != 0 {
		t.Errorf("no move, but %d arrows", n)
	}
	d.Checkered = true
	d.From, d.To, d.Mark = record.MakeSquare(4, 0), record.MakeSquare(2, 1), record.MakeSquare(2, 1)
	buf.Reset()
	_ = WriteSVG(&buf, d)
	es = svgElements(t, buf.Bytes())
	if n := count(es, "rect", func(e svgElem) bool { return attr(e, "fill") == svgDark }); n != 32 {
		t.Errorf("checkered board: want 32 dark squares, got %d", n)
	}
	if n := count(es, "line", func(e svgElem) bool { return attr(e, "marker-end") != "" }); n != 1 {
		t.Errorf("want one arrow, got %d", n)
	}
	if n := count(es, "rect", func(e svgElem) bool { return attr(e, "stroke") == svgMarkColour }); n != 1 {
		t.Errorf("want one marked square, got %d", n)
	}
	// The arrow starts at e1's centre: column 4, bottom row, below the
	// one header line (the title).
	wantX, wantY := fmt.Sprintf("%.1f", float64(svgMargin+4*svgSq+svgSq/2)), fmt.Sprintf("%.1f", float64(layoutSVG(d).boardY+7*svgSq+svgSq/2))
	for _, e := range es {
		if e.XMLName.Local == "line" && attr(e, "marker-end") != "" {
			if attr(e, "x1") != wantX || attr(e, "y1") != wantY {
				t.Errorf("arrow starts at (%s,%s), want e1's centre (%s,%s)", attr(e, "x1"), attr(e, "y1"), wantX, wantY)
			}
		}
	}
	// Coordinates: a..h and 1..8 are all written.
	texts := map[string]bool{}
	dec := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
	inText := false
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch v := tok.(type) {
		case xml.StartElement:
			inText = v.Name.Local == "text"
		case xml.CharData:
			if inText {
				texts[string(v)] = true
			}
		case xml.EndElement:
			inText = false
		}
	}
	for _, c := range strings.Split("a b c d e f g h 1 2 3 4 5 6 7 8 <a & b>", " ") {
		if c == "<a" || c == "&" || c == "b>" {
			continue
		}
		if !texts[c] {
			t.Errorf("coordinate %q not drawn", c)
		}
	}
	if !texts["<a & b>"] {
		t.Error("title not drawn (or not escaped)")
	}
}
