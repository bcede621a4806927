package notation

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
	"encoding/binary"
	"strings"

	"github.com/ashtapada/ashtapada/rules"
)

// LAN writes a move in long algebraic notation. before is the position the
// move is played from; check is the check mark to append ("", "+" or "#").
func LAN(before *rules.Position, m rules.Move, check string) string {
	var buf [24]byte
	return string(append(AppendLAN(buf[:0], before, m), check...))
}

// AppendLAN appends the LAN of m, without check mark, to b.
func AppendLAN(b []byte, before *rules.Position, m rules.Move) []byte {
	return AppendLANOf(b, before.At(m.From).Kind(), m)
}

// AppendLANOf is AppendLAN for a writer that knows the kind k of the man
// m moves (replay.Played.Kind) without the position before it.
func AppendLANOf(b []byte, k rules.Kind, m rules.Move) []byte {
	if w, n := LANWord(k, &m); n > 0 {
		return binary.LittleEndian.AppendUint64(b, w)[:len(b)+n]
	}
	return appendLANRest(b, k, m)
}

// appendLANRest is AppendLANOf for a move LANWord does not write (it
// writes any move).
func appendLANRest(b []byte, k rules.Kind, m rules.Move) []byte {
	switch {
	case m.Flags&rules.FlagCastleShort != 0:
		return append(b, "O-O"...)
	case m.Flags&rules.FlagCastleLong != 0:
		return append(b, "O-O-O"...)
	}
	if k != rules.Pawn && k != rules.NoKind {
		b = append(b, k.Letter()...)
	}
	if m.IsLeap() {
		b = append(b, '~')
	}
	b = appendSquare(b, m.From)
	if m.IsCapture() {
		b = append(b, 'x')
	} else {
		b = append(b, '-')
	}
	b = appendSquare(b, m.To)
	if m.Promotion != rules.NoKind && m.Flags&rules.FlagWaitingMove == 0 {
		b = append(b, '=')
		b = append(b, m.Promotion.Letter()...)
	}
	if m.ConvSquare != rules.NoSquare && m.ConvKind != rules.NoKind {
		b = append(b, '/')
		b = append(b, m.ConvSquare.String()...)
		b = append(b, '=')
		b = append(b, m.ConvKind.Letter()...)
	}
	return b
}

// LANWord is AppendLANOf(nil, k, *m) as the first n bytes of a word, the
// first in the low byte and the rest zero, when m goes from a square of
// the board to another without castling, leaping, promoting or
// converting, as nearly every move does: n is 5, or 6 with the man's
// letter (`e2-e4`, `Ng1xf3`). Else n is 0 (AppendLANOf writes it). A
// writer of many (convert --to lan) stores the word whole.
func LANWord(k rules.Kind, m *rules.Move) (w uint64, n int) {
	return LANWordOf(k, m.Word())
}

// LANWordOf is LANWord for the move given as its bytes in a word
// (rules.Move.Word; the bytes above its first five are not read): a
// writer that reads the moves so (replay.Moves.Word) has them tested
// without a call.
func LANWordOf(k rules.Kind, mw uint64) (w uint64, n int) {
	// PlainUCI's moves that neither leap nor castle.
	const mask = PlainUCIMask | uint64(rules.FlagLeap|rules.FlagCastleShort|rules.FlagCastleLong)<<24
	if mw&mask != PlainUCIWord {
		return 0, 0
	}
	w = lanFrom[mw&63] | lanSep[mw>>24&1] | lanTo[mw>>8&63]
	if l := lanLetters[k]; l != 0 {
		return w<<8 | uint64(l), 6
	}
	return w, 5
}

// lanLetters are the letters LAN names a man by (Kind.Letter), 0 for a
// pawn and for no kind, which it names by none. lanFrom, lanSep and
// lanTo are the squares' names and the sign between them (by the
// capture flag, FlagCapture being 1) as LANWord places them.
var lanLetters, lanFrom, lanSep, lanTo = func() (l [256]byte, from [64]uint64, sep [2]uint64, to [64]uint64) {
	for k := rules.Knight; k <= rules.King; k++ {
		l[k] = k.Letter()[0]
	}
	for s := range from {
		from[s] = uint64(uciSquares[s])
		to[s] = uint64(uciSquares[s]) << 24
	}
	return l, from, [2]uint64{'-' << 16, 'x' << 16}, to
}()

// UCI writes a move in UCI form with the conversion suffix when there is
// one (`c4g8/b1n`).
func UCI(m rules.Move) string {
	var buf [16]byte
	return string(AppendUCI(buf[:0], m))
}

// AppendUCI appends UCI(m) to b.
func AppendUCI(b []byte, m rules.Move) []byte {
	if t, ok := PlainUCI(&m); ok {
		// Nearly every move: its two squares' four bytes at once, not
		// two names appended as strings (a copy each), at every ply of
		// convert --to uci and of the JSON's moves.
		return binary.LittleEndian.AppendUint32(b, t)
	}
	return appendUCIRest(b, m)
}

// PlainUCI is UCI(*m) as four bytes, the first in the low byte, when m
// neither promotes nor converts and names two squares of the board (ok),
// as nearly every move does: a writer that knows a token's length before
// writing it (convert --to uci) takes them whole.
func PlainUCI(m *rules.Move) (t uint32, ok bool) {
	// The move's fields side by side, which the build reads as one word:
	// no promotion (NoKind is 0), no conversion, both squares below 64.
	w := m.Word()
	if w&PlainUCIMask != PlainUCIWord {
		return 0, false
	}
	// The masks only spare the bounds tests.
	return uint32(uciSquares[w&63]) | uint32(uciSquares[w>>8&63])<<16, true
}

// SpacedUCI is a space and UCI(m) as the low five bytes of a word (the
// space in the low byte, the bytes above them zero), for m given as its
// bytes in a word w (rules.Move.Word; the bytes above its first five
// are not read) that is plain: w&PlainUCIMask == PlainUCIWord, when
// PlainUCI writes it. A writer of many such tokens (convert --to uci)
// stores each as one word of eight bytes, the next written from five on.
func SpacedUCI(w uint64) uint64 { return spaced[w&63] | spaced[64+w>>8&63] }

// PlainUCIMask and PlainUCIWord tell a move in a word (SpacedUCI) that
// PlainUCI writes: both squares below 64, no promotion, no conversion.
const (
	PlainUCIMask = 0xc0 | 0xc0<<8 | 0xff<<16 | 0xff<<32
	PlainUCIWord = uint64(int(rules.NoSquare)&0xff) << 32
)

// spaced are the squares' names as SpacedUCI places them: after the
// space (the first 64), and after the first square (the next 64). One
// table, so that a loop of SpacedUCI makes one table address, not two.
var spaced = func() (t [128]uint64) {
	for s := range 64 {
		t[s] = ' ' | uint64(uciSquares[s])<<8
		t[64+s] = uint64(uciSquares[s]) << 24
	}
	return t
}()

// uciSquares are the squares' names as two bytes, the file's letter in
// the low one (PlainUCI reads two at every ply).
var uciSquares = func() (n [64]uint16) {
	for s := range n {
		n[s] = uint16('a'+s&7) | uint16('1'+s>>3)<<8
	}
	return n
}()

// appendSquare appends sq's name (rules.Square.String): a square of the
// board as its two bytes (uciSquares), not a string copied.
func appendSquare(b []byte, sq rules.Square) []byte {
	if uint(sq) < 64 {
		n := uciSquares[sq]
		return append(b, byte(n), byte(n>>8))
	}
	return append(b, sq.String()...)
}

// appendUCIRest is AppendUCI for a move that promotes or converts (or
// names a square out of the board).
func appendUCIRest(b []byte, m rules.Move) []byte {
	b = m.AppendUCI(b)
	if m.ConvSquare != rules.NoSquare && m.ConvKind != rules.NoKind {
		b = append(b, '/')
		b = append(b, m.ConvSquare.String()...)
		b = append(b, strings.ToLower(m.ConvKind.Letter())...)
	}
	return b
}
