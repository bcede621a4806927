package grammar

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/record"
)

func sq(s string) record.Square {
	q, ok := square(s)
	if !ok {
		panic("bad square in test: " + s)
	}
	return q
}

func TestParseMove(t *testing.T) {
	base := func(m record.Move) record.Move {
		if m.FromFile == 0 && m.FromRank == 0 {
			m.FromFile, m.FromRank = -1, -1
		}
		if m.ConvSquare == 0 {
			m.ConvSquare = record.NoSquare
		}
		if m.Null || m.Castle != 0 {
			m.To = record.NoSquare
		}
		return m
	}
	tests := []struct {
		text string
		want record.Move
	}{
		{"e4", record.Move{MoveParts: record.MoveParts{To: sq("e4"), Plain: true}}},
		{"Nf3", record.Move{MoveParts: record.MoveParts{Piece: 'N', To: sq("f3"), Plain: true}}},
		{"Nbxd7+", record.Move{MoveParts: record.MoveParts{Piece: 'N', FromFile: 1, FromRank: -1, Capture: true, To: sq("d7"), Check: '+', Plain: true}}},
		{"R1a3", record.Move{MoveParts: record.MoveParts{Piece: 'R', FromFile: -1, FromRank: 0, To: sq("a3"), Plain: true}}},
		{"Qh4xe1#", record.Move{MoveParts: record.MoveParts{Piece: 'Q', FromFile: 7, FromRank: 3, Capture: true, To: sq("e1"), Check: '#'}}},
		{"exd5!?", record.Move{Glyph: "!?", MoveParts: record.MoveParts{FromFile: 4, FromRank: -1, Capture: true, To: sq("d5")}}},
		{"K~d3", record.Move{MoveParts: record.MoveParts{Piece: 'K', Leap: true, To: sq("d3")}}},
		{"K~xd3", record.Move{MoveParts: record.MoveParts{Piece: 'K', Leap: true, Capture: true, To: sq("d3")}}},
		{"K~c2+", record.Move{MoveParts: record.MoveParts{Piece: 'K', Leap: true, To: sq("c2"), Check: '+'}}},
		{"b8=N", record.Move{MoveParts: record.MoveParts{To: sq("b8"), Promotion: 'N'}}},
		{"cxd8=Q+", record.Move{MoveParts: record.MoveParts{FromFile: 2, FromRank: -1, Capture: true, To: sq("d8"), Promotion: 'Q', Check: '+'}}},
		{"b8", record.Move{MoveParts: record.MoveParts{To: sq("b8"), Plain: true}}},
		{"exd8", record.Move{MoveParts: record.MoveParts{FromFile: 4, FromRank: -1, Capture: true, To: sq("d8"), Plain: true}}},
		{"Bxg1/b8=N", record.Move{MoveParts: record.MoveParts{Piece: 'B', Capture: true, To: sq("g1"), ConvSquare: sq("b8"), ConvPiece: 'N'}}},
		{"Rxa1/h8=R+", record.Move{MoveParts: record.MoveParts{Piece: 'R', Capture: true, To: sq("a1"), ConvSquare: sq("h8"), ConvPiece: 'R', Check: '+'}}},
		{"exd8/b8=N", record.Move{MoveParts: record.MoveParts{FromFile: 4, FromRank: -1, Capture: true, To: sq("d8"), ConvSquare: sq("b8"), ConvPiece: 'N'}}},
		{"O-O", record.Move{MoveParts: record.MoveParts{Piece: 'K', Castle: record.CastleShort}}},
		{"O-O-O+", record.Move{MoveParts: record.MoveParts{Piece: 'K', Castle: record.CastleLong, Check: '+'}}},
		{"0-0", record.Move{MoveParts: record.MoveParts{Piece: 'K', Castle: record.CastleShort}, Lenient: record.LenientZeroCastle}},
		{"0-0-0", record.Move{MoveParts: record.MoveParts{Piece: 'K', Castle: record.CastleLong}, Lenient: record.LenientZeroCastle}},
		{"o-o", record.Move{MoveParts: record.MoveParts{Piece: 'K', Castle: record.CastleShort}, Lenient: record.LenientLowerCastle}},
		{"o-o-o", record.Move{MoveParts: record.MoveParts{Piece: 'K', Castle: record.CastleLong}, Lenient: record.LenientLowerCastle}},
		{"e2-e4", record.Move{MoveParts: record.MoveParts{FromFile: 4, FromRank: 1, To: sq("e4")}, Lenient: record.LenientLong | record.LenientHyphen}},
		{"e2e4", record.Move{MoveParts: record.MoveParts{FromFile: 4, FromRank: 1, To: sq("e4")}, Lenient: record.LenientLong}},
		{"Ng1-f3", record.Move{MoveParts: record.MoveParts{Piece: 'N', FromFile: 6, FromRank: 0, To: sq("f3")}, Lenient: record.LenientLong | record.LenientHyphen}},
		{"Ng1f3", record.Move{MoveParts: record.MoveParts{Piece: 'N', FromFile: 6, FromRank: 0, To: sq("f3")}}},
		{"e7e8q", record.Move{MoveParts: record.MoveParts{FromFile: 4, FromRank: 6, To: sq("e8"), Promotion: 'Q'}, Lenient: record.LenientLong | record.LenientNoEquals}},
		{"e8Q", record.Move{MoveParts: record.MoveParts{To: sq("e8"), Promotion: 'Q'}, Lenient: record.LenientNoEquals}},
		{"fxe8=K", record.Move{MoveParts: record.MoveParts{FromFile: 5, FromRank: -1, Capture: true, To: sq("e8"), Promotion: 'K'}}},
		{"--", record.Move{MoveParts: record.MoveParts{Null: true}}},
		{"Z0", record.Move{MoveParts: record.MoveParts{Null: true}, Lenient: record.LenientNullZ0}},
	}
	for _, tc := range tests {
		got, err := ParseMove(tc.text)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", tc.text, err)
			continue
		}
		want := base(tc.want)
		want.Text = tc.text
		if got != want {
			t.Errorf("ParseMove(%q)\n got %+v\nwant %+v", tc.text, got, want)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	tests := []struct{ text, msg string }{
		{"", "empty move"},
		{"Zf3", "expected a move: a piece letter"},
		{"N~d3", "leap marker `~` only after `K`"},
		{"K~", "destination square after `K~`"},
		{"Nf9", "destination square"},
		{"e8=X", "promotion piece"},
		{"Bxg1/b9=N", "conversion suffix"},
		{"e4!?!", "move suffix"},
		{"ed5", "`x` between the pawn's file"},
		{"N-f3", "origin square before `-`"},
		{"Ng-f3", "full origin square before `-`"},
		{"Nabc3", "origin square such as `g1`"},
		{"Nab1c3", "SAN or long algebraic"},
		{"+", "a move before its suffixes"},
		{"B@f4", "piece drops with `@`"},
		{"@f4", "piece drops with `@`"},
	}
	for _, tc := range tests {
		_, err := ParseMove(tc.text)
		if err == nil {
			t.Errorf("ParseMove(%q): no error", tc.text)
			continue
		}
		if !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("ParseMove(%q): %q, want it to say %q", tc.text, err, tc.msg)
		}
	}
}

// ParseMove is on the hot path: a well-formed move allocates nothing.
func TestParseMoveAllocs(t *testing.T) {
	for _, s := range []string{"e4", "Nbxd7+", "exd8/b8=N", "O-O", "K~xd3", "cxd8=Q+!"} {
		if n := testing.AllocsPerRun(100, func() { _, _ = ParseMove(s) }); n != 0 {
			t.Errorf("ParseMove(%q) allocates %v times", s, n)
		}
	}
}

func BenchmarkParseMove(b *testing.B) {
	moves := []string{"e4", "Nbxd7+", "exd8/b8=N", "O-O", "K~xd3", "cxd8=Q+!", "Rxa1/h8=R+", "Qh4xe1#"}
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range moves {
			_, _ = ParseMove(m)
		}
	}
}

// FuzzPlainSAN holds plainSAN, the reader's shortcut for the common forms,
// to the general move reader: whatever it accepts must be read exactly as
// parseMoveSlow reads it. The differential tests cannot see a difference
// here, since the fast path and the grammar both read moves through
// parseMove.
func FuzzPlainSAN(f *testing.F) {
	for _, s := range []string{"e4", "exd5", "e8=Q", "exd8=N+", "e8=K", "e8Q", "Nf3", "Nbd7", "R1e2", "Nbxd7#",
		"N1xe2", "Ng1f3", "Qxe7+", "O-O", "O-O-O#", "0-0", "K~d3", "Ke1~c2", "Bxg1/b8=N", "e4!", "Nf3?!", "--",
		"N@f3", "ed5", "ex", "e", "+", "Nxxf3", "Kbxd7", "a1=R", "hxg1=B#"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var fast, slow record.Move
		if !plainSAN(&fast, s) {
			return
		}
		if err := parseMoveSlow(&slow, s); err != nil {
			t.Fatalf("plainSAN reads %q, the general reader refuses it: %v", s, err)
		}
		if fast.Plain != fast.PlainForm() || slow.Plain {
			t.Fatalf("%q: plainSAN's Plain %v, its fields' form %v, the general reader's Plain %v", s, fast.Plain, fast.PlainForm(), slow.Plain)
		}
		slow.Plain = fast.Plain // set by plainSAN only
		if fast != slow {
			t.Fatalf("%q: plainSAN %+v, the general reader %+v", s, fast, slow)
		}
	})
}
