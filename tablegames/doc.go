// Package tablegames reads a table of games (package gametable's Parquet
// file, docs/parquet.md) as games, writes games as such a table, and shows
// what a table holds: where the table's rows meet the rest of the engine's
// reading and judging of games.
//
// It owns:
//
//   - knowing a table (IsTable): by its name, by the magic bytes it starts
//     with whatever its name, or because the user named its format
//     (--from). Standard input is never one: a table is read from its end;
//   - a table's rows as games: each row's text (gametable.Row.Text) read
//     back by the grammar as one record (Games), or, for a run of package
//     batch (OpenTable, for batch.Options.OpenTable), the row of a huge
//     game as the chunk of its game, which the run reads in parts as it
//     reads a huge game of a PGN file, never as a record held whole
//     (Chunks). A row whose text holds no game, or more than one, is an
//     error of that row;
//   - a table's rows as one text (Text), for fmt: PGN → Parquet → PGN
//     through fmt is fmt's output of the PGN, the text that is no game
//     included;
//   - games as rows (Writer): each part of the inputs is read in order on
//     the caller's goroutine, not on a run, so that PGN is read chunk by
//     chunk with batch.ReadRange and each row keeps its movetext as read
//     and the text that is no game around its game. A huge game is read
//     and played in parts (grammar.SourceOf) and its moves are kept
//     compact; every game is judged by package replay;
//   - showing a table to a person (Show): its columns and their types and
//     its number of rows, or the columns chosen of its first rows, as
//     aligned text or a JSON object a row.
//
// It leaves to others the rows themselves, their columns and the Parquet
// file (package gametable), running many inputs on all cores (package
// batch, which opens a table through OpenTable), opening inputs and
// cutting them into the parts of a shard (package source), and judging a
// game (package replay). The command keeps its flags (the columns a user
// names, checked against Columns, among them) and the policy of a
// process: where a table is written and how (atomically, or to standard
// output), whether a table of no rows is an error, the soft memory limit
// (the Writer holds a row group in memory: batch.TableMemoryLimit) and the
// exit status. The Beam pipeline writes its own tables, a row at a time
// (RowOf).
package tablegames
