package grammar

import (
	"fmt"
	"io"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types of the hand-written lexer. Participle's generated and regexp
// lexers are several times slower (docs/performance.md, "Costs that shaped
// the code"), and the PGN token set is small enough to scan by hand.
const (
	tokWord        lexer.TokenType = iota + 1 // a move token (SAN, compound turn, null move) or a tag name
	tokNumber                                 // a move number: digits and optional dots
	tokResult                                 // 1-0, 0-1, 1/2-1/2, *
	tokString                                 // a quoted tag value, quotes included
	tokComment                                // {...}, braces included
	tokLineComment                            // ;... to the end of the line
	tokNAG                                    // $n
	tokEscape                                 // % at the start of a line, to its end
	tokPunct                                  // [ ] ( )
	tokOther                                  // any other single byte that cannot start a token (a stray })
)

var symbols = map[string]lexer.TokenType{
	"EOF":         lexer.EOF,
	"Word":        tokWord,
	"Number":      tokNumber,
	"Result":      tokResult,
	"String":      tokString,
	"Comment":     tokComment,
	"LineComment": tokLineComment,
	"NAG":         tokNAG,
	"Escape":      tokEscape,
	"Punct":       tokPunct,
	"Other":       tokOther,
}

// definition is the participle lexer.Definition. The reader does not go
// through Lex (it builds lexers itself, with the position of the chunk in the
// file); Lex exists so that participle can use the definition on its own.
type definition struct{}

func (definition) Symbols() map[string]lexer.TokenType { return symbols }

func (definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", filename, err)
	}
	return newLexer(string(b), filename, startPos), nil
}

func (definition) LexBytes(filename string, b []byte) (lexer.Lexer, error) {
	return newLexer(string(b), filename, startPos), nil
}

var startPos = lexer.Position{Line: 1, Column: 1}

// lex is the lexer over one game's text. Token values are substrings of
// src, so lexing allocates nothing per token.
type lex struct {
	src      string
	filename string
	i        int // next byte
	line     int
	lineOff  int // offset in src of the start of the current line
	// colOff is what the column of src[i] on the current line is i less:
	// lineOff-1, less base.Column-1 on the base's line. It is kept where
	// lineOff changes, for readPlain's position at every token.
	colOff int
	base   lexer.Position
	depth  int  // open parentheses, to know whether a result ends the game
	done   bool // a result at depth 0 was read: the game is over
	// plain is src until done is set, then empty: what readPlain,
	// readToken (before its scan) and apartNext read, which then find no
	// token at once (the test of done is saved at every token).
	plain string
	// rest is the offset in src after the termination marker (or len(src)).
	rest      int
	resultPos lexer.Position
	// endI is the offset after the last token scan read: where "the end
	// of the game" is reported (Next), rather than after the blank lines
	// that follow. It is kept with its line (endLine starts at
	// endLineOff) and made a Position only when asked: building one per
	// token showed in profiles.
	endI, endLine, endLineOff int
	hasEnd                    bool
	// tokStart is the offset of the last token scan read, on line
	// tokLine, which starts at tokLineOff. The fast path's own token
	// readers (readPlain, readToken's words and numbers) set neither
	// these nor endI: a lexer they read is never handed to participle.
	tokStart, tokLine, tokLineOff int
	// tags are the tag lines the splitter read (Chunk.tags) that
	// plainTag has not taken yet, the first at tagsAt, the last one's
	// line end before tagsEnd.
	tagsAt, tagsEnd int
	tags            []uint16
	// run are the tags of Chunk.tags that knownTags took, the first
	// one's name at runAt, for build (runTags).
	run   []uint16
	runAt int
}

// endPos is the position after the last token.
func (l *lex) endPos() lexer.Position { return l.posOn(l.endI, l.endLine, l.endLineOff) }

func newLexer(src, filename string, base lexer.Position) *lex {
	l := new(lex)
	l.over(src, filename, base)
	return l
}

// over sets l to a lexer over src (the Scratch keeps one). Cleared in
// place and then set: a composite literal is built on the stack and
// copied.
func (l *lex) over(src, filename string, base lexer.Position) {
	*l = lex{}
	l.src, l.plain, l.filename, l.line, l.colOff, l.base, l.rest = src, src, filename, base.Line, -base.Column, base, len(src)
}

// pos returns the position of src[i]. Columns count bytes; the chunk starts
// at the beginning of a line, so only its line and offset need adding.
func (l *lex) pos(i int) lexer.Position { return l.posOn(i, l.line, l.lineOff) }

// posOn is the position of src[i] on line line, which starts at lineOff.
func (l *lex) posOn(i, line, lineOff int) (p lexer.Position) {
	l.setPosOn(&p, i, line, lineOff)
	return p
}

// setPosOn sets *p to posOn(i, line, lineOff) field by field, where it is
// kept: a position built apart on the stack, word by word, and copied
// there with wider loads waited for its stores.
func (l *lex) setPosOn(p *lexer.Position, i, line, lineOff int) {
	col := i - lineOff + 1
	if line == l.base.Line {
		col += l.base.Column - 1
	}
	p.Filename, p.Offset, p.Line, p.Column = l.filename, l.base.Offset+i, line, col
}

func (l *lex) newline(i int) {
	l.line++
	l.lineOff, l.colOff = i+1, i
}

// isDelim reports whether b ends a word (a table: the lexer asks at every
// byte of a word).
func isDelim(b byte) bool { return delims[b] }

var delims = func() (t [256]bool) {
	for _, c := range []byte(" \t\n\r\v\f{}()[];\"$\x00") {
		t[c] = true
	}
	return t
}()

func (l *lex) errorf(i int, format string, args ...any) error {
	return &lexer.Error{Msg: fmt.Sprintf(format, args...), Pos: l.pos(i)}
}

// Next returns the next token. After a termination marker outside any
// variation it returns EOF: what follows belongs to no game and the reader
// reports it as text between games.
func (l *lex) Next() (lexer.Token, error) {
	typ, start, end, err := l.scan()
	switch {
	case err != nil:
		return lexer.Token{}, err
	case typ == lexer.EOF:
		if l.done || l.hasEnd {
			return lexer.EOFToken(l.endPos()), nil
		}
		return lexer.EOFToken(l.pos(l.i)), nil
	}
	return lexer.Token{Type: typ, Value: l.src[start:end], Pos: l.tokPos()}, nil
}

// tokPos is the position of the token scan returned last.
func (l *lex) tokPos() lexer.Position { return l.posOn(l.tokStart, l.tokLine, l.tokLineOff) }

// scan reads the next token: its type and src[start:end] (lexer.EOF at the
// end); tokStart, tokLine and tokLineOff say where it starts. It is Next
// without building a lexer.Token: the fast path reads the game through it.
func (l *lex) scan() (typ lexer.TokenType, start, end int, err error) {
	src := l.src
	i := l.i
	if l.done {
		return lexer.EOF, i, i, nil
	}
	// Skip white space.
	for i < len(src) {
		c := src[i]
		if c == '\n' || c == '\r' && (i+1 == len(src) || src[i+1] != '\n') {
			// A lone CR ends a line too (old Mac files), as the
			// splitter counts lines.
			l.newline(i)
		} else if c != ' ' && c != '\t' && c != '\r' && c != '\v' && c != '\f' {
			break
		}
		i++
	}
	if i >= len(src) {
		l.i = i
		return lexer.EOF, i, i, nil
	}
	start = i
	l.tokStart, l.tokLine, l.tokLineOff = i, l.line, l.lineOff
	c := src[i]
	switch {
	case c == 0:
		return 0, 0, 0, l.errorf(i, "found a NUL byte, expected text")
	case c == '%' && i == l.lineOff:
		typ = tokEscape
		for i < len(src) && src[i] != '\n' && src[i] != '\r' {
			i++
		}
	case c == ';':
		typ = tokLineComment
		for i < len(src) && src[i] != '\n' && src[i] != '\r' {
			i++
		}
	case c == '{':
		typ = tokComment
		line, lineOff, colOff := l.line, l.lineOff, l.colOff
		end := l.commentEnd(src, i+1)
		if end < 0 {
			// Report where the comment opened: that is where the fix goes.
			l.line, l.lineOff, l.colOff = line, lineOff, colOff
			return 0, 0, 0, l.errorf(start, "found a comment `{` that is not closed before the end of the game, expected `}`")
		}
		i = end + 1
	case c == '"':
		typ = tokString
		i = valueEnd(src, i+1)
		if i >= len(src) || src[i] != '"' {
			return 0, 0, 0, l.errorf(i, "found %s in a tag value, expected the closing `\"`", describeAt(src, i))
		}
		i = closingQuote(src, i)
		i++
	case c == '$':
		typ = tokNAG
		i++
		for i < len(src) && src[i] >= '0' && src[i] <= '9' {
			i++
		}
		if i == start+1 {
			return 0, 0, 0, l.errorf(start, "found `$` without a number, expected a NAG such as `$1`")
		}
	case c == '(' && l.depth == 0 && parenMarkerLen(src, i) > 0:
		// `24.Axe7++ (1-0)`: the marker in parentheses, as a page
		// prints it (the reader warns).
		typ = tokResult
		i += parenMarkerLen(src, i)
	case c == '(' || c == ')' || c == '[' || c == ']':
		typ = tokPunct
		i++
		if c == '(' {
			l.depth++
		} else if c == ')' && l.depth > 0 {
			l.depth--
		}
	case c == '}':
		typ = tokOther
		i++
	case c == '.':
		// A lone run of dots is a token of its own, as the PGN standard
		// has it (`1. ... Ba5` from chess.js, `2 . Nf3`, `1 .d4`); the
		// reader joins it to the move number before it.
		typ = tokNumber
		for i < len(src) && src[i] == '.' {
			i++
		}
	case c == '*':
		typ = tokResult
		i++
		if i < len(src) && !isDelim(src[i]) {
			for i < len(src) && !isDelim(src[i]) {
				i++
			}
			typ = tokWord
		}
	case c >= '0' && c <= '9':
		for i < len(src) && src[i] >= '0' && src[i] <= '9' {
			i++
		}
		if i < len(src) && src[i] == '.' {
			for i < len(src) && src[i] == '.' {
				i++
			}
			typ = tokNumber
			break
		}
		if strings.HasPrefix(src[i:], ellipsis) {
			// `11…cxb5`: the typeset ellipsis for the three dots of a
			// black move (the reader warns).
			i += len(ellipsis)
			typ = tokNumber
			break
		}
		digits := i
		for i < len(src) && !isDelim(src[i]) {
			i++
		}
		switch w := src[start:i]; {
		case digits == i:
			typ = tokNumber
		case IsResult(w), typesetMarkerLen(w, 0) == len(w):
			typ = tokResult
		default:
			typ = tokWord
		}
	case c == ellipsis[0] && strings.HasPrefix(src[i:], ellipsis):
		// A lone ellipsis (`3. … cxd5`, `…cxb5`) stands for the dots,
		// as a lone run of dots does.
		typ = tokNumber
		i += len(ellipsis)
	default:
		typ = tokWord
		for i < len(src) && !isDelim(src[i]) {
			i++
		}
	}
	l.i = i
	l.endI, l.endLine, l.endLineOff, l.hasEnd = i, l.line, l.lineOff, true
	if typ == tokResult && l.depth == 0 {
		l.done, l.plain = true, ""
		l.rest = i
		l.resultPos = l.tokPos()
	}
	return typ, start, i, nil
}

// ellipsis is the typeset `…` (U+2026) that some pages print for the
// three dots after a black move's number.
const ellipsis = "…"

// IsResult reports whether s is a termination marker as the lexer reads
// one: `1-0`, `0-1`, `1/2-1/2` or `*`.
func IsResult(s string) bool {
	return s == "*" || s == "1-0" || s == "0-1" || s == "1/2-1/2"
}

// typesetMarkers are the termination markers as pages set them with an
// en dash, em dash, figure dash or minus sign for the hyphen (`1–0`,
// `½–½`), each with the marker it stands for. The lexer reads them as
// markers (the books' `½–½`, like `½-½`, is a word to it and a marker to
// the splitter and the descriptive reader); the reader takes the game's
// result from them with a lenient-notation warning (typesetResult).
var typesetMarkers = func() map[string]string {
	m := map[string]string{}
	for _, d := range []string{"‒", "–", "—", "−"} {
		m["1"+d+"0"], m["0"+d+"1"], m["1/2"+d+"1/2"], m["½"+d+"½"] = "1-0", "0-1", "1/2-1/2", "1/2-1/2"
	}
	return m
}()

// typesetMarkerLen is the length of the typeset marker (typesetMarkers)
// that src holds at i as a token of its own (a delimiter or the end after
// it), or 0. Only the text at a digit or a `½` is looked up.
func typesetMarkerLen[T ~string | ~[]byte](src T, i int) int {
	if i >= len(src) || src[i] != '0' && src[i] != '1' && src[i] != half[0] {
		return 0
	}
	j := i
	for j < len(src) && !isDelim(src[j]) {
		j++
	}
	if j-i < len("1–0") || j-i > len("1/2–1/2") {
		return 0
	}
	if _, ok := typesetMarkers[string(src[i:j])]; ok {
		return j - i
	}
	return 0
}

// typesetMarkerEnd reports whether line's last token is a typeset marker
// (the splitter asks this of a line that ends in no plain marker).
func typesetMarkerEnd(line []byte) bool {
	start := len(line)
	for start > 0 && !isDelim(line[start-1]) && len(line)-start <= len("1/2–1/2") {
		start--
	}
	return typesetMarkerLen(line, start) == len(line)-start && start < len(line)
}

// parenMarkerLen is the length of the termination marker in parentheses
// (`(1-0)`, `(1/2-1/2)`) that src holds at i as a token of its own (a
// delimiter or the end after it), or 0.
func parenMarkerLen(src string, i int) int {
	j := strings.IndexByte(src[i:min(len(src), i+len("(1/2-1/2))"))], ')')
	if j < 0 || !IsResult(src[i+1:i+j]) || i+j+1 < len(src) && !isDelim(src[i+j+1]) {
		return 0
	}
	return j + 1
}

// typesetResult is the result a typeset marker (or a marker in
// parentheses) stands for, and the lenient-notation warning the reader
// gives it; ok is false for any other text (a marker as PGN writes it).
func typesetResult(marker string) (result, msg string, ok bool) {
	if len(marker) > 2 && marker[0] == '(' && IsResult(marker[1:len(marker)-1]) {
		result = marker[1 : len(marker)-1]
		return result, fmt.Sprintf("the termination marker `%s` is printed in parentheses; read as `%s`", marker, result), true
	}
	result, ok = typesetMarkers[marker]
	if !ok {
		return "", "", false
	}
	i := strings.IndexFunc(marker, isTypesetDash)
	r, _ := utf8.DecodeRuneInString(marker[i:])
	return result, fmt.Sprintf("the termination marker `%s` writes `%c` (U+%04X) for the hyphen; read as `%s`", marker, r, r, result), true
}

// ReadsAsWord reports whether s, written as a token (a tag name, a move),
// reads back as one word and nothing else: no delimiter inside it, and not
// a move number, a termination marker (the books' `½-½` included, at which
// the splitter ends a game), a NAG, a comment or an escape line, wherever
// on its line it stands.
func ReadsAsWord(s string) bool {
	if s == "" || s == bookDraw || s[0] == '%' || typesetMarkerLen(s, 0) == len(s) {
		return false
	}
	lx := newLexer(s, "", startPos)
	typ, start, end, err := lx.scan()
	return err == nil && typ == tokWord && start == 0 && end == len(s)
}

// valueEnd is where the tag value whose opening quote is before i ends:
// the offset of its closing `"`, of the line end that cuts it short, or
// len(src). A backslash escapes the byte after it, except a line end.
// The lexer and the splitter (afterTag) both read values with it.
func valueEnd[T ~string | ~[]byte](src T, i int) int {
	for {
		i = nextValueByte(src, i)
		if i == len(src) || src[i] != '\\' {
			return i
		}
		if i+1 < len(src) && src[i+1] != '\n' && src[i+1] != '\r' {
			i += 2
		} else {
			i++
		}
	}
}

// nextValueByte is the offset of the first `"`, `\`, `\n` or `\r` in src
// from i on, or len(src). It looks at eight bytes at a time, as
// nextSplitByte does: a tag value is a run of plain bytes.
func nextValueByte[T ~string | ~[]byte](src T, i int) int {
	for ; i+8 <= len(src); i += 8 {
		// One load of eight bytes: the bounds are checked once, on w.
		w := src[i : i+8]
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		// `\n` and `\r` are marked with the other bytes below 0x0e, in
		// one test instead of two: a tab or another of those, about never
		// in a value, sends the rest to the byte loop.
		if m := (borrow(x^lo8*'"', 1) | borrow(x^lo8*'\\', 1) | borrow(x, 0x0e)) &^ x & hi8; m != 0 {
			j := i + bits.TrailingZeros64(m)>>3
			if c := src[j]; c == '"' || c == '\\' || c == '\n' || c == '\r' {
				return j
			}
			break
		}
	}
	for i < len(src) && src[i] != '"' && src[i] != '\\' && src[i] != '\n' && src[i] != '\r' {
		i++
	}
	return i
}

// commentEnd is the offset of the `}` that closes the comment whose text
// starts at i, or -1 when there is none; it counts the comment's line ends
// (a lone `\r` is one, as scan reads it).
func (l *lex) commentEnd(src string, i int) int {
	// Most comments are short: their first words are read eight bytes at
	// a time for `}` and the line ends together (a byte below 0x0e marks
	// those and the rarer tab and others, passed over), one pass instead
	// of three searches.
	for n := 0; n < 4 && i+8 <= len(src); n++ {
		w := src[i : i+8]
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		m := (borrow(x^lo8*'}', 1) | borrow(x, 0x0e)) &^ x & hi8
		if m == 0 {
			i += 8
			continue
		}
		j := i + bits.TrailingZeros64(m)>>3
		switch src[j] {
		case '}':
			return j
		case '\n':
			l.newline(j)
		case '\r':
			if j+1 < len(src) && src[j+1] != '\n' {
				l.newline(j)
			}
		}
		i = j + 1
	}
	// The rest of a long comment is found with byte searches; only its
	// line ends are counted.
	j := strings.IndexByte(src[i:], '}')
	if j < 0 {
		return -1
	}
	end := i + j
	if strings.IndexByte(src[i:end], '\r') < 0 {
		for k := i; ; {
			n := strings.IndexByte(src[k:end], '\n')
			if n < 0 {
				break
			}
			l.newline(k + n)
			k += n + 1
		}
	} else {
		for k := i; k < end; k++ {
			if src[k] == '\n' || src[k] == '\r' && src[k+1] != '\n' {
				l.newline(k)
			}
		}
	}
	return end
}

// closingQuote recovers a tag value with unescaped quotes inside it
// (`[White ""Socrates Expert""]`, as some programs write): when the quote at
// i is not followed by `]`, the value runs to the last quote on the line
// that is, as python-chess and pgn-extract read it. The reader warns about
// it (lenient-notation). Otherwise i is the closing quote as it is.
//
// The splitter finds the end of a tag line with it too (afterTag), so that
// both read the same text as the tag: a line ends at `\n` or `\r`.
func closingQuote[T ~string | ~[]byte](src T, i int) int {
	if quoteEndsTag(src, i) {
		return i
	}
	end := i + 1
	for end < len(src) && src[end] != '\n' && src[end] != '\r' {
		end++
	}
	for j := end - 1; j > i; j-- {
		if src[j] == '"' && quoteEndsTag(src, j) {
			return j
		}
	}
	return i
}

// quoteEndsTag: the quote at i is followed by `]`, blanks allowed between.
func quoteEndsTag[T ~string | ~[]byte](src T, i int) bool {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case ' ', '\t':
			continue
		case ']':
			return true
		}
		return false
	}
	return false
}

// describeAt names the byte at i for a "found X" message.
func describeAt(src string, i int) string {
	if i >= len(src) {
		return "the end of the game"
	}
	switch src[i] {
	case '\n', '\r':
		return "the end of the line"
	case 0:
		return "a NUL byte"
	}
	return fmt.Sprintf("`%c`", src[i])
}
