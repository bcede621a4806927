package picture

import (
	"bytes"
	"encoding/xml"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// svgTexts is every text node of an SVG document and the men it draws
// (square -> FEN letter, from the glyphs' data attributes).
func svgTexts(t *testing.T, doc []byte) (string, map[string]string) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	var texts []string
	men := map[string]string{}
	inText := false
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch v := tok.(type) {
		case xml.StartElement:
			inText = v.Name.Local == "text"
			var sq, man string
			for _, a := range v.Attr {
				switch a.Name.Local {
				case "data-sq":
					sq = a.Value
				case "data-man":
					man = a.Value
				}
			}
			if sq != "" {
				men[sq] = man
			}
		case xml.CharData:
			if inText {
				texts = append(texts, string(v))
			}
		case xml.EndElement:
			inText = false
		}
	}
	return strings.Join(strings.Fields(strings.Join(texts, " ")), " "), men
}

var termSquare = regexp.MustCompile(`^(\d) \|(.{24})\|`)

// terminalMen reads the men off WriteDiagram's board (letters mode).
func terminalMen(t *testing.T, text string) map[string]string {
	men := map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		m := termSquare.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		rank := m[1]
		cells := []rune(m[2])
		for f := 0; f < 8; f++ {
			c := string(cells[3*f+1])
			if c != "·" && c != ":" {
				men[string(rune('a'+f))+rank] = c
			}
		}
	}
	return men
}

// TestTerminalAndSVGAgree: show's terminal view and the SVG are drawn from
// the same Diagram and say the same things: the header and title, the men
// on their squares, the men's names, the profile's state, the FEN and the
// profile, for a position of every profile (waiting pawns and lost leaps
// included).
func TestTerminalAndSVGAgree(t *testing.T) {
	files := []string{
		"../corpus/fide/showcase.pgn", "../corpus/shatranj/showcase.pgn", "../corpus/chaturanga/showcase.pgn",
		"../corpus/chaturanga-gollon/showcase.pgn", "../corpus/hindustani/showcase.pgn", "../corpus/andhra/promotion.pgn",
	}
	rp := replay.New(replay.Config{Steps: true})
	checked := 0
	notes := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		games, err := grammar.ReadAll(bytes.NewReader(data), filepath.Base(path))
		if err != nil && len(games) == 0 {
			t.Fatal(err)
		}
		for i, g := range games {
			res := rp.Game(g, path, i+1)
			if res.Played == nil || res.Played.Start == nil {
				continue
			}
			v, err := BuildShow(g, res, -1, "game")
			if err != nil {
				t.Fatal(err)
			}
			d := v.Diagram
			var term, svg bytes.Buffer
			if err := WriteDiagram(&term, d, true); err != nil {
				t.Fatal(err)
			}
			if err := WriteSVG(&svg, d); err != nil {
				t.Fatal(err)
			}
			texts, svgMen := svgTexts(t, svg.Bytes())
			if tm := terminalMen(t, term.String()); !maps.Equal(tm, svgMen) || len(tm) == 0 {
				t.Errorf("%s game %d: the terminal shows %v, the SVG %v", path, i+1, tm, svgMen)
			}
			want := append([]string{}, d.Header...)
			want = append(want, d.Title, d.Caption, "profile "+d.Profile)
			want = append(want, d.Notes...)
			for _, n := range d.Names {
				want = append(want, n)
			}
			notes += len(d.Notes)
			for _, w := range want {
				w = strings.Join(strings.Fields(w), " ")
				if !strings.Contains(term.String(), strings.TrimSpace(w)) {
					t.Errorf("%s game %d: the terminal view lacks %q", path, i+1, w)
				}
				if !strings.Contains(texts, w) {
					t.Errorf("%s game %d: the SVG lacks %q", path, i+1, w)
				}
			}
			checked++
		}
	}
	if checked < 20 || notes == 0 {
		t.Errorf("only %d positions (%d notes) compared", checked, notes)
	}
}

// TestSVGSelfContained: a diagram refers to nothing outside itself (no
// image, font, style sheet or link), for every glyph set and board look.
func TestSVGSelfContained(t *testing.T) {
	for _, name := range []string{"fide", "shatranj", "hindustani", "andhra"} {
		p, err := rules.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		d := NewDiagram()
		DescribePosition(d, rules.NewPosition(&p.Settings), p)
		var b bytes.Buffer
		if err := WriteSVG(&b, d); err != nil {
			t.Fatal(err)
		}
		doc := b.String()
		for _, bad := range []string{"<image", "@import", "http://", "https://", "<script", "<foreignObject", "xlink:href"} {
			if bad == "http://" {
				// The SVG namespace is a name, not a resource.
				doc = strings.Replace(doc, `xmlns="http://www.w3.org/2000/svg"`, "", 1)
			}
			if strings.Contains(doc, bad) {
				t.Errorf("%s: the SVG contains %q", name, bad)
			}
		}
		if strings.Contains(doc, "url(") && !regexp.MustCompile(`url\(#[a-z]+\)`).MatchString(doc) {
			t.Errorf("%s: the SVG refers to an outside url()", name)
		}
		if want := map[string]string{"fide": GlyphsFigurine, "andhra": GlyphsFigurine}[name]; want == "" && d.Glyphs != GlyphsHistorical {
			t.Errorf("%s: drawn with %q, want the historical men", name, d.Glyphs)
		}
	}
}
