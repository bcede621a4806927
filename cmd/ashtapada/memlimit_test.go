package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// A huge game in flight raises validate's soft memory limit by
// limitPerGameByte a byte and lowers it again when judged; an ordinary
// game leaves it alone, and so does every game when GOMEMLIMIT set it.
func TestHoldGameMemory(t *testing.T) {
	saved := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(saved)
	memLimit.Lock()
	on, base := memLimit.on, memLimit.base
	memLimit.on, memLimit.base = true, validateMemoryLimit
	memLimit.Unlock()
	defer func() { memLimit.Lock(); memLimit.on, memLimit.base = on, base; memLimit.Unlock() }()
	debug.SetMemoryLimit(validateMemoryLimit)

	holdGameMemory(hugeGameBytes-1, limitPerGameByte)()
	if got := debug.SetMemoryLimit(-1); got != validateMemoryLimit {
		t.Fatalf("an ordinary game moved the limit to %d", got)
	}
	a := holdGameMemory(2<<20, limitPerGameByte)
	b := holdGameMemory(3<<20, limitPerGameByte)
	if got, want := debug.SetMemoryLimit(-1), int64(validateMemoryLimit+5<<20*limitPerGameByte); got != want {
		t.Errorf("two huge games in flight: limit %d, want %d", got, want)
	}
	a()
	if got, want := debug.SetMemoryLimit(-1), int64(validateMemoryLimit+3<<20*limitPerGameByte); got != want {
		t.Errorf("one huge game left: limit %d, want %d", got, want)
	}
	b()
	if got := debug.SetMemoryLimit(-1); got != validateMemoryLimit {
		t.Errorf("no game left: limit %d, want %d", got, validateMemoryLimit)
	}

	memLimit.Lock()
	memLimit.on = false // GOMEMLIMIT was set
	memLimit.Unlock()
	debug.SetMemoryLimit(math.MaxInt64)
	holdGameMemory(4<<20, limitPerGameByte)()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("the limit GOMEMLIMIT set was changed to %d", got)
	}
}
