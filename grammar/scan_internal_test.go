package grammar

import (
	"strings"
	"testing"
)

// TestNextSplitByte holds nextSplitByte, which reads eight bytes at a
// time, to the byte loop it replaces: every byte value at every place of
// the eight bytes and after them, from every start before it.
func TestNextSplitByte(t *testing.T) {
	for c := 0; c < 256; c++ {
		for at := 0; at < 20; at++ {
			line := []byte(strings.Repeat("e", at) + string([]byte{byte(c)}) + strings.Repeat("x", 20-at))
			for i := 0; i <= at; i++ {
				want := i
				for want < len(line) && !splitBytes[line[want]] {
					want++
				}
				if got := nextSplitByte(line, i); got != want {
					t.Fatalf("nextSplitByte(%q, %d) = %d, want %d", line, i, got, want)
				}
			}
		}
	}
}
