package replay

import (
	"fmt"

	"github.com/ashtapada/ashtapada/internal/boolbit"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
	"github.com/ashtapada/ashtapada/rules"
)

// playTurn resolves and plays one turn: a single move, or the moves joined
// by commas into a compound turn. It stops the line at the first move that
// cannot be resolved or is not allowed. Whether the turn may have these
// moves is the rules' question (rules.Turn); the walk words the findings.
// first is the turn's first node, at w.turnAt in w.lineNodes, and count
// its number of moves: the line's loop does not make a slice of them for
// a turn of one plain move (most turns), which needs only its node.
//
// Most turns are one plain move (plainMove): it needs none of the turn's
// checks, nor most of resolve's, and never halts the line (so it needs
// no stopFrom). With run (plainTurns, in a main line the reader marked
// plain, record.Game.MainPlain; in another line, the line's loop up to
// the run's end, runEndOf) each move of w.runNodes is a turn of its own:
// after a plain move the turns that follow, each its move or its right
// number and its move, past the comments and NAGs the line's loop would
// pass by, are played here one after another, w.turnAt set to each,
// until a node that is none of these, a wrong number or the end of
// w.runNodes (then w.turnAt is the last turn played), or a turn the
// general path takes (w.turnAt is that turn). A call a turn from the
// line's loop, with its frame and the arguments stored and loaded back,
// cost a part of every ply; a run stopped at each comment cost the calls
// again. The run keeps the move of its turn (mv), not the node: the node
// is w.lineNodes[w.turnAt], found there on the rare paths that need it
// (plainMove's, playMove's, generalTurn's), so it is not stored and
// loaded back around each ply's calls as well as its move.
func (w *walk) playTurn(first *record.Node, count int, ln *line, run bool) {
	side, mv := ln.pos.SideToMove(), first.Move
	if w.run = run; ln.pendingNumber != nil { // a wrong move number (line.number)
		w.checkMoveNumber(first, ln, side) // and lets the number go
	}
	if count != 1 {
		w.generalTurn(first, count, ln, side)
		return
	}
	for !ln.ended { // a run of turns of one move each
		if m, ok := w.plainMove(mv, ln, side); ok {
			w.playMove(mv, 0, ln, side, m, false, true, true)
			countTurn(ln, side&1)
			if !w.run {
				return
			}
			// The turn after it: its move, or its number and its move,
			// after what the line's loop passes by (comments, NAGs). A
			// wrong number (numberWrong, judged after the turn before it)
			// is left to the line's loop, which keeps it for its turn.
			// Whether a number stands first is not a branch: it does
			// before White's moves and not before Black's, and a branch
			// that alternates so, a ply's branches after its last
			// outcome, was mispredicted about every other ply. The
			// number's node is stepped over by arithmetic, its value
			// compared without a branch; a number without its move after
			// it, a number other than the move's (numberWrong's first
			// test), a number with dots or a node of another kind take
			// the branch, where a comment or a NAG is passed by and a
			// right number with dots stepped over (runNumber).
			nodes, i := w.runNodes, w.turnAt+1
		look:
			if uint(i) >= uint(len(nodes)) { // (unsigned: no bounds test below)
				return
			}
			k := nodes[i].Kind
			num := boolbit.Int(k == record.KindMoveNumber)
			j := i + num
			if uint(j) >= uint(len(nodes)) {
				return
			}
			// off is not 0 for a number other than the move's (Number read
			// unsigned, in one load: a negative one is not the move's either
			// way), or with two dots or more (`...` is the line loop's); -num
			// keeps it for a number, masks it off for any other node; the
			// node after is not a move unless its kind's difference is 0.
			off := int(uint32(nodes[i].Number)) ^ ln.moveNo | int(nodes[i].Dots)>>1
			if int(nodes[j].Kind-record.KindMove)|off&-num != 0 {
				if k != record.KindMove && k != record.KindMoveNumber && passedBy(k) {
					i++
					goto look
				}
				if k != record.KindMoveNumber || !runNumber(nodes, i, ln) {
					return // the line's loop takes the node
				}
			}
			i = j
			// A turn of one move passes the turn.
			w.turnAt = i
			mv, side = nodes[i].Move, side.Other()
			continue
		}
		break
	}
	w.generalTurn(w.turnNode(0), 1, ln, side)
}

// runNumber reports whether the move number nodes[i], which the run's
// look left (`12...` after a comment), is right and a move follows it:
// the run steps over it as the line's loop would (line.number, with no
// number pending). A call, so that the look's registers stay as they are.
//
//go:noinline
func runNumber(nodes []record.Node, i int, ln *line) bool {
	return i+1 < len(nodes) && nodes[i+1].Kind == record.KindMove && !numberWrong(&nodes[i], ln)
}

// turnNode is the k-th node of the turn being played: the turn starts at
// w.turnAt in w.lineNodes, where the line's loop, generalTurn and a run
// set it before each turn.
func (w *walk) turnNode(k int) *record.Node {
	if w.plies != nil {
		return w.plyNode(w.turnAt + k)
	}
	return &w.lineNodes[w.turnAt+k]
}

// passedBy says whether the line's loop passes a node of kind k by
// without a look: a comment, a NAG, an escape line (its default case).
func passedBy(k record.NodeKind) bool {
	return k == record.KindComment || k == record.KindLineComment || k == record.KindNAG || k == record.KindEscape
}

// generalTurn is playTurn's general path: every turn that is not one
// plain move. It takes the turn's nodes from w.lineNodes.
func (w *walk) generalTurn(first *record.Node, count int, ln *line, side rules.Color) {
	w.aheadAt = w.turnAt + count
	var nodes []record.Node
	if w.plies != nil {
		nodes = w.r.plyNodes[:] // the turn's one move (turnNode)
	} else {
		nodes = w.lineNodes[w.turnAt:w.aheadAt]
	}
	w.stopFrom = w.added
	if ln.moveUnknown {
		w.proveMove(first, ln)
	}
	if ln.ended {
		f := w.moveFinding(first, ln, ln.ply+1, side, ln.pos.FEN(), ruleid.MoveAfterEnd,
			fmt.Sprintf("the game was already over %s (%s), yet the record goes on", endedWhen(ln, "after"), describeOutcome(ln.outcome)), nil)
		if !ln.main && ln.outcome.Kind.LeavesMoves() {
			// A variation is analysis: an annotator often plays a line a move or two past
			// an end the rules declare by themselves to show it; not the game, so it stops.
			f.Severity = ruleid.WarningOf(ruleid.MoveAfterEnd).String()
			f.Message = fmt.Sprintf("the game ended %s by %s: %s; this variation plays on past that end (analysis, not the game)",
				endedWhen(ln, "after"), endName(ln.outcome.Kind), describeOutcome(ln.outcome))
		}
		w.report(ln, first, f)
		return
	}
	s := &w.gr.settings
	// The first turn of each side from the initial array is the opening
	// turn (opening=triple: up to three moves, checked by the rules).
	opening := ln.fromArray && !ln.firstDone[side]
	turn := &w.r.turn
	_, fault, at := turn.Begin(ln.pos, opening, len(nodes))
	switch fault {
	case rules.TurnTooLong:
		// The finding stands at the fourth move; no move of the turn is
		// played, so the line stops before the first.
		w.report(ln, first, w.moveFinding(&nodes[at], ln, ln.ply+at+1, side, ln.pos.FEN(), ruleid.CompoundTurn,
			fmt.Sprintf("an opening turn has at most three moves; %s's turn has %d, and this is the fourth", side, len(nodes)), nil))
		return
	case rules.TurnOneMove:
		// The first move is an ordinary turn: play it, so that the
		// finding at the comma shows the board the second move was
		// made on (its FEN has the other side to move, since the turn
		// has ended as far as the rules know).
		msg := w.compoundMessage(ln, side)
		w.playTurn(first, 1, ln, false)
		if !ln.stopped {
			w.stop(&nodes[1], ln, ln.ply+1, side, ruleid.CompoundTurn, msg)
		}
		return
	}
	for k := range nodes {
		n := &nodes[k]
		ply := ln.ply + 1
		mv := n.Move
		w.stopFrom = w.added
		if mv == nil {
			// A move node without its parts: a record made by another
			// program (JSON) whose move text is no move. Nothing can be
			// played, and what follows is not checked: an error, never a
			// silent stop of a valid game.
			w.report(ln, n, w.moveFinding(n, ln, ply, side, ln.pos.FEN(), ruleid.IllegalMove,
				fmt.Sprintf("`%s` is no move: it cannot be played, and the line is not replayed past it", n.Text), nil))
			w.halt(n, ln)
			return
		}
		if len(w.noticeIdx) > 0 {
			w.placeNotices(n, ln, ply, side)
		}
		if mv.Null {
			// A null move passes the turn; the rules have no such move, so
			// the line cannot go on. In a variation it is an accepted way of
			// showing a threat, and is not reported.
			if ln.main {
				w.report(ln, n, w.moveFinding(n, ln, ply, side, ln.pos.FEN(), ruleid.NullMove,
					"the null move -- (a passed turn) is not a move of the game; the main line cannot be replayed past it", nil))
			}
			w.halt(n, ln)
			return
		}
		origin := turn.Origin()
		m, ok := w.resolve(n, ln, side, ply, origin)
		if !ok {
			w.halt(n, ln)
			return
		}
		switch f, v := turn.Allow(ln.pos, m); f {
		case rules.TurnNotKnightPromotion:
			msg := w.compoundMessage(ln, side)
			if s.Opening != rules.OpeningTriple || !ln.fromArray {
				msg = "only a pawn that has just become a knight may move again in the same turn (knight-promotion-move=optional); " + mv.Text + " is not a promotion to a knight"
			}
			// The finding stands at the comma's second move; the first
			// is not played either.
			w.report(ln, n, w.moveFinding(&nodes[1], ln, ply+1, side, ln.pos.FEN(), ruleid.CompoundTurn, msg, nil))
			return
		case rules.TurnNotNewKnight:
			w.stop(n, ln, ply, side, ruleid.CompoundTurn,
				fmt.Sprintf("the second move of a promotion turn must be the new knight's move from %s", origin))
			return
		case rules.TurnOpening:
			// Checked move by move, so the finding stands at the move that
			// breaks the opening rule.
			w.stop(n, ln, ply, side, v.Rule, v.Message)
			return
		}
		w.playMove(mv, k, ln, side, &m, origin != rules.NoSquare, false, k == len(nodes)-1)
	}
	endTurn(ln, side&1)
}

// endTurn counts a turn played to its end by side, given as side&1 (the
// array's index without a bounds test; and masked where endTurn is
// called: an inlined call on a line without code of its own leaves a
// no-op there). Without a branch on the side: the sides alternate, and
// a branch on it, many branches after its last outcome, was about as
// often mispredicted as not.
func endTurn(ln *line, side rules.Color) {
	ln.firstDone[side] = true
	countTurn(ln, side)
}

// countTurn is endTurn for a turn that plainMove took (a run's, in
// playTurn or walkPlies): wherever firstDone is read (an opening turn,
// opening=triple in a line from the initial array), plainMove leaves a
// side's first turn to generalTurn, which ends it with endTurn, so the
// side's mark is set already, and only the move number counts.
func countTurn(ln *line, side rules.Color) {
	ln.moveNo += int(side) // Black's turn ends a move (Black is 1)
}

// plainMove resolves mv, the written move of the turn's node (at
// w.turnAt) and the one move of its turn, when it is plain: no notice
// stands at it, it promotes, converts, leaps and castles not as written,
// its turn is not an opening turn that may have several moves
// (opening=triple), and exactly one legal move of its kind of man to its
// square fits what it names of the origin (nothing, or a file or a rank:
// a pawn's capture, a piece told apart from another that can go there
// too), a move that promotes, converts and leaps not and captures as its
// x says. Such a move gets no finding from resolve,
// nor from the turn's checks. The move is returned where LegalMovesTo
// listed it, in Replayer.toList: copied into registers it was spilled and
// moved about across each call of the ply. Otherwise (ok false) the legal
// moves listed here are kept for resolve (w.pre), and what they prove
// (proveMove) is known: the general path takes the turn. A pawn's
// promotion written in SAN is plainPromotion's. The line must not have
// ended. ok, a constant on all but plainPromotion's path, is what the
// caller tests: each path then branches where it ends, where a nil move
// was merged with the others into one block that tested the pointer.
func (w *walk) plainMove(mv *record.Move, ln *line, side rules.Color) (*rules.Move, bool) {
	if mv == nil || !(mv.Plain || mv.PlainForm()) ||
		(w.plainLook && (len(w.noticeIdx) > 0 || w.tripleOpening && ln.fromArray && !ln.firstDone[side])) {
		if mv != nil && mv.Promotion != 0 && !w.plainLook {
			m := w.plainPromotion(ln, mv)
			return m, m != nil
		}
		return nil, false
	}
	// As proveMove and resolve list them (writtenKind is kindOf here).
	kind, to := kindOf(mv.Piece), rules.Square(mv.To)
	list := ln.hist.LegalMovesTo(w.r.toList[:0], kind, to)
	w.r.keepTo(list)
	if len(list) == 0 {
		// No legal move is written: resolve says why (proveMove first
		// finds out whether any move exists).
		w.pre.node, w.pre.line = w.turnNode(0), ln
		return nil, false
	}
	m := &list[0] // the common case, without plainPick's call; no origin written: both -1
	if (mv.FromFile&mv.FromRank >= 0 || len(list) != 1) && !onlyFrom(ln.pos, mv, list) {
		i := plainPick(ln.pos, mv, list)
		if i < 0 {
			w.decline(ln)
			return nil, false
		}
		m = &list[i]
	}
	if m.Promotion != rules.NoKind || m.HasConversion() || m.Flags&(rules.FlagLeap|rules.FlagCastleShort|rules.FlagCastleLong|rules.FlagWaitingMove) != 0 ||
		(mv.Capture != m.IsCapture() && w.g.Notation != record.UCI) {
		w.decline(ln)
		return nil, false
	}
	// The listed move proves that a legal move exists, which playMove
	// sets anew after the move (line.moved): not stored here.
	return m, true
}

// plainPromotion is plainMove for a pawn's promotion written in SAN
// (`e8=Q`, `dxe8=Q+`), in a game where no notice stands at a move and
// each turn is one move: the one legal move resolve would take for it,
// with no finding, else nil (the general path takes the turn, and lists
// the moves again). Resolve's tests, in its order: the pawn's moves to
// the square that match what is written of the origin, those that
// promote to the man written, exactly one of them, no conversion, the x
// as the move captures; a pawn's origin is never superfluous
// (superfluousFrom), nor is a pawn's move a leap.
func (w *walk) plainPromotion(ln *line, mv *record.Move) *rules.Move {
	if mv.Piece != 0 || mv.Null || mv.Castle != record.NoCastle || mv.To == record.NoSquare || mv.Desc != nil ||
		(mv.FromFile >= 0 && mv.FromRank >= 0) || mv.Leap || mv.ConvSquare != record.NoSquare {
		return nil
	}
	list := ln.hist.LegalMovesTo(w.r.toList[:0], rules.Pawn, rules.Square(mv.To))
	w.r.keepTo(list)
	want := rules.KindFromLetter(mv.Promotion)
	var m *rules.Move
	for i := range list {
		lm := &list[i]
		if mv.FromFile < 0 && mv.FromRank < 0 && lm.Flags&(rules.FlagCastleShort|rules.FlagCastleLong) == 0 || matchesBase(ln.pos, *lm, mv, rules.Pawn) {
			if lm.Promotion == want && lm.Flags&rules.FlagArrival == 0 {
				if m != nil {
					return nil
				}
				m = lm
			}
		}
	}
	if m == nil || m.ConvSquare != rules.NoSquare || m.Flags&(rules.FlagLeap|rules.FlagCastleShort|rules.FlagCastleLong|rules.FlagWaitingMove) != 0 ||
		(mv.Capture != m.IsCapture() && w.g.Notation != record.UCI) {
		return nil
	}
	return m
}

// decline leaves the turn at w.turnAt, whose legal moves plainMove listed
// (some), to the general path: they are kept for resolve, and prove that a legal
// move exists (as proveMove would).
func (w *walk) decline(ln *line) {
	w.pre.node, w.pre.line = w.turnNode(0), ln
	ln.hasMove, ln.moveUnknown = true, false
}

// keepTo keeps list, the moves LegalMovesTo appended to toList[:0], as
// toList. Appended within its capacity, they are in toList's array and
// only the length is stored: no slice (a pointer, with the collector's
// write barrier) at every ply.
func (r *Replayer) keepTo(list []rules.Move) {
	if cap(list) == cap(r.toList) {
		r.toList = r.toList[:len(list)]
	} else {
		r.toList = list
	}
}

// onlyFrom reports whether plainPick would pick list[0], the one move
// listed, for mv written with its file only (a pawn's capture, most of
// the moves that name part of their origin): the move is from that file,
// by a pawn (mv names no piece), neither castling nor a waiting move. Else
// plainPick decides. Neither takes the kind plainMove listed: passed, it
// was kept across the listing's call at every ply for these rarer paths.
func onlyFrom(pos *rules.Position, mv *record.Move, list []rules.Move) bool {
	if len(list) != 1 || mv.Piece != 0 || mv.FromRank >= 0 {
		return false
	}
	m := &list[0]
	return m.From.File() == int(mv.FromFile) && m.Flags&(rules.FlagCastleShort|rules.FlagCastleLong|rules.FlagWaitingMove) == 0 &&
		pos.At(m.From).Kind() == rules.Pawn
}

// plainPick is the index in list (the legal moves of the kind of man mv
// names to the square it names) of the one move that mv, a plain move, stands for
// (plainMove); -1 when there is none, several, or the written
// disambiguation of a piece is not needed (resolve warns,
// superfluousFrom).
func plainPick(pos *rules.Position, mv *record.Move, list []rules.Move) int {
	if mv.FromFile < 0 && mv.FromRank < 0 {
		if len(list) != 1 {
			return -1
		}
		return 0
	}
	at, found, kind := -1, 0, kindOf(mv.Piece)
	for i, lm := range list {
		if matchesBase(pos, lm, mv, kind) {
			at = i
			found++
		}
	}
	if found != 1 {
		return -1
	}
	if mv.Piece != 0 {
		// A piece's file or rank is needed when another man of its
		// kind can go there too; else resolve warns that it is not
		// (superfluousFrom).
		others := false
		for _, lm := range list {
			others = others || (lm.From != list[at].From && !lm.IsLeap())
		}
		if !others {
			return -1
		}
	}
	return at
}

// playMove plays *m, the move of the turn's k-th node (at w.turnAt+k in
// w.lineNodes: looked up only for a check-mark finding), written mv
// (last: the turn ends with it), and judges what it did: check, mate, the game's
// end, the written check mark. fixedOrigin: the turn allowed only one man
// to move (rules.Turn.Origin). listed: Replayer.toList holds the legal
// moves of the mover's kind to m.To (plainMove listed them, m among
// them), for the step's SAN, which then does not list them again over
// m. The move is read where it is at each use, not kept in registers
// across the calls. mv is loaded by the caller (playTurn keeps it for
// plainMove too; a line that then has code, where an inlined call leaves
// a no-op).
func (w *walk) playMove(mv *record.Move, k int, ln *line, side rules.Color, m *rules.Move, fixedOrigin, listed, last bool) {
	// (A line kept: the build's profile finds the calls below by their offset.)
	var gives bool
	if !last {
		// Inside a compound turn the same side moves on; ask before.
		gives = ln.pos.GivesCheck(*m)
	}
	// A step reads the position before the move now (stepStart), its
	// check mark after it (stepEnd).
	if ln.extras {
		if w.played != nil {
			// m may point into toList, filled by stepSAN only when not listed. Five
			// lines: the build profile finds PlayMayCheck's call by its line offset.
			if !w.stepStart(k, ln, side, m, last) {
				w.stepRare(k, ln, side, m, fixedOrigin, listed, last)
			}
		}
		if w.moreExtras {
			w.otherExtras(k, ln, side, m) // after the step: m may be in toList
		}
	}
	// A check-mark finding (known only after the move: check? mate?)
	// needs a written mark or a move that can give check, and the
	// position before the move: keep what the move changes (rules.Undo,
	// fewer bytes than a copy of the position) for checkMark to rebuild
	// it. The history's MayCheck, not MayGiveCheck: after a move of the
	// same turn (or at the start) the check may come from an earlier move.
	// A written mark says the move gives check, as it nearly always does:
	// MayCheck says "may" for it without a look (most moves are unmarked
	// and get a "surely not", which spares the history's check test);
	// KeepMayCheck hands the history a "may" with the undo record.
	may := ln.hist.MayCheck(m, mv.Check != 0)
	if may || gives {
		ln.hist.KeepMayCheck(m, &w.r.undo)
	}
	ln.ply++
	// (mate is known only where the move gives check: below.)
	if last {
		// The opponent is to move: in check means the move gave check
		// (the history tested it when it recorded the position). Whether
		// a legal move exists is known (moved), or assumed where only its
		// lack could end the game (a quiet move's, a + check's: mateTest),
		// and the outcome is not asked where the rules cannot end the game
		// (MayEnd), as at nearly every ply. Whether the move won is asked
		// only by a mark that does not say what it did (checkMark). Most
		// moves reach a position not in check where the rules cannot end
		// the game while a move exists (MayEnd(true) false): a move is
		// then assumed there (moved), and MayEnd is false with it.
		if r := ln.hist.PlayMayCheck(m); !r.Check && !r.MayEnd(true) {
			ln.moved(false, 0)
			goto quiet // gives is false: not tested again
		} else {
			gives = r.Check
			ln.moved(gives, mv.Check)
			if r.MayEnd(ln.hasMove) {
				ln.endsNow()
			}
		}
	} else {
		ln.hist.PlayKeepTurn(*m)
		ln.moved(ln.hist.InCheck(), 0)
	}
	// The step stepStart kept ends (stepEnd): what the move did to the
	// other king, and, with SANs, the check mark and where the SAN ends.
	// Most moves give no check, and convert --to uci keeps no SAN: then
	// the test of gives, which the first check needs anyway, and one of
	// the line are all (the move's text was kept before: otherExtras).
	// A mark that says what the move did (none, + or #) needs no judging
	// (checkMark). Mate is only a checking move's, whose moved asked at
	// once whether a legal move exists (the game can end only with the
	// turn: last), or left it to the next turn (mateTest): no mate then.
	if gives {
		mate := last && !ln.hasMove
		if them := side.Other(); ln.firstCheckPly[them] == 0 {
			ln.firstCheckPly[them], ln.firstCheckSAN[them] = ln.ply, mv.Text // (none over plies: firstCheckText)
		}
		if ln.extras && w.played != nil {
			w.stepEnd(true, mate)
		}
		if c := mv.Check; c == 0 || mate != (c == '#') {
			w.checkMark(w.turnNode(k), ln, side, ln.ply, true, mate, last)
		}
		return
	}
quiet:
	if ln.sanSteps {
		w.stepEnd(false, false)
	}
	if mv.Check != 0 {
		w.checkMark(w.turnNode(k), ln, side, ln.ply, false, false, last)
	}
}

// otherExtras is playMove's work for the rarer extras (walk.moreExtras),
// before the move: the man moved followed by where it started, for a
// game in descriptive notation (trace, descriptive.go), and the move's
// text (Config.Moves).
func (w *walk) otherExtras(k int, ln *line, side rules.Color, m *rules.Move) {
	if w.traceOrigins {
		w.trace(*m)
	}
	if w.moves {
		w.res.Moves = append(w.res.Moves, MoveText{Text: w.moveText(k), MoveNumber: ln.moveNo, Side: side, TurnIndex: k})
	}
}

func winnerOf(c rules.Color) rules.Winner {
	if c == rules.White {
		return rules.WhiteWins
	}
	return rules.BlackWins
}

// stop reports a finding that ends the line (the registry says so for
// every id it is given), with the FEN of the current position (the one
// before the move n).
func (w *walk) stop(n *record.Node, ln *line, ply int, side rules.Color, rule, msg string) {
	w.report(ln, n, w.moveFinding(n, ln, ply, side, ln.pos.FEN(), rule, msg, nil))
}

func (w *walk) compoundMessage(ln *line, side rules.Color) string {
	s := &w.gr.settings
	switch {
	case s.Opening == rules.OpeningTriple && !ln.fromArray:
		return "a compound turn is allowed only in the opening from the initial array; this game starts from a FEN position"
	case s.Opening == rules.OpeningTriple:
		return fmt.Sprintf("only each side's first turn may have several moves; %s has already made its opening turn", side)
	case s.KnightPromotionMove == rules.KnightMoveOptional:
		return "a compound turn is allowed here only as a promotion to a knight followed by the new knight's move"
	}
	return fmt.Sprintf("under profile %s each turn is one move; the comma joins a second move to it", w.profileName())
}

// wonBy reports whether side's checking move, the last of its turn, won
// the game: the rules ended it there with side the winner (endsNow), or
// made sure of side's win (decidedFor).
func (ln *line) wonBy(side rules.Color) bool {
	if ln.ended {
		return ln.outcome.Winner == winnerOf(side)
	}
	return ln.decidedFor(side)
}

// checkMark compares the written '+'/'#' with what the move did. The
// position before the move is rebuilt from the replayer's undo record:
// playMove keeps one for every move that is marked or may give check,
// which are the moves judged here (a move that gives check is one that
// may).
//
// A checking move that wins the game by another rule (a bare king) may be
// marked either way: programs that stop generating moves once the game is
// decided (Fairy-Stockfish) see no reply to the check and write '#'.
// last: the move ends its turn (the game can end only then).
func (w *walk) checkMark(n *record.Node, ln *line, side rules.Color, ply int, gives, mate, last bool) {
	if w.g.Notation == record.UCI {
		return // UCI writes no check marks
	}
	written := n.Move.Check
	var msg string
	switch {
	case gives && written != 0 && last && ln.wonBy(side):
		return
	case mate && written != '#':
		if written == '+' {
			msg = "this move gives checkmate, but the record marks it only as check (+ instead of #)"
		} else {
			msg = "this move gives checkmate, but the record does not mark it (#)"
		}
	case !mate && written == '#' && gives:
		msg = "the record marks checkmate (#), but this move only gives check: the king can still escape"
	case !gives && written != 0:
		msg = fmt.Sprintf("the record marks %q, but this move does not give check", string(written))
	case gives && !mate && written == 0:
		msg = "this move gives check, but the record does not mark it (+)"
	default:
		return
	}
	if w.noticeAt(ruleid.CheckMark, n.Pos) {
		return
	}
	// moveFinding reads the rebuilt position in the scratch too.
	w.r.undo.Before(ln.pos, &w.r.scratch)
	w.report(ln, n, w.moveFinding(n, ln, ply, side, w.r.scratch.FEN(), ruleid.CheckMark, msg, nil))
}

// numberWrong says whether the move number n, written before the next
// move of ln, is not the one the game has reached (checkMoveNumber words
// the finding).
func numberWrong(n *record.Node, ln *line) bool {
	return int(n.Number) != ln.moveNo || (n.Dots >= 3 && ln.pos.SideToMove() == rules.White)
}

// checkMoveNumber compares a written move number with the one the game has
// reached. The reader reports the numbers it can judge from the text alone;
// a finding at the same place is not repeated. The number is read once,
// by its turn: it is let go here.
func (w *walk) checkMoveNumber(first *record.Node, ln *line, side rules.Color) {
	pn := ln.pendingNumber
	ln.pendingNumber = nil
	if pn == nil || w.numbersNoted {
		return
	}
	var msg string
	switch {
	case int(pn.Number) != ln.moveNo:
		msg = fmt.Sprintf("move number %d is written where move %d stands", pn.Number, ln.moveNo)
	case side == rules.White && pn.Dots >= 3:
		msg = fmt.Sprintf("%d... announces a black move, but it is white's turn", pn.Number)
	default:
		return
	}
	// One warning per game: after the first wrong number the rest are
	// usually wrong by the same offset. The reader's own move-number
	// warnings count too.
	w.numbersNoted = true
	f := w.moveFinding(first, ln, ln.ply+1, side, ln.pos.FEN(), ruleid.MoveNumber, msg, nil)
	f.Line, f.Column = pn.Pos.Line, pn.Pos.Col
	w.report(ln, first, f)
}

// checkResult compares the Result tag, the termination marker and what the
// rules say (docs/notation.md section 5).
func (w *walk) checkResult(ln *line) {
	g := w.g
	tag, hasTag := w.tags.result, w.tags.has&tagResult != 0
	at := g.ResultPos
	if !at.IsValid() {
		for _, t := range g.Tags {
			if t.Name == "Result" {
				at = t.Pos
			}
		}
	}
	if !at.IsValid() {
		at = g.Pos
	}
	// A result finding stands after the last move: it carries that move's
	// ply, number and side.
	side, moveNo := "", 0
	if ln.ply > 0 {
		last := ln.pos.SideToMove().Other()
		side, moveNo = last.String(), ln.moveNo
		if last == rules.Black {
			moveNo--
		}
	}
	finding := func(rule, msg string) {
		w.add(&Finding{
			File: w.file, Line: at.Line, Column: at.Col, Game: w.index,
			Ply: ln.ply, MoveNumber: moveNo, Side: side,
			SAN: g.Result, Rule: rule, Severity: ruleid.SeverityOf(rule).String(), Message: msg,
			FEN: ln.pos.FEN(), Profile: w.profileName(), Settings: w.settingsMap(),
			Checkered: w.checkered(), Men: w.men(),
		})
	}
	if hasTag && g.Result != "" && tag != g.Result && tag != "" && tag != "?" {
		finding(ruleid.ResultTagMismatch, fmt.Sprintf("the Result tag says %s, the termination marker %s", tag, g.Result))
	}
	if !ln.ended {
		return
	}
	want := resultOf(ln.outcome)
	rec := w.recordedResult()
	switch {
	case rec == "" || rec == "*":
		finding(ruleid.ResultMissing, fmt.Sprintf("the game ended %s (%s); the result is %s, but the record gives %s",
			endedWhen(ln, "at"), describeOutcome(ln.outcome), want, orNone(rec)))
	case rec != want:
		finding(ruleid.ResultMismatch, fmt.Sprintf("the record gives %s, but the game ended %s (%s), which makes it %s",
			rec, endedWhen(ln, "at"), describeOutcome(ln.outcome), want))
	}
}

// endedWhen says when the rules ended the game: "at ply 7" (or "after ply
// 7"), or "in the start position" for a FEN that is already decided.
func endedWhen(ln *line, prep string) string {
	if ln.endPly == 0 {
		return "in the start position"
	}
	return fmt.Sprintf("%s ply %d", prep, ln.endPly)
}

// endName names an end that leaves the men moves (OutcomeKind.LeavesMoves)
// for the warning of a variation that plays on past it.
func endName(k rules.OutcomeKind) string {
	switch k {
	case rules.OutcomeBareKing:
		return "bare king"
	case rules.OutcomeRepetition:
		return "repetition"
	case rules.OutcomeMoveRule:
		return "the move rule"
	case rules.OutcomeDeadPosition:
		return "dead position"
	}
	return k.String()
}

func orNone(s string) string {
	if s == "" {
		return "no result"
	}
	return s
}
