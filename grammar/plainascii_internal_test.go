package grammar

import (
	"strings"
	"testing"
)

// TestPlainASCIIMatchesBytes holds plainASCII to a byte loop: a NUL, a
// byte from 0x80 or a plain byte at every place of texts of every length
// about its 64-byte blocks and its words, from each place in a word (the
// bytes before the first aligned word and after the last are read as a
// byte, two and four, and the words after the last block as four, two
// and one, as the length left asks).
func TestPlainASCIIMatchesBytes(t *testing.T) {
	want := func(b []byte) bool {
		for _, c := range b {
			if c == 0 || c >= 0x80 {
				return false
			}
		}
		return true
	}
	text := []byte(strings.Repeat("1. e4 e5 {\x01\x7f~}\n", 10))
	for off := range 8 {
		for n := 0; n <= 140; n++ {
			b := text[off : off+n]
			if got := plainASCII(b); got != want(b) {
				t.Fatalf("plainASCII(%q) = %v", b, got)
			}
			for i := range n {
				for _, c := range []byte{0, 0x01, 0x7f, 0x80, 0xc3, 0xff} {
					keep := b[i]
					b[i] = c
					if got := plainASCII(b); got != want(b) {
						t.Fatalf("plainASCII(%q) from offset %d = %v", b, off, got)
					}
					b[i] = keep
				}
			}
		}
	}
}
