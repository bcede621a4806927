package main

import (
	"errors"
	"io"

	"github.com/ashtapada/ashtapada/internal/outfile"
)

// writeFileAtomic writes an output file (convert -o, merge -o,
// --write-baseline, --svg-dir, show --svg, the profiles) so that a reader
// never sees it half-written, and never through a symbolic link standing
// at its name (outfile.Write). A run that found no game writes no file,
// and says so.
func writeFileAtomic(path string, write func(w io.Writer) error) error {
	return outfile.Write(path, func(w io.Writer) error { return declineNoGames(write(w)) })
}

// rewriteFileAtomic rewrites a file the command has read, fmt -w's own
// case: a symbolic link stays a link and the file it leads to is
// rewritten, and an unchanged file is left as it was (outfile.Rewrite).
func rewriteFileAtomic(path string, write func(w io.Writer) (bool, error)) error {
	return outfile.Rewrite(path, func(w io.Writer) (bool, error) {
		keep, err := write(w)
		return keep, declineNoGames(err)
	})
}

// declineNoGames marks the error of a run that found no game as the
// reason its file is not written (outfile.Declined).
func declineNoGames(err error) error {
	if errors.Is(err, errNoGames) {
		return outfile.Declined(err)
	}
	return err
}
