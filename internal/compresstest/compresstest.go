// Package compresstest makes compressed inputs for tests: records of a
// given size, xz files in blocks, and xz and zstd headers that declare a
// dictionary or window of a chosen size, to test the limits on them
// (package source, and the binary that reads through it).
package compresstest

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"hash/crc32"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
)

// Gzip compresses data with gzip.
func Gzip(t testing.TB, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Records is PGN text of some size, varied enough that LZMA2 writes
// compressed chunks of several kinds.
func Records(n int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		b.WriteString("[Event \"sample ")
		b.WriteString(strings.Repeat("x", i%37))
		b.WriteString("\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n\n")
	}
	return b.Bytes()
}

// XZ compresses with the Go encoder, in blocks of blockSize bytes (0:
// one block).
func XZ(t testing.TB, data []byte, blockSize int64) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := xz.WriterConfig{DictCap: 1 << 16, BlockSize: blockSize}.NewWriter(&b)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// XZBlockHeaders finds the block headers of an xz file: each a size byte,
// flags, the LZMA2 filter (0x21, 1, its dictionary property), padding and
// a CRC32 that holds. Returns their offsets.
func XZBlockHeaders(data []byte) []int {
	var at []int
	for i := 12; i+12 <= len(data); i++ {
		size := (int(data[i]) + 1) * 4
		if data[i] == 0 || i+size > len(data) {
			continue
		}
		h := data[i : i+size]
		if crc32.ChecksumIEEE(h[:size-4]) != binary.LittleEndian.Uint32(h[size-4:]) {
			continue
		}
		if bytes.Contains(h[2:size-4], []byte{0x21, 0x01}) {
			at = append(at, i)
		}
	}
	return at
}

// PatchXZDict sets the dictionary property of the block header at off and
// mends its CRC32.
func PatchXZDict(data []byte, off int, code byte) []byte {
	out := append([]byte(nil), data...)
	size := (int(out[off]) + 1) * 4
	h := out[off : off+size]
	i := bytes.Index(h[2:size-4], []byte{0x21, 0x01}) + 2
	h[i+2] = code
	binary.LittleEndian.PutUint32(h[size-4:], crc32.ChecksumIEEE(h[:size-4]))
	return out
}

// ZstdWithWindow compresses data in one frame whose header declares a
// window of 2^log bytes.
func ZstdWithWindow(t testing.TB, data []byte, log int) []byte {
	t.Helper()
	enc, err := zstd.NewWriter(nil, zstd.WithWindowSize(1<<20), zstd.WithSingleSegment(false))
	if err != nil {
		t.Fatal(err)
	}
	out := enc.EncodeAll(data, nil)
	if out[4]&0x20 != 0 {
		t.Fatal("the encoder wrote a single-segment frame")
	}
	out[5] = byte(log-10) << 3 // exponent; mantissa 0
	return out
}
