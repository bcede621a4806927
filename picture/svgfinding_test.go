package picture

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

func TestFindingDiagram(t *testing.T) {
	path := filepath.Join("testdata", "leap-after-check.pgn")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := grammar.NewReader(bytes.NewReader(data), path).Next()
	if err != nil {
		t.Fatal(err)
	}
	res := replay.New(replay.Config{}).Game(g, "leap-after-check.pgn", 1)
	var f *replay.Finding
	for i := range res.Findings {
		if res.Findings[i].IsError() {
			f = &res.Findings[i]
			break
		}
	}
	if f == nil || f.Rule != "king-leap-unavailable" {
		t.Fatalf("want a king-leap-unavailable finding, got %+v", res.Findings)
	}
	d, err := FindingDiagram(f)
	if err != nil {
		t.Fatal(err)
	}
	e1, d3 := record.MakeSquare(4, 0), record.MakeSquare(3, 2)
	if d.From != e1 || d.To != d3 || d.Mark != d3 || d.Checkered {
		t.Errorf("from %v to %v mark %v checkered %v; want e1 d3 d3 plain", d.From, d.To, d.Mark, d.Checkered)
	}
	var buf bytes.Buffer
	if err := WriteFindingSVG(&buf, f); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "king-leap-unavailable") || !strings.Contains(buf.String(), "marker-end") {
		t.Errorf("SVG lacks the rule or the arrow:\n%.400s", buf.String())
	}
	if _, err := FindingDiagram(&replay.Finding{Rule: "x"}); err == nil {
		t.Error("a finding without FEN: want an error")
	}
}
