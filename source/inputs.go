package source

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// recordExtensions are the file names a directory walk picks up.
var recordExtensions = []string{".pgn", ".pgn.gz", ".pgn.bz2", ".pgn.zst", ".pgn.xz"}

// RecordExtensions lists the endings of the file names a directory walk
// picks up (compared without regard to case).
func RecordExtensions() []string { return append([]string(nil), recordExtensions...) }

// IsRecordFile reports whether a directory walk picks up a file of this
// name.
func IsRecordFile(name string) bool {
	lower := strings.ToLower(name)
	for _, ext := range recordExtensions {
		if strings.HasSuffix(lower, ext) {
			return true
		}
	}
	return false
}

// Expand turns the command-line arguments into a list of files: no
// argument or "-" is standard input, a directory (or a symbolic link to
// one) is walked for record files in sorted order, anything else is taken
// as a file as given. Warnings about what a walk skips go to warn. Errors
// do not stop the walk: the files found are returned with an error naming
// what could not be read (a missing argument, an unreadable
// subdirectory), and the caller decides what that costs (the command line
// reads the others and exits 2 at the end: docs/robustness.md,
// "Guarantees").
func Expand(args []string, warn io.Writer) ([]string, error) {
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
		if d.IsDir() || !IsRecordFile(d.Name()) {
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
