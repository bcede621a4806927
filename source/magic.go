package source

import (
	"bufio"
	"bytes"
)

// magics are the first bytes of formats that are not PGN text. The reader
// names the format instead of reporting a stream of syntax errors about NUL
// bytes. What Open decompresses is looked at after decompression, so a
// compressed format shows here only compressed twice (gzip in gzip).
var magics = []struct {
	prefix []byte
	name   string
}{
	{[]byte{0xFD, '7', 'z', 'X', 'Z', 0x00}, "xz-compressed data (decompress it with `xz -d`)"},
	{[]byte{'7', 'z', 0xBC, 0xAF, 0x27, 0x1C}, "a 7-Zip archive (extract it first)"},
	{[]byte{'P', 'K', 0x03, 0x04}, "a ZIP archive (extract it first)"},
	{[]byte{'R', 'a', 'r', '!', 0x1A, 0x07}, "a RAR archive (extract it first)"},
	{[]byte{0x04, 0x22, 0x4D, 0x18}, "LZ4-compressed data (decompress it with `lz4 -d`)"},
	{[]byte{0x1F, 0x8B}, "gzip-compressed data under a name that does not end in .gz (rename it, or pipe it through `gzip -dc`)"},
	{[]byte{'B', 'Z', 'h'}, "bzip2-compressed data under a name that does not end in .bz2 (rename it, or pipe it through `bzip2 -dc`)"},
	{[]byte{0x28, 0xB5, 0x2F, 0xFD}, "zstd-compressed data under a name that does not end in .zst (rename it, or pipe it through `zstd -dc`)"},
}

// UnreadableFormat names the format of a stream that is not text the
// reader can take, from its first bytes; "" for anything else. It only
// peeks: the stream is read from its start afterwards.
func UnreadableFormat(r *bufio.Reader) string {
	head, _ := r.Peek(8)
	for _, m := range magics {
		if bytes.HasPrefix(head, m.prefix) {
			return m.name
		}
	}
	return ""
}
