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
	// pawnNearEnd: some pawn stands on its seventh or last rank
	// (promotion settings).
	pawnNearEnd                                  bool
	leap, castle, enPassant, doubleStep, capture bool
	// compound: some turn has more than one move.
	compound bool
	// openingSharp: a side's first move captures or gives check.
	openingSharp bool
	outcome      string
}

// gameFeatures traces g under p with fix.
func (d *Detector) gameFeatures(g *record.Game, p *rules.Profile, fix Fix, outcome string) features {
	f := features{outcome: outcome}
	_, f.hasFEN = g.Tag("FEN")
	r := d.replayer(p, fix)
	t := r.Trace(g)
	if t.Problem != nil || t.Stop != nil || t.Start == nil {
		return f
	}
	f.complete = true
	seen := map[[65]byte]int{}
	look := func(pos *rules.Position) {
		if c := pos.HalfmoveClock(); c > f.maxClock {
			f.maxClock = c
		}
		key := boardKey(pos)
		seen[key]++
		if seen[key] > f.maxRepeat {
			f.maxRepeat = seen[key]
		}
		men, elephants := 0, 0
		for c := rules.White; c <= rules.Black; c++ {
			pieces := pos.Count(c, rules.Knight) + pos.Count(c, rules.Bishop) + pos.Count(c, rules.Rook) + pos.Count(c, rules.Queen)
			men += pieces + pos.Count(c, rules.Pawn)
			elephants += pos.Count(c, rules.Bishop)
			if pieces == 0 {
				f.noPiece = true
			}
			if pieces <= 1 {
				f.onePiece = true
			}
		}
		if men <= 2 || men == elephants {
			f.lowMaterial = true
		}
		for _, rank := range [...]int{0, 1, 6, 7} {
			for file := 0; file < 8 && !f.pawnNearEnd; file++ {
				pc := pos.At(rules.MakeSquare(file, rank))
				if pc.Kind() != rules.Pawn {
					continue
				}
				if (pc.Color() == rules.White && rank >= 6) || (pc.Color() == rules.Black && rank <= 1) {
					f.pawnNearEnd = true
				}
			}
		}
	}
	look(t.Start)
	firstDone := [2]bool{}
	for i := range t.Steps {
		st := &t.Steps[i]
		m := st.Move
		f.leap = f.leap || m.IsLeap()
		f.capture = f.capture || m.IsCapture()
		f.castle = f.castle || m.Flags&(rules.FlagCastleShort|rules.FlagCastleLong) != 0
		f.enPassant = f.enPassant || m.Flags&rules.FlagEnPassant != 0
		f.doubleStep = f.doubleStep || m.Flags&rules.FlagDoubleStep != 0
		f.compound = f.compound || st.TurnIndex > 0
		if !firstDone[st.Side] {
			firstDone[st.Side] = true
			if st.Check || m.IsCapture() {
				f.openingSharp = true
			}
		}
		look(st.After)
	}
	return f
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

// maxRepeats is the most times one board occurs in a trace.
func maxRepeats(t *replay.Trace) int {
	if t.Start == nil {
		return 0
	}
	seen := map[[65]byte]int{boardKey(t.Start): 1}
	most := 1
	for i := range t.Steps {
		k := boardKey(t.Steps[i].After)
		seen[k]++
		most = max(most, seen[k])
	}
	return most
}

// unused reports whether changing key from cur to alt cannot change the
// verdict of a valid game with features f under settings s.
func (f *features) unused(s *rules.Settings, key, cur, alt string) bool {
	if !f.complete {
		return false
	}
	// endgame: situations where the set of legal moves decides the game
	// (stalemate, a baring reply, forbidden stalemates, repetitions that
	// compare rights); any rule that adds or removes moves may matter.
	endgame := f.noPiece || f.outcome == replay.OutcomeStalemate || f.outcome == replay.OutcomeBareKing ||
		f.maxRepeat >= 3 || s.Stalemate == rules.StalemateForbidden
	mate := f.outcome == replay.OutcomeCheckmate
	switch key {
	case "move-rule":
		return f.maxClock < 100
	case "repetition":
		return f.maxRepeat < 3
	case "dead-position":
		return !f.lowMaterial
	case "bare-king", "pawns-only-king":
		return !f.noPiece
	case "mastu":
		return !f.onePiece
	case "stalemate":
		ordinary := func(v string) bool { return v != "forbidden" }
		return ordinary(cur) && ordinary(alt) && f.outcome != replay.OutcomeStalemate
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
	case "promotion", "promotion-limit", "unavailable-promotion", "stuck-pawn-gives-check", "knight-promotion-move":
		return !f.hasFEN && !f.pawnNearEnd
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

// replayer returns the detector's replayer for p with fix.
func (d *Detector) replayer(p *rules.Profile, fix Fix) *replay.Replayer {
	key := repKey{p, fix.String()}
	r := d.reps[key]
	if r == nil {
		if len(d.reps) >= 1024 {
			clear(d.reps)
		}
		r = replay.New(replay.Config{Profile: p, Overrides: fix})
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
func (d *Detector) evidence(g *record.Game, pr *ProfileResult, fix Fix, v verdict) {
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
				f := d.gameFeatures(g, p, fix, v.outcome)
				feat = &f
			}
			if feat.unused(&s, key, cur, alt) {
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
