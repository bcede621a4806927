// Package textdiff writes unified diffs, the form of `diff -u` that
// `patch` reads, of texts line by line. The diff is the minimal one,
// computed without a time limit, so that it is the same on every run and
// under any load; a piece too long for that (MaxLines) is shown removed
// and added whole. Writer takes a text piece by piece and holds only the
// hunk it is building, so a diff of any size costs the memory of its
// largest changed piece. What the lines are (a game's moves, a record's
// text) is the caller's business.
package textdiff

import (
	"fmt"
	"strings"
)

// Context is the number of unchanged lines around a change, as diff -u.
const Context = 3

// Unified returns a unified diff of two texts, line by line; "" when they
// are equal. It is Writer's diff of the texts as one piece.
func Unified(nameA, nameB, a, b string) string {
	if a == b {
		return ""
	}
	var sb strings.Builder
	d := NewWriter(&sb, nameA, nameB)
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

// Lines is Unified of two lists of lines, each entry one line (an entry
// must not hold a newline); "" when they are the same.
func Lines(nameA, nameB string, a, b []string) string {
	return Unified(nameA, nameB, joinLines(a), joinLines(b))
}

// joinLines writes each entry followed by a newline ("" for none).
func joinLines(ls []string) string {
	var sb strings.Builder
	for _, l := range ls {
		sb.WriteString(l)
		sb.WriteByte('\n')
	}
	return sb.String()
}
