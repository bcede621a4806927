package grammar

import (
	"math/bits"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/ashtapada/ashtapada/record"
)

// The fast path reads one game by hand, token by token, and the builder
// turns each token into the record's node as it is read: no tree is built
// in between. Participle's reflective walk costs about 1 µs and 15
// allocations per token (docs/performance.md, "Costs that shaped the
// code"), and even a hand-built tree would cost an element per token,
// gigabytes for a game of 16 MB (docs/performance.md, "The reader"). The
// fast path is the grammar's twin, not a second definition of the format:
// it only accepts what the grammar accepts (a differential test runs both
// over every file in the test data and every fuzz input), and when it
// fails, the reader parses the game again with the grammar for the error
// message.
//
// The builder reads elements from an elemSrc: either the lexer's stream
// (the fast path) or a tree that participle or the descriptive scanner
// built (gElem), so that one builder serves both.

// elemKind is what the current element of an elemSrc is.
type elemKind uint8

const (
	// eEnd: no element follows on this line of play (a `)`, a result,
	// the end of the game, or a token that cannot start an element).
	eEnd elemKind = iota
	eMove
	eNumber
	eComment
	eLineComment
	eNAG
	eEscape
	// eVar is a variation: enter it, read its elements, leave it.
	eVar
)

// elemSrc is the elements of a game's movetext, one at a time: kind, val
// (the token's text, delimiters included, as in gElem) and pos describe the
// current one.
type elemSrc struct {
	kind elemKind
	// plain: readPlain read the current token, a plain move, whose move
	// san holds (stream mode, sanFast). Next to kind, the two are set in
	// one store.
	plain bool
	// notPlain: readPlain has been asked for the token after the current
	// one and read none (builder.plainTurns, which leaves the current
	// token to elems): readToken does not ask again.
	notPlain bool
	elemTok

	// Stream mode (lx set): typ is the current token's type (val its
	// text), depth the open variations, failed that the grammar would
	// reject the game.
	lx     *lex
	typ    lexer.TokenType
	depth  int
	failed bool
	// sanFast: the record's notation reads plain moves with plainSAN
	// (builder.turn's algebraic), so readToken may read them itself
	// (plain). numDigits, when not 0 and the current token is no plain
	// move, is the count of digits of the current move number token read
	// by readPlain (at most 9), num their value; a plain move leaves it as
	// it was (one read with its number, readPlain's pair, sets the
	// number's), and its readers ask plain first.
	sanFast   bool
	numDigits int
	num       int
	// failPos is where the token the lexer failed on starts.
	failPos record.Pos

	// Tree mode: the element lists being read, innermost last. more,
	// when not nil, gives the next elements of the main line when those
	// of levels[0] are read (nil: none left; descScanner.more).
	levels []treeLevel
	result string
	more   func(*elemSrc) []gElem
}

// elemTok is the current element's text and position, and its move when
// it is plain (elemSrc.plain): what builder.plainTurn reads, through a
// pointer, since arguments in registers are stored to the frame on every
// call of a function that calls anything.
type elemTok struct {
	val string
	pos record.Pos
	san sanMove
}

type treeLevel struct {
	es []gElem
	i  int
}

// treeSrc reads the elements of a tree.
func treeSrc(ast *gGame) *elemSrc {
	s := &elemSrc{levels: []treeLevel{{es: ast.Elems}}, result: ast.Result}
	s.loadTree()
	return s
}

func (s *elemSrc) loadTree() {
	l := &s.levels[len(s.levels)-1]
	for l.i >= len(l.es) && len(s.levels) == 1 && s.more != nil {
		if l.es, l.i = s.more(s), 0; l.es == nil {
			s.more = nil
		}
	}
	if l.i >= len(l.es) {
		s.kind, s.val = eEnd, ""
		return
	}
	e := &l.es[l.i]
	s.pos = toPos(e.Pos)
	switch {
	case e.Move != "":
		s.kind, s.val = eMove, e.Move
	case e.Number != "":
		s.kind, s.val = eNumber, e.Number
	case e.Comment != "":
		s.kind, s.val = eComment, e.Comment
	case e.LineComment != "":
		s.kind, s.val = eLineComment, e.LineComment
	case e.NAG != "":
		s.kind, s.val = eNAG, e.NAG
	case e.Escape != "":
		s.kind, s.val = eEscape, e.Escape
	case e.Var != nil:
		s.kind, s.val = eVar, ""
	default:
		s.kind, s.val = eEnd, ""
	}
}

// readToken reads the next token of the stream; a lexical error fails the
// game (the grammar reports it).
//
// The tokens of nearly all movetext, a move or a move number after a
// space or a line end, are read by readPlain, or here in one tight loop;
// the lexer's scan reads the others, from the same state (at once when
// notPlain says that readPlain read none there). All must read a token
// alike: the differential tests compare this path with participle's,
// which reads every token with scan.
func (s *elemSrc) readToken() {
	if s.notPlain {
		s.notPlain = false
	} else if _, ok := s.plainNext(false); ok {
		return
	}
	// readPlain passed the spaces and line ends before the token. Its
	// text (l.plain) is empty once the lexer is done: scan reads the end.
	l := s.lx
	src := l.plain
	i := l.i
	typ := lexer.TokenType(0)
	start, end := i, 0
	s.plain, s.numDigits = false, 0
	if i < len(src) {
		switch c := src[i]; {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			// Not a plain move (readPlain read those): a word.
			typ = tokWord
			i = wordEnd(src, i+1)
		case c >= '0' && c <= '9':
			i++
			for i < len(src) && src[i] >= '0' && src[i] <= '9' {
				i++
			}
			if i < len(src) && src[i] == '.' {
				// A number of more than 9 digits (readPlain read
				// the others): moveNumber reads it.
				for i < len(src) && src[i] == '.' {
					i++
				}
				typ = tokNumber
			}
		}
	}
	line, lineOff := l.line, l.lineOff
	if typ != 0 {
		// endI and tokStart are left as they were (lex).
		l.i = i
		end = i
	} else {
		l.i = start
		from := start
		var err error
		typ, start, end, err = l.scan()
		if err != nil {
			s.failed = true
			s.typ, s.kind, s.val = lexer.EOF, eEnd, ""
			s.failPos = l.tokenAt(from, line, lineOff)
			return
		}
		line, lineOff = l.tokLine, l.tokLineOff
	}
	s.typ = typ
	s.val = l.src[start:end]
	col := start - lineOff + 1
	if line == l.base.Line {
		col += l.base.Column - 1
	}
	s.pos = record.Pos{Line: line, Col: col, Offset: l.base.Offset + start}
	switch typ {
	case tokWord:
		s.kind = eMove
	case tokNumber:
		s.kind = eNumber
	case tokComment:
		s.kind = eComment
	case tokLineComment:
		s.kind = eLineComment
	case tokNAG:
		s.kind = eNAG
	case tokEscape:
		s.kind = eEscape
	case tokPunct:
		s.kind = eEnd
		if s.val == "(" {
			s.kind = eVar
		}
	default:
		s.kind = eEnd
	}
}

// readPlain reads the next token, after spaces and line ends, when it is
// a plain move (when sanFast: the move is then in san and plain is set)
// or a move number of at most 9 digits and its dots (numDigits and num
// are then set), and reports whether it did, with the token's text (val's
// when it did not). Otherwise it only passes the spaces and line ends (and
// may change san) and reports false: the current token stays s's. Both
// readToken and the main line's tight loop (builder.plainTurns) read
// through it (plainNext).
//
// With pair (asked only when sanFast), a move number (not 0, at most
// three dots) followed by one space and a plain move is read at once:
// the move is current as above, and the number's text is returned too
// (numDigits and num are then the number's); nt is "" when no number
// was read before the move.
//
// It is kept a call of its own: inlined into plainTurns' loop (as the
// build's profile had it), the loop's values were spilled around its
// other calls and the whole took more instructions than the call costs
// (docs/performance.md, "The reader, sixth pass: the lexer's dead
// stores, and readPlain out of line").
//
// The end is asked twice: the unsigned test, in the loop over the spaces,
// tells the compiler that i is an index of src (no bounds check below),
// the signed one, after it, that the rest, src[i:], is not empty, so that
// slicing it takes no mask (which keeps a slice of nothing from pointing
// past src's end). The offset past the spaces is stored (l.i, where the
// lexer reads on) only where no token is read: a token read stores its
// end.
// The text from l.i is read in l.plain, which the lexer empties when done
// (after the game's marker): then no token is read, as at the end of the
// text. A move number in its usual form before its move (pair: one or two
// digits, not all 0, a dot and a space; two digits asked first, as in all
// but a game's first nine moves) is read with a few tests on its bytes,
// its move sliced with constant offsets (no bounds check, which would give
// readPlain a frame), where the loops below test each byte of the digits
// and the dots apart and then the space.
// The lines of the body are not to move: the build's profile finds the
// call of scanSAN by its line in the function.
//
//go:noinline
func (s *elemSrc) readPlain(pair bool) (val, nt string, ok bool) {
	l := s.lx
	src, i := l.plain, l.i
	for ; ; i++ {
		if uint(i) >= uint(len(src)) {
			l.i = i
			return s.val, "", false
		} else if c := src[i]; c != ' ' && c != '\n' {
			break
		} else if c == '\n' {
			l.line, l.lineOff, l.colOff = l.line+1, i+1, i
		}
	}
	if len(src)-i <= 0 {
		return s.val, "", false
	}
	start, tok, ntok := i, src[i:], "" // i is an offset in tok from here on; ntok the number read before the move (pair)
	if c := src[i]; c >= '0' && c <= '9' {
		v := int(c - '0')
		if pair && len(tok) >= 4 && tok[2:4] == ". " && tok[1]-'0' <= 9 && c|tok[1] != '0' { // `12. e4`, the usual form of a number and its move: no loop
			s.numDigits, s.num, ntok, start, tok = 2, v*10+int(tok[1]-'0'), tok[:3], start+4, tok[4:]
			goto move
		} else if pair && len(tok) >= 4 && tok[1:3] == ". " && v != 0 { // `1. e4`
			s.numDigits, s.num, ntok, start, tok = 1, v, tok[:2], start+3, tok[3:]
			goto move
		}
		for i = 1; i < len(tok) && tok[i]-'0' <= 9; v, i = v*10+int(tok[i]-'0'), i+1 { // a digit (any other byte is above 9)
		}
		if i > 9 || uint(i) >= uint(len(tok)) || tok[i] != '.' {
			l.i = start
			return s.val, "", false
		}
		for s.numDigits, s.num, i = i, v, i+1; i < len(tok) && tok[i] == '.'; i++ { // the digits kept, past the dot just seen
		}
		if !pair || v == 0 || i-s.numDigits > 3 || uint(i) >= uint(len(tok)) || tok[i] != ' ' {
			s.typ, s.kind, s.plain = tokNumber, eNumber, false
			goto read
		} // else its move, one space after it, is read with it (pair)
		ntok, start, tok = tok[:i], start+i+1, tok[i+1:]
	}
move:
	if s.sanFast {
		if e := scanSAN(tok, 0, &s.san); e > 0 && (uint(e) >= uint(len(tok)) || delims[tok[e]]) {
			// A plain move that ends where the word does is the word
			// (scanSAN tells by the first byte if one starts), read
			// once, here.
			i = e
			s.typ, s.kind, s.plain = tokWord, eMove, true
			goto read
		}
	}
	if len(ntok) == 0 {
		l.i = start
		return s.val, "", false
	}
	// The word after the number is no plain move: the number is read
	// alone.
	start, tok, i, ntok = start-len(ntok)-1, ntok, len(ntok), ""
	s.typ, s.kind, s.plain = tokNumber, eNumber, false
read:
	// The lexer's endI and tokStart are left as they were (lex). Read
	// from its own start, the token's offsets in scanSAN are constants.
	if uint(i) > uint(len(tok)) {
		// Never (the token is read in tok), but asked here it leaves no
		// bounds check, which would call a panic.
		return s.val, "", false
	}
	l.i = start + i
	s.pos = record.Pos{Line: l.line, Col: start - l.colOff, Offset: l.base.Offset + start}
	return tok[:i], ntok, true
}

// plainNext is readPlain with the token's text set (val). The text is
// stored here, in the caller, not in readPlain: a store of a pointer into s
// may call the write barrier, and readPlain, calling nothing, goes without
// a frame and the stack's check. It is stored whatever readPlain read (the
// current token's own when it read none): stored only when readPlain read
// a token, the caller tested readPlain's result twice.
func (s *elemSrc) plainNext(pair bool) (string, bool) {
	v, nt, ok := s.readPlain(pair)
	s.val = v
	return nt, ok
}

// apartNext reports whether the token readPlain stopped before, when it
// read none, is a comment, a NAG, a variation (or the lexer's error at
// their first byte), a termination marker (the word scan reads as one) or
// the end of the game's tokens: none is a word (eMove), so none joins the
// move before it (attaches) or is read by readPlain.
func (s *elemSrc) apartNext() bool {
	l := s.lx
	if uint(l.i) >= uint(len(l.plain)) { // the end, or done (readPlain's text)
		return true
	}
	switch l.plain[l.i] {
	case '{', ';', '$', '(':
		return true
	case '0', '1', '*':
		return l.resultNext()
	}
	return false
}

// resultNext reports whether the word at l.i is a termination marker
// (apartNext): a call of its own, which leaves apartNext to be inlined.
func (l *lex) resultNext() bool {
	return IsResult(l.src[l.i:wordEnd(l.src, l.i+1)])
}

// wordEnd is the offset of the first delimiter in src from i on, or
// len(src): where a word ends. A move is a few bytes long, and a byte loop
// over it mispredicts its exit at nearly every word; the eight bytes from
// i are tested at once for every byte that may be a delimiter (all below
// `%`, and `(`, `)`, `;`, `[`, `]`, `{`, `}`), and the first such byte is
// checked against the table.
func wordEnd(src string, i int) int {
	for i+8 <= len(src) {
		x := uint64(src[i]) | uint64(src[i+1])<<8 | uint64(src[i+2])<<16 | uint64(src[i+3])<<24 |
			uint64(src[i+4])<<32 | uint64(src[i+5])<<40 | uint64(src[i+6])<<48 | uint64(src[i+7])<<56
		// Clearing bit 5 folds `{` onto `[`, `}` onto `]` and `;` onto
		// ESC (which is below `%` anyway); clearing bit 0 folds `)` onto
		// `(`.
		y := x &^ (lo8 * 0x20)
		m := (borrow(x, '%') | borrow(x&^lo8^lo8*'(', 1) | borrow(y^lo8*'[', 1) | borrow(y^lo8*']', 1) | borrow(y^lo8*0x1B, 1)) &^ x & hi8
		if m == 0 {
			i += 8
			continue
		}
		i += bits.TrailingZeros64(m) >> 3
		if delims[src[i]] {
			return i
		}
		i++
	}
	for i < len(src) && !delims[src[i]] {
		i++
	}
	return i
}

// tokenAt is the position of the first byte from i that is not white
// space, i being on line line, which starts at lineOff: where the token
// the lexer failed on starts (readToken).
func (l *lex) tokenAt(i, line, lineOff int) record.Pos {
	for i < len(l.src) && isSpace(l.src[i]) {
		if l.src[i] == '\n' {
			line, lineOff = line+1, i+1
		}
		i++
	}
	return toPos(l.posOn(i, line, lineOff))
}

// next moves past the current element (not a variation: enter it).
func (s *elemSrc) next() {
	if s.lx != nil {
		s.readToken()
		return
	}
	s.levels[len(s.levels)-1].i++
	s.loadTree()
}

// enter starts reading the variation that is the current element.
func (s *elemSrc) enter() {
	if s.lx != nil {
		s.depth++
		s.readToken()
		return
	}
	l := &s.levels[len(s.levels)-1]
	s.levels = append(s.levels, treeLevel{es: l.es[l.i].Var.Elems})
	s.loadTree()
}

// leave ends the variation being read, at its eEnd, and moves past it. It
// reports false when the variation is not closed by `)`: the grammar
// rejects the game.
func (s *elemSrc) leave() bool {
	if s.lx != nil {
		if s.failed || s.typ != tokPunct || s.val != ")" {
			s.failed = true
			return false
		}
		s.depth--
		s.readToken()
		return !s.failed
	}
	s.levels = s.levels[:len(s.levels)-1]
	s.levels[len(s.levels)-1].i++
	s.loadTree()
	return true
}

// end reads the game's end after its main line: the termination marker, if
// any, and the end of the game's tokens. It reports false when the grammar
// would reject what stands there.
func (s *elemSrc) end() (string, bool) {
	if s.lx == nil {
		return s.result, true
	}
	if s.failed || s.depth != 0 {
		s.failed = true
		return "", false
	}
	r := ""
	if s.typ == tokResult {
		r = s.val
		s.readToken()
	}
	if s.failed || s.typ != lexer.EOF {
		s.failed = true
		return "", false
	}
	return r, true
}

// drain reads the rest of the stream without building anything, after the
// builder stopped at an error of its own: the game is the builder's (its
// error stands) only if the grammar accepts the whole of it.
func (s *elemSrc) drain() bool {
	for !s.failed {
		switch s.kind {
		case eVar:
			s.enter()
		case eEnd:
			if s.depth > 0 {
				if !s.leave() {
					return false
				}
				continue
			}
			_, ok := s.end()
			return ok
		default:
			s.next()
		}
	}
	return false
}

// streamTags reads the tag pairs at the start of a game, as the grammar's
// `tag` rule does, into tags, with the escape lines among them (an escape
// line followed by a tag: one after the last tag is the movetext's); it
// reports false when the grammar would reject them. The stream is then at
// the first token of the movetext.
func (s *elemSrc) streamTags(tags []gTag) ([]gTag, bool) {
	s.readToken()
	for !s.failed {
		if s.typ == tokEscape && tagAfterEscapes(s.lx.src, s.lx.i) {
			tags = append(tags, gTag{Pos: s.lx.tokPos(), Escape: s.val})
			s.readToken()
			continue
		}
		if s.typ != tokPunct || s.val != "[" {
			break
		}
		var ok bool
		if tags, ok = s.lx.plainTags(tags); ok {
			s.readToken()
			continue
		}
		t := gTag{Pos: s.lx.tokPos()} // the `[` plainTags stopped at
		s.readToken()
		if s.failed || s.typ != tokWord {
			return tags, false
		}
		t.Name = s.val
		s.readToken()
		if s.failed || s.typ != tokString {
			return tags, false
		}
		t.Value = s.val
		s.readToken()
		if s.failed || s.typ != tokPunct || s.val != "]" {
			return tags, false
		}
		s.readToken()
		tags = append(tags, t)
	}
	return tags, !s.failed
}

// tagAfterEscapes reports whether a tag's `[` is the first token from
// src[i] on, past white space and escape lines: i is the end of an escape
// line, and the tag section goes on after it.
func tagAfterEscapes(src string, i int) bool {
	for i < len(src) {
		switch c := src[i]; {
		case c == '[':
			return true
		case c == '%' && (src[i-1] == '\n' || src[i-1] == '\r'):
			for i < len(src) && src[i] != '\n' && src[i] != '\r' {
				i++
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			i++
		default:
			return false
		}
	}
	return false
}

// plainTags reads the tags written the usual way (plainTag) from the one
// whose `[` (the lexer's token, tokPos) was just read, for as long as each
// is followed by a line end (`\n` or `\r\n`) and the next one's `[`,
// which it reads as scan does (the tokens between tags are most often
// those bytes). It reports true after a tag followed by anything else;
// false when the tag after a `[` is not one plainTag reads: its tokens are
// next, that `[` the lexer's token. A position is not passed in or out:
// its five words, stored one by one and then copied by wider loads,
// waited for the stores.
func (l *lex) plainTags(tags []gTag) ([]gTag, bool) {
	for {
		if len(l.tags) > 0 && l.tagsAt == l.i-1 {
			if !l.knownTags(&tags) {
				return tags, true
			}
			continue
		}
		// The tag is read into its place in tags (a gTag assembled
		// apart was copied there, and cost as much as reading it).
		tags = append(tags, gTag{})
		l.setPosOn(&tags[len(tags)-1].Pos, l.tokStart, l.tokLine, l.tokLineOff) // tokPos
		if !l.plainTag(&tags[len(tags)-1]) {
			return tags[:len(tags)-1], false
		}
		i := l.i
		if i+1 >= len(l.src) || l.src[i] != '\n' || l.src[i+1] != '[' {
			// A `\r\n` line end (its `\r` blank to scan) is asked
			// for only here, off the way of `\n`'s.
			if i+2 >= len(l.src) || l.src[i] != '\r' || l.src[i+1] != '\n' || l.src[i+2] != '[' {
				return tags, true
			}
			i++
		}
		l.newline(i)
		l.tokStart, l.tokLine, l.tokLineOff = i+1, l.line, l.lineOff
		l.i = i + 2
		l.endI, l.endLine, l.endLineOff, l.hasEnd = l.i, l.line, l.lineOff, true
	}
}

// knownTags is plainTags over the tag lines the splitter read
// (Chunk.tags), from the one whose `[` (the lexer's token) was just read,
// appended to *tags. They stand
// in tags as one gTag, run (its Pos the first one's), which build makes
// the record's tags from (runTags): each tag written once, where the
// record holds it, instead of as a gTag first and copied. Here only the
// lexer is moved past them, to the last one's `]`: the splitter read them
// one after another, each with its line end, a line end and a `[`
// between any two. It reports true, with the lexer's token the `[` just
// read, when a line end and a `[` follow the last of them: the tag there
// is not one the splitter read, and plainTags reads it.
func (l *lex) knownTags(tags *[]gTag) bool {
	src, i, known := l.src, l.i, l.tags
	l.run, l.runAt = known, i
	*tags = append(*tags, gTag{run: true})
	l.setPosOn(&(*tags)[len(*tags)-1].Pos, l.tokStart, l.tokLine, l.tokLineOff) // tokPos
	// The last tag's closing quote e, on the line that starts at lineOff
	// (its `[`): `"]` and the line end (`\n` or `\r\n`) follow it, up to
	// end.
	end, last := l.tagsEnd, known[len(known)-1]
	e := end - tagLineStep(last)
	line, lineOff := l.line+len(known)-1, l.lineOff
	if len(known) > 1 {
		lineOff = e - int(last&0xff)
	}
	l.tags, l.tagsAt = known[len(known):], end
	if end >= len(src) || src[end] != '[' {
		// After the last tag's `]`, as plainTag leaves the lexer.
		l.setTagEnd(e+1, e+2, line, lineOff, len(known) > 1)
		return false
	}
	line, lineOff = line+1, end
	l.setTagEnd(end, end+1, line, lineOff, true)
	return true
}

// runTags sets dst, room for the tags of the run knownTags took (lx.run),
// to them: names and values are the text's (a value without its quotes),
// first the position of the first one's `[`, each of the others at the
// start of the line after the one before. It returns how many it set.
func (b *builder) runTags(dst []record.Tag, lx *lex, first lexer.Position) int {
	src, run, base, line := lx.src, lx.run, lx.base.Offset, first.Line
	dst = dst[:len(run)]
	at := lx.runAt - 1 // the tag's `[`
	for n := range dst {
		k := run[n]
		j, e := at+int(k>>8&tagNameEnd), at+int(k&0xff)
		t := &dst[n]
		t.Pos = record.Pos{Line: line + n, Col: 1, Offset: base + at}
		t.Name, t.Value = src[at+1:j], src[j+2:e]
		if t.Name == "FEN" {
			b.fen = true
		}
		at = e + tagLineStep(k)
	}
	if len(dst) > 0 {
		dst[0].Pos = toPos(first)
	}
	if b.latin1 {
		for n := range dst {
			dst[n].Value = latin1ToUTF8(dst[n].Value)
		}
	}
	return len(run)
}

// setTagEnd leaves the lexer after the token at tok, its next byte i,
// on line line from lineOff (a line begun since the lexer's own when
// newLine is set).
func (l *lex) setTagEnd(tok, i, line, lineOff int, newLine bool) {
	if newLine {
		l.line, l.lineOff, l.colOff = line, lineOff, lineOff-1
	}
	l.i = i
	l.tokStart, l.tokLine, l.tokLineOff = tok, line, lineOff
	l.endI, l.endLine, l.endLineOff, l.hasEnd = i, line, lineOff, true
}

// plainTag reads the rest of a tag pair written the usual way
// (plainTagAt), right after its `[`, instead of reading three tokens, and
// leaves the lexer after the `]` as reading them would. Such a tag is
// clean (no escape, no bare quote): t.Value is set without its quotes and
// t.plain tells build so. Anything else reads nothing and reports false:
// the tokens are then read one by one, as the grammar reads them. (A tag
// line the splitter read, Chunk.tags, is taken by knownTags instead.)
func (l *lex) plainTag(t *gTag) bool {
	src, i := l.src, l.i
	j, e := plainTagAt(src, i)
	if j == 0 {
		return false
	}
	t.Name, t.Value, t.plain = src[i:j], src[j+2:e], true
	l.i = e + 2
	l.tokStart, l.tokLine, l.tokLineOff = e+1, l.line, l.lineOff
	l.endI, l.endLine, l.endLineOff, l.hasEnd = l.i, l.line, l.lineOff, true
	return true
}

// plainTagAt reads a tag pair written the usual way from i, right after
// its `[`: a valid name (ValidTagName) that starts with a letter, one
// space, a value without a backslash or a line end, and `]` right after
// the value's closing quote. It returns the name's end j and the closing
// quote's offset e (the value is src[j+2:e]), or 0, 0. The lexer
// (plainTag) and the splitter (apartTags) read tags with it alike.
func plainTagAt[T ~string | ~[]byte](src T, i int) (j, e int) {
	if j = plainTagName(src, i); j == 0 {
		return 0, 0
	}
	e = nextValueByte(src, j+2)
	if !plainTagClosed(src, e) {
		return 0, 0
	}
	return j, e
}

// plainTagName is the end of the name plainTagAt reads from i, with ` "`
// after it, or 0. It and plainTagClosed are inlined where they are
// called: the splitter (runTagLines) reads a tag line with them, without
// plainTagAt's call.
func plainTagName[T ~string | ~[]byte](src T, i int) int {
	if i >= len(src) || !(src[i] >= 'a' && src[i] <= 'z' || src[i] >= 'A' && src[i] <= 'Z') {
		return 0
	}
	// No tag-name byte is a delimiter: a name read here is the word the
	// lexer reads.
	j := i + 1
	for j < len(src) && tagNameByte[src[j]] {
		j++
	}
	if j+1 >= len(src) || src[j] != ' ' || src[j+1] != '"' {
		return 0
	}
	return j
}

// plainTagClosed reports whether the value plainTagAt reads ends at e
// (nextValueByte's answer): a quote, and `]` right after it. The two bytes
// are compared as one string, so that the compiler checks one bound and
// loads them together.
func plainTagClosed[T ~string | ~[]byte](src T, e int) bool {
	return e+2 <= len(src) && string(src[e:e+2]) == `"]`
}

// buildFast reads a game from lx into b's record on the fast path. It
// reports false when the grammar would reject the game: then the record is
// half built and the caller must read the game again with the grammar.
// estimateMost is the most nodes a game read whole gets room for before
// it is read (about 16 MB).
const estimateMost = 1 << 18

func (b *builder) buildFast(lx *lex) bool {
	var st *streamState
	if b.scratch != nil {
		st = &b.scratch.stream
		defer func() { st.src = elemSrc{} }()
	} else {
		st = streamPool.Get().(*streamState)
		defer func() {
			st.src = elemSrc{}
			if cap(st.tags) > 64 {
				st.tags = nil
			}
			streamPool.Put(st)
		}()
	}
	s := &st.src
	s.lx = lx
	s.sanFast = b.algebraic()
	var ok bool
	st.tags, ok = s.streamTags(st.tags[:0])
	if !ok {
		return false
	}
	// Tokens are most often one space or line end apart: that count is
	// about the number of nodes (two vectorised byte counts), which a
	// large game's main line gets room for at once, up to estimateMost
	// (the room of a game that may fail early, a limit reached in its
	// first variation, is not taken before it is needed). A game of fewer
	// bytes than keepNodes has fewer nodes: its stack grows as it is read.
	if rest := lx.src[lx.i:]; len(rest) > keepNodes {
		b.estimate = min(strings.Count(rest, " ")+strings.Count(rest, "\n")+16, estimateMost)
		if b.parts != nil {
			// Read in parts: the stack holds one part.
			b.estimate = min(b.estimate, b.parts.Nodes+1024)
		}
	}
	b.build(st.tags, s)
	if s.failed {
		return false
	}
	if b.failed {
		return s.drain()
	}
	return true
}

// streamState is what buildFast reuses from game to game.
type streamState struct {
	src  elemSrc
	tags []gTag
}

var streamPool = sync.Pool{New: func() any { return new(streamState) }}

// stackNodes is the builder's node stack: the line of play being read at
// each depth is on it, innermost last; a finished variation is copied out
// to storage of its exact size and popped.
func (b *builder) stackNodes() []record.Node {
	if b.scratch != nil {
		if cap(b.scratch.stack) > keepNodes {
			b.scratch.stack = nil
		}
		if b.scratch.stack == nil || cap(b.scratch.stack) < b.estimate {
			b.scratch.stack = make([]record.Node, 0, max(b.estimate, 1024))
		}
		return b.scratch.stack[:0]
	}
	if b.estimate > keepNodes {
		// A huge game: room for its main line at once, kept as it is if
		// the estimate was close (endLine), instead of doubling a stack
		// and copying it out (several times the nodes' memory).
		return make([]record.Node, 0, b.estimate)
	}
	st := nodePool.Get().(*[]record.Node)
	b.pooled = st
	return (*st)[:0]
}

// nodePool holds node stacks for records that get storage of their own:
// the main line is copied out of it to its exact size.
var nodePool = sync.Pool{New: func() any { s := make([]record.Node, 0, 256); return &s }}

// keepElems is the largest element buffer a pool keeps from one game to
// the next (the descriptive scanner's tree, about 1 MB): ordinary games
// need a few hundred, and one huge game's storage is not kept for the
// games after it.
const keepElems = 8192

// algebraic reports whether the record's notation is read with ParseMove
// (plainSAN's forms among them), not with a book's reader.
func (b *builder) algebraic() bool {
	return b.g.Notation != record.DescriptiveNotation && !b.g.Notation.IsLanguage()
}

// attaches: a word that may belong to the move before it, written apart
// from it (an isApartMark word, the lone `x` of a spaced capture, an
// evaluation sign): none starts with a letter but the `x`, so a move
// followed by any other word is read by itself.
func attaches(w string) bool {
	if len(w) == 0 {
		return true
	}
	c := w[0]
	return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') || w == "x"
}

// plainTurn appends the plain move t.san, the token t.val at t.pos, to the node
// stack: builder.turn for a move readToken read (elemSrc.plain), which
// plainSAN reads and which has no comma, no lenient form and only ASCII.
// The move block and the node stack are tested for room together, each
// slice read once, and cut and indexed in the branch with room, as grow
// does: both lengths are below their capacities there, so neither cut
// nor index is tested. A full one is given room in a call of its own
// (roomForTurn), which appends the move then: the only call is the last
// thing on its path, so nothing is kept over it (b and t were stored to
// the frame at every move). The branch with room is the else: taken as
// the if's body, with a return in the other, its tests were padded with
// no-ops (a jump kept off a 32-byte line's end). The node is set where it
// is cut (record.Node.SetMove), with the move and the move's text set
// with the node's other pointers. The build's profile finds the call of
// set by its line in the function: a line added above it moves it.
func (b *builder) plainTurn(t *elemTok) {
	ms, ns := b.slab, b.stack
	if len(ms) >= cap(ms) || len(ns) >= cap(ns) {
		b.roomForTurn(t)
	} else {
		b.slab, b.stack = b.slab[:len(ms)+1], b.stack[:len(ns)+1]
		mp := &ms[:cap(ms)][len(ms)]
		t.san.set(mp)
		ns[:cap(ns)][len(ns)].SetMove(t.pos, t.val, mp)
	}
}

// roomForTurn gives the move block and the node stack room for one more
// move and appends t's there (plainTurn): a full block is replaced
// (moveBlock), a full stack grown as grow grows it.
//
//go:noinline
func (b *builder) roomForTurn(t *elemTok) {
	if len(b.slab) == cap(b.slab) {
		b.slab = b.moveBlock()
	}
	if len(b.stack) == cap(b.stack) {
		b.grow()
		b.stack = b.stack[:len(b.stack)-1]
	}
	b.plainTurn(t)
}
