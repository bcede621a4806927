package coord_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats/coord"
	"github.com/ashtapada/ashtapada/formats/internal/formattest"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// TestGrammarReadsCoordinates: the grammar reads every form the LAN and
// UCI writers write (the cases of the coordinate reader it replaced).
func TestGrammarReadsCoordinates(t *testing.T) {
	for _, tc := range []struct {
		in       string
		piece    byte
		from, to string
		promo    byte
		conv     string
		leap     bool
		capture  bool
		castle   int
		check    byte
	}{
		{in: "e2e4", from: "e2", to: "e4"},
		{in: "a7a8q", from: "a7", to: "a8", promo: 'Q'},
		{in: "c3b1/b8n", from: "c3", to: "b1", conv: "b8=N"},
		{in: "e1c2", from: "e1", to: "c2"},
		{in: "e2-e4", from: "e2", to: "e4"},
		{in: "Ng1-f3", piece: 'N', from: "g1", to: "f3"},
		{in: "K~e1-c2+", piece: 'K', from: "e1", to: "c2", leap: true, check: '+'},
		{in: "Bc4xg8/b1=N#", piece: 'B', from: "c4", to: "g8", capture: true, conv: "b1=N", check: '#'},
		{in: "e7xd8=Q", from: "e7", to: "d8", capture: true, promo: 'Q'},
		{in: "O-O-O", piece: 'K', castle: record.CastleLong},
		{in: "O-O+", piece: 'K', castle: record.CastleShort, check: '+'},
	} {
		m, err := grammar.ParseMove(tc.in)
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		from, conv := "", ""
		if m.FromFile >= 0 && m.FromRank >= 0 {
			from = record.MakeSquare(int(m.FromFile), int(m.FromRank)).String()
		}
		if m.ConvSquare != record.NoSquare {
			conv = m.ConvSquare.String() + "=" + string(m.ConvPiece)
		}
		to := ""
		if m.Castle == record.NoCastle {
			to = m.To.String()
		}
		if m.Piece != tc.piece || from != tc.from || to != tc.to || m.Promotion != tc.promo || conv != tc.conv ||
			m.Leap != tc.leap || m.Capture != tc.capture || int(m.Castle) != tc.castle || m.Check != tc.check {
			t.Errorf("%s: %+v", tc.in, m)
		}
	}
	for _, bad := range []string{"e2e9", "e2e4k", "e2x", "c3b1/b8", "c3b1/z8n", "", "Ng1-f9", "e7-e8=q", "Bc4xg8/b1N", "~"} {
		if _, err := grammar.ParseMove(bad); err == nil {
			t.Errorf("%q read without error", bad)
		}
	}
}

// readCoord reads LAN (uci false) or UCI text with the grammar and
// rewrites each game's main line in SAN from what replay plays, as
// convert does; it returns the games and, per game, the trace.
func readCoord(t *testing.T, text string, uci bool, rp *replay.Replayer) ([]*record.Game, []*replay.Played) {
	t.Helper()
	rd := grammar.NewReader(strings.NewReader(text), "coord")
	rd.SetNotation(map[bool]record.Notation{false: record.LAN, true: record.UCI}[uci])
	var games []*record.Game
	var traces []*replay.Played
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return games, traces
		}
		if err != nil {
			t.Fatal(err)
		}
		tr := rp.Game(g, "coord", len(games)+1).Played
		back, err := notation.SANRecord(g, tr)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, back)
		traces = append(traces, tr)
	}
}

// The extensions are written as docs/convert.md says and read back.
func TestCoordExtensions(t *testing.T) {
	games := formattest.ExtensionGames(t)
	rp := replay.New(replay.Config{Steps: true})
	want := map[bool][]string{
		false: {"1... Nc3xb1/b8=N 2. Nb8-c6+ Kd8-c7", "1. g2-g3,Bf1-h3,Ng1-f3 b7-b6,Bc8-a6,Nb8-c6", "3. K~e1-g2 K~d8-b7"},
		true:  {"c3b1/b8n b8c6 d8c7", "g2g3,f1h3,g1f3 b7b6,c8a6,b8c6", "e1g2 d8b7"},
	}
	for _, uci := range []bool{false, true} {
		var buf bytes.Buffer
		for _, g := range games {
			tr := rp.Game(g, "", 0).Played
			if !tr.Complete() {
				t.Fatalf("test game does not play: %+v", tr.Stop)
			}
			if err := coord.WriteGame(&buf, g, tr, uci); err != nil {
				t.Fatal(err)
			}
		}
		text := buf.String()
		for _, w := range want[uci] {
			if !strings.Contains(text, w) {
				t.Errorf("uci=%v: output lacks %q:\n%s", uci, w, text)
			}
		}
		backs, traces := readCoord(t, text, uci, rp)
		if len(backs) != len(games) {
			t.Fatalf("uci=%v: %d games read back, want %d", uci, len(backs), len(games))
		}
		for gi, g := range games {
			back := backs[gi]
			if tr := traces[gi]; !tr.Complete() {
				t.Fatalf("uci=%v game %d: does not play back: %+v", uci, gi+1, tr.Stop)
			}
			if len(back.Tags) != len(g.Tags) {
				t.Errorf("uci=%v game %d: %d tags read back, want %d", uci, gi+1, len(back.Tags), len(g.Tags))
			}
			var a, b []string
			for _, n := range back.Moves {
				if n.Kind == record.KindMove {
					a = append(a, notation.CanonicalMoveText(n.Move))
				}
			}
			for _, n := range g.Moves {
				if n.Kind == record.KindMove {
					b = append(b, notation.CanonicalMoveText(n.Move))
				}
			}
			if strings.Join(a, " ") != strings.Join(b, " ") {
				t.Errorf("uci=%v game %d: read back\n %v\nwant\n %v", uci, gi+1, a, b)
			}
		}
	}
}

// An illegal coordinate move stops the game there, with replay's finding
// (file, line, column, rule id, the same reason as in PGN).
func TestCoordIllegalMove(t *testing.T) {
	rp := replay.New(replay.Config{Steps: true})
	in := "[Event \"x\"]\n\ne2e4 e7e5 e1e3 *\n"
	rd := grammar.NewReader(strings.NewReader(in), "x.uci")
	rd.SetNotation(record.UCI)
	g, err := rd.Next()
	if err != nil {
		t.Fatal(err)
	}
	res := rp.Game(g, "x.uci", 1)
	var errs []replay.Finding
	for _, f := range res.Findings {
		if f.IsError() || f.Rule != "missing-tag" {
			errs = append(errs, f)
		}
	}
	if len(errs) != 1 {
		t.Fatalf("findings %+v", errs)
	}
	f := errs[0]
	if f.Rule != "illegal-move" || f.Line != 3 || f.Column != 11 || f.SAN != "e1e3" || !strings.Contains(f.Message, "e3") {
		t.Fatalf("finding %+v", f)
	}
	back, err := notation.SANRecord(g, res.Played)
	if err != nil {
		t.Fatal(err)
	}
	moves := 0
	for _, n := range back.Moves {
		if n.Kind == record.KindMove {
			moves++
		}
	}
	if moves != 2 {
		t.Errorf("want the 2 moves before e1e3, got %d", moves)
	}
	// An unknown profile is said, not guessed.
	rd = grammar.NewReader(strings.NewReader("[Variant \"nonesuch\"]\n\ne2e4 *\n"), "y.uci")
	rd.SetNotation(record.UCI)
	g, _ = rd.Next()
	if res := rp.Game(g, "y.uci", 1); len(res.Findings) == 0 || res.Findings[0].Rule != "unknown-profile" {
		t.Errorf("want unknown-profile, got %+v", res.Findings)
	}
}

// A main line the replay stopped writes what it could and says so.
func TestWriteCoordStops(t *testing.T) {
	g := formattest.ReadGames(t, filepath.Join("..", "testdata", "illegal.pgn"))[0]
	tr := replay.New(replay.Config{Steps: true}).Game(g, "", 0).Played
	if tr.Complete() {
		t.Fatal("the test game should stop")
	}
	var buf bytes.Buffer
	err := coord.WriteGame(&buf, g, tr, false)
	var stop *notation.StopError
	if err == nil || !asStop(err, &stop) {
		t.Fatalf("want a StopError, got %v", err)
	}
	if !strings.Contains(strings.Join(strings.Fields(buf.String()), " "), "1. e2-e4 e7-e5 {ply 3 (Ke3) could not be played") {
		t.Errorf("unexpected output:\n%s", buf.String())
	}
}

func asStop(err error, target **notation.StopError) bool {
	s, ok := err.(*notation.StopError)
	if ok {
		*target = s
	}
	return ok
}

// Games without tags (pgn-extract's test-fuzzydepth.pgn is one such file)
// are told apart by their termination markers, as in PGN: a line that
// starts with movetext after a line that ended with a marker starts a new
// game. A marker inside a comment does not end the game. Text after the
// marker on the same line is skipped with a syntax warning, as PGN's
// reader does (the coordinate reader that the grammar replaced read it as
// the next game).
func TestCoordReaderTaglessGames(t *testing.T) {
	rp := replay.New(replay.Config{Steps: true})
	cases := []struct {
		uci  bool
		in   string
		want []int // moves per game
	}{
		{true, "e2e4 e7e5 *\n\n\ng1f3 b8c6 e2e4 *\n", []int{2, 3}},
		{true, "e2e4 e7e5 *\nd2d4 d7d5 1-0\n", []int{2, 2}},
		// Two games on one line are two games: the second is not text
		// after the marker, skipped unchecked.
		{true, "e2e4 e7e5 * d2d4 d7d5 1-0\n", []int{2, 2}},
		{false, "1. e2-e4 {not the end: * 1-0} e7-e5\n2. Ng1-f3 *\n1. d2-d4 {a comment\nover two lines with 0-1 in it} *\n", []int{3, 1}},
	}
	for _, c := range cases {
		games, _ := readCoord(t, c.in, c.uci, rp)
		var got []int
		for _, g := range games {
			n := 0
			for _, m := range g.Moves {
				if m.Kind == record.KindMove {
					n++
				}
			}
			got = append(got, n)
		}
		if len(got) != len(c.want) {
			t.Fatalf("%q: read %d games %v, want %v", c.in, len(got), got, c.want)
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%q: game %d has %d moves, want %d", c.in, i+1, got[i], c.want[i])
			}
		}
	}
}

// TestCoordRoundTripData: every game whose main line plays, written in LAN
// and in UCI and read back, gives the same canonical SAN move for move.
func TestCoordRoundTripData(t *testing.T) {
	t.Parallel() // a data test (package formattest)
	files := formattest.RecordFiles(t)
	total, skipped := 0, 0
	for _, path := range files {
		rp := replay.New(replay.Config{Steps: true})
		for gi, g := range formattest.ReadGames(t, path) {
			tr := rp.Game(g, "", 0).Played
			if !tr.Complete() {
				skipped++
				continue
			}
			for _, uci := range []bool{false, true} {
				var buf bytes.Buffer
				if err := coord.WriteGame(&buf, g, tr, uci); err != nil {
					t.Fatalf("%s game %d: %v", path, gi+1, err)
				}
				if msg := wrapFault(buf.String()); msg != "" {
					t.Fatalf("%s game %d (uci=%v): %s\n%s", path, gi+1, uci, msg, buf.String())
				}
				backs, traces := readCoord(t, buf.String(), uci, rp)
				if len(backs) != 1 || !traces[0].Complete() {
					t.Fatalf("%s game %d (uci=%v): reading back: %d games, %+v\n%s", path, gi+1, uci, len(backs), traces, buf.String())
				}
				back := backs[0]
				var sans []string
				for _, n := range back.Moves {
					if n.Kind == record.KindMove {
						sans = append(sans, n.Move.Text)
					}
				}
				if len(sans) != tr.Len() {
					t.Fatalf("%s game %d (uci=%v): %d moves read back, want %d", path, gi+1, uci, len(sans), tr.Len())
				}
				for k := range tr.Len() {
					if sans[k] != tr.SAN(k) {
						t.Fatalf("%s game %d (uci=%v) ply %d: read back %q, want %q", path, gi+1, uci, k+1, sans[k], tr.SAN(k))
					}
				}
				if back.Result != g.Result && g.Result != "" {
					t.Fatalf("%s game %d: result %q read back as %q", path, gi+1, g.Result, back.Result)
				}
			}
			total++
		}
	}
	t.Logf("%d games round-tripped through LAN and UCI; %d not fully playable were skipped", total, skipped)
	if total == 0 {
		t.Fatal("no game could be played: the test checked nothing")
	}
}

// wrapFault says how the movetext of a game written (after its tags and
// blank line) is not wrapped as it should be, in lines of at most 79
// columns, each as long as it can be: the next line's first token did not
// fit on it. "" when it is.
func wrapFault(text string) string {
	_, movetext, _ := strings.Cut(text, "\n\n")
	lines := strings.Split(strings.TrimRight(movetext, "\n"), "\n")
	for i, line := range lines {
		if len(line) > 79 {
			return fmt.Sprintf("line %d of the moves has %d columns", i+1, len(line))
		}
		if i+1 < len(lines) {
			next, _, _ := strings.Cut(lines[i+1], " ")
			if len(line)+1+len(next) <= 79 {
				return fmt.Sprintf("line %d of the moves ends before %q, which fits on it", i+1, next)
			}
		}
	}
	return ""
}

// BenchmarkTraceCoord measures replaying a game's main line and writing it
// in UCI.
func BenchmarkTraceCoord(b *testing.B) {
	path := testenv.SharedDir(b, "data", "fide", "corpus-1k.pgn")
	games := formattest.ReadGamesUncached(b, path)
	games = games[:min(200, len(games))] // the fast tier reads fewer (GameLimit)
	rp := replay.New(replay.Config{Steps: true})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := games[i%len(games)]
		if err := coord.WriteGame(io.Discard, g, rp.Game(g, "", 0).Played, true); err != nil {
			b.Fatal(err)
		}
	}
}
