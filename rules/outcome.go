package rules

import "fmt"

// OutcomeKind is how the rules end a game.
type OutcomeKind uint8

const (
	OutcomeNone OutcomeKind = iota
	OutcomeCheckmate
	OutcomeStalemate
	OutcomeBareKing
	OutcomeRepetition
	OutcomeMoveRule
	OutcomeDeadPosition
)

// String is the outcome name of docs/cli.md's jsonl output.
func (k OutcomeKind) String() string {
	return [...]string{"none", "checkmate", "stalemate", "bare-king", "repetition", "fifty-move", "dead-position"}[k]
}

// Winner is who the rules say won.
type Winner uint8

const (
	NoWinner Winner = iota // the game goes on
	WhiteWins
	BlackWins
	Draw
)

func (w Winner) String() string { return [...]string{"", "white", "black", "draw"}[w] }

// Result is the PGN result string ("*" when the game goes on).
func (w Winner) Result() string { return [...]string{"*", "1-0", "0-1", "1/2-1/2"}[w] }

func wins(c Color) Winner {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Outcome is the end of a game as the rules decide it.
type Outcome struct {
	Kind   OutcomeKind
	Winner Winner
	// Half marks the Hindustani half-victory (bare-king=pieces-half-win):
	// scored as a win, Termination "bare king".
	Half   bool
	Reason string
}

// Ended reports whether the rules have ended the game.
func (o Outcome) Ended() bool { return o.Kind != OutcomeNone }

// posKey is what repetition compares: board, side to move, leap rights,
// and for fide castling rights and a usable en-passant square.
type posKey struct {
	// board is the men as four bitboards: white's men, and the three bits
	// of each square's Kind (a square is empty when none is set, black
	// when set but not in white). That is the whole board in 32 bytes,
	// built from the position's bitboards with a few ORs at every ply,
	// where packing the 64 squares a byte at a time cost a tenth of replay.
	board  [4]uint64
	side   Color
	leap   [2]bool
	castle uint8
	ep     Square
}

// setKey writes the position's key into k.
func (p *Position) setKey(k *posKey) {
	b := &p.byKind
	// Kind values: Pawn 1, Knight 2, Bishop 3, Rook 4, Queen 5, King 6.
	// Field by field, not as a composite literal: the literal is built on
	// the stack a byte at a time and copied with wide loads, which stall
	// on those narrow stores (and hash reads the key at once).
	k.board[0] = p.byColor[White]
	k.board[1] = b[Pawn] | b[Bishop] | b[Queen]
	k.board[2] = b[Knight] | b[Bishop] | b[King]
	k.board[3] = b[Rook] | b[Queen] | b[King]
	k.side, k.leap, k.castle, k.ep = p.side, p.leap, p.castle, NoSquare
	if p.ep != NoSquare && p.epCapturable() {
		k.ep = p.ep
	}
}

// epCapturable reports whether an en passant capture is legal now: only
// then does the en passant square make the position different (FIDE Laws
// 9.2.2; a pawn pinned to its king does not).
func (p *Position) epCapturable() bool {
	pawns := pawnAtt[p.side^1][p.ep] & p.byColor[p.side] & p.byKind[Pawn]
	if pawns == 0 {
		return false
	}
	lc := p.newLegalCtx(p.InCheck())
	for ; pawns != 0; pawns &= pawns - 1 {
		m := NewMove(Square(trailing(pawns)), p.ep, FlagCapture|FlagEnPassant)
		if p.legal(&lc, m, true) {
			return true
		}
	}
	return false
}

// histEntry is what the history keeps for every position: 16 bytes. The
// position itself (posKey, 40 bytes) is kept apart, in History.keys, and
// only where repetition can compare it (see History.keys).
type histEntry struct {
	// hash of the position's key: repetition compares hashes first, so that
	// a long game costs a word per earlier position, not a board.
	hash    uint64
	checked bool  // the side to move is in check here
	side    Color // the side to move here (compound turns keep it)
	bare    [2]bool
}

// hash mixes what repetition compares: each word multiplied by its own
// odd constant (independent multiplications, not a chain), summed, and
// the high half folded into the low, so that every bit of the top byte
// (History.seen) depends on every square. Equal keys still give equal
// hashes, which is all repetition needs (it compares keys on a match).
func (k *posKey) hash() uint64 {
	meta := uint64(k.side) | uint64(b2u(k.leap[0]))<<8 | uint64(b2u(k.leap[1]))<<16 | uint64(k.castle)<<24 | uint64(uint8(k.ep))<<32
	h := k.board[0]*0x9e3779b97f4a7c15 + k.board[1]*0xc2b2ae3d27d4eb4f + k.board[2]*0x165667b19e3779f9 +
		k.board[3]*0xd6e8feb86659fd93 + meta*0xff51afd7ed558ccd
	return h ^ h>>29 ^ h>>47
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// History is a game as it is played: the current position and every
// position before it, for repetition, the move rules and the bare-king
// counter move. Start it with NewHistory and apply moves with Play (or
// PlayKeepTurn inside compound turns).
type History struct {
	pos     Position
	entries []histEntry
	// keys are the positions of entries[keyBase:], kept only when the
	// rules count repetitions. No position before the last capture or pawn
	// move can recur (the men differ), and repetition looks no further back
	// than that (window), so keyBase moves up to each such move and the
	// keys before it are dropped: a long game holds a board per position
	// only since its last irreversible move, and none at all under rules
	// without repetition (issue 14: 88 bytes a ply before; 16 now, and 40 more for a key).
	keys    []posKey
	keyBase int
	// seen has a bit set for the top byte of the hash of every entry
	// since keyBase, and lastSeen says whether the last entry's bit was
	// set before it: when it was not, no earlier entry of the window can
	// be the same position, and occurrences need not scan the window (as
	// at most plies of a game).
	seen     [4]uint64
	lastSeen bool
}

// NewHistory starts a history at p (copied).
func NewHistory(p *Position) *History {
	h := &History{pos: *p}
	h.record()
	return h
}

func (h *History) record() {
	p := &h.pos
	// The entry is written where it is kept, field by field: built apart
	// (a byte at a time) and copied in with a wide load, it stalled.
	h.entries = append(h.entries, histEntry{})
	e := &h.entries[len(h.entries)-1]
	e.checked, e.side = p.InCheck(), p.side
	e.bare[White], e.bare[Black] = p.isBare(White), p.isBare(Black)
	if p.s.Repetition == RepetitionOff {
		// Nothing compares positions: no key, no hash.
		return
	}
	if p.halfmove == 0 {
		// window() is now this entry and never moves back before it.
		h.keys, h.keyBase = h.keys[:0], len(h.entries)-1
		h.seen = [4]uint64{}
	}
	// The key is written where it is kept, not copied there.
	h.keys = append(h.keys, posKey{})
	k := &h.keys[len(h.keys)-1]
	p.setKey(k)
	e.hash = k.hash()
	bit := e.hash >> 56
	h.lastSeen = h.seen[bit>>6]&(1<<(bit&63)) != 0
	h.seen[bit>>6] |= 1 << (bit & 63)
}

// sameAs reports whether entry i holds the same position as entry j (both
// at or after keyBase): the hashes first, the keys only when they match.
func (h *History) sameAs(i, j int) bool {
	return h.entries[i].hash == h.entries[j].hash && h.keys[i-h.keyBase] == h.keys[j-h.keyBase]
}

// Position is the current position. It belongs to the history: copy it
// before changing it.
func (h *History) Position() *Position { return &h.pos }

// Play applies a legal move and passes the turn.
func (h *History) Play(m Move) { h.pos.Play(m); h.record() }

// PlayKeepTurn applies a move of a compound turn.
func (h *History) PlayKeepTurn(m Move) { h.pos.PlayKeepTurn(m); h.record() }

// isBare: only the king is left (pawns count as men).
func (p *Position) isBare(c Color) bool { return p.byColor[c] == bb(p.kingSq[c]) }

// Outcome is what the rules say after the last move, tested in the order
// of docs/rules.md: checkmate, dead position, bare king, stalemate, then
// repetition and the move rule.
func (h *History) Outcome() Outcome {
	return h.OutcomeKnown(h.pos.HasLegalMove())
}

// InCheck reports whether the side to move is in check, as recorded when
// the position was reached (no new attack test).
func (h *History) InCheck() bool { return h.entries[len(h.entries)-1].checked }

// OutcomeKnown is Outcome for a caller that already knows whether the side
// to move has a legal move (the replayer asks HasLegalMove at every ply
// anyway): it saves finding one a second time at every ply.
// hasMove must equal Position().HasLegalMove().
func (h *History) OutcomeKnown(hasMove bool) Outcome {
	p := &h.pos
	s := p.s
	x := p.side // to move
	y := x ^ 1  // moved last
	inCheck := h.InCheck()
	if inCheck && !hasMove {
		return Outcome{Kind: OutcomeCheckmate, Winner: wins(y), Reason: fmt.Sprintf("%s is checkmated", x)}
	}
	if o, ok := p.deadPosition(); ok {
		return o
	}
	if o, ok := h.bareKing(hasMove); ok {
		return o
	}
	if !hasMove {
		o := Outcome{Kind: OutcomeStalemate, Winner: Draw, Reason: fmt.Sprintf("%s is stalemated: a draw", x)}
		switch s.Stalemate {
		case StalemateStalematerWins:
			o.Winner, o.Reason = wins(y), fmt.Sprintf("%s is stalemated and loses", x)
		case StalemateStalematedWins:
			o.Winner, o.Reason = wins(x), fmt.Sprintf("%s is stalemated and wins", x)
		case StalemateForbidden:
			o.Reason = fmt.Sprintf("%s has no legal move (every move would stalemate or none exists): a draw", x)
		}
		return o
	}
	if o, ok := h.repetition(); ok {
		return o
	}
	// A switch, not a map literal: this runs at every ply, and the map was
	// built (allocated) at each call.
	limit := 0
	switch s.MoveRule {
	case MoveRuleFide:
		limit = 150
	case MoveRule50:
		limit = 100
	case MoveRule70:
		limit = 140
	}
	if limit > 0 && p.halfmove >= limit {
		return Outcome{Kind: OutcomeMoveRule, Winner: Draw,
			Reason: fmt.Sprintf("%d moves without a capture or a pawn move", limit/2)}
	}
	return Outcome{}
}

// Claimable is what a player may claim under fide rules (threefold
// repetition, fifty moves) though the game has not ended: OutcomeNone if
// nothing.
func (h *History) Claimable() OutcomeKind {
	p := &h.pos
	if p.s.Repetition == RepetitionFide && h.occurrences(3) >= 3 {
		return OutcomeRepetition
	}
	if p.s.MoveRule == MoveRuleFide && p.halfmove >= 100 {
		return OutcomeMoveRule
	}
	return OutcomeNone
}

// occurrences counts the current position's occurrences, up to max: the
// rules only ask whether a count is reached, and counting back from the
// end stops early in a long shuffle of the same few positions.
func (h *History) occurrences(max int) int {
	if !h.lastSeen {
		return min(1, max)
	}
	last := len(h.entries) - 1
	n := 0
	for i := last; i >= h.window() && n < max; i-- {
		if h.sameAs(i, last) {
			n++
		}
	}
	return n
}

// window is the first entry that can repeat the current position: none
// before the last capture or pawn move can (the men differ), so a long game
// is not scanned from its start at every ply (issue 8: a record of 100,000
// plies took minutes).
func (h *History) window() int {
	// keyBase is never after the window computed from the clock (the clock
	// was 0 there and grows by one a ply at most); the max only guards the
	// keys' index should a clock ever say otherwise.
	return max(len(h.entries)-1-h.pos.halfmove, h.keyBase, 0)
}

func (h *History) repetition() (Outcome, bool) {
	s := h.pos.s
	if s.Repetition == RepetitionOff {
		return Outcome{}, false
	}
	n := h.occurrences(5)
	draw := Outcome{Kind: OutcomeRepetition, Winner: Draw}
	switch s.Repetition {
	case RepetitionFide:
		if n >= 5 {
			draw.Reason = "the same position has occurred five times"
			return draw, true
		}
	case RepetitionAuto:
		if n >= 3 {
			draw.Reason = "the same position has occurred three times"
			return draw, true
		}
	case RepetitionPerpetualCheck:
		if n < 3 {
			return Outcome{}, false
		}
		// The moves judged are those between the position's last three
		// occurrences (a quiet move before the checking sequence does not
		// count); a side checked its opponent with every one of its moves
		// there when every position after such a move has the opponent in
		// check.
		last := len(h.entries) - 1
		first, seen := last, 0
		for i := last; i >= h.window(); i-- {
			if h.sameAs(i, last) {
				first = i
				if seen++; seen == 3 {
					break
				}
			}
		}
		for _, mover := range []int{0, 1} {
			all := true
			for i := first + 1; i <= last; i++ {
				// entries[i] follows a move by the side not to move at i.
				if int(h.entries[i].side^1) == mover && !h.entries[i].checked {
					all = false
					break
				}
			}
			if all {
				draw.Reason = fmt.Sprintf("perpetual check by %s: the position has occurred three times", Color(mover))
				return draw, true
			}
		}
	}
	return Outcome{}, false
}

func (p *Position) deadPosition() (Outcome, bool) {
	draw := Outcome{Kind: OutcomeDeadPosition, Winner: Draw}
	switch p.s.DeadPosition {
	case DeadKingsAndOne:
		if popcount(p.byColor[White]) == 2 && popcount(p.byColor[Black]) == 2 {
			draw.Reason = "each side is reduced to its king and one other man"
			return draw, true
		}
	case DeadFide:
		others := (p.byColor[0] | p.byColor[1]) &^ p.byKind[King]
		minors := p.byKind[Knight] | p.byKind[Bishop]
		if others&^minors != 0 {
			return Outcome{}, false
		}
		n := popcount(others)
		bishops := p.byKind[Bishop]
		sameColour := bishops&lightSquares == 0 || bishops&^lightSquares == 0
		if n <= 1 || (others == bishops && sameColour && p.s.Elephant == ElephantBishop) {
			draw.Reason = "neither side can checkmate (insufficient material)"
			return draw, true
		}
	}
	return Outcome{}, false
}

func (h *History) bareKing(hasMove bool) (Outcome, bool) {
	p := &h.pos
	x, y := p.side, p.side^1
	if p.s.BareKing == BareWinUnlessCounter {
		if n := len(h.entries); n >= 2 {
			prev := h.entries[n-2]
			// The last move was the bared side's one reply: the game ends
			// with it, drawn if it bared the other king, lost otherwise.
			if prev.bare[y] && !prev.bare[x] && prev.side == y {
				if p.isBare(x) {
					return Outcome{Kind: OutcomeBareKing, Winner: Draw, Reason: fmt.Sprintf("the bare %s king bared the %s king in reply", y, x)}, true
				}
				return Outcome{Kind: OutcomeBareKing, Winner: wins(x), Reason: fmt.Sprintf("the %s king is bare and did not bare the %s king in its reply", y, x)}, true
			}
		}
	}
	bx, by := p.bareBy(x), p.bareBy(y)
	if bx && by {
		// Under every value (none included), both sides bare at once is a
		// draw: neither can win any more by the rule, nor by mate.
		reason := "both kings are bare"
		if p.s.BareKing == BarePiecesHalfWin {
			reason = "neither side has a piece left but its king: a draw"
		}
		return Outcome{Kind: OutcomeBareKing, Winner: Draw, Reason: reason}, true
	}
	switch p.s.BareKing {
	case BareWin:
		switch {
		case bx:
			return Outcome{Kind: OutcomeBareKing, Winner: wins(y), Reason: fmt.Sprintf("the %s king is bare", x)}, true
		case by:
			return Outcome{Kind: OutcomeBareKing, Winner: wins(x), Reason: fmt.Sprintf("the %s king is bare", y)}, true
		}
	case BareWinUnlessCounter:
		switch {
		case by:
			// Only a start position leaves the side that is not to move
			// bare: its reply is over.
			return Outcome{Kind: OutcomeBareKing, Winner: wins(x), Reason: fmt.Sprintf("the %s king is bare", y)}, true
		case bx && !hasMove:
			return Outcome{Kind: OutcomeBareKing, Winner: wins(y), Reason: fmt.Sprintf("the %s king is bare and has no move to reply with", x)}, true
		}
		// bx with a move: the bared side makes its one reply first.
	case BarePiecesHalfWin:
		switch {
		case bx:
			return Outcome{Kind: OutcomeBareKing, Winner: wins(y), Half: true, Reason: fmt.Sprintf("%s has no piece left but the king (pawns do not count): a half-victory", x)}, true
		case by:
			return Outcome{Kind: OutcomeBareKing, Winner: wins(x), Half: true, Reason: fmt.Sprintf("%s has no piece left but the king (pawns do not count): a half-victory", y)}, true
		}
	}
	return Outcome{}, false
}

// bareBy reports whether colour c is bare as the profile's bare-king value
// counts it: no piece but the king under pieces-half-win (pawns do not
// count), the king alone otherwise.
func (p *Position) bareBy(c Color) bool {
	if p.s.BareKing == BarePiecesHalfWin {
		return p.pieceCount(c) == 0
	}
	return p.isBare(c)
}

// StopOutcome is what the rules give a record that stops here: Outcome()
// when the rules have ended the game; else, under bare-king =
// win-unless-counter, when the side to move has just been bared, still has
// its one reply and no reply can bare the other king, the win its opponent
// has already made sure of (a record may stop at the baring move with its
// result; docs/rules-engine.md). OutcomeNone when the game is undecided.
func (h *History) StopOutcome(hasMove bool) Outcome {
	if o := h.OutcomeKnown(hasMove); o.Ended() {
		return o
	}
	p := &h.pos
	x, y := p.side, p.side^1
	if p.s.BareKing == BareWinUnlessCounter && p.isBare(x) && !p.isBare(y) && !p.canBareBack() {
		return Outcome{Kind: OutcomeBareKing, Winner: wins(y),
			Reason: fmt.Sprintf("the %s king is bare and no reply can bare the %s king", x, y)}
	}
	return Outcome{}
}

// StartOutcome is the end of a game whose start position (a FEN) is
// already decided: every end that needs no move (checkmate, stalemate,
// dead position, bare king; docs/rules-engine.md), OutcomeNone otherwise. Repetition
// and the move rules are judged after a move.
func (h *History) StartOutcome(hasMove bool) Outcome {
	o := h.OutcomeKnown(hasMove)
	switch o.Kind {
	case OutcomeCheckmate, OutcomeStalemate, OutcomeDeadPosition, OutcomeBareKing:
		return o
	}
	return Outcome{}
}

// endsBeforeStalemate reports whether q, reached by a move that leaves
// the side to move without a legal move and out of check, ends the game
// by a rule that the order of ends tests before stalemate (dead position,
// bare king): such a move is never a forbidden stalemate. moverWasBare:
// the mover's king was bare before the move, so under win-unless-counter
// the move was its one reply, which ends the game.
func (q *Position) endsBeforeStalemate(moverWasBare bool) bool {
	if _, dead := q.deadPosition(); dead {
		return true
	}
	x, y := q.side, q.side^1
	bx, by := q.bareBy(x), q.bareBy(y)
	switch {
	case bx && by:
		return true
	case q.s.BareKing == BareWin, q.s.BareKing == BarePiecesHalfWin:
		return bx || by
	case q.s.BareKing == BareWinUnlessCounter:
		// The stalemated side, bare, has no reply: it has lost.
		return bx || by || moverWasBare
	}
	return false
}

// canBareBack: the side to move has a legal move that leaves the other
// king bare.
func (p *Position) canBareBack() bool {
	y := p.side ^ 1
	if popcount(p.byColor[y]) != 2 {
		return false
	}
	for _, m := range p.LegalMoves(nil) {
		if cs := p.capturedSquare(m); cs != NoSquare && !m.HasConversion() {
			return true
		}
	}
	return false
}
