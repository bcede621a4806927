package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// writeFileAtomic writes a file so that a reader never sees it half-written:
// the content goes to a temporary file in the same directory (so the rename
// stays on one file system), is synced, gets the target's permissions (or
// 0644 for a new file), and is renamed over the target. If write fails, the
// temporary file is removed and the target is untouched.
func writeFileAtomic(path string, write func(w io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	mode := os.FileMode(0o644)
	if fi, statErr := os.Stat(path); statErr == nil {
		mode = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	// Interrupted (Ctrl-C) before the rename: no partial file is left.
	done := atInterrupt(func() { tmp.Close(); os.Remove(tmp.Name()) })
	defer done()
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = tmp.Chmod(mode); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
