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
	if n := unsafe.Sizeof(Move{}); n > 56 {
		t.Errorf("record.Move is %d bytes, more than 56", n)
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

// TestSetMoveWritesEveryField: SetMove leaves nothing of the node it
// overwrites, whatever it held (a reused node held a variation, a number,
// another move), and a field added to Node must be written there too.
func TestSetMoveWritesEveryField(t *testing.T) {
	if n := reflect.TypeOf(Node{}).NumField(); n != 7 {
		t.Fatalf("record.Node has %d fields, SetMove writes 7: write the new ones there", n)
	}
	m := &Move{Text: "Nf3"}
	n := VariationNode(Pos{Line: 9, Col: 9, Offset: 9}, []Node{{Kind: KindComment}})
	n.Text, n.Move, n.Number, n.Dots = "old", &Move{}, 7, 3
	p := Pos{Line: 2, Col: 3, Offset: 40}
	n.SetMove(p, "Nf3", m)
	if want := (Node{Kind: KindMove, Pos: p, Text: "Nf3", Move: m}); n != want {
		t.Errorf("SetMove made %+v, want %+v", n, want)
	}
}
