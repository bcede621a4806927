package main

// convert --split N and --split-by TAG write the games into several files,
// as pgn-extract's -# and -E do: each file is a whole document of the
// target format (a JSON array, a viewer page), written as -o writes one
// (atomically: every file appears at the end of a run that succeeded, and
// none when it failed or was interrupted).

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

func splitFlags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "split", Usage: "write `N` games to a file: -o games.pgn writes games-1.pgn, games-2.pgn, ... (each a whole document of the format)"},
		&cli.StringFlag{Name: "split-by", Usage: "write a file for each value of the tag `TAG`: -o games.pgn --split-by Event writes games-<Event>.pgn for each event (games-none.pgn for the games without the tag)"},
	}
}

// splitOutputs are the files of one convert --split or --split-by run.
type splitOutputs struct {
	base string // -o: the files are named after it
	each int    // --split N
	tag  string // --split-by TAG
	open func(w *gateWriter) (formats.GameJoiner, formats.GameWriter, error)

	mu    sync.Mutex // the interrupt's cleanup reads outs
	outs  map[string]*splitOutput
	order []*splitOutput
}

// splitOutput is one file being written: a temporary file beside its name
// until the end of the run.
type splitOutput struct {
	path string
	info fs.FileInfo // of the file it replaces, nil for a new one
	tmp  *os.File
	bw   *bufio.Writer
	gate *gateWriter
	join formats.GameJoiner
	gw   formats.GameWriter
}

// readSplit reads --split and --split-by; nil when neither is given.
func readSplit(c *cli.Context, to string) (*splitOutputs, error) {
	n, tag := c.Int("split"), c.String("split-by")
	switch {
	case !c.IsSet("split") && tag == "":
		return nil, nil
	case c.IsSet("split") && tag != "":
		return nil, fmt.Errorf("--split and --split-by: give one of them")
	case c.IsSet("split") && n < 1:
		return nil, fmt.Errorf("--split %d: want 1 or more games a file", n)
	case c.String("output") == "" || c.String("output") == "-":
		return nil, fmt.Errorf("--split and --split-by write files named after -o FILE: give it")
	case to == "svg" || to == "parquet":
		return nil, fmt.Errorf("--split and --split-by do not apply to --to %s", to)
	case c.String("shard") != "":
		return nil, fmt.Errorf("--split and --split-by do not apply to --shard: split the merged output")
	}
	return &splitOutputs{base: c.String("output"), each: n, tag: tag, outs: map[string]*splitOutput{}}, nil
}

// key is the name part of the file game number n (its record g, when the
// work kept it, or its tag's value as the worker read it) goes to.
func (s *splitOutputs) key(n int, value string) string {
	if s.each > 0 {
		return strconv.Itoa((n-1)/s.each + 1)
	}
	return fileNamePart(value)
}

// tagValue is the value --split-by reads of g.
func (s *splitOutputs) tagValue(g *record.Game) string {
	if s == nil || s.tag == "" || g == nil {
		return ""
	}
	v, _ := g.Tag(s.tag)
	return v
}

// fileNamePart makes a tag's value part of a file name: letters, digits,
// `.`, `-` and `_` are kept, anything else (a slash, a space) becomes `_`;
// a value of nothing is "none". It is at most 100 bytes and never starts
// with a dot, so that it names no hidden file and no other directory.
func fileNamePart(v string) string {
	var b strings.Builder
	for _, r := range v {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' || (r == '.' && b.Len() > 0):
			if b.Len()+len(string(r)) > 100 {
				return b.String()
			}
			b.WriteRune(r)
		default:
			if b.Len()+1 > 100 {
				return b.String()
			}
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "none"
	}
	return b.String()
}

// path is the file of key: base with -key before its extension.
func (s *splitOutputs) path(key string) string {
	ext := filepath.Ext(s.base)
	return strings.TrimSuffix(s.base, ext) + "-" + key + ext
}

// output returns the file of key, opened on its first game.
func (s *splitOutputs) output(key string) (*splitOutput, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.outs[key]; ok {
		return o, nil
	}
	p := s.path(key)
	target, info, err := writeTarget(p, false)
	if err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", p, err)
	}
	o := &splitOutput{path: target, info: info, tmp: tmp, bw: bufio.NewWriterSize(tmp, 1<<16)}
	o.gate = &gateWriter{w: o.bw}
	if o.join, o.gw, err = s.open(o.gate); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, err
	}
	s.outs[key] = o
	s.order = append(s.order, o)
	return o, nil
}

// commit ends every file and puts it in its place.
func (s *splitOutputs) commit() error {
	for _, o := range s.order {
		var err error
		if o.join != nil {
			err = o.join.Close()
		} else {
			err = o.gw.Close()
		}
		if err == nil {
			err = o.bw.Flush()
		}
		if err == nil && o.info != nil {
			err = keepOwner(o.tmp, o.info)
		}
		mode := fs.FileMode(0o644)
		if o.info != nil {
			mode = o.info.Mode() & fs.ModePerm
		}
		if err == nil {
			err = o.tmp.Chmod(mode)
		}
		if err == nil {
			err = o.tmp.Sync()
		}
		if cerr := o.tmp.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("writing %s: %w", o.path, err)
		}
	}
	for _, o := range s.order {
		if err := os.Rename(o.tmp.Name(), o.path); err != nil {
			return fmt.Errorf("writing %s: %w", o.path, err)
		}
	}
	return nil
}

// abort removes every file not yet in its place.
func (s *splitOutputs) abort() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, o := range s.order {
		o.tmp.Close()
		os.Remove(o.tmp.Name())
	}
}

// keyed makes the work of st also read each game's --split-by tag, while
// the worker holds its record (a rendered game's is not kept).
func keyed(st *batch.Work[converted], s *splitOutputs) {
	worker := st.Worker
	st.Worker = func() func(*record.Game, string, int) converted {
		do := worker()
		return func(g *record.Game, file string, n int) converted {
			c := do(g, file, n)
			c.key = s.tagValue(g)
			return c
		}
	}
	if huge := st.Huge; huge != nil {
		st.Huge = func() func(grammar.Chunk, *grammar.Scratch, string, int) (converted, *record.Game) {
			do := huge()
			return func(ch grammar.Chunk, sc *grammar.Scratch, file string, n int) (converted, *record.Game) {
				c, g := do(ch, sc, file, n)
				c.key = s.tagValue(g)
				return c, g
			}
		}
	}
}
