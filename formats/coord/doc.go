// Package coord writes game records in coordinates: LAN and UCI files,
// the tags as in PGN, then the main line as the replay played it. LAN
// keeps move numbers (`1. e2-e3,Ng1-f3 e7-e6`); UCI writes the moves
// alone, as engines and pgn-extract's -Wuci do. Compound turns stay joined
// by commas in both, so that the turns can be read back (docs/convert.md).
//
// Every move is written from the legal move the replay played, never from
// the text as read: a record written here stops where the replay stopped,
// with a comment that says where (WriteGame's error is then a
// *notation.StopError). A game is written whole (WriteGame) or a part at
// a time as it is played, for a huge game (the lan and uci formats'
// renderer).
//
// The package registers itself with the registry of record formats
// (package formats) as lan and uci, with how each is recognised by its
// first move.
//
// What it leaves to others: reading LAN and UCI is the grammar's PGN
// reader told the notation (pgn.TextReader); the move text is package
// notation's (AppendLAN, AppendUCI); the layout around the moves (tags,
// lines of 79 columns, the stop, the result) is the same as the books'
// notations' (package formats/booknotation) and written once for both.
package coord
