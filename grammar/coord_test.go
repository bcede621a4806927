package grammar

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
)

// TestParseMoveCoordinates: the forms LAN and UCI write that SAN has not.
func TestParseMoveCoordinates(t *testing.T) {
	tests := []struct {
		text             string
		from, to         string
		leap, capture    bool
		conv             string
		convPiece, promo byte
		lenient          record.Lenient
	}{
		{text: "K~e1-c2", from: "e1", to: "c2", leap: true, lenient: record.LenientLong | record.LenientHyphen},
		{text: "K~e1xc2+", from: "e1", to: "c2", leap: true, capture: true, lenient: record.LenientLong},
		{text: "K~e1c2", from: "e1", to: "c2", leap: true, lenient: record.LenientLong},
		{text: "K~c2", to: "c2", leap: true},
		{text: "Ke1~c2", from: "e1", to: "c2", leap: true, lenient: record.LenientLong},
		{text: "Ke1~xc2#", from: "e1", to: "c2", leap: true, capture: true, lenient: record.LenientLong},
		{text: "K~xc2", to: "c2", leap: true, capture: true},
		{text: "c4g8/b1n", from: "c4", to: "g8", conv: "b1", convPiece: 'N', lenient: record.LenientLong | record.LenientLowerConversion},
		{text: "Bc4xg8/b1=N", from: "c4", to: "g8", capture: true, conv: "b1", convPiece: 'N'}, // a piece with its square is SAN too
		{text: "e7e8q", from: "e7", to: "e8", promo: 'Q', lenient: record.LenientLong | record.LenientNoEquals},
		{text: "e1c2", from: "e1", to: "c2", lenient: record.LenientLong},
	}
	for _, tc := range tests {
		m, err := ParseMove(tc.text)
		if err != nil {
			t.Errorf("%s: %v", tc.text, err)
			continue
		}
		from := ""
		if m.FromFile >= 0 && m.FromRank >= 0 {
			from = record.MakeSquare(int(m.FromFile), int(m.FromRank)).String()
		}
		conv := ""
		if m.ConvSquare != record.NoSquare {
			conv = m.ConvSquare.String()
		}
		if from != tc.from || m.To.String() != tc.to || m.Leap != tc.leap || m.Capture != tc.capture || conv != tc.conv ||
			m.ConvPiece != tc.convPiece || m.Promotion != tc.promo || m.Lenient != tc.lenient {
			t.Errorf("%s: %+v", tc.text, m)
		}
	}
	for _, bad := range []string{"c4g8/b1N", "c4g8/b1k", "c4g8/b9n", "N~g1-f3", "K~e1-", "K~e9-c2", "Ke1~", "Ne1~c2", "Ke1~e1-c2"} {
		if _, err := ParseMove(bad); err == nil {
			t.Errorf("%s: read without error", bad)
		}
	}
}

// TestNotationOwnForms: a reader told the notation does not report that
// notation's own forms as lenient, and still reports the others.
func TestNotationOwnForms(t *testing.T) {
	const text = "[Event \"x\"]\n\n1. %s *\n"
	tests := []struct {
		n       record.Notation
		moves   string
		lenient int
	}{
		{record.SAN, "e2e4 e7-e5 2. c4g8/b1n", 3},
		{record.LAN, "e2-e4 e7xe5 2. Ng1-f3 K~e8-d6", 0},
		{record.LAN, "e2-e4 e7e8Q", 1},
		{record.UCI, "e2e4 e7e5 2. e7e8q c4g8/b1n e1c2", 0},
		{record.UCI, "e2-e4 0-0", 2},
	}
	for _, tc := range tests {
		rd := NewReader(strings.NewReader(strings.Replace(text, "%s", tc.moves, 1)), "x")
		rd.SetNotation(tc.n)
		g, err := rd.Next()
		if err != nil {
			t.Fatal(err)
		}
		if g.Notation != tc.n || g.SyntaxError() != nil {
			t.Fatalf("%s %q: notation %v, %+v", tc.n, tc.moves, g.Notation, g.Notices)
		}
		n := 0
		for _, no := range g.Notices {
			if no.Rule == ruleid.LenientNotation {
				n++
			}
		}
		if n != tc.lenient {
			t.Errorf("%s %q: %d lenient-notation notices, want %d: %+v", tc.n, tc.moves, n, tc.lenient, g.Notices)
		}
	}
}

// TestLimitsPerReader: two readers in one process keep their own limits.
func TestLimitsPerReader(t *testing.T) {
	text := "[Event \"x\"]\n\n1. e4 ((((e5)))) *\n"
	strict := NewReader(strings.NewReader(text), "a")
	strict.SetLimits(Limits{MaxDepth: 2})
	loose := NewReader(strings.NewReader(text), "b")
	gs, _ := strict.Next()
	gl, _ := loose.Next()
	if se := gs.SyntaxError(); se == nil || se.Rule != ruleid.Limit {
		t.Errorf("depth 2: %+v", gs.Notices)
	}
	if gl.SyntaxError() != nil {
		t.Errorf("default limits: %+v", gl.Notices)
	}
	if DefaultLimits() != (Limits{MaxDepth: 1000, MaxToken: 1 << 20, MaxGameBytes: 16 << 20}) {
		t.Errorf("DefaultLimits: %+v", DefaultLimits())
	}
}
