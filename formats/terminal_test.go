package formats

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/replay"
)

func TestTerminalText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Kasparov – Topalov, Wijk aan Zee", "Kasparov – Topalov, Wijk aan Zee"},
		{"a\tb", "a\tb"},
		{"a\x1b]0;pwned\x07b", `a\x1b]0;pwned\x07b`},
		{"\x1b[2J\x1bc", `\x1b[2J\x1bc`},
		{"line\nforged: valid\r", `line\nforged: valid\r`},
		{"del\x7f", `del\x7f`},
		{"csi\u009b2J", `csi\u009b2J`},
		{"latin-1 \x9b2J \xe9", `latin-1 \x9b2J ` + "\xe9"},
		{"", ""},
	} {
		if got := TerminalText(c.in); got != c.want {
			t.Errorf("TerminalText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

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

// TestTerminalTextInReports: the text report and show's view quote the
// control characters of a finding's message, file and profile; the JSON
// report keeps them exact.
func TestTerminalTextInReports(t *testing.T) {
	f := replay.Finding{File: "x\x1b[2J.pgn", Game: 1, Line: 3, Column: 7, Rule: "syntax", Severity: "error",
		Message: "found `Nf3\x1b]0;x\x07`", Profile: "p\x01", SAN: "e4\x9b", FEN: "8/8 \x1b"}
	var text bytes.Buffer
	if err := WriteFindingText(&text, &f); err != nil {
		t.Fatal(err)
	}
	want := "x\\x1b[2J.pgn:3:7: error: found `Nf3\\x1b]0;x\\x07` [syntax]\n\tgame 1, profile p\\x01, FEN 8/8 \\x1b\n"
	if text.String() != want {
		t.Errorf("text report:\n%q\nwant\n%q", text.String(), want)
	}
	var js bytes.Buffer
	r, err := NewReport("jsonl", &js, ReportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Game(&replay.Result{Findings: []replay.Finding{f}}); err != nil {
		t.Fatal(err)
	}
	var line JSONLFinding
	if err := json.Unmarshal(js.Bytes(), &line); err != nil || line.Message != f.Message || line.Profile != f.Profile {
		t.Errorf("JSONL report: %v %+v\n%s", err, line, js.Bytes())
	}
}
