package grammar

import (
	"bytes"
	"strconv"
	"strings"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/ashtapada/ashtapada/record"
)

// The lean read gives a caller that walks a game's main line and reads no
// other node (Scratch.Plies) the main line as plies (record.Game.Plies):
// each move's parts and where its text stands, no node and no move record
// written at every ply (docs/performance.md, "The reader's shape, a study:
// what a main line read for the walk alone would cost").
// It takes only the games whose main line the full reader reads without a
// word and without a node the walk would have to look at: the chunk's
// checks passed, tags read as the full reader reads them with nothing to
// say, then move numbers as a right record writes them (the number
// expected with one dot, or three before Black's move, before each White
// move), plain moves each ending where their word does (a glyph, `!` to
// `?!`, may end it), brace comments and NAGs between them, and the
// termination marker with nothing but white space after it. At anything else it gives up, and ParseChunkScratch reads
// the chunk whole: a game the lean read takes would have no notice from
// the full reader, and its plies are that reader's moves (TestLeanSameAsRecord
// and the fuzz differential, checkInput, hold the two to it).

// readLean reads c lean into s's record and reports whether it took the
// chunk (when not, s holds nothing the full reader's reading depends on).
func (s *Scratch) readLean(c *Chunk, filename string) bool {
	// The checks of parseChunkPaths, which the full reader would answer
	// with a notice or read otherwise (a huge token, the depth of
	// variations, Latin-1, a NUL, another notation), here and after the
	// search for a `(`.
	if c.Truncated || c.notation != record.SAN {
		return false
	}
	// A movetext with a `(` holds a variation, nearly always: its main line
	// is not begun. Unless the splitter found none past its tag lines
	// (noParen), a `(` there on a line that does not start as a tag does
	// (tags hold one more often: `(depth 4)`) gives the chunk up before its
	// tags are read; otherwise the movetext is searched from its first token.
	search := !c.noParen
	if search && len(c.tags) > 0 {
		k := bytes.IndexByte(c.Data[c.tagsEnd:], '(')
		if k >= 0 && c.Data[bytes.LastIndexByte(c.Data[:c.tagsEnd+k], '\n')+1] != '[' {
			return false
		}
		search = k >= 0
	}
	if !plainASCII(c.Data) {
		return false
	}
	src := unsafe.String(unsafe.SliceData(c.Data), len(c.Data))
	if checkLimits(c, src, filename, c.limits) != nil {
		return false
	}
	if cap(s.tags) > keepTags {
		s.tags = nil
	}
	// Cleared in place, then set: a composite literal is built on the
	// stack and copied.
	g, b := &s.game, &s.b
	*g = record.Game{}
	g.Source, g.Pos, g.SourcePos, g.Notation, g.MainPlain = c.Data, c.Pos, c.Pos, c.notation, true
	s.b = builder{g: g, filename: filename, scratch: s}
	base := lexer.Position{Filename: filename, Line: c.Pos.Line, Column: c.Pos.Col, Offset: c.Pos.Offset}
	lx := b.lexer(src, filename, base)
	lx.tagsAt, lx.tagsEnd, lx.tags = c.tagsAt, c.tagsEnd, c.tags
	// The tags' token source is a local one: the Scratch's (stream.src),
	// which buildFast takes cleared, would be set and cleared again.
	ts := elemSrc{lx: lx, sanFast: true}
	first, ok := b.leanTags(&ts, &s.stream)
	if !ok || search && strings.IndexByte(src[first:], '(') >= 0 {
		return false
	}
	num := b.startNumber()
	if !num.known() {
		// The first number written would set it (numberNode).
		return false
	}
	// A ply takes three bytes of the movetext at least (a move's two and
	// the one after it), so that leanMain finds room for every ply here
	// and does not grow the slice: its loop then carries fewer values
	// across scanSAN's call. It indexes the plies by the numbering's
	// count (num>>1), so that the room starts with that many unused; a
	// game numbered from far on is read whole.
	at0 := int(num >> 1)
	if at0 > maxLeanStart {
		return false
	}
	room := at0 + (len(src)-first)/3 + 1
	if cap(s.plyRoom) > keepNodes {
		s.plyRoom = nil
	}
	if cap(s.plyRoom) < room {
		s.plyRoom = make([]record.Ply, 0, max(room, 256))
	}
	n, at, end := leanMain(src, first, num, s.plyRoom[:cap(s.plyRoom)], lx)
	if end <= at {
		return false
	}
	g.Plies = s.plyRoom[at0:n]
	g.Result = src[at:end]
	g.ResultPos = record.Pos{Line: lx.line, Col: at - lx.colOff, Offset: c.Pos.Offset + at}
	return true
}

// leanTags reads the tags as the full reader does (buildFast's
// streamTags, build's loop) into the record, and returns the offset of the
// movetext's first token; it reports false for tags the full reader would
// read otherwise than plain, or say something of, and for a game whose
// tokens end with its tags (no marker). The lexer's line is then the
// first token's.
func (b *builder) leanTags(s *elemSrc, st *streamState) (int, bool) {
	var ok bool
	st.tags, ok = s.streamTags(st.tags[:0])
	tags, lx, g := st.tags, s.lx, b.g
	if !ok || s.typ == lexer.EOF {
		return 0, false
	}
	if len(tags) > 0 {
		g.Pos = toPos(tags[0].Pos)
	} else if s.kind != eEnd {
		g.Pos = s.pos
	}
	n := len(tags)
	if len(lx.run) > 0 {
		n += len(lx.run) - 1
	}
	all := b.tagSlice(n)[:n]
	k := 0
	for i := range tags {
		t := &tags[i]
		if t.run {
			k += b.runTags(all[k:], lx, t.Pos)
			continue
		}
		if !t.plain {
			// build checks its name and its quotes, and may warn.
			return 0, false
		}
		rt := &all[k]
		rt.Name, rt.Value, rt.Pos = t.Name, t.Value, toPos(t.Pos)
		b.fen = b.fen || t.Name == "FEN"
		k++
	}
	g.Tags = all
	at := s.pos.Offset - lx.base.Offset
	lx.line, lx.colOff = s.pos.Line, at-s.pos.Col
	return at, true
}

// leanMain reads the main line from src[i] as the lean read takes it
// (readLean) into plies (their length is the most it reads: it gives up
// past them), num being the numbering before its first move, and returns
// the numbering's count after the last ply it read (num>>1: the plies
// read are plies[num>>1:n] of the num it was given) with the termination
// marker's offsets at and end; end is 0 when it gives up. lx counts the lines it passes (newline), so that
// the marker's position is known where it is read. A byte's class
// (leanClasses) picks its token's step, tested in the order of how often
// each comes (one compare each: a move's step is reached in two, where a
// jump table took five), and the one space after a move or a number is
// passed in that token's step. The move number before White's move, most
// often right after Black's move and its space, is read in the move's
// step when it is written as a right record writes it (leanNumbers).
func leanMain(src string, i int, num numbering, plies []record.Ply, lx *lex) (n, at, end int) {
	// num>>1 counts the plies (next adds one to it, noteNumber does not
	// change it): a ply is plies[num>>1], so that the loop carries no
	// count and no first index.
	for uint(i) < uint(len(src)) {
		c := src[i]
		switch cl := leanClasses[c]; {
		case cl == lLetter:
			if num&3 == 0 {
				// A White move without its number.
				return 0, 0, 0
			}
			k := int(num >> 1)
			if uint(k) >= uint(len(plies)) {
				return 0, 0, 0
			}
			// The ply's offset stored while its address is at hand;
			// scanSAN stores its move and length.
			p := &plies[k]
			p.Off = int32(i)
			i = scanSAN(src, i, partsOf(p))
			// A move read (i is not -1) and a byte after it.
			if uint(i) >= uint(len(src)) {
				return 0, 0, 0
			}
			num = num.next()
			if d := src[i]; d == ' ' {
				i++
				// Before White's move, the number expected below 100
				// and written as a right record writes it (`7. `,
				// `12. `) is one word compared (leanNumbers): here,
				// where it nearly always stands, rather than at the
				// loop's head. Any other number is read below (lDigit).
				// The room asked unsigned, so that it also stands for
				// the bounds of w's slice (i is past a move: not negative).
				if k := uint(num >> 2); num&3 == 0 && k < uint(len(leanNumbers)) && uint(i+4) <= uint(len(src)) {
					w := src[i : i+4]
					x := uint32(w[0]) | uint32(w[1])<<8 | uint32(w[2])<<16 | uint32(w[3])<<24
					if nw := leanNumbers[k]; x&nw.mask == nw.word {
						num.noteNumber()
						i += leanNumberLen(nw.mask)
					}
				}
			} else if delims[d] {
			} else if g := leanGlyph(src, i); g > i {
				// The full reader's move keeps the glyph in its text
				// and is not promised plain (parseMoveSlow).
				// The ply's address found again from the numbering,
				// not kept across scanSAN's call.
				p := &plies[int(num>>1)-1]
				p.Len, p.Plain = p.Len+uint8(g-i), false
				i = g
			} else {
				return 0, 0, 0
			}
		case cl == lDigit:
			// A move number, or a marker (`1-0`, `1/2-1/2`): a number
			// not read with the move before it (at a line's start, after
			// a comment, the game's first). Its usual forms, one or two
			// digits and a dot with a byte after it, are read by tests
			// on their bytes; d is the dot's offset.
			v, d := int(c-'0'), i+1
			if d+3 <= len(src) && src[d+1] == '.' && src[d]-'0' <= 9 {
				v, d = v*10+int(src[d]-'0'), d+1
			} else if d+2 > len(src) || src[d] != '.' {
				for d < len(src) && src[d]-'0' <= 9 && d-i < 9 {
					v, d = v*10+int(src[d]-'0'), d+1
				}
				if d >= len(src) || src[d] != '.' {
					at, end = leanMarker(src, i, num)
					return int(num >> 1), at, end
				}
			}
			j := d + 1
			if j < len(src) && src[j] == '.' {
				for j++; j < len(src) && src[j] == '.'; j++ {
				}
			}
			// The number expected, not numbered yet (one compare of the
			// numbering, the side's bit aside); one dot, or three before
			// Black's move.
			if dots := j - d; num&^2 != numbering(v)<<2 || dots != 1 && (dots != 3 || !num.black()) {
				return 0, 0, 0
			}
			num.noteNumber()
			if j < len(src) && src[j] == ' ' {
				j++
			}
			i = j
		case cl == lSpace:
			i++
		case cl == lLine:
			lx.newline(i)
			i++
		case cl == lComment:
			e := lx.commentEnd(src, i+1)
			if e < 0 {
				return 0, 0, 0
			}
			// The space after it, where a move number most often
			// follows, passed here.
			if i = e + 1; uint(i) < uint(len(src)) && src[i] == ' ' {
				i++
			}
		case cl == lCR:
			if i+1 == len(src) || src[i+1] != '\n' {
				// A lone CR ends a line too, as scan reads it.
				lx.newline(i)
			}
			i++
		case cl == lNAG:
			j, v := i+1, 0
			for j < len(src) && src[j]-'0' <= 9 && j-i <= 3 {
				v, j = v*10+int(src[j]-'0'), j+1
			}
			if j == i+1 || v > 255 || j < len(src) && src[j]-'0' <= 9 {
				return 0, 0, 0
			}
			i = j
		case cl == lMarker:
			at, end = leanMarker(src, i, num)
			return int(num >> 1), at, end
		default:
			return 0, 0, 0
		}
	}
	return 0, 0, 0
}

// The classes of a byte at a token's start in leanMain: white space
// (lSpace; a line end, lLine and lCR), a move's first letter, a number's
// or a marker's first digit (lDigit, and lMarker for `0` and `*`), a
// comment's and a NAG's first byte; 0 for any other, where the lean read
// gives up.
const (
	lOther = iota
	lSpace
	lLine
	lCR
	lLetter
	lDigit
	lMarker
	lComment
	lNAG
)

var leanClasses = func() (t [256]uint8) {
	for _, c := range []byte(" \t\v\f") {
		t[c] = lSpace
	}
	t['\n'], t['\r'] = lLine, lCR
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = lLetter, lLetter
	}
	for c := '1'; c <= '9'; c++ {
		t[c] = lDigit
	}
	t['0'], t['*'], t['{'], t['$'] = lMarker, lMarker, lComment, lNAG
	return t
}()

// maxLeanStart is the most plies before a lean game's first (its
// numbering's count, a FEN's move number twice): leanMain's room starts
// with as many.
const maxLeanStart = 1 << 12

// leanNumbers are the move numbers 1 to 99, at their own index, as a
// right record writes them before White's move, with the space after
// them: the word of their bytes read in little-endian order and its mask,
// eight bytes an entry (an index scaled by the load itself, the number
// not less one first). The length is 3 or 4 bytes: 4 exactly when the
// mask's top bit is set (leanNumberLen). Entry 0 matches no text: its word
// has a bit its mask clears.
var leanNumbers = func() (t [100]struct{ word, mask uint32 }) {
	t[0].word, t[0].mask = 0x100, 0xff
	for k := 1; k < len(t); k++ {
		text := strconv.Itoa(k) + ". "
		for j := range len(text) {
			t[k].word |= uint32(text[j]) << (8 * j)
			t[k].mask |= 0xff << (8 * j)
		}
	}
	return t
}()

// leanNumberLen is the length of a number of leanNumbers, by its mask.
func leanNumberLen(mask uint32) int { return 3 + int(mask>>31) }

// leanGlyph reads a move's glyph at src[e] (`!`, `?`, `!!`, `??`, `!?`,
// `?!`, as parseMoveSlow takes it without a word) and returns the offset
// after it when a delimiter or the end follows; else e. Out of leanMain's
// loop: about one move in a hundred has one.
//
//go:noinline
func leanGlyph(src string, e int) int {
	j := e
	for j < len(src) && j-e < 3 && isGlyphByte(src[j]) {
		j++
	}
	if j == e || j-e > 2 || j < len(src) && !delims[src[j]] {
		return e
	}
	return j
}

// leanMarker reads the termination marker at src[i] (leanMain): its
// offsets, when it is one, no move number waits for its move (num), and
// nothing but white space follows it; else 0, 0.
func leanMarker(src string, i int, num numbering) (at, end int) {
	end = wordEnd(src, i+1)
	if num.numbered() || !IsResult(src[i:end]) {
		return 0, 0
	}
	for j := end; j < len(src); j++ {
		if !isSpace(src[j]) {
			return 0, 0
		}
	}
	return i, end
}
