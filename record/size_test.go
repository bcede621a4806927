package record

import (
	"reflect"
	"testing"
	"unsafe"
)

// TestNodeSize keeps a node and a move as small as docs/robustness.md, "A
// huge game is read in parts", says: a huge game holds about one and a half
// nodes and one move per ply, and each byte more is megabytes there.
func TestNodeSize(t *testing.T) {
	if n := unsafe.Sizeof(Node{}); n > 64 {
		t.Errorf("record.Node is %d bytes, more than 64", n)
	}
	if n := unsafe.Sizeof(Move{}); n > 64 {
		t.Errorf("record.Move is %d bytes, more than 64", n)
	}
}

// TestVariationCopies: a copy of a variation node given other nodes does
// not change the original's, as when the nodes were a slice in the node.
func TestVariationCopies(t *testing.T) {
	a := VariationNode(Pos{Line: 1}, []Node{{Kind: KindComment, Text: "a"}})
	b := a
	b.SetVariation([]Node{{Kind: KindComment, Text: "b"}})
	if got := a.Variation()[0].Text; got != "a" {
		t.Errorf("the original's variation is %q after the copy's was set", got)
	}
	if got := b.Variation()[0].Text; got != "b" {
		t.Errorf("the copy's variation is %q", got)
	}
	var n Node
	if n.Variation() != nil {
		t.Errorf("a node that is no variation has nodes")
	}
}

// TestSetWritesEveryField: Set, SetNumber and SetMove leave nothing of the node they
// overwrite, whatever it held (a reused node held a variation, a number, a
// move), and a field added to Node must be written there too; SetMove
// sets the move's text as well.
func TestSetWritesEveryField(t *testing.T) {
	// spare, never set, is 0 in every node: SetMove stores it (one wide
	// store), Set need not.
	if n := reflect.TypeOf(Node{}).NumField(); n != 8 {
		t.Fatalf("record.Node has %d fields, Set, SetNumber and SetMove write 8: write the new ones there", n)
	}
	old := func() Node {
		n := VariationNode(Pos{Line: 9, Col: 9, Offset: 9}, []Node{{Kind: KindComment}})
		n.Text, n.Move, n.Number, n.Dots = "old", &Move{}, 7, 3
		return n
	}
	p := Pos{Line: 2, Col: 3, Offset: 40}
	n := old()
	n.Set(KindComment, p, "new")
	if want := (Node{Kind: KindComment, Pos: p, Text: "new"}); n != want {
		t.Errorf("Set made %+v, want %+v", n, want)
	}
	n = old()
	n.SetNumber(p, "12...", 12, 3)
	if want := (Node{Kind: KindMoveNumber, Pos: p, Text: "12...", Number: 12, Dots: 3}); n != want {
		t.Errorf("SetNumber made %+v, want %+v", n, want)
	}
	n = old()
	m := &Move{Text: "old", Glyph: "!", Desc: &Descriptive{}, MoveParts: MoveParts{Piece: 'N'}}
	n.SetMove(p, "e4", m)
	if want := (Node{Kind: KindMove, Pos: p, Text: "e4", Move: m}); n != want {
		t.Errorf("SetMove made %+v, want %+v", n, want)
	}
	// The move's text, with the node's (SetText); its other fields are
	// its reader's.
	if want := (Move{Text: "e4", MoveParts: MoveParts{Piece: 'N'}}); *m != want {
		t.Errorf("SetMove made the move %+v, want %+v", *m, want)
	}
}
