// Package formats is the registry of record formats and the one way a
// format writes games.
//
// The registry (RecordFormats, LookupRecordFormat, DetectRecordFormat)
// names every format the commands read or write (convert's --from and
// --to, the inputs of validate, show and diff): its extensions, how its
// text is recognised, its reader and its writer, and what a command must
// know of it (a table, one game, one document, read in byte ranges), so
// that a new format is one more entry and no switch in a command. A
// format written game by game is a GameRenderer and a GameJoiner
// (Rendering): each game rendered on its own, in parts for a huge game,
// then joined in input order, so that many workers can render while one
// writer joins.
//
// # Registering
//
// Each format is registered by the package that reads and writes it, from
// its init function (Register), as the standard library's image/png
// registers its codec with package image: formats imports none of them
// and registers none itself. Package formats/pgn registers pgn (which
// DetectRecordFormat falls back to), formats/coord lan and uci,
// formats/fenlist fen, formats/booknotation the books' notations,
// formats/jsongame json and jsonl, package picture svg and html, package
// gametable parquet (a table format: Table, read and written by package
// tablegames). A program imports package formats/all for its effects,
// which imports every one of them.
//
// Go runs the init functions of packages in the order of their import
// paths, so each format carries its place (RecordFormat.Order, the Order
// constants, all in one place): the listings of --help and the order in
// which sniffing tries the formats do not depend on who registered first.
//
// What it leaves to others: writing and reading each format is its
// package's; move text (SAN, LAN, UCI, the books' notations) is package
// notation's; reading PGN and the notations is the grammar's; the reports
// of validate and detect are package report's.
package formats
