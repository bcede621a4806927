package formats_test

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats"
	_ "github.com/ashtapada/ashtapada/formats/all"
	"github.com/ashtapada/ashtapada/formats/internal/formattest"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

func TestDetectRecordFormat(t *testing.T) {
	tags := "[Event \"x\"]\n[Site \"?\"]\n\n"
	for _, tc := range []struct{ path, head, want string }{
		{"a.pgn", "e2e4", "pgn"}, // the extension wins
		{"a.LAN.gz", "", "lan"},
		{"a.uci.zst", "", "uci"},
		{"a.ndjson", "", "jsonl"},
		{"a.json", "", "json"},
		{"-", "\xEF\xBB\xBF  {\"tags\": []}", "jsonl"},
		{"-", "[\n{\"tags\": []}]", "json"},
		{"-", "[]", "json"},
		{"-", tags + "1. e4 e5 *", "pgn"},
		{"-", tags + "e2e4 e7e5 *", "uci"},
		{"-", tags + "g2g3,f1h3,g1f3 b7b6 *", "uci"},
		{"-", tags + "c3b1/b8n *", "uci"},
		{"-", tags + "1. e2-e4 e7-e5 *", "lan"},
		{"-", tags + "1. K~e1-c2 *", "lan"},
		{"-", tags + "1. K~c2 *", "pgn"},
		{"-", tags + "1. O-O-O *", "pgn"},
		{"-", tags + "1. exd5 *", "pgn"},
		{"-", "", "pgn"},
	} {
		if got := formats.DetectRecordFormat(tc.path, []byte(tc.head)); got.Name != tc.want {
			t.Errorf("%s %q: %s, want %s", tc.path, tc.head, got.Name, tc.want)
		}
	}
}

func TestRecordFormatRegistry(t *testing.T) {
	books := " descriptive de fr es it nl pt sv ru figurine parquet" // formats/booknotation, gametable
	if got := strings.Join(formats.RecordFormatNames(true), " "); got != "pgn json jsonl lan uci"+books {
		t.Errorf("readable: %s", got)
	}
	if got := strings.Join(formats.RecordFormatNames(false), " "); got != "pgn json jsonl lan uci fen svg html"+books {
		t.Errorf("writable: %s", got)
	}
	for _, f := range formats.RecordFormats() {
		if f.Table && (f.Read != nil || f.NewWriter != nil) {
			t.Errorf("%s: a table format with a reader or a writer of games", f.Name)
		}
		if f.Text && f.Read == nil {
			t.Errorf("%s: a text format without a reader", f.Name)
		}
		if f.Shardable && !f.Text {
			t.Errorf("%s: read in byte ranges, but not by the grammar, whose offsets are the file's", f.Name)
		}
		if f.OneGame && !f.OneDocument {
			t.Errorf("%s: writes one game, but not as one document", f.Name)
		}
		if g, ok := formats.LookupRecordFormat(strings.ToUpper(f.Name)); !ok || g.Name != f.Name {
			t.Errorf("lookup of %s", f.Name)
		}
	}
	// Every readable format reads a game back.
	for name, text := range map[string]string{
		"pgn": "[Event \"x\"]\n\n1. e4 *\n", "lan": "[Event \"x\"]\n\n1. e2-e4 *\n", "uci": "[Event \"x\"]\n\ne2e4 *\n",
		"json": "[{\"tags\": [], \"moves\": []}]", "jsonl": "{\"tags\": [], \"moves\": []}\n",
	} {
		f, _ := formats.LookupRecordFormat(name)
		g, err := f.Read(strings.NewReader(text), "x", grammar.DefaultLimits()).Next()
		if err != nil || g == nil || g.Notation != f.Notation {
			t.Errorf("%s: %v %+v", name, err, g)
		}
	}
}

// TestRecordFormatWriters: every writable format writes a game from its
// replay, and SVG says when the game asked for is not in the input.
func TestRecordFormatWriters(t *testing.T) {
	g, err := grammar.NewReader(strings.NewReader("[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n"), "x").Next()
	if err != nil {
		t.Fatal(err)
	}
	res := replay.New(replay.Config{Steps: true}).Game(g, "x", 1)
	want := map[string]string{"pgn": "2. Nf3", "json": `"san":"Nf3"`, "jsonl": `"san":"Nf3"`, "lan": "Ng1-f3", "uci": "g1f3", "fen": "RNBQKB1R b KQkq", "svg": "<svg", "html": "<main>"}
	for _, f := range formats.RecordFormats() {
		if f.Table {
			continue
		}
		var buf strings.Builder
		w, err := f.NewWriter(&buf, formats.WriteOptions{Game: 1})
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if err := w.Write(g, 1, res, nil); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if err := w.Close(); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if !strings.Contains(buf.String(), want[f.Name]) {
			t.Errorf("%s: output lacks %q:\n%.300s", f.Name, want[f.Name], buf.String())
		}
	}
	svg, _ := formats.LookupRecordFormat("svg")
	w, _ := svg.NewWriter(io.Discard, formats.WriteOptions{Game: 2})
	if err := w.Write(g, 1, res, nil); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err == nil || !strings.Contains(err.Error(), "--game 2") {
		t.Errorf("svg of a game not in the input: %v", err)
	}
}

// TestRegisterTwice: a name or an order taken is a bug, said at once.
func TestRegisterTwice(t *testing.T) {
	for _, f := range []formats.RecordFormat{
		{Name: "PGN", Order: -1},
		{Name: "another", Order: formats.OrderJSON},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s, order %d: registered twice without a panic", f.Name, f.Order)
				}
			}()
			formats.Register(f)
		}()
	}
}

// TestMovesOnlyWithoutSAN: a format that says it is written from the moves
// alone (MovesOnly, which has convert's replay keep no SAN) writes every
// game of corpus/ byte for byte as it does from steps with their SAN; and
// the check would see a format that reads the SAN (fen's lines name each
// move in SAN), so that a format wrongly marked would fail it.
func TestMovesOnlyWithoutSAN(t *testing.T) {
	files := testenv.RecordFiles(t, filepath.Join(testenv.RepoRoot(), "corpus"))
	var games []*record.Game
	for _, f := range files {
		games = append(games, formattest.ReadGames(t, f)...)
	}
	write := func(f formats.RecordFormat, noSAN bool) string {
		var buf strings.Builder
		w, err := f.NewWriter(&buf, formats.WriteOptions{})
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		rp := replay.New(replay.Config{Steps: true, NoSAN: noSAN})
		for i, g := range games {
			// A stopped game is written up to its stop: the error says so.
			_ = w.Write(g, i+1, rp.Game(g, "corpus", i+1), nil)
		}
		if err := w.Close(); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		return buf.String()
	}
	movesOnly := 0
	for _, f := range formats.RecordFormats() {
		if !f.MovesOnly {
			continue
		}
		movesOnly++
		if with, without := write(f, false), write(f, true); with != without {
			t.Errorf("%s is marked MovesOnly but writes otherwise without the SAN", f.Name)
		}
	}
	if movesOnly == 0 {
		t.Error("no format is marked MovesOnly")
	}
	fen, _ := formats.LookupRecordFormat("fen")
	if write(fen, false) == write(fen, true) {
		t.Error("fen writes the same without the SAN: the comparison sees nothing")
	}
}

// wrapped is a renderer of a caller's package that renders as one of this
// module's: it may keep what End is given.
type wrapped struct{ formats.GameRenderer }

// TestKeepsResults: the renderers of every registered format keep no
// result (this module's), one of a caller's package may, even when it
// wraps one of them.
func TestKeepsResults(t *testing.T) {
	for _, f := range formats.RecordFormats() {
		if f.Rendering == nil {
			continue
		}
		for _, opt := range []formats.WriteOptions{{}, {Compact: true}, {Plain: true}} {
			rd := f.Rendering.NewRenderer(opt)
			if formats.KeepsResults(rd) {
				t.Errorf("%s %+v: its renderer %T said to keep its results", f.Name, opt, rd)
			}
			if !formats.KeepsResults(wrapped{rd}) || !formats.KeepsResults(&wrapped{rd}) {
				t.Errorf("%s: a caller's renderer wrapping it said to keep no result", f.Name)
			}
		}
	}
	if !formats.KeepsResults(nil) {
		t.Error("no renderer said to keep no result")
	}
}
