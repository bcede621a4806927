package formats

import (
	"fmt"
	"strings"
)

// diffContext is the number of unchanged lines around a change, as diff -u.
const diffContext = 3

// UnifiedDiff returns a unified diff of two texts, line by line, in the
// form `diff -u` and `patch` use; "" when they are equal. It is
// DiffWriter's diff (no time limit: the same output on every run).
func UnifiedDiff(nameA, nameB, a, b string) string {
	if a == b {
		return ""
	}
	var sb strings.Builder
	d := NewDiffWriter(&sb, nameA, nameB)
	d.Change([]byte(a), []byte(b))
	_ = d.Close() // a strings.Builder does not fail
	return sb.String()
}

// hunkSpan writes a hunk range as diff does: "start,count", with the start
// one line before when the range is empty.
func hunkSpan(start, count int) string {
	if count == 0 {
		return fmt.Sprintf("%d,0", start-1)
	}
	if count == 1 {
		return fmt.Sprintf("%d", start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}
