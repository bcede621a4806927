package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// writeFileAtomic writes an output file (convert -o, --write-baseline,
// --svg-dir, show --svg) so that a reader never sees it half-written
// (docs/robustness.md, "Writes"): the content goes to a temporary file
// created exclusively in the same directory, is synced, gets the replaced
// file's mode bits and owner (or 0644 for a new file), and is renamed over
// the name. If write fails, the temporary file is removed and the target
// is untouched.
//
// The name is the file written: a symbolic link standing there is
// replaced by the new file, never followed. An output directory may hold
// a link planted under a name the program makes up (game-g1-p3-...svg),
// and following it would write a file outside the directory.
func writeFileAtomic(path string, write func(w io.Writer) error) error {
	return replaceFile(path, false, func(w io.Writer) (bool, error) { return true, write(w) })
}

// rewriteFileAtomic rewrites a file the command has read, fmt -w's own
// case: a symbolic link stays a link and the file it leads to, the one
// that was read, is rewritten. write also says whether to keep what it
// wrote: fmt -w writes as it reads and learns only at the end whether the
// file changed; an unchanged file is left as it was.
func rewriteFileAtomic(path string, write func(w io.Writer) (bool, error)) error {
	return replaceFile(path, true, write)
}

// replaceFile is the one way both write: what is replaced keeps what it
// had. A read-only file, a file with other hard links (a rename would
// split them), a file that is not a regular file, and a file whose owner
// the new one could not keep are not written, with the reason. With
// follow, a symbolic link's target is replaced; without, the link itself.
func replaceFile(path string, follow bool, write func(w io.Writer) (bool, error)) (err error) {
	target, fi, err := writeTarget(path, follow)
	if err != nil {
		return err
	}
	mode := fs.FileMode(0o644)
	if fi != nil {
		mode = fi.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
	}
	// Interrupted (SIGINT, SIGTERM, SIGHUP) before the rename: no partial
	// file is left (signals.go; the handler is installed by main). The
	// cleanup is registered before the file exists, so that a signal
	// arriving as it is created still finds its name.
	var tmpMu sync.Mutex
	var tmpName string
	done := atInterrupt(func() {
		tmpMu.Lock()
		defer tmpMu.Unlock()
		if tmpName != "" {
			os.Remove(tmpName)
		}
	})
	defer done()
	tmpMu.Lock()
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp-*")
	if err == nil {
		tmpName = tmp.Name()
	}
	tmpMu.Unlock()
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	keep := false
	defer func() {
		if err != nil || !keep {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if keep, err = write(tmp); err != nil {
		if errors.Is(err, errNoGames) {
			return fmt.Errorf("not writing %s: %w", path, err)
		}
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if !keep {
		return nil
	}
	if fi != nil {
		if err = keepOwner(tmp, fi); err != nil {
			return fmt.Errorf("not writing %s: %w", path, err)
		}
	}
	// After the owner: changing the owner clears the set-id bits.
	if err = tmp.Chmod(mode); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), target); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// writeTarget returns the file a write to path replaces and its
// information, nil for a new file; or the reason it must not be replaced.
// With follow, a symbolic link is followed to the end; without, the link
// is what is replaced, as a new file (nothing of it is kept).
func writeTarget(path string, follow bool) (string, fs.FileInfo, error) {
	target := path
	if li, err := os.Lstat(path); err == nil && li.Mode()&fs.ModeSymlink != 0 {
		if !follow {
			return path, nil, nil
		}
		t, err := filepath.EvalSymlinks(path)
		if err != nil {
			return "", nil, fmt.Errorf("not writing %s: a symbolic link whose target cannot be followed: %w", path, err)
		}
		target = t
	}
	fi, err := os.Lstat(target)
	if errors.Is(err, fs.ErrNotExist) {
		return target, nil, nil
	}
	if err != nil {
		return "", nil, fmt.Errorf("writing %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return "", nil, fmt.Errorf("not writing %s: not a regular file", path)
	}
	if fi.Mode().Perm()&0o222 == 0 || !writable(target) {
		return "", nil, fmt.Errorf("not writing %s: the file is read-only", path)
	}
	if n := hardLinks(fi); n > 1 {
		return "", nil, fmt.Errorf("not writing %s: the file has %d hard links, which replacing it would split (rewrite it through one link with a copy, or remove the other links)", path, n)
	}
	return target, fi, nil
}
