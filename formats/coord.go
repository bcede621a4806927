package formats

// Coordinate notations: LAN (long algebraic, `Ng1-f3`, `e7xd8=Q+`) and UCI
// (`g1f3`, `e7d8q`). Both name the origin and the destination, so a move is
// found among the legal moves without SAN's disambiguation. How they write
// the extensions (docs/convert.md):
//
//   - the king's leap: LAN `K~e1-c2` (the tilde after K, as in SAN); UCI
//     `e1c2` with no marker: no other move takes a king a knight's move away,
//     so the squares already say it;
//   - the conversion of a waiting pawn rides on the capturing move, as in
//     SAN: LAN `Bc4xg8/b1=N`, UCI `c4g8/b1n` (square, then the lower-case
//     letter, UCI's promotion spelling);
//   - a waiting arrival has no promotion: LAN `b7-b8`, UCI `b7b8`;
//   - castling: LAN `O-O`/`O-O-O`, UCI the king's two squares (`e1g1`).

import (
	"strings"

	"github.com/ashtapada/ashtapada/rules"
)

// LAN writes a move in long algebraic notation. before is the position the
// move is played from; check is the check mark to append ("", "+" or "#").
func LAN(before *rules.Position, m rules.Move, check string) string {
	var b strings.Builder
	switch {
	case m.Flags&rules.FlagCastleShort != 0:
		b.WriteString("O-O")
	case m.Flags&rules.FlagCastleLong != 0:
		b.WriteString("O-O-O")
	default:
		k := before.At(m.From).Kind()
		if k != rules.Pawn && k != rules.NoKind {
			b.WriteString(k.Letter())
		}
		if m.IsLeap() {
			b.WriteByte('~')
		}
		b.WriteString(m.From.String())
		if m.IsCapture() {
			b.WriteByte('x')
		} else {
			b.WriteByte('-')
		}
		b.WriteString(m.To.String())
		if m.Promotion != rules.NoKind && m.Flags&rules.FlagWaitingMove == 0 {
			b.WriteString("=" + m.Promotion.Letter())
		}
		if m.ConvSquare != rules.NoSquare && m.ConvKind != rules.NoKind {
			b.WriteString("/" + m.ConvSquare.String() + "=" + m.ConvKind.Letter())
		}
	}
	b.WriteString(check)
	return b.String()
}

// UCI writes a move in UCI form with the conversion suffix when there is
// one (`c4g8/b1n`).
func UCI(m rules.Move) string {
	s := m.UCI()
	if m.ConvSquare != rules.NoSquare && m.ConvKind != rules.NoKind {
		s += "/" + m.ConvSquare.String() + strings.ToLower(m.ConvKind.Letter())
	}
	return s
}
