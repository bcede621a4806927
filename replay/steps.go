package replay

// The main line as played. Game walks a game once; with Config.Steps it
// also keeps each main-line move it played (the resolved move, the
// positions around it, its canonical SAN, what it did to the other king)
// in Result.Played. The programs that write a game in another form
// (convert to LAN, UCI, FEN, JSON, SVG and plain PGN, show, diff) read
// those steps, so a move means the same thing in their output as in the
// verdict, and the output stops exactly where the verdict says the main
// line stops (docs/replay.md).
//
// A long game's steps are most of what replaying it for output holds
// (docs/robustness.md, "A huge game is read in parts"), so Played keeps
// them compact: 16 bytes a ply (the move, its flags, the man moved, and
// its node index, SAN end and move number as small offsets from the
// block of markEvery steps it is in), the game's SANs one string, and a
// position per block. Played.Step writes a step out in full.

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
	"github.com/ashtapada/ashtapada/rules"
)

// Step is one ply of a game's main line as played, as Played.Step writes
// it out.
type Step struct {
	// Ply is 1-based: step i of Played is ply PliesBefore+i+1.
	Ply int
	// Node is the move's node in the record (inside Game.Moves, or the
	// part walked: partWalk); for a game walked over its Plies, a node
	// made from the ply (record.Game.PlyNode).
	Node *record.Node
	// Index is Node's index in Game.Moves (or in the part, or the ply's in
	// Game.Plies).
	Index int
	// Move is the legal move the written move stands for. The positions
	// around it are Played.Before and Played.After.
	Move rules.Move
	// SAN is the canonical SAN of the move, check mark included (empty
	// under Config.NoSAN).
	SAN string
	// Check and Mate say what the move did to the other king (Mate only on
	// the last move of a turn).
	Check, Mate bool
	// TurnIndex is the move's 0-based index within its turn (compound turns
	// have several moves; 0 for an ordinary move).
	TurnIndex int
	// MoveNumber and Side are the move's number and the side that made it.
	MoveNumber int
	Side       rules.Color
}

// step is a Step as Played keeps it: 16 bytes instead of Step's 80 and a
// string header. The ply is the step's place in Played.steps (after
// PliesBefore); the node,
// SAN and move number are offsets from the step's block (mark), which
// holds them in full for its first step: within a block of markEvery
// steps they are small, whatever the size of the game, so that no field
// can wrap (step checks).
//
// Its fields are in two halves of at most four, so that the build keeps
// a step in registers and stores it into Played.steps field by field: a
// struct of more fields it makes on the stack with narrow stores and
// copies with one 16-byte load, which must wait for those stores to
// reach the cache (they cannot be forwarded to it), at every ply.
type step struct {
	stepMove
	stepOffsets
}

// stepMove is a step's first half: the move and what it is in its turn.
type stepMove struct {
	move rules.Move
	// flags: stepCheck, stepMate, stepKeepTurn, stepBlack.
	flags uint8
	// turn is the TurnIndex (a turn has at most rules.MaxOpeningMoves
	// moves).
	turn uint8
}

// stepOffsets is a step's second half: where it is, from its block.
type stepOffsets struct {
	// index is the node's index in Game.Moves less the block's.
	index uint32
	// san is where the step's SAN ends in Played.san, less where the
	// block's SANs start; a step's SAN starts where the one before ends
	// (the block's first at the block's start).
	san uint16
	// number is the move number less the block's.
	number uint8
	// man is the man moved, read from the position before the move by
	// stepRare (the step's spare byte): a writer that names its kind
	// (LAN) needs not play the positions again. stepStart, on the walk's
	// path, leaves it out (Played.Kind).
	man rules.Piece
}

const (
	stepCheck uint8 = 1 << iota
	stepMate
	// stepKeepTurn: the move was not the last of its turn (the same side
	// moved on), as Played replays it.
	stepKeepTurn
	stepBlack
)

// mark is a block of markEvery steps: the position before its first step
// and that step's node index, SAN start and move number, which its steps
// are offsets from.
type mark struct {
	pos                *rules.Position
	index, san, number int
}

// Played is the main line of a game as Game played it (Config.Steps).
type Played struct {
	// Profile and Settings are what the game was judged by (Profile is nil
	// when no profile covers the game).
	Profile  *rules.Profile
	Settings rules.Settings
	// Start is the start position; nil when the game could not be set up
	// (a syntax error, an unknown profile, a bad setting or FEN: Stop says
	// which).
	Start *rules.Position
	// PliesBefore is the number of plies played before Start: 0 but for
	// the later parts of a main line read in parts (partWalk.Played).
	PliesBefore int
	// Prev is the last step played before Start (ply PliesBefore), kept
	// from the parts before as they are let go, so that the move that
	// led to Start is known (a drawing's arrow when the last part played
	// none): nil when no step was played before Start. Its Node is nil
	// (the part's storage is read over) and its Index is in its part.
	Prev *Step
	// Stop is the finding that ended the main line before its last move or
	// kept the game from being replayed at all; nil when every move of the
	// main line was played. It is one of Result.Findings (a copy).
	Stop *Finding
	// StopNode is the main-line move that was not played, with its index in
	// Game.Moves (nil and -1 when every move was played or the game was not
	// replayed); for a game walked over its Plies, a node made from the
	// ply and its index in Game.Plies. For the rest of a Recovered game
	// (record.KindRest) it is a copy of that node whose Text is the rest's
	// first token, which the writers name the ply by.
	StopNode  *record.Node
	StopIndex int

	// steps are the moves played, in order (Len, Step).
	steps []step
	// moves is the game's Game.Moves (or the part walked), which the
	// steps' nodes are in: the nodes a Step points to keep it alive anyway.
	moves []record.Node
	// plied is the game whose Plies the steps are (moves is nil then):
	// Step makes a step's node from its ply (record.Game.PlyNode).
	plied *record.Game
	// san holds the steps' SANs one after another.
	san string
	// marks[j] is the block of steps from j*markEvery (markShift): the positions of
	// the other steps are played again from its position when asked
	// (Before, After). A position per step would cost a whole Position a
	// ply, most of the memory of a long game; a mark every 64 steps costs 4
	// (with its offsets' bases), and reading the steps in order (cur) plays
	// each move once more whatever the distance.
	marks []mark
	// nextMark is the step that starts the next block: the walk asks at
	// every step, and a shift by markShift, a variable, was several
	// instructions.
	nextMark int
	// due is the step from which stepStart leaves the steps to stepRare,
	// which starts a block or writes a SAN: nextMark under Config.NoSAN,
	// else 0 (every step's SAN is written there, and every step takes
	// stepRare when its offsets could not be trusted: markBlock).
	// One comparison at each step instead of two, and no read of the
	// Config.
	due int
	// before is the step from which stepRare makes its calls: under
	// Config.NoSAN the next block's first, or the first past the steps'
	// room if sooner; else 0 (every step's SAN is written there). One
	// comparison, so that the call's block has one way in and a step that
	// needs no call saves nothing across it (under Config.Kinds every
	// step takes stepRare).
	before int
	// markIndex and markNumber are the last block's index and number
	// (mark), which its steps are kept as offsets from: read at every
	// step, held here rather than found in marks.
	markIndex, markNumber int
	// room holds p itself, its start position and the storage of its
	// steps and marks, given back by Release.
	room *stepRoom
	// cur is the position before step curAt (when hasCur), the last one
	// asked for: reading the steps in order plays each move once more.
	cur    rules.Position
	curAt  int
	hasCur bool
}

// markShift says how many steps apart the kept positions are: markEvery,
// 1<<markShift (a shift, as the writers find a step's block at every
// step: a division by a variable cost them several percent). The steps of
// a block (mark) are offsets from it. A step's move-number offset is at
// most markEvery/2+1 and its SAN's end at most markEvery times the
// longest SAN (a few bytes): markEvery must stay at most 256 for them to
// fit (step checks). A variable for the tests.
var markShift uint = 6

// Len is the number of steps, the plies of the main line played.
func (p *Played) Len() int { return len(p.steps) }

// Step is step i (0-based: ply PliesBefore+i+1) written out.
func (p *Played) Step(i int) Step {
	st := &p.steps[i]
	mk := &p.marks[i>>markShift]
	index := mk.index + int(st.index)
	var node *record.Node
	if p.plied != nil {
		node = &record.Node{}
		p.plied.PlyNode(index, node, &record.Move{})
	} else {
		node = &p.moves[index]
	}
	return Step{
		Ply: p.PliesBefore + i + 1, Node: node, Index: index, Move: st.move, SAN: p.SAN(i),
		Check: st.flags&stepCheck != 0, Mate: st.flags&stepMate != 0,
		TurnIndex: int(st.turn), MoveNumber: mk.number + int(st.number), Side: p.Side(i),
	}
}

// SAN is Step(i).SAN, without the rest.
func (p *Played) SAN(i int) string {
	mk := &p.marks[i>>markShift]
	start := mk.san
	if i&(1<<markShift-1) != 0 {
		start += int(p.steps[i-1].san)
	}
	return p.san[start : mk.san+int(p.steps[i].san)]
}

// SANs are the SANs of all the steps, one after another (SAN(i) is a
// part of it): for a writer that asks once a game what they hold.
func (p *Played) SANs() string { return p.san }

// SANEnd is where SAN(i) ends in SANs. The SANs follow one another from
// the start of SANs: SAN(i) is SANs()[SANEnd(i-1):SANEnd(i)], the first
// from 0, which a writer that reads them in order takes without finding
// where each starts.
func (p *Played) SANEnd(i int) int { return p.marks[i>>markShift].san + int(p.steps[i].san) }

// Kind is the kind of the man step i moved,
// BeforeView(i).At(Move(i).From).Kind(): kept with the step when every
// step took stepRare (due 0: with SANs, or under Config.Kinds), else
// found by playing the position before it.
func (p *Played) Kind(i int) rules.Kind {
	if p.due == 0 {
		return p.steps[i].man.Kind()
	}
	return p.kindPlayed(i)
}

// kindPlayed is Kind when the steps do not hold it, out of its way.
func (p *Played) kindPlayed(i int) rules.Kind {
	return p.BeforeView(i).At(p.steps[i].move.From).Kind()
}

// Index is Step(i).Index, without the rest.
func (p *Played) Index(i int) int { return p.marks[i>>markShift].index + int(p.steps[i].index) }

// Move is Step(i).Move, without the rest.
func (p *Played) Move(i int) rules.Move { return p.steps[i].move }

// Moves are the moves of steps i to j-1 of a Played (Played.Moves), for
// a writer that reads a few of their fields at every ply: read in place,
// and over a span whose bounds are known, rather than through the Played
// at each.
type Moves struct {
	steps []step
	// kinds: the steps hold the men moved (Played.Kind).
	kinds bool
}

// Moves is steps i to j-1's moves.
func (p *Played) Moves(i, j int) Moves { return Moves{p.steps[i:j], p.due == 0} }

// Kind is the kind of the man move k moved, and true, when the steps keep
// it (with SANs, or under Config.Kinds); else NoKind and false (Played.Kind
// finds it by playing the positions again): for a writer that names the
// men in a loop of its own, with no call in it.
func (ms Moves) Kind(k int) (rules.Kind, bool) {
	if !ms.kinds {
		return rules.NoKind, false
	}
	return ms.steps[k].man.Kind(), true
}

// Len is the number of moves.
func (ms Moves) Len() int { return len(ms.steps) }

// At is move k of ms without a copy (it must not be changed), and
// whether it was the last move of its turn as played: then no step of
// its turn follows it.
func (ms Moves) At(k int) (m *rules.Move, last bool) {
	st := &ms.steps[k]
	return &st.move, st.flags&stepKeepTurn == 0
}

// Side is the side that made move k (Played.Side).
func (ms Moves) Side(k int) rules.Color { return ms.steps[k].side() }

// Word is move k as one word, for a writer that tests and reads a few of
// its bytes at every ply (convert to UCI and LAN): its rules.Move's
// Word, and above it bits of the step's own, of which WordKeepsTurn is
// set when the move was not the last of its turn (At). The build reads
// the step's first eight bytes as one load.
func (ms Moves) Word(k int) uint64 {
	st := &ms.steps[k]
	return st.move.Word() | uint64(st.flags)<<48 | uint64(st.turn)<<56
}

// WordKeepsTurn and WordBlack are bits of Moves.Word: the move was not
// the last of its turn (At), Black made it (Side).
const (
	WordKeepsTurn = uint64(stepKeepTurn) << 48
	WordBlack     = uint64(stepBlack) << 48
)

// CheckMarkOf is the check mark of a move given as Moves.Word gives it
// (Moves.CheckMark).
func CheckMarkOf(w uint64) byte { return checkMarks[w>>48&uint64(stepCheck|stepMate)] }

// CheckMark is move k's check mark (Played.CheckMark).
func (ms Moves) CheckMark(k int) byte { return ms.steps[k].checkMark() }

// TurnIndex is Step(i).TurnIndex, without the rest.
func (p *Played) TurnIndex(i int) int { return int(p.steps[i].turn) }

// Side is Step(i).Side, without the rest.
func (p *Played) Side(i int) rules.Color { return p.steps[i].side() }

// side is the side that made the step's move.
func (st *step) side() rules.Color {
	if st.flags&stepBlack != 0 {
		return rules.Black
	}
	return rules.White
}

// MoveNumber is Step(i).MoveNumber, without the rest.
func (p *Played) MoveNumber(i int) int {
	return p.marks[i>>markShift].number + int(p.steps[i].number)
}

// CheckMark is the check mark of step i's move: '#' when Step(i).Mate,
// '+' when Step(i).Check, else 0.
func (p *Played) CheckMark(i int) byte { return p.steps[i].checkMark() }

// checkMark is the check mark of the step's move (Played.CheckMark).
func (st *step) checkMark() byte { return checkMarks[st.flags&(stepCheck|stepMate)] }

// checkMarks are the check marks by a step's flags of check and mate:
// '#' with mate (which stepEnd sets with check), '+' with check alone.
var checkMarks = [stepCheck | stepMate + 1]byte{stepCheck: '+', stepMate: '#', stepCheck | stepMate: '#'}

// Before is the position before step i (0-based, 0 to Len), a copy the
// caller may keep or change. Before, After and Around remember the last
// position asked for: a Played is not for concurrent use.
func (p *Played) Before(i int) *rules.Position {
	if v := p.BeforeView(i); v != nil {
		return v.Copy()
	}
	return nil
}

// BeforeView is the position before step i without a copy, for a writer
// that reads the steps in order: it is valid until the next call of a
// position method of p and must not be changed.
func (p *Played) BeforeView(i int) *rules.Position {
	if i < 0 || i > len(p.steps) || p.Start == nil {
		return nil
	}
	if i == 0 {
		return p.Start
	}
	m := i >> markShift
	if m >= len(p.marks) {
		m = len(p.marks) - 1
	}
	from := m << markShift
	if !p.hasCur || p.curAt < from || p.curAt > i {
		p.cur, p.curAt, p.hasCur = *p.marks[m].pos, from, true
	}
	for ; p.curAt < i; p.curAt++ {
		p.PlayStep(&p.cur, p.curAt)
	}
	return &p.cur
}

// PlayStep plays step i on pos, the position before it (BeforeView(i)),
// which becomes the position after it: for a writer that reads every
// position in order from Start, keeping its own and playing each step
// once, without BeforeView's bookkeeping at each.
func (p *Played) PlayStep(pos *rules.Position, i int) {
	st := &p.steps[i]
	if st.flags&stepKeepTurn != 0 {
		pos.PlayKeepTurn(st.move)
	} else {
		pos.Play(st.move)
	}
}

// AfterView is the position after step i without a copy (BeforeView).
func (p *Played) AfterView(i int) *rules.Position {
	if i < 0 || i >= len(p.steps) {
		return nil
	}
	return p.BeforeView(i + 1)
}

// Around is Before(i) and After(i) together, playing step i once.
func (p *Played) Around(i int) (before, after *rules.Position) {
	before = p.Before(i)
	if before == nil || i >= len(p.steps) {
		return before, nil
	}
	return before, p.Before(i + 1)
}

// After is the position after step i, a copy the caller may keep or
// change.
func (p *Played) After(i int) *rules.Position {
	if i < 0 || i >= len(p.steps) {
		return nil
	}
	return p.Before(i + 1)
}

// stepRoom is a game's Played with its start position and the storage
// of its steps and blocks (Played.steps, marks, and the blocks' positions
// in spare), which Release gives to the games replayed after it.
type stepRoom struct {
	played Played
	start  rules.Position
	steps  []step
	marks  []mark
	// spare are positions the blocks of released games held (a mark's
	// pos after the first), each a block's next (blockPos): at most
	// those of maxFreeSteps steps. Each is a heap object of its own, as
	// a block's was: reserved in one slice by the game's nodes, a long
	// game's (its move numbers counted) took more than it played.
	spare []*rules.Position
}

// freeSteps holds the rooms of released games (Played.Release), a
// *stepRoom: the same one goes back and forth, so that putting a game's
// room there allocates nothing.
var freeSteps sync.Pool

// maxFreeSteps bounds the steps whose storage is kept for another game:
// a huge game's is left to the collector.
const maxFreeSteps = 1024

// newPlayed is a game's Played, in a released game's room when there is
// one (Release): neither it nor its start position is allocated for
// every game.
func newPlayed() *Played {
	room, _ := freeSteps.Get().(*stepRoom)
	if room == nil {
		room = &stepRoom{}
	}
	p := &room.played
	p.StopIndex, p.room = -1, room
	return p
}

// keepStart sets the start position to a copy of pos, kept in p's room.
func (p *Played) keepStart(pos *rules.Position) {
	p.room.start = *pos
	p.Start = &p.room.start
}

// Release gives p, its start position and the storage of its steps and
// blocks' positions to the games replayed after it: for a caller done
// with p (convert writes each game as soon as it is replayed), so that
// they are not allocated again for every game. p must not be used after,
// nor a position it gave without a copy (Start, BeforeView).
func (p *Played) Release() {
	if p == nil || p.room == nil {
		return
	}
	room := p.room
	// The blocks' positions after the first (Start's) serve the next
	// games' blocks, emptied: the settings they point to are let go.
	for i := 1; i < len(p.marks) && len(room.spare) < maxFreeSteps>>markShift; i++ {
		pos := p.marks[i].pos
		*pos = rules.Position{}
		room.spare = append(room.spare, pos)
	}
	// The game's nodes and the rest of p are let go: only the storage is
	// kept.
	clear(p.marks)
	steps, marks := p.steps[:0], p.marks[:0]
	if cap(steps) > maxFreeSteps {
		steps, marks = nil, nil
	}
	*p = Played{}
	room.steps, room.marks = steps, marks
	freeSteps.Put(room)
}

// takeRoom makes room for a game's steps and blocks: at most steps steps
// (its main line's nodes: each is at most one step), one allocation
// instead of a slice grown by doubling, or none when a released game's
// storage has room (Release).
func (p *Played) takeRoom(steps int) {
	room := p.room
	if cap(room.steps) < steps {
		room.steps = make([]step, 0, steps)
	}
	// The marks get their room at once too: a long game's grew by
	// copies several times their size.
	if need := steps>>markShift + 1; cap(room.marks) < need {
		room.marks = make([]mark, 0, need)
	}
	p.steps, p.marks = room.steps, room.marks
}

// Complete reports whether the whole main line was played.
func (p *Played) Complete() bool { return p.Stop == nil && p.StopNode == nil }

// PositionAt is the position after ply (0: the start), nil when the main
// line has no such ply.
func (p *Played) PositionAt(ply int) *rules.Position {
	switch {
	case ply == 0:
		return p.Start
	case ply > 0 && ply <= len(p.steps):
		return p.After(ply - 1)
	}
	return nil
}

// halt stops a line at move n: nothing after it is replayed. On the main
// line the move and the finding just reported (if the stop reported one)
// are kept as the reason.
func (w *walk) halt(n *record.Node, ln *line) {
	ln.stopped = true
	if !ln.main || w.played == nil || w.played.StopNode != nil {
		return
	}
	if n == &w.r.plyNodes[0] {
		// The walk's node of a ply, made again for the next that needs one.
		w.played.StopNode, w.played.StopIndex = copyNode(n), w.plyAt-1
	} else {
		w.played.StopNode = n
		w.played.StopIndex = w.nodeIndex(n)
	}
	if w.added > w.stopFrom {
		f := w.r.last
		w.played.Stop = &f
	}
}

// haltAtRest stops line ln at n, the rest of a Recovered game that the
// reader could not read (its index i in the line walked): on the main
// line, as at an illegal move, the rest is the move not played and the
// reader's syntax error the reason, placed at the ply it stops.
func (w *walk) haltAtRest(n *record.Node, i int, ln *line) {
	if ln.moveUnknown && ln.hist.InCheck() && !ln.ended {
		// The last move's mate test waited (mateTest): a stopped line
		// is not settled, so the mate ends it here.
		proveEnd(ln)
	}
	ln.stopped = true
	if !ln.main {
		// Only a record not made by the reader (JSON) has a rest there.
		return
	}
	se := w.g.SyntaxError()
	if se != nil {
		// The error stops the line at this ply, in this position (the
		// rest starts at it, or at the variation that holds it), as an
		// illegal move stands at its own.
		side := ln.pos.SideToMove()
		for _, k := range w.noticeIdx {
			if f := &w.res.Findings[k]; f.Rule == se.Rule && f.Line == se.Pos.Line && f.Column == se.Pos.Col && f.Ply == 0 {
				f.Ply, f.MoveNumber, f.Side, f.FEN = ln.ply+1, ln.moveNo, side.String(), ln.pos.FEN()
				f.SAN = restToken(n.Text)
				break
			}
		}
	}
	if w.played == nil || w.played.StopNode != nil {
		return
	}
	// The writers name the move not played by its text (`ply 7 (@@@)
	// could not be played`): the rest's first token, not the whole rest,
	// which may be megabytes and hold a `}`.
	stop := *n
	stop.Text = restToken(n.Text)
	w.played.StopNode, w.played.StopIndex = &stop, i
	if se != nil {
		w.played.Stop = w.readerError(se)
	}
}

// restToken is the first token of a rest's text: up to a white space or
// a `}` (which would end the comment a writer names it in), at most 40
// bytes.
func restToken(text string) string {
	if j := strings.IndexAny(text, " \t\r\n\v\f}"); j >= 0 {
		text = text[:j]
	}
	if len(text) > 40 {
		text = strings.ToValidUTF8(text[:40], "")
	}
	return text
}

// nodeIndex is the index in the main line walked (walk.nodes) of node n,
// a node of the turn that starts at w.turnAt (a few nodes to look at).
func (w *walk) nodeIndex(n *record.Node) int {
	for i := w.turnAt; i < len(w.nodes); i++ {
		if &w.nodes[i] == n {
			return i
		}
	}
	return -1
}

// nextPart starts the steps of the next part of a main line read in
// parts (partWalk): the steps and marks of the part before are let go,
// and the next part starts from the position the line stands at.
func (p *Played) nextPart(ln *line) {
	if n := len(p.steps); n > 0 {
		st := p.Step(n - 1)
		// Its SAN is in the part's SANs, let go with them.
		st.Node, st.SAN = nil, strings.Clone(st.SAN)
		p.Prev = &st
	}
	p.PliesBefore += len(p.steps)
	p.steps = p.steps[:0]
	p.moves, p.san = nil, ""
	clear(p.marks)
	p.marks = p.marks[:0]
	p.nextMark, p.due, p.before = 0, 0, 0
	p.Start = ln.pos.Copy()
	p.hasCur = false
	// A stop in an earlier part stays said (keepStop), with no index in
	// the parts after.
	p.StopIndex = -1
}

// keepStop, at the end of a part, makes the node the main line stopped
// at in it a copy, as the part's storage is read over by the next.
func (p *Played) keepStop() {
	if p.StopNode == nil || p.StopIndex < 0 {
		return
	}
	p.StopNode = copyNode(p.StopNode)
}

// copyNode is a copy of n and its move, for a Played that keeps a node
// whose storage is read over.
func copyNode(n *record.Node) *record.Node {
	c := *n
	if c.Move != nil {
		m := *c.Move
		c.Move = &m
	}
	return &c
}

// stepStart keeps the step of m, move k of its turn (last: the turn
// ends with it), about to be played by side from ln.pos on the main line
// (Config.Steps), when all it needs is its fields stored, and reports
// whether it did: nearly every step under Config.NoSAN. Else (a block
// due, a SAN to write, steps to grow, an offset that may not fit) the
// walk calls stepRare, which does the whole step. The step's node is the
// k-th of the turn, which starts at w.turnAt in the nodes walked; step
// adds the rest of the step once the move is played. (The move by
// pointer: by value, its six bytes were spilled and copied one by one.)
//
// It is small enough to be inlined where the walk calls it: so it tests
// only the turn's offset. The others fit their fields when due lets a
// step through: its node offset is less than the nodes walked and its
// move number at most markEvery-1 on from its block's (markBlock).
func (w *walk) stepStart(k int, ln *line, side rules.Color, m *rules.Move, last bool) bool {
	p := w.played
	if len(p.steps) >= p.due || uint(k) > math.MaxUint8 {
		return false
	}
	// Under Config.NoSAN nothing reads toListed before resolve sets it
	// again (stepSAN, which would read it over the next move, is not
	// called): it is not cleared here.
	p.steps = append(p.steps, step{stepMove{*m, stepFlags(side, last), uint8(k)},
		stepOffsets{index: uint32(w.turnAt + k - p.markIndex), number: uint8(ln.moveNo - p.markNumber)}})
	return true
}

// stepFlags are the flags of a step by side, last or not of its turn,
// known before the move. A side is White (0) or Black (1): stepBlack is
// its value shifted, with no test.
func stepFlags(side rules.Color, last bool) uint8 {
	flags := uint8(side) * stepBlack
	if !last {
		flags |= stepKeepTurn
	}
	return flags
}

// stepRare keeps a step stepStart did not: one that starts a block
// (markBlock) or has a SAN (stepSAN, from the position before the move),
// or for which an offset may not fit. Under Config.Kinds every step comes
// here: the calls are made under one test (Played.before), so that the
// block that makes them has one way in and a step that needs none of
// them (most of them then) saves nothing across them.
func (w *walk) stepRare(k int, ln *line, side rules.Color, m *rules.Move, fixedOrigin, listed, last bool) {
	p := w.played
	index := w.turnAt + k
	if len(p.steps) >= p.before {
		if len(p.steps) == p.nextMark {
			w.markBlock(ln, index)
		}
		if w.r.cfg.NoSAN {
			w.toListed = false
			// A step that finds the room full (grown below) comes
			// back here.
			p.before = min(p.nextMark, cap(p.steps))
		} else {
			w.stepSAN(ln.pos, *m, fixedOrigin, listed)
		}
		if len(p.steps) == cap(p.steps) {
			p.steps = slices.Grow(p.steps, 1)
		}
	} else {
		w.toListed = false
	}
	// The offsets from the block fit their fields: a step per move node,
	// a turn of at most three moves, markEvery steps a block. Should one
	// not (a block spanning 2^32 nodes), the step would be wrong, not
	// merely long: say so rather than write it.
	di, dn := index-p.markIndex, ln.moveNo-p.markNumber
	if uint(k)|uint(dn) > math.MaxUint8 || uint64(di) > math.MaxUint32 {
		panic(stepTooFar(ln, index, k, p.markIndex, p.markNumber))
	}
	// Written in place (a step built aside was then copied), in the room
	// made above.
	n := len(p.steps)
	p.steps = p.steps[:n+1]
	st := &p.steps[n]
	st.move, st.flags, st.turn = *m, stepFlags(side, last), uint8(k)
	st.index, st.san, st.number, st.man = uint32(di), 0, uint8(dn), ln.pos.At(m.From)
}

// stepTooFar is stepRare's panic's message, out of its way: not inlined,
// so that stepRare saves nothing for its arguments; the panic is
// stepRare's own, so that the build knows nothing follows it.
//
//go:noinline
func stepTooFar(ln *line, index, k, markIndex, markNumber int) string {
	return fmt.Sprintf("replay: ply %d (node %d, move %d of its turn, move number %d) does not fit a kept step (block from node %d, move number %d)",
		ln.ply+1, index, k, ln.moveNo, markIndex, markNumber)
}

// markBlock starts a block of steps (mark) at the step about to be kept,
// that of the move of node index, from ln.pos; at the first step, it
// makes room for the game's steps.
func (w *walk) markBlock(ln *line, index int) {
	p := w.played
	p.nextMark += 1 << markShift
	if w.r.cfg.NoSAN && !w.r.cfg.Kinds && uint64(len(w.nodes)) <= math.MaxUint32 && markShift <= 8 {
		// stepStart takes the block's steps up to the next without
		// stepRare, and needs not test their node offsets, less than
		// the nodes walked, nor their move numbers', at most one a
		// step. (Else every step takes stepRare, which tests them.)
		p.due = p.nextMark
	}
	if p.steps == nil {
		p.takeRoom(w.mainNodes)
		// The SANs too (a SAN is about four bytes).
		if need := 4 * w.mainNodes; cap(w.r.sanText) < need && !w.r.cfg.NoSAN {
			w.r.sanText = make([]byte, 0, need)
		}
	}
	pos := p.Start
	if len(p.steps) == 0 {
		// The nodes the steps are in: Game.Moves, or the part walked
		// (partWalk).
		p.moves = w.nodes
		if w.plies != nil {
			p.plied = w.g
		}
	} else {
		pos = p.blockPos(ln.pos)
	}
	p.marks = append(p.marks, mark{pos: pos, index: index, san: len(w.r.sanText), number: ln.moveNo})
	p.markIndex, p.markNumber = index, ln.moveNo
}

// blockPos is a copy of pos for a block's mark: in a position a
// released game's block held when its room has one (stepRoom.spare), so
// that a game's blocks are no allocation once its room has served a game
// as long.
func (p *Played) blockPos(pos *rules.Position) *rules.Position {
	room := p.room
	n := len(room.spare)
	if n == 0 {
		return pos.Copy()
	}
	q := room.spare[n-1]
	room.spare = room.spare[:n-1]
	*q = *pos
	return q
}

// stepEnd ends the step stepStart kept, its move just played: what the
// move did to the other king, and, with SANs, the check mark and where
// the SAN ends. playMove calls it only when there is something to do.
func (w *walk) stepEnd(gives, mate bool) {
	p := w.played
	st := &p.steps[len(p.steps)-1]
	if gives {
		st.flags |= stepCheck
	}
	if mate {
		st.flags |= stepMate
	}
	if w.r.cfg.NoSAN {
		return
	}
	switch {
	case mate:
		w.r.sanText = append(w.r.sanText, '#')
	case gives:
		w.r.sanText = append(w.r.sanText, '+')
	}
	mk := &p.marks[len(p.marks)-1]
	ds := len(w.r.sanText) - mk.san
	if ds > math.MaxUint16 {
		panic(fmt.Sprintf("replay: ply %d does not fit a kept step (%d SAN bytes on from its block's)", p.PliesBefore+len(p.steps), ds))
	}
	st.san = uint16(ds)
}

// mateLast marks the last step's move a mate, found after the step ended
// (knowMove): its check is marked already.
func (p *Played) mateLast() { p.steps[len(p.steps)-1].flags |= stepMate }

// stepSAN writes the canonical SAN of m, to be played from before, but
// its check mark (stepEnd adds it), after the game's earlier SANs (cutSANs
// makes them one string), from what the walk knows: only for a piece
// that another man of its kind might also move to the same square, the
// legal moves to that square, which resolving the written move has
// already listed (rules.LegalMovesTo): in Replayer.toList when listed
// (a plain move, plainMove) or toListed says so (resolve). fixedOrigin:
// the turn allows only this man to move (the new knight of a promotion
// turn).
func (w *walk) stepSAN(before *rules.Position, m rules.Move, fixedOrigin, listed bool) {
	var legal []rules.Move
	kind := before.At(m.From).Kind()
	if !fixedOrigin && kind != rules.Pawn && kind != rules.King && m.Flags&rules.FlagWaitingMove == 0 {
		if !listed && (!w.toListed || w.toKind != kind || w.toSquare != m.To) {
			w.r.toList = before.LegalMovesTo(w.r.toList[:0], kind, m.To)
		}
		legal = w.r.toList
	}
	w.toListed = false
	w.r.sanText = appendSAN(w.r.sanText, before, legal, m)
}

// cutSANs gives Played the game's SANs as one string, which the steps
// hold where theirs end (a string per move would be most of a step's
// allocations, and its header 16 bytes a ply).
func (w *walk) cutSANs() {
	r := w.r
	w.played.san = string(r.sanText)
	r.sanText = r.sanText[:0]
}

// readerError is a copy of the finding of the reader's error se (one
// made anew when the report left it out).
func (w *walk) readerError(se *record.Notice) *Finding {
	fs := w.res.Findings
	for i := range fs {
		if fs[i].Rule == se.Rule && fs[i].Line == se.Pos.Line && fs[i].Column == se.Pos.Col {
			f := fs[i]
			return &f
		}
	}
	return &Finding{File: w.file, Game: w.index, Line: se.Pos.Line, Column: se.Pos.Col,
		Rule: se.Rule, Severity: se.Severity.String(), Message: se.Message}
}

// notReplayed records why a game was not replayed at all: the reader's
// syntax error, or the finding that kept its rules or start position from
// being known.
func (w *walk) notReplayed() {
	if w.played == nil {
		return
	}
	fs := w.res.Findings
	if se := w.g.SyntaxError(); se != nil {
		w.played.Stop = w.readerError(se)
		return
	}
	for i := len(fs) - 1; i >= 0; i-- {
		if fs[i].IsError() {
			f := fs[i]
			w.played.Stop = &f
			return
		}
	}
	// Not reached today (every reason not to replay is an error finding);
	// Start nil always comes with a Stop.
	w.played.Stop = &Finding{File: w.file, Game: w.index, Line: w.g.Pos.Line, Column: w.g.Pos.Col,
		Rule: ruleid.BadFEN, Severity: ruleid.SeverityOf(ruleid.BadFEN).String(), Message: "the start position cannot be set up"}
}
