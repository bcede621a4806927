package source

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
)

// Options say how inputs are opened. The zero value is the default: the
// window limit DefaultMaxWindow, standard input os.Stdin.
type Options struct {
	// MaxWindow is the largest dictionary (xz) or window (zstd) a
	// compressed input may declare, in bytes; an input declaring more is
	// refused before anything is decoded. 0 is DefaultMaxWindow; a
	// negative value is no limit.
	MaxWindow int64
	// WindowSetting is how the user raises MaxWindow, named in the error
	// that refuses an input ("--max-window" on the command line and in
	// the Beam pipeline); "" names the option, MaxWindow.
	WindowSetting string
	// Stdin is what "-" reads; nil is os.Stdin.
	Stdin io.Reader
	// Counter, when not nil, is added the bytes read from each input
	// itself (before decompression), as they are read: a progress bar
	// measures against file sizes.
	Counter *atomic.Int64
}

// limit is the window limit in force; 0, none.
func (o Options) limit() int64 {
	switch {
	case o.MaxWindow == 0:
		return DefaultMaxWindow
	case o.MaxWindow < 0:
		return 0
	}
	return o.MaxWindow
}

func (o Options) setting() string {
	if o.WindowSetting == "" {
		return "MaxWindow"
	}
	return o.WindowSetting
}

// Input is an opened input: its text, decompressed, read as it streams
// (nothing is loaded whole).
type Input struct {
	io.Reader
	// Name is what reports call the input: its path, "<stdin>" for "-".
	Name string
	// Compression is the format it was decompressed from: "gzip",
	// "bzip2", "zstd", "xz", or "" for none.
	Compression string
	closers     []io.Closer
}

// Close closes the decompressor and the file beneath it (not standard
// input).
func (in *Input) Close() error {
	var first error
	for _, c := range in.closers {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Name is what reports call the input at path: "<stdin>" for "-".
func Name(path string) string {
	if path == "-" {
		return "<stdin>"
	}
	return path
}

// binaryWindow is how much of an input that is not a regular file is
// looked at for NUL bytes, as git and grep judge binary files.
const binaryWindow = 8000

// Open opens a file (or standard input for "-") and decompresses it as
// its first bytes say. Errors name the input ("reading NAME: ...").
//
// An input that is not a regular file (a pipe, standard input from a
// device, a named FIFO or device) may never end: when its first
// binaryWindow bytes (decompressed) hold a NUL byte it is binary, and
// reading it stops with an error at once (`validate < /dev/zero`). A
// regular file is finite, and a NUL byte in it is the grammar's to report
// at its place, with the other games read.
func (o Options) Open(path string) (*Input, error) {
	name := Name(path)
	var f *os.File
	if path == "-" {
		f = os.Stdin
	} else {
		var err error
		if f, err = os.Open(path); err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
	}
	closeF := func() {
		if path != "-" {
			f.Close()
		}
	}
	regular := false
	if fi, err := f.Stat(); err == nil {
		if fi.IsDir() {
			closeF()
			return nil, fmt.Errorf("reading %s: is a directory", name)
		}
		regular = fi.Mode().IsRegular()
	}
	var raw io.Reader = f
	if path == "-" && o.Stdin != nil {
		raw = o.Stdin
	}
	in, err := o.open(raw, path, name)
	if err != nil {
		closeF()
		return nil, err
	}
	if path != "-" {
		in.closers = append(in.closers, f)
	}
	if !regular {
		in.Reader = &binaryGuard{r: in.Reader}
	}
	return in, nil
}

// Reader decompresses r, an input another file system opened (Beam's:
// gs://, s3://), as Open does a file named name; r is closed with the
// Input, or at once on an error. Such an input is taken to be finite, as a
// regular file is.
func (o Options) Reader(r io.ReadCloser, name string) (*Input, error) {
	in, err := o.open(r, name, name)
	if err != nil {
		r.Close()
		return nil, err
	}
	in.closers = append(in.closers, r)
	return in, nil
}

// open decompresses raw, the bytes of the input at path.
func (o Options) open(raw io.Reader, path, name string) (*Input, error) {
	if o.Counter != nil {
		raw = &countingReader{r: raw, n: o.Counter}
	}
	br := bufio.NewReaderSize(raw, 1<<16)
	in, err := o.decompress(br, path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	in.Name = name
	in.Reader = &stickyError{r: in.Reader}
	return in, nil
}

// stickyError repeats a read error to every later read. A decompressor
// may answer the read after its error with io.EOF, and a reader that
// looks ahead (bufio.Reader.Peek, which sniffing a format calls) keeps
// the first error to itself: the text would seem to end cleanly where it
// could not be read.
type stickyError struct {
	r   io.Reader
	err error
}

func (s *stickyError) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.r.Read(p)
	if err != nil && err != io.EOF {
		s.err = err
	}
	return n, err
}

// compression magic numbers: a format is known by its first bytes.
var (
	magicGzip  = []byte{0x1f, 0x8b}
	magicBzip2 = []byte("BZh")
	magicZstd  = []byte{0x28, 0xb5, 0x2f, 0xfd}
	magicXz    = []byte{0xfd, '7', 'z', 'X', 'Z', 0x00}
	// Formats that are not read, named in the error instead of being
	// read as text full of NUL bytes.
	unreadable = []struct {
		magic []byte
		name  string
	}{
		{[]byte("PK\x03\x04"), "a zip archive"},
		{[]byte("7z\xbc\xaf\x27\x1c"), "a 7-Zip archive"},
		{[]byte{0x04, 0x22, 0x4d, 0x18}, "lz4 data"},
		{[]byte("Rar!\x1a\x07"), "a RAR archive"},
		{[]byte{0x5d, 0x00, 0x00}, "lzma data"},
	}
)

// headLen is how many first bytes tell a compression format.
const headLen = 6

// compressionOf names the compression whose magic number head starts
// with; "" for none.
func compressionOf(head []byte) string {
	switch {
	case bytes.HasPrefix(head, magicGzip):
		return "gzip"
	case bytes.HasPrefix(head, magicBzip2):
		return "bzip2"
	case bytes.HasPrefix(head, magicZstd):
		return "zstd"
	case bytes.HasPrefix(head, magicXz):
		return "xz"
	}
	return ""
}

// Compression reads the first bytes of r and names the compression they
// declare ("gzip", "bzip2", "zstd", "xz"), or "" for none: what Open
// would decompress. A compressed input cannot be entered in the middle,
// so a planner that cuts inputs by byte offsets asks this first.
func Compression(r io.Reader) (string, error) {
	head := make([]byte, headLen)
	n, err := io.ReadFull(r, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return "", err
	}
	return compressionOf(head[:n]), nil
}

// FileCompression is Compression of the file at path.
func FileCompression(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", path, err)
	}
	defer f.Close()
	c, err := Compression(f)
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", path, err)
	}
	return c, nil
}

// decompress wraps br in the decompressor its first bytes call for. A
// name ending in a compressed format's extension whose bytes are not that
// format is an error (an empty file is an empty input, whatever its name).
func (o Options) decompress(br *bufio.Reader, path string) (*Input, error) {
	head, _ := br.Peek(headLen)
	in := &Input{Compression: compressionOf(head)}
	switch in.Compression {
	case "gzip":
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
		in.Reader, in.closers = zr, []io.Closer{zr}
		return in, nil
	case "bzip2":
		in.Reader = bzip2.NewReader(br)
		return in, nil
	case "zstd":
		zr, closer, err := o.newZstdReader(br)
		if err != nil {
			return nil, err
		}
		in.Reader, in.closers = zr, []io.Closer{closer}
		return in, nil
	case "xz":
		xr, err := o.newXZReader(br)
		if err != nil {
			return nil, err
		}
		in.Reader = xr
		return in, nil
	}
	for _, u := range unreadable {
		if bytes.HasPrefix(head, u.magic) {
			return nil, fmt.Errorf("%s: not read (ashtapada reads PGN text, plain or compressed with gzip, bzip2, zstd or xz)", u.name)
		}
	}
	if len(head) > 0 {
		lower := strings.ToLower(path)
		for _, ext := range []string{".gz", ".bz2", ".zst", ".xz"} {
			if strings.HasSuffix(lower, ext) {
				return nil, fmt.Errorf("the name says %s, but the content is not in that format", ext)
			}
		}
	}
	in.Reader = br
	return in, nil
}

// binaryGuard stops an input whose first binaryWindow bytes hold a NUL.
type binaryGuard struct {
	r    io.Reader
	seen int
}

func (b *binaryGuard) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if b.seen < binaryWindow {
		look := p[:min(n, binaryWindow-b.seen)]
		if i := bytes.IndexByte(look, 0); i >= 0 {
			return 0, fmt.Errorf("binary input (a NUL byte at offset %d): not read further", b.seen+i)
		}
		b.seen += n
	}
	return n, err
}

// countingReader adds the bytes it reads to a counter.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n.Add(int64(n))
	return n, err
}
