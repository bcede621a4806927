package main

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
)

// recordExtensions are the file names a directory walk picks up.
var recordExtensions = []string{".pgn", ".pgn.gz", ".pgn.bz2", ".pgn.zst", ".pgn.xz"}

func isRecordFile(name string) bool {
	lower := strings.ToLower(name)
	for _, ext := range recordExtensions {
		if strings.HasSuffix(lower, ext) {
			return true
		}
	}
	return false
}

// expandInputs turns the command-line arguments into a list of files: no
// argument or "-" is standard input, a directory (or a symbolic link to
// one) is walked for record files in sorted order, anything else is taken
// as a file as given. Warnings about what a walk skips go to standard
// error (warn). Errors do not stop the walk: the files found are returned with
// an error naming what could not be read (a missing argument, an
// unreadable subdirectory), and the caller checks the files and exits 2
// at the end (docs/robustness.md, "Guarantees").
func expandInputs(args []string, warn io.Writer) ([]string, error) {
	if len(args) == 0 {
		return []string{"-"}, nil
	}
	var out []string
	var errs []error
	for _, arg := range args {
		if arg == "-" {
			out = append(out, arg)
			continue
		}
		fi, err := os.Stat(arg)
		if err != nil {
			errs = append(errs, fmt.Errorf("reading %s: %w", arg, err))
			continue
		}
		if !fi.IsDir() {
			out = append(out, arg)
			continue
		}
		found, err := walkRecords(arg, warn)
		out = append(out, found...)
		if err != nil {
			errs = append(errs, err)
		}
	}
	return out, errors.Join(errs...)
}

// outputNotInput refuses out, the file a command would write (named by
// its flag), when it is one of the inputs args (directories walked as
// expandInputs walks them): the write would replace a record that the run
// reads, or has just read, with its output (`convert -o a.pgn a.pgn`,
// `validate --write-baseline a.pgn a.pgn`). The same file however it is
// named (a symbolic link, another path): os.SameFile. Standard output ("",
// "-") and a file that does not exist yet are no input. fmt -w is the one
// command that writes its inputs, in place, on purpose.
func outputNotInput(flag, out string, args []string) error {
	if out == "" || out == "-" {
		return nil
	}
	oi, err := os.Stat(out)
	if err != nil {
		return nil // a new file (or one the write itself reports)
	}
	// What cannot be walked is reported by the command's own walk.
	files, _ := expandInputs(args, io.Discard)
	for _, f := range files {
		if f == "-" {
			continue
		}
		if fi, err := os.Stat(f); err == nil && os.SameFile(oi, fi) {
			return fmt.Errorf("%s %s: that is the input %s, which the output would replace; write it elsewhere", flag, out, f)
		}
	}
	return nil
}

// walkRecords lists the record files under dir. A symbolic link given as
// dir is followed (the walk starts at its target, the names keep the
// link's); links inside are not. What is not a regular file (a FIFO, a
// device, a link to one) is skipped with a warning: reading it could block
// or never end. A subdirectory that cannot be read is an error, and the
// walk goes on.
func walkRecords(dir string, warn io.Writer) ([]string, error) {
	root := dir
	if li, err := os.Lstat(dir); err == nil && li.Mode()&fs.ModeSymlink != 0 {
		// WalkDir does not descend into a root that is a link; a path
		// ending in a separator is the directory itself.
		root = dir + string(filepath.Separator)
	}
	var found []string
	var errs []error
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path == root && d == nil {
				return err
			}
			errs = append(errs, fmt.Errorf("reading directory %s: %w", path, err))
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() || !isRecordFile(d.Name()) {
			return nil
		}
		mode := d.Type()
		if mode&fs.ModeSymlink != 0 {
			fi, err := os.Stat(path)
			if err != nil {
				errs = append(errs, fmt.Errorf("reading %s: %w", path, err))
				return nil
			}
			mode = fi.Mode().Type()
		}
		if !mode.IsRegular() {
			fmt.Fprintf(warn, "ashtapada: warning: skipping %s: not a regular file (%s)\n", path, describeMode(mode))
			return nil
		}
		found = append(found, path)
		return nil
	})
	if err != nil {
		errs = append(errs, fmt.Errorf("reading directory %s: %w", dir, err))
	}
	sort.Strings(found)
	return found, errors.Join(errs...)
}

// describeMode names a file type for a message.
func describeMode(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsDir():
		return "a directory"
	}
	return "a special file"
}

// openInput opens a file (or standard input for "-") and decompresses it
// as its first bytes say (gzip, bzip2, zstd, xz; the name does not
// matter), streaming: nothing is loaded whole. The name returned is what
// reports call the file.
func openInput(path string) (io.ReadCloser, string, error) {
	return openInputCounting(path, nil)
}

// binaryWindow is how much of an input that is not a regular file is
// looked at for NUL bytes, as git and grep judge binary files.
const binaryWindow = 8000

// openInputCounting is openInput that also adds the bytes read from the
// file itself (before decompression) to counter, when it is not nil: the
// progress bar measures its ETA against file sizes.
//
// An input that is not a regular file (a pipe, standard input from a
// device, a named FIFO or device) may never end: when its first
// binaryWindow bytes (decompressed) hold a NUL byte it is binary, and
// reading it stops with an error at once (`validate < /dev/zero`). A
// regular file is finite, and a NUL byte in it is a syntax error at its
// place, with the other games checked.
func openInputCounting(path string, counter *atomic.Int64) (io.ReadCloser, string, error) {
	name := path
	var f *os.File
	if path == "-" {
		name, f = "<stdin>", os.Stdin
	} else {
		var err error
		if f, err = os.Open(path); err != nil {
			return nil, path, fmt.Errorf("reading %s: %w", path, err)
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
			return nil, name, fmt.Errorf("reading %s: is a directory", name)
		}
		regular = fi.Mode().IsRegular()
	}
	var raw io.Reader = f
	if path == "-" {
		raw = stdin // ends at the first Ctrl-D (signals.go)
	}
	if counter != nil {
		raw = &countingReader{r: raw, n: counter}
	}
	br := bufio.NewReaderSize(raw, 1<<16)
	r, closers, err := decompress(br, path)
	if err != nil {
		closeF()
		return nil, name, fmt.Errorf("reading %s: %w", name, err)
	}
	if path != "-" {
		closers = append(closers, f)
	}
	if !regular {
		r = &binaryGuard{r: r, name: name}
	}
	return &stackedCloser{Reader: r, closers: closers}, name, nil
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

// decompress wraps br in the decompressor its first bytes call for. A
// name ending in a compressed format's extension whose bytes are not that
// format is an error (an empty file is an empty input, whatever its name).
func decompress(br *bufio.Reader, path string) (io.Reader, []io.Closer, error) {
	head, _ := br.Peek(6)
	lower := strings.ToLower(path)
	switch {
	case bytes.HasPrefix(head, magicGzip):
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, nil, fmt.Errorf("gzip: %w", err)
		}
		return zr, []io.Closer{zr}, nil
	case bytes.HasPrefix(head, magicBzip2):
		return bzip2.NewReader(br), nil, nil
	case bytes.HasPrefix(head, magicZstd):
		zr, closer, err := newZstdReader(br)
		if err != nil {
			return nil, nil, err
		}
		return zr, []io.Closer{closer}, nil
	case bytes.HasPrefix(head, magicXz):
		xr, err := newXZReader(br)
		if err != nil {
			return nil, nil, err
		}
		return xr, nil, nil
	}
	for _, u := range unreadable {
		if bytes.HasPrefix(head, u.magic) {
			return nil, nil, fmt.Errorf("%s: not read (ashtapada reads PGN text, plain or compressed with gzip, bzip2, zstd or xz)", u.name)
		}
	}
	if len(head) > 0 {
		for _, ext := range []string{".gz", ".bz2", ".zst", ".xz"} {
			if strings.HasSuffix(lower, ext) {
				return nil, nil, fmt.Errorf("the name says %s, but the content is not in that format", ext)
			}
		}
	}
	return br, nil, nil
}

// binaryGuard stops an input whose first binaryWindow bytes hold a NUL.
type binaryGuard struct {
	r    io.Reader
	name string
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

// stackedCloser closes a decompressor and the file beneath it.
type stackedCloser struct {
	io.Reader
	closers []io.Closer
}

func (s *stackedCloser) Close() error {
	var first error
	for _, c := range s.closers {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}
