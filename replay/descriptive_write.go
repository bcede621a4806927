package replay

import (
	"strings"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/rules"
)

// fileNames are the descriptive names of the files a..h.
var fileNames = [8]string{"QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"}

// shortFileNames are the names without the wing, where the file has a twin
// on the other wing (B, N, R); "" where it has not.
var shortFileNames = [8]string{"R", "N", "B", "", "", "B", "N", "R"}

// DescriptiveStyle is how descriptive notation is written: the modern
// short form (`P-K4`, `N-KB3`) or the 19th-century long form (`P. to K's
// 4th.`, `Kt. to K. B's 3d.`), and the knight's letter, `N` or `Kt`.
type DescriptiveStyle struct {
	Long bool
	// Kt writes the knight `Kt` (its files `QKt`, `KKt`), as books did
	// until about 1950, where the modern short form writes `N`.
	Kt bool
}

// Descriptive writes move m of pos in the modern short form of English
// descriptive notation: the shortest text that DescriptiveMatches finds
// only m for (as the books did: `P-K4`, `N-B3`, `PxP`, `R(Q1)-Q2`), with
// `=Q` for a promotion, ` e.p.`, and ` ch` or ` mate`. legal must be
// pos's legal moves.
func Descriptive(pos *rules.Position, legal []rules.Move, m rules.Move) string {
	return DescriptiveIn(pos, legal, m, DescriptiveStyle{})
}

// DescriptiveIn writes move m of pos in descriptive notation of style st:
// the man and the square (or the man taken) that Descriptive names, in
// the short or the long form. The long form says what the short form
// says in the books' words: `P. to K's 4th.`, `Kt. to K. B's 3d.`, `B.
// takes Kt. (ch.)`, `Q. takes K. B. P. (mate.)`, `R. (on Q's sq.) to Q's
// 2d.`, `P. to K's 8th. (Q.)`, `P. takes P. en passant.`,
// `Castles.` (`Castles (Q. R.)` where both castlings are legal). A move it
// has no words for (a conversion, or a capture that must name the taken
// man's square) is written in the short form.
func DescriptiveIn(pos *rules.Position, legal []rules.Move, m rules.Move, st DescriptiveStyle) string {
	var b strings.Builder
	mark := checkMark(pos, m)
	if st.Long && writeLong(&b, pos, legal, m, mark, st.Kt) {
		return b.String()
	}
	writeDescriptiveCore(&b, pos, legal, m)
	switch mark {
	case '#':
		b.WriteString(" mate")
	case '+':
		b.WriteString(" ch")
	}
	if !st.Kt {
		return b.String()
	}
	// The short form's only capital N is the knight's (the man, a
	// promotion, and its files QN, KN and N).
	return strings.ReplaceAll(b.String(), "N", "Kt")
}

type descOption struct {
	text string
	set  func(d *record.Descriptive)
}

func writeDescriptiveCore(b *strings.Builder, pos *rules.Position, legal []rules.Move, m rules.Move) {
	if m.Flags&(rules.FlagCastleShort|rules.FlagCastleLong) != 0 {
		// Castling is written as SAN writes it: O-O, O-O-O.
		var buf [8]byte
		b.Write(appendSAN(buf[:0], pos, legal, m))
		return
	}
	movers, targets, bi, bj, mv := shortestDescriptive(pos, legal, m)
	sep := "-"
	if m.IsCapture() {
		sep = "x"
	}
	side := pos.SideToMove()
	b.WriteString(movers[bi].text)
	b.WriteString(sep)
	b.WriteString(targets[bj].text)
	if mv.Promotion != 0 {
		b.WriteByte('=')
		b.WriteByte(mv.Promotion)
	}
	if m.HasConversion() {
		b.WriteByte('/')
		b.WriteString(fileNames[m.ConvSquare.File()])
		b.WriteByte(byte('0' + relRank(side, m.ConvSquare.Rank())))
		b.WriteByte('=')
		b.WriteString(m.ConvKind.Letter())
	}
	if m.Flags&rules.FlagEnPassant != 0 {
		b.WriteString(" e.p.")
	}
}

// shortestDescriptive finds the shortest naming of non-castling move m
// in its position: the ways to name its man (movers) and its square or
// the man it takes (targets), the ones chosen (bi, bj), and the move
// they make (mv, its Desc set to them).
func shortestDescriptive(pos *rules.Position, legal []rules.Move, m rules.Move) (movers, targets []descOption, bi, bj int, mv record.Move) {
	side := pos.SideToMove()
	kind := pos.At(m.From).Kind()
	if m.Flags&rules.FlagWaitingMove != 0 {
		kind = m.Promotion
	}
	man := manName(kind)
	movers = manOptions(pos, man, kind, m.From, side, side, true)
	if m.IsCapture() {
		cs := capturedSquare(m)
		ck := pos.At(cs).Kind()
		targets = manOptions(pos, manName(ck), ck, cs, side.Other(), side, false)
	} else {
		targets = squareOptions(m.To, side, func(d *record.Descriptive, f uint8, r int8) { d.ToFiles, d.ToRank = f, r })
	}
	mv = record.Move{MoveParts: record.NoParts()}
	if m.Promotion != rules.NoKind && m.Flags&(rules.FlagWaitingMove|rules.FlagArrival) == 0 {
		mv.Promotion = m.Promotion.Letter()[0]
	}
	if m.HasConversion() {
		mv.ConvPiece = m.ConvKind.Letter()[0]
	}
	newDesc := func(i, j int) *record.Descriptive {
		d := record.Descriptive{Man: man, Capture: m.IsCapture()}
		if m.HasConversion() {
			d.ConvFiles, d.ConvRank = uint8(1)<<uint(m.ConvSquare.File()), relRank(side, m.ConvSquare.Rank())
		}
		movers[i].set(&d)
		targets[j].set(&d)
		return &d
	}
	bestLen := 1 << 30
	for i, mo := range movers {
		for j, to := range targets {
			l := len(mo.text) + len(to.text)
			if l >= bestLen {
				continue
			}
			mv.Desc = newDesc(i, j)
			if uniqueMatch(pos, legal, m, &mv) {
				bestLen, bi, bj = l, i, j
			}
		}
	}
	if bestLen == 1<<30 {
		// No form names m alone (a conversion the notation cannot
		// say): write the fullest.
		bi, bj = len(movers)-1, len(targets)-1
	}
	mv.Desc = newDesc(bi, bj)
	return movers, targets, bi, bj, mv
}

// longFiles are the long form's names of the files a..h, as the man on
// a file is named (`Q. Kt. P.`); longTwins are those without the wing,
// where the file has a twin on the other wing.
var (
	longFiles = [8]string{"Q. R.", "Q. Kt.", "Q. B.", "Q.", "K.", "K. B.", "K. Kt.", "K. R."}
	longTwins = [8]string{"R.", "Kt.", "B.", "", "", "B.", "Kt.", "R."}
	// longRanks are the ranks as the long form counts them, 1 to 8.
	longRanks = [9]string{"", "sq.", "2d.", "3d.", "4th.", "5th.", "6th.", "7th.", "8th."}
)

// writeLong writes move m of pos (with check mark mark) in the long form
// (DescriptiveIn), knights as `Kt` with kt; it reports false, having
// written nothing, for a move the long form has no words for.
func writeLong(b *strings.Builder, pos *rules.Position, legal []rules.Move, m rules.Move, mark byte, kt bool) bool {
	if m.Flags&(rules.FlagCastleShort|rules.FlagCastleLong) != 0 {
		b.WriteString(longCastling(legal, m, mark))
	} else {
		if m.HasConversion() {
			return false
		}
		_, _, _, _, mv := shortestDescriptive(pos, legal, m)
		d := mv.Desc
		if d.CapFiles != 0 && d.CapRank != 0 {
			return false // `P(Q4)`, the man taken named by its square
		}
		knight := "N."
		if kt {
			knight = "Kt."
		}
		writeLongMan(b, d.Man, d.Wing, d.FromFiles, d.FromRank, knight)
		if d.Capture {
			b.WriteString(" takes ")
			writeLongMan(b, d.CapMan, d.CapWing, d.CapFiles, 0, knight)
		} else {
			b.WriteString(" to ")
			writeLongSquare(b, d.ToFiles, d.ToRank, knight)
		}
		if mv.Promotion != 0 {
			// `P. to K's 8th. (Q.)`, not `..., becoming a Q.`, whose
			// comma would end the move in a compound turn.
			b.WriteString(" (")
			writeLongMan(b, mv.Promotion, 0, 0, 0, knight)
			b.WriteByte(')')
		}
		if m.Flags&rules.FlagEnPassant != 0 {
			b.WriteString(" en passant.")
		}
	}
	switch mark {
	case '#':
		b.WriteString(" (mate.)")
	case '+':
		b.WriteString(" (ch.)")
	}
	return true
}

// longCastling is castling in words: `Castles.` where it is the only
// castling legal, else with its rook, `Castles (K. R.)`; a castling that
// mates names its rook too (the reader takes `Castles. (mate.)` for two
// moves).
func longCastling(legal []rules.Move, m rules.Move, mark byte) string {
	castlings := 0
	for _, l := range legal {
		if l.Flags&(rules.FlagCastleShort|rules.FlagCastleLong) != 0 {
			castlings++
		}
	}
	switch {
	case castlings == 1 && mark != '#':
		return "Castles."
	case m.Flags&rules.FlagCastleShort != 0:
		return "Castles (K. R.)"
	}
	return "Castles (Q. R.)"
}

// writeLongMan writes a man in the long form: its letter (`P.`, `Kt.`),
// after its wing (`K. Kt.`) or its file (`Q. B. P.`, `B. P.`), and, with a
// rank, its square (`R. (on Q's sq.)`).
func writeLongMan(b *strings.Builder, man, wing byte, files uint8, rank int8, knight string) {
	if wing != 0 {
		b.WriteByte(wing)
		b.WriteString(". ")
	}
	if files != 0 && rank == 0 {
		if f, ok := oneFile(files); ok {
			b.WriteString(strings.Replace(longFiles[f], "Kt.", knight, 1))
		} else {
			f, _ := oneFile(files & 0x0f)
			b.WriteString(strings.Replace(longTwins[f], "Kt.", knight, 1))
		}
		b.WriteByte(' ')
	}
	switch man {
	case 'N':
		b.WriteString(knight)
	default:
		b.WriteByte(man)
		b.WriteByte('.')
	}
	if rank != 0 {
		b.WriteString(" (on ")
		writeLongSquare(b, files, rank, knight)
		b.WriteByte(')')
	}
}

// writeLongSquare writes a square in the long form: `K's 4th.`, `K. B's
// 3d.`, `B's sq.` (files without the wing: either bishop's file).
func writeLongSquare(b *strings.Builder, files uint8, rank int8, knight string) {
	name := ""
	if f, ok := oneFile(files); ok {
		name = longFiles[f]
	} else {
		f, _ := oneFile(files & 0x0f)
		name = longTwins[f]
	}
	b.WriteString(strings.Replace(strings.TrimSuffix(name, "."), "Kt", strings.TrimSuffix(knight, "."), 1))
	b.WriteString("'s ")
	b.WriteString(longRanks[rank])
}

// oneFile is the file of files when it holds one.
func oneFile(files uint8) (int, bool) {
	for f := 0; f < 8; f++ {
		if files == 1<<uint(f) {
			return f, true
		}
	}
	return 0, false
}

// uniqueMatch: of the legal moves, only m matches mv.
func uniqueMatch(pos *rules.Position, legal []rules.Move, m rules.Move, mv *record.Move) bool {
	found := false
	for _, l := range legal {
		if DescriptiveMatches(pos, l, mv) {
			if l != m {
				return false
			}
			found = true
		}
	}
	return found
}

func manName(k rules.Kind) byte {
	if k == rules.Pawn {
		return 'P'
	}
	return k.Letter()[0]
}

// manOptions are the ways to name the man of kind k on sq (owned by
// owner; ranks counted from mover's side), shortest first. as the mover
// (mover) or as the man taken.
func manOptions(pos *rules.Position, man byte, k rules.Kind, sq rules.Square, owner, mover rules.Color, isMover bool) []descOption {
	f := sq.File()
	bit := uint8(1) << uint(f)
	r := relRank(mover, sq.Rank())
	setFiles := func(d *record.Descriptive, files uint8) {
		if isMover {
			d.FromFiles = files
		} else {
			d.CapFiles = files
		}
	}
	setRank := func(d *record.Descriptive, rank int8) {
		if isMover {
			d.FromRank = rank
		} else {
			d.CapRank = rank
		}
	}
	setWing := func(d *record.Descriptive, w byte) {
		if isMover {
			d.Wing = w
		} else {
			d.CapWing = w
		}
	}
	setMan := func(d *record.Descriptive) {
		if !isMover {
			d.CapMan = man
		}
	}
	letter := string(man)
	out := []descOption{{letter, func(d *record.Descriptive) { setMan(d) }}}
	if k == rules.Pawn {
		if s := shortFileNames[f]; s != "" {
			twin := uint8(1)<<uint(f) | uint8(1)<<uint(7-f)
			out = append(out, descOption{s + "P", func(d *record.Descriptive) { setMan(d); setFiles(d, twin) }})
		}
		out = append(out, descOption{fileNames[f] + "P", func(d *record.Descriptive) { setMan(d); setFiles(d, bit) }})
	} else if k == rules.Knight || k == rules.Rook || k == rules.Bishop {
		for _, wing := range []byte{'Q', 'K'} {
			if onWing(pos, sq, owner, k, wing) {
				wing := wing
				out = append(out, descOption{string(wing) + letter, func(d *record.Descriptive) { setMan(d); setWing(d, wing) }})
			}
		}
	}
	if s := shortFileNames[f]; s != "" {
		twin := uint8(1)<<uint(f) | uint8(1)<<uint(7-f)
		out = append(out, descOption{letter + "(" + s + string(rune('0'+r)) + ")", func(d *record.Descriptive) { setMan(d); setFiles(d, twin); setRank(d, r) }})
	}
	out = append(out, descOption{letter + "(" + fileNames[f] + string(rune('0'+r)) + ")", func(d *record.Descriptive) { setMan(d); setFiles(d, bit); setRank(d, r) }})
	return out
}

// squareOptions are the ways to name a destination, shortest first.
func squareOptions(sq rules.Square, mover rules.Color, set func(d *record.Descriptive, files uint8, rank int8)) []descOption {
	f := sq.File()
	r := relRank(mover, sq.Rank())
	var out []descOption
	if s := shortFileNames[f]; s != "" {
		twin := uint8(1)<<uint(f) | uint8(1)<<uint(7-f)
		out = append(out, descOption{s + string(rune('0'+r)), func(d *record.Descriptive) { set(d, twin, r) }})
	}
	bit := uint8(1) << uint(f)
	out = append(out, descOption{fileNames[f] + string(rune('0'+r)), func(d *record.Descriptive) { set(d, bit, r) }})
	return out
}
