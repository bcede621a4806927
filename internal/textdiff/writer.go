package textdiff

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Writer writes a unified diff (the form of `diff -u`, Context lines of
// context) of two texts given piece by piece: Same for text both
// have, Change for a pair of pieces that differ, diffed line by line with
// no time limit, so that the output is the same on every run and on any
// machine load. Only the lines of the hunk being built and the last
// context lines are held, so a diff of any size costs the memory of its
// largest piece.
type Writer struct {
	w            io.Writer
	nameA, nameB string
	header       bool // the --- +++ lines were written
	aLine, bLine int  // the line numbers of the next line of each side
	before       [][]byte
	hunk         []diffLine
	aStart       int
	bStart       int
	same         int // unchanged lines at the end of hunk
	err          error
}

type diffLine struct {
	op   byte // ' ', '-', '+'
	text []byte
}

// NewWriter returns a Writer that writes to w a diff from nameA to nameB.
func NewWriter(w io.Writer, nameA, nameB string) *Writer {
	return &Writer{w: w, nameA: nameA, nameB: nameB, aLine: 1, bLine: 1}
}

// Same adds text that both sides have.
func (d *Writer) Same(text []byte) { d.lines(' ', text) }

// Change adds a piece that is a on one side and b on the other.
func (d *Writer) Change(a, b []byte) {
	if bytes.Equal(a, b) {
		d.Same(a)
		return
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0 // the minimal diff, whatever it costs: never cut short
	if bytes.Count(a, []byte{'\n'})+bytes.Count(b, []byte{'\n'}) > maxLines {
		// The minimal diff of a huge game costs the product of its
		// length and its changes, which for a game fmt rewraps are its
		// every line: minutes for a game of megabytes (docs/robustness.md,
		// "Costs that shaped the code"). Its piece is changed as a whole.
		d.lines('-', a)
		d.lines('+', b)
		return
	}
	ca, cb, lines, ok := lineRunes(a, b)
	if !ok {
		// More different lines than runes can number: the piece is
		// changed as a whole.
		d.lines('-', a)
		d.lines('+', b)
		return
	}
	for _, df := range dmp.DiffMainRunes(ca, cb, false) {
		op := byte(' ')
		switch df.Type {
		case diffmatchpatch.DiffDelete:
			op = '-'
		case diffmatchpatch.DiffInsert:
			op = '+'
		}
		for _, r := range df.Text {
			d.line(op, lines[runeLine(r)])
		}
	}
}

// MaxLines is the most lines of a piece, both sides together, that
// Change diffs line by line: a longer piece is shown removed and added
// whole, since the minimal diff costs the product of the lines and the
// changes. Callers that must write the same diff of a text they do not
// hold whole (a huge game's moves) decide by it which form to write.
const MaxLines = 20_000

// maxLines is MaxLines, a variable for the tests.
var maxLines = MaxLines

// lines adds each line of text with op.
func (d *Writer) lines(op byte, text []byte) {
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\n') + 1
		if i == 0 {
			i = len(text)
		}
		d.line(op, text[:i])
		text = text[i:]
	}
}

// lineRunes numbers the different lines of a and b (each with its line
// end) and returns each side as the runes of its lines' numbers, the
// lines by number, and false when there are more different lines than
// runes. The diff library's own numbering (DiffLinesToRunes) gives the
// 55,296th line a surrogate, which its diffs turn into U+FFFD, so that a
// piece of more lines is indexed past its lines (docs/robustness.md,
// "Costs that shaped the code"). Here the numbers skip the surrogates, as
// every rune the diffs hold is then valid.
func lineRunes(a, b []byte) (ra, rb []rune, lines [][]byte, ok bool) {
	index := map[string]int{}
	runes := func(text []byte) []rune {
		var out []rune
		for len(text) > 0 {
			i := bytes.IndexByte(text, '\n') + 1
			if i == 0 {
				i = len(text)
			}
			n, seen := index[string(text[:i])]
			if !seen {
				n = len(lines)
				index[string(text[:i])] = n
				lines = append(lines, text[:i])
			}
			out = append(out, lineRune(n))
			text = text[i:]
		}
		return out
	}
	ra, rb = runes(a), runes(b)
	return ra, rb, lines, len(lines) <= maxLineRunes
}

// The surrogates, which no valid rune is, and how many lines runes can
// number without them.
const (
	surrogateMin = 0xD800
	surrogates   = 0x800
	maxLineRunes = utf8.MaxRune + 1 - surrogates
)

// lineRune is the rune of line n, runeLine the line of rune r.
func lineRune(n int) rune {
	if n >= surrogateMin {
		n += surrogates
	}
	return rune(n)
}

func runeLine(r rune) int {
	n := int(r)
	if n >= surrogateMin+surrogates {
		n -= surrogates
	}
	return n
}

// Close writes the last hunk and reports the first write error.
func (d *Writer) Close() error {
	d.endHunk(len(d.hunk) - d.same + min(d.same, Context))
	return d.err
}

func (d *Writer) line(op byte, text []byte) {
	if op == ' ' {
		if d.hunk == nil {
			d.before = append(d.before, text)
			if len(d.before) > Context {
				d.before = d.before[1:]
			}
			d.aLine++
			d.bLine++
			return
		}
		d.hunk = append(d.hunk, diffLine{op, text})
		d.same++
		if d.same > 2*Context {
			// Too far from the next change: the hunk ends Context
			// lines after its last change, and the last lines seen are
			// the next hunk's leading context.
			keep := len(d.hunk) - d.same + Context
			rest := d.hunk[len(d.hunk)-Context:]
			d.endHunk(keep)
			for _, l := range rest {
				d.before = append(d.before, l.text)
			}
		}
		d.aLine++
		d.bLine++
		return
	}
	if d.hunk == nil {
		d.aStart = d.aLine - len(d.before)
		d.bStart = d.bLine - len(d.before)
		for _, t := range d.before {
			d.hunk = append(d.hunk, diffLine{' ', t})
		}
		d.before = d.before[:0]
	}
	d.hunk = append(d.hunk, diffLine{op, text})
	d.same = 0
	if op == '-' {
		d.aLine++
	} else {
		d.bLine++
	}
}

// endHunk writes the first n lines of the hunk being built and starts
// afresh.
func (d *Writer) endHunk(n int) {
	if d.hunk == nil {
		return
	}
	ls := d.hunk[:n]
	aCount, bCount := 0, 0
	for _, l := range ls {
		if l.op != '+' {
			aCount++
		}
		if l.op != '-' {
			bCount++
		}
	}
	var buf bytes.Buffer
	if !d.header {
		d.header = true
		fmt.Fprintf(&buf, "--- %s\n+++ %s\n", d.nameA, d.nameB)
	}
	fmt.Fprintf(&buf, "@@ -%s +%s @@\n", hunkSpan(d.aStart, aCount), hunkSpan(d.bStart, bCount))
	for _, l := range ls {
		buf.WriteByte(l.op)
		buf.Write(bytes.TrimSuffix(l.text, []byte("\n")))
		buf.WriteByte('\n')
		if !bytes.HasSuffix(l.text, []byte("\n")) {
			buf.WriteString("\\ No newline at end of file\n")
		}
	}
	if d.err == nil {
		_, d.err = d.w.Write(buf.Bytes())
	}
	d.hunk = nil
	d.same = 0
	d.before = d.before[:0]
}
