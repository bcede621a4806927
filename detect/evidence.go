package detect

import (
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// features are the facts of a valid game's main line that tell, without a
// replay, that a setting cannot change its verdict: a setting governs
// situations (a pawn on the seventh, a side left with one piece, a
// position seen three times, ...), and a game that never reaches them is
// judged the same under every value. Each test below is conservative: when
// in doubt the value is replayed.
type features struct {
	// complete: the trace played the whole main line (otherwise nothing is
	// assumed and every value is replayed).
	complete bool
	hasFEN   bool
	// maxClock is the highest halfmove clock of any position.
	maxClock int
	// maxRepeat is the most times one position (board and side to move)
	// occurs.
	maxRepeat int
	// lowMaterial: some position has at most two men besides the kings,
	// or only elephants (dead-position rules may apply).
	lowMaterial bool
	// noPiece: some position has a side with no piece besides king and
	// pawns (bare king, pawns-only king).
	noPiece bool
	// onePiece: some position has a side with at most one such piece
	// (mastu).
	onePiece bool
	// lone: some position has a side with nothing but its king
	// (bare-king win and win-unless-counter).
	lone bool
	// soleCapture: a move takes a side's only piece (mastu);
	// pawnsOnlyCheck: a move checks a king whose side has no piece
	// (pawns-only-king).
	soleCapture, pawnsOnlyCheck bool
	// pawnNearEnd: some pawn stands on its seventh or last rank
	// (promotion settings).
	pawnNearEnd                                  bool
	leap, castle, enPassant, doubleStep, capture bool
	// promoted: some move promotes, arrives on the last rank or moves a
	// waiting pawn; pawnOnLast: a pawn stands on its last rank;
	// pawnNearKing: a pawn stands on its seventh rank while the enemy
	// king is on one of the last two (a stuck pawn's check could matter).
	promoted, pawnOnLast, pawnNearKing bool
	// quietLast: in the last position the side to move has a legal move
	// that does not stalemate the other side, or is mated (so forbidding
	// stalemating moves cannot end the game there).
	quietLast bool
	// knightPromotion: a pawn became a knight.
	knightPromotion bool
	// compound: some turn has more than one move.
	compound bool
	// openingSharp: a side's first move captures or gives check.
	openingSharp bool
	outcome      string
}

// gameFeatures reads the main line t of g, as played under a fit.
func gameFeatures(g *record.Game, t *replay.Played, outcome string) features {
	fr := newFeatureReader(g)
	fr.part(t)
	return fr.features(t, outcome)
}

// featureReader gathers the features of a main line a part at a time (a
// huge game read in parts keeps only the steps of the part played last,
// replay.Replayer.Replay): what it has seen so far carries from part to part,
// and the features are those gameFeatures reads from the whole line.
type featureReader struct {
	f features
	// started: the start position was looked at (the first part's; a
	// later part starts where the one before ended, already seen).
	started bool
	// broken: a part was not played whole, or had no start: nothing is
	// assumed (features.complete stays false).
	broken    bool
	rep       repeats
	firstDone [2]bool
}

func newFeatureReader(g *record.Game) *featureReader {
	fr := &featureReader{}
	_, fr.f.hasFEN = g.Tag("FEN")
	return fr
}

// look reads one position of the line.
func (fr *featureReader) look(pos *rules.Position) {
	f := &fr.f
	if c := pos.HalfmoveClock(); c > f.maxClock {
		f.maxClock = c
	}
	f.maxRepeat = fr.rep.look(pos)
	men, elephants := 0, 0
	for c := rules.White; c <= rules.Black; c++ {
		pieces := pos.Count(c, rules.Knight) + pos.Count(c, rules.Bishop) + pos.Count(c, rules.Rook) + pos.Count(c, rules.Queen)
		men += pieces + pos.Count(c, rules.Pawn)
		elephants += pos.Count(c, rules.Bishop)
		if pieces == 0 {
			f.noPiece = true
			if pos.Count(c, rules.Pawn) == 0 {
				f.lone = true
			}
		}
		if pieces <= 1 {
			f.onePiece = true
		}
	}
	if men <= 2 || men == elephants {
		f.lowMaterial = true
	}
	for _, rank := range [...]int{0, 1, 6, 7} {
		for file := 0; file < 8; file++ {
			pc := pos.At(rules.MakeSquare(file, rank))
			if pc.Kind() != rules.Pawn {
				continue
			}
			c := pc.Color()
			rel := rank // the rank as seen from the pawn's side, 0-based
			if c == rules.Black {
				rel = 7 - rank
			}
			if rel < 6 {
				continue
			}
			f.pawnNearEnd = true
			if rel == 7 {
				f.pawnOnLast = true
			}
			krank := pos.KingSquare(c.Other()).Rank()
			if c == rules.Black {
				krank = 7 - krank
			}
			if rel == 6 && krank >= 6 {
				f.pawnNearKing = true
			}
		}
	}
}

// part reads the steps of t, the part of the main line played last (the
// whole line for a game read whole).
func (fr *featureReader) part(t *replay.Played) {
	if fr.broken {
		return
	}
	if t == nil || !t.Complete() || t.Start == nil {
		fr.broken = true
		return
	}
	f := &fr.f
	if !fr.started {
		fr.started = true
		fr.look(t.Start)
	}
	for i := range t.Len() {
		st := t.Step(i)
		m := st.Move
		f.leap = f.leap || m.IsLeap()
		f.capture = f.capture || m.IsCapture()
		f.castle = f.castle || m.Flags&(rules.FlagCastleShort|rules.FlagCastleLong) != 0
		f.enPassant = f.enPassant || m.Flags&rules.FlagEnPassant != 0
		f.doubleStep = f.doubleStep || m.Flags&rules.FlagDoubleStep != 0
		f.compound = f.compound || st.TurnIndex > 0
		if m.IsCapture() && m.Flags&rules.FlagEnPassant == 0 {
			// The views are read in order (each plays one move on from
			// the one before), so no position is copied.
			before := t.BeforeView(i)
			if k := before.At(m.To).Kind(); k != rules.Pawn && k != rules.NoKind && piecesOf(before, st.Side.Other()) == 1 {
				f.soleCapture = true
			}
		}
		after := t.AfterView(i)
		if st.Check && piecesOf(after, st.Side.Other()) == 0 {
			f.pawnsOnlyCheck = true
		}
		f.knightPromotion = f.knightPromotion || m.Promotion == rules.Knight
		f.promoted = f.promoted || m.Promotion != rules.NoKind || m.Flags&(rules.FlagArrival|rules.FlagWaitingMove) != 0
		if !fr.firstDone[st.Side] {
			fr.firstDone[st.Side] = true
			if st.Check || m.IsCapture() {
				f.openingSharp = true
			}
		}
		fr.look(after)
	}
}

// features are the features of the line read, t its last part as the
// replay ended it (its Stop says whether the whole line was played) and
// outcome the replay's.
func (fr *featureReader) features(t *replay.Played, outcome string) features {
	f := fr.f
	f.outcome = outcome
	if fr.broken || !fr.started || t == nil || !t.Complete() || t.Start == nil {
		return features{outcome: outcome, hasFEN: f.hasFEN}
	}
	f.complete = true
	last := t.Start
	if t.Len() > 0 {
		last = t.After(t.Len() - 1)
	}
	f.quietLast = quietMove(last)
	return f
}

// piecesOf counts c's men other than king and pawns.
func piecesOf(pos *rules.Position, c rules.Color) int {
	return pos.Count(c, rules.Knight) + pos.Count(c, rules.Bishop) + pos.Count(c, rules.Rook) + pos.Count(c, rules.Queen)
}

// quietMove reports whether the side to move in pos has a legal move after
// which the other side is in check or can move (a move that does not
// stalemate it), or has no move and is in check (mated).
func quietMove(pos *rules.Position) bool {
	moves := pos.LegalMoves(nil)
	if len(moves) == 0 {
		return pos.InCheck()
	}
	for _, m := range moves {
		q := pos.Copy()
		q.Play(m)
		if q.InCheck() || q.HasLegalMove() {
			return true
		}
	}
	return false
}

// boardKey is a position's board and side to move: coarser than the
// rules' repetition key (which adds rights), so counting it never finds
// fewer repeats than the rules do.
func boardKey(pos *rules.Position) [65]byte {
	var key [65]byte
	for sq := rules.Square(0); sq < 64; sq++ {
		key[sq] = byte(pos.At(sq))
	}
	key[64] = byte(pos.SideToMove())
	return key
}

// repeats counts the boards of a main line (boardKey) as they come.
type repeats struct {
	seen map[[65]byte]int
	most int // the most times one board occurred
}

// look counts pos and returns the most times one board occurred so far.
func (c *repeats) look(pos *rules.Position) int {
	if c.seen == nil {
		c.seen = map[[65]byte]int{}
	}
	k := boardKey(pos)
	c.seen[k]++
	c.most = max(c.most, c.seen[k])
	return c.most
}

// repeatReader is the most times one board occurs in a main line, read a
// part at a time (a huge game read in parts; a record read whole is one
// part): the start position, then the position after each step played.
// It is 0 for a game that was not set up (no start position).
type repeatReader struct {
	rep     repeats
	started bool
}

// part reads t, the part of the main line played last (the whole line
// for a game read whole); a later part starts where the one before
// ended, its start already counted.
func (r *repeatReader) part(t *replay.Played) {
	if t == nil || t.Start == nil {
		return
	}
	if !r.started {
		r.started = true
		r.rep.look(t.Start)
	}
	for i := range t.Len() {
		r.rep.look(t.AfterView(i))
	}
}

// most is the most times one board occurred in the parts read.
func (r *repeatReader) most() int { return r.rep.most }

// unused reports whether changing key from cur to alt cannot change the
// verdict of a valid game with features f under settings s.
func (f *features) unused(s *rules.Settings, key, cur, alt string) bool {
	if !f.complete {
		return false
	}
	// endgame: situations where the set of legal moves decides the game
	// (stalemate, a baring reply, forbidden stalemates, repetitions that
	// compare rights); any rule that adds or removes moves may matter.
	endgame := f.outcome == replay.OutcomeStalemate || f.outcome == replay.OutcomeBareKing ||
		f.maxRepeat >= 3 || s.Stalemate == rules.StalemateForbidden
	mate := f.outcome == replay.OutcomeCheckmate
	switch key {
	case "move-rule":
		return f.maxClock < 100
	case "repetition":
		return f.maxRepeat < 3
	case "dead-position":
		return !f.lowMaterial
	case "bare-king":
		// What each value needs to act: a lone king (win,
		// win-unless-counter) or a side without pieces (pieces-half-win).
		triggered := func(v string) bool {
			switch v {
			case "win", "win-unless-counter":
				return f.lone
			case "pieces-half-win":
				return f.noPiece
			}
			return false
		}
		return !triggered(cur) && !triggered(alt) && f.outcome != replay.OutcomeBareKing
	case "pawns-only-king":
		// Immunity forbids checks on a king with nothing but pawns: it
		// matters where one was given, or where legal moves decide.
		return !f.noPiece || (!f.pawnsOnlyCheck && !endgame && !mate)
	case "mastu":
		// Mastu forbids taking a side's only piece: it matters where one
		// was taken, or where legal moves decide.
		return !f.onePiece || (!f.soleCapture && !endgame && !mate)
	case "stalemate":
		if cur == "forbidden" || f.outcome == replay.OutcomeStalemate {
			return false
		}
		if alt != "forbidden" {
			return true
		}
		// Forbidding stalemating moves: every move played left the other
		// side a move (the game did not end in stalemate), so each
		// position had a legal move and every move played stays legal;
		// the last position is checked directly. A bare-king ending is
		// replayed (the bared side's reply may be a stalemating one).
		return f.quietLast && f.outcome != replay.OutcomeBareKing
	case "king-leap", "king-leap-capture":
		// A leap is never possible in check under either leap rule, so
		// mates are unchanged; only the moves themselves and the
		// situations where one more legal move matters.
		return !f.hasFEN && !f.leap && !endgame
	case "castling":
		// Castling is never a way out of check.
		return !f.hasFEN && !f.castle && !endgame
	case "en-passant":
		if !f.hasFEN && !f.doubleStep {
			return true
		}
		return !f.hasFEN && !f.enPassant && !endgame && !mate
	case "pawn-double-step":
		return !f.hasFEN && !f.doubleStep && !endgame && !mate
	case "knight-promotion-move":
		// It lets a new knight move on in the same turn, a compound turn.
		return !f.hasFEN && !f.knightPromotion && !f.compound
	case "promotion", "promotion-limit", "unavailable-promotion", "stuck-pawn-gives-check":
		// Without a promotion played, the settings change only the
		// moves a pawn on the seventh could make (which matter where the
		// set of legal moves decides: mate, stalemate, the endgame
		// rules) and, for a stuck pawn, its check of a king nearby.
		if f.hasFEN {
			return false
		}
		return !f.pawnNearEnd || (!f.promoted && !f.pawnOnLast && !f.pawnNearKing && !endgame && !mate)
	case "capture":
		return !f.capture && !endgame && !mate
	case "opening":
		if f.hasFEN {
			return false
		}
		if cur == "normal" {
			return !f.openingSharp
		}
		return !f.compound
	case "opening-pattern":
		return !f.hasFEN && !f.compound
	}
	return false
}

// replayer returns the detector's replayer for p with fix, keeping the
// main line when steps is set. keep: the replayer is kept for the games
// after; a huge game's is not, as a replayer keeps the room of the
// longest line it played (its SANs' text and its history's positions),
// and a game of millions of plies replayed under dozens of settings would
// hold that room dozens of times.
func (d *Detector) replayer(p *rules.Profile, fix Fix, steps, keep bool) *replay.Replayer {
	if !keep {
		return replay.New(replay.Config{Profile: p, Overrides: fix, Steps: steps})
	}
	key := repKey{p, fix.String(), steps}
	r := d.reps[key]
	if r == nil {
		if len(d.reps) >= 1024 {
			clear(d.reps)
		}
		r = replay.New(replay.Config{Profile: p, Overrides: fix, Steps: steps})
		d.reps[key] = r
	}
	return r
}

// applies reports whether key can matter under settings s (the setting
// table's own test: king-leap-capture needs a leap, ...). A profile
// file's "-" is not trusted here: detect asks the engine, not the file.
func applies(s rules.Settings, key string) bool {
	return rules.SettingApplies(&rules.Profile{Settings: s}, key)
}

// evidence fills pr.Evidence for the fit p (pr.profile) with fix, whose
// verdict is v: every other value of every setting that applies, replayed
// unless the game's features show it cannot matter.
func (d *Detector) evidence(g *record.Source, pr *ProfileResult, fix Fix, v verdict) {
	if d.opts.NoEvidence {
		return
	}
	p := pr.profile
	s := p.Settings
	if err := s.Apply(fix); err != nil {
		return
	}
	var feat *features
	pr.Evidence = pr.Evidence[:0]
	for _, key := range rules.SettingKeys() {
		if !applies(s, key) {
			continue
		}
		cur := s.Get(key)
		ev := SettingEvidence{Key: key, Value: cur, Unused: true}
		for _, alt := range rules.SettingValues(key) {
			if alt == cur {
				ev.Allowed = append(ev.Allowed, alt)
				continue
			}
			if feat == nil {
				if v.feat == nil && v.played == nil {
					v = d.playSteps(g, p, fix)
				}
				feat = v.features(g.Head)
			}
			if !d.opts.Exhaustive && feat.unused(&s, key, cur, alt) {
				ev.Allowed = append(ev.Allowed, alt)
				continue
			}
			ev.Unused = false
			av := d.play(g, p, fix.with(key, alt))
			if av.valid {
				ev.Allowed = append(ev.Allowed, alt)
				continue
			}
			ev.Decided = true
			ev.Rejected = append(ev.Rejected, Rejected{Value: alt, Break: av.brk})
		}
		pr.Evidence = append(pr.Evidence, ev)
	}
}
