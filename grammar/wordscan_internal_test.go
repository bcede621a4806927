package grammar

import (
	"bytes"
	"testing"
)

// TestWordScansMatchBytes holds the eight-byte scans (wordEnd,
// nextValueByte) to their byte-by-byte definitions: every byte value at
// every place of words of every length up to two words and more, after a
// run of ordinary bytes, of bytes above 0x7F and of tabs (which the
// value scan marks with the line ends, then tells apart).
func TestWordScansMatchBytes(t *testing.T) {
	isValueByte := func(c byte) bool { return c == '"' || c == '\\' || c == '\n' || c == '\r' }
	for _, fill := range []byte{'a', 'N', '#', 0x80, 0xFF, '+', '\t'} {
		for n := 0; n <= 19; n++ {
			for at := 0; at < n; at++ {
				for c := 0; c < 256; c++ {
					b := bytes.Repeat([]byte{fill}, n)
					b[at] = byte(c)
					src := string(b)
					for from := 0; from <= min(at+1, n); from++ {
						want := from
						for want < n && !delims[src[want]] {
							want++
						}
						if got := wordEnd(src, from); got != want {
							t.Fatalf("wordEnd(%q, %d) = %d, want %d", src, from, got, want)
						}
						want = from
						for want < n && !isValueByte(src[want]) {
							want++
						}
						if got := nextValueByte(src, from); got != want {
							t.Fatalf("nextValueByte(%q, %d) = %d, want %d", src, from, got, want)
						}
						if got := nextValueByte(b, from); got != want {
							t.Fatalf("nextValueByte(%q as bytes, %d) = %d, want %d", src, from, got, want)
						}
					}
				}
			}
		}
	}
}
