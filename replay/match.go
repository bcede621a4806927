package replay

import (
	"fmt"
	"strings"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
	"github.com/ashtapada/ashtapada/rules"
)

// resolve finds the one legal move that the written move n stands for. It
// reports the warnings of an accepted move (leap-unmarked, promotion- and
// conversion-inferred, a wrong 'x') and, when there is no such move, the
// finding that stops the line; ok is false then. When there are several,
// the error ambiguous-move, and the reading the replay goes on with
// (ambiguous). origin,
// unless NoSquare, is the only square the turn lets a man move from
// (rules.Turn.Origin): the other men's moves do not make the written move
// ambiguous.
func (w *walk) resolve(n *record.Node, ln *line, side rules.Color, ply int, origin rules.Square) (m rules.Move, ok bool) {
	mv := n.Move
	pos := ln.pos
	kind := writtenKind(pos, mv)
	w.toListed = false
	// Only the legal moves of the written kind of man to the written
	// square can match (any square for castling, which matchesBase tells
	// by its flag): the rules generate just those.
	to := rules.Square(mv.To)
	if mv.Castle != record.NoCastle || mv.To == record.NoSquare {
		to = rules.NoSquare
	}
	desc := isDescriptive(mv)
	var match []rules.Move
	wrongOrigin := ""
	if desc {
		// Descriptive notation names squares from the mover's side: the
		// candidates are found among all legal moves (descriptive.go).
		if w.pre.node == n && w.pre.line == ln {
			match, w.toListed = w.r.match, w.pre.listed // proveMove matched it
		} else {
			match = w.descriptiveMatch(ln, mv)
		}
		w.pre.node = nil
		if len(match) == 0 {
			return w.descriptiveUnmatched(n, ln, side, ply)
		}
	} else {
		// The list is kept in toList for what disambiguates against it
		// (the step's SAN, stepSAN; a superfluous disambiguation), and
		// the moves that match are copied out of it: usually one.
		var list []rules.Move
		if w.pre.node == n && w.pre.line == ln {
			list = w.r.toList // proveMove listed them
		} else {
			list = ln.hist.LegalMovesTo(w.r.toList[:0], kind, to)
			w.r.toList = list
		}
		w.pre.node = nil
		if to != rules.NoSquare {
			w.toListed, w.toKind, w.toSquare = true, kind, to
		}
		match = w.r.match[:0]
		if to != rules.NoSquare && mv.FromFile < 0 && mv.FromRank < 0 {
			// The list holds only moves of a kind man to to, and nothing
			// of the origin is written: matchesBase keeps every one but
			// castling (a SAN Kg1 is never castling).
			for _, lm := range list {
				if lm.Flags&(rules.FlagCastleShort|rules.FlagCastleLong) == 0 {
					match = append(match, lm)
				}
			}
		} else {
			for _, lm := range list {
				if matchesBase(pos, lm, mv, kind) {
					match = append(match, lm)
				}
			}
		}
		if len(match) == 0 && w.g.Notation.IsLanguage() && to != rules.NoSquare && mv.FromFile >= 0 && mv.FromRank >= 0 {
			// A book's long algebraic with a misprinted origin
			// (`Ce1—d2` for `Cc1—d2`): the destination decides when
			// one man of the kind written can go there.
			match, wrongOrigin = w.anyOrigin(pos, list, mv, kind, match)
		}
		w.r.match = match
		if len(match) == 0 {
			return w.unmatched(n, ln, side, ply, kind)
		}
	}
	if origin != rules.NoSquare {
		var ok bool
		if match, ok = narrow(match, func(m rules.Move) bool { return m.From == origin }); !ok {
			w.report(ln, n, w.moveFinding(n, ln, ply, side, pos.FEN(), ruleid.CompoundTurn,
				fmt.Sprintf("the second move of a promotion turn must be the new knight's move from %s", origin), nil))
			return m, false
		}
	}
	var warnings [4]struct{ rule, msg string }
	nw := 0
	warn := func(rule, msg string) {
		warnings[nw].rule, warnings[nw].msg = rule, msg
		nw++
	}

	// The king's leap: written K~, or a plain K move that can only be it.
	// A plain king move among no leaps needs no narrowing.
	if kind == rules.King && mv.Castle == record.NoCastle && !desc && (mv.Leap || anyLeap(match)) {
		match, ok = narrow(match, func(m rules.Move) bool { return m.IsLeap() == mv.Leap })
		if !ok {
			if mv.Leap {
				return w.unmatched(n, ln, side, ply, kind)
			}
			// UCI writes no leap marker: the squares say it (docs/convert.md).
			if w.g.Notation != record.UCI {
				warn(ruleid.LeapUnmarked, fmt.Sprintf("%s can only be the king's knight leap, which is written K~%s", mv.Text, squareName(mv.To)))
			}
		}
	}

	// Promotion: as written, or inferred when the profile allows only one.
	if mv.Promotion != 0 {
		want := rules.KindFromLetter(mv.Promotion)
		match, ok = narrow(match, func(m rules.Move) bool { return m.Promotion == want && m.Flags&rules.FlagArrival == 0 })
		if !ok {
			return w.unmatched(n, ln, side, ply, kind)
		}
	} else if anyPromotion(match) {
		match, ok = narrow(match, func(m rules.Move) bool { return m.Promotion == rules.NoKind })
		if !ok {
			// Every matching move promotes: a bare arrival is not allowed.
			kinds := distinctPromotions(match)
			if len(kinds) > 1 {
				w.report(ln, n, w.moveFinding(n, ln, ply, side, pos.FEN(), ruleid.PromotionMissing,
					fmt.Sprintf("the pawn must be promoted on %s, and the record does not say to what: it may become %s",
						squareName(mv.To), w.kindList(kinds)), w.sanList(pos, w.allLegal(ln), match)))
				return m, false
			}
			warn(ruleid.PromotionInferred, fmt.Sprintf("a pawn reaching %s must be promoted at once under this profile, and only a %s is possible: %s=%s",
				squareName(mv.To), w.pieceName(kinds[0]), strings.TrimRight(mv.Text, "+#!?"), kinds[0].Letter()))
		}
	}

	// Conversion of a waiting pawn of the captured side.
	if mv.ConvSquare != record.NoSquare {
		want := rules.Square(mv.ConvSquare)
		wantKind := rules.KindFromLetter(mv.ConvPiece)
		match, ok = narrow(match, func(m rules.Move) bool {
			return m.ConvSquare == want && (wantKind == rules.NoKind || m.ConvKind == wantKind)
		})
		if !ok {
			w.report(ln, n, w.moveFinding(n, ln, ply, side, pos.FEN(), ruleid.ConversionWrong, w.conversionWrongMsg(pos, mv, match),
				w.sanList(pos, w.allLegal(ln), match)))
			return m, false
		}
	} else if hasConversion(match) && !(desc && mv.Desc != nil && mv.Desc.ConvRank != 0) {
		if distinctConversions(match) > 1 {
			alts := w.sanList(pos, w.allLegal(ln), match)
			w.report(ln, n, w.moveFinding(n, ln, ply, side, pos.FEN(), ruleid.ConversionMissing,
				fmt.Sprintf("this capture converts a waiting pawn, and more than one could convert: the record must name it (%s)",
					strings.Join(alts, " or ")), alts))
			return m, false
		}
		c := match[0]
		warn(ruleid.ConversionInferred, fmt.Sprintf("this capture converts the waiting pawn on %s into a %s, which the record does not write (/%s=%s)",
			c.ConvSquare, w.pieceName(c.ConvKind), c.ConvSquare, c.ConvKind.Letter()))
	}

	if len(match) > 1 && desc && mv.Lenient&record.LenientManTaken == 0 {
		// (A language's `TxT`, which reads as a descriptive capture, is
		// SAN's: ambiguous below, whatever the next moves say.)
		m = w.chooseDescriptive(n, ln, side, ply, match)
		match = match[:1]
		match[0] = m
	}
	if len(match) > 1 {
		// SAN must tell the men apart: an error whatever the next moves
		// say, which only choose the reading the replay goes on with.
		fits, ahead := w.fitsNext(pos, match, allTrue(len(match)))
		m = w.ambiguous(n, ln, side, ply, match, w.sanList(pos, w.allLegal(ln), match), fits, ahead)
		match = match[:1]
		match[0] = m
	}
	m = match[0]
	// UCI writes no x: there is nothing to compare; descriptive notation's
	// x was matched already.
	// A capture printed as a spaced dash has the reader's warning at it,
	// which says how the dash was read, not that the square is empty.
	if mv.Castle == record.NoCastle && !desc && mv.Capture != m.IsCapture() && w.g.Notation != record.UCI && (mv.Lenient&record.LenientDashCapture != 0 || !w.noticeAt(ruleid.LenientNotation, n.Pos)) {
		if m.IsCapture() {
			warn(ruleid.LenientNotation, fmt.Sprintf("%s captures, but the record writes no x", mv.Text))
		} else if mv.Lenient&record.LenientDashCapture != 0 {
			warn(ruleid.LenientNotation, fmt.Sprintf("%s captures nothing, but its spaced dash is read as a capture (x)", mv.Text))
		} else {
			warn(ruleid.LenientNotation, fmt.Sprintf("%s captures nothing, but the record writes x", mv.Text))
		}
	}
	if wrongOrigin != "" {
		warn(ruleid.LenientNotation, wrongOrigin)
	} else if mv.FromFile >= 0 || mv.FromRank >= 0 {
		// Most moves name no part of their origin: nothing to judge.
		if msg := w.superfluousFrom(ln, mv, m, kind, origin); msg != "" {
			warn(ruleid.LenientNotation, msg)
		}
	}
	if nw > 0 {
		fen := pos.FEN()
		for i := 0; i < nw; i++ {
			w.report(ln, n, w.moveFinding(n, ln, ply, side, fen, warnings[i].rule, warnings[i].msg, nil))
		}
	}
	return m, true
}

// matchesBase says whether move m is what the written move names, before
// leap, promotion and conversion are looked at: the kind of man, the
// destination, the disambiguation, castling.
func matchesBase(pos *rules.Position, m rules.Move, mv *record.Move, kind rules.Kind) bool {
	if mv.Castle != record.NoCastle {
		flag := rules.FlagCastleShort
		if mv.Castle == record.CastleLong {
			flag = rules.FlagCastleLong
		}
		return m.Flags&flag != 0
	}
	if m.To != rules.Square(mv.To) {
		return false
	}
	if m.Flags&(rules.FlagCastleShort|rules.FlagCastleLong) != 0 && (mv.FromFile < 0 || mv.FromRank < 0) {
		// Castling written as the king's move is long algebraic (e1g1)
		// only: a SAN `Kg1` is never castling.
		return false
	}
	if mv.FromFile >= 0 && m.From.File() != int(mv.FromFile) {
		return false
	}
	if mv.FromRank >= 0 && m.From.Rank() != int(mv.FromRank) {
		return false
	}
	k := pos.At(m.From).Kind()
	if m.Flags&rules.FlagWaitingMove != 0 {
		k = m.Promotion // a waiting pawn moved as the piece it waits for
	}
	return k == kind
}

// narrow keeps the moves that satisfy keep, in place. When none does, it
// leaves ms unchanged and returns false, so the caller can fall back.
func narrow(ms []rules.Move, keep func(rules.Move) bool) ([]rules.Move, bool) {
	n := 0
	for _, m := range ms {
		if keep(m) {
			n++
		}
	}
	if n == 0 {
		return ms, false
	}
	if n == len(ms) {
		return ms, true
	}
	out := ms[:0]
	for _, m := range ms {
		if keep(m) {
			out = append(out, m)
		}
	}
	return out, true
}

// allTrue is n marks, all true.
func allTrue(n int) []bool {
	b := make([]bool, n)
	for i := range b {
		b[i] = true
	}
	return b
}

// anyLeap reports whether a move of ms is the king's leap.
func anyLeap(ms []rules.Move) bool {
	for _, m := range ms {
		if m.IsLeap() {
			return true
		}
	}
	return false
}

// anyPromotion reports whether a move of ms promotes: most written moves
// match none that does, and need no narrowing by promotion.
func anyPromotion(ms []rules.Move) bool {
	for _, m := range ms {
		if m.Promotion != rules.NoKind {
			return true
		}
	}
	return false
}

func distinctPromotions(ms []rules.Move) []rules.Kind {
	var out []rules.Kind
	for _, m := range ms {
		seen := false
		for _, k := range out {
			seen = seen || k == m.Promotion
		}
		if !seen && m.Promotion != rules.NoKind {
			out = append(out, m.Promotion)
		}
	}
	return out
}

func hasConversion(ms []rules.Move) bool {
	for _, m := range ms {
		if m.ConvSquare != rules.NoSquare {
			return true
		}
	}
	return false
}

func distinctConversions(ms []rules.Move) int {
	n := 0
	for i, m := range ms {
		dup := false
		for _, o := range ms[:i] {
			dup = dup || (o.ConvSquare == m.ConvSquare && o.ConvKind == m.ConvKind)
		}
		if !dup {
			n++
		}
	}
	return n
}

// unmatched explains a written move that no legal move matches: a move the
// men could make but a rule forbids gets that rule's verdict; anything else
// is illegal-move, with the legal moves of the man (or men) it names.
func (w *walk) unmatched(n *record.Node, ln *line, side rules.Color, ply int, kind rules.Kind) (rules.Move, bool) {
	mv := n.Move
	pos := ln.pos
	fen := pos.FEN()
	cands := pos.Candidates(w.r.cands[:0])
	w.r.cands = cands
	best := -1
	for i, c := range cands {
		if !matchesBase(pos, c, mv, kind) {
			continue
		}
		if kind == rules.King && mv.Castle == record.NoCastle && mv.Leap && !c.IsLeap() {
			continue
		}
		if mv.Promotion != 0 && (c.Promotion != rules.KindFromLetter(mv.Promotion) || c.Flags&rules.FlagArrival != 0) && c.Flags&rules.FlagWaitingMove == 0 {
			continue
		}
		if mv.Promotion == 0 && c.Promotion != rules.NoKind && c.Flags&rules.FlagWaitingMove == 0 {
			continue
		}
		if mv.ConvSquare != record.NoSquare && (c.ConvSquare != rules.Square(mv.ConvSquare) ||
			mv.ConvPiece != 0 && c.ConvKind != rules.KindFromLetter(mv.ConvPiece)) {
			// The written conversion, piece included: a message names the
			// piece the record wrote, never another one.
			continue
		}
		if best < 0 {
			best = i
		}
		if v := pos.Verdict(c); v != nil {
			w.report(ln, n, w.moveFinding(n, ln, ply, side, fen, v.Rule, w.violationMessage(ln, v), w.legalOf(pos, w.allLegal(ln), c.From, kind)))
			return rules.Move{}, false
		}
	}
	var msg string
	switch {
	case mv.Castle != record.NoCastle:
		msg = fmt.Sprintf("%s cannot castle %s here", side, castleSide(int(mv.Castle)))
		if !w.gr.settings.Castling {
			msg = fmt.Sprintf("there is no castling under profile %s", w.profileName())
		}
	case mv.Leap && !isKnightStep(pos.KingSquare(side), rules.Square(mv.To)):
		msg = fmt.Sprintf("K~ marks the king's knight leap, but %s is not a knight's move from the king on %s", squareName(mv.To), pos.KingSquare(side))
	case mv.Promotion != 0 && w.anyPawnTo(pos, w.allLegal(ln), mv):
		msg = fmt.Sprintf("the pawn cannot become a %s on %s under this profile", w.pieceName(rules.KindFromLetter(mv.Promotion)), squareName(mv.To))
		w.report(ln, n, w.moveFinding(n, ln, ply, side, fen, ruleid.PromotionWrongPiece, msg, w.legalTo(pos, w.allLegal(ln), mv)))
		return rules.Move{}, false
	default:
		msg = fmt.Sprintf("no %s %s can move to %s", side, w.pieceName(kind), squareName(mv.To))
		if mv.FromFile >= 0 || mv.FromRank >= 0 {
			msg = fmt.Sprintf("no %s %s on %s can move to %s", side, w.pieceName(kind), fromName(mv), squareName(mv.To))
		}
	}
	w.report(ln, n, w.moveFinding(n, ln, ply, side, fen, ruleid.IllegalMove, msg, w.legalOfKind(pos, w.allLegal(ln), mv, kind)))
	return rules.Move{}, false
}

// violationMessage is the rules' message, with the ply and move of the
// check that cost a leap where the rules' message speaks of one.
func (w *walk) violationMessage(ln *line, v *rules.Violation) string {
	msg := v.Message
	side := ln.pos.SideToMove()
	if v.Rule == ruleid.KingLeapUnavailable && ln.firstCheckPly[side] > 0 && strings.Contains(msg, "check") {
		msg += fmt.Sprintf(" (first checked at ply %d, %s)", ln.firstCheckPly[side], w.firstCheckText(ln, side))
	}
	return msg
}

func (w *walk) anyPawnTo(pos *rules.Position, legal []rules.Move, mv *record.Move) bool {
	for _, m := range legal {
		if m.To == rules.Square(mv.To) && pos.At(m.From).Kind() == rules.Pawn &&
			(mv.FromFile < 0 || m.From.File() == int(mv.FromFile)) {
			return true
		}
	}
	return false
}

// legalTo lists the legal pawn moves to the written square (the choices a
// wrong promotion had).
func (w *walk) legalTo(pos *rules.Position, legal []rules.Move, mv *record.Move) []string {
	var out []string
	for _, m := range legal {
		if m.To == rules.Square(mv.To) && pos.At(m.From).Kind() == rules.Pawn {
			out = append(out, w.san(pos, legal, m))
		}
	}
	return out
}

// legalOf lists the legal moves of the man on from, or every legal move of
// the named kind, or every legal move: the alternatives a historian needs.
func (w *walk) legalOf(pos *rules.Position, legal []rules.Move, from rules.Square, kind rules.Kind) []string {
	var out []string
	for _, m := range legal {
		if m.From == from {
			out = append(out, w.san(pos, legal, m))
		}
	}
	if len(out) > 0 {
		return out
	}
	return w.legalOfKind(pos, legal, nil, kind)
}

func (w *walk) legalOfKind(pos *rules.Position, legal []rules.Move, mv *record.Move, kind rules.Kind) []string {
	var out []string
	for _, m := range legal {
		if pos.At(m.From).Kind() != kind {
			continue
		}
		if mv != nil && ((mv.FromFile >= 0 && m.From.File() != int(mv.FromFile)) || (mv.FromRank >= 0 && m.From.Rank() != int(mv.FromRank))) {
			continue
		}
		out = append(out, w.san(pos, legal, m))
	}
	if len(out) > 0 {
		return out
	}
	if mv != nil && (mv.FromFile >= 0 || mv.FromRank >= 0) {
		return w.legalOfKind(pos, legal, nil, kind)
	}
	for _, m := range legal {
		out = append(out, w.san(pos, legal, m))
	}
	return out
}

func (w *walk) sanList(pos *rules.Position, legal, ms []rules.Move) []string {
	out := make([]string, 0, len(ms))
	for _, m := range ms {
		out = append(out, w.san(pos, legal, m))
	}
	return out
}

func (w *walk) conversionWrongMsg(pos *rules.Position, mv *record.Move, match []rules.Move) string {
	conv := squareName(mv.ConvSquare)
	p := pos.At(rules.Square(mv.ConvSquare))
	switch {
	case p.Kind() != rules.Pawn:
		return fmt.Sprintf("the record converts a waiting pawn on %s, but there is no waiting pawn there", conv)
	case !hasConversion(match):
		return fmt.Sprintf("the record converts the waiting pawn on %s, but this move takes nothing it waits for", conv)
	}
	return fmt.Sprintf("the waiting pawn on %s cannot become a %s by this capture", conv, w.pieceName(rules.KindFromLetter(mv.ConvPiece)))
}

func (w *walk) kindList(ks []rules.Kind) string {
	parts := make([]string, len(ks))
	for i, k := range ks {
		parts[i] = w.pieceName(k)
	}
	return strings.Join(parts, ", ")
}

// pieceName is the profile's name of a kind (rules' ManName), with its
// letter where the name is not the letter's usual one: "counsellor (Q)".
func (w *walk) pieceName(k rules.Kind) string {
	name := w.gr.settings.ManName(k)
	if name != k.String() {
		name += " (" + k.Letter() + ")"
	}
	return name
}

// writtenKind is the kind of man a written move names: its letter, or for
// long algebraic without a letter (`g1f3`, as UCI writes) the man on the
// origin square.
func writtenKind(pos *rules.Position, mv *record.Move) rules.Kind {
	if mv.Castle != record.NoCastle {
		return rules.King
	}
	if mv.Piece == 0 && mv.FromFile >= 0 && mv.FromRank >= 0 {
		if k := pos.At(rules.MakeSquare(int(mv.FromFile), int(mv.FromRank))).Kind(); k != rules.NoKind {
			return k
		}
	}
	return kindOf(mv.Piece)
}

// kindOf is the kind of man a move's piece letter names, a pawn for none
// (0): one load from a table, with no test, as it is read at every ply.
func kindOf(letter byte) rules.Kind { return kindByLetter[letter] }

var kindByLetter = func() (t [256]rules.Kind) {
	for b := range t {
		t[b] = rules.KindFromLetter(byte(b))
	}
	t[0] = rules.Pawn
	return t
}()

func squareName(s record.Square) string { return s.String() }

func fromName(mv *record.Move) string {
	var b []byte
	if mv.FromFile >= 0 {
		b = append(b, byte('a'+mv.FromFile))
	}
	if mv.FromRank >= 0 {
		b = append(b, byte('1'+mv.FromRank))
	}
	if len(b) == 1 && mv.FromFile >= 0 {
		return "the " + string(b) + "-file"
	}
	if len(b) == 1 {
		return "rank " + string(b)
	}
	return string(b)
}

func castleSide(c int) string {
	if c == record.CastleLong {
		return "queen-side (O-O-O)"
	}
	return "king-side (O-O)"
}

func isKnightStep(a, b rules.Square) bool {
	if a < 0 || b < 0 {
		return false
	}
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	df, dr = df*df, dr*dr
	return df+dr == 5
}

// allLegal is every legal move of the line's position, built on first use
// after a move: only findings that list moves need it.
func (w *walk) allLegal(ln *line) []rules.Move {
	if !ln.legalOK {
		ln.legal = ln.pos.LegalMoves(ln.legal[:0])
		ln.legalOK = true
	}
	return ln.legal
}

// moved updates what the line knows of its position after a move: the
// full legal list is stale. Whether a move exists is asked at once when
// the side to move is in check (checkmate, and the check mark, need it),
// unless mateTest may leave it; otherwise it is assumed until the next
// written move proves it (proveMove) or something that reads the game's
// end asks (knowMove). check: the side to move is in check (the caller
// has asked the history); mark: the check mark written with the move, 0
// for none or a move that does not end its turn.
func (ln *line) moved(check bool, mark byte) {
	ln.legalOK = false
	if check {
		ln.mateTest(mark)
		return
	}
	ln.hasMove, ln.moveUnknown = true, true
}

// mateTest finds out whether the side to move, in check, has a legal
// move. It is kept out of line so that moved, at every ply, is inlined.
//
// A check marked '+' leaves it to the next turn, as a quiet move does
// (plusWait, where nothing but the lack of a move can end the game now):
// the mark is right whether the move mates or not (a mate wins, and a
// winning move may be marked either way: checkMark), the next written
// move, listed legal, proves that no mate was given, and where it is not,
// proveMove (or settle at the line's end, haltAtRest at a rest) finds the
// mate and ends the line at the move, as endsNow would have.
//
//go:noinline
func (ln *line) mateTest(mark byte) {
	if mark == '+' && ln.plusWait && !ln.hist.MayEnd(true) {
		ln.hasMove, ln.moveUnknown = true, true
		return
	}
	ln.hasMove, ln.moveUnknown = ln.hist.HasLegalMove(), false
}

// knowMove finds out whether the side to move has a legal move, if the
// line only assumed it.
func (ln *line) knowMove() {
	if ln.moveUnknown {
		ln.hasMove, ln.moveUnknown = ln.hist.HasLegalMove(), false
		if !ln.hasMove && ln.mateSteps != nil && ln.hist.InCheck() {
			// No move, in check: the last move mated, and its mate test
			// waited (mateTest). Its step says so, as stepEnd would have.
			ln.mateSteps.mateLast()
		}
	}
}

// endNow is what the rules say of the line's position now (OutcomeKnown)
// with an assumed legal move confirmed when it could change the answer:
// when the rules end the game anyway, an end tested before (stalemate
// comes before repetition and the move rule) may be the real one.
func (ln *line) endNow() rules.Outcome {
	o := ln.hist.OutcomeKnown(ln.hasMove)
	if o.Kind != rules.OutcomeNone && ln.moveUnknown {
		ln.knowMove()
		o = ln.hist.OutcomeKnown(ln.hasMove)
	}
	return o
}

// endsNow ends the line after its last move (ply) when the rules end the
// game there (endNow), and says whether they did.
func (ln *line) endsNow() bool {
	o := ln.endNow()
	if o.Kind == rules.OutcomeNone {
		return false
	}
	ln.ended, ln.outcome, ln.endPly = true, o, ln.ply
	return true
}

// proveMove settles an assumed legal move before the turn of node n is
// judged: the legal moves its written move can be (a man of its kind to
// its square) are listed, for resolve to use, and one of them is the
// proof; a descriptive move's are the legal moves it can mean. Without
// one (a move that is not legal, castling) the legal moves are looked
// for, and a line that had none ended at the last move, as the rules
// would have said then.
func (w *walk) proveMove(n *record.Node, ln *line) {
	if mv := n.Move; mv != nil && !mv.Null && mv.Castle == record.NoCastle && mv.To != record.NoSquare && !isDescriptive(mv) {
		w.r.toList = ln.hist.LegalMovesTo(w.r.toList[:0], writtenKind(ln.pos, mv), rules.Square(mv.To))
		w.pre.node, w.pre.line = n, ln
		if len(w.r.toList) > 0 {
			ln.hasMove, ln.moveUnknown = true, false
			return
		}
	} else if mv != nil && !mv.Null && isDescriptive(mv) {
		// A descriptive move: the moves it can mean, kept for resolve.
		w.toListed = false
		match := w.descriptiveMatch(ln, mv)
		w.pre.node, w.pre.line, w.pre.listed = n, ln, w.toListed
		if len(match) > 0 {
			ln.hasMove, ln.moveUnknown = true, false
			return
		}
	}
	proveEnd(ln)
}

// proveEnd finds out whether the side to move has a legal move, if the
// line only assumed it, and ends the line at its last move where none
// exists and the rules end the game then.
func proveEnd(ln *line) {
	ln.knowMove()
	if !ln.hasMove && !ln.ended {
		if o := ln.hist.OutcomeKnown(false); o.Kind != rules.OutcomeNone {
			ln.ended, ln.outcome, ln.endPly = true, o, ln.ply
		}
	}
}

// superfluousFrom words the warning for a disambiguation that names more
// of the origin than the legal moves need: `Nfe4` where only one knight
// can legally go to e4 (the other being pinned), `Nf2e4` where the file
// alone tells them apart, or any disambiguation where the turn lets only
// one man move (the new knight of `b8=N,Nc6`). "" when the written one is
// needed, and for long algebraic, which the reader reports itself.
func (w *walk) superfluousFrom(ln *line, mv *record.Move, m rules.Move, kind rules.Kind, origin rules.Square) string {
	if mv.Piece == 0 || kind == rules.Pawn || m.IsLeap() || mv.Castle != record.NoCastle ||
		(mv.FromFile < 0 && mv.FromRank < 0) || mv.Lenient&record.LenientLong != 0 {
		return ""
	}
	pos := ln.pos
	others, sameFile, sameRank := false, false, false
	var list []rules.Move
	if w.toListed && w.toKind == kind && w.toSquare == m.To {
		list = w.r.toList // resolve listed them
	} else {
		list = ln.hist.LegalMovesTo(nil, kind, m.To)
	}
	for _, o := range list {
		// Where the turn lets only one man move (origin), no other counts.
		if o.From == m.From || o.IsLeap() || origin != rules.NoSquare {
			continue
		}
		others = true
		sameFile = sameFile || o.From.File() == m.From.File()
		sameRank = sameRank || o.From.Rank() == m.From.Rank()
	}
	both := mv.FromFile >= 0 && mv.FromRank >= 0
	if others && !(both && (!sameFile || !sameRank)) {
		return ""
	}
	name := w.gr.settings.ManName(kind)
	canon := w.san(pos, w.allLegal(ln), m)
	if !others {
		return fmt.Sprintf("%s names the %s's origin, but only one %s can legally move to %s: %s is enough",
			mv.Text, name, name, m.To, canon)
	}
	return fmt.Sprintf("%s names the %s's whole origin square, but less tells the %ss that can move to %s apart: %s is enough",
		mv.Text, name, name, m.To, canon)
}

// anyOrigin is the one move of list (the legal moves of kind to the
// written square) that mv matches when its origin square is left out, and
// the warning that says so; match (empty) and "" when none or several do.
func (w *walk) anyOrigin(pos *rules.Position, list []rules.Move, mv *record.Move, kind rules.Kind, match []rules.Move) ([]rules.Move, string) {
	without := *mv
	without.FromFile, without.FromRank = -1, -1
	var found []rules.Move
	for _, lm := range list {
		if matchesBase(pos, lm, &without, kind) {
			found = append(found, lm)
		}
	}
	if len(found) != 1 {
		return match, ""
	}
	return append(match, found[0]), fmt.Sprintf("`%s`: no %s on %s can move to %s (a misprint of the origin?); read as the only %s move there, from %s",
		mv.Text, w.pieceName(kind), fromName(mv), squareName(mv.To), w.pieceName(kind), found[0].From)
}
