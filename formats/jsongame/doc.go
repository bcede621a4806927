// Package jsongame writes and reads a game record as JSON: the lossless
// object (Game, GameToJSON, GameFromJSON), which keeps everything the
// record keeps so that JSON read back gives the same record and the
// canonical PGN the same bytes, and the compact object (CompactRenderer)
// of the tags and the main line's SAN. Both come as a JSON array or as
// JSONL, one object a line (Writer, Reader; Renderer and Joiner for a
// game rendered on its own, a huge game a part at a time). Schema is the
// JSON Schema of the object.
//
// What the replay derives (canonical SAN, LAN, UCI, the FEN after each
// move, the profile and its settings) goes in fields of its own, which the
// reader ignores: a view of the record, not part of it (AddPlayed).
//
// What it leaves to others: the moves' text in each notation is package
// notation's; which passages of a record PGN cannot hold is package
// formats/pgn's (PassedThrough). The package registers itself with the
// registry of record formats (package formats) as the json and jsonl
// formats, read with its Reader (format.go).
package jsongame
