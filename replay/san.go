package replay

import (
	"github.com/ashtapada/ashtapada/rules"
)

// SAN writes move m of position pos in the canonical notation of
// docs/notation.md: chess SAN, `K~` for the king's leap, `=X` for a promotion, no
// `=` for a waiting arrival, `/sq=X` for a conversion, and a check mark.
// legal must be pos's legal moves (for disambiguation); it is used only for
// findings, so it may allocate.
func SAN(pos *rules.Position, legal []rules.Move, m rules.Move) string {
	var buf [16]byte
	b := appendSAN(buf[:0], pos, legal, m)
	if mark := checkMark(pos, m); mark != 0 {
		b = append(b, mark)
	}
	return string(b)
}

// checkMark is what move m of pos does to the other king, as SAN marks
// it: '#' for mate, '+' for check, 0 for neither. The notations' writers
// (SAN, Descriptive) and the reading of the books' check marks (checkFits)
// share it.
func checkMark(pos *rules.Position, m rules.Move) byte {
	if !pos.GivesCheck(m) {
		return 0
	}
	q := *pos
	q.Play(m)
	if !q.HasLegalMove() {
		return '#'
	}
	return '+'
}

func (w *walk) san(pos *rules.Position, legal []rules.Move, m rules.Move) string {
	return SAN(pos, legal, m)
}

// appendSAN appends the SAN of m, without check mark, to b.
func appendSAN(b []byte, pos *rules.Position, legal []rules.Move, m rules.Move) []byte {
	switch {
	case m.Flags&rules.FlagCastleShort != 0:
		return append(b, "O-O"...)
	case m.Flags&rules.FlagCastleLong != 0:
		return append(b, "O-O-O"...)
	}
	kind := pos.At(m.From).Kind()
	if kind == rules.Pawn {
		if m.IsCapture() {
			b = append(b, byte('a'+m.From.File()), 'x')
		}
		b = appendSquare(b, m.To)
		if m.Promotion != rules.NoKind && m.Flags&rules.FlagWaitingMove == 0 {
			b = append(b, '=')
			b = append(b, m.Promotion.Letter()...)
		}
	} else {
		b = append(b, kind.Letter()...)
		if m.IsLeap() {
			b = append(b, '~')
		} else {
			b = appendDisambiguation(b, pos, legal, m, kind)
		}
		if m.IsCapture() {
			b = append(b, 'x')
		}
		b = appendSquare(b, m.To)
	}
	if m.ConvSquare != rules.NoSquare && m.ConvKind != rules.NoKind {
		b = append(b, '/')
		b = appendSquare(b, m.ConvSquare)
		b = append(b, '=')
		b = append(b, m.ConvKind.Letter()...)
	}
	return b
}

// appendSquare appends a square's name (as Square.String, without its
// allocation for the squares of the board).
func appendSquare(b []byte, sq rules.Square) []byte {
	if sq < 0 || sq > 63 {
		return append(b, sq.String()...)
	}
	return append(b, byte('a'+sq.File()), byte('1'+sq.Rank()))
}

// appendDisambiguation adds the origin file, rank or both when another man
// of the same kind could go to the same square (chess rules: file first).
func appendDisambiguation(b []byte, pos *rules.Position, legal []rules.Move, m rules.Move, kind rules.Kind) []byte {
	others, sameFile, sameRank := false, false, false
	for _, o := range legal {
		if o.To != m.To || o.From == m.From || pos.At(o.From).Kind() != kind || o.IsLeap() {
			continue
		}
		others = true
		sameFile = sameFile || o.From.File() == m.From.File()
		sameRank = sameRank || o.From.Rank() == m.From.Rank()
	}
	switch {
	case !others:
	case !sameFile:
		b = append(b, byte('a'+m.From.File()))
	case !sameRank:
		b = append(b, byte('1'+m.From.Rank()))
	default:
		b = appendSquare(b, m.From)
	}
	return b
}
