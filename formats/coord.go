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
	"fmt"
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

// CoordMove is a move read from LAN or UCI: squares and pieces, not yet
// matched to a legal move.
type CoordMove struct {
	Text       string
	From, To   rules.Square
	Piece      rules.Kind // LAN's piece letter (Pawn when none); NoKind for UCI
	Leap       bool       // LAN's `K~`
	Capture    bool       // LAN's `x`
	Castle     int        // 1 short, 2 long (LAN `O-O`, `O-O-O`)
	Promotion  rules.Kind
	ConvSquare rules.Square
	ConvKind   rules.Kind
	Check      string
}

// ParseUCI reads `e2e4`, `a7a8q`, `c4g8/b1n`.
func ParseUCI(s string) (CoordMove, error) {
	c := CoordMove{Text: s, ConvSquare: rules.NoSquare}
	main, conv, hasConv := strings.Cut(s, "/")
	if len(main) != 4 && len(main) != 5 {
		return c, fmt.Errorf("UCI move %q: want from and to squares (e2e4) and an optional promotion letter", s)
	}
	var ok1, ok2 bool
	c.From, ok1 = rules.ParseSquare(main[0:2])
	c.To, ok2 = rules.ParseSquare(main[2:4])
	if !ok1 || !ok2 {
		return c, fmt.Errorf("UCI move %q: %q or %q is not a square", s, main[0:2], main[2:4])
	}
	if len(main) == 5 {
		if c.Promotion = promoKind(main[4]); c.Promotion == rules.NoKind {
			return c, fmt.Errorf("UCI move %q: %q is not a promotion letter (q, r, b, n)", s, main[4])
		}
	}
	if hasConv {
		sq, ok := rules.ParseSquare(conv[:min(2, len(conv))])
		if !ok || len(conv) != 3 || promoKind(conv[2]) == rules.NoKind {
			return c, fmt.Errorf("UCI move %q: conversion %q: want a square and a letter (b1n)", s, conv)
		}
		c.ConvSquare, c.ConvKind = sq, promoKind(conv[2])
	}
	return c, nil
}

func promoKind(b byte) rules.Kind {
	switch b {
	case 'q', 'Q':
		return rules.Queen
	case 'r', 'R':
		return rules.Rook
	case 'b', 'B':
		return rules.Bishop
	case 'n', 'N':
		return rules.Knight
	}
	return rules.NoKind
}

// ParseLAN reads `Ng1-f3`, `e2-e4`, `K~e1-c2`, `e7xd8=Q+`, `Bc4xg8/b1=N`,
// `O-O`. Glyphs and check marks are kept apart.
func ParseLAN(s string) (CoordMove, error) {
	c := CoordMove{Text: s, ConvSquare: rules.NoSquare, Piece: rules.Pawn}
	t := strings.TrimRight(s, "!?")
	if strings.HasSuffix(t, "+") || strings.HasSuffix(t, "#") {
		c.Check = t[len(t)-1:]
		t = t[:len(t)-1]
	}
	switch t {
	case "O-O", "0-0":
		c.Castle, c.Piece = 1, rules.King
		return c, nil
	case "O-O-O", "0-0-0":
		c.Castle, c.Piece = 2, rules.King
		return c, nil
	}
	bad := func(why string) (CoordMove, error) {
		return c, fmt.Errorf("LAN move %q: %s", s, why)
	}
	if t != "" && strings.IndexByte("KQRBN", t[0]) >= 0 {
		c.Piece = rules.KindFromLetter(t[0])
		t = t[1:]
		if c.Piece == rules.King && strings.HasPrefix(t, "~") {
			c.Leap = true
			t = t[1:]
		}
	}
	if len(t) < 5 {
		return bad("want from square, - or x, to square (e2-e4)")
	}
	var ok1, ok2 bool
	c.From, ok1 = rules.ParseSquare(t[0:2])
	c.To, ok2 = rules.ParseSquare(t[3:5])
	if !ok1 || !ok2 || (t[2] != '-' && t[2] != 'x') {
		return bad("want from square, - or x, to square (e2-e4)")
	}
	c.Capture = t[2] == 'x'
	t = t[5:]
	if strings.HasPrefix(t, "=") {
		if len(t) < 2 || promoKind(t[1]) == rules.NoKind || t[1] >= 'a' {
			return bad("want a piece letter after =")
		}
		c.Promotion = promoKind(t[1])
		t = t[2:]
	}
	if strings.HasPrefix(t, "/") {
		if len(t) != 5 || t[3] != '=' || promoKind(t[4]) == rules.NoKind || t[4] >= 'a' {
			return bad("want a conversion such as /b8=N")
		}
		sq, ok := rules.ParseSquare(t[1:3])
		if !ok {
			return bad("want a conversion such as /b8=N")
		}
		c.ConvSquare, c.ConvKind = sq, promoKind(t[4])
		t = ""
	}
	if t != "" {
		return bad(fmt.Sprintf("unexpected %q", t))
	}
	return c, nil
}

// Match finds the legal move that a coordinate move names, among legal
// (the legal moves of before). A UCI move without a conversion suffix
// matches a capture with a conversion when exactly one conversion is
// possible (the reading SAN gives a missing suffix); the same goes for an
// inferred promotion. It returns an error that says why when no move or
// more than one matches.
func Match(before *rules.Position, legal []rules.Move, c CoordMove) (rules.Move, error) {
	var found []rules.Move
	for _, m := range legal {
		if m.Flags&rules.FlagWaitingMove != 0 {
			continue
		}
		if c.Castle != 0 {
			if (c.Castle == 1 && m.Flags&rules.FlagCastleShort != 0) || (c.Castle == 2 && m.Flags&rules.FlagCastleLong != 0) {
				found = append(found, m)
			}
			continue
		}
		if m.From != c.From || m.To != c.To {
			continue
		}
		if c.Piece != rules.NoKind && before.At(m.From).Kind() != c.Piece {
			continue
		}
		if c.Promotion != rules.NoKind && m.Promotion != c.Promotion {
			continue
		}
		if c.ConvSquare != rules.NoSquare && (m.ConvSquare != c.ConvSquare || m.ConvKind != c.ConvKind) {
			continue
		}
		found = append(found, m)
	}
	if len(found) > 1 {
		// Prefer the move that says no more than was written: a bare
		// arrival over an inferred promotion only when the written move
		// names no promotion and one candidate has none.
		var exact []rules.Move
		for _, m := range found {
			if m.Promotion == c.Promotion && (c.ConvSquare != rules.NoSquare || m.ConvSquare == rules.NoSquare || m.ConvKind == rules.NoKind) {
				exact = append(exact, m)
			}
		}
		if len(exact) == 1 {
			return exact[0], nil
		}
		return rules.Move{}, fmt.Errorf("%s is ambiguous: it can be %d moves", c.Text, len(found))
	}
	if len(found) == 0 {
		return rules.Move{}, fmt.Errorf("%s is not a legal move here", c.Text)
	}
	return found[0], nil
}
