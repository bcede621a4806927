package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"

	"github.com/ashtapada/ashtapada/source"
)

// inputOptions are how the commands open their inputs (package source):
// standard input through the latch that ends it at the first Ctrl-D
// (signals.go), and the window limit that --max-window sets
// (applyMaxWindow, decompress.go) before a command reads.
var inputOptions = source.Options{WindowSetting: "--max-window", Stdin: stdin}

// openInput opens a file (or standard input for "-") and decompresses it
// as its first bytes say (source.Options.Open). The name returned is what
// reports call the file, also with an error.
func openInput(path string) (io.ReadCloser, string, error) {
	return openInputCounting(path, nil)
}

// openInputCounting is openInput that also adds the bytes read from the
// file itself (before decompression) to counter, when it is not nil: the
// progress bar measures its ETA against file sizes.
func openInputCounting(path string, counter *atomic.Int64) (io.ReadCloser, string, error) {
	in, err := inputsCounted(counter).Open(path)
	if err != nil {
		return nil, source.Name(path), err
	}
	return in, in.Name, nil
}

// inputsCounted is inputOptions that also add the bytes read from each
// file itself (before decompression) to counter, when it is not nil.
func inputsCounted(counter *atomic.Int64) source.Options {
	o := inputOptions
	o.Counter = counter
	return o
}

// outputNotInput refuses out, the file a command would write (named by
// its flag), when it is one of the inputs args (directories walked as
// source.Expand walks them): the write would replace a record that the run
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
	files, _ := source.Expand(args, io.Discard)
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

// noGamesError says that nothing was checked: no input held a game.
func noGamesError(inputs []string, dirWithoutRecords bool) error {
	names := make([]string, len(inputs))
	for i, in := range inputs {
		names[i] = source.Name(in)
	}
	msg := fmt.Sprintf("no game record in %s: nothing was checked", strings.Join(names, ", "))
	if dirWithoutRecords {
		msg += fmt.Sprintf(" (a directory is searched for files named *%s)", strings.Join(source.RecordExtensions(), ", *"))
	}
	return noGames(msg)
}

// noGames is the error of a run that found no game; errNoGames matches it
// (errors.Is), so that a command that writes a file says it did not.
type noGames string

func (e noGames) Error() string        { return string(e) }
func (e noGames) Is(target error) bool { return target == errNoGames }

var errNoGames = noGames("")
