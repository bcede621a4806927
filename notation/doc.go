// Package notation writes move text: a move in canonical SAN, LAN or UCI,
// in a book's descriptive notation or with another language's letters,
// and moves with their numbers. It also rewrites a record's main line in
// canonical SAN from the replay (CanonicalGame, a part at a time with
// SANRewriter, so that a huge game is never held whole), for the writers
// of a record in another notation; and it says where and why the replay
// stopped, in the words the formats written from the replay write
// (StopReason; StopError for a game written only in part).
//
// Every move is written from the legal move the replay played (its
// replay.Step), never from the text as read, so that what is written is
// what was played and stops where the replay stopped.
//
// What it leaves to others: reading move text is the grammar's, one reader
// per notation (grammar.ParseMove, the readers of the books' notations);
// the legal moves and SAN itself come from the replay and the rules
// (replay.Step.SAN, replay.DescriptiveIn); whole records in a format
// (canonical PGN, LAN and UCI files, JSON) are written by the format
// packages under formats, which take their moves from here.
package notation
