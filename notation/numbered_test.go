package notation

import (
	"strings"
	"testing"
)

func TestNumberedMoves(t *testing.T) {
	got := NumberedMoves([]string{"e3", "Nf3", "e6", "d3"}, []int{1, 1, 1, 2}, []bool{false, false, true, false}, []bool{false, true, false, false})
	want := []string{"1. e3", "1. ,Nf3", "1... e6", "2. d3"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}
