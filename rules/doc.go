// Package rules is the rules engine: rule profiles and their settings, the
// position, move generation and legality, check and game end, FEN, and the
// shape of a turn, for chaturanga, shatranj, Hindustani chess, the Andhra
// "Indian chess" and ordinary chess.
//
// A Profile (Lookup, Profiles, LoadFile, ParseProfile, Select) is a named set of
// Settings that says how every rule reads: how the men move, what a pawn
// becomes, whether the king may leap, how the game ends. Profiles are TOML
// files (docs/profiles.md); the built-in ones are embedded. A Position is
// built from the Settings (NewPosition, ParseFEN) and answers what a
// program replaying a record needs: the legal moves (LegalMoves), why a
// move is not legal (Verdict, a Violation with a rule id of package
// ruleid), playing a move (Play), and with a History the end of the game
// (Outcome). Turn judges a compound turn as a whole.
//
// The package knows nothing of notation: replay matches written moves to
// Moves, and the readings and decisions behind each rule are in
// docs/rules-engine.md.
package rules
