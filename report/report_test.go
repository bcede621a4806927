package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/replay"
)

func sampleResult() *replay.Result {
	return &replay.Result{
		Summary: replay.Summary{File: "a.pgn", Game: 2, Profile: "fide", ProfileSource: "default", Plies: 2,
			Outcome: "none", Result: "*", Valid: false, Errors: 1},
		Findings: []replay.Finding{{
			File: "a.pgn", Line: 9, Column: 13, Game: 2, Ply: 3, MoveNumber: 2, Side: "white", SAN: "Ke3",
			Rule: "illegal-move", Severity: "error", Message: "no white king can move to e3",
			FEN: "8/8/8/8/8/8/8/4K2k w - - 0 2", Profile: "fide", Settings: map[string]string{"castling": "yes"},
			Legal: []string{"Ke2", "Kd1"},
		}},
	}
}

func TestReportText(t *testing.T) {
	var b bytes.Buffer
	rw, err := New("text", &b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := rw.Game(sampleResult()); err != nil {
		t.Fatal(err)
	}
	valid := &replay.Result{Summary: replay.Summary{File: "a.pgn", Game: 3, Valid: true, Outcome: "none"}}
	if err := rw.Game(valid); err != nil {
		t.Fatal(err)
	}
	tally := replay.NewTally()
	tally.Add(sampleResult())
	tally.Add(valid)
	if err := rw.Close(tally); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	want := []string{
		"a.pgn:9:13: error: no white king can move to e3 [illegal-move]",
		"\tgame 2, ply 3 (2. Ke3), profile fide, FEN 8/8/8/8/8/8/8/4K2k w - - 0 2; legal: Ke2 Kd1",
		"a.pgn: game 2: fide, 2 plies, outcome none, result *, invalid",
		"summary: 2 games, 1 valid, 1 invalid; 1 error, 0 warnings",
	}
	for i, w := range want {
		if i >= len(lines) || lines[i] != w {
			t.Fatalf("text report:\n%s\nwant line %d %q", b.String(), i, w)
		}
	}
	if !strings.Contains(b.String(), "rules: illegal-move 1") {
		t.Errorf("summary lacks the rule counts:\n%s", b.String())
	}
}

func TestReportJSONL(t *testing.T) {
	var b bytes.Buffer
	rw, _ := New("jsonl", &b, Options{})
	rw.Game(sampleResult())
	rw.Close(nil)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want a finding and a game line, got:\n%s", b.String())
	}
	var f, g map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &f); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &g); err != nil {
		t.Fatal(err)
	}
	if f["kind"] != "finding" || f["move_number"] != 2.0 || f["san"] != "Ke3" || g["kind"] != "game" || g["valid"] != false {
		t.Errorf("lines %v / %v", f, g)
	}
	if !strings.HasPrefix(lines[0], `{"kind":"finding",`) {
		t.Errorf("kind is not the first field: %s", lines[0])
	}
}

func TestReportJSON(t *testing.T) {
	var b bytes.Buffer
	rw, _ := New("json", &b, Options{})
	rw.Game(sampleResult())
	rw.Game(sampleResult())
	tally := replay.NewTally()
	tally.Add(sampleResult())
	rw.Close(tally)
	var doc struct {
		Games []struct {
			Game     int              `json:"game"`
			Findings []replay.Finding `json:"findings"`
		} `json:"games"`
		Summary replay.Tally `json:"summary"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, b.String())
	}
	if len(doc.Games) != 2 || len(doc.Games[0].Findings) != 1 || doc.Summary.Games != 1 {
		t.Errorf("document %+v", doc)
	}
	// An empty report is still a document.
	b.Reset()
	rw, _ = New("json", &b, Options{})
	rw.Close(nil)
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Errorf("empty report: %v: %s", err, b.String())
	}
}

func TestReportUnknownFormat(t *testing.T) {
	if _, err := New("yaml", &bytes.Buffer{}, Options{}); err == nil || !strings.Contains(err.Error(), "jsonl") {
		t.Errorf("error %v should list the known formats", err)
	}
}

// TestTerminalTextInReports: the text report quotes the
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
	r, err := New("jsonl", &js, Options{})
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
