// Package shardmerge joins the outputs of the parts of a sharded run
// (`--shard K/N`, docs/scale.md) into what one run over all the inputs
// writes.
//
// It owns two things: the check that every part is whole and of one kind,
// made before a byte is written, and the join itself. A Parquet table
// (convert --to parquet) is joined row by row through one writer, so that
// the same rows give the same row groups and bytes as one run; JSON lines
// and any other text are concatenated, and the summary lines of validate
// --format jsonl --summary are added up into one written last. Reports
// with a summary of another shape (text, json) cannot be joined and are
// not recognised as such: a run that is to be sharded writes JSON lines.
//
// It leaves to others how the parts were cut (package batch plans the
// shards and gives each game to the range holding its first byte, so
// that parts given in shard order hold every game once, in input order),
// where the result goes (the caller's writer: a command writes a file
// atomically), and the process's memory policy: a caller that joins
// tables sets batch.LimitMemory(batch.TableMemoryLimit) as convert does,
// since the table writer holds a row group.
//
// A part is refused, named, when a run was stopped while it wrote it: a
// table must end with its footer, a part of text with a new line, a part
// of JSON lines with a whole record, and with a summary line when another
// part has one. Parts of different kinds are refused too: a table after
// text would be binary appended to text.
package shardmerge

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/internal/jsonenc"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/report"
)

// Kind is what a part holds.
type Kind int

const (
	Empty     Kind = iota // a part with no game (an empty file)
	Table                 // a Parquet table: convert --to parquet
	JSONLines             // JSON lines: validate --format jsonl, convert --to jsonl
	Text                  // any other text: PGN, UCI, ...
)

// String is the kind as the errors name it ("a Parquet table").
func (k Kind) String() string {
	return [...]string{"empty", "a Parquet table", "JSON lines", "text"}[k]
}

// Parts are the checked parts of one run, in shard order.
type Parts struct {
	paths []string
	kind  Kind
}

// Kind is the kind the parts share; Empty when every part is empty.
func (p *Parts) Kind() Kind { return p.kind }

var parquetMagic = []byte("PAR1")

// summaryPrefix starts validate's JSONL summary line: formats writes
// JSONLSummary with its Kind first.
var summaryPrefix = []byte(`{"kind":"summary"`)

// maxSummaryLine bounds the last line of a part of JSON lines that Check
// reads back: a summary line takes a few KB (its counts by profile, rule,
// outcome and result), and a longer last line is a game's or a finding's,
// which is no summary.
const maxSummaryLine = 1 << 20

// partEnd is what checkPart learnt of a part.
type partEnd struct {
	kind Kind
	// summary: the part ends with validate's summary line (--summary).
	summary bool
}

// Check reads the head and the end of every part and returns them ready
// to join, or an error naming the first part that is cut short, is not a
// regular file, cannot be read, or is of another kind than the parts
// before it. It writes nothing, so a caller can check before it creates
// its output.
func Check(paths []string) (*Parts, error) {
	ends := make([]partEnd, len(paths))
	kind, first := Empty, ""
	summaries := 0
	for i, p := range paths {
		e, err := checkPart(p)
		if err != nil {
			return nil, err
		}
		ends[i] = e
		if e.summary {
			summaries++
		}
		if e.kind == Empty {
			continue
		}
		if kind == Empty {
			kind, first = e.kind, p
		} else if e.kind != kind {
			return nil, fmt.Errorf("%s is %s, and %s is %s: the parts of one run are all of one kind", p, e.kind, first, kind)
		}
	}
	for i, p := range paths {
		switch {
		case kind == Table && ends[i].kind == Empty:
			return nil, fmt.Errorf("%s is empty, not a Parquet table: was its run stopped before it wrote it?", p)
		case summaries > 0 && !ends[i].summary:
			return nil, fmt.Errorf("%s does not end with a summary line, as %s: it was cut short (a run stopped while it wrote it?), and is not merged", p, english.Count(summaries, "other part does", "other parts do"))
		}
	}
	return &Parts{paths: append([]string(nil), paths...), kind: kind}, nil
}

// checkPart reads the head and the end of one part (Check).
func checkPart(path string) (partEnd, error) {
	f, err := os.Open(path)
	if err != nil {
		return partEnd{}, fmt.Errorf("reading %s: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return partEnd{}, fmt.Errorf("reading %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return partEnd{}, fmt.Errorf("%s is not a regular file: a part is a file of a --shard run", path)
	}
	size := fi.Size()
	if size == 0 {
		return partEnd{kind: Empty}, nil
	}
	br := bufio.NewReaderSize(f, 1<<16)
	if head, _ := br.Peek(len(parquetMagic)); bytes.Equal(head, parquetMagic) {
		if err := gametable.Check(f, size); err != nil {
			return partEnd{}, fmt.Errorf("%s: %w", path, err)
		}
		return partEnd{kind: Table}, nil
	}
	e := partEnd{kind: Text}
	if isJSONLines(br) {
		e.kind = JSONLines
	}
	last := make([]byte, min(size, maxSummaryLine+1))
	if _, err := f.ReadAt(last, size-int64(len(last))); err != nil {
		return partEnd{}, fmt.Errorf("reading %s: %w", path, err)
	}
	if last[len(last)-1] != '\n' {
		return partEnd{}, fmt.Errorf("%s does not end with a new line: it was cut short (a run stopped while it wrote it?), and is not merged", path)
	}
	last = last[:len(last)-1]
	i := bytes.LastIndexByte(last, '\n')
	if i < 0 && int64(len(last)+1) < size {
		return e, nil // a last line too long to be a summary
	}
	last = last[i+1:]
	if e.kind == JSONLines {
		if !json.Valid(last) {
			return partEnd{}, fmt.Errorf("%s: its last line is not a whole JSON record: it was cut short (a run stopped while it wrote it?), and is not merged", path)
		}
		e.summary = bytes.HasPrefix(last, summaryPrefix)
	}
	return e, nil
}

// isJSONLines reports whether a text part is JSON lines: its first line
// is a JSON object.
func isJSONLines(br *bufio.Reader) bool {
	head, _ := br.Peek(br.Size())
	i := bytes.IndexByte(head, '\n')
	if i < 0 {
		// A first line longer than the buffer: a JSON line, unless it
		// does not even start as one.
		return bytes.HasPrefix(head, []byte(`{"`))
	}
	head = bytes.TrimSpace(head[:i])
	return len(head) > 0 && head[0] == '{' && json.Valid(head)
}

// Write joins the parts onto w, as one run over all the inputs writes
// them; table is how the run wrote a table's rows (the same options give
// the same row groups). The parts are read again: a part changed since
// Check is joined as it is now, or refused when it no longer reads as a
// table.
func (p *Parts) Write(w io.Writer, table gametable.WriterOptions) error {
	if p.kind == Table {
		return writeTable(p.paths, w, table)
	}
	return writeText(p.paths, w)
}

// writeTable rewrites the parts' rows through one writer: the same rows
// in the same order give the same row groups and bytes as one run.
func writeTable(paths []string, w io.Writer, o gametable.WriterOptions) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	tw := gametable.NewWriter(bw, o)
	for _, p := range paths {
		if err := copyRows(p, tw); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return bw.Flush()
}

func copyRows(path string, tw *gametable.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	if err := tw.CopyTable(f, fi.Size()); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// writeText concatenates the parts, adding up validate's JSONL summary
// lines into one written last, as one run writes it.
func writeText(paths []string, w io.Writer) error {
	// bw keeps its first write error, which Flush returns.
	bw := bufio.NewWriterSize(w, 1<<16)
	var total *replay.Tally
	for _, p := range paths {
		if err := copyText(p, bw, &total); err != nil {
			return err
		}
	}
	if total != nil {
		if err := jsonenc.NewEncoder(bw).Encode(report.JSONLSummary{Kind: "summary", Tally: *total}); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// copyText copies one part onto bw but for its summary lines, which it
// adds to *total.
func copyText(path string, bw *bufio.Writer, total **replay.Tally) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	// Summary lines are validate's JSONL: in a part of PGN a line that
	// starts the same way is a comment, copied as it is.
	jsonl := isJSONLines(br)
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			// A long line: not a summary; copy it in pieces.
			bw.Write(line)
			continue
		}
		if jsonl && bytes.HasPrefix(line, summaryPrefix) {
			var s report.JSONLSummary
			if jerr := json.Unmarshal(line, &s); jerr != nil {
				return fmt.Errorf("%s: summary line: %w", path, jerr)
			}
			if *total == nil {
				*total = replay.NewTally()
			}
			(*total).Merge(&s.Tally)
		} else {
			bw.Write(line)
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading %s: %w", path, err)
		}
	}
}
