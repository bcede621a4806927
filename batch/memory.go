package batch

import (
	"os"
	"runtime/debug"
	"sync"
)

// The soft limits the commands that stream their games set (LimitMemory).
// ValidateMemoryLimit is for ordinary games judged and reported one by one.
// StreamMemoryLimit is for work whose results are larger (a converted
// batch holds every position of its games until it is written, detection a
// dozen replays per game): at validate's limit the collector ran most of
// the time (docs/performance.md, "Decisions"). TableMemoryLimit is for a
// writer that holds a row group of games until it is full; what it holds
// for a game of 16 MB stays under 200 MB at this limit (docs/robustness.md,
// "A huge game is read in parts").
const (
	ValidateMemoryLimit = 24 << 20
	StreamMemoryLimit   = 64 << 20
	TableMemoryLimit    = 80 << 20
)

// HugeGameBytes is the size from which a game in flight raises the soft
// limit. WholePerGameByte is how much per byte of a game read whole:
// 1.2-1.4 times what validation holds live per byte of a game of short
// tokens (docs/robustness.md, "Memory"), so that the collector runs when
// the heap has grown by a fifth or more, not at every allocation; work
// that streams other results holds more per byte and still collects often
// on a huge game, but less than under a fixed limit. PartedPerGameByte is
// what a game whose main line is read in parts holds live per byte: its
// text, and the splitter's copy of it while it was collected.
const (
	HugeGameBytes     = 1 << 20
	WholePerGameByte  = 48
	PartedPerGameByte = 4
)

// memLimit is the soft limit in force: the base a command set plus what
// the huge games in flight hold.
var memLimit struct {
	sync.Mutex
	on   bool  // LimitMemory set the limit (GOMEMLIMIT did not)
	base int64 // the limit it set
	held int64 // what the huge games in flight hold
}

// LimitMemory sets the soft memory limit to n bytes unless GOMEMLIMIT
// does; the package doc says why and when.
func LimitMemory(n int64) {
	if os.Getenv("GOMEMLIMIT") == "" {
		memLimit.Lock()
		memLimit.on, memLimit.base = true, n
		memLimit.Unlock()
		debug.SetMemoryLimit(n)
	}
}

// HoldGameMemory raises the soft limit by perByte for each byte of a game
// of size bytes while it is read and judged, when the game is huge and
// LimitMemory set the limit, and returns what lowers it again. Callers
// that read a game outside Run (one game shown, two files compared) call
// it as Run does.
func HoldGameMemory(size int, perByte int64) (release func()) {
	if size < HugeGameBytes {
		// Every ordinary game: small enough to be inlined where it is
		// deferred.
		return holdNothing
	}
	return holdHuge(size, perByte)
}

// holdNothing is the release of a game that held nothing.
func holdNothing() {}

// holdHuge is HoldGameMemory for a huge game.
func holdHuge(size int, perByte int64) (release func()) {
	memLimit.Lock()
	defer memLimit.Unlock()
	if !memLimit.on {
		return holdNothing
	}
	n := int64(size) * perByte
	memLimit.held += n
	debug.SetMemoryLimit(memLimit.base + memLimit.held)
	return func() {
		memLimit.Lock()
		defer memLimit.Unlock()
		memLimit.held -= n
		debug.SetMemoryLimit(memLimit.base + memLimit.held)
	}
}
