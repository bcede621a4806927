package replay_test

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
)

// notationCase is a movetext in some notation and the SAN of its moves.
type notationCase struct {
	notation string
	fen      string
	moves    string
	want     string
}

// Every form docs/notation-books.md lists, read and resolved in a position.
var notationCases = []notationCase{
	// Modern short form: files, ranks from the mover's side, Kt and N.
	{"descriptive", "", "1. P-K4 P-K4 2. Kt-KB3 N-QB3", "e4 e5 Nf3 Nc6"},
	{"descriptive", "", "1. P - K 4 P–K4 2. Kt - KB 3 N—QB3", "e4 e5 Nf3 Nc6"},
	{"descriptive", "", "1. KKt-B3 QKt-B3", "Nf3 Nc6"},
	{"descriptive", "", "1. N-KB3 N-KB3 2. P-QB4 P-KN3", "Nf3 Nf6 c4 g6"},
	// Captures: with and without the files of the men.
	{"descriptive", "", "1. P-K4 P-Q4 2. PxP", "e4 d5 exd5"},
	{"descriptive", "", "1. P-K4 P-Q4 2. P x P", "e4 d5 exd5"},
	{"descriptive", "", "1. P-K4 P-Q4 2. KPxP", "e4 d5 exd5"},
	{"descriptive", "", "1. P-K4 P-Q4 2. PxQP", "e4 d5 exd5"},
	{"descriptive", "", "1. P-K4 P-Q4 2. P(K4)xP", "e4 d5 exd5"},
	{"descriptive", "", "1. P-QB4 P-Q4 2. QBPxP", "c4 d5 cxd5"},
	{"descriptive", "", "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 4. BxKt QPxB", "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6"},
	{"descriptive", "", "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 4. BxN NPxB", "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 bxc6"},
	{"descriptive", "", "1. P-K4 P-Q4 2. PxP QxP 3. N-QB3 Q-QR4 4. P-Q4 N-KB3 5. N-B3 B-N5 6. P-KR3 BxKt", "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6 Nf3 Bg4 h3 Bxf3"},
	{"descriptive", "", "1. P-K4 P-Q4 2. P-K5 P-KB4 3. PxP e.p.", "e4 d5 e5 f5 exf6"},
	{"descriptive", "", "1. P-K4 P-Q4 2. P-K5 P-KB4 3. PxPep", "e4 d5 e5 f5 exf6"},
	{"descriptive", "", "1. P-K4 P-Q4 2. P-K5 P-KB4 3. PxP (e.p.)", "e4 d5 e5 f5 exf6"},
	// Disambiguation by wing, by bishop colour, by square.
	{"descriptive", "4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "1. KR-K1", "Rhe1"},
	{"descriptive", "4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "1. QR-K1", "Rae1"},
	{"descriptive", "4k3/8/8/8/8/8/R7/3RK3 w - - 0 1", "1. R(Q1)-Q2", "Rdd2"},
	{"descriptive", "4k3/8/8/8/8/8/R7/3RK3 w - - 0 1", "1. R/Q1-Q2", "Rdd2"},
	{"descriptive", "4k3/8/8/8/8/8/R7/3RK3 w - - 0 1", "1. R(QR2)-Q2", "Rad2"},
	{"descriptive", "", "1. P-K4 P-K4 2. P-Q4 P-Q3 3. KB-N5 ch", "e4 e5 d4 d6 Bb5+"},
	{"descriptive", "", "1. P-K4 P-K4 2. P-Q4 P-Q3 3. QB-N5", "e4 e5 d4 d6 Bg5"},
	// Checks and mates as books print them.
	{"descriptive", "", "1. P-K4 P-K4 2. B-B4 N-QB3 3. Q-R5 N-B3 4. QxBP mate", "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#"},
	{"descriptive", "", "1. P-KB3 P-K4 2. P-KN4 Q-R5 ch", "f3 e5 g4 Qh4#"},
	{"descriptive", "", "1. P-KB3 P-K4 2. P-KN4 Q-R5 mate", "f3 e5 g4 Qh4#"},
	{"descriptive", "", "1. P-KB3 P-K4 2. P-KN4 Q-R5+", "f3 e5 g4 Qh4#"},
	{"descriptive", "", "1. P-KB3 P-K4 2. P-KN4 Q-R5 (ch)", "f3 e5 g4 Qh4#"},
	{"descriptive", "", "1. P-KB3 P-K4 2. P-KN4 Q-R5 check", "f3 e5 g4 Qh4#"},
	{"descriptive", "4k3/8/8/8/8/8/4B3/4RK2 w - - 0 1", "1. B-R5 dis ch", "Bh5+"},
	{"descriptive", "4k3/8/8/8/8/8/4B3/4RK2 w - - 0 1", "1. B-N5 db ch", "Bb5+"},
	{"descriptive", "4k3/8/8/8/8/8/4B3/4RK2 w - - 0 1", "1. B-N5 dbl ch", "Bb5+"},
	// Castling.
	{"descriptive", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "1. O-O O-O-O", "O-O O-O-O"},
	{"descriptive", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "1. Castles (K R) Castles (Q R)", "O-O O-O-O"},
	{"descriptive", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "1. Castles KR Castles QR", "O-O O-O-O"},
	{"descriptive", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "1. Castles(QR) Castles(KR)", "O-O-O O-O"},
	{"descriptive", "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", "1. Castles Castles", "O-O O-O-O"},
	// Promotion.
	{"descriptive", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "1. P-K8(Q)", "e8=Q"},
	{"descriptive", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "1. P-K8=Q", "e8=Q"},
	{"descriptive", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "1. P-K8 (Q)", "e8=Q"},
	{"descriptive", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "1. P-K8/Q", "e8=Q"},
	{"descriptive", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "1. P-K8Q", "e8=Q"},
	{"descriptive", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "1. P-K8(Kt)", "e8=N"},
	{"descriptive", "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", "1. PxR(Q)", "exd8=Q"},
	// Annotations.
	{"descriptive", "", "1. P-K4! P-K4? 2. P-KB4!? PxP?!", "e4 e5 f4 exf4"},
	// Book layout: one pair a line, `5. ...`, text lines kept as comments.
	{"descriptive", "", "1. P-K4  P-K4\n2. P-KB4  PxP\nThe King's Gambit accepted.\n3. ...\n", "e4 e5 f4 exf4"},
	{"descriptive", "", "1. P-K4\n1. ... P-K4\n2. N-KB3\n", "e4 e5 Nf3"},
	{"descriptive", "", "1. P-K4\n1... P-K4\n2. N-KB3\n2 … N-QB3", "e4 e5 Nf3 Nc6"},
	// Other languages' letters (SAN and long algebraic), and figurines.
	{"de", "", "1. e4 e5 2. Sf3 Sc6 3. Lb5 Sf6 4. O-O Le7 5. Te1 d6 6. Dd1 O-O", ""},
	{"de", "", "1. e4 e5 2. Sf3 Sc6 3. Lb5 Sf6 4. O-O Le7 5. Te1 d6", "e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Be7 Re1 d6"},
	{"fr", "", "1. e4 e5 2. Cf3 Cc6 3. Fb5 Cf6 4. O-O Fe7 5. Te1 d6 6. Rh1", "e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Be7 Re1 d6 Kh1"},
	{"es", "", "1. e4 e5 2. Cf3 Cc6 3. Ab5 Cf6 4. O-O Ae7 5. Te1 d6 6. Dxd1", ""},
	{"es", "", "1. e4 e5 2. Cf3 Cc6 3. Ab5 Cf6 4. O-O Ae7 5. Te1 d6", "e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Be7 Re1 d6"},
	{"it", "", "1. e4 e5 2. Cf3 Cc6 3. Ab5 Cf6 4. Dxe5 ", ""},
	{"it", "", "1. e4 e5 2. Cf3 Cc6 3. Ab5 Cf6 4. Re2", "e4 e5 Nf3 Nc6 Bb5 Nf6 Ke2"},
	{"nl", "", "1. e4 e5 2. Pf3 Pc6 3. Lb5 Pf6 4. Ke2 Le7 5. Nc3", ""},
	{"nl", "", "1. e4 e5 2. Pf3 Pc6 3. Lb5 Pf6 4. Ke2 Le7", "e4 e5 Nf3 Nc6 Bb5 Nf6 Ke2 Be7"},
	{"pt", "", "1. e4 e5 2. Cf3 Cc6 3. Bb5 Cf6 4. Re2 Be7 5. Nc3", ""},
	{"pt", "", "1. e4 e5 2. Cf3 Cc6 3. Bb5 Cf6 4. Re2 Be7", "e4 e5 Nf3 Nc6 Bb5 Nf6 Ke2 Be7"},
	{"sv", "", "1. e4 e5 2. Sf3 Sc6 3. Lb5 Sf6 4. Ke2 Le7 5. Nc3", ""},
	{"sv", "", "1. e4 e5 2. Sf3 Sc6 3. Lb5 Sf6 4. Ke2 Le7", "e4 e5 Nf3 Nc6 Bb5 Nf6 Ke2 Be7"},
	{"ru", "", "1. e4 e5 2. Кf3 Кc6 3. Сb5 Кf6 4. Крe2 Сe7 5. Nc3", ""},
	{"ru", "", "1. e4 e5 2. Кf3 Кc6 3. Сb5 Кf6 4. Крe2 Сe7", "e4 e5 Nf3 Nc6 Bb5 Nf6 Ke2 Be7"},
	{"ru", "", "1. e2—e4 d7—d5 2. e4:d5 Фd8:d5 3. Кb1—c3 Фd5—a5", "e4 d5 exd5 Qxd5 Nc3 Qa5"},
	{"figurine", "", "1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 ♝c5 4. ♔e2 ♛f6 5. ♖g1 ♚e7", "e4 e5 Nf3 Nc6 Bb5 Bc5 Ke2 Qf6 Rg1 Ke7"},
	{"figurine", "", "1. e4 e5 2. ♕h5 ♞c6 3. ♗c4 ♞f6 4. ♕xf7#", "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#"},
	{"de", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "1. e8=D", "e8=Q"},
	{"fr", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "1. e8=C", "e8=N"},
}

func TestNotationForms(t *testing.T) {
	rp := replay.New(replay.Config{Steps: true})
	for _, c := range notationCases {
		if c.want == "" {
			continue // a case that must fail: TestNotationFormsRejected
		}
		n, _, err := grammar.ParseNotation(c.notation)
		if err != nil {
			t.Fatal(err)
		}
		text := "[Result \"*\"]\n"
		if c.fen != "" {
			text += "[SetUp \"1\"]\n[FEN \"" + c.fen + "\"]\n"
		}
		text += "\n" + c.moves + " *\n"
		r := grammar.NewReader(strings.NewReader(text), "case.pgn")
		r.SetNotation(n)
		r.SetGuess(false)
		g, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if se := g.SyntaxError(); se != nil {
			t.Errorf("%s %q: %d:%d: %s", c.notation, c.moves, se.Pos.Line, se.Pos.Col, se.Message)
			continue
		}
		tr := rp.Game(g, "", 1).Played
		var got []string
		for i := 0; i < tr.Len(); i++ {
			got = append(got, tr.SAN(i))
		}
		if s := strings.Join(got, " "); s != c.want {
			stop := ""
			if tr.StopNode != nil {
				stop = " (stopped at " + tr.StopNode.Text + ")"
			}
			t.Errorf("%s %q: got %q%s, want %q", c.notation, c.moves, s, stop, c.want)
		}
	}
}

// TestNotationFormsRejected: a letter the language does not have is a
// syntax error, or a move that is not legal stops the trace.
func TestNotationFormsRejected(t *testing.T) {
	rp := replay.New(replay.Config{Steps: true})
	for _, c := range notationCases {
		if c.want != "" {
			continue
		}
		n, _, _ := grammar.ParseNotation(c.notation)
		r := grammar.NewReader(strings.NewReader("\n"+c.moves+" *\n"), "case.pgn")
		r.SetNotation(n)
		r.SetGuess(false)
		g, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if g.SyntaxError() != nil {
			continue
		}
		if tr := rp.Game(g, "", 1).Played; tr.Complete() {
			t.Errorf("%s %q: read whole, want a syntax error or an illegal move", c.notation, c.moves)
		}
	}
}

// The 19th-century long form.
var longFormCases = []notationCase{
	{"descriptive", "", "1. P to K's 4th P to K's 4th 2. K Kt to B's 3rd Q Kt to B's 3rd 3. K B to Q B's 4th K B to Q B's 4th", "e4 e5 Nf3 Nc6 Bc4 Bc5"},
	{"descriptive", "", "1. P to K4 P to QB4 2. Kt to KB3 Kt to QB3 3. P to Q4 P takes P 4. Kt takes P", "e4 c5 Nf3 Nc6 d4 cxd4 Nxd4"},
	{"descriptive", "", "1. P. to K. 4th P. to K. 4th 2. K. Kt. to B. 3d", "e4 e5 Nf3"},
	{"descriptive", "", "1. K P two K P two 2. Q P one", "e4 e5 d3"},
	{"descriptive", "", "1. P to K's fourth P to K's fourth 2. P to K B's fourth P takes P 3. K B to Q B's 4th Q to K R's 5th (check) 4. K to his B's square", "e4 e5 f4 exf4 Bc4 Qh4+ Kf1"},
	{"descriptive", "", "1. P to K4 P to K4 2. B to B4 B to B4 3. Q to R5 Kt to KB3 4. Q takes B P (ch)", "e4 e5 Bc4 Bc5 Qh5 Nf6 Qxf7#"},
	{"descriptive", "", "1. P to K4 P to K4 2. Kt to KB3 Kt to QB3 3. B to B4 B to B4 4. Castles Kt to B3 5. P to Q4 Kt takes K P", "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d4 Nxe4"},
	{"descriptive", "", "1 P to K4  P to K4\n2 K to K2  K to K2\n3 K to his sq.  K to K square", "e4 e5 Ke2 Ke7 Ke1 Ke8"},
}

func init() { notationCases = append(notationCases, longFormCases...) }

func init() {
	notationCases = append(notationCases,
		notationCase{"descriptive", "", "1 P to K4 P to K4\n2 K to K2 K to K2\n3 K to K square! K to K square?", "e4 e5 Ke2 Ke7 Ke1 Ke8"},
		notationCase{"descriptive", "", "1 P to K4 P to Q4\n2 P to K5 P to KB4\n3 P takes P en pas", "e4 d5 e5 f5 exf6"},
		notationCase{"descriptive", "", "1 P to K4 P to K4\n2 K to K2 K to K2\n3 K to K", "e4 e5 Ke2 Ke7 Ke1"},
	)
}

func init() {
	notationCases = append(notationCases,
		notationCase{"descriptive", "4k3/8/8/8/8/8/R7/3RK3 w - - 0 1", "1 R (on Q square) to Q2", "Rdd2"},
	)
}
