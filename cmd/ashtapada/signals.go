package main

// Signals and terminals (docs/ci.md, "Global flags, misspellings,
// interrupts"):
//
//   - Ctrl-C (SIGINT) or SIGTERM: the temporary files of the output files
//     not yet in place are removed (outfile.Abandon), so no partial output
//     file is left, the cleanups registered with atInterrupt run (the
//     progress bar is erased), and the process exits 130 (143 for
//     SIGTERM), as shells expect of a program killed by the signal.
//   - A closed pipe on standard output (`ashtapada validate big/ | head`):
//     writes fail with EPIPE instead of the process being killed, so that
//     the bar is erased too; the command then exits 141 without a message,
//     like a filter killed by SIGPIPE.
//   - Standard input from a terminal ends at the first Ctrl-D (stdinLatch),
//     and no progress bar is drawn while someone types (startCI).

import (
	"errors"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/ashtapada/ashtapada/internal/outfile"
	"github.com/ashtapada/ashtapada/internal/tempfile"
)

// Exit statuses of a process ended by a signal: 128 + its number.
const (
	exitInterrupted = 130 // SIGINT
	exitTerminated  = 143 // SIGTERM
	exitHangup      = 129 // SIGHUP
	exitBrokenPipe  = 141 // SIGPIPE
)

var (
	cleanupMu sync.Mutex
	cleanups  = map[int]func(){}
	cleanupID int
)

// atInterrupt registers f to run if the process is interrupted; the
// returned function unregisters it (call it when the work is done).
func atInterrupt(f func()) (remove func()) {
	cleanupMu.Lock()
	defer cleanupMu.Unlock()
	cleanupID++
	id := cleanupID
	cleanups[id] = f
	return func() {
		cleanupMu.Lock()
		delete(cleanups, id)
		cleanupMu.Unlock()
	}
}

// runCleanups runs every registered cleanup, newest first.
func runCleanups() {
	cleanupMu.Lock()
	defer cleanupMu.Unlock()
	for id := cleanupID; id > 0; id-- {
		if f, ok := cleanups[id]; ok {
			delete(cleanups, id)
			f()
		}
	}
}

// handleSignals installs the handlers; call it once from main.
func handleSignals() {
	// With SIGPIPE notified, a write to a closed pipe returns EPIPE rather
	// than killing the process (os/signal: "if the program is ... calling
	// Notify for SIGPIPE, ... the write fails with an EPIPE error").
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		sig := <-ch
		// A spool made this instant still has its name: wait for its
		// removal, and make no other.
		tempfile.Hold()
		// The output files not yet in place are removed, and none is
		// made or put in place after them.
		outfile.Abandon()
		runCleanups()
		switch sig {
		case syscall.SIGTERM:
			os.Exit(exitTerminated)
		case syscall.SIGHUP:
			os.Exit(exitHangup)
		}
		os.Exit(exitInterrupted)
	}()
}

// isBrokenPipe: the error comes from writing to a pipe nobody reads.
func isBrokenPipe(err error) bool { return errors.Is(err, syscall.EPIPE) }

// stdinLatch is standard input that stays at end of file once it got
// there. A terminal reports Ctrl-D as one read of 0 bytes and then reads
// on: a reader that asks again after EOF (a bufio layer, a decompressor
// peeking for more) would make the user press Ctrl-D twice.
type stdinLatch struct {
	mu  sync.Mutex
	r   io.Reader
	eof bool
}

func (s *stdinLatch) Read(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.eof {
		return 0, io.EOF
	}
	n, err := s.r.Read(b)
	if err == io.EOF {
		s.eof = true
	}
	return n, err
}

// stdin is what commands read for "-" or no file.
var stdin io.Reader = &stdinLatch{r: os.Stdin}

// stdinIsTerminal: standard input is a terminal (someone types the games).
func stdinIsTerminal() bool { return isTerminal(os.Stdin) }
