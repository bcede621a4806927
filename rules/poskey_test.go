package rules

import (
	"testing"
	"unsafe"
)

// TestPosKeyHasNoPadding holds posKey to 64 bytes of fields: with
// padding its equality is made field by field through a call, where a
// key without any is compared as one block (find compares keys at every
// filter hit).
func TestPosKeyHasNoPadding(t *testing.T) {
	var k posKey
	fields := unsafe.Sizeof(k.kinds) + unsafe.Sizeof(k.white) + unsafe.Sizeof(k.meta) + unsafe.Sizeof(k.ep) + unsafe.Sizeof(k.zero)
	if size := unsafe.Sizeof(k); size != fields || size != 64 {
		t.Fatalf("posKey is %d bytes, its fields %d: want 64 and no padding", size, fields)
	}
}
