package formats

// Diffs of movetext aligned by move (diff's modes a and c, cli.md): each
// move is one line, `12. Nf3` or `12... Nc6`, so a unified diff of the
// lines shows which moves differ however the PGN was wrapped. Built on
// go-diff's line mode.

import (
	"fmt"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// MoveLine is one move of a line of play, as diff shows it.
type MoveLine struct {
	Ply  int
	Text string // the move with its number: "12. Nf3", "12... Nc6"
}

// diffOp is one line of a diff: ' ' kept, '-' only in a, '+' only in b.
type diffOp struct {
	op   byte
	text string
}

// lineOps diffs two lists of lines with go-diff, one line per move.
func lineOps(a, b []string) []diffOp {
	dmp := diffmatchpatch.New()
	ta := strings.Join(a, "\n") + "\n"
	tb := strings.Join(b, "\n") + "\n"
	if len(a) == 0 {
		ta = ""
	}
	if len(b) == 0 {
		tb = ""
	}
	ca, cb, lines := dmp.DiffLinesToChars(ta, tb)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(ca, cb, false), lines)
	var ops []diffOp
	for _, d := range diffs {
		op := byte(' ')
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			op = '-'
		case diffmatchpatch.DiffInsert:
			op = '+'
		}
		text := strings.TrimSuffix(d.Text, "\n")
		for _, l := range strings.Split(text, "\n") {
			ops = append(ops, diffOp{op, l})
		}
	}
	return ops
}

// UnifiedMoveDiff is a unified diff (3 lines of context) of two move
// lists, or "" when they are the same.
func UnifiedMoveDiff(nameA, nameB string, a, b []string) string {
	ops := lineOps(a, b)
	changed := false
	for _, o := range ops {
		changed = changed || o.op != ' '
	}
	if !changed {
		return ""
	}
	const ctx = 3
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", nameA, nameB)
	// Line numbers in a and b at each op.
	type at struct{ la, lb int }
	pos := make([]at, len(ops)+1)
	la, lb := 1, 1
	for i, o := range ops {
		pos[i] = at{la, lb}
		if o.op != '+' {
			la++
		}
		if o.op != '-' {
			lb++
		}
	}
	pos[len(ops)] = at{la, lb}
	for i := 0; i < len(ops); {
		if ops[i].op == ' ' {
			i++
			continue
		}
		// A hunk: from ctx before this change to ctx after the last change
		// that is within 2*ctx of the previous one.
		start := max(0, i-ctx)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].op != ' ' {
				end = j
			} else if j-end > 2*ctx {
				break
			}
		}
		stop := min(len(ops), end+ctx+1)
		na, nb := 0, 0
		for _, o := range ops[start:stop] {
			if o.op != '+' {
				na++
			}
			if o.op != '-' {
				nb++
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(pos[start].la, na), hunkRange(pos[start].lb, nb))
		for _, o := range ops[start:stop] {
			out.WriteByte(o.op)
			out.WriteString(o.text)
			out.WriteByte('\n')
		}
		i = stop
	}
	return out.String()
}

// hunkRange is a unified diff's "start,count" (start is one less for an
// empty range, as diff -u writes it).
func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start-1)
	}
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}

// NumberedMoves writes moves with their numbers, one per entry: "1. e4",
// "1... e5". sides[i] is true for a black move; numbers[i] its number;
// joined[i] marks a later move of a compound turn, which gets the number of
// its turn with a comma ("1. ,Nf3") so that the lines stay unique.
func NumberedMoves(moves []string, numbers []int, black, joined []bool) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		dots := "."
		if black[i] {
			dots = "..."
		}
		sep := " "
		if joined[i] {
			sep = " ,"
		}
		out[i] = fmt.Sprintf("%d%s%s%s", numbers[i], dots, sep, m)
	}
	return out
}
