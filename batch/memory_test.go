package batch

import (
	"math"
	"runtime/debug"
	"testing"
)

// A huge game in flight raises validate's soft memory limit by
// WholePerGameByte a byte and lowers it again when judged; an ordinary
// game leaves it alone, and so does every game when GOMEMLIMIT set it.
func TestHoldGameMemory(t *testing.T) {
	saved := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(saved)
	memLimit.Lock()
	on, base := memLimit.on, memLimit.base
	memLimit.on, memLimit.base = true, ValidateMemoryLimit
	memLimit.Unlock()
	defer func() { memLimit.Lock(); memLimit.on, memLimit.base = on, base; memLimit.Unlock() }()
	debug.SetMemoryLimit(ValidateMemoryLimit)

	HoldGameMemory(HugeGameBytes-1, WholePerGameByte)()
	if got := debug.SetMemoryLimit(-1); got != ValidateMemoryLimit {
		t.Fatalf("an ordinary game moved the limit to %d", got)
	}
	a := HoldGameMemory(2<<20, WholePerGameByte)
	b := HoldGameMemory(3<<20, WholePerGameByte)
	if got, want := debug.SetMemoryLimit(-1), int64(ValidateMemoryLimit+5<<20*WholePerGameByte); got != want {
		t.Errorf("two huge games in flight: limit %d, want %d", got, want)
	}
	a()
	if got, want := debug.SetMemoryLimit(-1), int64(ValidateMemoryLimit+3<<20*WholePerGameByte); got != want {
		t.Errorf("one huge game left: limit %d, want %d", got, want)
	}
	b()
	if got := debug.SetMemoryLimit(-1); got != ValidateMemoryLimit {
		t.Errorf("no game left: limit %d, want %d", got, ValidateMemoryLimit)
	}

	memLimit.Lock()
	memLimit.on = false // GOMEMLIMIT was set
	memLimit.Unlock()
	debug.SetMemoryLimit(math.MaxInt64)
	HoldGameMemory(4<<20, WholePerGameByte)()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("the limit GOMEMLIMIT set was changed to %d", got)
	}
}
