package tablegames

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/ashtapada/ashtapada/gametable"
)

// Text reads the table at path as the text of its rows, one row after
// another (gametable.Row.Text: the text that is no game before the game,
// the game, the text after it), for fmt: `fmt games.parquet` writes the
// canonical text of the file the table was made from, so that PGN →
// Parquet → PGN through fmt is fmt's output of the PGN (docs/parquet.md).
// Rows are read one at a time; a new line is put between two rows whose
// text does not end with one, so that each row's text is read as it was
// on its own. A row whose text is no game (gametable.Row.Blank) is given
// to bad with the error a reading of its games gives for it (Games), and
// its text that is no game (before, after) read on.
func Text(path string, bad func(error)) (io.ReadCloser, error) {
	if path == "-" {
		return nil, errors.New("Parquet cannot be read from standard input")
	}
	f, tr, err := openTextReader(path)
	if err != nil {
		return nil, err
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
