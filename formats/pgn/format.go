package pgn

// The pgn record format (package formats): read by the grammar, written
// canonical or plain by Renderer and Joiner.

import (
	"io"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// PGN is the format formats.DetectRecordFormat falls back to, and the one
// read in byte ranges (--shard).
func init() {
	formats.Register(formats.RecordFormat{Name: "pgn", Order: formats.OrderPGN, Extensions: []string{".pgn"}, Notation: record.SAN, Text: true, Shardable: true, Read: TextReader(record.SAN), Rendering: rendering})
}

// rendering writes canonical PGN, or with Plain PGN without extensions.
var rendering = &formats.Rendering{
	NewRenderer: func(opt formats.WriteOptions) formats.GameRenderer {
		return NewRenderer(opt.Plain, opt.SourceComments)
	},
	NewJoiner: func(w io.Writer) formats.GameJoiner { return NewJoiner(w) },
}

// TextReader is the reader of a format that is PGN with its moves in
// notation n (pgn; the coordinate formats lan and uci, package
// formats/coord; the books' notations, package formats/booknotation): the
// grammar's, told the notation, its games numbered as validate numbers
// them (the text between games skipped).
func TextReader(n record.Notation) func(io.Reader, string, grammar.Limits) formats.GameReader {
	return func(r io.Reader, name string, limits grammar.Limits) formats.GameReader {
		rd := grammar.NewReader(r, name)
		rd.SetLimits(limits)
		rd.SetNotation(n)
		rd.SkipNonGames() // games numbered as validate numbers them
		return rd
	}
}
