package rules

import (
	"fmt"
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
	p := &Position{s: s, ep: NoSquare, fullmove: 1}
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
			p.leap[c] = true
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
		if s.KingLeap != LeapOff && !p.leap[c] {
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
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[MakeSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.FENLetter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.side == White {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	b.WriteString(p.rightsField())
	b.WriteByte(' ')
	b.WriteString(p.ep.String())
	fmt.Fprintf(&b, " %d %d", p.halfmove, p.fullmove)
	return b.String()
}

func (p *Position) rightsField() string {
	var b []byte
	if p.s.Castling {
		for i, l := range "KQkq" {
			if p.castle&(1<<i) == 0 {
				continue
			}
			// X-FEN: the letter K/Q unless another rook stands further out
			// on that side, then the rook's file (Shredder style).
			rs := p.castleRook[i]
			outer := rays[1][rs]
			if i&1 == 1 {
				outer = rays[5][rs]
			}
			rank := rank1 << (56 * uint(i>>1))
			if outer&rank&p.byKind[Rook]&p.byColor[i>>1] != 0 {
				l = rune('A' + rs.File())
				if i >= 2 {
					l += 'a' - 'A'
				}
			}
			b = append(b, byte(l))
		}
	}
	wl, bl := byte('K'), byte('k')
	if p.s.Castling {
		wl, bl = 'L', 'l'
	}
	if p.leap[White] {
		b = append(b, wl)
	}
	if p.leap[Black] {
		b = append(b, bl)
	}
	if len(b) == 0 {
		return "-"
	}
	return string(b)
}
