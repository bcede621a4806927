package rules

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// FEN errors name what is wrong in words a user can act on. The castling
// field holds castling rights where the profile castles, and the kings'
// leap rights (K white, k black) where it does not (docs/notation.md section 4).
// A profile with both castling and the leap (only by --set) writes the
// leap rights as L and l after the castling letters.

// ParsePlacement reads the first field of a FEN, the men on the board, as
// their letters by square (a1 = 0; 0 for an empty square). It checks only
// the field's shape and letters, not whether the rules allow the position:
// that is ParseFEN's work, and a picture (formats) needs no more than this.
func ParsePlacement(field string) ([64]byte, error) {
	var board [64]byte
	ranks := strings.Split(field, "/")
	if len(ranks) != 8 {
		return board, fmt.Errorf("the board has %d ranks, want 8", len(ranks))
	}
	for i, row := range ranks {
		r := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if ch >= '1' && ch <= '8' {
				file += int(ch - '0')
				continue
			}
			if KindFromLetter(ch) == NoKind {
				return board, fmt.Errorf("unknown piece letter %q on rank %d (letters: K Q R B N P)", string(ch), r+1)
			}
			if file > 7 {
				return board, fmt.Errorf("rank %d has more than 8 squares", r+1)
			}
			board[MakeSquare(file, r)] = ch
			file++
		}
		if file != 8 {
			return board, fmt.Errorf("rank %d has %d squares, want 8", r+1, file)
		}
	}
	return board, nil
}

// ParseFEN reads a position under the settings. The halfmove and fullmove
// fields may be omitted (0 and 1).
func ParseFEN(s *Settings, fen string) (*Position, error) {
	f := strings.Fields(fen)
	if len(f) != 4 && len(f) != 6 {
		return nil, fmt.Errorf("FEN %q: want 6 fields (board, side, castling, en passant, halfmove, fullmove), found %d", fen, len(f))
	}
	p := &Position{s: s, law: lawOf(s), ep: NoSquare, fullmove: 1}
	placement, err := ParsePlacement(f[0])
	if err != nil {
		return nil, fmt.Errorf("FEN %q: %w", fen, err)
	}
	kings := [2]int{}
	// In FEN order (rank 8 first), so that the first problem named is the
	// first one written.
	for r := 7; r >= 0; r-- {
		for file := 0; file < 8; file++ {
			sq := MakeSquare(file, r)
			ch := placement[sq]
			if ch == 0 {
				continue
			}
			k := KindFromLetter(ch)
			c := White
			if ch >= 'a' {
				c = Black
			}
			if k == King {
				kings[c]++
			}
			if k == Pawn {
				if bb(sq)&lastRank(c.Other()) != 0 {
					return nil, fmt.Errorf("FEN %q: a %s pawn on %s, its own first rank, where no pawn can stand", fen, c, sq)
				}
				if bb(sq)&lastRank(c) != 0 && s.UnavailablePromo == UnavailableForbidden {
					return nil, fmt.Errorf("FEN %q: a %s pawn on %s, its last rank: under these rules a pawn never stays there", fen, c, sq)
				}
			}
			p.put(sq, MakePiece(c, k))
		}
	}
	for c := White; c <= Black; c++ {
		if kings[c] != 1 {
			return nil, fmt.Errorf("FEN %q: %s has %d kings, want exactly one", fen, c, kings[c])
		}
	}
	switch f[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return nil, fmt.Errorf("FEN %q: side to move %q, want w or b", fen, f[1])
	}
	if err := p.parseRights(f[2]); err != nil {
		return nil, fmt.Errorf("FEN %q: %w", fen, err)
	}
	if f[3] != "-" {
		if !s.EnPassant {
			return nil, fmt.Errorf("FEN %q: en-passant square %s, but these rules have no en passant", fen, f[3])
		}
		sq, ok := ParseSquare(f[3])
		if !ok {
			return nil, fmt.Errorf("FEN %q: bad en-passant square %q", fen, f[3])
		}
		wantRank, pawnSq, from := 5, sq-8, sq+8
		if p.side == Black {
			wantRank, pawnSq, from = 2, sq+8, sq-8
		}
		if sq.Rank() != wantRank || p.board[pawnSq] != MakePiece(p.side.Other(), Pawn) ||
			p.board[sq] != NoPiece || p.board[from] != NoPiece {
			return nil, fmt.Errorf("FEN %q: en-passant square %s does not follow a double step", fen, f[3])
		}
		p.ep = sq
	}
	if len(f) == 6 {
		hm, err1 := strconv.Atoi(f[4])
		fm, err2 := strconv.Atoi(f[5])
		if err1 != nil || err2 != nil || hm < 0 || fm < 0 {
			return nil, fmt.Errorf("FEN %q: bad move counters %q %q", fen, f[4], f[5])
		}
		if fm == 0 {
			// lichess studies write "1 0"; python-chess and others read a
			// move number 0 as 1.
			fm = 1
		}
		p.halfmove, p.fullmove = hm, fm
	}
	if p.attacked(p.kingSq[p.side.Other()], p.side) {
		return nil, fmt.Errorf("FEN %q: %s is in check but it is %s's turn", fen, p.side.Other(), p.side)
	}
	// A king in check in the start position has been checked.
	p.checkLoss(0, p.side)
	return p, nil
}

func (p *Position) parseRights(field string) error {
	s := p.s
	if field == "-" {
		for c := White; c <= Black; c++ {
			if s.KingLeap != LeapOff {
				p.leapLost[c] = leapLoss{why: leapLostStart}
			}
		}
		return nil
	}
	for i := 0; i < len(field); i++ {
		ch := field[i]
		switch {
		case s.Castling && (strings.IndexByte("KQkq", ch) >= 0 || ch|0x20 >= 'a' && ch|0x20 <= 'h'):
			p.addCastlingRight(ch)
		case s.KingLeap != LeapOff && ((!s.Castling && (ch == 'K' || ch == 'k')) || (s.Castling && (ch == 'L' || ch == 'l'))):
			c := White
			if ch >= 'a' {
				c = Black
			}
			p.leap[c] = 1
		default:
			if s.Castling {
				return fmt.Errorf("castling field %q: letters K Q k q or A-H a-h (castling)%s or -", field, map[bool]string{true: ", L l (leap)", false: ""}[s.KingLeap != LeapOff])
			}
			if s.KingLeap != LeapOff {
				return fmt.Errorf("castling field %q: these rules have no castling; it holds the kings' leap rights, K and k, or -", field)
			}
			return fmt.Errorf("castling field %q: these rules have neither castling nor a king's leap, want -", field)
		}
	}
	for c := White; c <= Black; c++ {
		if s.KingLeap != LeapOff && p.leap[c] == 0 {
			p.leapLost[c] = leapLoss{why: leapLostStart}
		}
	}
	return nil
}

// addCastlingRight reads one castling letter: K/Q the outermost rook on the
// king's h-side/a-side of the first rank (X-FEN), A-H the rook on that file
// (Shredder-FEN); lower case for Black. A right the board cannot have (king
// not on its first rank, no such rook) is dropped, as python-chess and
// Stockfish do: it could never be used, so dropping it changes no move.
func (p *Position) addCastlingRight(ch byte) {
	c := White
	if ch >= 'a' {
		c = Black
	}
	r := 0
	if c == Black {
		r = 7
	}
	k := p.kingSq[c]
	if k.Rank() != r {
		return
	}
	rook := MakePiece(c, Rook)
	file := -1
	switch ch | 0x20 {
	case 'k':
		for f := 7; f > k.File(); f-- {
			if p.board[MakeSquare(f, r)] == rook {
				file = f
				break
			}
		}
	case 'q':
		for f := 0; f < k.File(); f++ {
			if p.board[MakeSquare(f, r)] == rook {
				file = f
				break
			}
		}
	default:
		if f := int(ch|0x20) - 'a'; f != k.File() && p.board[MakeSquare(f, r)] == rook {
			file = f
		}
	}
	if file < 0 {
		return
	}
	bit := 0
	if file < k.File() {
		bit = 1
	}
	bit += 2 * int(c)
	p.castle |= 1 << bit
	p.castleRook[bit] = MakeSquare(file, r)
}

// FEN writes the position (docs/notation.md section 4).
func (p *Position) FEN() string {
	var buf [96]byte
	return string(p.AppendFEN(buf[:0]))
}

// AppendFEN appends the position's FEN (as FEN) to b: a writer of many
// positions reuses one buffer instead of a string per position, and one
// that writes a FEN a ply keeps a FENWriter, which writes again only what
// changed.
func (p *Position) AppendFEN(b []byte) []byte {
	var w FENWriter
	return w.Append(b, p)
}

// appendFields appends what follows the placement in a FEN: the side, the
// rights (through w, which keeps them), the en-passant square and the
// counters, each with the space before it.
func (p *Position) appendFields(b []byte, w *FENWriter) []byte {
	side := byte('w')
	if p.side != White {
		side = 'b'
	}
	b = append(b, ' ', side, ' ')
	if p.castle == 0 && p.leap[White] == 0 && p.leap[Black] == 0 {
		// No right to write: most positions of a game.
		b = append(b, '-')
	} else {
		b = w.appendRights(b, p)
	}
	if ep := p.ep; ep >= 0 && ep < 64 {
		b = append(b, ' ', byte('a'+ep.File()), byte('1'+ep.Rank()), ' ')
	} else {
		b = append(b, ' ', '-', ' ')
	}
	// The counters are nearly always under 100: their digits are
	// appended as bytes.
	appendCount := func(b []byte, v int) []byte {
		switch {
		case v >= 0 && v < 10:
			return append(b, byte('0'+v))
		case v >= 10 && v < 100:
			return append(b, byte('0'+v/10), byte('0'+v%10))
		}
		return strconv.AppendInt(b, int64(v), 10)
	}
	b = append(appendCount(b, p.halfmove), ' ')
	return appendCount(b, p.fullmove)
}

// FENWriter writes FENs as AppendFEN does, for a writer of one FEN a ply:
// from one ply to the next most ranks of the board are as they were, so it
// keeps each rank's text with the rank's men it was written from, and
// writes a rank again only when its men differ. The zero FENWriter is
// ready; it holds nothing of the positions but those few words, and any
// position may follow any other.
type FENWriter struct {
	// men[r] is the eight squares (Piece bytes, file a lowest) that
	// rank r's text was written from, complemented: the zero value
	// stands for eight 0xff bytes, which no board holds, so that a new
	// writer writes each rank.
	men [8]uint64
	// text[r] is rank r's FEN text (file a lowest, zero past its
	// length), size[r] its length.
	text [8]uint64
	size [8]uint8
	// rightsOf is what the rights field was last written from
	// (rightsOf), rights its text (its first letter lowest) and
	// rightsSize its length. The zero key is that of no rights, which
	// are never written through it.
	rightsOf   [2]uint64
	rights     uint64
	rightsSize uint8
}

// Append appends p's FEN to b, the same bytes as p.AppendFEN(b).
func (w *FENWriter) Append(b []byte, p *Position) []byte {
	// Each rank's text is stored as a word of 8 bytes and its '/'
	// after it: at most 8*9 bytes and the last word's 7 past them.
	b = slices.Grow(b, 128)
	out := (*[128]byte)(b[len(b) : len(b)+128])
	n := 0
	board, men, text, size := &p.board, &w.men, &w.text, &w.size
	for r := 7; r >= 0; r-- {
		x := rankMen(board, r)
		if x != ^men[r] {
			men[r] = ^x
			text[r], size[r] = rankText(x)
		}
		binary.LittleEndian.PutUint64(out[n&63:], text[r])
		n += int(size[r])
		out[n&127] = '/'
		n++
	}
	// Less the '/' after rank 1.
	return p.appendFields(b[:len(b)+n-1], w)
}

// appendRights is p.appendRights(b), written again only when what it is
// written from differs from the last position's.
func (w *FENWriter) appendRights(b []byte, p *Position) []byte {
	if k := rightsOf(p); k != w.rightsOf {
		var t [16]byte
		r := p.appendRights(t[:0])
		w.rightsOf, w.rights, w.rightsSize = k, binary.LittleEndian.Uint64(t[:8]), uint8(len(r))
	}
	// At most six letters (KQkq and Ll): the word, cut to them.
	n := len(b) + int(w.rightsSize)
	return binary.LittleEndian.AppendUint64(b, w.rights)[:n]
}

// rightsOf is all that appendRights reads of p: the rights and whether
// the profile castles, the castling rooks' squares, and the rooks on each
// side's first rank (which make a right's letter its rook's file).
func rightsOf(p *Position) [2]uint64 {
	var castles uint64
	if p.s.Castling {
		castles = 1
	}
	rooks := uint64(uint8(p.castleRook[0])) | uint64(uint8(p.castleRook[1]))<<8 |
		uint64(uint8(p.castleRook[2]))<<16 | uint64(uint8(p.castleRook[3]))<<24
	return [2]uint64{
		uint64(p.castle) | uint64(p.leap[White])<<8 | uint64(p.leap[Black])<<16 | castles<<24 | rooks<<32,
		p.byKind[Rook] & (p.byColor[White]&rank1 | p.byColor[Black]&rank8),
	}
}

// rankMen is rank r's eight squares as a word, file a lowest.
func rankMen(board *[64]Piece, r int) uint64 {
	q := (*[8]Piece)(board[(r&7)*8:])
	return uint64(q[0]) | uint64(q[1])<<8 | uint64(q[2])<<16 | uint64(q[3])<<24 |
		uint64(q[4])<<32 | uint64(q[5])<<40 | uint64(q[6])<<48 | uint64(q[7])<<56
}

// rankText is the FEN text of a rank whose squares are x (rankMen): its
// bytes as a word, file a lowest, and its length.
func rankText(x uint64) (uint64, uint8) {
	var t [16]byte
	// The occupied squares, bit 0 of each one's byte (a Piece is under
	// 16), visited in order; next is the file after the last man. A run
	// of empty squares before a man, or after the last, is written as a
	// digit whether or not there is one, and counted only when there is:
	// no branch on it to mispredict.
	occ := (x | x>>1 | x>>2 | x>>3) & 0x0101010101010101
	n, next := 0, 0
	for ; occ != 0; occ &= occ - 1 {
		i := bits.TrailingZeros64(occ)
		run := i>>3 - next
		t[n&15] = byte('0' + run)
		n += min(run, 1)
		t[n&15] = fenLetters[(x>>(i&63))&15]
		n++
		next = i>>3 + 1
	}
	t[n&15] = byte('0' + 8 - next)
	n += min(8-next, 1)
	return binary.LittleEndian.Uint64(t[:8]), uint8(n)
}

// fenLetters is Piece.FENLetter for every piece value, looked up at each
// square of each FEN written.
var fenLetters = func() (l [16]byte) {
	for i := range l {
		if k := Piece(i).Kind(); k <= King {
			l[i] = Piece(i).FENLetter()
		}
	}
	return l
}()

func (p *Position) rightsField() string { return string(p.appendRights(nil)) }

// appendRights appends the FEN's castling and leap rights field.
func (p *Position) appendRights(b []byte) []byte {
	start := len(b)
	if p.s.Castling {
		// The rights in the order K Q k q: the bits of castle, each
		// visited once.
		for c := p.castle & 15; c != 0; c &= c - 1 {
			i := bits.TrailingZeros8(c) & 3
			l := "KQkq"[i]
			// X-FEN: the letter K/Q unless another rook stands further out
			// on that side, then the rook's file (Shredder style).
			rs := p.castleRook[i]
			// Direction 1 for the short side (even bits), 5 for the long.
			outer := ray(1+4*(i&1), rs)
			rank := rank1 << (56 * uint(i>>1))
			if outer&rank&p.byKind[Rook]&p.byColor[i>>1] != 0 {
				l = byte('A' + rs.File())
				if i >= 2 {
					l += 'a' - 'A'
				}
			}
			b = append(b, l)
		}
	}
	wl, bl := byte('K'), byte('k')
	if p.s.Castling {
		wl, bl = 'L', 'l'
	}
	if p.leap[White] != 0 {
		b = append(b, wl)
	}
	if p.leap[Black] != 0 {
		b = append(b, bl)
	}
	if len(b) == start {
		b = append(b, '-')
	}
	return b
}

// StartFEN reads the start position of a record (its FEN tag): ParseFEN,
// then what makes a position impossible in a game under s (docs/rules-engine.md,
// "FEN"): more men of a kind than the start array and the
// promotion rule allow, a waiting pawn whose piece is available. Castling
// rights whose king and rook do not stand on their initial squares are
// dropped, each with a note for a warning: such a right comes from a
// Chess960 position or a careless editor, and could only move men in a
// way no game of the profile can. (ParseFEN, for perft and pictures,
// keeps Chess960 rights.)
func StartFEN(s *Settings, fen string) (*Position, []string, error) {
	p, err := ParseFEN(s, fen)
	if err != nil {
		return nil, nil, err
	}
	for c := White; c <= Black; c++ {
		if msg := p.impossibleMen(c); msg != "" {
			return nil, nil, fmt.Errorf("FEN %q: %s", fen, msg)
		}
	}
	var notes []string
	if s.Castling {
		notes = p.dropUnusableRights(strings.Fields(fen)[2])
	}
	return p, notes, nil
}

// impossibleMen says why colour c's men cannot stand on the board in a
// game under the settings ("" when they can).
func (p *Position) impossibleMen(c Color) string {
	s := p.s
	pawns := p.Count(c, Pawn)
	if pawns > InitialCount(Pawn) {
		return fmt.Sprintf("%s has %d pawns; a side starts with %d and never gains one", c, pawns, InitialCount(Pawn))
	}
	promoted := 0
	for _, k := range promoOrder {
		extra := p.Count(c, k) - InitialCount(k)
		if extra <= 0 {
			continue
		}
		name := p.manName(k)
		switch {
		case s.PromotionLimit != LimitNone:
			return fmt.Sprintf("%s has %d %ss; it started with %d, and under promotion-limit=%s a promotion never gives a side more of a kind than it started with",
				c, p.Count(c, k), name, InitialCount(k), s.Get("promotion-limit"))
		case !s.promotable(c, k):
			return fmt.Sprintf("%s has %d %ss; it started with %d, and under promotion=%s no pawn becomes a %s",
				c, p.Count(c, k), name, InitialCount(k), s.Get("promotion"), name)
		}
		promoted += extra
	}
	if pawns+promoted > InitialCount(Pawn) {
		men := "men"
		if promoted == 1 {
			men = "man"
		}
		return fmt.Sprintf("%s has %d pawns and %d promoted %s beyond its start array: more than the %d pawns it started with",
			c, pawns, promoted, men, InitialCount(Pawn))
	}
	if s.PromotionLimit == LimitLostSameColour {
		if b := p.byColor[c] & p.byKind[Bishop]; popcount(b&lightSquares) > 1 || popcount(b&^lightSquares) > 1 {
			return fmt.Sprintf("%s has two %ss on squares of one colour; under promotion-limit=lost-same-colour a side never has more than its start array's one of each colour",
				c, p.manName(Bishop))
		}
	}
	if s.UnavailablePromo == UnavailableWait {
		own := p.men(c)
		for _, w := range p.WaitingPawns(c) {
			if ks := s.available(c, w, &own); ks != 0 {
				return fmt.Sprintf("the %s pawn on %s waits on its last rank, but %s has %s available: it would have been promoted or converted",
					c, w, c, p.kindList(ks))
			}
		}
	}
	return ""
}

// promotable reports whether a pawn of colour c can become a k on some
// square of its last rank under the promotion setting.
func (s *Settings) promotable(c Color, k Kind) bool {
	for f := 0; f < 8; f++ {
		sq := MakeSquare(f, 7)
		if c == Black {
			sq = MakeSquare(f, 0)
		}
		if s.promoKinds(c, sq).has(k) {
			return true
		}
	}
	return false
}

// dropUnusableRights keeps a castling right only where the king and that
// rook stand on their squares of the initial array, and notes each right
// of the field that is dropped.
func (p *Position) dropUnusableRights(field string) []string {
	if field == "-" {
		return nil
	}
	var notes []string
	seen := uint8(0)
	for i := 0; i < len(field); i++ {
		ch := field[i]
		c, r := White, 0
		if ch >= 'a' {
			c, r = Black, 7
		}
		short := true
		switch ch | 0x20 {
		case 'k':
		case 'q':
			short = false
		default:
			f := int(ch|0x20) - 'a'
			if f < 0 || f > 7 {
				continue // a leap right (L, l)
			}
			short = f > p.kingSq[c].File()
			if f != 0 && f != 7 {
				// A Chess960 rook: never an initial square here.
				short = f > backKingFile(p.s.Setup, c)
			}
		}
		bit := uint8(castleWK)
		side, rookFile := "king-side", 7
		if !short {
			bit, side, rookFile = castleWQ, "queen-side", 0
		}
		bit <<= 2 * uint(c)
		if seen&bit != 0 {
			continue
		}
		seen |= bit
		kingSq := MakeSquare(backKingFile(p.s.Setup, c), r)
		rookSq := MakeSquare(rookFile, r)
		i := trailing(uint64(bit))
		ok := p.castle&bit != 0 && p.kingSq[c] == kingSq && p.castleRook[i] == rookSq &&
			p.board[rookSq] == MakePiece(c, Rook)
		if ok {
			continue
		}
		p.castle &^= bit
		why := fmt.Sprintf("the %s king is not on %s", c, kingSq)
		if p.kingSq[c] == kingSq {
			why = fmt.Sprintf("no %s rook stands on %s", c, rookSq)
		}
		notes = append(notes, fmt.Sprintf("the FEN's castling field gives %s the right to castle %s (%c), but %s: the right is dropped",
			c, side, ch, why))
	}
	return notes
}

// backKingFile is the file of colour c's king in the initial array.
func backKingFile(setup Setup, c Color) int {
	for f, k := range backRank(setup, c) {
		if k == King {
			return f
		}
	}
	return 4
}

// IsInitialArray reports whether p is the profile's initial array with
// White to move at move 1 and every initial right: a game that starts
// from it starts exactly as one without a FEN (the triple opening
// included; docs/rules-engine.md).
func (p *Position) IsInitialArray() bool {
	q := NewPosition(p.s)
	return p.board == q.board && p.side == q.side && p.leap == q.leap && p.castle == q.castle &&
		p.ep == NoSquare && p.fullmove == 1
}
