package grammar

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/ashtapada/ashtapada/internal/boolbit"
	"github.com/ashtapada/ashtapada/record"
)

// MoveError says what is wrong with a move token. It is a value type with
// constant messages so that the common path allocates nothing.
type MoveError struct {
	Text   string // the token
	Reason string // what was expected
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("found `%s`, expected %s", quoteToken(e.Text), e.Reason)
}

var errEmpty = errors.New("found an empty move, expected a move")

// ParseMove splits one move token into its parts: `Nbxd7+`, `K~xd3`,
// `exd8/b8=N`, `e2-e4`, `0-0`, `b8=N`, `--`, and the coordinate forms of
// LAN and UCI (`Ng1-f3`, `K~e1-c2` or `Ke1~c2`, `e7e8q`, `c4g8/b1n`, `e1c2`). The token must not contain a
// comma (compound turns are split by the reader). Whether the parts fit the
// position is for replay to judge; ParseMove only checks the spelling.
//
// The form is: core [ "/" square "=" piece ] [ "+" | "#" ] [ glyph ], where
// core is castling, a null move, a leap `K~[sq[-]][x]sq`, a piece move
// `P[file][rank][x|-]sq` or a pawn move `[file|sq][x|-]sq[[=]piece]`.
func ParseMove(text string) (record.Move, error) {
	var m record.Move
	err := parseMove(&m, text)
	return m, err
}

// parseMove is ParseMove into *m (every field set), so that the reader
// parses a move where it keeps it instead of copying it twice.
func parseMove(m *record.Move, text string) error {
	if plainSAN(m, text) {
		return nil
	}
	return parseMoveSlow(m, text)
}

// parseMoveSlow reads every form ParseMove knows; plainSAN is its
// shortcut for the common ones, and FuzzPlainSAN holds the two to the
// same move.
func parseMoveSlow(m *record.Move, text string) error {
	*m = record.Move{Text: text, MoveParts: record.NoParts()}
	if text == "" {
		return errEmpty
	}
	s := text
	if hyphens, ok := typesetDashes(s); ok {
		// `0–0`, `e2–e4`: a word processor's dash for the hyphen.
		s = hyphens
		m.Lenient |= record.LenientDash
	}
	// Suffix glyph: at most two of ! and ?.
	if n := len(s); n > 0 && isGlyphByte(s[n-1]) {
		k := n - 1
		if k > 0 && isGlyphByte(s[k-1]) {
			k--
		}
		switch g := s[k:]; g {
		case "!", "?", "!!", "??", "!?", "?!":
			m.Glyph = g
		default:
			return &MoveError{text, "a move suffix `!`, `?`, `!!`, `??`, `!?` or `?!`"}
		}
		s = s[:k]
		if k > 0 && isGlyphByte(s[k-1]) {
			// `Qg6!!!`: a run of one glyph byte reads as two of it.
			j := k - 1
			for j > 0 && s[j-1] == s[k-1] {
				j--
			}
			if m.Glyph != s[k-1:k]+s[k-1:k] || j > 0 && isGlyphByte(s[j-1]) {
				return &MoveError{text, "a move suffix `!`, `?`, `!!`, `??`, `!?` or `?!`"}
			}
			s = s[:j]
			m.Lenient |= record.LenientMisprint
		}
	}
	if n := len(s); n > 2 && s[n-1] == '+' && s[n-2] == '+' {
		// Mate as older books and some sites print it; replay checks
		// that it is mate, as for `#`.
		m.Check = '#'
		m.Lenient |= record.LenientDoublePlus
		s = s[:n-2]
	} else if n > 0 && (s[n-1] == '+' || s[n-1] == '#') {
		m.Check = s[n-1]
		s = s[:n-1]
	}
	// Conversion suffix /sq=P, or UCI's /sqp (a lower-case letter, no `=`).
	if n := len(s); n >= 5 && s[n-5] == '/' {
		sq, ok := square(s[n-4 : n-2])
		if !ok || s[n-2] != '=' || !isPromoPiece(s[n-1]) {
			return &MoveError{text, "a conversion suffix `/square=piece` such as `/b8=N`"}
		}
		m.ConvSquare, m.ConvPiece = sq, s[n-1]
		s = s[:n-5]
	} else if n >= 4 && s[n-4] == '/' {
		sq, ok := square(s[n-3 : n-1])
		if !ok || !isPromoPiece(upper(s[n-1])) || s[n-1] == upper(s[n-1]) {
			return &MoveError{text, "a conversion suffix `/square=piece` such as `/b8=N`"}
		}
		m.ConvSquare, m.ConvPiece = sq, upper(s[n-1])
		m.Lenient |= record.LenientLowerConversion
		s = s[:n-4]
	}
	if s == "" {
		return &MoveError{text, "a move before its suffixes"}
	}
	switch s {
	case "--":
		m.Null = true
		if m.ConvSquare != record.NoSquare {
			return &MoveError{text, "a capturing move before a conversion suffix, not a null move"}
		}
		return nil
	case "O-O":
		m.Castle, m.Piece = record.CastleShort, 'K'
		return nil
	case "O-O-O":
		m.Castle, m.Piece = record.CastleLong, 'K'
		return nil
	case "Z0":
		// ChessBase writes the null move as Z0.
		m.Null = true
		m.Lenient |= record.LenientNullZ0
		if m.ConvSquare != record.NoSquare {
			return &MoveError{text, "a capturing move before a conversion suffix, not a null move"}
		}
		return nil
	case "0-0", "0-0-0", "o-o", "o-o-o":
		// Castling typed with zeros or in lower case.
		m.Castle, m.Piece = record.CastleShort, 'K'
		if len(s) == 5 {
			m.Castle = record.CastleLong
		}
		if s[0] == 'o' {
			m.Lenient |= record.LenientLowerCastle
		} else {
			m.Lenient |= record.LenientZeroCastle
		}
		return nil
	}
	if len(s) > 1 && s[1] == '@' || s[0] == '@' {
		return &MoveError{text, "a move; piece drops with `@` (crazyhouse) are not part of the notation"}
	}
	if isPiece(s[0]) {
		m.Piece = s[0]
		s = s[1:]
		// The leap with its origin before the tilde, `Ke1~c2`: the same
		// move as LAN's `K~e1-c2`.
		if m.Piece == 'K' && len(s) > 3 && s[2] == '~' {
			if from, ok := square(s[:2]); ok {
				m.FromFile, m.FromRank = int8(from.File()), int8(from.Rank())
				m.Lenient |= record.LenientLong
				s = s[2:]
			}
		}
		if len(s) > 0 && s[0] == '~' {
			if m.Piece != 'K' {
				return &MoveError{text, "the leap marker `~` only after `K`"}
			}
			m.Leap = true
			s = s[1:]
			// LAN writes the king's square too: `K~e1-c2`, `K~e1xc2`.
			if from, ok := square(s[:min(2, len(s))]); ok && len(s) > 2 && m.FromFile < 0 {
				m.FromFile, m.FromRank = int8(from.File()), int8(from.Rank())
				m.Lenient |= record.LenientLong
				s = s[2:]
				if s[0] == '-' {
					m.Lenient |= record.LenientHyphen
					s = s[1:]
				}
			}
			if len(s) > 0 && s[0] == 'x' {
				m.Capture = true
				s = s[1:]
			}
			sq, ok := square(s)
			if !ok {
				return &MoveError{text, "a destination square after `K~`"}
			}
			m.To = sq
			return nil
		}
	} else if len(s) > 0 && s[0] >= 'a' && s[0] <= 'h' {
		// A pawn move: a promotion may follow the destination.
		switch n := len(s); {
		case n >= 4 && s[n-2] == '=':
			// `=K` is spelled correctly (antichess promotes to a king);
			// whether a profile allows it is for replay to say.
			if !isPromoPiece(s[n-1]) && s[n-1] != 'K' {
				return &MoveError{text, "a promotion piece `Q`, `R`, `B` or `N` after `=`"}
			}
			m.Promotion = s[n-1]
			s = s[:n-2]
		case n >= 3 && isPromoPiece(s[n-1]):
			m.Promotion = s[n-1]
			m.Lenient |= record.LenientNoEquals
			s = s[:n-1]
		case n >= 5 && isPromoPiece(s[n-1]-'a'+'A') && s[n-2] >= '1' && s[n-2] <= '8':
			// UCI-style `e7e8q`: only after a full origin square, where a
			// lower-case letter cannot be a file.
			m.Promotion = s[n-1] - 'a' + 'A'
			m.Lenient |= record.LenientNoEquals
			s = s[:n-1]
		}
	} else {
		return &MoveError{text, "a move: a piece letter `KQRBN`, a file `a`-`h`, castling `O-O` or `--`"}
	}
	// Now s is [from][x|-]to.
	n := len(s)
	if n < 2 {
		return &MoveError{text, "a destination square"}
	}
	to, ok := square(s[n-2:])
	if !ok {
		return &MoveError{text, "a destination square at the end of the move"}
	}
	m.To = to
	s = s[:n-2]
	hyphen := false
	if n := len(s); n > 0 {
		switch s[n-1] {
		case 'x':
			m.Capture = true
			s = s[:n-1]
		case '-':
			hyphen = true
			s = s[:n-1]
		}
	}
	switch len(s) {
	case 0:
		if hyphen {
			return &MoveError{text, "an origin square before `-`"}
		}
	case 1:
		if c := s[0]; c >= 'a' && c <= 'h' {
			m.FromFile = int8(c - 'a')
		} else if c >= '1' && c <= '8' && m.Piece != 0 {
			m.FromRank = int8(c - '1')
		} else {
			return &MoveError{text, "a file `a`-`h` or rank `1`-`8` to tell which piece moves"}
		}
		if hyphen {
			return &MoveError{text, "a full origin square before `-`"}
		}
		if m.Piece == 0 && !m.Capture {
			return &MoveError{text, "`x` between the pawn's file and its destination"}
		}
	case 2:
		from, ok := square(s)
		if !ok {
			return &MoveError{text, "an origin square such as `g1`"}
		}
		m.FromFile, m.FromRank = int8(from.File()), int8(from.Rank())
		// A piece with a full origin square is also SAN (three queens), so
		// only a pawn's origin or a hyphen marks long algebraic for sure.
		if m.Piece == 0 || hyphen {
			m.Lenient |= record.LenientLong
		}
		if hyphen {
			m.Lenient |= record.LenientHyphen
		}
	default:
		return &MoveError{text, "a move in SAN or long algebraic notation"}
	}
	return nil
}

// plainSAN reads the forms that make up nearly every move of a real game
// (`e4`, `exd5`, `e8=Q`, `Nf3`, `Nbd7`, `R1e2`, `Qxe7+`, `O-O`, `O-O-O#`)
// in one pass from the front, and sets *m as parseMoveSlow would; it
// reports false, leaving *m unset, for anything else (glyphs, suffixes,
// leaps, long algebraic, lenient forms, errors), which parseMoveSlow
// reads. A move is read at every ply, and the general reader's passes
// from the back over the suffixes took a sixth of the reader's time.
func plainSAN(m *record.Move, text string) bool {
	if text == "" {
		return false
	}
	var sm sanMove
	if scanSAN(text, 0, &sm) != len(text) { // -1 is no move
		return false
	}
	sm.set(m)
	m.SetText(text)
	return true
}

// sanMove is what scanSAN read of a plain move: the parts of record.Move
// that a plain move sets, in a few bytes, so that the lexer can hand them
// to the builder with the token. Its fields are record.Move's from Null
// to Plain, in the same order, of the same sizes and at the same distances
// (null, leap, convSquare, convPiece and joined as a plain move has them):
// set copies them as one run of bytes.
type sanMove struct {
	null               bool
	piece              byte
	leap               bool
	fromFile, fromRank int8
	capture            bool
	to                 record.Square
	promo              byte
	convSquare         record.Square
	convPiece          byte
	check              byte
	joined             bool
	castle             int8
	plain              bool
	// n is the move's length, past the fields that record.Move mirrors
	// and where record.Ply's Len lies (partsOf): scanSAN stores it with
	// the move, so that the lean read keeps neither the ply's address
	// nor the move's start across the call.
	n uint8
}

// scanSAN reads a plain move (plainSAN's forms) from src[i] forward, into
// *m with its length (m.n), and returns the offset after it; -1 (and *m
// undefined) when no plain move starts there: one result, which its
// callers test with the offset's own bounds (as an unsigned offset, -1 is
// past any end). It does not look at what follows the move: plainSAN asks that
// nothing does, the fast path's lexer that a delimiter does (the move is
// then the whole word).
//
// With eight bytes from src[i] (all but the last few bytes of a game's
// text), the usual forms (`e4`, `exd5`, `e8=Q`, `Nf3`, `Nxe4`, each with a
// check mark) are read in those bytes without a test of the end: the
// capture is selected, not branched on (boolbit.Int), the square's two bytes
// tested at once (squareAt) and the check mark taken from a table
// (checkMarks). Every other form, and every move nearer the end, is read
// byte by byte after them; TestScanSANWords holds the two to the same
// moves.
func scanSAN(src string, i int, m *sanMove) (end int) {
	n := len(src)
	*m = sanMove{fromFile: -1, fromRank: -1, to: record.NoSquare, convSquare: record.NoSquare, plain: true}
	if n-i >= 8 && uint(i) < uint(n) {
		// The room first: from readPlain (i is 0) it implies the
		// second test, which a call with any i needs to slice w
		// without a bounds check.
		w := src[i:]
		if c := w[0]; isPiece(c) {
			// `Nf3`, `Nxe4`; a disambiguation (`Nbd7`) is read below.
			x := boolbit.Int(w[1] == 'x')
			if v := squareAt(w, 1+x); v&^0x707 == 0 {
				m.piece, m.capture, m.to = c, x != 0, squareOf(v)
				k := checkMarks[w[3+x]]
				n := uint8(3 + x + int(k)>>5)
				m.check, m.n = k, n
				return i + int(n)
			}
		} else if c-'a' < 8 {
			// A pawn: `e4`, `exd5`, the square's bytes at 2x; an
			// optional `=Q` after it. The origin file is -1 without a
			// capture: all ones ORed in.
			x := boolbit.Int(w[1] == 'x')
			v := squareAt(w, 2*x)
			if v&^0x707 != 0 {
				return -1
			}
			m.fromFile, m.capture, m.to = int8(c-'a')|int8(x-1), x != 0, squareOf(v)
			j := 2 + 2*x
			d := w[j]
			if d == '=' {
				if p := w[j+1]; isPromoPiece(p) {
					m.promo, m.plain = p, false
					j += 2
					d = w[j]
				} else {
					return -1
				}
			}
			k := checkMarks[d]
			j += int(k) >> 5
			m.check, m.n = k, uint8(j)
			return i + j
		} else if c != 'O' {
			// Castling is read below; any other byte starts no move.
			return -1
		}
	}
	if uint(i) >= uint(n) {
		// Asked here, not by the index: inlined into readPlain, no
		// bounds check is left to call a panic, which lets readPlain go
		// without a frame.
		return -1
	}
	// Byte by byte, each index tested against the end, unsigned, both
	// when two are read: the compiler then keeps no bounds check, so
	// scanSAN calls nothing (not even a panic) and has no frame. It is
	// kept in this function, not called: readPlain, into which the
	// build's profile inlines scanSAN, calls nothing and has no frame.
	c := src[i]
	j := i + 1
	var f, r byte
	switch {
	case c >= 'a' && c <= 'h':
		// A pawn: `e4`, `exd5`, then an optional `=Q`.
		f = c
		if j < n && src[j] == 'x' {
			m.fromFile, m.capture = int8(c-'a'), true
			if j+1 >= n {
				return -1
			}
			if f = src[j+1]; f < 'a' || f > 'h' {
				return -1
			}
			j += 2
		}
		if uint(j) >= uint(n) {
			return -1
		}
		r = src[j]
		j++
		if uint(j) < uint(n) && src[j] == '=' {
			if uint(j+1) >= uint(n) || !isPromoPiece(src[j+1]) {
				return -1
			}
			m.promo, m.plain = src[j+1], false
			j += 2
		}
	case isPiece(c):
		// A piece: [file|rank][x] square.
		m.piece = c
		if uint(j) >= uint(n) || uint(j+1) >= uint(n) {
			return -1
		}
		d := src[j]
		from := false // a disambiguation read: asked of a register, not of *m
		switch {
		case d == 'x':
			m.capture = true
			j++
		case d >= 'a' && d <= 'h' && src[j+1] >= '1' && src[j+1] <= '8':
			// The square itself (`Nf3`); what may follow it (`Ng1f3`)
			// is no plain move. Its bytes are tested already: the
			// square is set here, past the tests below.
			m.to = record.MakeSquare(int(d-'a'), int(src[j+1]-'1'))
			j += 2
			goto check
		case d >= 'a' && d <= 'h':
			m.fromFile, from = int8(d-'a'), true
			j++
		case d >= '1' && d <= '8':
			m.fromRank, from = int8(d-'1'), true
			j++
		default:
			return -1
		}
		if from {
			if uint(j) < uint(n) && src[j] == 'x' {
				m.capture = true
				j++
			}
		}
		if uint(j) >= uint(n) || uint(j+1) >= uint(n) {
			// Both asked: neither index keeps a bounds check (above).
			return -1
		}
		if f, r = src[j], src[j+1]; f < 'a' || f > 'h' {
			return -1
		}
		j += 2
	case c == 'O':
		// `O-O`, `O-O-O`.
		if uint(j) >= uint(n) || uint(j+1) >= uint(n) || src[j] != '-' || src[j+1] != 'O' {
			return -1
		}
		j += 2
		m.castle = record.CastleShort
		if uint(j) < uint(n) && uint(j+1) < uint(n) && src[j] == '-' && src[j+1] == 'O' {
			j += 2
			m.castle = record.CastleLong
		}
		m.piece, m.plain = 'K', false
		goto check // no square: m.to stays NoSquare
	default:
		return -1
	}
	if r < '1' || r > '8' { // the file is tested where it is read (c for a pawn's move)
		return -1
	}
	m.to = record.MakeSquare(int(f-'a'), int(r-'1'))
check:
	if uint(j) < uint(n) {
		k := checkMarks[src[j]]
		m.check = k
		j += int(k) >> 5
	}
	m.n = uint8(j - i)
	return j
}

// squareAt is the two bytes at w[k:k+2] less `a1`, which are a square
// when v&^0x707 is 0 (squareOf gives it): both bytes tested with one
// subtraction and one mask. A square's file is then 0 to 7 in the low
// byte and its rank 0 to 7 in the high one; a file below `a` borrows and
// sets the low byte's top bit, a rank below `1` the bits above the high
// byte, and any byte above its range sets a bit the mask keeps. The test
// is the caller's, not a second result: inlined, a returned bool was
// merged and tested again, and its value spilled.
func squareAt(w string, k int) uint {
	return uint(w[k]) | uint(w[k+1])<<8 - ('1'<<8 | 'a')
}

// squareOf is the square of a squareAt that is one: the file plus eight
// times the rank, in the low byte of v + v>>5 (v>>5 is the rank times
// eight, the file's three bits shifted out).
func squareOf(v uint) record.Square { return record.Square(v + v>>5) }

// checkMarks is a byte's check mark: `+` and `#` are their own, any other
// byte 0. Both marks have bit 5 set, the 0 has not: scanSAN passes a mark
// by adding the mark's bit 5, without a test.
var checkMarks = func() (t [256]byte) {
	t['+'], t['#'] = '+', '#'
	return t
}()

// set sets *m to the move read, all but its text: record.Move.SetText
// sets that, which plainTurn's record.Node.SetMove calls with the node's
// own pointers. The move's fields from Null to Plain lie as sanMove's do
// (TestSANMoveMirrorsMove), so they are copied as one run of bytes: two
// overlapping words loaded, then stored, and set small enough to inline
// without the build's profile. Storing them field by field was a call
// there; a composite literal for the whole move is assembled on the stack
// and copied again, and clearing *m whole first costs the collector's
// barriers over the whole move whenever it is marking (the reader reuses
// its moves from game to game). TestSANMoveSetsEveryField holds set and
// SetText to every field of record.Move.
func (sm *sanMove) set(m *record.Move) {
	*(*[sanBytes]byte)(unsafe.Pointer(&m.Null)) = *(*[sanBytes]byte)(unsafe.Pointer(sm))
	m.Lenient = 0
}

// sanBytes is the size of sanMove's fields, from null to plain: what set
// copies.
const sanBytes = unsafe.Offsetof(sanMove{}.plain) + 1

// sanOf is the sanMove that set wrote into m (set's inverse): the move
// taken back by plainTurns, whose token is then read again as s.san.
func sanOf(m *record.Move) sanMove {
	return sanMove{
		null: m.Null, piece: m.Piece, leap: m.Leap, fromFile: m.FromFile, fromRank: m.FromRank,
		capture: m.Capture, to: m.To, promo: m.Promotion, convSquare: m.ConvSquare,
		convPiece: m.ConvPiece, check: m.Check, joined: m.Joined, castle: m.Castle, plain: m.Plain,
	}
}

// isTypesetDash: a dash that typesetting puts where a hyphen is meant
// (figure dash, en dash, em dash, minus sign).
func isTypesetDash(r rune) bool { return r == '‒' || r == '–' || r == '—' || r == '−' }

// typesetDashes is s with each typeset dash made a hyphen; ok is false
// (and s unchanged) when s has none.
func typesetDashes(s string) (string, bool) {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii || strings.IndexFunc(s, isTypesetDash) < 0 {
		return s, false
	}
	return strings.Map(func(r rune) rune {
		if isTypesetDash(r) {
			return '-'
		}
		return r
	}, s), true
}

// upper is an ASCII letter in upper case.
func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

func isGlyphByte(c byte) bool  { return c == '!' || c == '?' }
func isPiece(c byte) bool      { return pieceBytes[c] }
func isPromoPiece(c byte) bool { return c == 'Q' || c == 'R' || c == 'B' || c == 'N' }
func isFileByte(c byte) bool   { return c >= 'a' && c <= 'h' }
func isRankByte(c byte) bool   { return c >= '1' && c <= '8' }

// pieceBytes holds the piece letters: a table, as scanSAN asks it at
// every move that is no pawn's, where a chain of five tests costs more.
var pieceBytes = func() (t [256]bool) {
	for _, c := range []byte("KQRBN") {
		t[c] = true
	}
	return t
}()

func square(s string) (record.Square, bool) {
	if len(s) != 2 || !isFileByte(s[0]) || !isRankByte(s[1]) {
		return record.NoSquare, false
	}
	return record.MakeSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// maxQuote is the most of a token a message quotes: a huge token (a move
// of 500 KB, within --max-token) must not make a huge report.
const maxQuote = 40

// quoteToken is s, or its first maxQuote bytes (cut at a rune boundary)
// and "..." with its size.
func quoteToken(s string) string {
	if len(s) <= maxQuote {
		return s
	}
	cut := maxQuote
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d bytes)", s[:cut], len(s))
}

// partsOf is p as the sanMove that scanSAN fills: its fields lie as
// sanMove's, its Len as n (TestSANMoveMirrorsMove), so that the lean read
// reads a move and its length straight into its ply (leanMain).
func partsOf(p *record.Ply) *sanMove { return (*sanMove)(unsafe.Pointer(p)) }
