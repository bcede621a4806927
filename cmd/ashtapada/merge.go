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

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/gametable"
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
			"(text, json) cannot be joined: shard them with --format jsonl. See docs/scale.md.",
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
	pq, err := isParquetFile(parts[0])
	if err != nil {
		return toolError(err)
	}
	write := func(w io.Writer) error {
		if pq {
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

func isParquetFile(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, fmt.Errorf("reading %s: %w", path, err)
	}
	defer f.Close()
	head := make([]byte, 4)
	n, _ := io.ReadFull(f, head)
	return bytes.Equal(head[:n], parquetMagic), nil
}

// mergeParquet rewrites the parts' rows through one writer: the same rows
// in the same order give the same row groups and bytes as one run.
func mergeParquet(parts []string, w io.Writer) error {
	// Its writer holds a row group as convert's does (parquet.go).
	limitMemory(parquetMemoryLimit)
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
