package rules

import (
	"fmt"
	"math/bits"

	"github.com/ashtapada/ashtapada/internal/boolbit"
)

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

// LeavesMoves reports whether the board may still have moves after an end
// of this kind: the rules end the game by themselves (a bare king, an
// automatic repetition or move rule, a dead position) while the men could
// go on moving, as after mate or stalemate they cannot.
func (k OutcomeKind) LeavesMoves() bool {
	switch k {
	case OutcomeBareKing, OutcomeRepetition, OutcomeMoveRule, OutcomeDeadPosition:
		return true
	}
	return false
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
	// kinds is the men of each kind, Pawn to King (Position.byKind's
	// words, as they stand), and white white's men: the whole board, the
	// kinds copied at every ply as one block, where building fewer words
	// from them took a load and an OR a kind more than the copy. The
	// kinds come first: the copy's destination is then the entry's own
	// address, which record has at hand.
	kinds [King]uint64
	white uint64
	// meta is side to move, leap rights and castling rights packed in
	// one word (keyMeta), ep the usable en-passant square: one wide store
	// of the four bytes the position keeps side by side, and one of the
	// square, where shifting the square into the word cost two
	// instructions more. zero is never written: the key, 64 bytes
	// without padding, is then compared as one block (padding would make
	// the comparison field by field, through a call).
	meta uint32
	ep   Square
	zero [3]uint8
}

// epCapturable reports whether an en passant capture is legal now: only
// then does the en passant square make the position different (FIDE Laws
// 9.2.2; a pawn pinned to its king does not).
func (p *Position) epCapturable() bool {
	pawns := p.epTakers()
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

// epTakers is the pawns of the side to move that attack the en passant
// square, which is on the board. Small enough to be inlined in record:
// after most double steps no pawn stands beside the one that moved, and
// epCapturable is not called.
func (p *Position) epTakers() uint64 {
	return pawnAtt[(p.side^1)&1][p.ep&63] & p.byColor[p.side&1] & p.byKind[Pawn]
}

// histPly is what the history keeps of each of the last two positions:
// whether the side to move is in check there (InCheck) and who was bare
// (bareKing looks one position back; who was to move there it tells by
// moverSafe: the turn passed). Nothing older is kept per position:
// repetition keeps its own tables (History.positions).
type histPly struct {
	checked bool  // the side to move is in check here
	_       uint8 // (four bytes: the ply is copied with one load and store)
	bare    uint8 // bit c: colour c's king is alone (isBare)
	// menEnd: the men alone allow an end that needs no lack of moves
	// (menMayEnd). It and bare change only with the men, that is after a
	// capture, a promotion or a conversion: record works them out again
	// only then and keeps the last ply's otherwise.
	menEnd bool
}

// histPos is one distinct position of the repetition window, kept once
// however often it occurs: what the rules ask of a repetition is how often
// the current position has occurred since the window opened (up to five)
// and where its last three occurrences were (perpetual check), never the
// positions in between. 96 bytes.
type histPos struct {
	key  posKey
	hash uint64 // the key's keyHash: compared first, the key only on a match
	// at are the plies of the position's last n occurrences (n at most 5,
	// the most any rule counts), counted from History.keyBase, the latest
	// first: occurrences counts those inside the window.
	at [5]uint32
	n  uint8
}

// A window of up to linearMax positions is searched through: most windows
// of a game hold a few positions (a capture or a pawn move comes every few
// plies), and there a table would cost more to fill and clear, and to
// allocate for each variation, than the scan (which History.seen spares
// most new positions). A longer window takes a table.
const linearMax = 32

// keyMeta packs a key's fields other than the board into one word.
// The leap rights come as two values, not the array, which would be
// stored and read back to be indexed.
func keyMeta(side Color, leapW, leapB, castle uint8) uint32 {
	return uint32(side) | uint32(leapW)<<8 | uint32(leapB)<<16 | uint32(castle)<<24
}

// keyHash mixes a key's white men and the occupancy: each multiplied by
// its own odd constant and summed. The kinds and the meta word are left
// out: two positions of a window with the same squares taken by the same
// sides but other kinds there, another side to move or other rights are
// rare, and find tells them apart by the whole key. Only the top bits are
// used (History.seen takes the top byte, the table its slot from the top
// bits), and there every bit depends on every square: no folding of the
// high half into the low is needed. Equal keys still give equal hashes,
// which is all repetition needs (it compares keys on a match).
func keyHash(white, occ uint64) uint64 {
	return white*0x9e3779b97f4a7c15 + occ*0xc2b2ae3d27d4eb4f
}

// History is a game as it is played: the current position and what the
// rules need of the positions before it, for repetition, the move rules
// and the bare-king counter move. Start it with NewHistory and apply moves
// with Play (or PlayKeepTurn inside compound turns). A History is not
// copied by value: the copy would share its tables.
type History struct {
	pos Position
	// last is the current position's record; plies is how many positions
	// the game has had.
	last histPly
	// cur is the index in positions of the current position, and rep
	// whether it occurred before in the window. (The small fields are
	// kept together: a variation starts a History of its own, and 344
	// bytes take the allocator's 352-byte class, 360 its 384-byte one.)
	cur   int32
	rep   bool
	shift uint8 // see slots
	// lazy says whether the positions of the window so far are kept
	// without their hash, filter bit and occurrence (record says why),
	// and which may be: lazyOff when they are entered, else the window's
	// positions of an index below it wait (lazyWait, its first lazyMax,
	// while each ply may; lazyStop, none after the first, once one may
	// not). One compare of the index tells a waiting ply.
	lazy uint8
	// moverSafe: the side not to move is known not to be in check, as
	// after Play (a legal move never leaves its mover's king attacked);
	// then the next Play's move gives check only if MayGiveCheck says it
	// may, and most plies skip the check test. A move that may give
	// check clears it before it is played (Play, KeepMayCheck): record
	// then tests the opponent's king.
	moverSafe bool
	// bareBefore is last's bare as it was before the men last changed,
	// at the position of ply bareAt (record): the position before the
	// current one had it if bareAt is the current one, else last's
	// (bareKing). Kept when the men change, not copied at every ply.
	bareBefore uint8
	plies      int
	bareAt     int
	// keyBase is the ply of the last capture or pawn move (or the start):
	// no position before it can recur (the men differ), and repetition
	// looks no further back than that (window), so nothing before it is
	// kept. Since it, under rules that count repetitions, positions holds
	// each distinct position once with its count and last occurrences,
	// found by a scan (see linearMax) or through slots; a long shuffle of a few positions costs a few
	// entries, not a key per ply (docs/robustness.md, "A huge game is read
	// in parts").
	keyBase int
	// positions always has room for one more entry (record keeps it so),
	// and at least minPositions in all.
	positions []histPos
	// slots is, once the window holds more than linearMax positions, an
	// open-addressing table over positions: 0 for an empty slot, else 1 +
	// the position's index; its length is a power of two, at least twice
	// len(positions) and at most four times (it is built for each window
	// that needs it and doubles with it), and a position's slot is the top
	// bits of its hash (shift = 64 - log2 len), the next free one on a
	// collision. Empty (its storage kept) while the window is scanned.
	// Every slot of its storage past its length is 0.
	slots []uint32
	// seen has a bit set for the top byte of the hash of every position
	// of the window.
	seen [4]uint64
	// quiet[c] is, under perpetual-check, the last ply that followed a
	// move by c giving no check (-1 for none): c checked with every move
	// since a ply when quiet[c] is not after it. That is all the rule asks
	// of the plies between the last three occurrences, so none is kept.
	quiet [2]int
}

// NewHistory starts a history at p (copied).
func NewHistory(p *Position) *History {
	h := &History{pos: *p, quiet: [2]int{-1, -1}, positions: make([]histPos, 0, minPositions)}
	h.record(false, true, true)
	return h
}

// minPositions is the room History.positions starts with: more than
// lazyMax, so that a window's first positions, which record keeps without
// entering them, never need more (nor the test for it) at most plies.
const minPositions = 8

// record keeps the position just reached; pass true says that a move
// has been applied and ends its turn (the turn passes first: Play),
// mayCheck false that the move gave no check (no attack test unless
// the side to move may have been in check before it: moverSafe), men
// true that the men may have changed (a capture, a promotion, a
// conversion, a new start: changesMen).
func (h *History) record(pass, mayCheck, men bool) {
	p := &h.pos
	e := &h.last
	// Most moves take nothing and change no kind: they keep bare and menEnd
	// as the last ply had them (asked before the turn passes: men is not
	// kept across the calls below). A move that took nothing nor reset the
	// clock was ignored: the position may be the one two plies before.
	if men {
		h.bareBefore, h.bareAt = e.bare, h.plies
		e.bare, e.menEnd = 0, false
		if !p.menSettled() {
			e.bare, e.menEnd = p.menMayEnd()
		}
		if h.lazy != lazyOff {
			h.lazy = lazyStop // (a capture's window waits again)
		}
	}
	if pass {
		// The turn passes (a check costs its king his leap right below).
		p.passSide()
	}
	e.checked = false
	if mayCheck || !h.moverSafe {
		e.checked = p.checkedMay()
	}
	h.plies++
	// (The ply, h.plies-1, is read again where it is used: kept, it was
	// stored and loaded back around the calls below at every ply.)
	if p.law&(lawRepetitionRare|lawLeapChecked) != 0 {
		// The rare rules, one test of law for all at most plies.
		if pass && p.law&lawLeapChecked != 0 {
			p.checkLossPlayed() // passTurn's
		}
		if p.law&lawRepetitionRare != 0 {
			// Asked of the settings only under these rules (law).
			if p.s.Repetition == RepetitionOff {
				// Nothing compares positions: no key, no hash, no table.
				return
			}
			// Perpetual check.
			if !e.checked {
				// This ply follows a move by the side not to move here.
				h.quiet[(p.side^1)&1] = h.plies - 1
			}
		}
	}
	// The key is written where a new position is kept (the entry after the
	// last), not built apart and copied there (it has room: positions);
	// when the position is already known, the entry is given back. The
	// en-passant square is found first, so that no pointer into the
	// positions and no word of the key is kept across the rare call.
	ep := NoSquare
	if p.halfmove == 0 {
		// window() is now this position and never moves back before it.
		h.clearWindow()
		h.keyBase = h.plies - 1
	} else if pass {
		// After a move a square is open to en passant only behind a
		// pawn's double step, which reset the clock (a start's FEN may
		// give one with any clock).
		goto key
	}
	if p.ep != NoSquare && p.epTakers() != 0 && p.epCapturable() {
		ep = p.ep
	}
key:
	// The key, built here rather than in a function of its own, which the
	// build does not inline into PlayMayCheck.
	white := p.byColor[White]
	meta := keyMeta(p.side, p.leap[White], p.leap[Black], p.castle)
	i := len(h.positions)
	ps := h.positions[:i+1]
	h.positions = ps
	np := &ps[i]
	// One statement each: assigned together, the kinds would be copied
	// through a temporary.
	np.key.white = white
	np.key.kinds = *(*[King]uint64)(p.byKind[Pawn : King+1])
	np.key.meta = meta
	np.key.ep = ep
	if (pass || i == 0) && i < int(h.lazy) {
		// Within the window's first plies no position can occur again:
		// the side to move differs from the one before, and the men from
		// those of the position two plies before (each side moved one,
		// and nothing was taken since). Only later positions look for it,
		// and it is entered with its hash then (enterLazy), not at each
		// ply of the many windows a capture or a pawn move closes first.
		// A turn that keeps the side to move (pass false) after the first
		// and a move that Play ignored (lazyStop) end it. (rep is false, as
		// clearWindow left it: cur is not read.) The window's positions
		// are all kept: the ply of each is its index.
		return
	}
	if h.lazy != lazyOff {
		h.enterLazy(i)
	}
	at := uint32(h.plies - 1 - h.keyBase)
	hash := keyHash(white, white|p.byColor[Black])
	np.hash = hash
	// A position whose hash's top byte no earlier one of the window had
	// is new (as at most plies of a game): no search.
	// The filter's word is read and written once.
	j, w, bit := -1, &h.seen[hash>>62], uint64(1)<<(hash>>56&63)
	seen := *w
	*w = seen | bit
	if seen&bit != 0 {
		j = h.find(i)
	}
	if j < 0 {
		np.at[0], np.n = at, 1
		h.cur, h.rep = int32(i), false
		if i >= linearMax {
			h.place(i)
		}
		if i+1 == cap(h.positions) {
			// Room for the next entry. (A kept position that waited, one
			// of the window's first lazyMax, leaves room: minPositions.)
			h.positions = append(h.positions, histPos{})[:i+1]
		}
		return
	}
	h.positions = h.positions[:i]
	q := &h.positions[j]
	copy(q.at[1:], q.at[:len(q.at)-1])
	q.at[0] = at
	if int(q.n) < len(q.at) {
		q.n++
	}
	h.cur, h.rep = int32(j), true
}

// lazyMax is the number of plies at a window's start whose positions
// record keeps without entering them: a position recurs four plies later
// at the earliest.
const lazyMax = 4

// History.lazy's values.
const (
	lazyOff  = 0
	lazyStop = 1
	lazyWait = lazyMax
)

// enterLazy enters the n positions record kept without their hash
// (lazy), the window's first: their hash, their filter bit and their one
// occurrence, each at the ply of its index. They are all different, so
// none is looked for.
func (h *History) enterLazy(n int) {
	ps := h.positions[:n]
	for i := range ps {
		q := &ps[i]
		k := &q.key.kinds
		q.hash = keyHash(q.key.white, k[0]|k[1]|k[2]|k[3]|k[4]|k[5])
		q.at[0], q.n = uint32(i), 1
		h.seen[q.hash>>62] |= 1 << (q.hash >> 56 & 63)
	}
	h.lazy = lazyOff
}

// find is the index of the earlier position equal to positions[i], -1
// if none. (Found here, not passed: record would compute its address
// before the window's waiting test, at every ply.)
func (h *History) find(i int) int {
	np := &h.positions[i]
	if len(h.slots) == 0 {
		for j := i - 1; j >= 0; j-- {
			if q := &h.positions[j]; q.hash == np.hash && q.key == np.key {
				return j
			}
		}
		return -1
	}
	mask := uint32(len(h.slots) - 1)
	for s := uint32(np.hash >> h.shift); ; s = (s + 1) & mask {
		j := h.slots[s]
		if j == 0 {
			return -1
		}
		if q := &h.positions[j-1]; q.hash == np.hash && q.key == np.key {
			return int(j - 1)
		}
	}
}

// place enters positions[i], new, in the table: building it when the
// window outgrows the scan, doubling it when it is half full.
func (h *History) place(i int) {
	switch n := len(h.slots); {
	case n == 0:
		// The least power of two at least twice the positions.
		h.resize(bits.Len(uint(2*(i+1) - 1)))
	case 2*(i+1) > n:
		h.resize(64 - int(h.shift) + 1)
	default:
		h.insert(i)
	}
}

// resize makes the table 1<<log slots long and places every position in
// it.
func (h *History) resize(log int) {
	if n := 1 << log; n <= cap(h.slots) {
		// Only the old length can hold set slots (see slots).
		clear(h.slots)
		h.slots = h.slots[:n]
	} else {
		h.slots = make([]uint32, n)
	}
	h.shift = uint8(64 - log)
	for i := range h.positions {
		h.insert(i)
	}
}

func (h *History) insert(i int) {
	mask := uint32(len(h.slots) - 1)
	s := uint32(h.positions[i].hash >> h.shift)
	for h.slots[s] != 0 {
		s = (s + 1) & mask
	}
	h.slots[s] = uint32(i + 1)
}

// clearWindow forgets the window's positions, keeping the storage. A
// table is at most four slots a position (see slots): clearing it all
// costs no more than placing them did.
// A window whose positions all waited (lazy) entered none: its table,
// filter and rep are as the last clear left them, and most windows end
// so.
func (h *History) clearWindow() {
	// One statement each: a slice cut in place stores its length alone,
	// and the filter is cleared where it is, not through a copy.
	if h.lazy == lazyOff {
		clear(h.slots)
		h.slots = h.slots[:0]
		h.rep = false
		h.seen = [4]uint64{}
	}
	h.positions = h.positions[:0]
	h.lazy = lazyWait
}

// Position is the current position. It belongs to the history: copy it
// before changing it.
func (h *History) Position() *Position { return &h.pos }

// Play applies a legal move and passes the turn.
func (h *History) Play(m Move) {
	if h.pos.MayGiveCheck(m) {
		h.moverSafe = false
	}
	h.PlayMayCheck(&m)
}

// MayCheck reports whether the opponent may be in check once m is played
// and the turn passes: m may give check (Position.MayGiveCheck), or the
// opponent may be in check already (after a move of the same turn, or at
// the history's start), or w, the record marks a check (written: the
// answer is "may" without a look, and the check test runs; the replayer
// asks at every move, marked or not, where a branch around the call cost
// more than the call). False means surely not. m is passed by its
// address, as to PlayMayCheck: the replayer asks both at every ply of a
// move kept where LegalMovesTo listed it, and each reads only the
// bytes it needs, where a value was loaded whole into registers before
// each call.
func (h *History) MayCheck(m *Move, w bool) bool { return w || !h.moverSafe || h.pos.MayGiveCheck(*m) }

// KeepMayCheck is Position.Keep for a move that may give check (MayCheck
// said "may", or the record marks a check): the next PlayMayCheck tests
// whether the opponent is in check. Told so here, where the replayer
// keeps such a move's undo record anyway, and not by an argument of
// PlayMayCheck, which kept it on its stack across apply at every move.
func (h *History) KeepMayCheck(m *Move, u *Undo) {
	h.pos.Keep(m, u)
	h.moverSafe = false
}

// PlayMayCheck is Play for a caller that has asked MayCheck(m) already
// and, where it said "may", called KeepMayCheck: the replayer asks it
// before every move. It calls apply itself, on the line where it called Play, and
// record passes the turn: the build's profile makes that line's call hot,
// where apply inside an inlined Play stayed a call at every move. It
// answers what the replayer asks of the position reached (Reached), from
// what record has just found, where the caller would load it again.
func (h *History) PlayMayCheck(m *Move) Reached {
	// apply reports a promotion or conversion with a capture (men).
	men := h.pos.apply(*m) // Play, with its turn passed in record
	h.record(true, false, men)
	h.moverSafe = true
	return Reached{Check: h.last.checked, mayEnd: h.mayEnd()}
}

// Reached is what History.PlayMayCheck reports of the position its move
// reached.
type Reached struct {
	// Check: the side to move is in check (History.InCheck).
	Check bool
	// mayEnd is History.mayEnd.
	mayEnd bool
}

// MayEnd is History.MayEnd of the position reached.
func (r Reached) MayEnd(hasMove bool) bool { return !hasMove || r.mayEnd }

// PlayKeepTurn applies a move of a compound turn.
func (h *History) PlayKeepTurn(m Move) {
	// The other side's men do not move in this turn: they change only
	// when one is taken.
	them := h.pos.side ^ 1
	theirs := h.pos.byColor[them&1]
	h.pos.PlayKeepTurn(m)
	h.record(false, true, m.Promotion|m.ConvKind != NoKind || h.pos.byColor[them&1] != theirs)
	// The opponent, not to move, may be in check now.
	h.moverSafe = false
}

// isBare: only the king is left (pawns count as men). The king's square
// is on the board (a FEN without both kings is refused): masked, its bit
// needs no test for a shift past the word.
func (p *Position) isBare(c Color) bool { return p.byColor[c] == bb(p.kingSq[c]&63) }

// Outcome is what the rules say after the last move, tested in the order
// of docs/rules.md: checkmate, dead position, bare king, stalemate, then
// repetition and the move rule.
func (h *History) Outcome() Outcome {
	return h.OutcomeKnown(h.pos.HasLegalMove())
}

// InCheck reports whether the side to move is in check, as recorded when
// the position was reached (no new attack test).
func (h *History) InCheck() bool { return h.last.checked }

// OutcomeKnown is Outcome for a caller that already knows whether the side
// to move has a legal move (the replayer asks HasLegalMove at every ply
// anyway): it saves finding one a second time at every ply.
// hasMove must equal Position().HasLegalMove().
func (h *History) OutcomeKnown(hasMove bool) Outcome {
	if !h.MayEnd(hasMove) {
		// The replayer asks at every ply, and nearly every position of a
		// game is one with a move where nothing else can end it.
		return Outcome{}
	}
	return h.outcome(hasMove)
}

// MayEnd reports whether the rules may end the game in the current
// position, hasMove saying whether the side to move has a legal move:
// false means that OutcomeKnown(hasMove) is OutcomeNone, so a caller that
// asks at every ply builds no Outcome for nearly every position.
func (h *History) MayEnd(hasMove bool) bool { return Reached{mayEnd: h.mayEnd()}.MayEnd(hasMove) }

// mayEnd reports whether an end that needs no lack of moves (dead
// position, bare king, repetition, the move rules) could hold in the
// current position, by tests that are never false when one of them does:
// a repetition needs a position seen before in the window; every move
// rule needs fifty moves; the rest is menEnd (menMayEnd).
func (h *History) mayEnd() bool {
	// No move rule ends a game sooner (TestMoveRuleLimits).
	return h.rep || h.pos.halfmove >= ClaimableMoves || h.last.menEnd
}

// menMayEnd is histPly's bare, and mayEnd's test of the men:
// a dead position has no man but kings, knights and bishops (fide), or
// four men in all (kings-and-one); a king is bare, or has no piece but
// pawns (pieces-half-win; win-unless-counter looks one position back too,
// at a king bared then, which is bare still: a lone king gains no man).
func (p *Position) menMayEnd() (bare uint8, may bool) {
	bare = boolbit.Uint8(p.isBare(White)) | boolbit.Uint8(p.isBare(Black))<<1
	s := p.s
	k := &p.byKind
	occ := p.byColor[White] | p.byColor[Black]
	switch {
	case s.DeadPosition == DeadFide && occ&^(k[King]|k[Knight]|k[Bishop]) == 0,
		s.DeadPosition == DeadKingsAndOne && atMostFour(occ):
		return bare, true
	case bare != 0 && (s.BareKing != BareNone || bare == 3):
		// Without a bare-king rule a lone king ends nothing by itself
		// (bareKing): the mating endings of a game under fide rules play
		// on without asking the outcome at each ply.
		return bare, true
	case s.BareKing == BarePiecesHalfWin && (p.pieces(White) == 0 || p.pieces(Black) == 0):
		return bare, true
	}
	return bare, false
}

// menSettled reports whether menMayEnd's answer is known without asking
// the settings: each end it tests needs the pawns gone or a side without
// a piece (a bare king, four men in all, no piece but pawns), so while
// pawns stand and each side keeps a piece, as after most captures, no
// king is bare and the men allow no end. Small enough to be inlined in
// record, which calls menMayEnd only when it is not.
func (p *Position) menSettled() bool {
	pk := p.byKind[Pawn] | p.byKind[King]
	return p.byKind[Pawn] != 0 && p.byColor[White]&^pk != 0 && p.byColor[Black]&^pk != 0
}

// atMostFour reports whether x has at most four bits set: four lowest
// bits taken off leave none. No popcount: its fallback for a CPU without
// the instruction is a call, which gave menMayEnd a frame.
func atMostFour(x uint64) bool {
	x &= x - 1
	x &= x - 1
	x &= x - 1
	return x&(x-1) == 0
}

// outcome is OutcomeKnown without its shortcut.
func (h *History) outcome(hasMove bool) Outcome {
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
	if limit := s.MoveRule.Limit(); limit > 0 && p.halfmove >= limit {
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
	if p.s.MoveRule == MoveRuleFide && p.halfmove >= ClaimableMoves {
		return OutcomeMoveRule
	}
	return OutcomeNone
}

// occurrences counts the current position's occurrences in the window,
// up to max (at most 5): its last occurrences are kept, the latest first,
// so those still in the window are counted without a scan.
func (h *History) occurrences(max int) int {
	if !h.rep {
		// The position is new (as at most plies of a game).
		return min(1, max)
	}
	e := &h.positions[h.cur]
	w := uint32(h.window() - h.keyBase)
	n := 0
	for n < int(e.n) && n < max && e.at[n] >= w {
		n++
	}
	return n
}

// window is the first ply that can repeat the current position: none
// before the last capture or pawn move can (the men differ), so a long game
// is not looked at from its start (each ply would cost the game's length:
// docs/robustness.md, "Measured").
func (h *History) window() int {
	// keyBase is never after the window computed from the clock (the clock
	// was 0 there and grows by one a ply at most). A move Position.apply
	// ignores leaves the clock as it was, and the window then starts after
	// keyBase: the plies kept with each position tell which of its
	// occurrences are still in it.
	return max(h.plies-1-h.pos.halfmove, h.keyBase, 0)
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
		// n >= 3: the third latest occurrence is in the window.
		first := h.keyBase + int(h.positions[h.cur].at[2])
		for _, mover := range []int{0, 1} {
			if h.quiet[mover] <= first {
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
		if h.plies >= 2 {
			// The side to move one position back: the other unless the
			// last move kept the turn (moverSafe is false only then).
			prevSide := x ^ Color(boolbit.Uint8(h.moverSafe))
			// The last move was the bared side's one reply: the game ends
			// with it, drawn if it bared the other king, lost otherwise.
			prevBare := h.last.bare
			if h.bareAt == h.plies-1 {
				prevBare = h.bareBefore
			}
			if prevBare == 1<<y && prevSide == y {
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
	return h.StopDecided()
}

// StopDecided is StopOutcome for a caller that has just found
// OutcomeKnown to be OutcomeNone in the current position: the win a side
// has made sure of though the game goes on, OutcomeNone if none. It saves
// testing the ends a second time.
func (h *History) StopDecided() Outcome {
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
