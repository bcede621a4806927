package replay

import (
	"strings"

	"github.com/ashtapada/ashtapada/rules"
)

// SAN writes move m of position pos in the canonical notation of
// docs/notation.md: chess SAN, `K~` for the king's leap, `=X` for a promotion, no
// `=` for a waiting arrival, `/sq=X` for a conversion, and a check mark.
// legal must be pos's legal moves (for disambiguation); it is used only for
// findings, so it may allocate.
func SAN(pos *rules.Position, legal []rules.Move, m rules.Move) string {
	var b strings.Builder
	writeSAN(&b, pos, legal, m)
	if mark := checkMark(pos, m); mark != 0 {
		b.WriteByte(mark)
	}
	return b.String()
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

func writeSAN(b *strings.Builder, pos *rules.Position, legal []rules.Move, m rules.Move) {
	switch {
	case m.Flags&rules.FlagCastleShort != 0:
		b.WriteString("O-O")
		return
	case m.Flags&rules.FlagCastleLong != 0:
		b.WriteString("O-O-O")
		return
	}
	kind := pos.At(m.From).Kind()
	if kind == rules.Pawn {
		if m.IsCapture() {
			b.WriteByte(byte('a' + m.From.File()))
			b.WriteByte('x')
		}
		b.WriteString(m.To.String())
		if m.Promotion != rules.NoKind && m.Flags&rules.FlagWaitingMove == 0 {
			b.WriteByte('=')
			b.WriteString(m.Promotion.Letter())
		}
	} else {
		b.WriteString(kind.Letter())
		if m.IsLeap() {
			b.WriteByte('~')
		} else {
			writeDisambiguation(b, pos, legal, m, kind)
		}
		if m.IsCapture() {
			b.WriteByte('x')
		}
		b.WriteString(m.To.String())
	}
	if m.ConvSquare != rules.NoSquare && m.ConvKind != rules.NoKind {
		b.WriteByte('/')
		b.WriteString(m.ConvSquare.String())
		b.WriteByte('=')
		b.WriteString(m.ConvKind.Letter())
	}
}

// writeDisambiguation adds the origin file, rank or both when another man
// of the same kind could go to the same square (chess rules: file first).
func writeDisambiguation(b *strings.Builder, pos *rules.Position, legal []rules.Move, m rules.Move, kind rules.Kind) {
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
		b.WriteByte(byte('a' + m.From.File()))
	case !sameRank:
		b.WriteByte(byte('1' + m.From.Rank()))
	default:
		b.WriteString(m.From.String())
	}
}
