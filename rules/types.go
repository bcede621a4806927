package rules

import "strings"

// Square is a board square: a1 = 0, b1 = 1, ..., h8 = 63, the numbering of
// record.Square. NoSquare marks "none".
type Square int8

// NoSquare is the absent square.
const NoSquare Square = -1

// File is 0 for a .. 7 for h; Rank is 0 for 1 .. 7 for 8.
func (s Square) File() int { return int(s) & 7 }

// Rank is 0 for rank 1 .. 7 for rank 8.
func (s Square) Rank() int { return int(s) >> 3 }

// MakeSquare builds a square from 0-based file and rank.
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

// Light reports whether the square is a light square (h1 is light).
func (s Square) Light() bool { return (s.File()+s.Rank())&1 == 1 }

func (s Square) String() string {
	if s < 0 || s > 63 {
		return "-"
	}
	return squareNames[s]
}

// squareNames are the squares' names, so that naming one (in every move a
// writer writes) allocates nothing.
var squareNames = func() (n [64]string) {
	for s := range n {
		n[s] = string([]byte{byte('a' + s&7), byte('1' + s>>3)})
	}
	return n
}()

// ParseSquare reads "e4"; NoSquare and false when it is not a square.
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return MakeSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// Color is a side.
type Color uint8

const (
	White Color = 0
	Black Color = 1
)

// Other is the opponent.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Kind is the kind of a man. The letters are those of chess (docs/notation.md
// section 2); how Queen and Bishop move depends on the settings
// (counsellor: queen or ferz; elephant: bishop, alfil or dabbaba).
type Kind uint8

const (
	NoKind Kind = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Letter is the upper-case letter of the kind ("" for NoKind).
func (k Kind) Letter() string {
	if k > King {
		return ""
	}
	return [...]string{"", "P", "N", "B", "R", "Q", "K"}[k]
}

func (k Kind) String() string {
	if k > King {
		return "?"
	}
	return [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king"}[k]
}

// KindFromLetter reads an upper- or lower-case piece letter. The replayer
// asks it for every written move: a table look-up.
func KindFromLetter(b byte) Kind { return kindByLetter[b] }

var kindByLetter = func() (t [256]Kind) {
	for b := range t {
		t[b] = kindFromLetter(byte(b))
	}
	return t
}()

func kindFromLetter(b byte) Kind {
	switch b | 0x20 {
	case 'p':
		return Pawn
	case 'n':
		return Knight
	case 'b':
		return Bishop
	case 'r':
		return Rook
	case 'q':
		return Queen
	case 'k':
		return King
	}
	return NoKind
}

// Piece is a man on the board packed in a byte: kind in the low three bits,
// colour in bit 3. The zero value is NoPiece (an empty square).
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece packs a colour and a kind.
func MakePiece(c Color, k Kind) Piece { return Piece(k) | Piece(c)<<3 }

// Color of the piece (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p>>3) & 1 }

// Kind of the piece, NoKind for an empty square.
func (p Piece) Kind() Kind { return Kind(p & 7) }

// FENLetter is the FEN letter: upper case for white, '.' for empty.
func (p Piece) FENLetter() byte {
	if p.Kind() == NoKind {
		return '.'
	}
	l := p.Kind().Letter()[0]
	if p.Color() == Black {
		l |= 0x20
	}
	return l
}

// MoveFlags describe what a move does besides going from From to To.
type MoveFlags uint8

const (
	// FlagCapture: the move takes a man (en passant included).
	FlagCapture MoveFlags = 1 << iota
	// FlagLeap: the king's once-per-game knight leap.
	FlagLeap
	// FlagEnPassant: a pawn captures en passant.
	FlagEnPassant
	// FlagCastleShort and FlagCastleLong: the king's two-square move of fide
	// castling (From/To are the king's squares).
	FlagCastleShort
	FlagCastleLong
	// FlagArrival: a pawn reaches its last rank and stays a pawn (waits, or
	// stays for good), docs/notation.md 2.2.
	FlagArrival
	// FlagDoubleStep: a pawn's two-square advance.
	FlagDoubleStep
	// FlagWaitingMove: a move of a waiting pawn as if it were the piece it waits
	// for (Promotion holds that kind). Only Candidates produce it, so that
	// replay can match such a written move and Verdict can say
	// waiting-pawn-moved; it is never legal.
	FlagWaitingMove
)

// Move is one move (one ply). Conversions of a waiting pawn of the captured
// side (docs/notation.md 2.2) ride on the capturing move.
//
// Its six fields are grouped in three embedded pairs (read and set as
// m.From, m.ConvKind, ...; built with NewMove or field by field) so that
// the compiler keeps a Move in registers: a struct of more than four
// fields lives in memory, written a byte at a time and copied with wider
// loads, and the load that follows such byte stores stalls (store
// forwarding fails). Moves are built, appended and copied at every ply.
type Move struct {
	moveSquares
	movePromotion
	moveConversion
}

type moveSquares struct {
	From, To Square
}

type movePromotion struct {
	Promotion Kind // NoKind when none
	Flags     MoveFlags
}

type moveConversion struct {
	// ConvSquare is the waiting pawn of the captured side that converts
	// inside this capture, NoSquare if none; ConvKind what it becomes.
	ConvSquare Square
	ConvKind   Kind
}

// Word is the move's bytes as one word, in the order of its fields
// (From, To, Promotion, Flags, ConvSquare, ConvKind), the first in the
// low byte and the two bytes above them zero: a writer that tests and
// reads a few of them at every ply (convert to UCI and LAN) reads them
// so, and the build reads the fields with one load.
func (m *Move) Word() uint64 {
	return uint64(uint8(m.From)) | uint64(uint8(m.To))<<8 | uint64(m.Promotion)<<16 | uint64(m.Flags)<<24 |
		uint64(uint8(m.ConvSquare))<<32 | uint64(m.ConvKind)<<40
}

// NewMove is the move from from to to with flags, promoting and
// converting nothing.
func NewMove(from, to Square, flags MoveFlags) Move {
	return Move{moveSquares{from, to}, movePromotion{NoKind, flags}, moveConversion{NoSquare, NoKind}}
}

// HasConversion reports whether the move carries a conversion. A Move
// literal that leaves ConvSquare at its zero value (a1) but ConvKind at
// NoKind carries none.
func (m Move) HasConversion() bool {
	return m.ConvKind != NoKind && m.ConvSquare >= 0 && m.ConvSquare < 64
}

// IsCapture reports whether the move takes a man.
func (m Move) IsCapture() bool { return m.Flags&FlagCapture != 0 }

// IsLeap reports whether the move is the king's knight leap.
func (m Move) IsLeap() bool { return m.Flags&FlagLeap != 0 }

// UCI is the move in UCI form (e2e4, a7a8q); conversions and leaps are not
// marked (UCI has no way to say them).
func (m Move) UCI() string {
	s := m.From.String() + m.To.String()
	if m.Promotion != NoKind && m.Flags&FlagWaitingMove == 0 {
		s += strings.ToLower(m.Promotion.Letter())
	}
	return s
}

// AppendUCI appends the move's UCI form (as UCI) to b.
func (m Move) AppendUCI(b []byte) []byte {
	b = append(b, m.From.String()...)
	b = append(b, m.To.String()...)
	if m.Promotion != NoKind && m.Flags&FlagWaitingMove == 0 && m.Promotion <= King {
		b = append(b, " pnbrqk"[m.Promotion])
	}
	return b
}

// String is a long-algebraic debugging form: e2e4, a7a8=Q, e1~c2 (leap),
// c1xg5/b8=N (with a conversion), b7b8 (arrival, no "=").
func (m Move) String() string {
	var b strings.Builder
	b.WriteString(m.From.String())
	if m.Flags&FlagLeap != 0 {
		b.WriteByte('~')
	}
	if m.Flags&FlagCapture != 0 {
		b.WriteByte('x')
	}
	b.WriteString(m.To.String())
	if m.Promotion != NoKind {
		if m.Flags&FlagWaitingMove != 0 {
			b.WriteString("(as " + m.Promotion.Letter() + ")")
		} else {
			b.WriteString("=" + m.Promotion.Letter())
		}
	}
	if m.HasConversion() {
		b.WriteString("/" + m.ConvSquare.String() + "=" + m.ConvKind.Letter())
	}
	return b.String()
}
