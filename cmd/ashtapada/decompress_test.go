package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"os/exec"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
)

// sampleRecords is PGN text of some size, varied enough that LZMA2 writes
// compressed chunks of several kinds.
func sampleRecords(n int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		b.WriteString("[Event \"sample ")
		b.WriteString(strings.Repeat("x", i%37))
		b.WriteString("\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n\n")
	}
	return b.Bytes()
}

// goXZ compresses with the Go encoder, in blocks of blockSize bytes (0:
// one block).
func goXZ(t testing.TB, data []byte, blockSize int64) []byte {
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

// xzBlockHeaders finds the block headers of an xz file: each a size byte,
// flags, the LZMA2 filter (0x21, 1, its dictionary property), padding and
// a CRC32 that holds. Returns their offsets.
func xzBlockHeaders(data []byte) []int {
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

// patchXZDict sets the dictionary property of the block header at off and
// mends its CRC32.
func patchXZDict(data []byte, off int, code byte) []byte {
	out := append([]byte(nil), data...)
	size := (int(out[off]) + 1) * 4
	h := out[off : off+size]
	i := bytes.Index(h[2:size-4], []byte{0x21, 0x01}) + 2
	h[i+2] = code
	binary.LittleEndian.PutUint32(h[size-4:], crc32.ChecksumIEEE(h[:size-4]))
	return out
}

// zstdWithWindow compresses data in one frame whose header declares a
// window of 2^log bytes.
func zstdWithWindow(t testing.TB, data []byte, log int) []byte {
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

// readAllWith decompresses data as an input is, with the window limit
// set to limit, and returns at most most bytes of what it reads.
func readAllWith(data []byte, limit int64, most int64) ([]byte, error) {
	old := maxWindow
	maxWindow = limit
	defer func() { maxWindow = old }()
	r, closers, err := decompress(bufio.NewReader(bytes.NewReader(data)), "input")
	if err != nil {
		return nil, err
	}
	defer func() {
		for _, c := range closers {
			c.Close()
		}
	}()
	var out bytes.Buffer
	_, err = io.CopyN(&out, r, most)
	if errors.Is(err, io.EOF) {
		err = nil
	}
	return out.Bytes(), err
}

// The guard lets through every xz file the library reads: the xz tool's
// presets, checks, blocks, streams and padding, and the Go encoder's
// blocks; what is read is the same.
func TestXZGuardReadsOrdinaryFiles(t *testing.T) {
	data := sampleRecords(100_000)
	files := map[string][]byte{
		"go, one block":    goXZ(t, data, 0),
		"go, blocks of 8K": goXZ(t, data, 8<<10),
	}
	two := append(goXZ(t, data[:1000], 0), make([]byte, 8)...) // stream padding
	files["go, two streams and padding"] = append(append(two, goXZ(t, data[1000:], 0)...), 0, 0, 0, 0)
	if path, err := exec.LookPath("xz"); err == nil {
		for _, args := range [][]string{
			{"-0"}, {"-9"}, {"-6", "--check=none"}, {"-6", "--check=crc32"}, {"-6", "--check=sha256"},
			{"-6", "--block-size=10KiB"}, {"-9", "--block-size=30KiB", "--check=sha256"},
			{"-6", "-T2", "--block-size=10KiB"}, // the sizes written in each block's header
		} {
			cmd := exec.Command(path, append(args, "-c")...)
			cmd.Stdin = bytes.NewReader(data)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("xz %v: %v", args, err)
			}
			files["xz "+strings.Join(args, " ")] = out
		}
	} else {
		t.Logf("no xz tool: only the Go encoder's files (%v)", err)
	}
	for name, f := range files {
		got, err := readAllWith(f, defaultMaxWindow, 1<<30)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !bytes.Equal(got, data) {
			t.Errorf("%s: read %d bytes, not the %d compressed", name, len(got), len(data))
		}
	}
}

// A block declaring a dictionary over the limit is refused before the
// library reads it, whichever block and stream it is, with the limit and
// the flag in the message; under the limit it is read.
func TestXZGuardRefusesLargeDictionary(t *testing.T) {
	data := sampleRecords(100_000)
	blocks := goXZ(t, data, 16<<10)
	heads := xzBlockHeaders(blocks)
	if len(heads) < 3 {
		t.Fatalf("want several blocks, found %v", heads)
	}
	one := goXZ(t, data[:5000], 0)
	cases := map[string][]byte{
		"first block, 1.5 GiB":  patchXZDict(blocks, heads[0], 37),
		"third block, 4 GiB":    patchXZDict(blocks, heads[2], 40),
		"second stream, 96 MiB": append(append([]byte(nil), one...), patchXZDict(one, xzBlockHeaders(one)[0], 29)...),
	}
	for name, f := range cases {
		_, err := readAllWith(f, defaultMaxWindow, 1<<30)
		if err == nil || !strings.Contains(err.Error(), "over the limit of 64 MiB") || !strings.Contains(err.Error(), "--max-window") {
			t.Errorf("%s: want the limit and the flag named, got %v", name, err)
		}
	}
	if got, err := readAllWith(cases["second stream, 96 MiB"], 96<<20, 1<<30); err != nil || !bytes.Equal(got, append(data[:5000:5000], data[:5000]...)) {
		t.Errorf("96 MiB under --max-window 96 MiB: %d bytes, %v", len(got), err)
	}
}

// zstd: a frame declaring a window over the limit is refused at once; the
// same frame is read under a raised limit.
func TestZstdWindowLimit(t *testing.T) {
	data := sampleRecords(50_000)
	big := zstdWithWindow(t, data, 29)
	if _, err := readAllWith(big, defaultMaxWindow, 1<<30); err == nil || !strings.Contains(err.Error(), "window of 512 MiB, over the limit of 64 MiB") {
		t.Errorf("512 MiB window: %v", err)
	}
	later := append(zstdWithWindow(t, data, 20), big...)
	if _, err := readAllWith(later, defaultMaxWindow, 1<<30); err == nil || !strings.Contains(err.Error(), "--max-window") {
		t.Errorf("512 MiB window in the second frame: %v", err)
	}
	if got, err := readAllWith(zstdWithWindow(t, data, 26), defaultMaxWindow, 1<<30); err != nil || !bytes.Equal(got, data) {
		t.Errorf("64 MiB window: %d bytes, %v", len(got), err)
	}
}

// FuzzDecompress: any bytes through the input's decompressors, gzip,
// bzip2, zstd and xz by their first bytes: no panic, and the xz guard
// refuses nothing the xz library reads (under the limit).
func FuzzDecompress(f *testing.F) {
	data := sampleRecords(3000)
	var gz bytes.Buffer
	gw := gzip.NewWriter(&gz)
	gw.Write(data)
	gw.Close()
	f.Add(gz.Bytes())
	if path, err := exec.LookPath("bzip2"); err == nil { // Go has no bzip2 encoder
		cmd := exec.Command(path, "-c")
		cmd.Stdin = bytes.NewReader(data)
		if bz, err := cmd.Output(); err == nil {
			f.Add(bz)
		}
	}
	x := goXZ(f, data, 1<<10)
	f.Add(zstdWithWindow(f, data, 20))
	f.Add(zstdWithWindow(f, data, 29))
	f.Add(x)
	f.Add(patchXZDict(x, xzBlockHeaders(x)[1], 37))
	f.Add(append(goXZ(f, data[:100], 0), make([]byte, 4)...))
	f.Add([]byte("[Event \"plain\"]\n\n1. e4 *\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		const most = 4 << 20
		got, err := readAllWith(in, 1<<20, most)
		if !bytes.HasPrefix(in, magicXz) || err != nil && strings.Contains(err.Error(), "--max-window") {
			return
		}
		want, lerr := readAllWith(in, 0, most) // the library alone
		if lerr == nil && len(want) < most && err != nil {
			t.Fatalf("the guard refused what the library reads: %v", err)
		}
		if err == nil && lerr == nil && !bytes.Equal(got, want) {
			t.Fatalf("read %d bytes through the guard, %d without", len(got), len(want))
		}
	})
}
