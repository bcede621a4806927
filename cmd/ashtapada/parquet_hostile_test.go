package main

// Tables that are not what the writers write, on every command that reads
// tables (docs/robustness.md, "Parquet input").

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"

	"github.com/ashtapada/ashtapada/gametable"
)

// twoGames is a small file of two games for the tables of these tests.
const twoGames = validGame + "\n" + illegalGame

// tableOf writes the table of pgn (convert --to parquet) as dir/name and
// returns its bytes.
func tableOf(t *testing.T, dir, name, pgn string) []byte {
	t.Helper()
	src := writeTemp(t, dir, strings.TrimSuffix(name, ".parquet")+"-src.pgn", pgn, 0o644)
	out := filepath.Join(dir, name)
	if _, stderr, code := runAsh(t, dir, "", "convert", "--to", "parquet", "-o", out, src); code > 1 {
		t.Fatalf("convert --to parquet: exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// withFooter returns table with its footer's metadata changed by edit.
func withFooter(t *testing.T, table []byte, edit func(*format.FileMetaData)) []byte {
	t.Helper()
	n := int(binary.LittleEndian.Uint32(table[len(table)-8:]))
	start := len(table) - 8 - n
	var meta format.FileMetaData
	if err := thrift.Unmarshal(new(thrift.CompactProtocol), table[start:start+n], &meta); err != nil {
		t.Fatal(err)
	}
	edit(&meta)
	footer, err := thrift.Marshal(new(thrift.CompactProtocol), &meta)
	if err != nil {
		t.Fatal(err)
	}
	out := append(bytes.Clone(table[:start]), footer...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(footer)))
	return append(out, "PAR1"...)
}

// crashed fails the test when a run ended in a panic or a fatal error.
func crashed(t *testing.T, what, stderr string, code int) {
	t.Helper()
	for _, bad := range []string{"panic", "goroutine ", "fatal error"} {
		if strings.Contains(stderr, bad) {
			t.Fatalf("%s crashed (exit %d):\n%.3000s", what, code, stderr)
		}
	}
}

// runAshIn is runAsh with a deadline: a table that makes the reader loop
// or grow without end fails the test instead of hanging it.
func runAshIn(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	abs := make([]string, len(args))
	for i, a := range args {
		abs[i] = a
		if strings.HasSuffix(a, ".parquet") || strings.HasSuffix(a, ".pgn") || strings.HasSuffix(a, ".jsonl") {
			abs[i] = filepath.Join(dir, a)
		}
	}
	out, stderr, code := runAshCtx(t, 60*time.Second, nil, abs...)
	return strings.ReplaceAll(out, dir+"/", ""), strings.ReplaceAll(stderr, dir+"/", ""), code
}

// TestParquetHostileTables: tables whose footer says what the library
// must not trust (a codec whose decoder grows its buffer without end on
// bytes it cannot decode, a page index out of place, a row count out of
// range, a file cut short) are each one input's error on every command
// that reads tables: exit 2, the table named, no crash, and the other
// inputs' output written (fmt goes on to the next file; convert writes
// the games before the table, as after any input it cannot read).
func TestParquetHostileTables(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := tableOf(t, dir, "good.parquet", twoGames)
	writeTemp(t, dir, "last.pgn", validGame, 0o644)
	hostile := map[string][]byte{
		"lz4.parquet": withFooter(t, good, func(m *format.FileMetaData) {
			for i := range m.RowGroups[0].Columns {
				m.RowGroups[0].Columns[i].MetaData.Codec = format.Lz4Raw
			}
		}),
		"index.parquet": withFooter(t, good, func(m *format.FileMetaData) {
			c := m.RowGroups[0].Columns
			c[1].ColumnIndexOffset = c[0].ColumnIndexOffset - 64
		}),
		"rows.parquet": withFooter(t, good, func(m *format.FileMetaData) {
			m.RowGroups[0].NumRows = -3
			m.NumRows = -3
		}),
		"cut.parquet": good[:len(good)/2],
	}
	wantFmt, _, code := runAshIn(t, dir, "fmt", "good.parquet", "last.pgn")
	if code != 0 {
		t.Fatalf("fmt of the good table: exit %d", code)
	}
	wantConvert, _, code := runAshIn(t, dir, "convert", "--to", "pgn", "good.parquet")
	if code != 1 { // illegalGame
		t.Fatalf("convert of the good table: exit %d", code)
	}
	for name, b := range hostile {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Run(strings.TrimSuffix(name, ".parquet"), func(t *testing.T) {
			t.Parallel()
			reported := func(what, stderr string, code int) {
				t.Helper()
				crashed(t, what, stderr, code)
				if code != 2 || !strings.Contains(stderr, name) {
					t.Errorf("%s: exit %d, want 2 and an error naming %s:\n%s", what, code, name, stderr)
				}
			}
			out, stderr, code := runAshIn(t, dir, "fmt", "good.parquet", name, "last.pgn")
			reported("fmt", stderr, code)
			if out != wantFmt {
				t.Errorf("fmt did not write the other inputs:\n%s", lineDifferenceOf(wantFmt, out, "alone", "with the table"))
			}
			out, stderr, code = runAshIn(t, dir, "convert", "--to", "pgn", "good.parquet", name)
			reported("convert", stderr, code)
			if out != wantConvert {
				t.Errorf("convert did not write the games before the table:\n%s", lineDifferenceOf(wantConvert, out, "alone", "with the table"))
			}
			_, stderr, code = runAshIn(t, dir, "convert", "--from", "parquet", "--to", "parquet", "-o", "out-"+name, name)
			reported("convert --to parquet", stderr, code)
			_, stderr, code = runAshIn(t, dir, "diff", "good.parquet", name)
			reported("diff", stderr, code)
			out, stderr, code = runAshIn(t, dir, "merge", "good.parquet", name)
			reported("merge", stderr, code)
			if out != "" {
				t.Errorf("merge wrote %d bytes of a merge it refused", len(out))
			}
		})
	}
}

// TestParquetMutatedTables: single bits flipped in a table's footer and
// random bytes overwritten anywhere in it, 400 tables in one run of fmt
// (which goes on after a file it cannot read): no crash, each table fmt
// cannot read named in an error, exit 2, and the files around them still
// written. FuzzReadTable (gametable) searches further.
func TestParquetMutatedTables(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := tableOf(t, dir, "good.parquet", twoGames)
	writeTemp(t, dir, "last.pgn", validGame, 0o644)
	footer := int(binary.LittleEndian.Uint32(good[len(good)-8:]))
	rng := rand.New(rand.NewSource(1))
	args := []string{"fmt", "good.parquet"}
	for i := range 400 {
		b := bytes.Clone(good)
		if i%2 == 0 {
			b[len(b)-8-footer+rng.Intn(footer)] ^= 1 << rng.Intn(8)
		} else {
			for range 1 + rng.Intn(4) {
				b[rng.Intn(len(b))] = byte(rng.Intn(256))
			}
		}
		name := fmt.Sprintf("m%03d.parquet", i)
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, name)
	}
	args = append(args, "last.pgn")
	first, _, _ := runAshIn(t, dir, "fmt", "good.parquet")
	last, _, _ := runAshIn(t, dir, "fmt", "last.pgn")
	out, stderr, code := runAshIn(t, dir, args...)
	crashed(t, "fmt", stderr, code)
	if code != 2 {
		t.Errorf("fmt: exit %d, want 2", code)
	}
	if !strings.HasPrefix(out, first) || !strings.HasSuffix(out, last) {
		t.Errorf("fmt did not write the files around the broken tables (%d bytes):\n%.2000s", len(out), out)
	}
	errs := 0
	for line := range strings.Lines(stderr) {
		if !strings.HasPrefix(line, "ashtapada: ") {
			continue
		}
		errs++
		if !strings.Contains(line, ".parquet") {
			t.Errorf("an error that names no table: %s", line)
		}
	}
	if errs == 0 {
		t.Errorf("no table reported broken:\n%.2000s", stderr)
	}
}

// otherTypesRow has a table of games' column names, with other types: a
// string plies, an optional movetext.
type otherTypesRow struct {
	File          string            `parquet:"file"`
	Game          int64             `parquet:"game"`
	Event         *string           `parquet:"Event,optional"`
	Site          *string           `parquet:"Site,optional"`
	Date          *string           `parquet:"Date,optional"`
	Round         *string           `parquet:"Round,optional"`
	White         *string           `parquet:"White,optional"`
	Black         *string           `parquet:"Black,optional"`
	Result        *string           `parquet:"Result,optional"`
	Tags          map[string]string `parquet:"tags"`
	Profile       string            `parquet:"profile"`
	ProfileSource string            `parquet:"profile_source"`
	Settings      map[string]string `parquet:"settings"`
	Valid         bool              `parquet:"valid"`
	Outcome       string            `parquet:"outcome"`
	Winner        string            `parquet:"winner"`
	Plies         string            `parquet:"plies"`
	Errors        int64             `parquet:"errors"`
	Warnings      int64             `parquet:"warnings"`
	SAN           []string          `parquet:"san,list"`
	UCI           []string          `parquet:"uci,list"`
	Movetext      *string           `parquet:"movetext,optional"`
	Source        []byte            `parquet:"source,optional"`
	Before        []byte            `parquet:"before,optional"`
	After         []byte            `parquet:"after,optional"`
	Findings      []struct {
		File       string   `parquet:"file"`
		Line       int64    `parquet:"line"`
		Column     int64    `parquet:"column"`
		Game       int64    `parquet:"game"`
		Ply        int64    `parquet:"ply"`
		MoveNumber int64    `parquet:"move_number"`
		Side       string   `parquet:"side"`
		SAN        string   `parquet:"san"`
		Rule       string   `parquet:"rule"`
		Severity   string   `parquet:"severity"`
		Message    string   `parquet:"message"`
		FEN        string   `parquet:"fen"`
		Profile    string   `parquet:"profile"`
		Legal      []string `parquet:"legal,list"`
		Variation  []int64  `parquet:"variation,list"`
	} `parquet:"findings,list"`
}

// TestParquetOtherTypesRefused: a table with the column names of a table
// of games and other types (as another tool may write one) is refused by
// every command alike, naming the first column that differs: its rows
// would not be games (a null movetext; a merge read its string plies as a
// number).
func TestParquetOtherTypesRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ev, mt := "E", "1. e4 e5 *\n"
	rows := []otherTypesRow{
		{File: "x.pgn", Game: 1, Event: &ev, Plies: "2", Movetext: &mt},
		{File: "x.pgn", Game: 2, Plies: "0"},
	}
	var buf bytes.Buffer
	if err := parquet.Write(&buf, rows); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "other.parquet"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	tableOf(t, dir, "good.parquet", validGame)
	for _, args := range [][]string{
		{"fmt", "other.parquet"},
		{"convert", "--to", "pgn", "other.parquet"},
		{"diff", "good.parquet", "other.parquet"},
		{"merge", "good.parquet", "other.parquet"},
	} {
		out, stderr, code := runAshIn(t, dir, args...)
		crashed(t, args[0], stderr, code)
		if code != 2 || !strings.Contains(stderr, "other.parquet") || !strings.Contains(stderr, "not a table of games") || !strings.Contains(stderr, "plies") {
			t.Errorf("%s: exit %d, want 2 and an error naming other.parquet and its plies column:\n%s", args[0], code, stderr)
		}
		if args[0] != "diff" && out != "" {
			t.Errorf("%s wrote %q", args[0], out)
		}
	}
}

// TestParquetRowOfNoGame: a row whose text holds no game (no tags, an
// empty movetext) is the same error in fmt as in convert and diff: the
// row named, exit 2; the rows around it are still written by fmt.
func TestParquetRowOfNoGame(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ev := "E"
	var buf bytes.Buffer
	w := gametable.NewWriter(&buf, gametable.WriterOptions{})
	for _, r := range []*gametable.Row{
		{File: "x.pgn", Game: 1, Event: &ev, Movetext: "1. e4 e5 *\n"},
		{File: "x.pgn", Game: 2},
		{File: "x.pgn", Game: 3, Event: &ev, Movetext: "1. d4 *\n"},
	} {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "t.parquet"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	const want = "t.parquet: row 2: the row holds no game"
	for _, args := range [][]string{
		{"fmt", "t.parquet"},
		{"convert", "--to", "pgn", "t.parquet"},
		{"diff", "t.parquet", "t.parquet"},
	} {
		out, stderr, code := runAshIn(t, dir, args...)
		crashed(t, args[0], stderr, code)
		if code != 2 || !strings.Contains(stderr, want) {
			t.Errorf("%s: exit %d, want 2 and %q:\n%s", args[0], code, want, stderr)
		}
		if args[0] == "fmt" && (!strings.Contains(out, "1. e4 e5 *") || !strings.Contains(out, "1. d4 *")) {
			t.Errorf("fmt did not write the rows around the row of no game:\n%s", out)
		}
	}
}

// zstdBomb is one zstd frame (RFC 8878) of RLE blocks that makes n blocks
// of 128 KB each of one byte, in 4 bytes a block; it does not say its
// size.
func zstdBomb(n int) []byte {
	b := []byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, 7 << 3} // magic, no size, a 128 KB window
	for i := range n {
		v := uint32(128<<10)<<3 | 1<<1 // an RLE block of 128 KB
		if i == n-1 {
			v |= 1 // the last
		}
		b = append(b, byte(v), byte(v>>8), byte(v>>16), 'a')
	}
	return b
}

// TestParquetDecompressionBomb: a table whose movetext column is a page
// of a few bytes that says 16 and decompresses to 1 GiB is refused before
// anything is decompressed: exit 2, the table named, memory flat.
func TestParquetDecompressionBomb(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := tableOf(t, dir, "good.parquet", twoGames)
	n := int(binary.LittleEndian.Uint32(good[len(good)-8:]))
	body := bytes.Clone(good[:len(good)-8-n])
	frame := zstdBomb(1 << 13)
	header, err := thrift.Marshal(new(thrift.CompactProtocol), &format.PageHeader{
		Type: format.DataPageV2, UncompressedPageSize: 16, CompressedPageSize: int32(len(frame)),
		DataPageHeaderV2: thrift.New(format.DataPageHeaderV2{NumValues: 2, NumRows: 2, Encoding: format.Plain, IsCompressed: thrift.New(true)}),
	})
	if err != nil {
		t.Fatal(err)
	}
	// The page is put after the other column chunks, and the movetext
	// column's chunk points to it.
	at := int64(len(body))
	body = append(append(body, header...), frame...)
	bomb := withFooter(t, append(body, good[len(good)-8-n:]...), func(m *format.FileMetaData) {
		for i := range m.RowGroups[0].Columns {
			md := &m.RowGroups[0].Columns[i].MetaData
			if strings.Join(md.PathInSchema, ".") == "movetext" {
				md.DataPageOffset, md.DictionaryPageOffset = at, 0
				md.TotalCompressedSize = int64(len(header) + len(frame))
			}
		}
	})
	path := filepath.Join(dir, "bomb.parquet")
	if err := os.WriteFile(path, bomb, 0o644); err != nil {
		t.Fatal(err)
	}
	code, peakMB, stderr := peakRSS(t, "fmt", path)
	crashed(t, "fmt", stderr, code)
	if code != 2 || !strings.Contains(stderr, "bomb.parquet") {
		t.Errorf("fmt: exit %d, want 2 and an error naming bomb.parquet:\n%s", code, stderr)
	}
	if peakMB > 100 {
		t.Errorf("fmt of a table of 40 KB: peak memory %d MB", peakMB)
	}
}

// withPageByteFlipped returns table with a byte of the first row group's
// chunk of column changed: its last, which is in its last page's bytes
// (a page's header comes before them).
func withPageByteFlipped(t *testing.T, table []byte, column string) []byte {
	t.Helper()
	n := int(binary.LittleEndian.Uint32(table[len(table)-8:]))
	var meta format.FileMetaData
	if err := thrift.Unmarshal(new(thrift.CompactProtocol), table[len(table)-8-n:len(table)-8], &meta); err != nil {
		t.Fatal(err)
	}
	for _, c := range meta.RowGroups[0].Columns {
		if md := c.MetaData; strings.Join(md.PathInSchema, ".") == column {
			b := bytes.Clone(table)
			b[md.DataPageOffset+md.TotalCompressedSize-1] ^= 0x20
			return b
		}
	}
	t.Fatalf("no column %s", column)
	return nil
}

// TestParquetPageChecksum: a table with a byte of a page changed (its
// CRC no longer matches) is that input's error, exit 2, naming the
// table, the checksum, the row group and the column, on reading it for
// its text (convert, fmt) as on merging it, whether or not the column is
// one a text reader reads (plies is not: a damaged table is refused
// whole); convert writes the games of the inputs before it, fmt the files
// before and after it.
func TestParquetPageChecksum(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := tableOf(t, dir, "good.parquet", twoGames)
	tableOf(t, dir, "other.parquet", validGame)
	for _, column := range []string{"movetext", "plies"} {
		name := "bad-" + column + ".parquet"
		if err := os.WriteFile(filepath.Join(dir, name), withPageByteFlipped(t, good, column), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Run(column, func(t *testing.T) {
			t.Parallel()
			reported := func(what, stderr string, code int) {
				t.Helper()
				crashed(t, what, stderr, code)
				for _, want := range []string{name + ": ", "row group 1, column " + column + ": data page 1", "checksum mismatch"} {
					if code != 2 || !strings.Contains(stderr, want) {
						t.Errorf("%s: exit %d, want 2 and an error with %q:\n%s", what, code, want, stderr)
					}
				}
			}
			want, _, _ := runAshIn(t, dir, "convert", "--from", "parquet", "--to", "pgn", "other.parquet", "good.parquet")
			out, stderr, code := runAshIn(t, dir, "convert", "--from", "parquet", "--to", "pgn", "other.parquet", "good.parquet", name, "other.parquet")
			reported("convert", stderr, code)
			if out != want {
				t.Errorf("convert did not write the games before the table:\n%s", lineDifferenceOf(want, out, "alone", "with the table"))
			}
			want, _, _ = runAshIn(t, dir, "fmt", "other.parquet", "good.parquet")
			out, stderr, code = runAshIn(t, dir, "fmt", "other.parquet", name, "good.parquet")
			reported("fmt", stderr, code)
			if out != want {
				t.Errorf("fmt did not write the other inputs:\n%s", lineDifferenceOf(want, out, "alone", "with the table"))
			}
			out, stderr, code = runAshIn(t, dir, "merge", "good.parquet", name)
			reported("merge", stderr, code)
			if out != "" {
				t.Errorf("merge wrote %d bytes of a merge it refused", len(out))
			}
		})
	}
}
