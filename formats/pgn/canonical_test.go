package pgn

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/replay"
)

func canonicalText(t *testing.T, text string, cut bool) string {
	t.Helper()
	g, err := grammar.NewReader(strings.NewReader(text), "t.pgn").Next()
	if err != nil {
		t.Fatal(err)
	}
	res := replay.New(replay.Config{Steps: true}).Game(g, "t.pgn", 1)
	c, err := notation.CanonicalGame(g, res.Played, cut)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := NewWriter(&b).Write(c); err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// CanonicalGame writes the played moves in canonical SAN, keeps glyphs,
// comments and variations, and either keeps or cuts what was not played.
func TestCanonicalGame(t *testing.T) {
	got := canonicalText(t, "1. e2e4! {good} (1. d2d4) e7e5 2. Ng1f3 Nb8c6 3. f1b5 a6 4. 0-0 *", false)
	if want := "1. e4! {good} (1. d2d4) 1... e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// The mate marked as check becomes #.
	if got := canonicalText(t, "1. f3 e5 2. g4 Qh4+ 0-1", false); !strings.Contains(got, "Qh4# 0-1") {
		t.Errorf("mate: %s", got)
	}
	// An illegal move: kept as written, or cut with the reason.
	bad := "1. e2e4 e7e5 2. Ke3 d7d6 *"
	if got := canonicalText(t, bad, false); got != "1. e4 e5 2. Ke3 d7d6 *" {
		t.Errorf("kept: %s", got)
	}
	got = canonicalText(t, bad, true)
	if !strings.HasPrefix(got, "1. e4 e5 {ply 3 (Ke3) could not be played: ") || !strings.Contains(got, "[illegal-move]") || strings.Contains(got, "d7d6") || strings.Contains(got, "2.") {
		t.Errorf("cut: %s", got)
	}
}
