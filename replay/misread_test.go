package replay_test

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// TestDescriptiveMisread: a misprint read by putting its parts in order
// (`Kt-P` as `KtxP`, `BxKtQ` as `BxQKt`, `R-(B5)B7` as `R(B5)-B7`) is
// taken where one legal move fits it; where several do, it is the error
// ambiguous-move even when the check mark would choose for the text as it
// should have been printed, and the replay goes on with the first reading
// in square order; where none does, it is illegal.
func TestDescriptiveMisread(t *testing.T) {
	const two = "8/2k5/8/3pp3/8/2N2N2/8/4K3 w - - 0 1" // Nxd5+ and Nxe5
	for _, c := range []struct {
		fen, moves string
		san        string // the moves played
		rules      string // the findings' rules, in order
	}{
		{"", "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. B-R4 Kt-B3 5. Castles Kt-P 6. P-Q4", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Nxe4 d4", "lenient-notation"},
		{"", "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. BxKtQ QPxB", "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6", "lenient-notation"},
		{"8/8/4k3/8/2r5/8/8/4K3 b - - 0 1", "1. ... R-(B5)B7", "Rc2", "lenient-notation"},
		{two, "1. KtxP ch K-Q3", "Nxd5+ Kd6", "ambiguity-resolved"},
		{two, "1. Kt-P ch K-Q3", "Nxd5+ Kd6", "lenient-notation ambiguous-move"},
		{"", "1. P-K4 P-Q4 2. P-QB4 P-KB4 3. Kt-P", "e4 d5 c4 f5", "lenient-notation illegal-move"},
	} {
		res := replayDescriptive(t, c.fen, c.moves)
		if res == nil {
			continue
		}
		var san, rules []string
		for i := 0; i < res.Played.Len(); i++ {
			san = append(san, res.Played.SAN(i))
		}
		for _, f := range res.Findings {
			if f.Rule != "missing-tag" {
				rules = append(rules, f.Rule)
			}
		}
		if strings.Join(san, " ") != c.san || strings.Join(rules, " ") != c.rules {
			t.Errorf("%q: played %q with %q, want %q with %q", c.moves, san, rules, c.san, c.rules)
		}
	}
}

// TestDescriptiveOrigin: `QR-Q4` with both rooks on the queen's file is
// the rook that started on the queen's rook's square, followed through the
// game; from a set-up position, where no man's start is known, it stays
// ambiguous.
func TestDescriptiveOrigin(t *testing.T) {
	const walk = "1. P-QR4 Kt-QB3 2. P-KR4 Kt-QKt1 3. QR-R3 Kt-QB3 4. KR-R3 Kt-QKt1 5. KR-Q3 Kt-QB3 6. QR-Kt3 Kt-QKt1 7. R-Kt5 Kt-QB3 8. QR-Q5 Kt-QKt1 "
	const after = "rnbqkbnr/pppppppp/8/3R4/P6P/3R4/1PPPPPP1/1NBQKBN1 w kq - 0 9"
	for _, c := range []struct {
		fen, moves, rook, rule string // rook: the rook's move read, in UCI
	}{
		{"", walk + "9. QR-Q4 Kt-QB3", "d5d4", "ambiguity-resolved"},
		{"", walk + "9. KR-Q4 Kt-QB3", "d3d4", "ambiguity-resolved"},
		{after, "9. QR-Q4 Kt-QB3", "d3d4", "ambiguous-move"},
	} {
		res := replayDescriptive(t, c.fen, c.moves)
		if res == nil {
			continue
		}
		n := res.Played.Len()
		var rules []string
		for _, f := range res.Findings {
			if strings.HasPrefix(f.Rule, "ambigu") {
				rules = append(rules, f.Rule)
			}
		}
		if n < 2 || res.Played.Move(n-2).UCI() != c.rook || strings.Join(rules, " ") != c.rule {
			t.Errorf("%q: played %d plies, the rook's move %v, findings %q; want %s with %s", c.moves, n, res.Played.Move(max(n-2, 0)).UCI(), rules, c.rook, c.rule)
		}
	}
}

// replayDescriptive reads moves in descriptive notation, from fen (the
// initial array when empty), and replays them with their steps kept; nil,
// with the test failed, when they do not read.
func replayDescriptive(t *testing.T, fen, moves string) *replay.Result {
	t.Helper()
	text := "[Result \"*\"]\n"
	if fen != "" {
		text += "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n"
	}
	r := grammar.NewReader(strings.NewReader(text+"\n"+moves+" *\n"), "d.pgn")
	r.SetNotation(record.DescriptiveNotation)
	r.SetGuess(false)
	g, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	if se := g.SyntaxError(); se != nil {
		t.Errorf("%q: %s", moves, se.Message)
		return nil
	}
	return replay.New(replay.Config{Steps: true}).Game(g, "d.pgn", 1)
}
