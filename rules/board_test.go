package rules

import (
	"strings"
	"testing"
)

// The board's look is profile data: the seeds disagree (Ayer and 004:
// uncheckered; Banerjee: "The Board is the same as in Modern Chess").
func TestProfileBoard(t *testing.T) {
	want := map[string]string{
		"fide": "checkered", "shatranj": "plain", "chaturanga": "plain",
		"chaturanga-gollon": "plain", "hindustani": "plain", "andhra": "checkered",
	}
	for name, board := range want {
		p, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if p.Board != board || p.Checkered() != (board == "checkered") || p.BoardSource == "" {
			t.Errorf("%s: board %q (source %q), want %q with a source", name, p.Board, p.BoardSource, board)
		}
	}
	user, err := ParseProfile("mine.toml", []byte("base = \"hindustani\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if user.Board != "plain" {
		t.Errorf("a profile based on hindustani has board %q, want it inherited (plain)", user.Board)
	}
	user, err = ParseProfile("mine.toml", []byte("base = \"hindustani\"\nboard = \"checkered\"\n"))
	if err != nil || !user.Checkered() {
		t.Errorf("board = \"checkered\" in a user file: %v, checkered %v", err, user != nil && user.Checkered())
	}
	_, err = ParseProfile("bad.toml", []byte("base = \"fide\"\n\nboard = \"striped\"\n"))
	if err == nil || !strings.Contains(err.Error(), "striped") || !strings.Contains(err.Error(), "plain, checkered") || !strings.Contains(err.Error(), ":3") {
		t.Errorf("a bad board value: error %v, want it to name the value, the valid values and line 3", err)
	}
}

// TestCastlingLostWhenTheRookLeaves: a rook that leaves its castling
// square ends that right, also when it comes back; the other side's right
// and the other rook's stay. apply looks at the leaving man's kind before
// the rook's square.
func TestCastlingLostWhenTheRookLeaves(t *testing.T) {
	s := testSettings(t, "fide")
	p := mustFEN(t, s, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for _, m := range []string{"h1h2", "a8a7", "h2h1", "a7a8"} {
		p.Play(find(t, p, m))
	}
	if got, want := p.castle, castleWQ|castleBK; got != want {
		t.Fatalf("castling rights %04b after h1h2 a8a7 h2h1 a7a8, want %04b", got, want)
	}
	for _, m := range p.LegalMoves(nil) {
		if m.Flags&FlagCastleShort != 0 {
			t.Errorf("white castles short (%v) after the h1 rook has moved", m)
		}
	}
}
