// Package outfile writes the program's output files so that nobody ever
// sees one half-written (docs/robustness.md, "Writes"): the content goes
// to a temporary file created exclusively beside the file's name, and is
// renamed over the name only once it is whole and synced.
//
// It owns the life of an output file:
//
//   - the temporary file: ".NAME.tmp-*" in the directory of the file
//     written, removed whenever the write fails, is refused or is
//     abandoned, so that a failed write leaves the old file as it was;
//   - what is replaced: a symbolic link standing at the name is replaced,
//     never followed (Write, Create), since an output directory may hold
//     a link planted under a name the program makes up, and following it
//     would write a file outside the directory; Rewrite, for a file the
//     program read, follows it and rewrites the file it leads to;
//   - what the new file keeps of the old one: its mode bits and its owner
//     (0644 for a new file); a file that is not a regular file, a
//     read-only one, one with other hard links (a rename would split
//     them) and one whose owner the new one could not keep are not
//     written, with the reason;
//   - the temporary files of a process that is interrupted: Abandon
//     removes every one not yet in place.
//
// It leaves to its callers what is written, when to give up (the callback
// of Write returns an error, a File is aborted), and signals: a program's
// signal handler calls Abandon on its way out.
package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// naming is held while a temporary file is made, put in place or removed,
// and for good once Abandon was called; unfinished holds the names of the
// temporary files made and not yet put in place or removed.
var (
	naming     sync.Mutex
	unfinished = map[string]bool{}
)

// Abandon removes the temporary file of every write not yet in place, and
// keeps any other from being made or put in place: Create, Write,
// Rewrite, Commit and Abort block once it was called. A process calls it
// on its way out on a signal (SIGINT, SIGTERM, SIGHUP), so that no partial
// file is left and no file appears as it exits.
func Abandon() {
	naming.Lock()
	for name := range unfinished {
		os.Remove(name)
	}
}

// Write writes the file path: write is given the temporary file, and
// what it wrote is put in place when it returns nil. The file keeps the
// mode bits of the one it replaces, set-id and sticky bits included, and
// its owner; a symbolic link standing at path is replaced, never followed.
// When write fails, the temporary file is removed, path is untouched, and
// the error says "writing PATH" (or "not writing PATH" for an error made
// by Declined).
func Write(path string, write func(w io.Writer) error) error {
	return replace(path, false, func(w io.Writer) (bool, error) { return true, write(w) })
}

// Rewrite rewrites a file the program has read (fmt -w): a symbolic link
// stays a link and the file it leads to, the one that was read, is
// rewritten. write also says whether to keep what it wrote: a caller that
// writes as it reads learns only at the end whether the file changed, and
// an unchanged file is left as it was.
func Rewrite(path string, write func(w io.Writer) (bool, error)) error {
	return replace(path, true, write)
}

// Declined marks err as the reason a write has nothing to write (a run
// that found no game): the file is not written, and Write's error says
// "not writing PATH" rather than that writing it failed. The error is
// err's text and matches what err matches (errors.Is).
func Declined(err error) error { return declined{err} }

type declined struct{ err error }

func (d declined) Error() string { return d.err.Error() }
func (d declined) Unwrap() error { return d.err }

// replace is the one way Write and Rewrite write: what is replaced keeps
// what it had. With follow, a symbolic link's target is replaced; without,
// the link itself.
func replace(path string, follow bool, write func(w io.Writer) (bool, error)) (err error) {
	f, err := create(path, follow)
	if err != nil {
		return err
	}
	keep := false
	defer func() {
		if err != nil || !keep {
			f.Abort()
		}
	}()
	if keep, err = write(f.tmp); err != nil {
		if errors.As(err, new(declined)) {
			return fmt.Errorf("not writing %s: %w", path, err)
		}
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if !keep {
		return nil
	}
	mode := fs.FileMode(0o644)
	if f.old != nil {
		mode = f.old.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
		if err = keepOwner(f.tmp, f.old); err != nil {
			return fmt.Errorf("not writing %s: %w", path, err)
		}
	}
	// After the owner: changing the owner clears the set-id bits.
	if err = f.tmp.Chmod(mode); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = f.tmp.Sync(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = f.tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Commit()
}

// A File is an output file being written, for a caller that writes
// several and puts them in place together (convert --split): a temporary
// file beside its name until Commit. Close ends its content, Commit puts
// it in place, Abort removes it.
type File struct {
	name   string      // the name the caller gave, as errors say it
	target string      // the file replaced: name, or where a followed link leads
	old    fs.FileInfo // the file replaced; nil for a new one
	tmp    *os.File
	done   bool // put in place or removed
}

// Create starts writing the file path, as Write does: a symbolic link
// standing there is replaced, never followed, and a file that must not be
// replaced is refused with the reason.
func Create(path string) (*File, error) {
	return create(path, false)
}

func create(path string, follow bool) (*File, error) {
	target, old, err := replaced(path, follow)
	if err != nil {
		return nil, err
	}
	naming.Lock()
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp-*")
	if err == nil {
		unfinished[tmp.Name()] = true
	}
	naming.Unlock()
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	return &File{name: path, target: target, old: old, tmp: tmp}, nil
}

// Name is the name the file was created with.
func (f *File) Name() string { return f.name }

// Write writes to the temporary file.
func (f *File) Write(p []byte) (int, error) { return f.tmp.Write(p) }

// Close ends the file's content: it gets the owner and the permission
// bits of the file it replaces (0644 for a new one), and is synced and
// closed. It is not in place until Commit.
func (f *File) Close() error {
	var err error
	mode := fs.FileMode(0o644)
	if f.old != nil {
		mode = f.old.Mode() & fs.ModePerm
		err = keepOwner(f.tmp, f.old)
	}
	if err == nil {
		err = f.tmp.Chmod(mode)
	}
	if err == nil {
		err = f.tmp.Sync()
	}
	if cerr := f.tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", f.name, err)
	}
	return nil
}

// Commit puts the closed file in place of the one it replaces.
func (f *File) Commit() error {
	naming.Lock()
	defer naming.Unlock()
	if err := os.Rename(f.tmp.Name(), f.target); err != nil {
		return fmt.Errorf("writing %s: %w", f.name, err)
	}
	delete(unfinished, f.tmp.Name())
	f.done = true
	return nil
}

// Abort removes the file unless it is in place; the file it would have
// replaced is untouched.
func (f *File) Abort() {
	f.tmp.Close()
	naming.Lock()
	defer naming.Unlock()
	if f.done {
		return
	}
	os.Remove(f.tmp.Name())
	delete(unfinished, f.tmp.Name())
	f.done = true
}

// replaced returns the file a write to path replaces and its information,
// nil for a new file; or the reason it must not be replaced. With follow,
// a symbolic link is followed to the end; without, the link is what is
// replaced, as a new file (nothing of it is kept).
func replaced(path string, follow bool) (string, fs.FileInfo, error) {
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
