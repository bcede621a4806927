// Package booknotation writes game records in the notations old books
// printed (docs/notation-books.md): PGN whose moves are in descriptive
// notation, another language's letters or figurines, one format for each
// of record.BookNotations. The main line is written from the replay, with
// the comments and NAGs that follow its moves; variations are not written
// (the replay plays the main line only). A game is written whole
// (WriteGame) or a part at a time as it is played, for a huge game (the
// formats' renderer), and stops where the replay stopped, with a comment
// that says where.
//
// The package registers itself with the registry of record formats
// (package formats), one format named after each notation.
//
// What it leaves to others: reading a book's notation is the grammar's
// (grammar.Reader.SetNotation), through the reader of the formats that
// are PGN with other moves (pgn.TextReader), so that a book's games are
// numbered as a PGN file's; a move's text in a notation is package
// notation's (StepText); the layout around the moves (tags, lines of 79
// columns, the stop, the result) is the same as LAN's and UCI's (package
// formats/coord) and written once for both.
package booknotation
