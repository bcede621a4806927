package grammar

import (
	"fmt"
	"slices"
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

// TestSlabsRecycled splits games with Recycle on, taking the spent slabs
// every few games (as a batch reader does) and giving them back filled
// with junk, as the next chunks overwrite them: every chunk holds its
// game's text, chunks are cut from the slabs given back, and a slab is
// spent only once no chunk will be cut from it: every chunk returned
// before Spent lies in a slab spent by then, or in the present one.
func TestSlabsRecycled(t *testing.T) {
	var in strings.Builder
	var games []string
	for i := range 400 {
		var g strings.Builder
		fmt.Fprintf(&g, "[Event \"e%d\"]\n\n", i)
		for m := 1; m <= 40+i%50; m++ {
			fmt.Fprintf(&g, "%d. Nf3 Nf6 ", m)
		}
		g.WriteString("1-0\n\n")
		games = append(games, g.String())
		in.WriteString(g.String())
	}
	free := make(chan []byte, 4)
	s := NewSplitter(strings.NewReader(in.String()))
	s.Recycle(free)
	var given [][]byte // slabs given back
	reused := 0
	var held []Chunk // chunks cut since the last Spent
	for i := 0; ; i++ {
		c, err := s.Next()
		if err != nil {
			break
		}
		if d := string(c.Data); d != games[i] && d+"\n" != games[i] {
			t.Fatalf("chunk %d: %q, want the game's text", i, d)
		}
		if slices.ContainsFunc(given, func(sl []byte) bool { return inSlab(c.Data, sl) }) {
			reused++
		}
		held = append(held, c)
		if i%7 != 6 {
			continue
		}
		spent := s.Spent()
		for _, h := range held {
			if !inSlab(h.Data, s.slab) && !slices.ContainsFunc(spent, func(sl []byte) bool { return inSlab(h.Data, sl) }) {
				t.Fatalf("the chunk of %q lies in a slab neither spent nor the present one", h.Data[:12])
			}
		}
		held = held[:0]
		for _, sl := range spent {
			if cap(sl) != slabBytes {
				t.Fatalf("a spent slab of capacity %d", cap(sl))
			}
			all := sl[:cap(sl)]
			for j := range all {
				all[j] = '#'
			}
			given = append(given, sl)
			select {
			case free <- sl:
			default:
			}
		}
	}
	if reused == 0 {
		t.Fatal("no chunk was cut from a slab given back")
	}
}

// inSlab reports whether b lies in the memory of slab.
func inSlab(b, slab []byte) bool {
	if len(b) == 0 || cap(slab) == 0 {
		return false
	}
	p, start := uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(unsafe.Pointer(unsafe.SliceData(slab[:1])))
	return p-start < uintptr(cap(slab))
}
