package grammar

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/ashtapada/ashtapada/record"
)

// Chunk is the text of one game, cut from a stream by a Splitter.
type Chunk struct {
	Data []byte
	// Pos is the position of Data[0] in the file; it is always the start of
	// a line.
	Pos record.Pos
	// Truncated: the game is longer than the splitter's
	// Limits.MaxGameBytes. Data holds its first lines only, the rest was
	// skipped unread; Size is the game's full size and CutPos where the
	// limit was reached. The reader reports it (rule limit).
	Truncated bool
	Size      int
	CutPos    record.Pos
	// limits are the splitter's, for the reader (zero: no limits).
	limits Limits
	// notation is the splitter's, for the reader.
	notation record.Notation
	// book is the notation of books the moves are in (SetBookNotation),
	// for the reader.
	book Notation
}

// lookahead bounds how far the splitter looks for the `}` that would close a
// comment (see Splitter): it keeps memory bounded whatever the input.
const lookahead = 64 << 10

// Splitter cuts a stream into games without parsing them. It is cheap (a
// few byte scans per line) because it runs on one core ahead of the
// parallel parse.
//
// The recovery rule (docs/format.md): a game ends where the next begins,
// and the next game begins, once the current game has movetext, at
//
//   - a line that starts with `[`, outside a brace comment;
//   - inside a brace comment, a line that starts with `[` and a tag name
//     when the comment is not properly closed: no `}` comes before the next
//     `{` within the next 64 KiB (so a closed comment may quote a whole
//     game, and an unclosed `{` ends at the next game instead of
//     swallowing the file);
//   - a line that starts like movetext (a move number, a move or a
//     comment) after a line that ended with a termination marker, outside
//     a comment: games written one after another without tags.
//
// Parentheses are not tracked: an unclosed `(` ends with its game.
type Splitter struct {
	r          *bufio.Reader
	pending    []byte // the first line of the next chunk, already read
	hasPending bool
	pendingPos record.Pos
	line       int
	offset     int
	err        error
	bomDone    bool
	buf        []byte // the chunk being collected, reused from game to game
	// closeAt is the file offset of a `}` known to close the current
	// comment: candidates before it need no new look-ahead, which keeps
	// the splitter linear on comments full of blank lines.
	closeAt int
	// limits bound a game's size (Limits.MaxGameBytes) and travel with
	// each chunk to the reader; pendingN is the full length of the
	// pending line, which keeps at most MaxGameBytes+1 of its bytes.
	limits   Limits
	book     Notation
	pendingN int
	// notation is what the games' moves are written in (SetNotation).
	notation record.Notation
	// tagNames are hashes of the current game's tag names, to see a game
	// of tags only end where the next one's tags begin.
	tagNames []uint64
}

// NewSplitter returns a splitter reading r, with DefaultLimits and
// notation SAN.
func NewSplitter(r io.Reader) *Splitter {
	return &Splitter{r: bufio.NewReaderSize(r, lookahead+4096), line: 1, closeAt: -1, limits: DefaultLimits(), book: DefaultNotation}
}

// SetLimits sets the limits for the games read from now on (NewSplitter
// starts with DefaultLimits).
func (s *Splitter) SetLimits(l Limits) { s.limits = l }

// SetNotation says what the moves of the games read from now on are
// written in (record.LAN or record.UCI for coordinate files; SAN, the
// default, reads every form and reports the non-SAN ones as lenient). The
// chunks carry it to ParseChunk.
func (s *Splitter) SetNotation(n record.Notation) { s.notation = n }

// SetBookNotation sets the notation of books the moves of the games read
// from now on are in: descriptive, a language's letters, figurines
// (docs/notation-books.md); NotationAuto, the default, reads SAN and
// guesses for a game SAN cannot read.
func (s *Splitter) SetBookNotation(n Notation) { s.book = n }

// lineMax is the most of one line the splitter keeps: a line longer than
// a game may be is never needed whole.
func (s *Splitter) lineMax() int {
	if s.limits.MaxGameBytes > 0 {
		return s.limits.MaxGameBytes + 1
	}
	return 0
}

// readLineMax returns the next line with its line end, or io.EOF, keeping
// at most about max bytes of it (0: all); n is the line's full length. The
// bytes beyond are read and dropped, so that a line of 50 MB costs no more
// memory than max. The slice is only valid until the next read.
func (s *Splitter) readLineMax(max int) (line []byte, n int, err error) {
	line, err = s.r.ReadSlice('\n')
	if err == nil || (err == io.EOF && len(line) > 0) {
		return line, len(line), nil
	}
	if errors.Is(err, bufio.ErrBufferFull) {
		// A very long line: collect it whole, or up to max.
		buf := append([]byte(nil), line...)
		n = len(line)
		for {
			more, err := s.r.ReadSlice('\n')
			n += len(more)
			if max <= 0 || len(buf) < max {
				buf = append(buf, more...)
			}
			if err == nil || err == io.EOF {
				return buf, n, nil
			}
			if !errors.Is(err, bufio.ErrBufferFull) {
				return nil, n, err
			}
		}
	}
	return nil, 0, err
}

// Next returns the next game's text, or io.EOF. Only I/O errors are errors.
func (s *Splitter) Next() (Chunk, error) {
	if s.err != nil && !s.hasPending {
		return Chunk{}, s.err
	}
	if !s.bomDone {
		s.bomDone = true
		if b, err := s.r.Peek(3); err == nil && bytes.Equal(b, []byte{0xEF, 0xBB, 0xBF}) {
			// The mark is not part of any game; columns count from after it.
			_, _ = s.r.Discard(3)
			s.offset = 3
		}
	}
	data := s.buf[:0]
	// Each chunk is handed to another goroutine: it gets its own copy of
	// exactly its size, and the collecting buffer is reused.
	defer func() { s.buf = data[:0] }()
	start := record.Pos{Line: s.line, Col: 1, Offset: s.offset}
	var first []byte // the line that began this game, read with the last one
	if s.hasPending {
		first = s.pending
		start = s.pendingPos
		s.hasPending = false
	}
	sawMoves := false  // the game has movetext (anything but tags, blank lines and escapes)
	tagsEnded := false // a blank line followed the game's tags (and no movetext came)
	s.tagNames = s.tagNames[:0]
	inComment := false   // inside a brace comment
	afterResult := false // the last non-blank line ended with a termination marker
	for {
		var line []byte
		n, linePos := 0, start // the line's full length and position
		if first != nil {
			line, first = first, nil
			n = s.pendingN
		} else {
			if s.err != nil {
				break
			}
			var err error
			line, n, err = s.readLineMax(s.lineMax())
			if err != nil {
				if err != io.EOF {
					s.err = fmt.Errorf("reading game text: %w", err)
					return Chunk{}, s.err
				}
				s.err = io.EOF
				break
			}
			linePos = record.Pos{Line: s.line, Col: 1, Offset: s.offset}
			s.line++
			s.offset += n
			if inComment && looksLikeTag(line) {
				// The look-ahead may move bufio's buffer under line.
				line = append([]byte(nil), line...)
			}
			// A game of tags only ends where a blank line is followed by
			// a tag it already has (a second Event): without this it
			// would take the next game's tags as its own. A blank line
			// alone does not end it: ChessBase writes one inside tags.
			if s.startsNext(line, linePos, sawMoves, inComment, afterResult) ||
				(tagsEnded && !sawMoves && looksLikeTag(line) && s.hasTag(line)) {
				s.pending = append(s.pending[:0], line...)
				s.pendingN = n
				s.hasPending = true
				s.pendingPos = linePos
				return Chunk{Data: bytes.Clone(data), Pos: start, Size: len(data), limits: s.limits, notation: s.notation, book: s.book}, nil
			}
		}
		if max := s.limits.MaxGameBytes; max > 0 && len(data)+n > max {
			return s.skipGame(data, start, linePos, len(data)+n)
		}
		data = append(data, line...)
		blank := isBlank(line)
		switch {
		case blank:
			tagsEnded = len(s.tagNames) > 0
		case inComment:
			inComment = scanLine(line, true)
			afterResult = !inComment && endsWithResult(line, bytes.IndexByte(line, '}')+1)
		case line[0] == '%':
			// An escape line: braces in it open nothing.
		case line[0] == '[' && !sawMoves:
			s.tagNames = append(s.tagNames, tagNameHash(line))
			// A tag line: braces in its value open nothing, but movetext
			// may follow the tag on the same line.
			if rest := afterTag(line); !isBlank(rest) {
				sawMoves = true
				inComment = scanLine(rest, false)
				afterResult = !inComment && endsWithResult(line, len(line)-len(rest))
			}
		default:
			sawMoves = true
			inComment = scanLine(line, false)
			afterResult = !inComment && endsWithResult(line, 0)
		}
	}
	if isBlank(data) {
		return Chunk{}, io.EOF
	}
	return Chunk{Data: bytes.Clone(data), Pos: start, Size: len(data), limits: s.limits, notation: s.notation, book: s.book}, nil
}

// skipGame ends a game that has grown past Limits.MaxGameBytes: the line
// at cut did not fit. It reads the rest of the game without keeping it, to
// the next line that starts like a tag (`[` and a tag name). Comments are
// not followed in the skipped text, so a game quoted inside a huge comment
// may start a game early (it is then reported as broken too). size counts
// the game's bytes so far; data are the lines kept.
func (s *Splitter) skipGame(data []byte, start, cut record.Pos, size int) (Chunk, error) {
	c := Chunk{Data: bytes.Clone(data), Pos: start, Truncated: true, CutPos: cut, limits: s.limits, notation: s.notation, book: s.book}
	for s.err == nil {
		head, err := s.r.Peek(2)
		if len(head) == 0 {
			if err != nil && err != io.EOF {
				s.err = fmt.Errorf("reading game text: %w", err)
				return Chunk{}, s.err
			}
			s.err = io.EOF
			break
		}
		keep := looksLikeTag(head)
		max := 1 // of a skipped line only its length counts
		if keep {
			max = s.lineMax()
		}
		line, n, err := s.readLineMax(max)
		if err != nil {
			s.err = fmt.Errorf("reading game text: %w", err)
			return Chunk{}, s.err
		}
		pos := record.Pos{Line: s.line, Col: 1, Offset: s.offset}
		s.line++
		s.offset += n
		if keep {
			s.pending = append(s.pending[:0], line...)
			s.pendingN = n
			s.hasPending = true
			s.pendingPos = pos
			break
		}
		size += n
	}
	c.Size = size
	return c, nil
}

// startsNext applies the recovery rule to a line read inside a game.
func (s *Splitter) startsNext(line []byte, pos record.Pos, sawMoves, inComment, afterResult bool) bool {
	if !sawMoves {
		return false
	}
	if afterResult && !inComment && startsGame(line) {
		// Games written one after another without tags: a line that
		// starts like movetext after a line ending in a termination
		// marker begins the next game.
		return true
	}
	if len(line) == 0 || line[0] != '[' {
		return false
	}
	if !inComment {
		return true
	}
	return looksLikeTag(line) && !s.commentCloses(line, pos.Offset)
}

// tagNameHash is a hash of the tag name at the start of a tag line (FNV-1a
// over the bytes after `[` up to a space or quote): the splitter remembers
// the game's tag names without keeping the lines.
func tagNameHash(line []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range line[1:] {
		if c == ' ' || c == '\t' || c == '"' || c == ']' || c == '\n' || c == '\r' {
			break
		}
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h
}

// hasTag reports whether the current game already has the tag that line
// starts.
func (s *Splitter) hasTag(line []byte) bool {
	h := tagNameHash(line)
	for _, t := range s.tagNames {
		if t == h {
			return true
		}
	}
	return false
}

// looksLikeTag reports whether a line starts like a tag pair: `[` and a tag
// name. Inside a comment only such a line may end the game, so that text
// such as `[%clk 1:00:00]` at the start of a comment line never does.
func looksLikeTag(line []byte) bool {
	if len(line) < 2 || line[0] != '[' {
		return false
	}
	c := line[1]
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}

// scanLine follows braces and `;` comments through one line and reports
// whether a brace comment is open at its end.
func scanLine(line []byte, inComment bool) bool {
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case inComment:
			j := bytes.IndexByte(line[i:], '}')
			if j < 0 {
				return true
			}
			i += j
			inComment = false
		case c == '{':
			inComment = true
		case c == ';':
			return false
		}
	}
	return inComment
}

// commentCloses reports whether a `}` comes before any `{` from the start of
// line (at file offset off) within the look-ahead window.
func (s *Splitter) commentCloses(line []byte, off int) bool {
	if s.closeAt >= off {
		return true
	}
	if j := bytes.IndexAny(line, "{}"); j >= 0 {
		if line[j] == '}' {
			s.closeAt = off + j
			return true
		}
		return false
	}
	// Peek may move bufio's buffer under line: line is not used after it.
	n := len(line)
	ahead, _ := s.r.Peek(lookahead) // a short read at the end of input is fine
	if j := bytes.IndexAny(ahead, "{}"); j >= 0 && ahead[j] == '}' {
		s.closeAt = off + n + j
		return true
	}
	return false
}

func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\v' && c != '\f' {
			return false
		}
	}
	return true
}

// afterTag returns what follows the closing `]` of the tag at the start of
// line (the tag value's quotes and escapes respected), or nil.
func afterTag(line []byte) []byte {
	inString := false
	for i := 1; i < len(line); i++ {
		switch c := line[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case !inString && c == ']':
			return line[i+1:]
		}
	}
	return nil
}

// endsWithResult reports whether the last token of a line is a termination
// marker, as the lexer reads it (`1.*`, `$0*`). skip is the length of a
// comment's end at the start of the line (through its `}`), or 0. Only
// lines that end with a marker's last character are lexed, about once a
// game.
func endsWithResult(line []byte, skip int) bool {
	end := len(line)
	for end > skip && isSpace(line[end-1]) {
		end--
	}
	if end == skip {
		return false
	}
	switch line[end-1] {
	case '*', '0', '1', '2':
	default:
		return false
	}
	src := strings.Repeat(" ", skip) + string(line[skip:end])
	lx := newLexer(src, "", startPos)
	last := lexer.TokenType(0)
	for {
		t, err := lx.Next()
		if err != nil {
			return false
		}
		if t.EOF() {
			break
		}
		last = t.Type
	}
	return last == tokResult && lx.done && lx.rest == len(src)
}

// startsGame reports whether a line starts like the movetext of a game: a
// move number, a move or a comment (`{` or `;`). Anything else after a termination
// marker is text between games.
func startsGame(line []byte) bool {
	i := 0
	for i < len(line) && isSpace(line[i]) {
		i++
	}
	if i == len(line) {
		return false
	}
	if line[i] == '{' || line[i] == ';' {
		return true
	}
	j := i
	for j < len(line) && !isDelim(line[j]) {
		j++
	}
	w := line[i:j]
	if len(w) == 0 {
		return false
	}
	if w[0] >= '0' && w[0] <= '9' {
		k := 0
		for k < len(w) && w[k] >= '0' && w[k] <= '9' {
			k++
		}
		if k < len(w) && w[k] == '.' {
			return true
		}
	}
	for len(w) > 0 {
		part := w
		if c := bytes.IndexByte(w, ','); c >= 0 {
			part, w = w[:c], w[c+1:]
		} else {
			w = nil
		}
		if _, err := ParseMove(string(part)); err != nil {
			return false
		}
	}
	return true
}
