package replay

import (
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/rules"
)

// FindingMove is what a picture of a finding needs of the move it stands
// at, in squares, so that no one has to read the move's text again.
type FindingMove struct {
	// From is the square the written move leaves: the resolved move's,
	// or, for a move that broke a rule, the one man of the kind written
	// that could go to To by its movement alone (legal or not); NoSquare
	// when that is not one man.
	From rules.Square
	// To is the destination as written (the king's for castling);
	// NoSquare for a null move.
	To rules.Square
}

// OffendingSquares finds where a written move goes from and to in pos: its
// destination as written, and its origin when exactly one man of the kind
// written could go there by its movement alone (legal or not: the move is
// being shown because it broke a rule). NoSquare for what is unknown.
func OffendingSquares(pos *rules.Position, mv *record.Move) (from, to rules.Square) {
	from, to = rules.NoSquare, rules.NoSquare
	if mv == nil || mv.Null {
		return
	}
	if mv.Castle != record.NoCastle {
		k := pos.KingSquare(pos.SideToMove())
		for _, m := range pos.Candidates(nil) {
			if m.From == k && (mv.Castle == record.CastleShort && m.Flags&rules.FlagCastleShort != 0 || mv.Castle == record.CastleLong && m.Flags&rules.FlagCastleLong != 0) {
				return m.From, m.To
			}
		}
		return
	}
	if mv.To < 0 || mv.To > 63 {
		return
	}
	to = rules.Square(mv.To)
	kind := writtenKind(pos, mv)
	n := 0
	for _, m := range pos.Candidates(nil) {
		if m.To != to || pos.At(m.From).Kind() != kind {
			continue
		}
		if mv.FromFile >= 0 && m.From.File() != int(mv.FromFile) || mv.FromRank >= 0 && m.From.Rank() != int(mv.FromRank) {
			continue
		}
		if m.From != from {
			from = m.From
			n++
		}
	}
	if n != 1 {
		from = rules.NoSquare
	}
	return from, to
}
