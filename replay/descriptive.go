package replay

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
	"github.com/ashtapada/ashtapada/rules"
)

// Descriptive notation (docs/notation-books.md) names squares from the
// mover's side and men by kind, so a written move is resolved here, in a
// position: DescriptiveMatches says whether a legal move is what the text
// says, and Descriptive writes the shortest text that says exactly one
// legal move. Both are the one definition of the notation's meaning: the
// writer checks each text it considers with the reader's test.

// relRank is a 0-based absolute rank counted from side's own side (1..8).
func relRank(side rules.Color, rank int) int8 {
	if side == rules.White {
		return int8(rank + 1)
	}
	return int8(8 - rank)
}

// onWing: a man named by its wing (KR, QKt, KB). The bishop that starts
// on the king's bishop's square stands on light squares for white (f1) and
// dark ones for black (f8), and bishops keep their colour, so a bishop's
// wing is its colour. A knight or rook keeps no such mark, so its wing is
// read as its order on the board: the king's rook is the rook with no rook
// of its side on a file nearer the king's side (KR, the h-file), the
// queen's rook the one with none nearer the queen's side. That is what the
// books mean as long as the two have not crossed, and it is decided by the
// position alone (docs/notation-books.md).
func onWing(pos *rules.Position, sq rules.Square, owner rules.Color, kind rules.Kind, wing byte) bool {
	if wing == 0 {
		return true
	}
	if kind == rules.Bishop {
		light := sq.Light()
		kingsLight := owner == rules.White
		return light == (kingsLight == (wing == 'K'))
	}
	if wing != 'K' && wing != 'Q' {
		return true
	}
	// The files past sq's towards the wing, on every rank.
	const fileA = 0x0101010101010101
	f := uint(sq.File())
	beyond := uint64(0xff<<(f+1)&0xff) * fileA // the king's side
	if wing == 'Q' {
		beyond = uint64(1<<f-1) * fileA
	}
	return pos.Men(owner, kind)&beyond == 0
}

func fileIn(mask uint8, sq rules.Square) bool { return mask == 0 || mask&(1<<uint(sq.File())) != 0 }

// capturedSquare is where the man a capture takes stands (behind the
// destination for en passant).
func capturedSquare(m rules.Move) rules.Square {
	if m.Flags&rules.FlagEnPassant != 0 {
		return rules.MakeSquare(m.To.File(), m.From.Rank())
	}
	return m.To
}

// DescriptiveMatches reports whether legal move m of pos is a move the
// descriptive (or `Castles`) move mv can mean, its promotion included.
func DescriptiveMatches(pos *rules.Position, m rules.Move, mv *record.Move) bool {
	castle := m.Flags & (rules.FlagCastleShort | rules.FlagCastleLong)
	switch mv.Castle {
	case record.CastleShort:
		return castle&rules.FlagCastleShort != 0
	case record.CastleLong:
		return castle&rules.FlagCastleLong != 0
	case record.CastleEither:
		return castle != 0
	}
	d := mv.Desc
	if d == nil || castle != 0 {
		return false
	}
	side := pos.SideToMove()
	k := pos.At(m.From).Kind()
	if m.Flags&rules.FlagWaitingMove != 0 {
		k = m.Promotion
	}
	if k != kindOf(manLetter(d.Man)) {
		return false
	}
	if !fileIn(d.FromFiles, m.From) || (d.FromRank != 0 && relRank(side, m.From.Rank()) != d.FromRank) ||
		!onWing(pos, m.From, side, k, d.Wing) {
		return false
	}
	if d.Capture != m.IsCapture() {
		return false
	}
	if d.Steps != 0 {
		dr := m.To.Rank() - m.From.Rank()
		if dr < 0 {
			dr = -dr
		}
		return m.To.File() == m.From.File() && int8(dr) == d.Steps
	}
	if !d.Capture {
		// ToRank 0: no square written (`P. checks.`), any fits.
		if d.ToRank != 0 && (!fileIn(d.ToFiles, m.To) || relRank(side, m.To.Rank()) != d.ToRank) {
			return false
		}
	} else {
		if d.EnPassant && m.Flags&rules.FlagEnPassant == 0 {
			return false
		}
		cs := capturedSquare(m)
		if d.CapMan != 0 {
			ck := pos.At(cs).Kind()
			if ck != kindOf(manLetter(d.CapMan)) || !onWing(pos, cs, side.Other(), ck, d.CapWing) {
				return false
			}
		}
		if !fileIn(d.CapFiles, cs) || (d.CapRank != 0 && relRank(side, cs.Rank()) != d.CapRank) {
			return false
		}
	}
	if d.ConvRank != 0 && (!m.HasConversion() || !fileIn(d.ConvFiles, m.ConvSquare) ||
		relRank(side, m.ConvSquare.Rank()) != d.ConvRank || m.ConvKind != rules.KindFromLetter(mv.ConvPiece)) {
		return false
	}
	// Promotion: as written; a move written without one may still be an
	// inferred promotion or a waiting arrival, which resolve decides.
	if mv.Promotion != 0 && (m.Promotion != rules.KindFromLetter(mv.Promotion) || m.Flags&rules.FlagArrival != 0) {
		return false
	}
	return true
}

func manLetter(b byte) byte {
	if b == 'P' {
		return 0
	}
	return b
}

// descriptiveMatch is the legal moves of ln's position that mv can mean.
// Only the moves of the man named are generated, and only those to the
// squares the text allows (`N-B3`: QB3 or KB3; `PxB`: the squares of the
// bishops; `PxP` with many pawns: the squares of the pawns,
// rules.LegalMovesToSet). The list is made once for every reading of the
// text: a wing that may have been castling's side is tried on the same
// list.
func (w *walk) descriptiveMatch(ln *line, mv *record.Move) []rules.Move {
	pos := ln.pos
	kind := rules.King
	var targets [4]rules.Square
	nt, tos := -1, ^uint64(0) // -1: no list of squares, tos a superset
	if d := mv.Desc; d != nil {
		kind = kindOf(manLetter(d.Man))
		nt, tos = descTargets(pos, d, &targets)
	}
	var list []rules.Move
	if nt >= 0 {
		// Square by square, in the order of targets (the order the
		// readings of an ambiguous move are listed in): the men that
		// reach each square are found from it, most often none.
		list = w.r.toList[:0]
		for _, to := range targets[:nt] {
			list = ln.hist.LegalMovesTo(list, kind, to)
		}
	} else {
		list = ln.hist.LegalMovesToSet(w.r.toList[:0], kind, tos)
	}
	match := descriptiveFilter(pos, list, mv, w.r.match[:0])
	if d := mv.Desc; len(match) == 0 && d != nil && d.LooseWing && d.Wing != 0 {
		// `Castles K. Kt. to B3`: the `K.` was castling's side after all.
		loose, ld := *mv, *d
		ld.Wing, ld.LooseWing = 0, false
		loose.Desc = &ld
		match = descriptiveFilter(pos, list, &loose, match)
	}
	w.r.match = match
	// Where the move's square is known (one target, or one match), toList
	// keeps every legal move of the man to it: what the step's SAN is
	// disambiguated against (stepSAN), as resolve keeps it for SAN,
	// instead of listed again.
	if nt == 1 || nt > 1 && len(match) == 1 {
		to := targets[0]
		if len(match) == 1 {
			to = match[0].To
		}
		kept := 0
		for _, m := range list {
			if m.To == to {
				list[kept] = m
				kept++
			}
		}
		list = list[:kept]
		w.toListed, w.toKind, w.toSquare = true, kind, to
	}
	w.r.toList = list
	return match
}

// descriptiveFilter appends to match the moves of list that mv can mean.
func descriptiveFilter(pos *rules.Position, list []rules.Move, mv *record.Move, match []rules.Move) []rules.Move {
	for _, m := range list {
		if DescriptiveMatches(pos, m, mv) {
			match = append(match, m)
		}
	}
	return match
}

// descTargets tells the destination squares a descriptive move can have.
// When they are few, it lists them in out (the named squares of a move,
// a1 side first; the squares of the men a capture may take, lowest first,
// then the en passant square) and returns their number and their set.
// Otherwise it returns -1 and a set that holds every square the move can
// go to: the named squares, the squares of the men of the kind taken,
// or every square.
func descTargets(pos *rules.Position, d *record.Descriptive, out *[4]rules.Square) (int, uint64) {
	side := pos.SideToMove()
	if !d.Capture {
		if d.ToRank == 0 || d.ToFiles == 0 || d.Steps != 0 {
			return -1, ^uint64(0)
		}
		rank := int(d.ToRank) - 1
		if side == rules.Black {
			rank = 8 - int(d.ToRank)
		}
		if rank < 0 || rank > 7 {
			return 0, 0 // no square of the board
		}
		set := uint64(d.ToFiles) << (8 * uint(rank))
		if bits.OnesCount8(d.ToFiles) > len(out) {
			return -1, set
		}
		n := 0
		for x := set; x != 0; x &= x - 1 {
			out[n] = rules.Square(bits.TrailingZeros64(x))
			n++
		}
		return n, set
	}
	if d.CapMan == 0 {
		return -1, ^uint64(0)
	}
	want := kindOf(manLetter(d.CapMan))
	men := pos.Men(side.Other(), want) // the squares the men stand on
	ep := pos.EnPassant()
	all := men
	if want == rules.Pawn && ep != rules.NoSquare {
		all |= 1 << uint(ep) // (the en passant square, added last)
	}
	// Past the few squares out holds, any man of the kind may be meant
	// (`PxP` with five pawns or more). A pawn's steps (`K P one`) are
	// judged on its file alone, whatever it takes.
	many := all
	if d.Steps != 0 {
		many = ^uint64(0)
	}
	if d.CapFiles == 0 && d.CapRank == 0 && bits.OnesCount64(all) > len(out) {
		return -1, many
	}
	n := 0
	var set uint64
	for x := men; x != 0; x &= x - 1 {
		sq := rules.Square(bits.TrailingZeros64(x))
		if !fileIn(d.CapFiles, sq) || d.CapRank != 0 && relRank(side, sq.Rank()) != d.CapRank {
			continue
		}
		if n == len(out) {
			return -1, many
		}
		out[n] = sq
		set |= 1 << uint(sq)
		n++
	}
	if all != men {
		if n == len(out) {
			return -1, many
		}
		out[n] = ep
		set |= 1 << uint(ep)
		n++
	}
	return n, set
}

// isDescriptive: the move is read by DescriptiveMatches.
func isDescriptive(mv *record.Move) bool {
	return mv.Desc != nil || mv.Castle == record.CastleEither
}

// descriptiveUnmatched reports a descriptive move that no legal move
// matches, with the legal moves of the man it names.
func (w *walk) descriptiveUnmatched(n *record.Node, ln *line, side rules.Color, ply int) (rules.Move, bool) {
	mv := n.Move
	pos := ln.pos
	legal := w.allLegal(ln)
	kind := rules.King
	if mv.Desc != nil {
		kind = kindOf(manLetter(mv.Desc.Man))
	}
	var alts, both []string
	for _, m := range legal {
		if pos.At(m.From).Kind() == kind && (mv.Castle == record.NoCastle || m.Flags&(rules.FlagCastleShort|rules.FlagCastleLong) != 0) {
			alts = append(alts, w.san(pos, legal, m))
			both = append(both, bothForms(pos, legal, m))
		}
	}
	msg := fmt.Sprintf("no legal move of %s is %s", side, mv.Text)
	if len(both) > 0 {
		msg += fmt.Sprintf("; the %s's moves are %s", w.pieceName(kind), strings.Join(both, ", "))
	} else {
		msg += fmt.Sprintf("; %s has no legal %s move", side, w.pieceName(kind))
	}
	if len(alts) == 0 {
		alts = w.sanList(pos, legal, legal)
	}
	w.report(ln, n, w.moveFinding(n, ln, ply, side, pos.FEN(), ruleid.IllegalMove, msg, alts))
	return rules.Move{}, false
}

// bothForms is a move in SAN and in descriptive notation: `Nf3 (N-KB3)`.
func bothForms(pos *rules.Position, legal []rules.Move, m rules.Move) string {
	san, desc := SAN(pos, legal, m), Descriptive(pos, legal, m)
	if san == desc {
		return san // castling
	}
	return san + " (" + desc + ")"
}

// lookAheadPlies bounds how far a choice between the candidates of an
// ambiguous descriptive move is tested against the moves that follow, and
// lookAheadNodes how many positions the test may visit (the moves that
// follow may be ambiguous too, and each reading is tried).
const (
	lookAheadPlies = 100
	lookAheadNodes = 4000
)

// chooseDescriptive picks, among the candidates of an ambiguous
// descriptive move, the one the check mark or the rest of the game
// decides; when neither decides, the move is the error ambiguous-move and
// the replay goes on with the reading ambiguous chooses.
func (w *walk) chooseDescriptive(n *record.Node, ln *line, side rules.Color, ply int, match []rules.Move) rules.Move {
	mv := n.Move
	pos := ln.pos
	legal := w.allLegal(ln)
	both := make([]string, len(match))
	for i, m := range match {
		both[i] = bothForms(pos, legal, m)
	}
	if mv.Desc != nil && mv.Desc.Misread {
		// A misprint read by putting its parts in order (`Kt-P` as
		// `KtxP`) is taken only where one legal move fits it: a second
		// guess, by the check mark or the next moves, would be one too
		// many.
		all := make([]bool, len(match))
		for i := range all {
			all[i] = true
		}
		fits, ahead := w.fitsNext(pos, match, all)
		return w.ambiguous(n, ln, side, ply, match, both, fits, ahead)
	}
	// The check mark: books print checks, so a candidate whose check
	// does not fit the text is not what the book meant.
	var fit []int
	for i, m := range match {
		if checkFits(pos, m, mv.Check) {
			fit = append(fit, i)
		}
	}
	if len(fit) == 1 {
		c := match[fit[0]]
		mark := "no check mark"
		if mv.Check != 0 {
			mark = "a check mark"
		}
		w.add(w.moveFinding(n, ln, ply, side, pos.FEN(), ruleid.AmbiguityResolved,
			fmt.Sprintf("%s could be %s; the record prints %s, which fits only %s: read as %s", mv.Text, strings.Join(both, " or "), mark, both[fit[0]], w.san(pos, legal, c)), nil))
		return c
	}
	// The readings the check mark allows, or all when it allows none.
	allowed := make([]bool, len(match))
	for _, i := range fit {
		allowed[i] = true
	}
	if len(fit) == 0 {
		for i := range allowed {
			allowed[i] = true
		}
	}
	// Look ahead: the reading after which the next moves can be read.
	fits, ahead := w.fitsNext(pos, match, allowed)
	if only := onlyOne(fits); only >= 0 {
		// When no reading lets every next move be read, the record goes
		// wrong later whatever this move is; the reading after which it
		// goes on longest is still the one the next moves decide.
		c := match[only]
		far := ""
		if !ahead.all {
			far = fmt.Sprintf(" up to ply %d, past which no reading goes", ply+ahead.read)
		}
		w.add(w.moveFinding(n, ln, ply, side, pos.FEN(), ruleid.AmbiguityResolved,
			fmt.Sprintf("%s could be %s; only after %s can the next moves be read%s: read as %s", mv.Text, strings.Join(both, " or "), both[only], far, w.san(pos, legal, c)), nil))
		return c
	}
	if i, from := w.byOrigin(ln, mv, match, fits); i >= 0 {
		c := match[i]
		w.add(w.moveFinding(n, ln, ply, side, pos.FEN(), ruleid.AmbiguityResolved,
			fmt.Sprintf("%s could be %s, and the next moves do not tell; the book names the man by where it started, and only %s moves the %s that started on %s: read as %s",
				mv.Text, strings.Join(both, " or "), both[i], w.pieceName(pos.At(c.From).Kind()), from, w.san(pos, legal, c)), nil))
		return c
	}
	return w.ambiguous(n, ln, side, ply, match, both, fits, ahead)
}

// maxTrail bounds the main-line moves a game in descriptive notation
// keeps to tell where its men started (byOrigin): the books' games are far
// shorter, and a huge game read in parts is not held whole for it.
const maxTrail = 1000

// trace keeps m, a main-line move of a game in descriptive notation, in
// the walk's trail.
func (w *walk) trace(m rules.Move) {
	if w.trail == nil {
		// Room for a book's game at once, not grown move by move.
		w.trail = make([]rules.Move, 0, 128)
	}
	if len(w.trail) < maxTrail {
		w.trail = append(w.trail, m)
	}
}

// byOrigin reads a rook or knight named by its wing (`QR`, `KKt`) as the
// books mean it, the man that started on that wing, where the position's
// files do not tell (both rooks on one file): of the readings marked in
// fits, the one whose man started on the named wing's side of its first
// rank. The men are followed from the initial array through the trail, so
// only the main line of a game from the initial array, within maxTrail
// plies, is read so. It returns the reading's index and the square its
// man started on, or -1 when that does not single out one reading.
func (w *walk) byOrigin(ln *line, mv *record.Move, match []rules.Move, fits []bool) (int, rules.Square) {
	d := mv.Desc
	if d == nil || d.Wing == 0 || !ln.main || !ln.fromArray || len(w.trail) != ln.ply || ln.ply >= maxTrail {
		return -1, rules.NoSquare
	}
	if k := kindOf(manLetter(d.Man)); k != rules.Rook && k != rules.Knight {
		return -1, rules.NoSquare // a bishop's wing is its colour (onWing)
	}
	var origin [64]rules.Square // where the man on each square started
	for s := range origin {
		origin[s] = rules.Square(s)
	}
	for _, m := range w.trail {
		if m.From >= 64 || m.To >= 64 {
			return -1, rules.NoSquare
		}
		if c := m.Flags & (rules.FlagCastleShort | rules.FlagCastleLong); c != 0 {
			// The rook goes from its corner to the square the king
			// passes (fide castling from the initial array).
			rank := m.From.Rank()
			kingTo, rookFrom, rookTo := rules.MakeSquare(6, rank), rules.MakeSquare(7, rank), rules.MakeSquare(5, rank)
			if c&rules.FlagCastleLong != 0 {
				kingTo, rookFrom, rookTo = rules.MakeSquare(2, rank), rules.MakeSquare(0, rank), rules.MakeSquare(3, rank)
			}
			king := origin[m.From]
			origin[rookTo] = origin[rookFrom]
			origin[kingTo] = king
			continue
		}
		origin[m.To] = origin[m.From]
	}
	back := 0
	if ln.pos.SideToMove() == rules.Black {
		back = 7
	}
	pick := -1
	for i, m := range match {
		o := origin[m.From]
		if !fits[i] || o.Rank() != back || (o.File() < 4) != (d.Wing == 'Q') {
			continue
		}
		if pick >= 0 {
			return -1, rules.NoSquare
		}
		pick = i
	}
	if pick < 0 {
		return -1, rules.NoSquare
	}
	return pick, origin[match[pick].From]
}

// ambiguous reports a written move that more than one legal move fits
// (match, written as forms) as the error ambiguous-move, and chooses the
// reading the replay goes on with, so that the moves after it are still
// checked: of the readings marked in fits, the one whose man stands first
// in the order a1, b1, ..., h8 (then its destination, then its promotion),
// a rule that does not depend on how the moves were generated
// (docs/rules.md). ahead is what fitsNext found of the marked readings.
func (w *walk) ambiguous(n *record.Node, ln *line, side rules.Color, ply int, match []rules.Move, forms []string, fits []bool, ahead lookAhead) rules.Move {
	pos := ln.pos
	pick, count := -1, 0
	for i, m := range match {
		if !fits[i] {
			continue
		}
		count++
		if pick < 0 || firstReading(m, match[pick]) {
			pick = i
		}
	}
	c := match[pick]
	chosen := w.san(pos, w.allLegal(ln), c)
	var why string
	switch {
	case !ahead.all && count == 1:
		why = fmt.Sprintf("read as %s, the only reading after which the next moves can be read up to ply %d, past which no reading goes", chosen, ply+ahead.read)
	case !ahead.all:
		why = fmt.Sprintf("read as %s, the first in square order of the %d readings after which the next moves can be read up to ply %d, past which no reading goes", chosen, count, ply+ahead.read)
	case count == 1:
		why = fmt.Sprintf("read as %s, the only reading that fits the next moves", chosen)
	case count == len(match) && count == 2:
		why = fmt.Sprintf("read as %s, the first in square order; both readings fit the next moves", chosen)
	case count == len(match):
		why = fmt.Sprintf("read as %s, the first in square order; all %d readings fit the next moves", chosen, count)
	default:
		why = fmt.Sprintf("read as %s, the first in square order of the %d readings that fit the next moves", chosen, count)
	}
	w.report(ln, n, w.moveFinding(n, ln, ply, side, pos.FEN(), ruleid.AmbiguousMove,
		fmt.Sprintf("%s could be any of %s: the record must say which; %s", n.Move.Text, strings.Join(forms, ", "), why), w.sanList(pos, w.allLegal(ln), match)))
	return c
}

// firstReading orders the readings of an ambiguous move: by the square the
// man moves from (a1, b1, ..., h8), then the square it moves to, then the
// promotion piece.
func firstReading(a, b rules.Move) bool {
	if a.From != b.From {
		return a.From < b.From
	}
	if a.To != b.To {
		return a.To < b.To
	}
	return a.Promotion < b.Promotion
}

// lookAhead is what the next moves of a line say of the readings of an
// ambiguous move: all, that some reading lets every one of them be read
// (up to the look-ahead's bounds); otherwise read, the most of them that
// any reading lets be read one after another.
type lookAhead struct {
	all  bool
	read int
}

// fitsNext marks, of the readings of an ambiguous move that allowed marks,
// those that fit the next moves of the line best: after which all of them
// can be read (reach), or, when no reading lets all be read, the most.
func (w *walk) fitsNext(pos *rules.Position, match []rules.Move, allowed []bool) ([]bool, lookAhead) {
	reads := make([]lookAhead, len(match))
	var best lookAhead
	var next []record.Node // the line after the turn
	if w.plies != nil {
		next = plyMoves(w.plies[w.aheadAt:min(len(w.plies), w.aheadAt+lookAheadPlies)])
	} else {
		next = w.lineNodes[w.aheadAt:]
	}
	for i, m := range match {
		if !allowed[i] {
			continue
		}
		q := *pos
		q.Play(m)
		budget := lookAheadNodes
		r, all := reach(&q, next, lookAheadPlies, &budget)
		reads[i] = lookAhead{all: all, read: r}
		if all && !best.all || all == best.all && r > best.read {
			best = reads[i]
		}
	}
	fits := make([]bool, len(match))
	for i := range match {
		fits[i] = allowed[i] && (best.all && reads[i].all || !best.all && reads[i].read == best.read)
	}
	return fits, best
}

// onlyOne is the index of the one true value of marks, or -1.
func onlyOne(marks []bool) int {
	at := -1
	for i, b := range marks {
		if b {
			if at >= 0 {
				return -1
			}
			at = i
		}
	}
	return at
}

// checkFits: the written mark ('+', '#' or none) fits what m does.
func checkFits(pos *rules.Position, m rules.Move, mark byte) bool {
	switch mark {
	case 0:
		return !pos.GivesCheck(m)
	case '#':
		return checkMark(pos, m) == '#'
	}
	return pos.GivesCheck(m)
}

// reach is how many of the next moves (up to plies of them) of nodes can
// be read one after another as legal moves from pos, trying every reading
// of an ambiguous one and keeping the best; all is true when every one of
// them can (the end of nodes, or the look-ahead's bounds, plies and
// budget, reached).
func reach(pos *rules.Position, nodes []record.Node, plies int, budget *int) (read int, all bool) {
	for i := range nodes {
		if plies == 0 || *budget <= 0 {
			return read, true
		}
		n := &nodes[i]
		if n.Kind != record.KindMove {
			continue
		}
		// The budget counts the moves tried, not the numbers, comments
		// and NAGs passed by: a line read for the walk alone (plies)
		// has none of them, and is looked into as far as its record.
		*budget--
		mv := n.Move
		if mv == nil || mv.Null || mv.Joined {
			return read, true // compound turns and null moves are not looked into
		}
		var cands []rules.Move
		for _, m := range pos.LegalMoves(nil) {
			if isDescriptive(mv) {
				if DescriptiveMatches(pos, m, mv) {
					cands = append(cands, m)
				}
			} else if matchesBase(pos, m, mv, writtenKind(pos, mv)) &&
				(mv.Promotion == 0 || m.Promotion == rules.KindFromLetter(mv.Promotion)) {
				cands = append(cands, m)
			}
		}
		switch len(cands) {
		case 0:
			return read, false
		case 1:
			pos.Play(cands[0])
			plies--
			read++
			continue
		}
		best := 0
		for _, c := range cands {
			q := *pos
			q.Play(c)
			r, a := reach(&q, nodes[i+1:], plies-1, budget)
			if a {
				return read + 1 + r, true
			}
			best = max(best, r)
		}
		return read + 1 + best, false
	}
	return read, true
}
