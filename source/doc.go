// Package source turns what a user names into the bytes of game records:
// the inputs, and their text.
//
// It owns three things, and nothing about games:
//
//   - which inputs there are: Expand takes the arguments a user gives (files,
//     directories walked in sorted order for record files, "-" for standard
//     input) and lists the files to read;
//   - the bytes of one input: Options.Open (a local file or standard input)
//     and Options.Reader (a stream another file system opened) decompress
//     what the first bytes call for (gzip, bzip2, zstd, xz; the name does
//     not decide), bound the dictionary or window a compressed input may
//     declare (Options.MaxWindow), and name the formats that are not text
//     rather than passing their bytes on (UnreadableFormat, and the archives
//     Open refuses);
//   - how the inputs are cut between processes: ParseShard and Plan give each
//     of N processes the games whose first byte lies in its N-th of the
//     inputs' bytes, as Parts of files.
//
// What the bytes mean is left to others: reading games from the text is the
// grammar's (package grammar splits and parses it, package formats reads the
// other formats), and judging them is package replay's. Running many inputs
// at once (workers, ordering) is package batch's; the command line
// (cmd/ashtapada, through batch) and the Beam pipeline both open their inputs
// here, so that a file is read as the same text whichever runs it.
//
// Hostile input is bounded here for the bytes (docs/robustness.md,
// "Compressed input"); the bounds on a game's size and depth are the
// grammar's.
package source
