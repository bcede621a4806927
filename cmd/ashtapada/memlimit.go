package main

import (
	"os"
	"runtime/debug"
	"sync"
)

// validateMemoryLimit is the Go runtime's soft memory limit while
// validating ordinary games (GOMEMLIMIT in the environment overrides it).
const validateMemoryLimit = 24 << 20

// hugeGameBytes is the size from which a game in flight raises the soft
// limit, and limitPerGameByte how much per byte of it: 1.2-1.4 times what
// validate holds live per byte of a game of short tokens (docs/robustness.md,
// "Memory"), so that the collector runs when the heap has grown by a
// fifth or more, not at every allocation. The commands that stream other
// results (convert, detect) hold more per byte and still collect often on
// a huge game, but less than under their fixed limit.
const (
	hugeGameBytes    = 1 << 20
	limitPerGameByte = 48
)

// memLimit is the soft limit validate keeps: the base plus
// limitPerGameByte for every byte of the huge games in flight.
var memLimit struct {
	sync.Mutex
	on   bool  // the command set the limit (GOMEMLIMIT did not)
	base int64 // the limit it set
	held int64 // limitPerGameByte for every byte of the huge games in flight
}

// limitValidateMemory keeps validate's memory flat. With GOGC=400 (main)
// the heap may grow to five times what is live, and what is live varies
// with the games in flight: peak RSS grew with the length of the input
// (docs/performance.md, "Where the time went, and what each change
// bought").
// A soft limit makes the collector run earlier near it instead. Only
// validate, which streams, sets it: a command that holds a whole file
// would make the collector run without end above the limit.
func limitValidateMemory() { limitMemory(validateMemoryLimit) }

// streamMemoryLimit is the soft limit of the other commands that stream
// their games on the pipeline (convert, detect, diff --rules): more than
// validate's, since their results are larger (a converted batch holds
// every position of its games until it is written, detect's a dozen
// replays per game), and at validate's limit the collector ran most of
// the time (docs/performance.md, "Decisions").
const streamMemoryLimit = 64 << 20

// parquetMemoryLimit is the soft limit of convert --to parquet, whose
// writer holds a row group of games (gametable.RowGroupRows) until it is
// full; the row of a huge game is written alone, and what it holds stays
// under 200 MB for a game of 16 MB at this limit (docs/robustness.md, "A
// huge game is read in parts").
const parquetMemoryLimit = 96 << 20

// limitMemory sets a soft memory limit unless GOMEMLIMIT does.
func limitMemory(n int64) {
	if os.Getenv("GOMEMLIMIT") == "" {
		memLimit.Lock()
		memLimit.on, memLimit.base = true, n
		memLimit.Unlock()
		debug.SetMemoryLimit(n)
	}
}

// holdGameMemory raises the soft limit while a game of size bytes is read
// and replayed, when the game is huge, and returns what lowers it again.
// What one game holds grows with its length; under a fixed limit, a huge
// game makes the collector run continually once the heap passes it
// (docs/robustness.md, "A huge game is read in parts").
// Ordinary games pass by without a lock.
// perByte is what the game holds live per byte of it: limitPerGameByte
// when it is read whole, partedPerGameByte when its main line is read in
// parts (parts.go).
func holdGameMemory(size int, perByte int64) (release func()) {
	if size < hugeGameBytes {
		return func() {}
	}
	memLimit.Lock()
	defer memLimit.Unlock()
	if !memLimit.on {
		return func() {}
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
