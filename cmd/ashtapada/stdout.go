package main

import (
	"os"
	"sync"
)

// checkedWriter is standard output as every command gets it (App.Writer):
// it remembers the first write that failed, so that run exits 2 when the
// output could not be written (a full disk, `> /dev/full`) even where the
// code that wrote it did not look at the error, as fmt.Fprintf's result
// is seldom looked at. A command must never exit 0 with its output lost.
type checkedWriter struct {
	f   *os.File
	mu  sync.Mutex
	err error
}

func (w *checkedWriter) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	if err != nil {
		w.mu.Lock()
		if w.err == nil {
			w.err = err
		}
		w.mu.Unlock()
	}
	return n, err
}

// failed is the first write error, nil when every write succeeded.
func (w *checkedWriter) failed() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// File is the file written, for the checks that ask whether output goes
// to a terminal (fileOf).
func (w *checkedWriter) File() *os.File { return w.f }

// fileOf is the file under w: w itself when it is one, or the file a
// checkedWriter writes to; nil for any other writer.
func fileOf(w any) *os.File {
	switch f := w.(type) {
	case *os.File:
		return f
	case interface{ File() *os.File }:
		return f.File()
	}
	return nil
}
