// Package formattest is what the tests of the record formats share: how
// much of the data they read (the fast tier's limits, GameLimit,
// SampleGames, DropExtensions), the record files they read (RecordFiles,
// ReadGames, ExtensionGames) and how two records are compared as the
// canonical form sees them (SameRecord). The repository and the shared
// data are found by internal/testenv, which also says whether this is a
// long run (ASHTAPADA_LONG=1).
//
// The data tests (the round trips over the corpus and the shared data) are
// the formats' heaviest and run in parallel with one another: each has its
// own replayers and writers, and they share only the games ReadGames
// caches, which they read and never change.
package formattest
