// Package tempfile makes the temporary files the program spools to: a
// report's findings held until its summary is written, a huge game's
// converted text, a diff too long to hold.
package tempfile

import (
	"fmt"
	"os"
	"sync"
)

// naming is held while a file has its name, between its creation and the
// removal of the name: Hold waits for it, so that a process ending on a
// signal does not end in between and leave the name behind.
var naming sync.Mutex

// Anonymous creates a file in the temporary directory ($TMPDIR) and
// removes its name at once: the file lives while it is open and is gone
// when it is closed, however the process ends (an interrupt, a crash,
// SIGKILL), so that no spool is ever left behind. Where an open file
// cannot be removed (Windows) its name stays, and the caller's Close
// followed by os.Remove(f.Name()) removes it; elsewhere that Remove finds
// nothing.
func Anonymous(pattern string) (*os.File, error) {
	naming.Lock()
	defer naming.Unlock()
	f, err := os.CreateTemp("", pattern)
	if err != nil {
		return nil, fmt.Errorf("a temporary file: %w", err)
	}
	_ = os.Remove(f.Name())
	return f, nil
}

// Hold waits until no file made by Anonymous has its name, and keeps it
// so: no file is made after it returns (Anonymous blocks). A process
// calls it on its way out on a signal, before it exits.
func Hold() {
	naming.Lock()
}
