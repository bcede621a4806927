package record

import "testing"

// TestPosIn: lines end at `\n`, at `\r\n` once, and at a lone `\r`; the
// first line's columns go on from the base's.
func TestPosIn(t *testing.T) {
	base := Pos{Line: 10, Col: 5, Offset: 100}
	data := []byte("ab\ncd\r\nef\rgh")
	for _, c := range []struct {
		i    int
		want Pos
	}{
		{0, Pos{10, 5, 100}},
		{1, Pos{10, 6, 101}},
		{3, Pos{11, 1, 103}},
		{4, Pos{11, 2, 104}},
		{7, Pos{12, 1, 107}},
		{10, Pos{13, 1, 110}},
		{11, Pos{13, 2, 111}},
		{99, Pos{13, 3, 112}},
	} {
		if got := PosIn(data, base, c.i); got != c.want {
			t.Errorf("PosIn(%d) = %+v, want %+v", c.i, got, c.want)
		}
	}
}

// TestPlyNode: a ply's node and move are the ones the full reader makes:
// its parts, its text from Source, its position from its offset.
func TestPlyNode(t *testing.T) {
	src := []byte("[Event \"x\"]\n\n1. e4 Nf6+ 1-0\n")
	g := &Game{Source: src, SourcePos: Pos{Line: 3, Col: 1, Offset: 40}}
	nf6 := NoParts()
	nf6.Piece, nf6.To, nf6.Check, nf6.Plain = 'N', MakeSquare(5, 5), '+', true
	g.Plies = []Ply{{MoveParts: nf6, Off: 19, Len: 4}}
	n := Node{Kind: KindComment, Text: "old"}
	m := Move{Glyph: "!", Lenient: LenientDash}
	g.PlyNode(0, &n, &m)
	want := Move{Text: "Nf6+", MoveParts: nf6}
	if m != want {
		t.Errorf("the move is %+v, want %+v", m, want)
	}
	if n.Kind != KindMove || n.Text != "Nf6+" || n.Move != &m || n.Pos != (Pos{Line: 5, Col: 7, Offset: 59}) {
		t.Errorf("the node is %+v", n)
	}
}
