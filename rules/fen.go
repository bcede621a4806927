package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// FEN errors name what is wrong in words a user can act on. The castling
// field holds castling rights where the profile castles, and the kings'
// leap rights (K white, k black) where it does not (notation.md section 4).
// A profile with both castling and the leap (only by --set) writes the
// leap rights as L and l after the castling letters.

// ParseFEN reads a position under the settings. The halfmove and fullmove
// fields may be omitted (0 and 1).
func ParseFEN(s *Settings, fen string) (*Position, error) {
	f := strings.Fields(fen)
	if len(f) != 4 && len(f) != 6 {
		return nil, fmt.Errorf("FEN %q: want 6 fields (board, side, castling, en passant, halfmove, fullmove), found %d", fen, len(f))
	}
	p := &Position{s: s, ep: NoSquare, fullmove: 1}
	kings := [2]int{}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 8 {
		return nil, fmt.Errorf("FEN %q: the board has %d ranks, want 8", fen, len(ranks))
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
			k := KindFromLetter(ch)
			if k == NoKind {
				return nil, fmt.Errorf("FEN %q: unknown piece letter %q on rank %d (letters: K Q R B N P)", fen, string(ch), r+1)
			}
			if file > 7 {
				return nil, fmt.Errorf("FEN %q: rank %d has more than 8 squares", fen, r+1)
			}
			c := White
			if ch >= 'a' {
				c = Black
			}
			sq := MakeSquare(file, r)
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
			file++
		}
		if file != 8 {
			return nil, fmt.Errorf("FEN %q: rank %d has %d squares, want 8", fen, r+1, file)
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
		case s.Castling && strings.IndexByte("KQkq", ch) >= 0:
			c, kind := White, King
			if ch >= 'a' {
				c = Black
			}
			if ch|0x20 == 'q' {
				kind = Queen
			}
			home, rook := Square(4), Square(7)
			if kind == Queen {
				rook = 0
			}
			if c == Black {
				home, rook = home+56, rook+56
			}
			// A right the board cannot have (king or rook not at home) is
			// dropped, as python-chess and Stockfish do: it could never be
			// used, so dropping it changes no move.
			if p.board[home] == MakePiece(c, King) && p.board[rook] == MakePiece(c, Rook) {
				p.castle |= castleMaskAt(rook)
			}
		case s.KingLeap != LeapOff && ((!s.Castling && (ch == 'K' || ch == 'k')) || (s.Castling && (ch == 'L' || ch == 'l'))):
			c := White
			if ch >= 'a' {
				c = Black
			}
			p.leap[c] = true
		default:
			if s.Castling {
				return fmt.Errorf("castling field %q: letters K Q k q (castling)%s or -", field, map[bool]string{true: ", L l (leap)", false: ""}[s.KingLeap != LeapOff])
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

// FEN writes the position (notation.md section 4).
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
			if p.castle&(1<<i) != 0 {
				b = append(b, byte(l))
			}
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
