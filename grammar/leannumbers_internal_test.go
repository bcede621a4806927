package grammar

import (
	"strconv"
	"testing"
)

// TestLeanNumbers holds each entry of leanNumbers to its number's text
// as a right record writes it before White's move (`7. `, `12. `): the
// word of its bytes, the mask of as many bytes, and the length that
// leanMain passes (leanNumberLen, told by the mask).
func TestLeanNumbers(t *testing.T) {
	if nw := leanNumbers[0]; nw.word&nw.mask == nw.word {
		t.Errorf("number 0: word %#x mask %#x matches a text", nw.word, nw.mask)
	}
	for k, nw := range leanNumbers[1:] {
		text := strconv.Itoa(k+1) + ". "
		var b [4]byte
		copy(b[:], text)
		word := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
		if n := leanNumberLen(nw.mask); n != len(text) || nw.mask != 1<<(8*n)-1 || nw.word != word {
			t.Errorf("%q: word %#x mask %#x length %d; want word %#x, %d bytes", text, nw.word, nw.mask, n, word, len(text))
		}
	}
}
