package grammar

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
)

// This file reads games whose movetext is in descriptive notation, as
// PGN files or in the layout transcribers type from a book
// (docs/notation-books.md): moves may contain spaces (`P - K 4`,
// `Castles (Q R)`, `R-K1 dis ch`) and parentheses (`R(Q1)-Q2`,
// `P-K8(Q)`), so the PGN lexer's words do not fit them. The tags are read
// by the PGN lexer; the movetext by the scanner below, which builds the
// same tree as the grammar, so that move numbers, comments and variations
// mean what they mean in PGN.

// parseDescriptiveChunk reads one game whose moves are descriptive.
func parseDescriptiveChunk(c *Chunk, filename, src string, b *builder) {
	base := lexer.Position{Filename: filename, Line: c.Pos.Line, Column: c.Pos.Col, Offset: c.Pos.Offset}
	lx := newLexer(src, filename, base)
	// The tags, the tree and the moves read ahead are scratch, like the fast
	// parser's (fast.go): they live until the builder has made the record,
	// so their storage is reused from game to game. The moves' parts
	// (record.Descriptive) are the record's: a Scratch's when the record
	// is (builder.descSlice).
	st := descPool.Get().(*descStore)
	defer st.release()
	ast := &gGame{Tags: st.tags[:0]}
	for {
		saved := *lx
		t, err := lx.Next()
		if err == nil && t.Type == tokEscape && tagAfterEscapes(src, lx.i) {
			// An escape line among the tags, as the SAN readers take it.
			ast.Tags = append(ast.Tags, gTag{Pos: t.Pos, Escape: t.Value})
			continue
		}
		if err != nil || t.Type != tokPunct || t.Value != "[" {
			*lx = saved
			break
		}
		tag := gTag{Pos: t.Pos}
		name, err1 := lx.Next()
		val, err2 := lx.Next()
		end, err3 := lx.Next()
		if err1 != nil || err2 != nil || err3 != nil || name.Type != tokWord || val.Type != tokString || end.Value != "]" {
			b.syntax(toPos(t.Pos), "found a broken tag, expected `[Name \"value\"]`")
			return
		}
		tag.Name, tag.Value = name.Value, val.Value
		ast.Tags = append(ast.Tags, tag)
	}
	st.tags = ast.Tags
	s := &descScanner{src: src, i: lx.i, line: lx.line, lineOff: lx.lineOff, lx: lx, rest: len(src), b: b, limits: c.limits, afterMove: -1, looseAt: -1}
	// Room for the moves of a game of this size (a move and its space take
	// about six bytes), so that the list grows seldom.
	est := (len(src)-lx.i)/6 + 8
	if b.parts != nil {
		// Read in parts (a huge game): the main line is scanned and built
		// a batch of elements at a time, the builder giving its parts as
		// for SAN, so that the game is never held whole. The text is
		// scanned through once first for an error, which the record
		// reports alone (it is not built), as when it is read whole.
		check := *s
		check.discard = true
		if check.elems(0); check.err != nil {
			b.fail(*check.err)
			return
		}
		est = min(est, b.parts.Nodes+1024)
		// The scanner's batches are smaller than the builder's parts:
		// its elements and the moves it reads ahead are held beside the
		// part's nodes, and at a part's size they were most of what a
		// huge game held (docs/robustness.md, "The descriptive scanner
		// reads less than a part at a time").
		s.batch = max(min(b.parts.Nodes, descBatch), 1)
	}
	s.top = st.elems[:0]
	b.descParsed = st.parsed[:0]
	s.descs = b.descSlice(est)
	ast.Elems = s.elems(0)
	st.elems, st.parsed = ast.Elems, b.descParsed // before build consumes descParsed
	if s.err != nil {
		b.fail(*s.err)
		return
	}
	ast.Result = s.result
	b.resultPos = s.resultPos
	line := treeSrc(ast)
	b.estimate = len(ast.Elems)
	if s.batch > 0 {
		line.more = s.more
		b.estimate = est // the stack holds one part
	}
	b.build(ast.Tags, line)
	if !b.failed {
		b.g.Notices = append(b.g.Notices, s.warnings...)
	}
	b.finish(c, s.rest)
}

// descBatch is the most top-level elements the descriptive scanner reads
// at a time in a game read in parts (a variable for the tests that make
// it smaller than a part).
var descBatch = 4096

// more scans the next batch of the main line's elements (batch mode),
// into the storage of the batch before, which the builder has read; the
// moves read ahead (builder.descParsed) that it has not taken yet move to
// the front of theirs. At the end of the text it returns nil and the
// elements' source learns the result.
func (s *descScanner) more(src *elemSrc) []gElem {
	var es []gElem
	if !s.done && s.i < len(s.src) {
		s.b.descParsed = append(s.parsedBase[:0], s.b.descParsed...)
		es = s.elems(0)
		s.top = es[:0]
		s.parsedBase = s.b.descParsed[:0]
	}
	if len(es) == 0 {
		src.result, s.b.resultPos = s.result, s.resultPos
		return nil
	}
	return es
}

// descStore is the scratch storage of one descriptive game's tree.
type descStore struct {
	tags   []gTag
	elems  []gElem
	parsed []parsedMove
}

var descPool = sync.Pool{New: func() any { return new(descStore) }}

// release returns the storage to the pool, unless one huge game grew it
// (its storage is not kept for the games after it, as in fast.go).
func (st *descStore) release() {
	if cap(st.elems) > keepElems {
		st.elems = nil
	}
	if cap(st.parsed) > keepElems {
		st.parsed = nil
	}
	if cap(st.tags) > 64 {
		st.tags = nil
	}
	st.elems, st.parsed, st.tags = st.elems[:0], st.parsed[:0], st.tags[:0]
	descPool.Put(st)
}

type descScanner struct {
	// descs holds the parts of the moves read, in blocks (a block is never
	// reallocated, so pointers into it stay valid).
	descs []record.Descriptive
	// memo holds the last texts asked about (readsAt) and what they
	// read as, so that the word that ends one call of move and starts the
	// next is read once, and the builder need not read an emitted move
	// again (builder.descParsed).
	memo [4]readMemo
	top  []gElem // storage for the game's top-level elements
	// batch, when not 0, is how many top-level elements elems scans
	// before it returns (a huge game read in parts: more scans the next
	// ones); parsedBase is the storage of builder.descParsed then.
	batch      int
	parsedBase []parsedMove
	// discard: the text is only checked for an error (nothing is kept).
	discard       bool
	next          int // the memo entry to reuse
	src           string
	i             int
	line, lineOff int
	lx            *lex
	b             *builder
	done          bool
	result        string
	resultPos     record.Pos
	rest          int
	// limits bound the nesting of variations (Limits.CheckDepth).
	limits Limits
	// err is the game's error: a syntax or a limit notice.
	err *record.Notice
	// warnings are the scanner's findings (warn).
	warnings []record.Notice
	// afterMove is the offset just after the last move that read (or
	// the annotator's word after it), -1 before the first.
	afterMove int
	// looseAt is where a move starts whose wing may be the side of the
	// castling before it (record.Descriptive.LooseWing), -1: none.
	looseAt int
	// seq is the main line's numbering, checked number by number.
	seq pageNumbering
	// mainBefore is where the main line stands after its elements no
	// longer in elems' list (a batch given, or the text only checked).
	mainBefore lineTail
	// plainEnd, when not 0, is the end of the plain move at plainAt that
	// plainMoveEnd found second, and after which nothing follows that
	// may belong to it: the next call there need not look again.
	plainAt, plainEnd int
}

func (s *descScanner) pos(i int) lexer.Position { return s.lx.posOn(i, s.line, s.lineOff) }

func (s *descScanner) fail(i int, msg string) {
	s.failWith(syntaxNotice(toPos(s.pos(i)), msg))
}

// failWith stops the scan at the game's error n, unless it has one.
func (s *descScanner) failWith(n record.Notice) {
	if s.err == nil {
		s.err = &n
	}
	s.done = true
}

// skip passes white space; it reports whether a line end was passed.
func (s *descScanner) skip() bool {
	nl := false
	for s.i < len(s.src) {
		switch s.src[s.i] {
		case '\n':
			s.line++
			s.lineOff = s.i + 1
			nl = true
		case ' ', '\t', '\r', '\v', '\f':
		default:
			return nl
		}
		s.i++
	}
	return nl
}

func (s *descScanner) elems(depth int) []gElem {
	var out []gElem
	if depth == 0 {
		out = s.top[:0]
	}
	for !s.done {
		if depth == 0 && (s.discard || s.batch > 0 && len(out) >= s.batch) {
			// The elements out holds are let go: what the words
			// after them are read by is kept (lineTail).
			s.mainBefore = tailOf(s.mainBefore, out)
			if !s.discard {
				return out
			}
			out = out[:0]
		}
		s.skip()
		if s.i >= len(s.src) {
			if depth > 0 {
				s.fail(s.i, "found the end of the game, expected `)` to close the variation")
			}
			return out
		}
		start := s.i
		p := s.pos(start)
		c := s.src[start]
		switch {
		case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			// A letter begins a word and nothing else below: nearly
			// every element is a move, read at once.
			fallthrough
		default:
			k := len(out)
			out = s.move(out, s.lineBefore(depth), start, p)
			if depth == 0 {
				s.countMoves(out[k:])
			}
		case c == '{':
			j := start + 1
			for j < len(s.src) && s.src[j] != '}' {
				if s.src[j] == '\n' {
					s.line++
					s.lineOff = j + 1
				}
				j++
			}
			if j >= len(s.src) {
				s.fail(start, "found a comment `{` that is not closed before the end of the game, expected `}`")
				return out
			}
			out = append(out, gElem{Pos: p, Comment: s.src[start : j+1]})
			s.i = j + 1
		case c == ';':
			j := s.lineEnd(start)
			out = append(out, gElem{Pos: p, LineComment: s.src[start:j]})
			s.i = j
		case c == '%' && start == s.lineOff:
			j := s.lineEnd(start)
			out = append(out, gElem{Pos: p, Escape: s.src[start:j]})
			s.i = j
		case c == '$':
			j := start + 1
			for j < len(s.src) && s.src[j] >= '0' && s.src[j] <= '9' {
				j++
			}
			if j == start+1 {
				s.fail(start, "found `$` without a number, expected a NAG such as `$1`")
				return out
			}
			out = append(out, gElem{Pos: p, NAG: s.src[start:j]})
			s.i = j
		case c == '(' && depth == 0 && parenMarkerLen(s.src, start) > 0:
			// `20. Kt. takes R. (1-0)`: the marker in parentheses ends
			// the game, as the lexer reads it for SAN (the builder
			// warns).
			s.i += parenMarkerLen(s.src, start)
			s.setResult(depth, s.src[start:s.i], p)
		case c == '(':
			// The variation is read by recursion: checked first, so
			// that the recursion is as deep as the limit at most. The
			// SAN lexer's check before (checkLimits) does not cover this
			// reader: it stops at a lexical error, and it reads a `"`
			// as the start of a tag value where this reader reads a
			// word and goes on into the `(` after it.
			if n := s.limits.CheckDepth(toPos(p), depth+1); n != nil {
				s.failWith(*n)
				return out
			}
			s.i++
			v := s.elems(depth + 1)
			if s.done {
				return out
			}
			if s.i >= len(s.src) || s.src[s.i] != ')' {
				s.fail(s.i, "expected `)` to close the variation")
				return out
			}
			s.i++
			out = append(out, gElem{Pos: p, Var: &gVar{Elems: v}})
		case c == ')':
			if depth > 0 {
				return out
			}
			s.fail(start, "found `)`, expected a move, a comment or a termination marker (this `)` closes no variation)")
			return out
		// A termination marker is a token of its own, as the splitter
		// reads it (the lexer's tokens): followed by a delimiter. `*x`
		// is a word, read on as a move.
		case c == '*' && tokenEnds(s.src, start+1):
			s.i++
			s.setResult(depth, "*", p)
		case typesetMarkerLen(s.src, start) > 0:
			// `1–0`, `½–½`: the builder reads the result and warns.
			s.i += typesetMarkerLen(s.src, start)
			s.setResult(depth, s.src[start:s.i], p)
		case strings.HasPrefix(s.src[start:], "½-½") && tokenEnds(s.src, start+len("½-½")):
			s.i += len("½-½")
			s.setResult(depth, "1/2-1/2", p)
		case c >= '0' && c <= '9':
			for _, r := range []string{"1-0", "0-1", "1/2-1/2"} {
				if strings.HasPrefix(s.src[start:], r) && tokenEnds(s.src, start+len(r)) {
					s.i += len(r)
					s.setResult(depth, r, p)
					break
				}
			}
			if s.i != start {
				continue
			}
			if s.castlingWithZeros(start) {
				out = s.move(out, s.lineBefore(depth), start, p)
				if depth == 0 {
					s.countMoves(out[len(out)-1:])
				}
				continue
			}
			j := start
			for j < len(s.src) && s.src[j] >= '0' && s.src[j] <= '9' {
				j++
			}
			digits := s.src[start:j]
			dots := 0
			for j < len(s.src) && s.src[j] == '.' {
				j++
				dots++
			}
			contiguous := true // the number is written as digits and dots
			if strings.HasPrefix(s.src[j:], "…") {
				j += len("…")
				dots, contiguous = 3, false
			}
			// `5. ...` and `5 …`: the dots of a black move after a space.
			k := j
			for k < len(s.src) && (s.src[k] == ' ' || s.src[k] == '\t') {
				k++
			}
			if dots < 3 {
				if strings.HasPrefix(s.src[k:], "...") {
					j, dots, contiguous = k+3, 3, false
					for j < len(s.src) && s.src[j] == '.' {
						j++
					}
				} else if strings.HasPrefix(s.src[k:], "…") {
					j, dots, contiguous = k+len("…"), 3, false
				}
			}
			if dots == 0 && (strings.HasPrefix(s.src[j:], "*") || strings.HasPrefix(s.src[j:], "½")) {
				// `3*`: a number without its dot runs into the marker.
				// The splitter reads it as one word, no marker, and does
				// not end the game there: read as a marker, the text after
				// it would be skipped unchecked (FuzzParse:
				// testdata/fuzz/FuzzParse/descriptive-number-run-into-marker).
				e := j
				for e < len(s.src) && !isDelim(s.src[e]) {
					e++
				}
				s.fail(start, fmt.Sprintf("found `%s`, expected a space between the move number and the termination marker", quoteToken(s.src[start:e])))
				return out
			}
			num := s.src[start:j]
			if dots == 0 {
				// Books set the number without its dot (`1 P to K4`):
				// the layout's, not a slip.
				num = digits + "."
			} else if !contiguous {
				num = digits + strings.Repeat(".", dots)
			}
			if depth == 0 && !s.inSequence(digits, dots) {
				s.fail(start, s.sequenceBreak(digits))
				return out
			}
			out = append(out, gElem{Pos: p, Number: num})
			s.i = j
		case strings.HasPrefix(s.src[start:], "..."), strings.HasPrefix(s.src[start:], "…"):
			// Dots standing alone (`... P-Q3` at the start of a line):
			// the black move they mark needs no more.
			j := start
			for j < len(s.src) && !isSpace(s.src[j]) {
				j++
			}
			s.i = j
		}
	}
	return out
}

// The move numbers of a book's page follow each other: White's number,
// and Black's repeated in the second column or left out. A page whose
// columns were flattened out of order (all of White's moves, then all of
// Black's; or a column skipped: 1, 2, 5) reads as other moves, often
// legal ones, so a number out of sequence stops the reading with an error
// that names it, rather than a guess at what the page meant. Only a
// number one too high after a whole turn, and Black's number one off with
// its dots, are let pass, as misprints.

// pageNumbering is where the main line's numbering stands: the number of the
// turn to come (0 before the first number), and whether it is Black's;
// last is the last number written; off, once a word reads as no move.
type pageNumbering struct {
	num, last int
	black     bool
	off       bool // the numbering is no longer judged
}

// inSequence: the move number digits (with dots dots) is one the main
// line allows: the first, the number of the turn to come (White's, or
// White's repeated for Black's), one more than White's number to come, or
// Black's number one off with Black's dots.
func (s *descScanner) inSequence(digits string, dots int) bool {
	v := 0
	for i := 0; i < len(digits) && v <= record.MaxNumber; i++ {
		v = v*10 + int(digits[i]-'0')
	}
	if v <= 0 || v > record.MaxNumber || s.seq.off {
		// No move number at all: the builder's error, and the first
		// (nor is the numbering after it judged, as after a word that
		// reads as no move).
		s.seq.off = true
		return true
	}
	sq := &s.seq
	switch {
	case sq.num == 0:
		sq.num, sq.black = v, dots >= 3
	case v == sq.num+1 && !sq.black:
		// One number skipped after a whole turn: a misprint (Bird's
		// 1893 book numbers a move 29 after 27), which loses no move;
		// the builder warns (move-number).
		sq.num = v
	case sq.black && dots >= 3 && (v == sq.num+1 || v == sq.num-1):
		// Black's number, marked Black's by its dots, one off (Lasker's
		// 1915 book sets `21. K-R1` / `22. ... QxP`): a misprint of
		// the number, not of the order; the builder warns.
		return true
	case v != sq.num:
		return false
	}
	sq.last = v
	return true
}

// sequenceBreak is the error of the move number digits, out of sequence.
func (s *descScanner) sequenceBreak(digits string) string {
	sq := &s.seq
	if sq.black && digits == strconv.Itoa(sq.num+1) {
		return fmt.Sprintf("move %s follows White's move %d with no move of Black's between: the page's columns may be out of order, and the moves are not read past it", digits, sq.num)
	}
	return fmt.Sprintf("move %s follows move %d (move %d was expected): the page's columns may be out of order, and the moves are not read past it", digits, sq.last, sq.num)
}

// countMoves advances the numbering over the turns in es, elements of the
// main line.
func (s *descScanner) countMoves(es []gElem) {
	for i := range es {
		if es[i].Move == "" || s.seq.num == 0 {
			continue
		}
		if s.seq.black {
			s.seq.num++
		}
		s.seq.black = !s.seq.black
	}
}

// tokenEnds: a token that reaches offset i of src ends there.
func tokenEnds(src string, i int) bool { return i >= len(src) || isDelim(src[i]) }

func (s *descScanner) lineEnd(i int) int {
	for i < len(s.src) && s.src[i] != '\n' {
		i++
	}
	if i > 0 && i <= len(s.src) && s.src[i-1] == '\r' {
		return i - 1
	}
	return i
}

func (s *descScanner) castlingWithZeros(i int) bool {
	if strings.HasPrefix(s.src[i:], "0-0") {
		return true
	}
	// `0–0`: a typeset dash, as parseDescriptive reads it.
	if i+1 < len(s.src) && s.src[i+1] >= utf8.RuneSelf {
		r, size := utf8.DecodeRuneInString(s.src[i+1:])
		return isTypesetDash(r) && strings.HasPrefix(s.src[i+1+size:], "0")
	}
	return false
}

func (s *descScanner) setResult(depth int, r string, p lexer.Position) {
	if depth > 0 {
		// A result inside a variation ends that line only.
		return
	}
	s.result, s.resultPos, s.done, s.rest = r, toPos(p), true, s.i
}

// word returns the end of the word at i: up to white space, a comment, or
// a `)` that closes a parenthesis opened before the word.
func (s *descScanner) word(i, open int) int {
	j, _ := s.wordDepth(i, open)
	return j
}

// wordDepth is word, and how many parentheses are open after the word
// (open, with those the word opens and less those it closes).
func (s *descScanner) wordDepth(i, open int) (int, int) {
	depth := open
	j := i
	for j < len(s.src) {
		c := s.src[j]
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '{' || c == ';' || c == '}' {
			break
		}
		if c == '(' {
			depth++
		}
		if c == ')' {
			if depth == 0 {
				break
			}
			depth--
		}
		j++
	}
	return j, depth
}

type readMemo struct {
	start, end int
	ok         bool
	m          record.Move
	d          record.Descriptive
}

// readsAt: the text src[start:end] reads as a turn of descriptive moves.
func (s *descScanner) readsAt(start, end int) bool {
	for i := range s.memo {
		if e := &s.memo[i]; e.end > 0 && e.start == start && e.end == end {
			return e.ok
		}
	}
	e := &s.memo[s.next]
	s.next = (s.next + 1) % len(s.memo)
	e.start, e.end = start, end
	text := s.src[start:end]
	if strings.IndexByte(text, ',') >= 0 {
		e.ok = descriptiveTurnOK(text)
		e.m.Text = ""
		return e.ok
	}
	e.d = record.Descriptive{}
	e.ok = parseDescriptiveTo(&e.m, text, &e.d) == nil
	return e.ok
}

// emit adds the move src[start:end] at p, handing what it read as to the
// builder when it is known.
func (s *descScanner) emit(out []gElem, start, end int, p lexer.Position) []gElem {
	for i := range s.memo {
		if e := &s.memo[i]; e.ok && e.start == start && e.end == end && e.m.Text != "" {
			if s.discard {
				break
			}
			m := e.m
			if m.Castle == record.NoCastle {
				if len(s.descs) == cap(s.descs) {
					s.descs = make([]record.Descriptive, 0, 64)
				}
				s.descs = append(s.descs, e.d)
				m.Desc = &s.descs[len(s.descs)-1]
				m.Desc.LooseWing = start == s.looseAt
			}
			s.b.descParsed = append(s.b.descParsed, parsedMove{off: s.lx.base.Offset + start, m: m})
			break
		}
	}
	s.i, s.afterMove = end, end
	return append(out, gElem{Pos: p, Move: s.src[start:end]})
}

// warn keeps a lenient-notation warning about how the text at p was read,
// for the record once it is built (flushWarnings): the builder's own
// findings come first, whether the game is read whole or in parts.
func (s *descScanner) warn(p lexer.Position, msg string) {
	if !s.discard {
		s.warnings = append(s.warnings, record.Notice{Pos: toPos(p), Rule: ruleid.LenientNotation, Severity: ruleid.SeverityOf(ruleid.LenientNotation), Message: msg})
	}
}

// isSuffixWord: the word only ever ends a move. (A switch, not a map: it
// is asked about nearly every word, and a map hashes each.)
func isSuffixWord(w string) bool {
	switch w {
	case "ch", "ch.", "check", "(ch)", "(check)", "mate", "(mate)",
		"e.p.", "ep", "(e.p.)", "+", "++", "#",
		"!", "?", "!!", "??", "!?", "?!":
		return true
	}
	return false
}

// suffixEnd is k advanced over the words (ends[k:]) that are suffix words,
// and over `dis`/`db`/`dbl` before `ch`.
func (s *descScanner) suffixEnd(ends []int, k int) int {
	for k < len(ends) {
		w := s.src[s.wordStart(ends[k-1]):ends[k]]
		if isSuffixWord(w) {
			k++
			continue
		}
		if (w == "dis" || w == "dis." || w == "db" || w == "dbl" || w == "db." || w == "dbl.") && k+1 < len(ends) {
			k++
			continue
		}
		break
	}
	return k
}

// wordStart is the start of the word after offset e.
func (s *descScanner) wordStart(e int) int {
	for e < len(s.src) && (s.src[e] == ' ' || s.src[e] == '\t') {
		e++
	}
	return e
}

// splits reports whether the words from start (whose ends are ends[k:])
// can be read as a run of moves.
func (s *descScanner) splits(ends []int, k, start int) bool {
	if k >= len(ends) {
		return true
	}
	for e := len(ends) - 1; e >= k; e-- {
		if descriptiveTurnOK(s.src[start:ends[e]]) && s.splits(ends, e+1, s.wordStart(ends[e])) {
			return true
		}
	}
	return false
}

// bookEndings are the words books print where a game ends.
var bookEndings = map[string]bool{"Resigns": true, "resigns": true, "Resigned": true, "resigned": true, "Drawn": true, "drawn": true, "Draw": true, "draw": true, "Abandoned": true}

// isMoveNumberWord: a move number (`12.`, `12...`, `12…`) or a result,
// which no move runs into.
func isMoveNumberWord(w string) bool {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i == 0 {
		return w == "*" || strings.HasPrefix(w, "½")
	}
	rest := w[i:]
	return rest == "" && i > 1 || strings.HasPrefix(rest, ".") || strings.HasPrefix(rest, "…") || strings.HasPrefix(rest, "-") || strings.HasPrefix(rest, "/")
}

// lineTail is where a line of play stands after some of its elements,
// as far as the reading of the words after them asks: its last move
// number's text ("" before any), and the moves written after it.
type lineTail struct {
	number string
	moves  int
}

// tailOf is the lineTail after the elements es, which follow those that
// left before. The words of a line are read the same whether its
// elements are all at hand (the game read whole) or only those since the
// last batch (read in parts, or only checked: mainBefore).
func tailOf(before lineTail, es []gElem) lineTail {
	moves := 0
	for i := len(es) - 1; i >= 0; i-- {
		if num := es[i].Number; num != "" {
			return lineTail{number: num, moves: moves}
		}
		if es[i].Move != "" {
			moves++
		}
	}
	return lineTail{number: before.number, moves: before.moves + moves}
}

// lineBefore is what stands before the elements of the line at depth
// that elems holds: a variation's are all held.
func (s *descScanner) lineBefore(depth int) lineTail {
	if depth == 0 {
		return s.mainBefore
	}
	return lineTail{}
}

// rankNotNumber: next, a word such as `4.` after w in a move, is the
// rank of the long form (`P. to K. 4.`) rather than the number of the
// next move: w names a file, next is a rank with its full stop, and it
// is not the number the next move would have after the elements out
// (where it is, it stays a number: `K to B 2.` is `K to B` and move 2),
// which follow before.
func rankNotNumber(w, next string, before lineTail, out []gElem) bool {
	if len(next) != 2 || next[0] < '1' || next[0] > '8' || next[1] != '.' {
		return false
	}
	f := strings.TrimSuffix(strings.TrimSuffix(strings.TrimRight(w, "."), "'s"), "’s")
	if fl, ok := fileName(strings.ReplaceAll(f, "Kt", "N")); !ok || fl == 0 {
		return false
	}
	last := 0
	num := tailOf(before, out).number
	for j := 0; j < len(num) && num[j] >= '0' && num[j] <= '9' && last < 1e6; j++ {
		last = last*10 + int(num[j]-'0')
	}
	return int(next[0]-'0') != last+1
}

// inMoveSlot: a word that ends at e stands where a move of the record
// must: the move number after it comes before the moves of the number
// before it are all written (`4. P-Q3 Castels 5. P-Q4`: Black's move 4 is
// missing). Such a word is a misprinted move, not an annotator's word.
// out are the line's elements before the word, after before.
func (s *descScanner) inMoveSlot(before lineTail, out []gElem, e int) bool {
	k := e
	for k < len(s.src) && isSpace(s.src[k]) {
		k++
	}
	j := k
	for j < len(s.src) && s.src[j] >= '0' && s.src[j] <= '9' {
		j++
	}
	if j == k || j >= len(s.src) || s.src[j] != '.' && !strings.HasPrefix(s.src[j:], "…") {
		return false // no move number follows
	}
	t := tailOf(before, out)
	if t.number == "" {
		return false
	}
	want := 2
	if strings.HasSuffix(t.number, "..") || strings.HasSuffix(t.number, "…") {
		want = 1
	}
	return t.moves < want
}

// isFootnote: w is a footnote mark, `[A]`, `[1]`, `[12]`, `[*]`.
func isFootnote(w string) bool {
	if len(w) < 3 || len(w) > 5 || w[0] != '[' || w[len(w)-1] != ']' {
		return false
	}
	for i := 1; i < len(w)-1; i++ {
		if c := w[i]; !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '*') {
			return false
		}
	}
	return true
}

// footnoteAt is where a footnote mark glued to the end of w begins (`R-K1[A]`),
// or 0.
func footnoteAt(w string) int {
	if w == "" || w[len(w)-1] != ']' {
		return 0
	}
	i := strings.LastIndexByte(w, '[')
	if i <= 0 || !isFootnote(w[i:]) {
		return 0
	}
	return i
}

// isAnnotationWord: w is a word of letters (with the punctuation of a
// sentence after it), as an annotator writes (`Good`, `fcd`, `Better.`):
// once it reads as no move, nothing else can be meant.
func isAnnotationWord(w string) bool {
	w = strings.TrimRight(w, ".,;:!?")
	if len(w) < 2 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '\'') {
			return false
		}
	}
	return true
}

// castlingWing: text is castling whose last word names its side with a
// lone `K` or `Q` (`Castles K.`), a word that may instead begin the next
// move (`K. Kt. to B3`).
func castlingWing(text string) bool {
	f := strings.Fields(text)
	if len(f) < 2 || !strings.HasPrefix(strings.ToLower(f[0]), "castle") {
		return false
	}
	switch strings.Trim(f[len(f)-1], ".") {
	case "K", "Q":
		return true
	}
	return false
}

// move reads the move at start: the longest run of words on the line (up
// to the next move number) that reads as a descriptive move, so that
// `Kt - Q B 3`, `K R - Kt 1` and `P - K 8 (Q) ch` are one move each and
// `P - K 4   P - K 4` two. At the start of a line, text that is no
// move is the book layout's comment: the whole line is kept as a comment
// on the move before. out are the line's elements before the move, after
// before (lineTail).
func (s *descScanner) move(out []gElem, before lineTail, start int, p lexer.Position) []gElem {
	if e := s.plainMoveEnd(start); e > 0 {
		return s.emit(out, start, e, p)
	}
	var ends [12]int
	n := 0
	j := start
	open := 0
	e, depth := s.wordDepth(j, open)
	rankAt := -1    // the word that is a rank, not a move number (`P. to K. 4.`)
	lineBreak := -1 // where the line ends, when the words stop there
	for n < len(ends) {
		if e == j {
			break
		}
		w := s.src[j:e]
		if k := footnoteAt(w); k > 0 {
			// `R-K1[A]`: a footnote mark glued to the move ends it; the
			// mark is read next, as a comment.
			ends[n] = j + k
			n++
			break
		}
		ends[n] = e
		n++
		// Is the next word on this line part of the move?
		k := e
		for k < len(s.src) && (s.src[k] == ' ' || s.src[k] == '\t') {
			k++
		}
		if k < len(s.src) && (s.src[k] == '\n' || s.src[k] == '\r') {
			lineBreak = k
		}
		if k >= len(s.src) || s.src[k] == '\n' || s.src[k] == '\r' || s.src[k] == '{' || s.src[k] == ';' || s.src[k] == '$' {
			break
		}
		open = depth // with the parentheses of w
		ne, nd := s.wordDepth(k, open)
		if ne == k {
			break
		}
		next := s.src[k:ne]
		if isMoveNumberWord(next) {
			if rankAt >= 0 || !rankNotNumber(w, next, before, out) {
				break
			}
			rankAt = n
		}
		j, e, depth = k, ne, nd // the next word, read once
	}
	if lineBreak >= 0 && open == 0 && s.continuesMove(lineBreak) {
		// `B. to Q. B's` / `4th.`: the next line begins with a word
		// that only ends a move (a rank, a check), which the line
		// broke off.
		if e := s.acrossLine(ends[:n], start, lineBreak); e > 0 {
			return s.emitAcross(out, start, e, p)
		}
	}
	// The common case first: a word that is a move by itself, followed by
	// nothing or by another word that is a move by itself (`P-K4 P-K4`).
	// Two such words are never one move, so the longer readings need not
	// be tried.
	// A check mark or `e.p.` as a word of its own (`N-B3 ch`) belongs to
	// the move before it, and is taken with it here too.
	if n >= 1 {
		first := s.suffixEnd(ends[:n], 1)
		if s.readsAt(start, ends[first-1]) {
			if first == n {
				return s.emit(out, start, ends[first-1], p)
			}
			next := s.suffixEnd(ends[:n], first+1)
			if next == n && s.readsAt(s.wordStart(ends[first-1]), ends[next-1]) {
				return s.emit(out, start, ends[first-1], p)
			}
		}
	}
	// The longest first move after which the rest of the words up to the
	// next move number also read as moves (`R x Kt   P - K Kt 3` is two
	// moves, not `R x Kt P` and a broken rest); failing that, the longest
	// that reads.
	best := -1
	for k := n - 1; k >= 0; k-- {
		if s.readsAt(start, ends[k]) {
			if best < 0 {
				best = k
			}
			if k == n-1 || s.splits(ends[:n], k+1, s.wordStart(ends[k])) {
				best = k
				break
			}
		}
	}
	if best >= 1 && castlingWing(s.src[start:ends[best]]) && (best+1 >= n || !strings.HasPrefix(strings.ToLower(s.src[s.wordStart(ends[best]):ends[best+1]]), "castle")) && s.readsAt(start, ends[best-1]) && s.splits(ends[:n], best, s.wordStart(ends[best-1])) {
		// `4. Castles K. Kt. to B3`, two columns run together: the `K.`
		// that would be castling's side begins the next move, which
		// reads with it; read so, and say so.
		s.warn(p, fmt.Sprintf("`%s`: read as `%s` and a move that begins with `%s`, which names that move's man where such a move is legal (else it is castling's side)",
			s.src[start:ends[best]], s.src[start:ends[best-1]], s.src[s.wordStart(ends[best-1]):ends[best]]))
		best--
		s.looseAt = s.wordStart(ends[best])
	}
	if best >= 0 {
		if rankAt >= 0 && best >= rankAt {
			s.warn(p, fmt.Sprintf("`%s`: the `%s` at its end is read as the rank, not as a move number",
				s.src[start:ends[best]], s.src[s.wordStart(ends[rankAt-1]):ends[rankAt]]))
		}
		return s.emit(out, start, ends[best], p)
	}
	if lineBreak >= 0 && n > 0 {
		// `2. K. Kt. to` / `B's 3d.`: the words up to the line's end read
		// as no move, and with the next line's words they do.
		if e := s.acrossLine(ends[:n], start, lineBreak); e > 0 {
			return s.emitAcross(out, start, e, p)
		}
	}
	if n > 0 && bookEndings[strings.TrimRight(s.src[start:ends[0]], ".")] {
		// "Resigns." where a book prints the last move: a comment (the
		// result is the termination marker's, or the Result tag's).
		out = append(out, gElem{Pos: p, Comment: "{" + s.src[start:ends[0]] + "}"})
		s.i = ends[0]
		return out
	}
	if strings.TrimLeft(s.src[s.lineOff:start], " \t\r") == "" {
		// At the start of a line.
		e := s.lineEnd(start)
		text := strings.TrimSpace(s.src[start:e])
		out = append(out, gElem{Pos: p, Comment: "{" + text + "}"})
		s.i = e
		return out
	}
	if n > 0 && (isFootnote(s.src[start:ends[0]]) || isAnnotationWord(s.src[start:ends[0]]) && s.afterMove >= 0 && strings.TrimSpace(s.src[s.afterMove:start]) == "" && !s.inMoveSlot(before, out, ends[0])) {
		// A footnote mark (`[1]`) or a word of the annotator's (`Good`,
		// `fcd`) where a move would stand: no reading takes it as a
		// move, so it is kept as a comment; a word is reported, since
		// it may be a misprinted move (the replay then judges the moves
		// around it).
		w := s.src[start:ends[0]]
		if !isFootnote(w) {
			s.warn(p, fmt.Sprintf("`%s` reads as no move; kept as a comment (an annotator's word)", w))
		}
		out = append(out, gElem{Pos: p, Comment: "{" + w + "}"})
		s.i, s.afterMove = ends[0], ends[0]
		return out
	}
	if n == 0 {
		ends[0] = start + 1
	}
	// A word that reads as no move: the builder reports it, and the
	// numbering after it is not judged, so that this error, the first,
	// is the game's.
	s.seq.off = true
	out = append(out, gElem{Pos: p, Move: s.src[start:ends[0]]})
	s.i = ends[0]
	return out
}

// plainMoveEnd is the end of the move at start when the words there are
// those of nearly every move, which move's first reading below takes
// (the common case): a plain move (plainMove) that reads, followed on
// its line by nothing that may belong to it (endsPlainRun), or by
// another plain move that reads and after which nothing follows that may
// belong to it. It is 0 for any other text, which move reads word by
// word. It asks readsAt what move asks, in the same order, so that the
// moves read ahead are the same.
func (s *descScanner) plainMoveEnd(start int) int {
	if s.plainEnd > 0 && s.plainAt == start {
		// The second plain move of the call before, after which nothing
		// follows that may belong to it.
		e := s.plainEnd
		s.plainEnd = 0
		if !s.readsAt(start, e) {
			return 0
		}
		return e
	}
	e := s.plainMove(start)
	if e == 0 {
		return 0
	}
	k := s.wordStart(e)
	if s.endsPlainRun(k) {
		if !s.readsAt(start, e) {
			return 0
		}
		return e
	}
	e2 := s.plainMove(k)
	if e2 == 0 || !s.endsPlainRun(s.wordStart(e2)) || !s.readsAt(start, e) || !s.readsAt(k, e2) {
		return 0
	}
	s.plainAt, s.plainEnd = k, e2
	return e
}

// plainMove is the end of a plain word at i (plainWord) and of the one
// word after it on its line that marks it as the writer prints marks
// (`ch`, `mate`, `e.p.`: suffixEnd takes it into the move), 0 when no
// plain word stands at i.
func (s *descScanner) plainMove(i int) int {
	e := s.plainWord(i)
	if e == 0 {
		return 0
	}
	k := s.wordStart(e)
	if k < len(s.src) && (s.src[k] == 'c' || s.src[k] == 'm' || s.src[k] == 'e') {
		switch ne := s.word(k, 0); s.src[k:ne] {
		case "ch", "mate", "e.p.":
			return ne
		}
	}
	return e
}

// plainWord is the end of the word at i when it is plain: the letters of
// the men and of castling, digits, and a `-` or an `x` (which no file's
// name nor any word that only ends a move holds), ending where word ends
// it with no parenthesis open. It is 0 for any other word.
func (s *descScanner) plainWord(i int) int {
	sep := false
	j := i
	for ; j < len(s.src); j++ {
		switch c := s.src[j]; c {
		case 'K', 'Q', 'R', 'B', 'N', 'P', 'O', 't',
			'0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		case '-', 'x':
			sep = true
		case ' ', '\t', '\r', '\n', '{', ';', '}', ')':
			if !sep || j == i {
				return 0
			}
			return j
		default:
			return 0
		}
	}
	if !sep {
		return 0
	}
	return j
}

// endsPlainRun: at k, after a plain word on its line and the spaces
// after it, comes nothing that move reads as part of a move: the end of
// the text, a comment, a NAG, a word that is no word (a `)`), a move
// number (after a plain word never the long form's rank: rankNotNumber),
// or the line's end where the next line begins no part of a move
// (continuesMove).
func (s *descScanner) endsPlainRun(k int) bool {
	if k >= len(s.src) {
		return true
	}
	switch s.src[k] {
	case '{', ';', '$':
		return true
	case '\n', '\r':
		return !s.continuesMove(k)
	}
	ne := s.word(k, 0)
	return ne == k || isMoveNumberWord(s.src[k:ne])
}

// A move split across lines: a page's column is narrow, and a long-form
// move (`Q. Kt. to B's 3d.`) breaks where the column does. The words of
// the next line continue the move when the move reads only with them, or
// when that line begins with a word that only ends a move (`4th.`,
// `(ch.)`). A line that begins with a move number, a comment or a blank
// line is never joined.

// nextLineWord is the start of the first word of the line after the line
// break at k, or -1 when that line begins no continuation: it is blank, or
// begins with a move number (`3.`, `3`, `3…`), a comment or a NAG.
func (s *descScanner) nextLineWord(k int) int {
	if k < len(s.src) && s.src[k] == '\r' {
		k++
	}
	if k >= len(s.src) || s.src[k] != '\n' {
		return -1
	}
	k = s.wordStart(k + 1)
	if k >= len(s.src) {
		return -1
	}
	switch c := s.src[k]; {
	case c == '\n' || c == '\r' || c == '{' || c == ';' || c == '$' || c == '%' || c == '(' && !strings.HasPrefix(s.src[k:], "(ch"):
		return -1
	case c >= '0' && c <= '9':
		j := k
		for j < len(s.src) && s.src[j] >= '0' && s.src[j] <= '9' {
			j++
		}
		if j >= len(s.src) || !(s.src[j] >= 'a' && s.src[j] <= 'z') {
			return -1 // a move number, not a rank such as `3d.`
		}
	}
	return k
}

// continuesMove: the line after the line break at k begins with a word
// that only ends a move: a rank of the long form (`3d.`, `fourth`,
// `square`) or its check (`(ch.)`, `ch.`, `mate`).
func (s *descScanner) continuesMove(k int) bool {
	k = s.nextLineWord(k)
	if k < 0 {
		return false
	}
	w := s.src[k:s.word(k, 1)]
	for w != "" && (w[0] == '(' || w[0] == ')') {
		w = w[1:]
	}
	for w != "" && (w[len(w)-1] == '(' || w[len(w)-1] == ')') {
		w = w[:len(w)-1]
	}
	if w == "" || w[0] < utf8.RuneSelf && !startsRankOrCheck(w[0]) {
		// Most lines begin with a move or its number.
		return false
	}
	w = strings.ToLower(w)
	if _, ok := checkWord(w); ok {
		return true
	}
	o, ok := ordinal(w)
	return ok && o != "" && !(w[0] >= '1' && w[0] <= '8' && strings.Trim(w[1:], ".,") == "")
}

// startsRankOrCheck: c, an ASCII byte, can begin (in either case) a word
// that ordinal or checkWord reads.
func startsRankOrCheck(c byte) bool {
	switch c | 0x20 {
	case 'c', 'm', 'f', 's', 't', 'e':
		return true
	}
	return c >= '1' && c <= '8'
}

// acrossLine is the end of the move at start read across the line break
// at k, whose words on its line end at ends: the longest reading that
// takes words of the next line and after which the rest of that line's
// words (up to a move number) read as moves; 0 when there is none.
func (s *descScanner) acrossLine(ends []int, start, k int) int {
	j := s.nextLineWord(k)
	if j < 0 {
		return 0
	}
	var all [24]int
	n := copy(all[:], ends)
	first := n
	for n < len(all) {
		e := s.word(j, 0)
		if e == j || isMoveNumberWord(s.src[j:e]) {
			break
		}
		all[n] = e
		n++
		j = s.wordStart(e)
		if j >= len(s.src) || s.src[j] == '\n' || s.src[j] == '\r' || s.src[j] == '{' || s.src[j] == ';' || s.src[j] == '$' {
			break
		}
	}
	for e := n - 1; e >= first; e-- {
		if descriptiveTurnOK(s.src[start:all[e]]) && s.splits(all[:n], e+1, s.wordStart(all[e])) && s.readsAt(start, all[e]) {
			return all[e]
		}
	}
	return 0
}

// emitAcross emits the move src[start:end], which holds a line break, and
// counts the lines it passes.
func (s *descScanner) emitAcross(out []gElem, start, end int, p lexer.Position) []gElem {
	out = s.emit(out, start, end, p)
	for i := start; i < end; i++ {
		if s.src[i] == '\n' {
			s.line++
			s.lineOff = i + 1
		}
	}
	return out
}

// hasCyrillic reports whether text holds a letter of the Cyrillic block.
func hasCyrillic(text []byte) bool {
	for _, r := range string(text) {
		if r >= 0x0400 && r <= 0x04FF {
			return true
		}
	}
	return false
}

// lookAlikesOnly: the Russian reading g took a move's look-alike letters
// (LenientLookAlike) in a game with no Cyrillic piece letter of its own.
func lookAlikesOnly(g *record.Game) bool {
	for _, nd := range g.Moves {
		if nd.Kind == record.KindMove && nd.Move != nil && nd.Move.Lenient&record.LenientLookAlike != 0 {
			return !strings.ContainsAny(string(g.Source), "КСЛФ")
		}
	}
	return false
}

// guessNotation reads again, in another notation, a game that SAN could
// not read: descriptive when it looks like it, else the first language
// whose letters read every move. The guess is a warning that names it.
func (b *builder) guessNotation(c *Chunk, filename string) {
	se := b.g.SyntaxError()
	if se == nil || se.Rule != ruleid.Syntax {
		return
	}
	src := string(c.Data)
	// The languages in their order; descriptive first when the text
	// looks like it, else last.
	tries := record.BookNotations()
	if !looksDescriptive(src) {
		tries = append(tries[1:], record.DescriptiveNotation)
	}
	// The reading that got furthest, when none reads the game: its error
	// is the one to report, where SAN's stands at the first move.
	var furthest, deferred *record.Game
	var deferredAt record.Pos
	far := se.Pos.Offset
	if !(strings.HasPrefix(se.Message, "found `") && strings.Contains(se.Message, "`, expected a") && !strings.Contains(se.Message, "expected a move number") ||
		strings.Contains(se.Message, "), where the Latin")) {
		// SAN's error is not a move it cannot read (an unclosed
		// variation, a limit): it stands. A look-alike letter is such
		// a move, which a book's notation may read (`Крe2`).
		far = len(c.Data) + c.Pos.Offset
	}
	for _, n := range tries {
		c2 := *c // a copy: the game's own chunk keeps its notation
		c2.notation = n
		g := &record.Game{Source: c.Data, Pos: c.Pos, Notation: n}
		nb := &builder{g: g, filename: filename, noRecover: true}
		parseChunkCommon(&c2, filename, nb, true)
		if e := g.SyntaxError(); e != nil {
			switch {
			case e.Rule != ruleid.Syntax:
			case n == record.Russian && !strings.ContainsAny(src, "КСЛФ") && strings.ContainsAny(src, "асе"):
				// A SAN game typed with a Cyrillic `е` and no Russian
				// piece letter: SAN's error, which names the letter,
				// stands (lookAlikesOnly).
			case e.Pos.Offset > far:
				furthest, far = g, e.Pos.Offset
			case furthest == nil && e.Pos.Offset == se.Pos.Offset && strings.Contains(e.Message, "is typed in Latin letters") && hasCyrillic(c.Data):
				// `Kpe2` in a Russian game: the notation's own error
				// names the letters, where SAN's cannot. In a game with
				// no Cyrillic letter the Latin ones are SAN's own, and
				// SAN's error stands (`1. e4 Kxx9` is no Russian game).
				furthest = g
			}
			continue
		}
		at, moves := g.Pos, false
		for _, nd := range g.Moves {
			if nd.Kind == record.KindMove {
				at, moves = nd.Pos, true
				break
			}
		}
		if !moves {
			// Text with no move in it (a book's prose, a title line) is
			// not a game in any notation.
			continue
		}
		if n == record.Russian && lookAlikesOnly(g) {
			// `1. е4` with a Cyrillic `е` and no Russian piece letter
			// is a SAN game typed on the wrong keyboard: SAN's error,
			// which names the letter, stands.
			continue
		}
		if n.IsLanguage() && manTakesManIn(g.Moves) {
			// `KxP` is the descriptive books' own capture before it is
			// a language's (`TxT`, Dutch `KxP` a king taking a knight):
			// such a reading is taken only when no later one reads.
			if deferred == nil {
				deferred, deferredAt = g, at
			}
			continue
		}
		b.guessed(g, at)
		return
	}
	if deferred != nil {
		b.guessed(deferred, deferredAt)
		return
	}
	if furthest != nil {
		e := furthest.SyntaxError()
		sanAt := "`" + quoteToken(wordAt(c.Data, se.Pos.Offset-c.Pos.Offset)) + "`"
		e.Message = fmt.Sprintf("read as %s notation%s up to move %s, the furthest any notation reads (SAN stops at %s, %d:%d); %s (--notation %s reads it so)",
			furthest.Notation.Name(), letterHint(furthest.Notation), moveNumberBefore(c.Data, e.Pos.Offset-c.Pos.Offset), sanAt, se.Pos.Line, se.Pos.Col, e.Message, furthest.Notation)
		*b.g = *furthest
		b.parts, b.given, b.movesGiven = nil, 0, false
	}
}

// guessed makes g, read again in its notation with its first move at at,
// the game, with the warning that names the guess.
func (b *builder) guessed(g *record.Game, at record.Pos) {
	n := g.Notation
	g.Notices = append(g.Notices, record.Notice{Pos: at, Rule: ruleid.NotationGuessed, Severity: record.Warning,
		Message: fmt.Sprintf("the moves are not in SAN; read as %s notation%s (--notation %s says so and stops the guess)", n.Name(), letterHint(n), n)})
	*b.g = *g
	// The game read again is whole: parts given before are void.
	b.parts, b.given, b.movesGiven = nil, 0, false
}

// manTakesManIn: nodes, or a variation in them, hold a language's move
// read as a man taking a man with no square (`TxT`, manTakesMan).
func manTakesManIn(nodes []record.Node) bool {
	for i := range nodes {
		switch n := &nodes[i]; n.Kind {
		case record.KindMove:
			if n.Move != nil && n.Move.Desc != nil {
				return true
			}
		case record.KindVariation:
			if manTakesManIn(n.Variation()) {
				return true
			}
		}
	}
	return false
}

// wordAt is the word of text at off (up to white space).
func wordAt(text []byte, off int) string {
	off = min(max(off, 0), len(text))
	e := off
	for e < len(text) && !isSpace(text[e]) {
		e++
	}
	return string(text[off:e])
}

// moveNumberBefore is the number of the move that text[:off] ends in: the
// last move number written before off (`2.`, `12...`), or 1.
func moveNumberBefore(text []byte, off int) string {
	off = min(max(off, 0), len(text))
	for i := off - 1; i >= 0; i-- {
		if text[i] != '.' || i == 0 || text[i-1] < '0' || text[i-1] > '9' {
			continue
		}
		j := i - 1
		for j > 0 && text[j-1] >= '0' && text[j-1] <= '9' {
			j--
		}
		if j == 0 || isSpace(text[j-1]) || text[j-1] == '(' || text[j-1] == '.' {
			if j > 0 && text[j-1] == '.' {
				continue
			}
			return string(text[j:i])
		}
	}
	return "1"
}

func letterHint(n record.Notation) string {
	if n == record.DescriptiveNotation {
		return ""
	}
	return " (" + letterList(n) + ")"
}

// looksDescriptive: the text has a mark no algebraic record has.
func looksDescriptive(src string) bool {
	for _, m := range []string{"P-K", "P-Q", "Kt-", "-KB", "-QB", "-KN", "-QN", "-KR", "-QR", "PxP", "Castles", "P - K", "P - Q", "N-B3", "-K4", "-Q4"} {
		if strings.Contains(src, m) {
			return true
		}
	}
	return false
}

// descriptiveTurnOK: every move of the turn (moves joined by commas in a
// compound turn) reads as a descriptive move.
func descriptiveTurnOK(text string) bool {
	if n := len(text); n > 1 && text[n-1] == ',' {
		// `P - K 4,`: a comma of the prose after the move (the builder
		// reads it so: builder.turn).
		text = text[:n-1]
	}
	for {
		part := text
		i := strings.IndexByte(text, ',')
		for i >= 0 && i+1 < len(text) && text[i+1] == ' ' {
			// A comma of the sentence (`B. takes K. B. P., ch.`)
			// joins no moves.
			if j := strings.IndexByte(text[i+1:], ','); j >= 0 {
				i += 1 + j
			} else {
				i = -1
			}
		}
		if i >= 0 {
			part = text[:i]
		}
		var d record.Descriptive
		if _, err := parseDescriptive(part, &d); err != nil {
			return false
		}
		if i < 0 {
			return true
		}
		text = text[i+1:]
	}
}
