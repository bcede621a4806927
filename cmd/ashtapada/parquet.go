package main

// convert --to parquet and --from parquet: one row per game
// (gametable, docs/parquet.md).

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/source"
)

func isParquetName(path string) bool { return strings.HasSuffix(strings.ToLower(path), ".parquet") }

// isParquetFile reports whether path is a Parquet table: by its name, or
// by the magic bytes it starts with, whatever its name (standard input is
// never one: a table is read from its end).
func isParquetFile(path string) bool {
	if isParquetName(path) {
		return true
	}
	if path == "-" {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(parquetMagic))
	_, err = io.ReadFull(f, head)
	return err == nil && bytes.Equal(head, parquetMagic)
}

// parquetMagic starts (and ends) every Parquet file.
var parquetMagic = []byte("PAR1")

// convertParquet writes the games of the inputs (or of the --shard part)
// as a Parquet table.
func convertParquet(c *cli.Context, cfg replay.Config, notation batch.Notation) error {
	if c.Bool("plain") {
		return toolError(fmt.Errorf("--plain applies to --to pgn only"))
	}
	out := c.String("output")
	if out == "" || out == "-" {
		if isTerminal(c.App.Writer) {
			return toolError(errors.New("--to parquet writes a binary file: give -o FILE or redirect standard output"))
		}
	}
	named := c.Args().Slice()
	if len(named) == 0 {
		named = []string{"-"}
	}
	files, err := source.Expand(named, c.App.ErrWriter)
	if err != nil {
		return toolError(err)
	}
	parts, err := planShardFlag(files, c.String("shard"))
	if err != nil {
		return toolError(err)
	}
	// The writer holds a row group (8,192 games) in memory: without a soft
	// limit the heap grows to five times that (GOGC=400, main.go;
	// docs/robustness.md, "A huge game is read in parts").
	batch.LimitMemory(batch.TableMemoryLimit)
	pc := &parquetConverter{rp: replay.New(cfg), from: strings.ToLower(c.String("from")), notation: notation, errw: c.App.ErrWriter}
	write := func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<16)
		tw := gametable.NewWriter(bw)
		for _, p := range parts {
			if err := pc.part(p, tw); err != nil {
				return err
			}
		}
		if pc.rows == 0 && !manyShards(c.String("shard")) {
			// Nothing was converted: never exit 0, and no table is
			// made (the error reaches writeFileAtomic).
			return noGamesError(named, false)
		}
		if err := tw.Close(); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return fmt.Errorf("writing output: %w", err)
		}
		return nil
	}
	if out != "" && out != "-" {
		err = writeFileAtomic(out, write)
	} else {
		err = write(c.App.Writer)
	}
	if err != nil {
		return toolError(err)
	}
	if pc.broken > 0 {
		return failed()
	}
	return nil
}

type parquetConverter struct {
	rp       *replay.Replayer
	from     string
	notation batch.Notation // --notation
	errw     io.Writer
	broken   int // games that could not be read whole
	rows     int // rows written
	// pending is the last game's row, held until the next game or the end
	// of its part says whether text that is no game follows the file's
	// last game.
	pending *gametable.Row
}

// part writes the rows of one input part. PGN is read chunk by chunk, so
// that each row keeps its movetext as read; other formats have no source
// text and are read whole.
func (pc *parquetConverter) part(p source.Part, tw *gametable.Writer) error {
	format, err := inputFormat(p.Path, pc.from)
	if err != nil {
		return err
	}
	// A part of a file that is not PGN after all (its format, from --from
	// or its content) is read whole by the part that holds its first
	// byte, by no other.
	if format != "pgn" && p.From > 0 {
		return nil
	}
	if format == "pgn" {
		rc, name, err := openInput(p.Path)
		if err != nil {
			return err
		}
		defer rc.Close()
		o := batch.Options{Limits: grammar.DefaultLimits(), Notation: pc.notation}
		trailer, err := batch.ReadRange(rc, name, p.From, p.To, o, func(ch grammar.Chunk, index int, gap []byte) error {
			if len(ch.Data) >= grammar.PartedBytes && !ch.Truncated {
				return pc.hugeGame(ch, name, index, gap, tw)
			}
			g := grammar.ParseChunk(ch, name)
			return pc.game(g, name, index, gametable.MovetextOf(g, ch.Pos.Offset), gap, tw)
		})
		if err != nil {
			return err
		}
		return pc.flush(trailer, tw)
	}
	if format == "parquet" {
		return pc.table(p.Path, tw)
	}
	next, closer, err := openGames(p.Path, format, pc.notation)
	if err != nil {
		return err
	}
	defer closer.Close()
	name := p.Path
	if name == "-" {
		name = "<stdin>"
	}
	for index := 1; ; index++ {
		g, err := next()
		if errors.Is(err, io.EOF) {
			return pc.flush(nil, tw)
		}
		if err != nil {
			return err
		}
		if err := pc.game(g, name, index, "", nil, tw); err != nil {
			return err
		}
	}
}

// table writes the rows of a Parquet table read for its text: a huge
// game's row (a movetext of grammar.PartedBytes or more) is read and
// played in parts, as a huge game of a PGN file (hugeGame), and keeps its
// movetext as the table has it; the other rows are records read whole.
func (pc *parquetConverter) table(path string, tw *gametable.Writer) error {
	next, closer, err := openParquetChunks(path, pc.notation, grammar.DefaultLimits())
	if err != nil {
		return err
	}
	defer closer.Close()
	for index := 1; ; index++ {
		ch, g, err := next()
		if errors.Is(err, io.EOF) {
			return pc.flush(nil, tw)
		}
		if err != nil {
			return err
		}
		if g == nil {
			err = pc.hugeGame(ch, path, index, nil, tw)
		} else {
			err = pc.game(g, path, index, "", nil, tw)
		}
		if err != nil {
			return err
		}
	}
}

func (pc *parquetConverter) game(g *record.Game, name string, index int, movetext string, before []byte, tw *gametable.Writer) error {
	if g.Truncated {
		se := g.SyntaxError()
		return fmt.Errorf("%s: game %d at line %d is too large to be read whole (%d:%d: %s): not converted", name, index, g.Pos.Line, se.Pos.Line, se.Pos.Col, se.Message)
	}
	return pc.judged(g, pc.rp.Game(g, name, index), name, index, movetext, before, tw)
}

// judged holds back the row of g, judged as res (flush).
func (pc *parquetConverter) judged(g *record.Game, res *replay.Result, name string, index int, movetext string, before []byte, tw *gametable.Writer) error {
	if err := pc.flush(nil, tw); err != nil {
		return err
	}
	pc.pending = gametable.Build(g, res, gametable.Play(res), movetext, before)
	return nil
}

// hugeGame is game for a huge game (batch.ReplayParts): its main line is read and
// played in parts, and its moves are kept compact (gametable.Moves), not
// as a record and two lists of strings.
func (pc *parquetConverter) hugeGame(ch grammar.Chunk, name string, index int, before []byte, tw *gametable.Writer) error {
	movetext, first := "", true
	moves := new(gametable.Moves)
	hooks := batch.PartHooks{
		Read: func(g *record.Game, nodes []record.Node) {
			if first {
				// The movetext starts at the first part's first node.
				c := *g
				c.Moves, first = nodes, false
				movetext = gametable.MovetextShared(&c, ch.Pos.Offset)
			}
		},
		Part: func(_ []record.Node, pl *replay.Played) { moves.Add(pl) },
	}
	res, g, parted := batch.ReplayParts(pc.rp, ch, new(grammar.Scratch), name, index, hooks)
	if first {
		// One part: the record is whole.
		movetext = gametable.MovetextShared(g, ch.Pos.Offset)
	}
	if g.SyntaxError() != nil {
		// Not replayed: its row keeps its source, and the record as the
		// grammar reads it whole (which stops at the error).
		g := grammar.ParseChunk(ch, name)
		return pc.game(g, name, index, gametable.MovetextOf(g, ch.Pos.Offset), before, tw)
	}
	if !parted {
		// Read whole after all (one part).
		return pc.judged(g, res, name, index, movetext, before, tw)
	}
	moves.Add(res.Played)
	if err := pc.flush(nil, tw); err != nil {
		return err
	}
	pc.pending = gametable.Build(g, res, gametable.PlaySettings(res), movetext, before)
	pc.pending.SetMoves(moves)
	return nil
}

// flush writes the row held back (a file's last game takes the text that
// is no game after it, trailer: gametable.Row.After).
func (pc *parquetConverter) flush(trailer []byte, tw *gametable.Writer) error {
	r := pc.pending
	if r == nil {
		return nil
	}
	pc.pending = nil
	r.SetAfter(trailer)
	pc.rows++
	return tw.Write(r)
}

// inputFormat is --from, or the format detectFormat finds.
func inputFormat(path, from string) (string, error) {
	if from != "" {
		return from, nil
	}
	if isParquetFile(path) {
		return "parquet", nil
	}
	if path == "-" {
		return "pgn", nil
	}
	rc, _, err := openInput(path)
	if err != nil {
		return "", err
	}
	defer rc.Close()
	head, _ := bufio.NewReaderSize(rc, 4096).Peek(4096)
	return formats.DetectRecordFormat(path, head).Name, nil
}

// openParquetGames reads the games of a Parquet table: each row's text
// (gametable.Row.Text) read by the grammar, as fmt reads a file.
func openParquetGames(path string, notation batch.Notation) (gameSource, io.Closer, error) {
	rows, closer, err := openParquetRows(path)
	if err != nil {
		return nil, nil, err
	}
	n := 0
	return func() (*record.Game, error) {
		row, err := rows()
		if err != nil {
			return nil, err
		}
		n++
		g, err := gameOfRow(row, notation)
		if err != nil {
			return nil, fmt.Errorf("%s: row %d: %w", path, n, err)
		}
		return g, nil
	}, closer, nil
}

// openParquetChunks is openParquetGames for batch.Run: the row of a
// huge game (a movetext of grammar.PartedBytes or more) is given as the
// chunk of its game, which the run reads in parts (batch.ReplayParts) as it
// reads a huge game of a PGN file, not as a record read whole; the other
// rows as openParquetGames gives them.
func openParquetChunks(path string, notation batch.Notation, limits grammar.Limits) (batch.Games, io.Closer, error) {
	rows, closer, err := openParquetRows(path)
	if err != nil {
		return nil, nil, err
	}
	n := 0
	return func() (grammar.Chunk, *record.Game, error) {
		row, err := rows()
		if err != nil {
			return grammar.Chunk{}, nil, err
		}
		n++
		if len(row.Movetext) >= grammar.PartedBytes && row.Source == nil {
			ch, err := chunkOfRow(row, notation, limits)
			if err != nil {
				return grammar.Chunk{}, nil, fmt.Errorf("%s: row %d: %w", path, n, err)
			}
			return ch, nil, nil
		}
		g, err := gameOfRow(row, notation)
		if err != nil {
			return grammar.Chunk{}, nil, fmt.Errorf("%s: row %d: %w", path, n, err)
		}
		return grammar.Chunk{}, g, nil
	}, closer, nil
}

// openParquetRows reads the rows of a Parquet table for their text
// (gametable.NewTextReader); the rows end with io.EOF.
func openParquetRows(path string) (func() (*gametable.Row, error), io.Closer, error) {
	if path == "-" {
		return nil, nil, errors.New("--from parquet needs a file: Parquet cannot be read from standard input")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("reading %s: %w", path, err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("reading %s: %w", path, err)
	}
	tr, err := gametable.NewTextReader(f, fi.Size())
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return func() (*gametable.Row, error) {
		row, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil, io.EOF
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return row, nil
	}, f, nil
}

// chunkOfRow is the chunk of the one game of a row's text, as the
// splitter cuts it from a file of that text (gameOfRow's errors for a row
// of no game or of more than one).
func chunkOfRow(row *gametable.Row, notation batch.Notation, limits grammar.Limits) (grammar.Chunk, error) {
	sp := grammar.NewSplitter(bytes.NewReader(row.Text()))
	sp.SetLimits(limits)
	notation.Apply(sp, record.SAN)
	var game grammar.Chunk
	found := false
	for {
		ch, err := sp.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return grammar.Chunk{}, err
		}
		if !ch.IsGame() {
			continue // the text that is no game before it (Row.Before)
		}
		if found {
			return grammar.Chunk{}, errMoreThanOneGame
		}
		game, found = ch, true
	}
	if !found {
		return grammar.Chunk{}, errNoGame
	}
	return game, nil
}

var (
	errNoGame          = errors.New("the row holds no game")
	errMoreThanOneGame = errors.New("the row's text reads as more than one game")
)

// gameOfRow reads a row's text back into a record, its moves in
// notation's notation (--notation). The text before the game that holds
// no game (Row.Before) is left out, as convert leaves it out of every
// input (docs/parquet.md).
func gameOfRow(row *gametable.Row, notation batch.Notation) (*record.Game, error) {
	rd := grammar.NewReader(bytes.NewReader(row.Text()), row.File)
	rd.SkipNonGames()
	notation.Apply(rd, record.SAN)
	g, err := rd.Next()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, errNoGame
		}
		return nil, err
	}
	if _, err := rd.Next(); !errors.Is(err, io.EOF) {
		return nil, errMoreThanOneGame
	}
	if row.Source != nil {
		// Exactly as read, byte-order mark included.
		g.Source = row.Source
	}
	return g, nil
}

// parquetTables opens, for batch.Options.OpenTable, the inputs read as
// Parquet tables (isParquetInput), and returns nil for the others.
func parquetTables(from string, notation batch.Notation, limits grammar.Limits) func(path string) (batch.Games, io.Closer, error) {
	return func(path string) (batch.Games, io.Closer, error) {
		if !isParquetInput(path, from) {
			return nil, nil, nil
		}
		return openParquetChunks(path, notation, limits)
	}
}

// isParquetInput reports whether path is read as a Parquet table: --from
// parquet, or no --from and a table (isParquetFile).
func isParquetInput(path, from string) bool {
	return from == "parquet" || from == "" && isParquetFile(path)
}

// openParquetText reads a Parquet table as the text of its rows, one row
// after another (gametable.Row.Text: the text that is no game before the
// game, the game, the text after it), for fmt: `fmt games.parquet` writes
// the canonical text of the file the table was made from, so that PGN →
// Parquet → PGN through fmt is fmt's output of the PGN (docs/parquet.md).
// Rows are read one at a time; a new line is put between two rows whose
// text does not end with one, so that each row's text is read as it was
// on its own. A row whose text is no game (gametable.Row.Blank) is given
// to bad with the error convert gives for it, and its text that is no
// game (before, after) read on.
func openParquetText(path string, bad func(error)) (io.ReadCloser, error) {
	if path == "-" {
		return nil, errors.New("Parquet cannot be read from standard input")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	tr, err := gametable.NewTextReader(f, fi.Size())
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &rowText{path: path, tr: tr, f: f, bad: bad}, nil
}

// rowText is the text of a table's rows as one stream.
type rowText struct {
	path  string
	tr    *gametable.Reader
	f     *os.File
	buf   []byte // what is left of the current row's text
	rows  int
	err   error
	endNL bool // the text so far ends with a new line (or is empty)
	bad   func(error)
}

func (r *rowText) Read(p []byte) (int, error) {
	for len(r.buf) == 0 {
		if r.err != nil {
			return 0, r.err
		}
		row, err := r.tr.Next()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				err = fmt.Errorf("%s: row %d: %w", r.path, r.rows+1, err)
			}
			r.err = err
			continue
		}
		if row.Blank() {
			r.bad(fmt.Errorf("%s: row %d: %w", r.path, r.rows+1, errNoGame))
		}
		text := row.Text()
		if r.rows > 0 && !r.endNL && len(text) > 0 {
			text = append([]byte{'\n'}, text...)
		}
		r.rows++
		if len(text) > 0 {
			r.endNL = text[len(text)-1] == '\n'
		}
		r.buf = text
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

func (r *rowText) Close() error {
	r.tr.Close()
	return r.f.Close()
}
