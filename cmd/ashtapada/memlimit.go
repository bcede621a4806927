package main

import (
	"os"
	"runtime/debug"
)

// validateMemoryLimit is the Go runtime's soft memory limit while
// validating (GOMEMLIMIT in the environment overrides it).
const validateMemoryLimit = 24 << 20

// limitValidateMemory keeps validate's memory flat. With GOGC=400 (main)
// the heap may grow to five times what is live, and what is live varies
// with the games in flight: peak RSS grew with the length of the input
// (55 MB for 100,000 games against 37 MB for 10,000, docs/performance.md).
// A soft limit makes the collector run earlier near it instead. Only
// validate, which streams, sets it: a command that holds a whole file
// would make the collector run without end above the limit.
func limitValidateMemory() { limitMemory(validateMemoryLimit) }

// streamMemoryLimit is the soft limit of the other commands that stream
// their games on the pipeline (convert, detect, diff --rules): more than
// validate's, since their results are larger (a converted batch holds
// every position of its games until it is written, detect's a dozen
// replays per game), and at validate's limit the collector ran most of
// the time. Without it, detect on corpus-100k peaked at 113 MB.
const streamMemoryLimit = 64 << 20

// limitMemory sets a soft memory limit unless GOMEMLIMIT does.
func limitMemory(n int64) {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(n)
	}
}
