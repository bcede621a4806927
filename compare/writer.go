package compare

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ashtapada/ashtapada/internal/termtext"
)

// Writer writes entries as they come, in text (WriteText) or as one JSON
// array (indented as json.Encoder indents a whole array), so that a diff
// of many games holds none of them in memory. The first write error
// stops it: later writes return that error and write nothing.
type Writer struct {
	w    io.Writer
	json bool
	n    int   // entries written
	err  error // the first write error
	buf  bytes.Buffer
}

// NewWriter returns a Writer of entries to w: the JSON array of
// `diff --format json` when json is set, else text.
func NewWriter(w io.Writer, json bool) *Writer {
	return &Writer{w: w, json: json}
}

// Entries is the number of entries written.
func (ew *Writer) Entries() int { return ew.n }

// Err is the first error met writing (or reading a LongDiff), nil if none.
func (ew *Writer) Err() error { return ew.err }

// Write writes e, and its LongDiff where Diff would stand when it has one
// (the caller closes it).
func (ew *Writer) Write(e *Entry) error {
	if e.LongDiff != nil {
		return ew.writeLong(e)
	}
	if ew.err != nil {
		return ew.err
	}
	ew.n++
	if !ew.json {
		ew.err = WriteText(ew.w, e)
		return ew.err
	}
	ew.buf.Reset()
	if ew.n == 1 {
		ew.buf.WriteString("[\n  ")
	} else {
		ew.buf.WriteString(",\n  ")
	}
	enc := json.NewEncoder(&ew.buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("  ", "  ")
	if ew.err = enc.Encode(e); ew.err != nil {
		return ew.err
	}
	ew.buf.Truncate(ew.buf.Len() - 1) // Encode's newline
	_, ew.err = ew.w.Write(ew.buf.Bytes())
	return ew.err
}

// errNoMark is a bug of writeLong: the entry written does not hold the
// mark it wrote for the diff.
var errNoMark = errors.New("diff: the mark of a long diff is not in its entry")

// writeLong writes e with its diff read from e.LongDiff, a line at a
// time, where Write writes Diff: the entry is written with a mark for its
// diff, and the diff's lines replace the mark as WriteText or the JSON
// encoder writes them (every line of a diff ends with a newline, and JSON
// escapes a string a character at a time: the pieces make the whole).
func (ew *Writer) writeLong(e *Entry) error {
	const mark = "\x00diff\x00"
	w := ew.w
	var buf bytes.Buffer
	ew.w = &buf
	d := *e
	d.Diff, d.LongDiff = mark, nil
	err := ew.Write(&d)
	ew.w = w
	if err != nil {
		return err
	}
	at := "  " + termtext.Safe(mark) + "\n" // WriteText: each line of the diff indented, quoted
	if ew.json {
		at = `\u0000diff\u0000`
	}
	head, tail, ok := strings.Cut(buf.String(), at)
	if !ok {
		ew.err = errNoMark
		return ew.err
	}
	if _, ew.err = io.WriteString(ew.w, head); ew.err != nil {
		return ew.err
	}
	br := bufio.NewReaderSize(e.LongDiff, 1<<16)
	var line bytes.Buffer
	enc := json.NewEncoder(&line)
	enc.SetEscapeHTML(false)
	for {
		l, rerr := br.ReadString('\n')
		if l != "" {
			line.Reset()
			if ew.json {
				if ew.err = enc.Encode(l); ew.err != nil {
					return ew.err
				}
				b := line.Bytes()
				line.Truncate(len(b) - 2) // the quote and newline Encode ends with
				line.Next(1)              // and its opening quote
			} else {
				line.WriteString("  ")
				line.WriteString(termtext.Safe(strings.TrimSuffix(l, "\n")))
				line.WriteByte('\n')
			}
			if _, ew.err = ew.w.Write(line.Bytes()); ew.err != nil {
				return ew.err
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			ew.err = fmt.Errorf("reading the diff from its temporary file: %w", rerr)
			return ew.err
		}
	}
	_, ew.err = io.WriteString(ew.w, tail)
	return ew.err
}

// Close ends the JSON array ("[]" when no entry was written) and returns
// the first error met writing.
func (ew *Writer) Close() error {
	if ew.err != nil || !ew.json {
		return ew.err
	}
	end := "\n]\n"
	if ew.n == 0 {
		end = "[]\n"
	}
	_, ew.err = io.WriteString(ew.w, end)
	return ew.err
}
