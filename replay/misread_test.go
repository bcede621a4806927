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
		text := "[Result \"*\"]\n"
		if c.fen != "" {
			text += "[SetUp \"1\"]\n[FEN \"" + c.fen + "\"]\n"
		}
		r := grammar.NewReader(strings.NewReader(text+"\n"+c.moves+" *\n"), "m.pgn")
		r.SetNotation(record.DescriptiveNotation)
		r.SetGuess(false)
		g, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if se := g.SyntaxError(); se != nil {
			t.Errorf("%q: %s", c.moves, se.Message)
			continue
		}
		res := replay.New(replay.Config{Steps: true}).Game(g, "m.pgn", 1)
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
