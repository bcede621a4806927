// Package batch runs one piece of work on every game of many inputs, on
// all cores, and delivers the results in input order.
//
// It owns the run, and nothing about what a game means, which is the
// caller's Work (two pieces of work, converting records and validating
// them, come ready-made: Convert and Validate, below). Of the run, it
// owns:
//
//   - the workers: one goroutine reads the inputs and cuts their games into
//     batches of consecutive games of one file; Options.Jobs workers parse
//     each game and do the caller's Work on it. Games travel in batches
//     because one game takes microseconds to check, less than a channel
//     hand-off and a goroutine wake-up per game would cost. One worker
//     works on the sink's goroutine, in larger batches: nothing is to be
//     spread, and each hand-over wakes a goroutine;
//   - the order: results, the end of each file and the errors of the inputs
//     reach the caller's Sink in input order whatever the number of workers,
//     so that a command's output is the same for any number of them;
//   - panics: a game whose work panics is a bug of the program, never the
//     record's fault; it is delivered as an error wrapping ErrInternal, its
//     result is Work.Failed's, and every other game is still done;
//   - numbering: a game's index counts from 1 within its file, or over all
//     the inputs (Options.OverInputs), the games of other parts of a shard
//     counted too;
//   - shards: with Options.Plan, only the games whose first byte lies in
//     this process's part of the inputs are worked on (source.Plan), and
//     with Options.OverInputs they keep the numbers one run over all the
//     inputs gives them; a sink that writes one document is given the game
//     before the part (Primer), so that the parts' outputs concatenate
//     into one run's. ReadRange reads the games of one byte range of one
//     input in order, for a caller that is not a run (a table writer that
//     keeps the text between games, a pipeline's bundle);
//   - memory: the collector's soft limit follows the games in flight.
//
// # Memory
//
// A command that streams its games sets a soft limit once (LimitMemory,
// unless GOMEMLIMIT is set): with a large GOGC the heap may grow to many
// times what is live, and what is live varies with the games in flight, so
// without a limit the peak grows with the length of the input. The limit
// makes the collector run earlier near it instead. Only streaming commands
// set one: a command that holds a whole file would make the collector run
// without end above it.
//
// What one game holds grows with its length, so under a fixed limit a huge
// game (HugeGameBytes or more) would make the collector run continually
// once the heap passes it. While such a game is read and judged, the run
// raises the limit by what it holds live per byte (WholePerGameByte when
// it is read whole, PartedPerGameByte when its main line is read in parts)
// and lowers it again when it is done (HoldGameMemory). Ordinary games pass
// by without a lock. docs/robustness.md, "Memory", has the measurements.
//
// # Huge games
//
// A game that Options.Parts reads in parts (grammar.DefaultPartedBytes or
// more by default) is given to Work.Huge when the work has one: it reads
// the game itself, its main line a part at a time, so that a huge game is
// never held whole (docs/robustness.md, "A huge game is read in parts").
// What the work does with each part is its own business; the reading is
// grammar's, one for every command: HugeGame.Source gives the game as its
// source (record.Source), which replay, detect and compare take as they
// take a record held whole, and walk as often as they need with one call
// (replay.Replayer.Replay, which hands each part to replay.Each for a work
// that renders it or counts it as it is played; replay.Together under
// several rule sets at once).
//
// # Ready-made work: convert
//
// Convert is the work of a conversion, ready-made on a run: every game
// replayed once, as validate replays it (its error findings given to the
// caller, the derived formats stopping where the replay stopped), and
// written in another record format (Conversion.To) in input order. A
// format that renders its games one by one is rendered by the workers and
// joined by the sink, so that the workers reuse their records' storage;
// a huge game's piece is rendered a part at a time and spilled to a file
// with no name as it grows (package tempfile), never held whole. With
// Conversion.Split the games go to several files instead, each a whole
// document, put in place together at the end of a conversion that
// succeeded (package outfile), none when it failed. Which formats exist
// and how each is written is package formats'; what a conversion's flags
// mean, its messages and its exit status are the caller's.
//
// # Ready-made work: validate
//
// Validate is the work of a validation, ready-made on a run: every game
// replayed under its file's settings (Validation.Files, else
// Validation.Settings: a profile and a choice of findings, wherever the
// caller read them), with Validation.Hints also under the other profiles
// (detect.Hinter), a huge game a part at a time; and reported in input
// order by a report writer of package report, with the tally at the end
// (Validation.Summary), the warnings left out (Quiet), the findings
// past MaxErrors only counted, and one SVG drawing per error finding
// (SVGDir). A file named as an argument that holds no game is reported
// as a warning of its own. Each result passes through the caller's
// Validation.Through before it is counted: a baseline (which findings are
// known, which are written down) and a progress bar are the caller's, as
// are what a validation's flags mean, its messages (what MaxErrors left
// out, a selection that chose no game, inputs with no game) and its exit
// status, from ValidateOutcome.
//
// # What it leaves to others
//
// Opening inputs and cutting them between processes is package source's;
// splitting text into games and parsing one is package grammar's (the
// other record formats are read by package formats' registry, a table of
// games by Options.OpenTable); judging a game is package replay's, or
// whatever the Work does; printing the results is the Sink's, with package
// report for a validation's findings and package formats for records.
//
// A caller that reads one input in order instead (one game to show) reads
// it as the run does, with RecordFormat and GamesOf: the format by name,
// extension or content, the games a chunk of text or a record at a time,
// and PGN's moves in the Notation asked for.
package batch
