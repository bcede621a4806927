// Package fenlist writes the list of positions that search tools want:
// one line per ply, tab-separated `game ply move fen`, the start position
// first as ply 0 with move "-" (Write). The game number makes every line
// stand alone, so the output can be grepped, sorted and joined without
// losing which game a position belongs to.
//
// The package registers itself with the registry of record formats
// (package formats) as the fen format, written only: each game's lines
// come from its replay, a part at a time for a huge game, whose lines are
// let go as they are written. A game that could not be read or set up has
// no lines.
//
// What it leaves to others: the positions and their FEN are the replay's
// and the rules' (replay.Played, rules.Position.AppendFEN); the move's canonical
// SAN is the replay's step's.
package fenlist
