package rules

import (
	"fmt"
	"strings"

	"github.com/ashtapada/ashtapada/ruleid"
)

// Violation says why a move is not legal: Rule is a stable rule id of
// docs/cli.md, Message a sentence a historian understands.
type Violation struct {
	Rule    string
	Message string
}

func (v *Violation) Error() string { return v.Message + " [" + v.Rule + "]" }

func violation(rule, format string, args ...any) *Violation {
	return &Violation{Rule: rule, Message: fmt.Sprintf(format, args...)}
}

// sameMove compares every field that tells moves apart.
func sameMove(a, b Move) bool {
	return a.From == b.From && a.To == b.To && a.Promotion == b.Promotion && a.Flags == b.Flags &&
		a.HasConversion() == b.HasConversion() && (!a.HasConversion() || a.ConvSquare == b.ConvSquare && a.ConvKind == b.ConvKind)
}

// manName is a man as a sentence names it, in this profile's terms.
func (p *Position) manName(k Kind) string { return p.s.ManName(k) }

// ManName is a man as a sentence names it under s: the counsellor and
// elephant of the old games are not a queen and a bishop.
func (s *Settings) ManName(k Kind) string {
	switch k {
	case Queen:
		if s.Counsellor == CounsellorFerz {
			return "counsellor"
		}
		return "queen"
	case Bishop:
		switch s.Elephant {
		case ElephantAlfil, ElephantDabbaba:
			return "elephant"
		}
		return "bishop"
	}
	return k.String()
}

// Verdict is nil when m is legal, else the first rule it breaks, checked
// in this order: the man's movement, a waiting pawn, the leap, castling,
// promotion, maddat-mari and mastu, the mover's king (after the whole
// move, conversion included), the conversion as written, the pawns-only
// king, stalemate=forbidden (unless the move ends the game by an earlier
// rule).
func (p *Position) Verdict(m Move) *Violation {
	s := p.s
	us, them := p.side, p.side^1
	pc := p.At(m.From)
	if pc == NoPiece || pc.Color() != us {
		return violation(ruleid.IllegalMove, "there is no %s man on %s", us, m.From)
	}
	found := false
	for _, c := range p.Candidates(make([]Move, 0, 128)) {
		if sameMove(c, m) {
			found = true
			break
		}
	}
	if !found {
		return violation(ruleid.IllegalMove, "the %s on %s cannot move to %s", p.manName(pc.Kind()), m.From, m.To)
	}
	inCheck := p.InCheck()
	if m.Flags&FlagWaitingMove != 0 {
		return violation(ruleid.WaitingPawnMoved, "the pawn on %s waits on the last rank and cannot move until it converts", m.From)
	}
	if m.Flags&FlagLeap != 0 {
		switch {
		case s.KingLeap == LeapOff:
			return violation(ruleid.IllegalMove, "the king has no knight leap under these rules")
		case p.leap[us] == 0:
			return violation(ruleid.KingLeapUnavailable, "%s", p.leapLossText(us))
		case inCheck:
			return violation(ruleid.KingLeapInCheck, "the king may not make its knight leap while in check")
		case m.Flags&FlagCapture != 0 && !s.KingLeapCapture:
			return violation(ruleid.IllegalMove, "the king's knight leap may not capture under these rules")
		}
	}
	if m.Flags&(FlagCastleShort|FlagCastleLong) != 0 {
		if inCheck {
			return violation(ruleid.IllegalMove, "the king may not castle out of check")
		}
		if sq := p.castlePathAttacked(m.From, m.To); sq != NoSquare {
			return violation(ruleid.IllegalMove, "the king may not castle across or onto %s, which is attacked", sq)
		}
	}
	if pc.Kind() == Pawn && bb(m.To)&lastRank(us) != 0 {
		own := p.men(us)
		opts := s.available(us, m.To, &own)
		kinds := s.promoKinds(us, m.To)
		if m.Promotion != NoKind {
			if !kinds.has(m.Promotion) {
				return violation(ruleid.PromotionWrongPiece, "a pawn reaching %s may become %s, not a %s", m.To, p.kindList(kinds), p.manName(m.Promotion))
			}
			if !opts.has(m.Promotion) {
				return violation(ruleid.PromotionUnavailable, "%s has no %s to promote to: it has not lost one", us, p.manName(m.Promotion)+p.colourNote(m.Promotion, m.To))
			}
		} else if opts != 0 {
			return violation(ruleid.PromotionMissing, "the pawn reaching %s must promote (to %s)", m.To, p.kindList(opts))
		} else if s.UnavailablePromo == UnavailableForbidden {
			return violation(ruleid.PromotionUnavailable, "the pawn may not move to %s: %s has no piece available to promote to", m.To, us)
		}
	}
	if r := p.captureForbidden(m); r != "" {
		cs := p.capturedSquare(m)
		if r == ruleid.CaptureMastu {
			return violation(r, "the %s on %s is %s's only piece (mastu) and cannot be captured", p.manName(p.board[cs].Kind()), cs, them)
		}
		return violation(r, "the %s on %s is defended by another %s man and cannot be captured (maddat-mari)", p.manName(p.board[cs].Kind()), cs, them)
	}
	// King safety is judged on the whole move, with the conversion the
	// capture makes, before the conversion is compared with what the
	// record wrote (docs/rules-engine.md, "Promotion, waiting pawns, conversion").
	lc := p.newLegalCtx(inCheck)
	if !p.safeWhole(&lc, m) {
		if inCheck {
			return violation(ruleid.LeavesKingAttacked, "the %s king is in check and this move does not answer it", us)
		}
		return violation(ruleid.LeavesKingAttacked, "the move leaves the %s king attacked", us)
	}
	if v := p.conversionVerdict(m); v != nil {
		return v
	}
	if s.PawnsOnlyKing == PawnsOnlyImmune || s.Stalemate == StalemateForbidden {
		q := *p
		q.apply(m)
		checked := q.attacked(q.kingSq[them], us)
		if s.PawnsOnlyKing == PawnsOnlyImmune && checked && q.pieceCount(them) == 0 {
			return violation(ruleid.CheckOnPawnsOnlyKing, "the %s king has nothing but pawns and may not be checked", them)
		}
		if s.Stalemate == StalemateForbidden && !checked {
			q.side ^= 1
			// A move that ends the game by an earlier rule (bare king, dead
			// position) is never a forbidden stalemate (docs/rules-engine.md,
			// "Stalemate").
			if !q.endsBeforeStalemate(p.isBare(us)) && !q.hasLegal(false) {
				return violation(ruleid.StalemateForbidden, "the move would stalemate %s, which these rules forbid", them)
			}
		}
	}
	return nil
}

// safeWhole reports whether the mover's king is safe after m with the
// conversion the capture really makes: the written one when it is one the
// rules allow, else any of those (a conversion is compulsory), else none.
// A move whose written conversion is wrong or missing is thus told
// leaves-king-attacked when every conversion it could make, or the
// capture itself, exposes the king.
func (p *Position) safeWhole(lc *legalCtx, m Move) bool {
	conv := p.legalConversions(m)
	if len(conv) == 0 {
		m.ConvSquare, m.ConvKind = NoSquare, NoKind
		return p.safeAfter(lc, m)
	}
	for _, w := range conv {
		if m.HasConversion() && w == m.ConvSquare && p.conversionKind(m, w) == m.ConvKind {
			return p.safeAfter(lc, m)
		}
	}
	for _, w := range conv {
		c := m
		c.ConvSquare, c.ConvKind = w, p.conversionKind(m, w)
		if p.safeAfter(lc, c) {
			return true
		}
	}
	return false
}

// legalConversions are the waiting pawns of the captured side that m's
// capture lets convert (unavailable-promotion=wait).
func (p *Position) legalConversions(m Move) []Square {
	var legal []Square
	if m.Flags&FlagCapture != 0 && p.s.UnavailablePromo == UnavailableWait {
		them := p.side ^ 1
		for w := p.byColor[them] & p.byKind[Pawn] & lastRank(them); w != 0; w &= w - 1 {
			if ws := Square(trailing(w)); p.conversionKind(m, ws) != NoKind {
				legal = append(legal, ws)
			}
		}
	}
	return legal
}

func (p *Position) conversionVerdict(m Move) *Violation {
	legal := p.legalConversions(m)
	if !m.HasConversion() {
		if len(legal) > 0 {
			names := make([]string, len(legal))
			for i, w := range legal {
				names[i] = w.String()
			}
			return violation(ruleid.ConversionMissing, "the capture lets the waiting pawn on %s convert; the conversion must be written", strings.Join(names, " or "))
		}
		return nil
	}
	for _, w := range legal {
		if w == m.ConvSquare && p.conversionKind(m, w) == m.ConvKind {
			return nil
		}
	}
	return violation(ruleid.ConversionWrong, "the pawn on %s cannot become a %s by this capture", m.ConvSquare, p.manName(m.ConvKind))
}

func (p *Position) kindList(ks kindSet) string {
	var names []string
	for _, k := range promoOrder {
		if ks.has(k) {
			names = append(names, "a "+p.manName(k))
		}
	}
	if len(names) == 0 {
		return "nothing"
	}
	return strings.Join(names, " or ")
}

func (p *Position) colourNote(k Kind, to Square) string {
	if k == Bishop && p.s.PromotionLimit == LimitLostSameColour {
		return " for that square's colour"
	}
	return ""
}

// MayGiveCheck is a cheap superset of GivesCheck: false means that m
// surely leaves the opponent's king unattacked, true that it may not. A
// move of one man checks only by landing where that man attacks the enemy
// king on an empty board (checkers: a pawn's two squares, a knight's
// jumps, a rook's lines; the lines through the king for the men whose
// moves the profile decides, since ferz, alfil, dabbaba and bishop moves
// all lie on them), or by leaving a line through the king with a man of
// the mover's that may move along lines (a rook, a bishop, a queen,
// whatever the profile makes of the last two) further on it: uncovering a
// slider behind it. Moves that change a second square (castling, en
// passant, a conversion) or the man (a promotion), and the king's leap,
// are answered "may". m must be a legal move of p (its squares on the
// board). Small enough to be inlined: the replayer asks it at every move.
func (p *Position) MayGiveCheck(m Move) bool {
	// Without branches but the caller's: whether a move is near the king
	// is as good as random, and so would be a branch on each test.
	// The squares are on the board (the king's: isBare says why): the
	// tables by their difference need no mask, the board and pastFrom
	// take from masked.
	ksq := uint(uint8(p.kingSq[(p.side^1)&1]))
	other := uint64(m.Flags&^(FlagCapture|FlagDoubleStep)) | uint64(m.Promotion) | uint64(m.ConvKind)
	from, to := uint(uint8(m.From))&63, uint(uint8(m.To))
	direct := uint64(checkers[rel(ksq, to)]) >> (p.board[from] & 15)
	kinds := &p.byKind
	// The last of the chain of loads is pastFrom's: the mover's sliders
	// and the other tests are combined first, so that one AND and one OR
	// follow it, not two of each.
	sliders := p.byColor[p.side&1] & (kinds[Rook] | kinds[Bishop] | kinds[Queen])
	return pastFrom(ksq, from)&sliders|(direct&1|other) != 0
}

// rel is where square s lies from square k (both on the board), as an
// index of the tables by that difference (checkers, lineDir): the two
// squares on a board 16 files wide (rank*16+file), subtracted, as a byte,
// which tells their files' and ranks' differences (-7 to 7 each) apart.
// A table of what a man on s does to a king on k then has 256 entries
// whatever k, and stays in the data cache, where one by the king's
// square missed at each new square a game's king stood on.
func rel(k, s uint) uint { return uint(wideSq[s&255] - wideSq[k&255]) }

// wideSq[s] is square s (on the board) on a board 16 files wide, for rel:
// one load a square where working it out took three instructions. It has
// an entry for every byte, so that the index, taken as a byte, needs no
// bounds test; the entries past 63 are never read.
var wideSq = func() (w [256]uint8) {
	for s := range 64 {
		w[s] = uint8(s + s&^7)
	}
	return
}()

// pastFrom is what lies past square b (masked) on the ray from k through
// b, nothing when they share no line: the mover's sliders there are
// uncovered when b is left. On no common line the index is that of the
// empty rays north of the eighth rank, whatever b: one cache line.
func pastFrom(k, b uint) uint64 { return rays[(uint(lineDir[rel(k, b)])|b)&1023] }

var (
	// checkers[rel(k, t)] has bit pc set when a man pc (a Piece) on t
	// could attack a king on k on an empty board under any profile. A
	// value that is no man (an empty square) has its bit set everywhere.
	checkers [256]uint16
	// lineDir[rel(k, b)] is, when b is on a line through k, the direction
	// from k to b times 64 (rays' row), else 56 (pastFrom).
	lineDir [256]uint16
)

// initCheckFrom fills checkers and lineDir from the attack and ray
// tables (bitboard.go's init calls it once they are made).
func initCheckFrom() {
	for i := range checkers {
		checkers[i] = 1<<NoPiece | 1<<7 | 1<<8 | 1<<15
		lineDir[i] = 56
	}
	for k := uint(0); k < 64; k++ {
		for t := uint(0); t < 64; t++ {
			d := rel(k, t)
			on := func(x uint64) bool { return x>>t&1 != 0 }
			for c := White; c <= Black; c++ {
				// Pawn attacks are not symmetric: a pawn of c on t
				// attacks k when a pawn of the other colour on k would
				// attack t.
				set := func(kind Kind, x uint64) {
					if on(x) {
						checkers[d] |= 1 << MakePiece(c, kind)
					}
				}
				set(Pawn, pawnAtt[c^1][k])
				set(Knight, knightAtt[k])
				set(King, kingAtt[k])
				set(Rook, rookLines[k])
				set(Bishop, kingLines[k])
				set(Queen, kingLines[k])
			}
			for dir := 0; dir < 8; dir++ {
				if on(ray(dir, int(k))) {
					lineDir[d] = uint16(dir << 6)
				}
			}
		}
	}
}

// GivesCheck reports whether m leaves the opponent's king attacked.
func (p *Position) GivesCheck(m Move) bool {
	q := *p
	q.apply(m)
	return q.attacked(q.kingSq[p.side^1], p.side)
}
