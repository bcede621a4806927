package boolbit_test

import (
	"fmt"
	"testing"

	"github.com/ashtapada/ashtapada/internal/boolbit"
)

func TestIntAndUint8(t *testing.T) {
	for _, c := range []struct {
		b    bool
		want int
	}{{false, 0}, {true, 1}} {
		if got := boolbit.Int(c.b); got != c.want {
			t.Errorf("Int(%v) = %d, want %d", c.b, got, c.want)
		}
		if got := boolbit.Uint8(c.b); int(got) != c.want {
			t.Errorf("Uint8(%v) = %d, want %d", c.b, got, c.want)
		}
	}
}

// A capture's `x` moves the square one byte on: the offset is picked by
// the comparison's outcome, not by a branch.
func ExampleInt() {
	for _, move := range []string{"Nf3", "Nxe4"} {
		x := boolbit.Int(move[1] == 'x')
		fmt.Println(move[1+x : 3+x])
	}
	// Output:
	// f3
	// e4
}
