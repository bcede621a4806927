// Package boolbit turns a comparison's outcome into the number 0 or 1,
// which the compiler computes from the comparison's flag (SETcc) without
// a branch. The hot paths of reading and replaying use it where what is
// compared is the move's own (a capture, a check mark, the node before a
// move), so that no branch predictor could foresee it, and the number
// then picks an offset or masks a value.
package boolbit

// Int is 1 for true and 0 for false.
func Int(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Uint8 is Int as a byte, for the flags kept in a byte.
func Uint8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
