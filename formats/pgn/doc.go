// Package pgn writes games as PGN: the canonical form of
// docs/notation.md section 6 (WriteCanonical, Writer), plain PGN for tools
// that know no extension (PlainGame), and the layout tool `fmt` (Format,
// FormatEach; FormatSAN with the moves rewritten in canonical SAN). A game
// is written a part at a time when it is read in parts (Renderer), so that
// a huge game is never held whole; at most two games are held by Format.
//
// Nothing is written that would read back as something else: a field PGN
// cannot hold, or a record the reader could not read, is written as it was
// read or refused (PassedThrough, pgnsafe.go).
//
// The package registers itself with the registry of record formats
// (package formats) as the pgn format (format.go): the one read in byte
// ranges, and the one formats.DetectRecordFormat falls back to. Its reader
// (TextReader) is the grammar's, told a notation, and so also reads the
// formats that are PGN with other moves (packages formats/coord and
// formats/booknotation).
//
// What it leaves to others: reading PGN is the grammar's; the moves'
// canonical text and the SAN rewrite from the replay are package
// notation's; the other record formats are their packages'.
package pgn
