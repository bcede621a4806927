package main

// merge: the outputs of the parts of a sharded run (--shard K/N), given in
// K order, put together into what one run writes (docs/scale.md).

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/replay"
)

func init() {
	register(&cli.Command{
		Name:      "merge",
		Usage:     "join the outputs of the parts of a --shard run into what one run writes",
		ArgsUsage: "PART...",
		Description: "Give the parts in shard order (1/N first). Parquet tables (convert --to parquet) are\n" +
			"joined row by row; text outputs are concatenated, and the summary lines of validate\n" +
			"--format jsonl --summary are added up into one at the end. Other reports with a summary\n" +
			"(text, json) cannot be joined: shard them with --format jsonl. Every part is checked\n" +
			"before anything is written: a part cut short (no final new line, no summary line where\n" +
			"the others have one, a table without its footer) or of another kind is refused.\n" +
			"See docs/scale.md.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to FILE (atomically) instead of standard output"},
		},
		Action: mergeAction,
	})
}

func mergeAction(c *cli.Context) error {
	parts := c.Args().Slice()
	if len(parts) == 0 {
		return toolError(errors.New("merge: give the parts to join, in shard order"))
	}
	if err := outputNotInput("-o", c.String("output"), parts); err != nil {
		return toolError(err)
	}
	kind, err := checkParts(parts)
	if err != nil {
		return toolError(err)
	}
	write := func(w io.Writer) error {
		if kind == tablePart {
			return mergeParquet(parts, w)
		}
		return mergeText(parts, w)
	}
	if out := c.String("output"); out != "" && out != "-" {
		err = writeFileAtomic(out, write)
	} else {
		err = write(c.App.Writer)
	}
	if err != nil {
		return toolError(err)
	}
	return nil
}

var parquetMagic = []byte("PAR1")

// partKind is what a part holds.
type partKind int

const (
	emptyPart partKind = iota
	tablePart          // convert --to parquet
	jsonPart           // JSON lines: validate --format jsonl, convert --to jsonl
	textPart           // any other text: PGN, UCI, ...
)

func (k partKind) String() string {
	return [...]string{"empty", "a Parquet table", "JSON lines", "text"}[k]
}

// partEnd is what checkPart learnt of a part.
type partEnd struct {
	kind partKind
	// summary: the part ends with validate's summary line (--summary).
	summary bool
}

// maxSummaryLine bounds the last line of a part of JSON lines that
// checkPart reads back: a summary line takes a few KB (its counts by
// profile, rule, outcome and result), and a longer last line is a game's
// or a finding's, which is no summary.
const maxSummaryLine = 1 << 20

// checkParts checks every part before anything is written, and returns
// the kind they share. A part of a run killed while it wrote is refused,
// named: a table must be a whole table (its footer last), a part of text
// must end with a new line, a part of JSON lines with a whole record, and
// with its summary line when the other parts have one (a part cut at the
// end of a line). Parts of different kinds are not joined (a table after
// text would be binary appended to text).
func checkParts(parts []string) (partKind, error) {
	ends := make([]partEnd, len(parts))
	kind, first := emptyPart, ""
	summaries := 0
	for i, p := range parts {
		e, err := checkPart(p)
		if err != nil {
			return 0, fmt.Errorf("merge: %w", err)
		}
		ends[i] = e
		if e.summary {
			summaries++
		}
		if e.kind == emptyPart {
			continue
		}
		if kind == emptyPart {
			kind, first = e.kind, p
		} else if e.kind != kind {
			return 0, fmt.Errorf("merge: %s is %s, and %s is %s: the parts of one run are all of one kind", p, e.kind, first, kind)
		}
	}
	for i, p := range parts {
		switch {
		case kind == tablePart && ends[i].kind == emptyPart:
			return 0, fmt.Errorf("merge: %s is empty, not a Parquet table: was its run stopped before it wrote it?", p)
		case summaries > 0 && !ends[i].summary:
			return 0, fmt.Errorf("merge: %s does not end with a summary line, as %s: it was cut short (a run stopped while it wrote it?), and is not merged", p, english.Count(summaries, "other part does", "other parts do"))
		}
	}
	return kind, nil
}

// checkPart reads the head and the end of one part (checkParts).
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
		return partEnd{kind: emptyPart}, nil
	}
	br := bufio.NewReaderSize(f, 1<<16)
	if head, _ := br.Peek(len(parquetMagic)); bytes.Equal(head, parquetMagic) {
		if err := gametable.Check(f, size); err != nil {
			return partEnd{}, fmt.Errorf("%s: %w", path, err)
		}
		return partEnd{kind: tablePart}, nil
	}
	e := partEnd{kind: textPart}
	if isJSONLines(br) {
		e.kind = jsonPart
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
	if e.kind == jsonPart {
		if !json.Valid(last) {
			return partEnd{}, fmt.Errorf("%s: its last line is not a whole JSON record: it was cut short (a run stopped while it wrote it?), and is not merged", path)
		}
		e.summary = bytes.HasPrefix(last, summaryPrefix)
	}
	return e, nil
}

// mergeParquet rewrites the parts' rows through one writer: the same rows
// in the same order give the same row groups and bytes as one run.
func mergeParquet(parts []string, w io.Writer) error {
	// Its writer holds a row group as convert's does (parquet.go).
	batch.LimitMemory(batch.TableMemoryLimit)
	bw := bufio.NewWriterSize(w, 1<<16)
	tw := gametable.NewWriter(bw)
	for _, p := range parts {
		if err := copyParquetRows(p, tw); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return bw.Flush()
}

func copyParquetRows(path string, tw *gametable.Writer) error {
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

var summaryPrefix = []byte(`{"kind":"summary"`)

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

// mergeText concatenates the parts, adding up validate's JSONL summary
// lines into one written last, as one run writes it.
func mergeText(parts []string, w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	var total *replay.Tally
	for _, p := range parts {
		f, err := os.Open(p)
		if err != nil {
			return fmt.Errorf("reading %s: %w", p, err)
		}
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
				var s formats.JSONLSummary
				if jerr := json.Unmarshal(line, &s); jerr != nil {
					f.Close()
					return fmt.Errorf("%s: summary line: %w", p, jerr)
				}
				if total == nil {
					total = replay.NewTally()
				}
				total.Merge(&s.Tally)
			} else {
				bw.Write(line)
			}
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				f.Close()
				return fmt.Errorf("reading %s: %w", p, err)
			}
		}
		f.Close()
	}
	if total != nil {
		if err := json.NewEncoder(bw).Encode(formats.JSONLSummary{Kind: "summary", Tally: *total}); err != nil {
			return err
		}
	}
	return bw.Flush()
}
