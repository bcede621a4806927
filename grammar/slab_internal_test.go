package grammar

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"
)

// TestSlabsFilledAndKept splits games of a few KB, many of which outgrow
// the rest of their slab: each chunk holds its game's text, no chunk
// changes after it was handed out, and a slab is left with fewer unused
// bytes than the game that did not fit in it (which moved to the next
// slab whole, grow). A game over a slab goes to memory of its own.
func TestSlabsFilledAndKept(t *testing.T) {
	var in strings.Builder
	var games []string
	for i := range 150 {
		moves := 60 + i%40 // games of 2.3 to 3.9 KB
		if i == 70 {
			moves = 3000 // over a slab: memory of its own
		}
		var g strings.Builder
		fmt.Fprintf(&g, "[Event \"e%d\"]\n[Site \"s\"]\n\n", i)
		for m := 1; m <= moves; m++ {
			fmt.Fprintf(&g, "%d. Nf3 {a comment} Nf6 ", m)
			if m%5 == 0 {
				g.WriteString("\n")
			}
		}
		g.WriteString("1-0\n\n")
		games = append(games, g.String())
		in.WriteString(g.String())
	}
	s := NewSplitter(strings.NewReader(in.String()))
	var chunks []Chunk
	var copies []string // each chunk's bytes when it was handed out
	for {
		c, err := s.Next()
		if err != nil {
			break
		}
		chunks = append(chunks, c)
		copies = append(copies, string(c.Data))
	}
	if len(chunks) != len(games) {
		t.Fatalf("%d chunks, want %d", len(chunks), len(games))
	}
	slabs := 0
	used := 0       // bytes of the present slab's chunks
	var end uintptr // the end of the last chunk in a slab
	most := 0       // the largest game since that chunk
	for i, c := range chunks {
		if d := string(c.Data); d != games[i] && d+"\n" != games[i] {
			t.Fatalf("chunk %d: %d bytes, want the game's %d", i, len(c.Data), len(games[i]))
		}
		if cap(c.Data) != len(c.Data) {
			t.Errorf("chunk %d: capacity %d beyond its %d bytes", i, cap(c.Data), len(c.Data))
		}
		most = max(most, len(c.Data))
		if len(c.Data) > slabBytes {
			continue
		}
		at := uintptr(unsafe.Pointer(unsafe.SliceData(c.Data)))
		if at != end {
			// A new slab: the last one's rest is less than the game that
			// did not fit there.
			if slabs > 0 && slabBytes-used >= most {
				t.Errorf("chunk %d begins slab %d: the last left %d bytes unused, a game of %d did not fit", i, slabs+1, slabBytes-used, most)
			}
			slabs++
			used = 0
		}
		used += len(c.Data)
		end = at + uintptr(len(c.Data))
		most = 0
	}
	if slabs < 5 {
		t.Fatalf("the games took %d slabs, want several", slabs)
	}
	for i, c := range chunks {
		if string(c.Data) != copies[i] {
			t.Fatalf("chunk %d changed after it was handed out", i)
		}
	}
}
