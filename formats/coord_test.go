package formats

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

func TestParseUCI(t *testing.T) {
	for _, tc := range []struct {
		in      string
		from    string
		to      string
		promo   rules.Kind
		conv    string
		convK   rules.Kind
		wantErr bool
	}{
		{in: "e2e4", from: "e2", to: "e4"},
		{in: "a7a8q", from: "a7", to: "a8", promo: rules.Queen},
		{in: "c3b1/b8n", from: "c3", to: "b1", conv: "b8", convK: rules.Knight},
		{in: "e1c2", from: "e1", to: "c2"},
		{in: "e2e9", wantErr: true},
		{in: "e2e4k", wantErr: true},
		{in: "e2", wantErr: true},
		{in: "c3b1/b8", wantErr: true},
		{in: "c3b1/z8n", wantErr: true},
		{in: "", wantErr: true},
	} {
		c, err := ParseUCI(tc.in)
		if (err != nil) != tc.wantErr {
			t.Errorf("ParseUCI(%q): error %v, want error %v", tc.in, err, tc.wantErr)
			continue
		}
		if tc.wantErr {
			continue
		}
		if c.From.String() != tc.from || c.To.String() != tc.to || c.Promotion != tc.promo || c.ConvKind != tc.convK {
			t.Errorf("ParseUCI(%q) = %+v", tc.in, c)
		}
		if tc.conv != "" && c.ConvSquare.String() != tc.conv || tc.conv == "" && c.ConvSquare != rules.NoSquare {
			t.Errorf("ParseUCI(%q): conversion square %v, want %q", tc.in, c.ConvSquare, tc.conv)
		}
	}
}

func TestParseLAN(t *testing.T) {
	for _, tc := range []struct {
		in      string
		piece   rules.Kind
		from    string
		to      string
		leap    bool
		capture bool
		castle  int
		check   string
		wantErr bool
	}{
		{in: "e2-e4", piece: rules.Pawn, from: "e2", to: "e4"},
		{in: "Ng1-f3", piece: rules.Knight, from: "g1", to: "f3"},
		{in: "K~e1-c2+", piece: rules.King, from: "e1", to: "c2", leap: true, check: "+"},
		{in: "Bc4xg8/b1=N#", piece: rules.Bishop, from: "c4", to: "g8", capture: true, check: "#"},
		{in: "e7xd8=Q", piece: rules.Pawn, from: "e7", to: "d8", capture: true},
		{in: "O-O-O", piece: rules.King, castle: 2},
		{in: "O-O+", piece: rules.King, castle: 1, check: "+"},
		{in: "e2e4", wantErr: true},
		{in: "Ng1-f9", wantErr: true},
		{in: "e7-e8=K", wantErr: true},
		{in: "e7-e8=q", wantErr: true},
		{in: "Bc4xg8/b1N", wantErr: true},
		{in: "Nf3", wantErr: true},
		{in: "~", wantErr: true},
	} {
		c, err := ParseLAN(tc.in)
		if (err != nil) != tc.wantErr {
			t.Errorf("ParseLAN(%q): error %v, want error %v", tc.in, err, tc.wantErr)
			continue
		}
		if tc.wantErr {
			continue
		}
		if c.Piece != tc.piece || c.Leap != tc.leap || c.Capture != tc.capture || c.Castle != tc.castle || c.Check != tc.check {
			t.Errorf("ParseLAN(%q) = %+v", tc.in, c)
		}
		if tc.castle == 0 && (c.From.String() != tc.from || c.To.String() != tc.to) {
			t.Errorf("ParseLAN(%q): squares %v-%v", tc.in, c.From, c.To)
		}
	}
}

// extensionGames reads testdata/extensions.pgn: an Andhra conversion from
// a FEN position, and an Andhra game with compound turns and leaps.
func extensionGames(t *testing.T) []*record.Game {
	games := readGames(t, filepath.Join("testdata", "extensions.pgn"))
	if len(games) != 2 {
		t.Fatalf("want 2 games in testdata/extensions.pgn, got %d", len(games))
	}
	return games
}

// The extensions are written as docs/convert.md says and read back.
func TestCoordExtensions(t *testing.T) {
	games := extensionGames(t)
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
			if err := WriteCoordGame(&buf, g, tr, uci); err != nil {
				t.Fatal(err)
			}
		}
		text := buf.String()
		for _, w := range want[uci] {
			if !strings.Contains(text, w) {
				t.Errorf("uci=%v: output lacks %q:\n%s", uci, w, text)
			}
		}
		cr := NewCoordReader(strings.NewReader(text), uci, rp)
		for gi, g := range games {
			back, err := cr.Next()
			if err != nil {
				t.Fatalf("uci=%v game %d: %v", uci, gi+1, err)
			}
			if len(back.Tags) != len(g.Tags) {
				t.Errorf("uci=%v game %d: %d tags read back, want %d", uci, gi+1, len(back.Tags), len(g.Tags))
			}
			var a, b []string
			for _, n := range back.Moves {
				if n.Kind == record.KindMove {
					a = append(a, CanonicalMoveText(n.Move))
				}
			}
			for _, n := range g.Moves {
				if n.Kind == record.KindMove {
					b = append(b, CanonicalMoveText(n.Move))
				}
			}
			if strings.Join(a, " ") != strings.Join(b, " ") {
				t.Errorf("uci=%v game %d: read back\n %v\nwant\n %v", uci, gi+1, a, b)
			}
		}
	}
}

func TestCoordReaderRejects(t *testing.T) {
	rp := replay.New(replay.Config{Steps: true})
	in := "[Event \"x\"]\n\ne2e4 e7e5 e1e3 *\n"
	g, err := NewCoordReader(strings.NewReader(in), true, rp).Next()
	if err == nil || !strings.Contains(err.Error(), "e1e3") {
		t.Fatalf("want an error naming e1e3, got %v", err)
	}
	if g == nil || len(g.Notices) != 1 || g.Notices[0].Rule != "illegal-move" {
		t.Fatalf("want the game so far with an illegal-move notice, got %+v", g)
	}
	moves := 0
	for _, n := range g.Moves {
		if n.Kind == record.KindMove {
			moves++
		}
	}
	if moves != 2 {
		t.Errorf("want the 2 moves before e1e3, got %d", moves)
	}
	// An unknown profile is said, not guessed.
	_, err = NewCoordReader(strings.NewReader("[Variant \"nonesuch\"]\n\ne2e4 *\n"), true, rp).Next()
	if err == nil {
		t.Error("want an error for an unknown profile")
	}
}

// A main line the replay stopped writes what it could and says so.
func TestWriteCoordStops(t *testing.T) {
	g := readGames(t, filepath.Join("testdata", "illegal.pgn"))[0]
	tr := replay.New(replay.Config{Steps: true}).Game(g, "", 0).Played
	if tr.Complete() {
		t.Fatal("the test game should stop")
	}
	var buf bytes.Buffer
	err := WriteCoordGame(&buf, g, tr, false)
	var stop *StopError
	if err == nil || !asStop(err, &stop) {
		t.Fatalf("want a StopError, got %v", err)
	}
	if !strings.Contains(strings.Join(strings.Fields(buf.String()), " "), "1. e2-e4 e7-e5 {ply 3 (Ke3) could not be played") {
		t.Errorf("unexpected output:\n%s", buf.String())
	}
}

func asStop(err error, target **StopError) bool {
	s, ok := err.(*StopError)
	if ok {
		*target = s
	}
	return ok
}

// Games without tags (pgn-extract's test-fuzzydepth.pgn is one such file)
// are told apart by their termination markers: before, the reader ran them
// together and the second game's first move was reported illegal. A marker
// inside a comment does not end the game.
func TestCoordReaderTaglessGames(t *testing.T) {
	rp := replay.New(replay.Config{Steps: true})
	cases := []struct {
		uci  bool
		in   string
		want []int // moves per game
	}{
		{true, "e2e4 e7e5 *\n\n\ng1f3 b8c6 e2e4 *\n", []int{2, 3}},
		{true, "e2e4 e7e5 * d2d4 d7d5 1-0\n", []int{2, 2}},
		{false, "1. e2-e4 {not the end: * 1-0} e7-e5\n2. Ng1-f3 *\n1. d2-d4 {a comment\nover two lines with 0-1 in it} *\n", []int{3, 1}},
	}
	for _, c := range cases {
		cr := NewCoordReader(strings.NewReader(c.in), c.uci, rp)
		var got []int
		for {
			g, err := cr.Next()
			if err != nil {
				if errors.Is(err, io.EOF) {
					break
				}
				t.Fatalf("%q: game %d: %v", c.in, len(got)+1, err)
			}
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
