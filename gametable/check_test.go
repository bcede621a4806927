package gametable

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

// TestThriftCost: the walk of a footer passes the writer's footers and
// refuses what the library's decoder would follow into a stack overflow or
// a runaway allocation: structs nested without end, a list that claims
// more elements than it has bytes, and lists whose elements would take
// more than maxMetadataCost.
func TestThriftCost(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf, WriterOptions{})
	for _, r := range fuzzRows() {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	table := buf.Bytes()
	n := int(binary.LittleEndian.Uint32(table[len(table)-8:]))
	if err := thriftCost(table[len(table)-8-n : len(table)-8]); err != nil {
		t.Fatalf("the writer's footer: %v", err)
	}
	// Field 1 of type struct, again and again: 0x1c (delta 1, struct).
	deep := append(bytes.Repeat([]byte{0x1c}, 1000), bytes.Repeat([]byte{0}, 1001)...)
	// Field 1, a list of 2^28 structs (the size after 0xfc), in 10 bytes.
	long := append([]byte{0x19, 0xfc}, binary.AppendUvarint(nil, 1<<28)...)
	long = append(long, 0, 0, 0)
	// Field 1, a list of as many empty structs as it has bytes: within
	// the bytes, over the cost.
	count := int(maxMetadataCost/costOfAny) + 1
	wide := append([]byte{0x19, 0xfc}, binary.AppendUvarint(nil, uint64(count))...)
	wide = append(append(wide, make([]byte, count)...), 0)
	for _, tc := range []struct {
		name string
		b    []byte
		want string
	}{
		{"deep", deep, "nested more than"},
		{"long", long, "a list of 268435456 elements"},
		{"wide", wide, "MiB to decode"},
	} {
		err := thriftCost(tc.b)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	if err := thriftCost(long); !errors.Is(err, errThriftShort) {
		t.Errorf("a list longer than its bytes is not a header cut short: %v", err)
	}
}
