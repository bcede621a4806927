package rules

import (
	"fmt"

	"github.com/ashtapada/ashtapada/internal/boolbit"
)

// Position is the whole state the rules need: board, side to move, leap and
// castling rights, en-passant square, clocks. It is a value: copying it (or
// Copy) gives an independent position, which is how the move generator
// tries moves without undo bookkeeping.
type Position struct {
	s       *Settings
	board   [64]Piece
	byColor [2]uint64
	byKind  [8]uint64 // index Kind (Kind() & 7, no bounds test); 0 and 7 unused
	kingSq  [2]Square
	side    Color
	// leap[c]: 1 when colour c's king may still make its knight leap, 0
	// when not (bytes, not bools: see castle).
	leap [2]uint8
	// castle follows side and leap: the repetition key's keyMeta takes
	// the four bytes in that order, which the build reads as one word.
	castle uint8 // bits: 1 white short, 2 white long, 4 black short, 8 black long
	// law is the settings' tests the legality shortcuts make, folded
	// (lawOf(s)).
	law law
	// leapLost records why and when a right went (for messages).
	leapLost [2]leapLoss
	// castleRook[i] is the rook of castling right bit i (h1, a1, h8, a8 in
	// the initial array; other files in Chess960-style FENs).
	castleRook [4]Square
	ep         Square
	halfmove   int
	fullmove   int
}

type leapLossWhy uint8

const (
	leapNotLost leapLossWhy = iota
	leapLostUsed
	leapLostChecked
	leapLostStart // absent from the FEN's castling field
)

type leapLoss struct {
	move int // full move number when it happened
	why  leapLossWhy
	side Color // side to move when it happened
}

const (
	castleWK uint8 = 1 << iota
	castleWQ
	castleBK
	castleBQ
)

// backRank is the initial first rank of colour c under a setup, file a..h.
func backRank(setup Setup, c Color) [8]Kind {
	r := [8]Kind{Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook}
	switch {
	case setup == SetupShatranj, setup == SetupCrossed && c == Black:
		r[3], r[4] = King, Queen
	}
	return r
}

// InitialCount is how many men of a kind a side starts with (every setup
// has the same men).
func InitialCount(k Kind) int {
	switch k {
	case Pawn:
		return 8
	case Queen, King:
		return 1
	}
	return 2
}

// NewPosition is the profile's initial array, White to move, every leap and
// castling right present.
func NewPosition(s *Settings) *Position {
	p := &Position{}
	p.setInitial(s)
	return p
}

// setInitial makes p the profile's initial array (NewPosition), in place.
func (p *Position) setInitial(s *Settings) {
	if int(s.Setup) < len(initialMen) {
		*p = initialMen[s.Setup]
	} else {
		*p = Position{}
		p.placeInitial(s.Setup)
	}
	p.s, p.law, p.ep, p.fullmove = s, lawOf(s), NoSquare, 1
	leap := s.KingLeap != LeapOff
	p.leap = [2]uint8{boolbit.Uint8(leap), boolbit.Uint8(leap)}
	if s.Castling {
		p.castle = castleWK | castleWQ | castleBK | castleBQ
		p.castleRook = [4]Square{7, 0, 63, 56}
	}
}

// initialMen is, for each setup, a position of nothing but its initial
// array's men: every game starts from one, and a copy of the board and
// bitboards costs less than putting 32 men on them.
var initialMen [SetupShatranj + 1]Position

func init() {
	for i := range initialMen {
		initialMen[i].placeInitial(Setup(i))
	}
}

// placeInitial puts the men of setup's initial array on p's board.
func (p *Position) placeInitial(setup Setup) {
	for c := White; c <= Black; c++ {
		br := backRank(setup, c)
		r1, r2 := 0, 1
		if c == Black {
			r1, r2 = 7, 6
		}
		for f := 0; f < 8; f++ {
			p.put(MakeSquare(f, r1), MakePiece(c, br[f]))
			p.put(MakeSquare(f, r2), MakePiece(c, Pawn))
		}
	}
}

func (p *Position) put(s Square, pc Piece) {
	p.board[s] = pc
	b := bb(s)
	p.byColor[pc.Color()] |= b
	p.byKind[pc.Kind()] |= b
	if pc.Kind() == King {
		p.kingSq[pc.Color()] = s
	}
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	if pc == NoPiece {
		return
	}
	b := bb(s)
	p.byColor[pc.Color()] &^= b
	p.byKind[pc.Kind()] &^= b
	p.board[s] = NoPiece
}

// Copy returns an independent copy.
func (p *Position) Copy() *Position { q := *p; return &q }

// Settings are the rules the position is played under.
func (p *Position) Settings() *Settings { return p.s }

// SideToMove is the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// At is the man on a square (NoPiece when empty or off the board).
func (p *Position) At(sq Square) Piece {
	if sq < 0 || sq > 63 {
		return NoPiece
	}
	return p.board[sq]
}

// KingSquare is where colour c's king stands.
func (p *Position) KingSquare(c Color) Square { return p.kingSq[c] }

// LeapRight reports whether colour c's king may still make its knight leap
// (always false when the profile has no leap).
func (p *Position) LeapRight(c Color) bool { return p.leap[c] != 0 }

// FlagEnPassant is the en-passant target square, NoSquare if none.
func (p *Position) EnPassant() Square { return p.ep }

// HalfmoveClock counts plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.halfmove }

// FullmoveNumber is the FEN move number.
func (p *Position) FullmoveNumber() int { return p.fullmove }

// Count is how many men of a kind colour c has on the board.
func (p *Position) Count(c Color, k Kind) int { return popcount(p.byColor[c] & p.byKind[k]) }

// Men is the squares of colour c's men of a kind, as a bit set (bit s for
// square s), so that a caller finds them without scanning the board.
func (p *Position) Men(c Color, k Kind) uint64 { return p.byColor[c] & p.byKind[k] }

// WaitingPawns are colour c's pawns on their last rank (waiting, or staying
// for good under unavailable-promotion=stay).
func (p *Position) WaitingPawns(c Color) []Square {
	var out []Square
	for x := p.byColor[c] & p.byKind[Pawn] & lastRank(c); x != 0; x &= x - 1 {
		out = append(out, Square(trailing(x)))
	}
	return out
}

// pieceCount counts colour c's men other than king and pawns.
func (p *Position) pieceCount(c Color) int { return popcount(p.pieces(c)) }

// pieces is colour c's men other than king and pawns.
func (p *Position) pieces(c Color) uint64 {
	return p.byColor[c] &^ p.byKind[Pawn] &^ p.byKind[King]
}

// Play applies a legal move and passes the turn.
func (p *Position) Play(m Move) {
	p.apply(m)
	p.passTurn()
}

// passTurn passes the turn after a move that apply has made: the move
// number goes up after Black's (1), not White's (0). A check the move
// gave costs the checked king his leap right (checkLoss, checkLossPlayed).
// One call for both: each inlined call on a line of its own costs a
// no-op (apply says why).
func (p *Position) passTurn() {
	p.passSide()
	if p.law&lawLeapChecked != 0 {
		p.checkLossPlayed()
	}
}

// passSide is passTurn without the king-leap rule's test, for
// History.record, which asks it with the other rare rules' at once. The
// side is added unmasked: it is White or Black (0 or 1) in every
// position (FEN, the initial array, a turn's pass, an undo).
func (p *Position) passSide() {
	p.fullmove += int(p.side)
	p.side ^= 1
}

// checkLossPlayed is checkLoss once the turn has passed (passTurn,
// History.record): the mover is the side not to move, and the number of
// his move one less than the position's after a move of Black's (apply
// changes neither). Worked out only under the rule, rather than kept
// across apply at every move; out of line, so that passTurn stays small
// enough to be inlined.
//
//go:noinline
func (p *Position) checkLossPlayed() {
	mover := p.side ^ 1
	p.loseCheckedLeaps(p.fullmove-int(mover), mover)
}

// PlayKeepTurn applies a move and leaves the same side to move (compound
// turns). A check it gives still costs the checked king its leap right.
func (p *Position) PlayKeepTurn(m Move) {
	p.apply(m)
	p.checkLoss(p.fullmove, p.side)
}

// checkLoss removes the leap right of every king now in check under
// king-leap=never-checked ("being in check at any moment"); move and side
// name the move that gave the check (0 for a start position). Small enough
// to be inlined: every move asks it, and most profiles have no such rule.
func (p *Position) checkLoss(move int, side Color) {
	if p.law&lawLeapChecked != 0 {
		p.loseCheckedLeaps(move, side)
	}
}

func (p *Position) loseCheckedLeaps(move int, side Color) {
	for c := White; c <= Black; c++ {
		if p.leap[c] != 0 && p.attacked(p.kingSq[c], c.Other()) {
			p.leap[c] = 0
			p.leapLost[c] = leapLoss{why: leapLostChecked, move: move, side: side}
		}
	}
}

// apply makes the move's board changes, rights and clocks; no turn change.
// men: the move took a man, or it promotes or converts (History.record
// then counts the men again; only applyRare's moves promote or convert),
// or it was ignored (off the board).
// A move of one man from square to square that may take what stands
// there, as most moves are, is made here; the others (castling, en
// passant, a promotion, a conversion, the king's leap) take applyRare,
// which makes that part of theirs here too. Kept apart, the rare cases'
// calls and the move's further fields no longer crowd the registers of
// the common one where History.PlayMayCheck inlines it.
func (p *Position) apply(m Move) (men bool) {
	if m.Flags&(FlagCastleShort|FlagCastleLong|FlagEnPassant|FlagLeap) != 0 || m.Promotion|m.ConvKind != NoKind {
		return p.applyRare(m)
	}
	// A move off the board or from an empty square is ignored rather than
	// allowed to corrupt the position (no panic on any input); men says
	// so too (History.record).
	if uint8(m.From) > 63 || uint8(m.To) > 63 || p.board[m.From] == NoPiece {
		return true
	}
	pc := p.board[m.From]
	k := uint(pc.Kind())
	// The kind is taken once, as wide as the index it is: asked as a Kind
	// for the compares, it was a second value for the index. The colour
	// (and the squares' bits) are asked where they are used: the build
	// keeps a no-op for an inlined call on a line it has no other code
	// for, one at every move.
	p.halfmove++
	if k == uint(Pawn) {
		p.halfmove = 0
	}
	if c := p.board[m.To]; c != NoPiece {
		// Taken off its bitboards only: the mover's man overwrites it on
		// the board below.
		t := bb(m.To)
		p.byColor[c.Color()] &^= t
		p.byKind[c.Kind()] &^= t
		p.halfmove, men = 0, true
		// Losing a castling rook ends castling on that side.
		p.castle &^= p.castleMaskAt(m.To)
	}
	// remove(m.From) and put(m.To, pc), with what they would look up
	// again (the man, his colour and kind) at hand: a man leaves From and
	// lands on To in one store to each of his bitboards.
	p.board[m.From] = NoPiece
	p.byColor[pc.Color()] = p.byColor[pc.Color()]&^bb(m.From) | bb(m.To)
	p.byKind[k] = p.byKind[k]&^bb(m.From) | bb(m.To)
	p.board[m.To] = pc
	if k == uint(King) {
		p.kingSq[pc.Color()] = m.To
	}
	if p.castle != 0 {
		// Most of a game: no right left to lose. While a right is left
		// its rook stands on its square (castleRook): only the king's
		// move or that rook's loses it.
		switch k {
		case uint(King):
			// The side read here, not kept from the start: at most
			// moves it would wait on the stack for this case.
			p.castle &^= (castleWK | castleWQ) << (2 * (p.side & 1))
		case uint(Rook):
			p.castle &^= p.castleMaskAt(m.From)
		}
	}
	p.ep = NoSquare
	// Without en passant no square is ever open to it (en-passant=no).
	if m.Flags&FlagDoubleStep != 0 && p.s.EnPassant {
		p.ep = (m.From + m.To) / 2
	}
	return
}

// applyRare is apply for castling, en passant, a promotion, a conversion
// and the king's leap: what each does besides moving its man, around
// apply's move of him from From to To (a plain move, the same squares).
// men is apply's, true for every promotion and conversion as written
// (also one the position leaves unmade).
//
//go:noinline
func (p *Position) applyRare(m Move) (men bool) {
	men = m.Promotion|m.ConvKind != NoKind
	if uint8(m.From) > 63 || uint8(m.To) > 63 || p.board[m.From] == NoPiece {
		return true // ignored, as apply says
	}
	us := p.side & 1
	if m.Flags&(FlagCastleShort|FlagCastleLong) != 0 {
		p.halfmove++
		if p.board[m.From].Kind() == Pawn {
			p.halfmove = 0
		}
		p.applyCastle(m)
		return
	}
	if m.Flags&FlagEnPassant != 0 {
		cap := m.To - 8
		if us == Black {
			cap = m.To + 8
		}
		p.remove(cap)
		men = true
	}
	if p.apply(NewMove(m.From, m.To, m.Flags&FlagDoubleStep)) {
		men = true
	}
	if m.Promotion != NoKind && m.Flags&FlagWaitingMove == 0 {
		p.remove(m.To)
		p.put(m.To, MakePiece(us, m.Promotion))
		if m.Promotion == King && p.castle != 0 {
			// A man who becomes the king ends his side's castling, as
			// the king's own move does.
			p.castle &^= (castleWK | castleWQ) << (2 * us)
		}
	}
	if m.HasConversion() {
		if w := p.board[m.ConvSquare]; w.Kind() == Pawn {
			p.remove(m.ConvSquare)
			p.put(m.ConvSquare, MakePiece(w.Color(), m.ConvKind))
		}
	}
	if m.Flags&FlagLeap != 0 && p.leap[us] != 0 {
		p.leap[us] = 0
		p.leapLost[us] = leapLoss{why: leapLostUsed, move: p.fullmove, side: us}
	}
	return
}

// castleMaskAt is the castling rights lost when a man leaves or is taken
// on s (a castling rook).
func (p *Position) castleMaskAt(s Square) uint8 {
	if p.castle == 0 {
		return 0 // most of a game: no right left to lose
	}
	// Unrolled: every move of a game with a right left asks this twice.
	var m uint8
	r := &p.castleRook
	if r[0] == s {
		m |= 1
	}
	if r[1] == s {
		m |= 2
	}
	if r[2] == s {
		m |= 4
	}
	if r[3] == s {
		m |= 8
	}
	return m & p.castle
}

// castleSquares gives, for colour c's short or long castling, the rook's
// square and where king and rook end (g/f or c/d file of the first rank:
// castleTargets, which plainTo asks, holds the king's).
func (p *Position) castleSquares(c Color, short bool) (rook, kingTo, rookTo Square) {
	bit, r := 0, Square(0)
	if !short {
		bit = 1
	}
	if c == Black {
		bit += 2
		r = 56
	}
	if short {
		return p.castleRook[bit], r + 6, r + 5
	}
	return p.castleRook[bit], r + 2, r + 3
}

// applyCastle moves king and rook (either may land where the other stood).
func (p *Position) applyCastle(m Move) {
	us := p.side
	rook, kingTo, rookTo := p.castleSquares(us, m.Flags&FlagCastleShort != 0)
	p.remove(m.From)
	p.remove(rook)
	p.put(kingTo, MakePiece(us, King))
	p.put(rookTo, MakePiece(us, Rook))
	p.castle &^= (castleWK | castleWQ) << (2 * us)
	p.ep = NoSquare
}

// leapLossText says why colour c's right is gone, for messages.
func (p *Position) leapLossText(c Color) string {
	l := p.leapLost[c]
	when := ""
	if l.move > 0 {
		when = fmt.Sprintf(" at move %d", l.move)
		if l.side == Black {
			when = fmt.Sprintf(" at move %d...", l.move)
		}
	}
	switch l.why {
	case leapLostUsed:
		return "the king has already made its knight leap" + when
	case leapLostChecked:
		if l.move == 0 {
			return "the king was in check in the starting position and has no knight leap"
		}
		return "the king was checked" + when + " and has lost its knight leap"
	case leapLostStart:
		return "the starting position gives this king no knight leap"
	}
	if p.s.KingLeap == LeapOff {
		return "the king has no knight leap under these rules"
	}
	return "the king has no knight leap left"
}

// LeapNote says why colour c's king has no knight leap ("" while it has
// one): used, lost by a check (and when), absent from the start position,
// or not in these rules. For `show` and messages.
func (p *Position) LeapNote(c Color) string {
	if p.leap[c] != 0 {
		return ""
	}
	return p.leapLossText(c)
}

// PromotionChoices is what a pawn of colour c reaching square to could
// become now (promotion and promotion-limit), in the order Q R B N; empty
// when none is available.
func (p *Position) PromotionChoices(c Color, to Square) []Kind {
	if to < 0 || to > 63 {
		return nil
	}
	m := p.men(c)
	ks := p.s.available(c, to, &m)
	var out []Kind
	for _, k := range promoOrder {
		if ks.has(k) {
			out = append(out, k)
		}
	}
	return out
}
