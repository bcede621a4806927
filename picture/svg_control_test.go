package picture

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// TestSVGControlCharacters: whatever characters the texts of a diagram
// hold (a tag value's, a profile's name, its men's names), the SVG is
// well-formed XML, the control characters drawn as their Control Pictures
// signs and the rest of the text kept.
func TestSVGControlCharacters(t *testing.T) {
	const bad = "a\x1b]0;x\x07b\x01\x0b\x00c\uFFFE\xffd<&>\"'"
	d, err := DiagramFromFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	d.Title, d.Caption, d.Profile = bad, bad, bad
	d.Header = []string{bad, bad}
	d.Notes = []string{bad}
	d.Names = map[byte]string{'K': bad}
	for name, write := range map[string]func(io.Writer, *Diagram) error{"WriteSVG": WriteSVG, "WriteSVGShared": WriteSVGShared} {
		var b bytes.Buffer
		if err := write(&b, d); err != nil {
			t.Fatal(err)
		}
		if why := testenv.WellFormedXML(b.Bytes()); why != "" {
			t.Errorf("%s: not well-formed XML: %s", name, why)
		}
		if want := "a␛]0;x␇b␁␋␀c\uFFFD\uFFFDd&lt;&amp;&gt;&#34;&#39;"; !strings.Contains(b.String(), want) {
			t.Errorf("%s: no %q in\n%s", name, want, b.String())
		}
	}
}
