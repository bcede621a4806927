// Package steptext writes a game the way the formats written from the
// replay's steps lay it out (LAN and UCI files, package formats/coord;
// PGN in a book's notation, package formats/booknotation): the tags as in
// PGN, the main line turn by turn in lines of at most 79 columns, then,
// when the replay stopped before the end, a comment that says where, and
// the result. Each format writes its own turns (Turn); the layout around
// them is written once, here.
//
// What it leaves to others: each format's turns are its package's; the
// tags' PGN escaping is package formats/pgn's (AppendTag); the words that
// say where the replay stopped are package notation's (StopReason,
// StopError).
package steptext
