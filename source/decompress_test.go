package source

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"io"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/compresstest"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ulikunitz/xz"
)

// readAllWith decompresses data as an input is, with the window limit
// set to limit, and returns at most most bytes of what it reads.
func readAllWith(data []byte, limit int64, most int64) ([]byte, error) {
	if limit == 0 {
		limit = -1 // no limit
	}
	o := Options{MaxWindow: limit, WindowSetting: "--max-window"}
	in, err := o.Reader(io.NopCloser(bytes.NewReader(data)), "input")
	if err != nil {
		return nil, err
	}
	defer in.Close()
	r := in
	var out bytes.Buffer
	_, err = io.CopyN(&out, r, most)
	if errors.Is(err, io.EOF) {
		err = nil
	}
	return out.Bytes(), err
}

// The xz reader reads every xz file the library reads, within the limit:
// the xz tool's presets, checks, blocks, streams and padding, and the Go
// encoder's blocks; what is read is the same.
func TestXZGuardReadsOrdinaryFiles(t *testing.T) {
	data := compresstest.Records(100_000)
	files := map[string][]byte{
		"go, one block":    compresstest.XZ(t, data, 0),
		"go, blocks of 8K": compresstest.XZ(t, data, 8<<10),
	}
	two := append(compresstest.XZ(t, data[:1000], 0), make([]byte, 8)...) // stream padding
	files["go, two streams and padding"] = append(append(two, compresstest.XZ(t, data[1000:], 0)...), 0, 0, 0, 0)
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
		got, err := readAllWith(f, DefaultMaxWindow, 1<<30)
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
	data := compresstest.Records(100_000)
	blocks := compresstest.XZ(t, data, 16<<10)
	heads := compresstest.XZBlockHeaders(blocks)
	if len(heads) < 3 {
		t.Fatalf("want several blocks, found %v", heads)
	}
	one := compresstest.XZ(t, data[:5000], 0)
	cases := map[string][]byte{
		"first block, 1.5 GiB":  compresstest.PatchXZDict(blocks, heads[0], 37),
		"third block, 4 GiB":    compresstest.PatchXZDict(blocks, heads[2], 40),
		"second stream, 96 MiB": append(append([]byte(nil), one...), compresstest.PatchXZDict(one, compresstest.XZBlockHeaders(one)[0], 29)...),
	}
	for name, f := range cases {
		_, err := readAllWith(f, DefaultMaxWindow, 1<<30)
		if err == nil || !strings.Contains(err.Error(), "over the limit of 64 MiB") || !strings.Contains(err.Error(), "--max-window") {
			t.Errorf("%s: want the limit and the flag named, got %v", name, err)
		}
	}
	if got, err := readAllWith(cases["second stream, 96 MiB"], 96<<20, 1<<30); err != nil || !bytes.Equal(got, append(data[:5000:5000], data[:5000]...)) {
		t.Errorf("96 MiB under --max-window 96 MiB: %d bytes, %v", len(got), err)
	}
}

// An xz file cut short is an error wherever it is cut, as for the xz
// tool: the library's own reader takes a stream that ends where a block,
// or a block's header, would begin for a whole one, and a game list cut
// there would be read as if it were all.
func TestXZCutShortIsAnError(t *testing.T) {
	f := compresstest.XZ(t, compresstest.Records(8000), 1<<10)
	var read []int
	for n := len(magicXz); n < len(f); n++ {
		if _, err := readAllWith(f[:n], DefaultMaxWindow, 1<<30); err == nil {
			read = append(read, n)
		}
	}
	if len(read) > 0 {
		t.Errorf("a file of %d bytes cut at %v: read without an error", len(f), read)
	}
}

// zstd: a frame declaring a window over the limit is refused at once; the
// same frame is read under a raised limit.
func TestZstdWindowLimit(t *testing.T) {
	data := compresstest.Records(50_000)
	big := compresstest.ZstdWithWindow(t, data, 29)
	if _, err := readAllWith(big, DefaultMaxWindow, 1<<30); err == nil || !strings.Contains(err.Error(), "window of 512 MiB, over the limit of 64 MiB") {
		t.Errorf("512 MiB window: %v", err)
	}
	later := append(compresstest.ZstdWithWindow(t, data, 20), big...)
	if _, err := readAllWith(later, DefaultMaxWindow, 1<<30); err == nil || !strings.Contains(err.Error(), "--max-window") {
		t.Errorf("512 MiB window in the second frame: %v", err)
	}
	if got, err := readAllWith(compresstest.ZstdWithWindow(t, data, 26), DefaultMaxWindow, 1<<30); err != nil || !bytes.Equal(got, data) {
		t.Errorf("64 MiB window: %d bytes, %v", len(got), err)
	}
}

// xzToolRefuses reports whether xz(1), where it is installed, finds the
// stream in damaged: the library's reader takes some damaged streams for
// whole ones (cut where a block begins), which the reader here refuses as
// the xz tool does.
func xzToolRefuses(in []byte) bool {
	path, err := exec.LookPath("xz")
	if err != nil {
		return false
	}
	cmd := exec.Command(path, "-t", "-")
	cmd.Stdin = bytes.NewReader(in)
	return cmd.Run() != nil
}

// readAllLibrary reads xz data with the xz library's own reader, which the
// reader here is compared with, and returns at most most bytes.
func readAllLibrary(data []byte, most int64) ([]byte, error) {
	xr, err := xz.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	_, err = io.CopyN(&out, xr, most)
	if errors.Is(err, io.EOF) {
		err = nil
	}
	return out.Bytes(), err
}

// FuzzDecompress: any bytes through the input's decompressors, gzip,
// bzip2, zstd and xz by their first bytes: no panic, and the xz reader
// refuses nothing that the xz library's own reader reads (under the
// limit) and the xz tool finds whole.
func FuzzDecompress(f *testing.F) {
	data := compresstest.Records(3000)
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
	x := compresstest.XZ(f, data, 1<<10)
	f.Add(compresstest.ZstdWithWindow(f, data, 20))
	f.Add(compresstest.ZstdWithWindow(f, data, 29))
	f.Add(x)
	f.Add(compresstest.PatchXZDict(x, compresstest.XZBlockHeaders(x)[1], 37))
	f.Add(append(compresstest.XZ(f, data[:100], 0), make([]byte, 4)...))
	f.Add([]byte("[Event \"plain\"]\n\n1. e4 *\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		const most = 4 << 20
		got, err := readAllWith(in, 1<<20, most)
		if !bytes.HasPrefix(in, magicXz) || err != nil && strings.Contains(err.Error(), "--max-window") {
			return
		}
		if err != nil && xzToolRefuses(in) {
			// The xz tool finds the stream damaged too. Asked first: the
			// library's reader, with no limit, may take a block header
			// from inside a chunk's compressed bytes and make room for
			// the dictionary it declares, gigabytes
			// (testdata/fuzz/FuzzDecompress/d35d4fadb93badfa), which
			// the reader here, reading the framing itself, never lets it
			// do.
			return
		}
		want, lerr := readAllLibrary(in, most)
		if lerr == nil && len(want) < most && err != nil {
			t.Fatalf("refused what the library reads: %v", err)
		}
		if err == nil && lerr == nil && !bytes.Equal(got, want) {
			t.Fatalf("read %d bytes here, %d by the library", len(got), len(want))
		}
	})
}

// The library's LZMA2 decoder ends a compressed chunk once it has decoded
// the uncompressed size the chunk declares, wherever that leaves it in
// the compressed bytes the chunk declares, and reads the next chunk from
// there. A first chunk that declares more compressed bytes than it holds
// thus leads the library to the next block's header, which a reader
// following the declared sizes takes for compressed data. Such a block
// declaring a dictionary over the limit is refused, and nothing near its
// size is allocated: the seed the fuzzer found, and the same made here
// from a file of the Go encoder.
func TestXZDictionaryLimitHoldsWhereChunkSizesMislead(t *testing.T) {
	x := compresstest.XZ(t, compresstest.Records(100_000), 16<<10)
	heads := compresstest.XZBlockHeaders(x)
	made := compresstest.PatchXZDict(x, heads[1], 37)
	chunk := heads[0] + (int(x[heads[0]])+1)*4
	if made[chunk] < 0xe0 || binary.BigEndian.Uint16(made[chunk+3:])+1 >= uint16(heads[1]-chunk) {
		t.Fatalf("the first block is not one compressed chunk before the second block: % x", made[chunk:chunk+6])
	}
	binary.BigEndian.PutUint16(made[chunk+3:], 0xffff) // 64 KiB of compressed data
	for name, in := range map[string][]byte{
		"seed d35d4fadb93badfa": testenv.FuzzSeed(t, "testdata/fuzz/FuzzDecompress/d35d4fadb93badfa"),
		"made":                  made,
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := readAllWith(in, 1<<20, 4<<20)
		runtime.ReadMemStats(&after)
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
			t.Errorf("%s: allocated %d MB reading under a 1 MiB limit", name, alloc>>20)
		}
		if err == nil || !strings.Contains(err.Error(), "a dictionary of 1.5 GiB, over the limit of 1 MiB") {
			t.Errorf("%s: want the 1.5 GiB dictionary refused, got %v", name, err)
		}
	}
}
