package formats

import (
	"fmt"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// diffContext is the number of unchanged lines around a change, as diff -u.
const diffContext = 3

// UnifiedDiff returns a unified diff of two texts, line by line (go-diff's
// line mode: lines are hashed to characters, diffed, and expanded back), in
// the form `diff -u` and `patch` use; "" when they are equal.
func UnifiedDiff(nameA, nameB, a, b string) string {
	if a == b {
		return ""
	}
	dmp := diffmatchpatch.New()
	ca, cb, lines := dmp.DiffLinesToChars(a, b)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(ca, cb, false), lines)

	// Flatten to one entry per line: ' ', '-' or '+'.
	type line struct {
		op   byte
		text string
	}
	var ls []line
	for _, d := range diffs {
		op := byte(' ')
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			op = '-'
		case diffmatchpatch.DiffInsert:
			op = '+'
		}
		for _, t := range splitLines(d.Text) {
			ls = append(ls, line{op, t})
		}
	}

	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", nameA, nameB)
	// Walk the lines, emitting hunks of changes with their context.
	aLine, bLine := 1, 1 // line numbers of ls[i] in a and b
	for i := 0; i < len(ls); {
		if ls[i].op == ' ' {
			i++
			aLine++
			bLine++
			continue
		}
		// A hunk starts diffContext lines before this change.
		start := max(0, i-diffContext)
		aStart, bStart := aLine-(i-start), bLine-(i-start)
		// It ends when more than 2*diffContext unchanged lines follow.
		end := i
		for j := i; j < len(ls); j++ {
			if ls[j].op != ' ' {
				end = j + 1
				continue
			}
			if j-end >= 2*diffContext {
				break
			}
		}
		stop := min(len(ls), end+diffContext)
		aCount, bCount := 0, 0
		for _, l := range ls[start:stop] {
			if l.op != '+' {
				aCount++
			}
			if l.op != '-' {
				bCount++
			}
		}
		fmt.Fprintf(&sb, "@@ -%s +%s @@\n", hunkSpan(aStart, aCount), hunkSpan(bStart, bCount))
		for _, l := range ls[start:stop] {
			sb.WriteByte(l.op)
			sb.WriteString(strings.TrimSuffix(l.text, "\n"))
			sb.WriteByte('\n')
			if !strings.HasSuffix(l.text, "\n") {
				sb.WriteString("\\ No newline at end of file\n")
			}
		}
		for _, l := range ls[i:stop] {
			if l.op != '+' {
				aLine++
			}
			if l.op != '-' {
				bLine++
			}
		}
		i = stop
	}
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

// splitLines splits text after each newline, keeping the newlines.
func splitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}
