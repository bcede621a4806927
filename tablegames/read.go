package tablegames

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// IsTable reports whether the input at path is read as a table: from (the
// format the user named, --from) is parquet, or no format was named and
// the file is a table by its name or by the magic bytes it starts with.
func IsTable(path, from string) bool {
	return from == "parquet" || from == "" && isTableFile(path)
}

func isTableName(path string) bool { return strings.HasSuffix(strings.ToLower(path), ".parquet") }

// isTableFile reports whether path is a Parquet table: by its name, or by
// the magic bytes it starts with, whatever its name (standard input is
// never one: a table is read from its end).
func isTableFile(path string) bool {
	if isTableName(path) {
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

// OpenTable opens, for batch.Options.OpenTable, the inputs read as tables
// (IsTable with from, the format the user named) as Chunks reads them,
// and returns nil for the others, which the run reads as text.
func OpenTable(from string, notation batch.Notation, limits grammar.Limits, parts grammar.ReadOptions) func(path string) (batch.Games, io.Closer, error) {
	return func(path string) (batch.Games, io.Closer, error) {
		if !IsTable(path, from) {
			return nil, nil, nil
		}
		return Chunks(path, notation, limits, parts)
	}
}

// Games reads the games of the table at path: each row's text
// (gametable.Row.Text) read by the grammar, as fmt reads a file, its moves
// in notation. The games end with io.EOF; the Closer closes the file.
func Games(path string, notation batch.Notation) (func() (*record.Game, error), io.Closer, error) {
	rows, closer, err := openRows(path)
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

// Chunks is Games for batch.Run: the row of a huge game (a movetext that
// parts reads in parts) is given as the chunk of its game, which the run
// reads in parts (batch.HugeGame) as it reads a huge game of a PGN file,
// not as a record read whole; the other rows as Games gives them. The
// chunk is cut within limits.
func Chunks(path string, notation batch.Notation, limits grammar.Limits, parts grammar.ReadOptions) (batch.Games, io.Closer, error) {
	rows, closer, err := openRows(path)
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
		if parts.Huge(len(row.Movetext)) && row.Source == nil {
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

// openRows reads the rows of a table for their text
// (gametable.NewTextReader); the rows end with io.EOF.
func openRows(path string) (func() (*gametable.Row, error), io.Closer, error) {
	if path == "-" {
		// Only the format named (--from parquet) makes standard input a
		// table (IsTable), so the message names the flag.
		return nil, nil, errors.New("--from parquet needs a file: Parquet cannot be read from standard input")
	}
	f, tr, err := openTextReader(path)
	if err != nil {
		return nil, nil, err
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

// openTextReader opens the table at path for the text of its rows; the
// file is the caller's to close.
func openTextReader(path string) (*os.File, *gametable.Reader, error) {
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
	return f, tr, nil
}

// chunkOfRow is the chunk of the one game of a row's text, as the
// splitter cuts it from a file of that text (gameOfRow's errors for a row
// of no game or of more than one), placed where the game stood in its
// input (gametable.Row.PlacedText): the positions the reader gives its
// nodes, and so the findings, are those of the input the table was made
// from.
func chunkOfRow(row *gametable.Row, notation batch.Notation, limits grammar.Limits) (grammar.Chunk, error) {
	text, at := row.PlacedText()
	sp := grammar.NewSplitter(bytes.NewReader(text))
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
	if game.Pos.Line == 1 {
		game.Pos.Col += at.Col - 1
	}
	game.Pos.Line += at.Line - 1
	return game, nil
}

var (
	errNoGame          = errors.New("the row holds no game")
	errMoreThanOneGame = errors.New("the row's text reads as more than one game")
)

// gameOfRow reads a row's text back into a record, its moves in
// notation's notation (--notation), from its chunk (chunkOfRow): the text
// before the game that holds no game (Row.Before) is left out, as convert
// leaves it out of every input (docs/parquet.md).
func gameOfRow(row *gametable.Row, notation batch.Notation) (*record.Game, error) {
	ch, err := chunkOfRow(row, notation, grammar.DefaultLimits())
	if err != nil {
		return nil, err
	}
	g := grammar.ParseChunk(ch, row.File)
	if row.Source != nil {
		// Exactly as read, byte-order mark included.
		g.Source = row.Source
	}
	return g, nil
}
