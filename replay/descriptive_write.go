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

// Descriptive writes move m of pos in the modern short form of English
// descriptive notation: the shortest text that DescriptiveMatches finds
// only m for (as the books did: `P-K4`, `N-B3`, `PxP`, `R(Q1)-Q2`), with
// `=Q` for a promotion, ` e.p.`, and ` ch` or ` mate`. legal must be
// pos's legal moves.
func Descriptive(pos *rules.Position, legal []rules.Move, m rules.Move) string {
	var b strings.Builder
	writeDescriptiveCore(&b, pos, legal, m)
	switch checkMark(pos, m) {
	case '#':
		b.WriteString(" mate")
	case '+':
		b.WriteString(" ch")
	}
	return b.String()
}

type descOption struct {
	text string
	set  func(d *record.Descriptive)
}

func writeDescriptiveCore(b *strings.Builder, pos *rules.Position, legal []rules.Move, m rules.Move) {
	if m.Flags&(rules.FlagCastleShort|rules.FlagCastleLong) != 0 {
		// Castling is written as SAN writes it: O-O, O-O-O.
		writeSAN(b, pos, legal, m)
		return
	}
	side := pos.SideToMove()
	kind := pos.At(m.From).Kind()
	if m.Flags&rules.FlagWaitingMove != 0 {
		kind = m.Promotion
	}
	man := manName(kind)
	movers := manOptions(pos, man, kind, m.From, side, side, true)
	var targets []descOption
	if m.IsCapture() {
		cs := capturedSquare(m)
		ck := pos.At(cs).Kind()
		targets = manOptions(pos, manName(ck), ck, cs, side.Other(), side, false)
	} else {
		targets = squareOptions(m.To, side, func(d *record.Descriptive, f uint8, r int8) { d.ToFiles, d.ToRank = f, r })
	}
	mv := record.Move{FromFile: -1, FromRank: -1, To: record.NoSquare, ConvSquare: record.NoSquare}
	if m.Promotion != rules.NoKind && m.Flags&(rules.FlagWaitingMove|rules.FlagArrival) == 0 {
		mv.Promotion = m.Promotion.Letter()[0]
	}
	if m.HasConversion() {
		mv.ConvPiece = m.ConvKind.Letter()[0]
	}
	sep := "-"
	if m.IsCapture() {
		sep = "x"
	}
	bestLen, bi, bj := 1<<30, 0, 0
	for i, mo := range movers {
		for j, to := range targets {
			l := len(mo.text) + len(to.text)
			if l >= bestLen {
				continue
			}
			d := record.Descriptive{Man: man, Capture: m.IsCapture()}
			if m.HasConversion() {
				d.ConvFiles, d.ConvRank = uint8(1)<<uint(m.ConvSquare.File()), relRank(side, m.ConvSquare.Rank())
			}
			mo.set(&d)
			to.set(&d)
			mv.Desc = &d
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
