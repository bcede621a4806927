package main

// A huge game is read and played in parts by package batch
// (batch.ReplayParts, ReadParts, WalkParts; docs/robustness.md, "A huge
// game is read in parts"): validate's and convert's work on it is there
// (batch.Validate, batch.Convert), show's view of it is package
// showgame's, fmt --san's rewriting package fmtfiles'. Nothing of it is
// left in the command; this file stays as the place other packages'
// comments name for it.
