package batch

// A conversion written to several files (Conversion.Split): each file is
// a whole document of the format, with its own writer, opened on its
// first game; all are written as temporary files (package outfile) and put
// in place together at the end of a conversion that succeeded.

import (
	"bufio"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/internal/outfile"
	"github.com/ashtapada/ashtapada/record"
)

// Split writes a conversion's games to several files instead of one
// document (convert --split N, --split-by TAG), as pgn-extract's -# and -E
// do: each file is a whole document of the format (a JSON array, a viewer
// page), written as package outfile writes one; every file is put in place
// at the end of a conversion that succeeded, and none when it failed or
// was interrupted. A format that draws one game (svg) is not split.
type Split struct {
	// Base names the files: games.pgn gives games-1.pgn, games-2.pgn, ...
	// (Each) or games-London_1851.pgn (Tag).
	Base string
	// Each is the number of games of a file, in input order; or
	Each int
	// Tag names the tag whose value chooses each game's file; the games
	// without it go to the file of "none".
	Tag string
}

// File is the file the game numbered n over all the inputs goes to, whose
// Tag has the value tagValue.
func (s *Split) File(n int, tagValue string) string {
	return s.path(s.key(n, tagValue))
}

// key is the name part of the file game n goes to.
func (s *Split) key(n int, tagValue string) string {
	if s.Each > 0 {
		return strconv.Itoa((n-1)/s.Each + 1)
	}
	return fileNamePart(tagValue)
}

// path is the file of key: Base with -key before its extension.
func (s *Split) path(key string) string {
	ext := filepath.Ext(s.Base)
	return strings.TrimSuffix(s.Base, ext) + "-" + key + ext
}

// tagValue is the value of Tag in g ("" when s splits by number).
func (s *Split) tagValue(g *record.Game) string {
	if s.Tag == "" || g == nil {
		return ""
	}
	v, _ := g.Tag(s.Tag)
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

// splitFiles are the files of one split conversion, in the order of their
// first games.
type splitFiles struct {
	Split
	// open makes the writers of a file, on its first game.
	open  func(w *gateWriter) (formats.GameJoiner, formats.GameWriter, error)
	outs  map[string]*splitFile
	order []*splitFile
}

// splitFile is one file being written, with its writers.
type splitFile struct {
	file *outfile.File
	bw   *bufio.Writer
	gate *gateWriter
	join formats.GameJoiner
	gw   formats.GameWriter
}

// output returns the file of key, opened on its first game.
func (s *splitFiles) output(key string) (*splitFile, error) {
	if o, ok := s.outs[key]; ok {
		return o, nil
	}
	f, err := outfile.Create(s.path(key))
	if err != nil {
		return nil, err
	}
	o := &splitFile{file: f, bw: bufio.NewWriterSize(f, 1<<16)}
	o.gate = &gateWriter{w: o.bw}
	if o.join, o.gw, err = s.open(o.gate); err != nil {
		f.Abort()
		return nil, err
	}
	s.outs[key] = o
	s.order = append(s.order, o)
	return o, nil
}

// commit ends every file, then puts them all in place.
func (s *splitFiles) commit() error {
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
		if err != nil {
			return fmt.Errorf("writing %s: %w", o.file.Name(), err)
		}
		if err := o.file.Close(); err != nil {
			return err
		}
	}
	for _, o := range s.order {
		if err := o.file.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// abort removes every file not yet in place.
func (s *splitFiles) abort() {
	for _, o := range s.order {
		o.file.Abort()
	}
}

// keyed makes the work of st also read each game's Tag, while the worker
// holds its record (a rendered game's is not kept).
func keyed(st *Work[converted], s *splitFiles) {
	worker := st.Worker
	st.Worker = func() func(*record.Game, string, int) converted {
		do := worker()
		return func(g *record.Game, file string, n int) converted {
			c := do(g, file, n)
			c.key = strings.Clone(s.tagValue(g)) // Work.Detached: not the text's
			return c
		}
	}
	if huge := st.Huge; huge != nil {
		st.Huge = func() func(HugeGame, string, int) (converted, *record.Game) {
			do := huge()
			return func(h HugeGame, file string, n int) (converted, *record.Game) {
				c, g := do(h, file, n)
				c.key = strings.Clone(s.tagValue(g))
				return c, g
			}
		}
	}
}
