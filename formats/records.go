package formats

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// GameReader yields the games of one input, then io.EOF.
type GameReader interface {
	Next() (*record.Game, error)
}

// RecordFormat is one format of game records: its name, the file
// extensions that choose it, how its text is recognised, and how it is
// read and written. The commands find formats here (convert's --from and --to, the
// inputs of validate, show and diff), so that a new format is one more
// entry in the registry and no switch in cmd. The report formats have
// their own registry (report.New).
type RecordFormat struct {
	// Name is the format's name on the command line (`--from`, `--to`).
	Name string
	// Order places the format in the registry (the Order constants):
	// listings and sniffing go by it.
	Order int
	// Extensions choose the format for a file name (lower case, with the
	// dot; a compression suffix .gz, .bz2 or .zst is looked through).
	Extensions []string
	// Notation is the notation of the moves of a text format that the
	// grammar reads (pgn, lan, uci).
	Notation record.Notation
	// Text is true for the formats the grammar reads: PGN and the
	// coordinate formats, which are PGN with other move notations.
	Text bool
	// Sniff reports whether the start of an input (byte-order mark and
	// leading white space removed) is in this format; nil for a format
	// that is only chosen by name or extension. PGN is the fallback.
	Sniff func(head []byte) bool
	// Read returns the reader of the games of r (name is used in
	// positions and messages; limits bound what one game may cost); nil
	// for a format that is only written.
	Read func(r io.Reader, name string, limits grammar.Limits) GameReader
	// NewWriter returns the writer of the format on w (convert --to); nil
	// for a format that is only read.
	NewWriter func(w io.Writer, opt WriteOptions) (GameWriter, error)
	// Rendering is what NewWriter is made of for a format whose games are
	// rendered one by one (every format written but svg and html, which
	// write one picture or one page for all the games); nil for the others.
	Rendering *Rendering
	// Table is true for a format of tables (Parquet, registered by package
	// gametable): it has no Read and no NewWriter, as its rows are read
	// and written by package tablegames, not game by game here.
	Table bool
	// OneGame is true for a format that writes one game of those it is
	// given (svg draws one position): its output is not split into files
	// (convert --split).
	OneGame bool
	// OneDocument is true for a format whose output is one document (a
	// JSON array, an SVG drawing, an HTML page), which outputs written
	// apart (the parts of convert --shard) cannot be joined into by
	// putting them one after another.
	OneDocument bool
	// Shardable is true for a format whose inputs can be read a byte range
	// at a time (--shard), its reader's offsets being the file's; an input
	// in any other format is read whole, by one shard.
	Shardable bool
	// MovesOnly is true for a format written from the replay's moves and
	// positions alone, never their SAN (lan, uci): convert has the replay
	// keep no SAN (replay.Config.NoSAN).
	MovesOnly bool
	// Kinds is true for a format that names the man each move moves
	// (replay.Config.Kinds).
	Kinds bool
}

// recordFormats is the registry, in Order: the order the command line
// lists the formats and sniffing tries them (Register).
var recordFormats []RecordFormat

// The order keys of the formats (RecordFormat.Order), one place for the
// order of them all: Go runs the init functions of packages in the order
// of their import paths, not the order a user should read.
const (
	OrderPGN     = 10
	OrderJSON    = 20
	OrderJSONL   = 30
	OrderLAN     = 40
	OrderUCI     = 50
	OrderFEN     = 60
	OrderSVG     = 70
	OrderHTML    = 80
	OrderBooks   = 100 // + the index of the notation in record.BookNotations
	OrderParquet = 1000
)

// Register adds a format to the registry. Each format's package registers
// its formats from its init function (package formats/all imports them
// all). A format with a Rendering and no NewWriter is written by its
// Rendering. Register panics on a name or an order registered twice: that
// is a bug of the program, found by any run.
func Register(f RecordFormat) {
	if f.Rendering != nil && f.NewWriter == nil {
		f.NewWriter = f.Rendering.writer
	}
	i := 0
	for j, g := range recordFormats {
		if strings.EqualFold(g.Name, f.Name) || g.Order == f.Order {
			panic(fmt.Sprintf("formats: %s registered with the name or order of %s", f.Name, g.Name))
		}
		if g.Order < f.Order {
			i = j + 1
		}
	}
	recordFormats = append(recordFormats, RecordFormat{})
	copy(recordFormats[i+1:], recordFormats[i:])
	recordFormats[i] = f
}

// ownRenderers are the packages whose renderers keep nothing of a result
// past End (KeepsResults): what they need of it they write at once.
var ownRenderers = func() map[string]bool {
	base := reflect.TypeFor[RecordFormat]().PkgPath() + "/"
	own := map[string]bool{}
	for _, p := range []string{"booknotation", "coord", "fenlist", "jsongame", "pgn"} {
		own[base+p] = true
	}
	return own
}()

// KeepsResults reports whether rd may keep the result End is given, or
// what it points to, past the call: a renderer a caller registers
// (Register) may. The renderers of this module's formats do not, so that
// convert may replay the next game into the same result.
func KeepsResults(rd GameRenderer) bool {
	t := reflect.TypeOf(rd)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t == nil || !ownRenderers[t.PkgPath()]
}

// RecordFormats returns the registry (a copy), in its order.
func RecordFormats() []RecordFormat { return append([]RecordFormat(nil), recordFormats...) }

// LookupRecordFormat returns the format of a name (case-insensitive).
func LookupRecordFormat(name string) (RecordFormat, bool) {
	for _, f := range recordFormats {
		if strings.EqualFold(f.Name, name) {
			return f, true
		}
	}
	return RecordFormat{}, false
}

// RecordFormatNames lists the names of the formats that can be read
// (read true) or written, in registry order; the table formats are both.
func RecordFormatNames(read bool) []string {
	var out []string
	for _, f := range recordFormats {
		if f.Table || (read && f.Read != nil) || (!read && f.NewWriter != nil) {
			out = append(out, f.Name)
		}
	}
	return out
}

// DetectRecordFormat chooses the format of an input: by the extension of
// path, else by the first bytes of the input (head), else PGN (the zero
// RecordFormat when package formats/pgn is not imported). Only readable
// formats are chosen.
func DetectRecordFormat(path string, head []byte) RecordFormat {
	lower := strings.ToLower(path)
	for _, ext := range []string{".gz", ".bz2", ".zst", ".xz"} {
		lower = strings.TrimSuffix(lower, ext)
	}
	ext := filepath.Ext(lower)
	for _, f := range recordFormats {
		for _, e := range f.Extensions {
			if e == ext && f.Read != nil {
				return f
			}
		}
	}
	t := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF")), " \t\r\n")
	for _, f := range recordFormats {
		if f.Sniff != nil && f.Read != nil && f.Sniff(t) {
			return f
		}
	}
	pgn, _ := LookupRecordFormat("pgn")
	return pgn
}
