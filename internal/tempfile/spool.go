package tempfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

// Spool holds text written now to be copied out later (a page's part
// written at its end from what came before), in an anonymous temporary
// file made on the first write, so that what it holds is not in memory.
// The zero Spool is empty and makes no file.
type Spool struct {
	f *os.File
	w *bufio.Writer
}

// Writer returns the spool's writer, making its file (named after
// pattern, as Anonymous) on the first call.
func (s *Spool) Writer(pattern string) (*bufio.Writer, error) {
	if s.w == nil {
		f, err := Anonymous(pattern)
		if err != nil {
			return nil, err
		}
		s.f, s.w = f, bufio.NewWriterSize(f, 1<<16)
	}
	return s.w, nil
}

// CopyTo copies what was spooled to w (nothing when nothing was).
func (s *Spool) CopyTo(w io.Writer) error {
	if s.f == nil {
		return nil
	}
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("a temporary file: %w", err)
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("a temporary file: %w", err)
	}
	if _, err := io.Copy(w, s.f); err != nil {
		return fmt.Errorf("a temporary file: %w", err)
	}
	return nil
}

// Remove closes the spool's file and removes it; the spool is empty
// again.
func (s *Spool) Remove() {
	if s.f != nil {
		s.f.Close()
		os.Remove(s.f.Name())
		s.f, s.w = nil, nil
	}
}
