package replay

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
	"github.com/ashtapada/ashtapada/rules"
)

// Replayer judges games one after another. It keeps move buffers between
// games so that the common case allocates nothing per move; it is not safe
// for concurrent use: give each worker its own.
type Replayer struct {
	cfg   Config
	legal []rules.Move // legal moves of the main line's current position
	cands []rules.Move // scratch: Candidates when no legal move matches
	match []rules.Move // scratch: the legal moves a written move matches
	turn  rules.Turn   // judges the shape of the turn being played
	// toList holds the legal moves of a kind of man to a square that a
	// written move was resolved among (walk.toListed): what its SAN and a
	// superfluous disambiguation are judged against.
	toList []rules.Move
	// sanText holds the SANs of a game's steps one after another
	// (cutSANs).
	sanText []byte
	// hist is the main line's history, reset for each game so that its
	// storage (the positions since the last capture or pawn move) is
	// allocated once per worker.
	hist *rules.History
	// spare holds lines of finished variations and branch points, with
	// their histories, for snapshot to reuse.
	spare []*line
	// reused is Game's walk (walkRoom).
	reused *partWalk
	// looked is the profile rules.Lookup found last, and the name it was
	// asked (lookup).
	looked struct {
		name string
		p    *rules.Profile
	}
	// undo is what the last move that may be judged for its check mark
	// changed, and scratch the position before it, rebuilt from undo for
	// a check-mark finding's FEN (values: nothing is allocated).
	undo    rules.Undo
	scratch rules.Position
	// plyNodes[0] and plyMove are the node and move of a ply
	// (walk.plyAt), made for the paths that read a node (turnNode);
	// plyRun holds the parts of the ply walkPlies plays, for the plain
	// path, which reads a move's parts in a record.Move (its text
	// empty). Here, not in the walk, which is cleared for every game.
	plyNodes [1]record.Node
	plyMove  record.Move
	plyRun   record.Move
	// last is the latest finding the walk gave to add, kept or left out:
	// a stop's reason, read only when the game has added one since its
	// turn began (walk.added, walk.stopFrom). Here, not in the walk, which
	// is cleared for every game.
	last Finding
}

// New returns a Replayer for cfg.
func New(cfg Config) *Replayer {
	return &Replayer{
		cfg:   cfg,
		legal: make([]rules.Move, 0, 128),
		cands: make([]rules.Move, 0, 128),
		match: make([]rules.Move, 0, 8),
	}
}

// walk is the state of one game's replay.
type walk struct {
	r     *Replayer
	g     *record.Game
	tags  gameTags
	file  string
	index int
	gr    gameRules
	res   *Result
	// settings is built on the first finding only: most games have none.
	settings map[string]string
	// numbersNoted: a move-number warning was given (by the reader or
	// here); later numbers are not judged again.
	numbersNoted bool
	// noticeIdx are the indexes in res.Findings of the reader's notices.
	noticeIdx []int
	// parted: the main line comes in parts (beginParts), not whole
	// (Game).
	parted bool
	// played collects the main line's steps (Config.Steps), nil otherwise.
	played *Played
	// nodes is the main line being walked: Game.Moves, or the part of it
	// read last (partWalk).
	nodes []record.Node
	// turnAt is the index of the turn being played in its line's nodes
	// (lineNodes; in a main-line turn they are nodes too); stopFrom the
	// number of findings added (w.added) before the turn was walked (a
	// stop's finding comes after).
	turnAt, stopFrom int
	// pathStack holds the variation path of the line being replayed; a
	// line's path is a view of it, copied only into findings, so that
	// deeply nested variations cost memory linear in their depth.
	pathStack []int
	// lineNodes[turnAt:aheadAt] is the turn being played, and
	// lineNodes[aheadAt:] the rest of the line after it: what an
	// ambiguous move is tested against (fitsNext). The line's nodes are
	// set once a line (and again after each of its variations), turnAt at
	// every turn, aheadAt by playTurn's general path (the only one that
	// reads it): no pointer stored a ply.
	lineNodes []record.Node
	aheadAt   int
	// runNodes are the nodes of lineNodes a run of turns (playTurn's
	// run) may play: all of a plain main line's (plainTurns, set by
	// line), those up to the run's end in another line (runEndOf).
	runNodes []record.Node
	// plies is the main line read for the walk alone (record.Game.Plies),
	// walked by walkPlies, nil when the walk is over nodes (lineNodes
	// and nodes are nil then); plyAt-1 is the ply whose node the
	// replayer's plyNodes holds (0: none, in this game).
	plies []record.Ply
	plyAt int
	// trail is the main line's moves of a game in descriptive notation,
	// up to maxTrail: where each man started (byOrigin).
	trail []rules.Move
	// added counts the findings given to add, kept or left out, the
	// latest of them in Replayer.last.
	added int
	// kept counts the findings kept, byRule them and the notes per rule
	// (Config.MaxFindings, MaxFindingsPerRule); leftErrors and
	// leftWarnings count those left out.
	kept                     int
	byRule                   []ruleKept
	leftErrors, leftWarnings int
	// variations, moves and traceOrigins are asked at every ply:
	// Config.Variations, Config.Moves, and the record is in descriptive
	// notation (trace).
	variations, moves, traceOrigins bool
	// moreExtras: moves or traceOrigins, the extras of a move that
	// otherExtras does (one test a ply where there were two).
	moreExtras bool
	// tripleOpening: the game's profile lets an opening turn have several
	// moves (opening=triple), which plainMove leaves to the turn's checks.
	tripleOpening bool
	// plainLook: plainMove has more to ask of a move than its form, a
	// game's fact tested once a ply where its two parts were tested
	// apart: a reader's notice may stand at it (noticeIdx), or an opening
	// turn may have several moves (tripleOpening). Set by notices, which
	// runs after tripleOpening is set and before the walk.
	plainLook bool
	// run is playTurn's argument, taken here at its start: an argument is
	// kept in a register, stored and loaded back around each of a ply's
	// calls, where the run reads it once a ply.
	run bool
	// mainNodes is the number of nodes of the main line, at least the
	// steps it can have (Config.Steps): counting its moves cost more a
	// ply than the room the other nodes' steps take.
	mainNodes int
	// toListed: resolving the move just played listed in Replayer.toList
	// every legal move of a toKind man to toSquare. Only what resolve
	// (or proveMove) set is read: a plain move (plainMove) leaves it as
	// it was, and tells its step by argument (playMove's listed).
	toListed bool
	toKind   rules.Kind
	toSquare rules.Square
	// pre: proveMove listed in Replayer.toList the legal moves the written
	// move of node can be in line (a line plays a node once), for resolve;
	// for a descriptive move, the moves it can mean in Replayer.match, and
	// in listed whether toList holds the moves to its square (toListed).
	pre struct {
		node   *record.Node
		line   *line
		listed bool
	}
}

// ruleKept counts the findings of one rule kept for a game; note, once
// one was left out, is the note that says how many.
type ruleKept struct {
	rule string
	kept int
	note *Finding
}

// placeNotices completes the reader's notices that stand at move n with
// what only replay knows: ply, move number, side, the move, the FEN.
func (w *walk) placeNotices(n *record.Node, ln *line, ply int, side rules.Color) {
	for _, i := range w.noticeIdx {
		f := &w.res.Findings[i]
		if f.Ply != 0 || f.Line != n.Pos.Line || f.Column != n.Pos.Col {
			continue
		}
		f.Ply, f.MoveNumber, f.Side, f.FEN = ply, ln.moveNo, side.String(), ln.pos.FEN()
		if n.Move != nil {
			f.SAN = n.Move.Text
		}
		f.Profile, f.Settings = w.profileName(), w.settingsMap()
		f.Variation = variationPath(ln)
	}
}

// line is the state of one line of play (the main line or a variation).
type line struct {
	pos *rules.Position
	// hist owns the position (pos is hist.Position()): it records every
	// position for repetition and decides the game's end.
	hist *rules.History
	// legal is the full list of legal moves of pos, valid when legalOK:
	// it is built only for a finding that lists moves (allLegal), since
	// resolving a move needs only the moves that can match it
	// (rules.LegalMovesTo) and the game's end only whether a move exists.
	legal   []rules.Move
	legalOK bool
	// hasMove: the side to move has a legal move in pos. After a move
	// that gives no check it is first assumed (moveUnknown): the next
	// written move, listed among the legal moves, usually proves it at
	// no cost, where finding out at every ply was a twentieth of
	// validate's time. Whatever reads the game's end asks knowMove first
	// when the assumption could matter (docs/replay.md).
	hasMove     bool
	moveUnknown bool
	ply         int // plies played so far in the game (a variation continues its parent's count)
	// variations counts the line's variations walked so far (a main line
	// read in parts counts on from one part to the next).
	variations int
	moveNo     int // the move number of the next move
	// fromArray: the game started from the profile's initial array, so a
	// compound opening turn is possible (docs/notation.md section 4).
	fromArray bool
	firstDone [2]bool // the side has made its first turn
	stopped   bool    // the position is no longer known
	ended     bool    // the rules have ended the game
	outcome   rules.Outcome
	endPly    int // the ply that ended the game
	// pendingNumber is the move number written before the next move
	// when it is wrong there (numberWrong), nil when it is right.
	pendingNumber *record.Node
	// before is the position before the last turn, the branch point of a
	// variation that follows it (kept only with Config.Variations).
	before *line
	path   []int // variation path, nil for the main line
	main   bool
	// extras: the line is the main line of a walk that does more with
	// each move than play and judge it: a step (Config.Steps), the move's
	// text (Config.Moves), the descriptive trail (trace). One test a ply
	// where each of the three was two.
	extras bool
	// sanSteps: the line's steps are kept with their SANs (Config.Steps
	// without Config.NoSAN), whose end stepEnd keeps at every move; else
	// a move that gives no check leaves its step as stepStart kept it.
	sanSteps bool
	// plusWait: a move marked '+' that gives check may leave the test for
	// mate to the next turn (mateTest): the line is the main line of a
	// game that has no other (record.Game.MainPlain: no variation is walked
	// from a position whose end is not yet known), and no extra needs the
	// answer at once: no SAN (a step's ends in '#'), no move's text nor
	// descriptive trail, no step handed out before the game's end (a main
	// line read in parts, beginParts).
	plusWait bool
	// mateSteps: the line's steps (Config.Steps) where its mate test may
	// wait; the step of a mate found later is marked then (knowMove).
	mateSteps *Played
	// firstCheck is, per side, the ply and move that first checked its
	// king in this line: the moment a never-checked leap right was lost,
	// for messages.
	firstCheckPly [2]int
	firstCheckSAN [2]string
}

// Game replays one game. file and index (1-based) say where it stands, for
// the report.
func (r *Replayer) Game(g *record.Game, file string, index int) *Result {
	return r.begin(g, file, index, true, nil).End(g.Moves)
}

// GameInto is Game with its result written into res and returned: res is
// a result of an earlier game that nothing holds any longer, which is
// cleared first (what it pointed to, its findings among them, is let go,
// not written over). A nil res is Game's new one.
func (r *Replayer) GameInto(res *Result, g *record.Game, file string, index int) *Result {
	return r.begin(g, file, index, true, res).End(g.Moves)
}

// partWalk is the replay of a game whose main line is read in parts
// (Replay of a record.Source in parts): a huge game is then never held
// whole. It is the walk Game does, fed a part at a time: beginParts does
// what Game does
// before the moves, Part walks each part, End the last part and what
// Game does after the moves, so that the findings and the verdict are
// those of Game on the whole record.
type partWalk struct {
	w *walk
	// ln is the main line being walked; nil when the game is not replayed
	// (no profile covers it, the reader could not read it, its start
	// position cannot be set up): then the result is already complete.
	ln *line
	// parts counts the parts walked; parted: the main line comes in
	// parts (beginParts), not whole (Game).
	parts int
	// number holds the move number a part ended with, which the move at
	// the start of the next part is judged against: the part's storage
	// is read over by the next part.
	number record.Node
	// wk and main are the storage of w and ln: one allocation for a game
	// read in parts, none for Game, which reuses the replayer's
	// (Replayer.walkRoom).
	wk   walk
	main line
}

// beginParts starts the replay of a game read in parts. g must be the
// record as the reader finishes it, all but its moves: its tags, every
// notice of the reader (the game read through once already, as the
// notices of its end, a missing move number among them, change how the
// walk judges its start) and its termination marker. The parts are then
// given to Part in order, and the last one to End.
//
// With Config.Steps, the main line as played is kept a part at a time:
// after Part (and End), Played holds the steps of that part, their
// indexes in its nodes, and its Start the position before them
// (Played.PliesBefore the plies before, Played.Prev the last of them); the
// next part starts them anew.
func (r *Replayer) beginParts(g *record.Game, file string, index int) *partWalk {
	p := r.begin(g, file, index, false, nil)
	p.w.parted = true
	if p.ln != nil && p.ln.mateSteps != nil {
		// A part's steps are handed out when it is walked: each keeps
		// its mate as it is played.
		p.ln.plusWait, p.ln.mateSteps = false, nil
	}
	return p
}

// Played is the main line as played in the part walked last
// (Config.Steps), valid until the next call of Part or End.
func (p *partWalk) Played() *Played { return p.w.played }

// Part walks one part of the main line. Nothing of it is kept: the
// reader may read the next part over it.
func (p *partWalk) Part(nodes []record.Node) {
	if p.ln == nil {
		return
	}
	p.walkPart(nodes)
	// What points into the part is let go (a node of the next part may
	// take its address); a move number the part ended with is copied.
	p.w.pre.node, p.w.pre.line = nil, nil
	p.w.lineNodes, p.w.runNodes = nil, nil
	if pn := p.ln.pendingNumber; pn != nil {
		p.number = *pn
		p.ln.pendingNumber = &p.number
	}
}

// walkPart walks nodes, the steps of the part before let go.
func (p *partWalk) walkPart(nodes []record.Node) {
	w := p.w
	if w.played != nil && p.parts > 0 {
		w.played.nextPart(p.ln)
	}
	p.parts++
	w.nodes = nodes
	if w.plies != nil {
		w.walkPlies(p.ln)
	} else {
		w.line(nodes, p.ln)
	}
	if w.played != nil {
		w.cutSANs()
		if w.parted {
			w.played.keepStop()
		}
	}
}

// End walks the last part of the main line and returns the result.
func (p *partWalk) End(nodes []record.Node) *Result {
	w, ln := p.w, p.ln
	if ln == nil {
		return w.res
	}
	p.walkPart(nodes)
	w.r.legal = ln.legal[:0]
	ln.settle()
	w.finish(ln)
	return w.res
}

// begin is what Game does before the moves; whole says that g.Moves is
// the whole main line (for the steps' room); res is GameInto's.
func (r *Replayer) begin(g *record.Game, file string, index int, whole bool, res *Result) *partWalk {
	p := r.walkRoom(whole)
	w := p.w
	if res == nil {
		res = &Result{}
	} else {
		*res = Result{}
	}
	w.r, w.g, w.file, w.index, w.res = r, g, file, index, res
	if whole {
		w.plies = g.Plies
	}
	w.variations, w.moves, w.traceOrigins = r.cfg.Variations, r.cfg.Moves, g.Notation == record.DescriptiveNotation
	if r.cfg.Steps {
		w.played = newPlayed()
		res.Played = w.played
		r.sanText = r.sanText[:0]
		if whole {
			w.mainNodes = len(g.Moves) + len(g.Plies) // (one of them is empty)
		}
	}
	w.tags.read(g)
	// The Result is new or cleared: its summary's other fields are zero.
	res.Summary.File, res.Summary.Game, res.Summary.Outcome, res.Summary.Result = file, index, OutcomeNone, w.recordedResult()
	// The rules come first, even for a game the reader could not read: a
	// crazyhouse drop is a syntax error here, and the useful finding is
	// that no profile covers the game.
	f := r.resolveRulesTo(&w.gr, g, &w.tags)
	gr := &w.gr
	w.tripleOpening = gr.settings.Opening == rules.OpeningTriple
	if gr.profile != nil {
		res.Summary.Profile = gr.profile.Name
		res.Summary.ProfileSource = gr.source
		if w.played != nil {
			w.played.Profile, w.played.Settings = gr.profile, gr.settings
		}
	}
	w.notices()
	for i := range g.Notices {
		w.numbersNoted = w.numbersNoted || g.Notices[i].Rule == ruleid.MoveNumber
	}
	if f != nil {
		f.File, f.Game = file, index
		if f.Profile == "" {
			f.Profile = res.Summary.Profile
		}
		w.add(f)
		w.notReplayed()
		w.finish(nil)
		return p
	}
	if g.Unreadable() != nil {
		// The reader says the moves may be incomplete: replaying them would
		// only invent findings. (A Recovered game's are not: its main line
		// stops at the rest the reader could not read, haltAtRest.)
		w.notReplayed()
		w.finish(nil)
		return p
	}
	w.missingTags()
	ln, ok := w.start(&p.main)
	if !ok {
		w.notReplayed()
		w.finish(nil)
		return p
	}
	ln.main = true
	w.moreExtras = w.moves || w.traceOrigins
	ln.extras = w.played != nil || w.moreExtras
	ln.sanSteps = w.played != nil && !r.cfg.NoSAN
	ln.plusWait = g.MainPlain && !w.moreExtras && (w.played == nil || r.cfg.NoSAN)
	if ln.plusWait {
		ln.mateSteps = w.played
	}
	if w.played != nil {
		w.played.keepStart(ln.pos)
	}
	ln.legal = r.legal[:0]
	ln.hasMove = ln.hist.HasLegalMove()
	ln.judgeStart()
	p.ln = ln
	return p
}

// walkRoom is a walk's storage, zeroed. With reuse (Game, which is done
// with it when it returns) it is the replayer's own, its slices' storage
// kept: the walk, its main line and the partWalk were allocated for every
// game. With steps too: their positions, which outlive the walk, point at
// the Played's settings, not the walk's (start).
func (r *Replayer) walkRoom(reuse bool) *partWalk {
	if !reuse {
		p := &partWalk{}
		p.w = &p.wk
		return p
	}
	if r.reused == nil {
		r.reused = &partWalk{}
	}
	p := r.reused
	w := &p.wk
	notices, path, byRule, trail := w.noticeIdx[:0], w.pathStack[:0], w.byRule[:0], w.trail[:0]
	*p = partWalk{}
	p.w = &p.wk
	p.wk.noticeIdx, p.wk.pathStack, p.wk.byRule, p.wk.trail = notices, path, byRule, trail
	return p
}

// recordedResult is the termination marker, or the Result tag without one.
func (w *walk) recordedResult() string {
	if w.g.Result != "" {
		return w.g.Result
	}
	return w.tags.result
}

// start sets up the start position in ln, a line all zero (walkRoom's
// or a new one: not cleared again here): the FEN tag or the profile's
// array.
func (w *walk) start(ln *line) (*line, bool) {
	ln.moveNo = 1
	// Most games have no FEN tag: its value is not trimmed for them.
	fen, hasFEN := "", w.tags.has&tagFEN != 0
	if hasFEN {
		fen = strings.TrimSpace(w.tags.fen)
	}
	if hasFEN && fen == "" && strings.TrimSpace(w.tags.setUp) == "1" {
		// SetUp "1" promises a start position: an empty FEN is a broken
		// record, not the initial array.
		w.add(w.gameFinding(w.g, "FEN", ruleid.BadFEN, fmt.Sprintf("SetUp \"1\" announces a start position, but the FEN tag is empty; profile %s's initial array is not assumed", w.gr.profile.Name)))
		return nil, false
	}
	// The positions point at the settings. A Result's steps (Played)
	// outlive the walk, which the next game reuses (walkRoom): theirs
	// point at the Played's copy.
	settings := &w.gr.settings
	if w.played != nil {
		settings = &w.played.Settings
	}
	if hasFEN && fen != "" {
		pos, notes, err := rules.StartFEN(settings, fen)
		if err != nil {
			w.add(w.gameFinding(w.g, "FEN", ruleid.BadFEN, fmt.Sprintf("the FEN tag cannot be used under profile %s: %v", w.gr.profile.Name, err)))
			return nil, false
		}
		w.startNotes(notes)
		ln.hist = w.r.history(pos)
		// The initial array written as a FEN starts the game as no FEN does.
		ln.fromArray = pos.IsInitialArray()
		// The FEN's move number as the FEN was read (1 when it has none or
		// writes 0): its fields were split once already.
		ln.moveNo = pos.FullmoveNumber()
	} else {
		ln.hist = w.r.initialHistory(settings)
		ln.fromArray = true
	}
	ln.pos = ln.hist.Position()
	return ln, true
}

// history is the replayer's reusable history, started at p.
func (r *Replayer) history(p *rules.Position) *rules.History {
	if r.hist == nil {
		r.hist = rules.NewHistory(p)
	} else {
		r.hist.Reset(p)
	}
	return r.hist
}

// initialHistory is the replayer's reusable history, started at the
// initial array of s.
func (r *Replayer) initialHistory(s *rules.Settings) *rules.History {
	if r.hist == nil {
		r.hist = rules.NewHistory(rules.NewPosition(s))
	} else {
		r.hist.ResetInitial(s)
	}
	return r.hist
}

// line replays the nodes of one line.
func (w *walk) line(nodes []record.Node, ln *line) {
	// A plain main line's runs play all its nodes (plainTurns); it has no
	// variation, whose line would set runNodes to its own.
	w.lineNodes, w.runNodes = nodes, nodes
	runEnd := 0 // (runEndOf; 0: not found yet)
	for i := 0; i < len(nodes); {
		n := &nodes[i]
		switch n.Kind {
		case record.KindMoveNumber:
			ln.number(n)
			i++
		case record.KindVariation:
			if w.variations && ln.before != nil && !ln.stopped {
				w.variation(n.Variation(), ln.before, ln.variations)
				w.lineNodes = nodes
			}
			ln.variations++
			i++
		case record.KindRest:
			if !ln.stopped {
				w.haltAtRest(n, i, ln)
			}
			i++
		case record.KindMove:
			if w.g.MainPlain {
				i = w.plainTurns(nodes, i, ln)
				continue
			}
			// The turns that follow one another, each its number and
			// moves, are played in this loop: what the look-ahead
			// learnt of the next nodes is not dispatched on again.
			for {
				// next: the turn is followed by a move of the next turn
				// (nextMove), or by its number and the move (nextNumber),
				// with no variation between; else by something else.
				j, next := i+1, nextOther
				for ; j < len(nodes); j++ {
					if k := nodes[j].Kind; k != record.KindMove {
						if k == record.KindMoveNumber && j+1 < len(nodes) && nodes[j+1].Kind == record.KindMove {
							next = nextNumber
						}
						break
					}
					if mv := nodes[j].Move; mv == nil || !mv.Joined {
						next = nextMove
						break
					}
				}
				if !ln.stopped {
					w.turnAt = i
					if w.variations {
						// The branch point is copied only for a turn that
						// variations follow: a snapshot starts a history,
						// which at every ply cost a third of the walk.
						if ln.before != nil {
							w.r.release(ln.before)
							ln.before = nil
						}
						if next == nextOther && variationMayFollow(nodes, j, ln.main && w.parted) {
							ln.before = w.r.snapshot(ln)
						}
					}
					if next != nextOther && j-i == 1 {
						// A turn of one move that the next turn's move
						// follows: played as a run (playTurn) up to the
						// run's end, found once for the turns up to it.
						if runEnd <= i {
							runEnd = runEndOf(nodes, i, ln.main && w.parted)
						}
						if i < runEnd {
							w.runNodes = nodes[:runEnd]
							w.playTurn(&nodes[i], 1, ln, true) // lets ln.pendingNumber go
							i = w.turnAt + 1
							break
						}
					}
					w.playTurn(&nodes[i], j-i, ln, false) // lets ln.pendingNumber go
				} else {
					ln.pendingNumber = nil
				}
				i = j
				if next == nextOther {
					break
				}
				if next == nextNumber {
					ln.number(&nodes[i])
					i++
				}
			}
		default:
			i++
		}
	}
}

// plainTurns plays the turn of the move at nodes[i], in a line
// record.Game.MainPlain says is plain: each move is a turn of its own, and
// no variation follows it, so that line's look-ahead (how many moves the
// turn has, whether its branch point is needed) is not done. playTurn
// plays on through the turns that follow it, each its move or its number
// and move, and leaves w.turnAt at the last it played. It returns the
// index of the node after that turn.
func (w *walk) plainTurns(nodes []record.Node, i int, ln *line) int {
	if ln.stopped {
		ln.pendingNumber = nil
		return i + 1
	}
	w.turnAt = i
	w.playTurn(&nodes[i], 1, ln, true) // lets ln.pendingNumber go
	return w.turnAt + 1
}

// runEndOf is where a run that starts at the move nodes[i] of a line
// that record.Game.MainPlain does not promise plain must end: the index
// of the last move before the first variation after it, or before the
// first move joined to the one before it (the start of a compound turn
// or a move after it). The run plays the turns before that move
// (w.runNodes ends there), so that the line's loop plays the move's turn
// itself: it takes the position before the move for the variation, or
// plays the compound turn. open: the line goes on in the next part (a
// main line read in parts), where a variation may stand first: its last
// move is the loop's too. Else the run may play up to the line's end.
func runEndOf(nodes []record.Node, i int, open bool) int {
	last := i
	for k := i + 1; k < len(nodes); k++ {
		switch nodes[k].Kind {
		case record.KindVariation:
			return last
		case record.KindMove:
			if mv := nodes[k].Move; mv != nil && mv.Joined {
				return last
			}
			last = k
		}
	}
	if open {
		return last
	}
	return len(nodes)
}

// What follows a turn in its line, as the line's loop looks ahead.
const (
	nextOther = iota
	nextMove
	nextNumber
)

// number takes in n, a move number written before the next move of ln.
// Only a number its turn has to judge (checkMoveNumber) is kept: most
// are right, and a pointer stored and let go at every numbered turn
// costs the collector's barrier tests.
func (ln *line) number(n *record.Node) {
	if numberWrong(n, ln) {
		ln.pendingNumber = n
	} else if ln.pendingNumber != nil {
		ln.pendingNumber = nil
	}
}

// variationMayFollow reports whether a variation may come after a turn,
// before the next move, in nodes[after:] (the line after the turn): only
// then is the position before the turn needed. open says that the line
// goes on after nodes (a main line read in parts, which may be cut inside
// a turn): a variation may then stand at the start of the next part.
func variationMayFollow(nodes []record.Node, after int, open bool) bool {
	for i := after; i < len(nodes); i++ {
		switch nodes[i].Kind {
		case record.KindVariation:
			return true
		case record.KindMove:
			return false
		}
	}
	return open
}

// snapshot copies a line's state, for a variation's branch point or the
// variation itself, into a line of the replayer's spares (release gives it
// back): its history and move storage are reused, where a new line and
// history for every variation and branch point were most of replay's
// allocations. The variation's repetition history starts at the branch
// point.
func (r *Replayer) snapshot(ln *line) *line {
	var c *line
	if n := len(r.spare); n > 0 {
		c, r.spare = r.spare[n-1], r.spare[:n-1]
	} else {
		c = &line{}
	}
	h, legal := c.hist, c.legal
	*c = *ln
	if h == nil {
		h = rules.NewHistory(ln.pos)
	} else {
		h.Reset(ln.pos)
	}
	c.hist, c.pos = h, h.Position()
	c.legal = append(legal[:0], ln.legal...)
	c.legalOK = ln.legalOK
	c.before = nil
	c.pendingNumber = nil
	return c
}

// release gives back a line of snapshot once nothing refers to it.
func (r *Replayer) release(ln *line) { r.spare = append(r.spare, ln) }

// variation replays the variation with index vi from its branch point.
func (w *walk) variation(nodes []record.Node, branch *line, vi int) {
	ln := w.r.snapshot(branch)
	ln.main, ln.extras, ln.sanSteps, ln.plusWait, ln.mateSteps, ln.variations = false, false, false, false, nil, 0
	depth := len(branch.path)
	w.pathStack = append(w.pathStack[:depth], vi)
	ln.path = w.pathStack[: depth+1 : depth+1]
	w.line(nodes, ln)
	if ln.before != nil {
		w.r.release(ln.before)
	}
	w.r.release(ln)
}

// variationPath copies a line's path for a finding (nil for the main line):
// the line's own path is a view of the walk's stack, reused by siblings.
func variationPath(ln *line) []int {
	if len(ln.path) == 0 {
		return nil
	}
	return append([]int(nil), ln.path...)
}

// finish fills in the summary: outcome, result checks, validity.
func (w *walk) finish(ln *line) {
	s := &w.res.Summary
	if ln != nil {
		s.Plies = ln.ply
		if ln.ended {
			s.Outcome, s.Winner = outcomeNames(ln.outcome)
		}
		w.checkResult(ln)
	}
	if len(w.res.Findings) > 1 {
		// In source order, as compilers list errors.
		sort.SliceStable(w.res.Findings, func(i, j int) bool {
			a, b := &w.res.Findings[i], &w.res.Findings[j]
			if a.Line != b.Line {
				return a.Line < b.Line
			}
			return a.Column < b.Column
		})
	}
	for i := range w.res.Findings {
		if w.res.Findings[i].IsError() {
			s.Errors++
		} else {
			s.Warnings++
		}
	}
	s.Errors += w.leftErrors
	s.Warnings += w.leftWarnings
	s.Valid = s.Errors == 0
	perGame, perRule := w.r.cfg.findingCaps()
	for i := range w.byRule {
		// The notes come last, in the order their rules first appeared.
		if n := w.byRule[i].note; n != nil {
			n.Message = fmt.Sprintf("from here on, %d more %s of rule %s in this game %s left out of the report: a game reports at most %d findings of one rule and %d in all",
				n.LeftOut, english.Plural(n.LeftOut, "finding", "findings"), n.Rule, english.Plural(n.LeftOut, "is", "are"), perRule, perGame)
			w.res.Findings = append(w.res.Findings, *n)
			s.LeftOut += n.LeftOut
		}
	}
}

// add appends a finding, applying --strict, unless the game has reported
// as many as Config.MaxFindings or MaxFindingsPerRule allow: then it is
// counted in its rule's note. It reports whether the finding was kept.
func (w *walk) add(f *Finding) bool {
	if w.r.cfg.Strict && f.Severity == SeverityWarning {
		f.Severity, f.Raised = SeverityError, true
	}
	w.added++
	w.r.last = *f
	rk := w.ruleKept(f.Rule)
	perGame, perRule := w.r.cfg.findingCaps()
	if rk.kept < perRule && w.kept < perGame {
		rk.kept++
		w.kept++
		w.res.Findings = append(w.res.Findings, *f)
		return true
	}
	if f.IsError() {
		w.leftErrors++
	} else {
		w.leftWarnings++
	}
	if rk.note == nil {
		n := *f
		n.Legal, n.Move, n.LeftOut = nil, nil, 0
		rk.note = &n
	}
	rk.note.LeftOut++
	if f.IsError() {
		rk.note.Severity = SeverityError
	}
	return false
}

// ruleKept returns the count of rule's findings kept so far (a game's
// findings are of a few rules: a list is enough).
func (w *walk) ruleKept(rule string) *ruleKept {
	for i := range w.byRule {
		if w.byRule[i].rule == rule {
			return &w.byRule[i]
		}
	}
	w.byRule = append(w.byRule, ruleKept{rule: rule})
	return &w.byRule[len(w.byRule)-1]
}

// report adds a finding that stands in line ln; the registry decides
// whether it ends the line (ruleid.Stops): after such a finding the
// position is no longer known and nothing later in the line is judged.
// The line then halts before move at, the first move it does not play
// (the finding's own move, or the first of a turn rejected as a whole).
func (w *walk) report(ln *line, at *record.Node, f *Finding) {
	w.add(f)
	if ruleid.Stops(f.Rule) {
		w.halt(at, ln)
	}
}

// settingsMap is built once per game, on its first finding.
func (w *walk) settingsMap() map[string]string {
	if w.settings == nil && w.gr.profile != nil {
		w.settings = w.gr.settings.Map()
	}
	return w.settings
}

func (w *walk) profileName() string {
	if w.gr.profile == nil {
		return ""
	}
	return w.gr.profile.Name
}

// gameFinding is a finding about the whole game (a tag), placed at the tag
// when it exists, else at the start of the game.
func (w *walk) gameFinding(g *record.Game, tag, rule, msg string) *Finding {
	pos := g.Pos
	for _, t := range g.Tags {
		if t.Name == tag && t.Pos.IsValid() {
			pos = t.Pos
			break
		}
	}
	return &Finding{
		File: w.file, Line: pos.Line, Column: pos.Col, Game: w.index,
		Rule: rule, Severity: ruleid.SeverityOf(rule).String(), Message: msg,
		Profile: w.profileName(), Settings: w.settingsMap(), Checkered: w.checkered(), Men: w.men(),
	}
}

// checkered and men are the look of the game's profile, for pictures.
func (w *walk) checkered() bool { return w.gr.profile.Checkered() }
func (w *walk) men() string {
	if w.gr.profile == nil {
		return ""
	}
	return w.gr.profile.Men
}

// moveFinding is a finding at a move, with the FEN of the position before it.
func (w *walk) moveFinding(n *record.Node, ln *line, ply int, side rules.Color, fen, rule, msg string, legal []string) *Finding {
	san := ""
	if n.Move != nil {
		san = n.Move.Text
	}
	if san == "" {
		san = n.Text
	}
	f := &Finding{
		File: w.file, Line: n.Pos.Line, Column: n.Pos.Col, Game: w.index,
		Ply: ply, MoveNumber: ln.moveNo, Side: side.String(), SAN: san,
		Rule: rule, Severity: ruleid.SeverityOf(rule).String(), Message: msg, FEN: fen,
		Profile: w.profileName(), Settings: w.settingsMap(), Legal: legal,
		Variation: variationPath(ln), Checkered: w.checkered(), Men: w.men(),
	}
	if n.Move != nil && (f.IsError() || w.r.cfg.Strict) {
		// The squares, for a picture (errors are drawn, and --strict makes
		// every finding one). The finding's FEN is of ln.pos, except for a
		// check mark, judged after the move: its FEN is of the position
		// before it, kept in the scratch position.
		pos := ln.pos
		if rule == ruleid.CheckMark {
			pos = &w.r.scratch
		}
		from, to := OffendingSquares(pos, n.Move)
		f.Move = &FindingMove{From: from, To: to}
	}
	return f
}

// notices turns what the reader noticed into findings. Those that stand
// at a move get its ply, side and FEN when replay reaches it (placeNotices).
func (w *walk) notices() {
	for _, n := range w.g.Notices {
		if w.add(&Finding{
			File: w.file, Line: n.Pos.Line, Column: n.Pos.Col, Game: w.index,
			Rule: n.Rule, Severity: n.Severity.String(), Message: n.Message,
			Profile: w.profileName(), Settings: w.settingsMap(), Checkered: w.checkered(), Men: w.men(),
		}) {
			w.noticeIdx = append(w.noticeIdx, len(w.res.Findings)-1)
		}
	}
	w.plainLook = w.tripleOpening || len(w.noticeIdx) > 0
}

// noticeAt reports whether the reader already reported rule at pos.
func (w *walk) noticeAt(rule string, pos record.Pos) bool {
	for _, n := range w.g.Notices {
		if n.Rule == rule && n.Pos.Line == pos.Line && n.Pos.Col == pos.Col {
			return true
		}
	}
	return false
}

// missingTags warns once per game about an incomplete Seven Tag Roster. A
// game with none of the seven (a fragment, an opening book entry such as
// pgn-extract's ECO file) is not warned about: the warning is for records
// that meant to carry the roster and lost part of it.
func (w *walk) missingTags() {
	if w.tags.has&tagVariant != 0 && strings.TrimSpace(w.tags.variant) == "" && w.r.cfg.Profile == nil {
		// A Variant tag that names nothing: the game is judged by
		// the default, and the record should say so or drop the tag.
		w.add(w.gameFinding(w.g, "Variant", ruleid.MissingTag, "the Variant tag is empty: the game is judged by "+rules.DefaultProfile+", the default profile"))
	}
	if all := uint8(1)<<len(sevenTagRoster) - 1; w.tags.roster == all || w.tags.roster == 0 {
		// The common case, said without looking at each name.
		return
	}
	var missing []string
	for k, name := range sevenTagRoster {
		if w.tags.roster&(1<<k) == 0 {
			missing = append(missing, name)
		}
	}
	if len(missing) == 0 || len(missing) == len(sevenTagRoster) {
		return
	}
	f := w.gameFinding(w.g, "", ruleid.MissingTag,
		fmt.Sprintf("the Seven Tag Roster is incomplete: no %s tag", strings.Join(missing, ", ")))
	w.add(f)
}
