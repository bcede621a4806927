package rules

import "math/bits"

// Bitboards: bit i is square i (a1 = bit 0). The tables are computed once at
// start-up; sliding attacks use the classical ray method (the first blocker
// on each ray cuts it), which needs no large tables and no magic numbers.

func bb(s Square) uint64 { return 1 << uint(s) }

var (
	knightAtt  [64]uint64
	kingAtt    [64]uint64
	ferzAtt    [64]uint64
	alfilAtt   [64]uint64
	dabbabaAtt [64]uint64
	// pawnAtt[c][s]: the squares a pawn of colour c on s attacks.
	pawnAtt [2][64]uint64
	// pawnStepFrom[c<<6|s]: the square a pawn of colour c steps to s from
	// (empty when that is off the board); pawnDoubleFrom[c<<6|s]: the
	// square of its start rank it double-steps to s from (empty unless s
	// is two ranks past it). One array each, not [2][64]: plainTo, which
	// reads them, got worse registers after its pawn's path with two
	// indexes.
	pawnStepFrom, pawnDoubleFrom [128]uint64
	// rays[d<<6|s]: every square from s in direction d (0..7), s
	// excluded (ray says it); the rows past 7 are empty.
	rays [16 * 64]uint64
	// rookLines[s] and bishopLines[s]: the squares on a rank or file, and
	// on a diagonal, through s (s excluded); kingLines[s] both: the only
	// squares where a man can be pinned to a king on s.
	rookLines, bishopLines, kingLines [64]uint64
)

// Directions: 0..3 go towards higher squares (N, E, NE, NW), 4..7 towards
// lower (S, W, SW, SE), so the first blocker is the lowest or highest bit.
var dirDelta = [8][2]int{{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}}

func init() {
	for s := 0; s < 64; s++ {
		f, r := s&7, s>>3
		add := func(t *uint64, df, dr int) {
			nf, nr := f+df, r+dr
			if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				*t |= 1 << uint(nr*8+nf)
			}
		}
		for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
			add(&knightAtt[s], d[0], d[1])
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df != 0 || dr != 0 {
					add(&kingAtt[s], df, dr)
				}
				if df != 0 && dr != 0 {
					add(&ferzAtt[s], df, dr)
					add(&alfilAtt[s], 2*df, 2*dr)
				}
			}
		}
		add(&dabbabaAtt[s], 2, 0)
		add(&dabbabaAtt[s], -2, 0)
		add(&dabbabaAtt[s], 0, 2)
		add(&dabbabaAtt[s], 0, -2)
		add(&pawnAtt[White][s], -1, 1)
		add(&pawnAtt[White][s], 1, 1)
		add(&pawnAtt[Black][s], -1, -1)
		add(&pawnAtt[Black][s], 1, -1)
		add(&pawnStepFrom[s], 0, -1)
		add(&pawnStepFrom[64|s], 0, 1)
		if r == 3 {
			add(&pawnDoubleFrom[s], 0, -2)
		}
		if r == 4 {
			add(&pawnDoubleFrom[64|s], 0, 2)
		}
		for d, dd := range dirDelta {
			for nf, nr := f+dd[0], r+dd[1]; nf >= 0 && nf < 8 && nr >= 0 && nr < 8; nf, nr = nf+dd[0], nr+dd[1] {
				rays[d<<6|s] |= 1 << uint(nr*8+nf)
			}
		}
		rookLines[s] = ray(0, s) | ray(1, s) | ray(4, s) | ray(5, s)
		bishopLines[s] = ray(2, s) | ray(3, s) | ray(6, s) | ray(7, s)
		kingLines[s] = rookLines[s] | bishopLines[s]
	}
	initCheckFrom()
}

// ray is rays' row d (0..7) at s (on the board).
func ray[S int | Square](d int, s S) uint64 { return rays[(d<<6|int(s))&1023] }

// lineBetween is the squares strictly between a and b, two squares on one
// line of lines (rookLines or bishopLines; for two that are not, it means
// nothing): a's lines and b's meet on that line alone, less a and b, and
// the squares of it between them are those whose index lies between
// theirs. Two entries of a 512-byte table: a table of every pair would
// take 32 KiB, all of L1, for the look-ups of every ply.
func lineBetween(lines *[64]uint64, a, b Square) uint64 {
	return lines[a&63] & lines[b&63] & (^uint64(0)<<(a&63) ^ ^uint64(0)<<(b&63))
}

// linedBetween is lineBetween for a and b on a rank, file or diagonal,
// whichever: both tables' meets taken, the one of the other kind of line
// masked off, without a branch on which kind it is (a queen's lines and
// the check tests' sliders change it from call to call).
func linedBetween(a, b Square) uint64 {
	a, b = a&63, b&63
	onRook := -(rookLines[a] >> b & 1)
	meet := rookLines[a]&rookLines[b]&onRook | bishopLines[a]&bishopLines[b]&^onRook
	return meet & (^uint64(0)<<a ^ ^uint64(0)<<b)
}

// between is the squares strictly between a and b on a rank, file or
// diagonal, 0 when no line joins them.
func between(a, b Square) uint64 {
	if kingLines[a&63]&bb(b&63) == 0 {
		return 0
	}
	return linedBetween(a, b)
}

func rayAtt(d int, s Square, occ uint64) uint64 {
	a := ray(d, s)
	if blk := a & occ; blk != 0 {
		var b int
		if d < 4 {
			b = bits.TrailingZeros64(blk)
		} else {
			b = 63 - bits.LeadingZeros64(blk)
		}
		a ^= ray(d, b)
	}
	return a
}

func rookAtt(s Square, occ uint64) uint64 {
	return rayAtt(0, s, occ) | rayAtt(1, s, occ) | rayAtt(4, s, occ) | rayAtt(5, s, occ)
}

func bishopAtt(s Square, occ uint64) uint64 {
	return rayAtt(2, s, occ) | rayAtt(3, s, occ) | rayAtt(6, s, occ) | rayAtt(7, s, occ)
}

// rank masks
const (
	rank1        uint64 = 0xff
	rank2        uint64 = 0xff << 8
	rank7        uint64 = 0xff << 48
	rank8        uint64 = 0xff << 56
	lightSquares uint64 = 0x55aa55aa55aa55aa
	// castleTargets are the squares a castling king lands on
	// (castleSquares: the c and g files of either first rank).
	castleTargets uint64 = 1<<2 | 1<<6 | 1<<58 | 1<<62
)

// lastRank is the rank where a pawn of colour c promotes.
func lastRank(c Color) uint64 {
	if c == White {
		return rank8
	}
	return rank1
}

func popcount(x uint64) int { return bits.OnesCount64(x) }
