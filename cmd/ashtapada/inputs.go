package main

import (
	"bufio"
	"compress/bzip2"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"
)

// recordExtensions are the file names a directory walk picks up.
var recordExtensions = []string{".pgn", ".pgn.gz", ".pgn.bz2", ".pgn.zst"}

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
// argument or "-" is standard input, a directory is walked for record files
// in sorted order, anything else is taken as a file as given.
func expandInputs(args []string) ([]string, error) {
	if len(args) == 0 {
		return []string{"-"}, nil
	}
	var out []string
	for _, arg := range args {
		if arg == "-" {
			out = append(out, arg)
			continue
		}
		fi, err := os.Stat(arg)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", arg, err)
		}
		if !fi.IsDir() {
			out = append(out, arg)
			continue
		}
		var found []string
		err = filepath.WalkDir(arg, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && isRecordFile(d.Name()) {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("reading directory %s: %w", arg, err)
		}
		sort.Strings(found)
		out = append(out, found...)
	}
	return out, nil
}

// openInput opens a file (or standard input for "-") and decompresses it
// by its extension, streaming: nothing is loaded whole. The name returned
// is what reports call the file.
func openInput(path string) (io.ReadCloser, string, error) {
	return openInputCounting(path, nil)
}

// openInputCounting is openInput that also adds the bytes read from the
// file itself (before decompression) to counter, when it is not nil: the
// progress bar measures its ETA against file sizes.
func openInputCounting(path string, counter *atomic.Int64) (io.ReadCloser, string, error) {
	if path == "-" {
		if counter != nil {
			return io.NopCloser(&countingReader{r: stdin, n: counter}), "<stdin>", nil
		}
		return io.NopCloser(stdin), "<stdin>", nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, path, fmt.Errorf("reading %s: %w", path, err)
	}
	var raw io.Reader = f
	if counter != nil {
		raw = &countingReader{r: f, n: counter}
	}
	lower := strings.ToLower(path)
	switch {
	case strings.HasSuffix(lower, ".gz"):
		zr, err := gzip.NewReader(bufio.NewReaderSize(raw, 1<<16))
		if err != nil {
			f.Close()
			return nil, path, fmt.Errorf("reading %s: %w", path, err)
		}
		return &stackedCloser{Reader: zr, closers: []io.Closer{zr, f}}, path, nil
	case strings.HasSuffix(lower, ".bz2"):
		return &stackedCloser{Reader: bzip2.NewReader(bufio.NewReaderSize(raw, 1<<16)), closers: []io.Closer{f}}, path, nil
	case strings.HasSuffix(lower, ".zst"):
		zr, err := zstd.NewReader(raw)
		if err != nil {
			f.Close()
			return nil, path, fmt.Errorf("reading %s: %w", path, err)
		}
		return &stackedCloser{Reader: zr, closers: []io.Closer{zstdCloser{zr}, f}}, path, nil
	}
	if counter != nil {
		return &stackedCloser{Reader: raw, closers: []io.Closer{f}}, path, nil
	}
	return f, path, nil
}

type zstdCloser struct{ d *zstd.Decoder }

func (z zstdCloser) Close() error { z.d.Close(); return nil }

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
