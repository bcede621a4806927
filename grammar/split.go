package grammar

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/bits"
	"slices"
	"strings"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/ashtapada/ashtapada/record"
)

// Chunk is the text of one game, cut from a stream by a Splitter.
type Chunk struct {
	Data []byte
	// Pos is the position of Data[0] in the file: the start of a line, or
	// the text after the previous game's termination marker on its line.
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
	// afterMarker: the chunk begins with text that followed the
	// previous game's termination marker (on its line or on the lines
	// after it) without starting with a tag; when that text cannot be
	// read as a game, the reader says so.
	afterMarker bool
	// notation and noGuess are the splitter's, for the reader.
	notation record.Notation
	noGuess  bool
	// tags are tag lines written the usual way (plainTagAt, a line end
	// after the `]`: tagLineEnd) that the splitter read one after another
	// from offset tagsAt on: for each, the offsets from its `[` of its
	// name's end and of its value's closing quote, and its line end
	// (tagCRLF); the next starts after it (tagLineStep), and tagsEnd is
	// the offset after the last one's line end. The lexer takes their
	// names and values unread.
	tagsAt, tagsEnd int
	tags            []uint16
	// noParen: Data from tagsEnd on holds no `(` (noParen), so that the
	// lean read need not search it for a variation. False when not known.
	noParen bool
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
	// slab is where chunks are collected: each takes the bytes after
	// the last one's (slabBytes). With Recycle, new slabs come from
	// free when one waits there, and spent are the slabs done with since
	// the last Spent.
	slab  []byte
	free  <-chan []byte
	spent [][]byte
	// closeAt is the file offset of a `}` known to close the current
	// comment: candidates before it need no new look-ahead, which keeps
	// the splitter linear on comments full of blank lines.
	closeAt int
	// limits bound a game's size (Limits.MaxGameBytes) and travel with
	// each chunk to the reader; pendingN is the full length of the
	// pending line, which keeps at most MaxGameBytes+1 of its bytes.
	limits   Limits
	pendingN int
	// notation is what the games' moves are written in (SetNotation);
	// noGuess stops the guess of a book's notation (SetGuess).
	notation record.Notation
	noGuess  bool
	// tagNames are where the current game's tag lines are in its chunk,
	// with those of tagRun (whose places follow from it), to see a game
	// of tags only end where the next one's tags begin (hasTag). The
	// names are hashed only then, about never: a game has movetext.
	tagNames []span
	// tagRun is Chunk.tags of the current game, from tagRunAt to
	// tagRunEnd; tagSlab holds those handed out with the chunks.
	tagRun              []uint16
	tagRunAt, tagRunEnd int
	tagSlab             []uint16
	// tagRunIn is the offset in the input (consumed's) of tagRunEnd.
	tagRunIn int
	// names holds, for each of the first places of a game's run of tag
	// lines, the last name of six bytes or fewer that runTagLines read at
	// that place (nameGuess).
	names [16]nameGuess
	// consumed counts the bytes taken from r (the line reader's own
	// offset); nl and cr remember where the next `\n` and `\r` are, so
	// that a file of CR-only line ends is not searched for `\n` again at
	// every line, nor a file without `\r` for `\r`.
	consumed int
	nl, cr   byteMemo
	// lone is an offset in the input before which, from where plainRun
	// last asked, no `\r` stands alone (loneCR).
	lone int
	// sp remembers, by offset in the input, up to where each of
	// splitChars is known not to be (the next one, or the end of what was
	// searched when it holds none), and spAt the first of those (special):
	// plainRun hands scanLine only the lines that reach it, from there.
	sp   [len(splitChars)]int
	spAt int
	// spRest is the least of the bounds in sp of `;`, `(` and `*`, which
	// most games hold none of: special asks them as one. parenFrom is
	// where the search that set sp's bound of `(` started: the input
	// holds no `(` from parenFrom up to that bound (noParen).
	spRest    int
	parenFrom int
	// depth counts the open `(` of the current game outside comments: a
	// termination marker ends the game only outside variations.
	depth int
	// pendingAfterMarker is Chunk.afterMarker for the pending line.
	pendingAfterMarker bool
	// bom: a byte-order mark was dropped at the start; residue is the
	// blank text at the end that belongs to no game (a file of white
	// space only): fmt accounts for every byte of its input.
	bom     bool
	residue []byte
	// win is the reader's buffered bytes, of which the first wi are
	// lines taken by nextLine and not yet discarded from the reader:
	// most lines are cut from it without a call into the reader (sync
	// hands the taken bytes back before the reader is used again).
	win []byte
	wi  int
}

// NewSplitter returns a splitter reading r, with DefaultLimits and
// notation SAN.
func NewSplitter(r io.Reader) *Splitter {
	s := &Splitter{r: bufio.NewReaderSize(r, lookahead+4096), line: 1, closeAt: -1, limits: DefaultLimits(), nl: byteMemo{at: -1}, cr: byteMemo{at: -1}, spAt: -1, spRest: -1}
	for k := range s.sp {
		s.sp[k] = -1
	}
	return s
}

// BOM reports whether the input started with a UTF-8 byte-order mark,
// which belongs to no game (Pos offsets count it).
func (s *Splitter) BOM() bool { return s.bom }

// Residue is the blank text after the last game, or of an input with no
// game, that no chunk holds; valid once Next has returned io.EOF.
func (s *Splitter) Residue() []byte { return s.residue }

// SetLimits sets the limits for the games read from now on (NewSplitter
// starts with DefaultLimits).
func (s *Splitter) SetLimits(l Limits) { s.limits = l }

// SetNotation says what the moves of the games read from now on are
// written in: record.LAN or record.UCI for coordinate files, one of the
// books' notations (descriptive, a language's letters, figurines:
// docs/notation-books.md); SAN, the default, reads every algebraic form
// and reports the non-SAN ones as lenient. The chunks carry it to
// ParseChunk.
func (s *Splitter) SetNotation(n record.Notation) { s.notation = n }

// SetGuess says whether a game that SAN cannot read (when the notation is
// SAN) is read again in the books' notations, the first that reads it
// taken with a notation-guessed warning. On by default; --notation san
// turns it off.
func (s *Splitter) SetGuess(on bool) { s.noGuess = !on }

// lineMax is the most of one line the splitter keeps: a line longer than
// a game may be is never needed whole.
func (s *Splitter) lineMax() int {
	if s.limits.MaxGameBytes > 0 {
		return s.limits.MaxGameBytes + 1
	}
	return 0
}

// readLineMax returns the next line with its line end, or io.EOF, keeping
// at most about max bytes of it (0: all); n is the line's full length. A
// line ends at `\n`, `\r\n` or a lone `\r` (old Mac files): the lexer
// counts lines the same way. The bytes beyond max are read and dropped, so
// that a line of 50 MB costs no more memory than max. The slice is only
// valid until the next read.
func (s *Splitter) readLineMax(max int) (line []byte, n int, err error) {
	var long []byte // a line longer than the buffer, collected
	for {
		b, perr := s.r.Peek(1)
		if len(b) == 0 {
			if perr == nil || perr == io.EOF {
				if n > 0 {
					return long, n, nil
				}
				return nil, 0, io.EOF
			}
			return nil, n, perr
		}
		b, _ = s.r.Peek(s.r.Buffered())
		end := s.lineEnd(b)
		if end == 0 && len(b) < s.r.Size() {
			// No line end buffered yet, and room for more: fill.
			more, perr := s.r.Peek(len(b) + 1)
			switch {
			case len(more) > len(b):
				continue
			case perr != nil && perr != io.EOF:
				return nil, n, perr
			}
			// Filling may have moved the buffered bytes: b is stale.
			b = more
			end = len(b) // the input's last line, without a line end
		}
		if end > 0 {
			line = b[:end]
			_, _ = s.r.Discard(end) // the bytes stay in place until the next read
			s.consumed += end
			if n == 0 {
				return line, end, nil
			}
			n += end
			if max <= 0 || len(long) < max {
				long = append(long, line...)
			}
			return long, n, nil
		}
		// The buffer is full and holds no line end: keep up to max of it
		// (a final `\r` waits for the byte after it).
		take := len(b)
		if b[take-1] == '\r' {
			take--
		}
		if max <= 0 || len(long) < max {
			long = append(long, b[:take]...)
		}
		n += take
		_, _ = s.r.Discard(take)
		s.consumed += take
	}
}

// nextLine is readLineMax for the splitter's loop: a line wholly in the
// buffered window is cut from it in place; else the reader reads it.
func (s *Splitter) nextLine(max int) (line []byte, n int, err error) {
	if b := s.win[s.wi:]; len(b) > 0 {
		if end := s.lineEnd(b); end > 0 {
			s.wi += end
			s.consumed += end
			return b[:end:end], end, nil
		}
	}
	s.sync()
	line, n, err = s.readLineMax(max)
	if err == nil {
		// No fill: the line read stays where it is.
		s.win, _ = s.r.Peek(s.r.Buffered())
	}
	return line, n, err
}

// plainRun is the length of the run of whole lines at the head of the
// window that Next would take one by one changing nothing but the
// chunk's bytes and the line count, and how many lines it holds; room,
// when not negative, is the most bytes the game may still take, and at is
// where the run will start in the game's chunk.
//
// In movetext (moves true: the game has movetext, the line before not
// ending with a termination marker), such a line holds no `\r` and
// leaves no game cut on it (scanLine, which follows its parentheses and
// comments). Outside a comment it starts with no white space, `[` or `%`
// (no tag, escape or blank line); inside one (inComment, at the start
// and at the end of the run), any line but one that starts like a tag,
// read from the comment's `}` when it holds one. A line that ends with a
// termination marker (endsWithResult) ends the run, and marker says so.
// Among the tags (moves false, no blank line after them yet), it is a tag
// pair written the usual way, `[Name "value"]` and the line end, which
// the run adds to the game's tag lines.
//
// The run also takes the lines Next would take at a game's two edges.
// After the tags, blank lines (blankLines) and a line of movetext
// begin the movetext as they would one by one (the blank lines leave
// nothing that movetext reads, and the line is no tag, escape or blank
// line): the run goes on in movetext, and moved says so. After the line
// with the game's marker, blank lines and a line that starts with `[`
// end the game, which then begins the next (startsNext); the run takes
// the blank lines, and ends says that the game ends there, the next
// one's first line left unread (read by the next call as it would have
// been after being kept aside).
func (s *Splitter) plainRun(moves, inComment bool, room, at int) (r runEnd) {
	b := s.win[s.wi:]
	if room >= 0 && room < len(b) {
		b = b[:room]
	}
	if cr := s.cr.index(b, s.consumed, '\r'); cr >= 0 {
		b = b[:s.loneCR(b, cr)]
	}
	n, lines := 0, 0
	for len(b) > n {
		if moves {
			e, rest := 0, b[n:]
			if !inComment && s.depth == 0 {
				// Quiet lines: wholly before the special byte found
				// last, outside comments and variations, starting with
				// one of plainFirst and not ending like a marker. For
				// them the tests below change nothing but the line
				// count: they are taken in a loop of their own, and
				// the line that ends it goes on with its end found.
				quiet := s.spAt - (s.consumed + n)
				for {
					e = bytes.IndexByte(rest, '\n') + 1
					if e == 0 || e > quiet || !plainFirst[rest[0]] || mayEndWithResult(rest[:e]) {
						break
					}
					rest, quiet = rest[e:], quiet-e
					lines++
				}
				n = len(b) - len(rest)
			} else {
				e = bytes.IndexByte(rest, '\n') + 1
			}
			if e == 0 {
				break
			}
			line, depth := rest[:e], s.depth
			// clean: line[:clean] holds no splitChars but castlings' dashes.
			open, cut, skip, clean := false, 0, 0, 0
			if inComment {
				// Inside a comment only a line that starts like a tag
				// may end the game (startsNext): Next reads it.
				if looksLikeTag(line) {
					break
				}
				if skip = bytes.IndexByte(line, '}') + 1; skip == 0 {
					n += e
					lines++
					continue
				}
				// Read on from the comment's end, found just now.
				from := skip
				if depth == 0 {
					from = min(skip+s.special(rest[skip:], s.consumed+n+skip), e)
					if from < e && line[from] == '{' {
						from, open = s.pastComments(rest, s.consumed+n, from, e)
					}
				}
				if from < e && !lastMarker(line, from) {
					open, cut = s.scanLine(line, from, skip, false)
				}
			} else {
				if !plainFirst[rest[0]] {
					break
				}
				from := 0
				if depth == 0 {
					// Outside variations scanLine looks at nothing
					// before the first of splitChars, which most lines
					// hold none of.
					// Most lines are before the special byte found
					// last: special, inlined, answers them without a
					// call.
					from = min(s.special(rest, s.consumed+n), e)
					clean = from
					if from < e && line[from] == '{' {
						from, open = s.pastComments(rest, s.consumed+n, from, e)
					}
				}
				if from < e && !lastMarker(line, from) {
					open, cut = s.scanLine(line, from, 0, false)
				}
			}
			if cut > 0 {
				// Next reads it, from the same state.
				s.depth = depth
				break
			}
			n += e
			lines++
			if inComment = open; !open && mayEndWithResult(line) && endsWithResult(line, skip, clean) {
				// The game's last line, most often: the run ends with it.
				r.marker = true
				k, blank := blankLines(b, n)
				if k < len(b) && b[k] == '[' {
					lines += blank
					n, r.ends = k, true
				}
				break
			}
			continue
		}
		// The tag lines: tagLines takes all it can, so that it would take
		// none at once again; then the blank lines and the movetext.
		k, t := s.tagLines(b, n, at)
		n, lines = k, lines+t
		k, blank := blankLines(b, n)
		if k == len(b) || !plainFirst[b[k]] {
			break
		}
		// Movetext, after blank lines or none.
		lines += blank
		n, moves, r.moved = k, true, true
	}
	r.n, r.lines, r.inComment = n, lines, inComment
	return r
}

// blankLines passes the blank lines from offset n of plainRun's window b
// that a run takes, `\n` or `\r\n` alone (the window holds no other
// `\r`: loneCR), and returns the offset after them and how many.
func blankLines(b []byte, n int) (k, lines int) {
	for k = n; k < len(b); lines++ {
		if b[k] == '\n' {
			k++
		} else if b[k] == '\r' && k+1 < len(b) && b[k+1] == '\n' {
			k += 2
		} else {
			break
		}
	}
	return k, lines
}

// loneCR is where plainRun's window b (from the head of the unread input),
// whose first `\r` is at cr, ends for a run: at its first `\r` that is no
// half of a `\r\n`, a line end of its own that a run does not take, or
// one that ends b. A line that ends with `\r\n` is one line to Next
// (lineEnd) as to the lexer, and a run takes it whole with its `\n`: in a
// file with `\r\n` line ends, runs read the movetext, the tag lines
// (tagLineEnd) and the blank lines (blankLines) as they do elsewhere. It
// remembers where it stopped, so that each `\r` is passed once.
func (s *Splitter) loneCR(b []byte, cr int) int {
	i := max(cr, s.lone-s.consumed)
	for i < len(b) {
		if b[i] == '\r' && (i+1 == len(b) || b[i+1] != '\n') {
			break
		}
		j := bytes.IndexByte(b[i+1:], '\r')
		if j < 0 {
			i = len(b)
			break
		}
		i += j + 1
	}
	s.lone = s.consumed + i
	return i
}

// tagLines takes the tag pairs written the usual way (plainTagAt, as the
// lexer reads them) with a line end right after (tagLineEnd), one after
// another from offset n of b (at is where b starts in the game's chunk):
// Next reads such a line as a tag and nothing after it (afterTag,
// closingQuote). Each is added to the game's tag lines. It returns the
// offset after the last one taken and how many it took.
func (s *Splitter) tagLines(b []byte, n, at int) (int, int) {
	k := len(s.tagRun)
	// The lines that join the run: it is empty, or they follow its last
	// without a line between; the others are apartTags'.
	if k == 0 || s.tagRunEnd == at+n {
		if k == 0 {
			// Read only with the run's tags (Chunk.tags): where no line
			// joins, nothing reads it.
			s.tagRunAt = at + n
		}
		n = s.runTagLines(b, n)
		s.tagRunEnd, s.tagRunIn = at+n, s.consumed+n
	}
	lines := len(s.tagRun) - k
	if n < len(b) && b[n] == '[' {
		var more int
		n, more = s.apartTags(b, n, at)
		lines += more
	}
	return n, lines
}

// nameGuess is a tag line's name as plainTagName read it, with the ` "`
// after it: the eight bytes after the line's `[` (word), the bytes of
// them that the name and ` "` fill (mask), and the name's end from the
// `[` (end, 0 when there is no name). A line whose bytes under mask are
// the same has that name, and plainTagName would end it at the same
// place (the space after it is no name byte): the games of a file most
// often write the same tags in the same order, and one word compared
// costs less than the name's byte loop.
type nameGuess struct {
	word, mask uint64
	end        int
}

// runTagLines appends to the game's run of tag lines those from offset n
// of b that it can take (tagLines), and returns the offset after the last.
// A function of its own: its loop holds only what a line needs across
// nextValueByte's call, not tagLines' values around it.
func (s *Splitter) runTagLines(b []byte, n int) int {
	for n < len(b) && b[n] == '[' {
		// plainTagAt, its parts inlined here; the name most often that
		// of the last game's line at this place of the run.
		j := 0
		if k := len(s.tagRun); k < len(s.names) && n+9 <= len(b) {
			g := &s.names[k]
			x := binary.LittleEndian.Uint64(b[n+1 : n+9])
			if g.end != 0 && (x^g.word)&g.mask == 0 {
				j = n + g.end
			} else if j = plainTagName(b, n+1); j != 0 && j-n <= 7 {
				// The name and ` "` fill j-n+1 bytes of x.
				*g = nameGuess{word: x, mask: ^uint64(0) >> (64 - 8*(j-n+1)), end: j - n}
			}
		} else {
			j = plainTagName(b, n+1)
		}
		if j == 0 {
			break
		}
		e := nextValueByte(b, j+2)
		next := tagLineEnd(b, e)
		if next == 0 || (e-n)|(j-n)<<1 >= 256 {
			// A value or name too long for the run's offsets
			// (tagNameEnd): the run ends before this line, which
			// apartTags takes.
			break
		}
		s.tagRun = append(s.tagRun, uint16(j-n)<<8|uint16(e-n)|uint16(next-e-3)<<15)
		n = next
	}
	return n
}

// apartTags is tagLines for the lines that cannot join the game's run of
// tag lines: each is added to the game's tag lines on its own (tagNames).
func (s *Splitter) apartTags(b []byte, n, at int) (int, int) {
	lines := 0
	for n < len(b) && b[n] == '[' {
		j, e := plainTagAt(b, n+1)
		next := 0
		if j != 0 {
			next = tagLineEnd(b, e)
		}
		if next == 0 {
			break
		}
		s.tagNames = append(s.tagNames, span{at + n, at + next})
		n = next
		lines++
	}
	return n, lines
}

// tagLineEnd is the offset after the line end of the tag line whose value
// nextValueByte ended at e, if it is closed there (plainTagClosed) with
// its line end right after: `\n`, or `\r\n`, which the lexer reads as one
// line end too. Otherwise it is 0.
func tagLineEnd(b []byte, e int) int {
	if !plainTagClosed(b, e) || e+2 >= len(b) {
		return 0
	}
	if b[e+2] == '\n' {
		return e + 3
	}
	if b[e+2] == '\r' && e+3 < len(b) && b[e+3] == '\n' {
		return e + 4
	}
	return 0
}

// A run's tag line (Chunk.tags) is k: its name's end at k>>8&tagNameEnd
// from its `[`, its value's closing quote at k&0xff, and tagCRLF set when
// it ends with `\r\n` (then the next starts 4 bytes after the quote, not
// 3: tagLineStep).
const (
	tagNameEnd = 0x7f
	tagCRLF    = 0x8000
)

// tagLineStep is the offset of the next line from the closing quote of
// the run's tag line k.
func tagLineStep(k uint16) int { return 3 + int(k>>15) }

// runEnd is what a run took (plainRun): n bytes, lines lines, and what
// Next's state becomes after them.
type runEnd struct {
	n, lines                       int
	moved, inComment, marker, ends bool
}

// splitChars are the splitBytes that matter outside variations (a `)`
// changes nothing there).
const splitChars = "{;(*-"

// special is an offset in b, the window from offset base of the input
// on, before which b holds none of splitChars: the first of them, or the
// end of a stretch searched without finding one (then no byte there need
// be one: scanLine, started there, reads on), or len(b) or more. Each byte
// is searched for (bytes.IndexByte) once for each of them, not looked at
// by scanLine on every line of movetext.
func (s *Splitter) special(b []byte, base int) int {
	if s.spAt >= base {
		return s.spAt - base
	}
	return s.specialPast(b, base)
}

// specialPast is special once base is past the special byte found last
// (spAt < base): the searches, without asking spAt again. After a
// comment (pastComments) that is always so.
func (s *Splitter) specialPast(b []byte, base int) int {
	// After a comment or a game's marker most often only `{`'s or `-`'s
	// bound was passed: the three others are asked as one (spRest).
	if s.spRest < base {
		s.spRest = math.MaxInt
		for k := brace + 1; k < dash; k++ {
			if s.sp[k] < base {
				i := bytes.IndexByte(b, splitChars[k])
				if i < 0 {
					i = len(b)
				}
				s.sp[k] = base + i
				if k == paren {
					s.parenFrom = base
				}
			}
			s.spRest = min(s.spRest, s.sp[k])
		}
	}
	i := s.sp[brace] - base
	if i < 0 {
		if i = bytes.IndexByte(b, splitChars[brace]); i < 0 {
			i = len(b)
		}
		s.sp[brace] = base + i
	}
	d := s.sp[dash] - base
	if d < 0 {
		d = nextDash(b)
		s.sp[dash] = base + d
	}
	at := min(i, d, s.spRest-base)
	s.spAt = base + at
	return at
}

// dash is the place of `-` in splitChars, the last, brace that of `{`,
// the first, and paren that of `(`.
const (
	dash  = len(splitChars) - 1
	brace = 0
	paren = 2
)

// nextDash is the offset of the first `-` in b that is not a castling's
// (`O-O`), or len(b): outside variations a castling's dash changes nothing
// scanLine does, and in most games the castlings are most of the dashes
// before the marker's.
func nextDash(b []byte) int {
	i := bytes.IndexByte(b, '-')
	for i > 0 && b[i-1] == 'O' {
		j := bytes.IndexByte(b[i+1:], '-')
		if j < 0 {
			return len(b)
		}
		i += j + 1
	}
	if i < 0 {
		return len(b)
	}
	return i
}

// pastComments passes over the comments outside variations that open at
// from (a `{`) on the first line of rest, the window from offset base of
// the input on, whose length is e, and close on it, as scanLine would: it
// returns where the first of splitChars after them is (special, whose
// search for the next `{` starts there and goes on past the line), or
// that the last of them stays open at the line's end (open, and e).
func (s *Splitter) pastComments(rest []byte, base, from, e int) (at int, open bool) {
	for from < e && rest[from] == '{' {
		j := bytes.IndexByte(rest[from+1:e], '}')
		if j < 0 {
			return e, true
		}
		q := from + j + 2
		// spAt was the `{` at from, before q.
		from = min(q+s.specialPast(rest[q:], base+q), e)
	}
	return from, false
}

// lastMarker reports whether line, a line of movetext with its `\n`,
// ends with the `-` at from and a `0`, `1` or `1/2` after it (the game's
// marker, most often), so that from there scanLine would change nothing:
// the word ends the line, so no text follows a marker (markerCut), and the
// rest holds none of splitBytes.
func lastMarker(line []byte, from int) bool {
	switch len(line) - from {
	case 3:
		return line[from] == '-' && (line[from+1] == '0' || line[from+1] == '1')
	case 5:
		return line[from] == '-' && string(line[from+1:from+4]) == "1/2"
	}
	return false
}

// plainRuns turns plainRun on; the tests compare the chunks with and
// without it.
var plainRuns = true

// plainFirst are the bytes a line of movetext that plainRun takes may
// start with: no white space (a blank line, an indented tag), no tag and
// no escape.
var plainFirst = func() (first [256]bool) {
	for c := range 256 {
		first[c] = !isSpace(byte(c)) && c != '[' && c != '%'
	}
	return first
}()

// sync discards the lines nextLine took from the window from the reader,
// so that the reader's next byte is the splitter's; the window is let go
// (a read may move the reader's buffer).
func (s *Splitter) sync() {
	if s.wi > 0 {
		_, _ = s.r.Discard(s.wi)
	}
	s.win, s.wi = nil, 0
}

// lineEnd returns the length of the first line of b with its line end, or
// 0 when b holds no complete line end (a `\r` as b's last byte may be the
// first half of `\r\n`).
func (s *Splitter) lineEnd(b []byte) int {
	nl := s.nl.index(b, s.consumed, '\n')
	if cr := s.cr.index(b, s.consumed, '\r'); cr >= 0 && (nl < 0 || cr < nl) {
		switch {
		case cr+1 == len(b):
			return 0
		case b[cr+1] == '\n':
			return cr + 2
		default:
			return cr + 1
		}
	}
	return nl + 1 // 0 when there is no `\n`
}

// byteMemo remembers, by offset in the input, where the next of one byte
// is (at) or up to where there is none (none).
type byteMemo struct{ at, none int }

// index is bytes.IndexByte(b, c) for b at offset base of the input (the
// head of the unread input), from what m remembers: the input is searched
// once for c, not at every line.
func (m *byteMemo) index(b []byte, base int, c byte) int {
	if m.at >= base && m.at < base+len(b) {
		return m.at - base
	}
	from := 0
	if m.none > base {
		if m.none >= base+len(b) {
			// All of b was searched: most often for a byte the input
			// holds none of, at every line that asks.
			return -1
		}
		from = m.none - base
	}
	if i := bytes.IndexByte(b[from:], c); i >= 0 {
		m.at = base + from + i
		return from + i
	}
	m.none = base + len(b)
	return -1
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
			s.consumed = 3
			s.bom = true
		}
	}
	data := s.chunkBuf()
	start := record.Pos{Line: s.line, Col: 1, Offset: s.offset}
	var first []byte // the line that began this game, read with the last one
	afterMarker := false
	if s.hasPending {
		first = s.pending
		start = s.pendingPos
		s.hasPending = false
		afterMarker = s.pendingAfterMarker
	}
	// junk: the chunk began after a marker with text that does not start
	// like a game (tags do); it ends at the first line that does, so that
	// a game after a line of notes is read, not swallowed by them.
	junk := afterMarker && first != nil && !startsGame(first) && tagLine(first) == nil
	sawMoves := false  // the game has movetext (anything but tags, blank lines and escapes)
	tagsEnded := false // a blank line followed the game's tags (and no movetext came)
	s.tagNames, s.tagRun = s.tagNames[:0], s.tagRun[:0]
	inComment := false   // inside a brace comment
	afterResult := false // the last non-blank line ended with a termination marker
	// escapesOnly: the chunk so far is escape lines (and blank lines),
	// no tag and no movetext: a tag line then begins a game of its own,
	// and the escape lines before it are text between games, as a
	// comment before the tags is (docs/format.md, "Escape lines").
	escapesOnly := false
	s.depth = 0
	for {
		if plainRuns && first == nil && s.err == nil && !junk && !escapesOnly && (sawMoves && !afterResult || !sawMoves && !tagsEnded) {
			// Most lines change nothing but the chunk's bytes and the
			// line count (a tag line adds its name, the line with the
			// game's marker sets afterResult): a run of them is taken
			// from the window at once.
			room := -1
			if max := s.limits.MaxGameBytes; max > 0 {
				room = max - len(data)
			}
			if r := s.plainRun(sawMoves, inComment, room, len(data)); r.n > 0 {
				n, lines := r.n, r.lines
				sawMoves = sawMoves || r.moved
				inComment, afterResult = r.inComment, r.marker
				run := s.win[s.wi : s.wi+n]
				if cap(data)-len(data) < n {
					data = s.grow(data, n)
				}
				data = append(data, run...)
				s.wi += n
				s.consumed += n
				s.offset += n
				s.line += lines
				if r.ends {
					return s.chunk(data, start, afterMarker), nil
				}
			}
		}
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
			line, n, err = s.nextLine(s.lineMax())
			if err != nil {
				if err != io.EOF {
					s.err = fmt.Errorf("reading game text: %w", err)
					if sawMoves && afterResult {
						// The game read so far ended with its
						// termination marker: it is whole, and comes
						// before the error, which the next call gives.
						break
					}
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
			if (junk && !inComment && startsGame(line)) || s.startsNext(line, linePos, sawMoves, inComment, afterResult) ||
				(tagsEnded && !sawMoves && looksLikeTag(tagLine(line)) && s.hasTag(tagLine(line), data)) ||
				(escapesOnly && tagLine(line) != nil) {
				s.pending = append(s.pending[:0], line...)
				s.pendingN = n
				s.hasPending = true
				s.pendingPos = linePos
				// Text that follows a marker is after the marker, also
				// after junk that ends with one (as after a marker cut
				// on its line: FuzzParse,
				// testdata/fuzz/FuzzParse/4fa81030e03965b1); a line the
				// junk ends at since it starts a game is a game.
				s.pendingAfterMarker = afterResult && !inComment && tagLine(line) == nil && !(junk && startsGame(line))
				return s.chunk(data, start, afterMarker), nil
			}
		}
		if max := s.limits.MaxGameBytes; max > 0 && len(data)+n > max {
			return s.skipGame(data, start, linePos, len(data)+n)
		}
		if cap(data)-len(data) < len(line) {
			data = s.grow(data, len(line))
		}
		data = append(data, line...)
		blank := isBlank(line)
		cut := 0 // > 0: the game ends at line[:cut], the next begins at line[cut:]
		switch tag := tagLine(line); {
		case blank:
			tagsEnded = s.hasTags()
		case inComment:
			closeAt := bytes.IndexByte(line, '}') + 1
			inComment, cut = s.scanLine(line, 0, closeAt, true)
			afterResult = !inComment && endsWithResult(line, closeAt, 0)
		case line[0] == '%':
			// An escape line: braces in it open nothing.
			escapesOnly = escapesOnly || !sawMoves && !s.hasTags()
		case tag != nil && !sawMoves:
			s.tagNames = append(s.tagNames, span{len(data) - len(tag), len(data)})
			// A tag line: braces in its value open nothing, but movetext
			// may follow the tag on the same line, or more tags, as some
			// pages print them (`[Event "a"] [Site "b"]`).
			rest := afterTag(tag)
			for more := tagLine(rest); more != nil; more = tagLine(rest) {
				if next := afterTag(more); next != nil {
					s.tagNames = append(s.tagNames, span{len(data) - len(more), len(data)})
					rest = next
					continue
				}
				break
			}
			if !isBlank(rest) {
				sawMoves = true
				from := len(line) - len(rest)
				inComment, cut = s.scanLine(line, from, from, false)
				afterResult = !inComment && endsWithResult(line, from, 0)
			}
		default:
			sawMoves = true
			inComment, cut = s.scanLine(line, 0, 0, false)
			afterResult = !inComment && mayEndWithResult(line) && endsWithResult(line, 0, 0)
		}
		if cut > 0 {
			// A termination marker with more text after it on its line:
			// that text is the next game (`1. e4 e5 * 1. d4 *`).
			data = data[:len(data)-len(line)+cut]
			// Asked before the copy: line may be the pending line itself
			// (a game cut on the line it began on), which the copy moves
			// under it (FuzzParse: testdata/fuzz/FuzzParse/6c815878b75b4942).
			nextAfterMarker := tagLine(line[cut:]) == nil
			s.pending = append(s.pending[:0], line[cut:]...)
			s.pendingN = n - cut
			s.hasPending = true
			s.pendingPos = record.Pos{Line: linePos.Line, Col: linePos.Col + cut, Offset: linePos.Offset + cut}
			s.pendingAfterMarker = nextAfterMarker
			return s.chunk(data, start, afterMarker), nil
		}
	}
	if isBlank(data) {
		s.residue = append(s.residue[:0], data...)
		return Chunk{}, io.EOF
	}
	return s.chunk(data, start, afterMarker), nil
}

// chunk is the game collected in data, which starts at start.
func (s *Splitter) chunk(data []byte, start record.Pos, afterMarker bool) Chunk {
	return Chunk{Data: s.own(data), Pos: start, Size: len(data), limits: s.limits, afterMarker: afterMarker, notation: s.notation, noGuess: s.noGuess, tagsAt: s.tagRunAt, tagsEnd: s.tagRunEnd, tags: s.ownTags(), noParen: s.noParen(len(data))}
}

// noParen reports that the chunk of n bytes being cut, with its run of tag
// lines, holds no `(` after that run (Chunk.noParen), as the search of `(`
// that special made last shows (parenFrom). The chunk ends where the
// input read ends (consumed), but for the line or the part of a line
// kept for the next game (pendingN); every byte the input holds from the
// run's end up to there is in the chunk exactly when as many bytes follow
// the run in the chunk.
func (s *Splitter) noParen(n int) bool {
	end := s.consumed
	if s.hasPending {
		end -= s.pendingN
	}
	from := end - (n - s.tagRunEnd)
	return len(s.tagRun) > 0 && from == s.tagRunIn && s.parenFrom <= from && s.sp[paren] >= end
}

// growDouble is the size from which a chunk's room doubles as it grows.
const growDouble = 1 << 20

// slabBytes is the size of the blocks chunks are collected in, and
// slabMin the least room a chunk starts with. Each chunk is handed to
// another goroutine, so it needs bytes of its own; collecting it where it
// stays (instead of in one buffer, then copied to an allocation of its
// own) copies every byte once instead of twice and makes one allocation
// per block of games instead of one per game. A chunk that outgrows the
// rest of its slab moves to a new slab while it is at most slabMove bytes
// (grow), so that a slab is filled to within about a game of its end,
// and to memory of its own (append) beyond, as a huge game must.
const (
	slabBytes = 64 << 10
	slabMin   = 1 << 10
	slabMove  = slabBytes / 2
)

// grow gives data, the chunk being collected from chunkBuf, room for n
// more bytes.
func (s *Splitter) grow(data []byte, n int) []byte {
	if len(data) >= growDouble {
		// A huge game: its room doubles. append grows a large slice by a
		// quarter, which would allocate five times the game's size on
		// the way (docs/robustness.md, "Costs that shaped the code").
		return slices.Grow(data, max(len(data), n))
	}
	if len(data)+n <= slabMove {
		// The game so far (in the rest of the slab: it leaves only past
		// slabMove) is copied to the start of a new slab, where the next
		// games follow it. Nothing was handed out from that rest, and
		// the old slab is not written again (unless it is given back
		// once its chunks are done with: Recycle).
		s.slab = s.newSlab()
		return append(s.slab, data...)
	}
	return data // append moves it to memory of its own
}

// chunkBuf is an empty buffer for the next chunk: the rest of the slab.
func (s *Splitter) chunkBuf() []byte {
	if cap(s.slab)-len(s.slab) < slabMin {
		s.slab = s.newSlab()
	}
	return s.slab[len(s.slab):len(s.slab)]
}

// newSlab is an empty slab of slabBytes for the next chunks: with
// Recycle, one the owner gave back when there is one, and the slab done
// with kept for Spent. It is asked once a slab, and kept out of Next, where
// its code would stand among the lines of every game.
//
//go:noinline
func (s *Splitter) newSlab() []byte {
	if s.free != nil {
		if old := s.slab; cap(old) == slabBytes && len(s.spent) < spentMost {
			s.spent = append(s.spent, old[:0])
		}
		select {
		case b := <-s.free:
			return b[:0]
		default:
		}
	}
	return make([]byte, 0, slabBytes)
}

// spentMost bounds the slabs kept for Spent, for an owner that calls it
// seldom (a stretch of games it does not keep): those past it are left to
// the collector.
const spentMost = 64

// Recycle has the splitter take its slabs from free when one waits there,
// and keep those it is done with (no chunk will be cut from them any more)
// for Spent. A slab holds the bytes of the chunks cut from it: it may be
// sent to free only once every one of them, and whatever was made of
// them, is done with.
func (s *Splitter) Recycle(free <-chan []byte) { s.free = free }

// Spent returns the slabs the splitter was done with since the last call
// (Recycle): every chunk cut from them was returned by Next before this
// call.
func (s *Splitter) Spent() [][]byte {
	sp := s.spent
	s.spent = nil
	return sp
}

// own makes data, collected from chunkBuf, the chunk's: the slab is
// advanced past it, or, when it outgrew the slab, it is the chunk's
// already (cut to its size when that saves much). Its capacity is its
// length, so that nothing appended to it reaches the next chunk.
func (s *Splitter) own(data []byte) []byte {
	n := len(data)
	rest := s.slab[len(s.slab):cap(s.slab)]
	if n > 0 && unsafe.SliceData(data) == unsafe.SliceData(rest) {
		s.slab = s.slab[:len(s.slab)+n]
		return data[:n:n]
	}
	if cap(data)-n > n/8 {
		return bytes.Clone(data)
	}
	return data[:n:n]
}

// skipFactor bounds skipGame: after a game over Limits.MaxGameBytes, at
// most skipFactor times that many bytes are skipped looking for the next
// game (and at least skipFloor bytes).
const (
	skipFactor = 4
	skipFloor  = 64 << 20
)

// skipGame ends a game that has grown past Limits.MaxGameBytes: the line
// at cut did not fit. It reads the rest of the game without keeping it, to
// the next line that starts like a tag (`[` and a tag name). Comments are
// not followed in the skipped text, so a game quoted inside a huge comment
// may start a game early (it is then reported as broken too). size counts
// the game's bytes so far; data are the lines kept.
func (s *Splitter) skipGame(data []byte, start, cut record.Pos, size int) (Chunk, error) {
	c := Chunk{Data: bytes.Clone(data), Pos: start, Truncated: true, CutPos: cut, limits: s.limits, notation: s.notation, noGuess: s.noGuess}
	s.sync()
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
		if skipMax := bigger(s.limits.MaxGameBytes*skipFactor, skipFloor); size > skipMax {
			// No game starts in a great deal of text: a stream that
			// never ends (`yes |`) or that is no PGN. Say so rather
			// than read on silently; the game is reported, the rest
			// of the input is not read.
			s.err = fmt.Errorf("reading game text: no game starts in the %d bytes after line %d, which began a game over the size limit: the rest of the input is not read", size, start.Line)
			break
		}
		pos := record.Pos{Line: s.line, Col: 1, Offset: s.offset}
		s.line++
		s.offset += n
		if keep {
			s.pending = append(s.pending[:0], line...)
			s.pendingN = n
			s.hasPending = true
			s.pendingPos = pos
			s.pendingAfterMarker = false
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
	if afterResult && !inComment && !isBlank(line) && line[0] != '%' {
		// After a line ending in a termination marker, any text but an
		// escape line begins the next game: games written one after
		// another without tags, or text that is not a game, which then
		// is reported as one that cannot be read instead of being
		// skipped unseen.
		return true
	}
	if !inComment {
		// A tag line, also when indented.
		return tagLine(line) != nil
	}
	return looksLikeTag(line) && !s.commentCloses(line, pos.Offset)
}

// tagLine returns line from its `[` when it starts with one after spaces
// or tabs (an indented tag is a tag), else nil.
func tagLine(line []byte) []byte {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i < len(line) && line[i] == '[' {
		return line[i:]
	}
	return nil
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

// span is the bytes [start, end) of a chunk.
type span struct{ start, end int }

// ownTags is a copy of tagRun for the chunk, which goes to another
// goroutine.
func (s *Splitter) ownTags() []uint16 {
	n := len(s.tagRun)
	if n == 0 {
		return nil
	}
	if cap(s.tagSlab)-len(s.tagSlab) < n {
		s.tagSlab = make([]uint16, 0, max(n, 1<<14))
	}
	t := append(s.tagSlab[len(s.tagSlab):], s.tagRun...)
	s.tagSlab = s.tagSlab[:len(s.tagSlab)+n]
	return t[:n:n]
}

// hasTag reports whether the current game, whose chunk so far is data,
// already has the tag that line starts.
func (s *Splitter) hasTag(line, data []byte) bool {
	h := tagNameHash(line)
	for _, t := range s.tagNames {
		if tagNameHash(data[t.start:t.end]) == h {
			return true
		}
	}
	at := s.tagRunAt
	for _, k := range s.tagRun {
		if tagNameHash(data[at:]) == h {
			return true
		}
		at += int(k&0xff) + tagLineStep(k)
	}
	return false
}

// hasTags reports whether the current game has a tag line.
func (s *Splitter) hasTags() bool { return len(s.tagNames) > 0 || len(s.tagRun) > 0 }

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

// CommentEndsGame reports whether a brace comment with this text (no `}`
// in it), written `{text}` in a game, holds a line at which the splitter
// ends the game: a line that starts like a tag when the comment's `}` is
// not the next brace within the look-ahead (startsNext, commentCloses).
func CommentEndsGame(text string) bool {
	for {
		i := strings.IndexAny(text, "\r\n")
		if i < 0 {
			return false
		}
		line := text[i+1:]
		text = line
		if !looksLikeTag([]byte(line[:min(len(line), 2)])) {
			continue
		}
		// The comment's `}` is where the text ends: it must come before
		// any `{`, within the look-ahead after this line. Found here, it
		// holds for the lines after this one too (closeAt).
		end := strings.IndexAny(line, "\r\n")
		switch {
		case end < 0:
			end = len(line)
		case strings.HasPrefix(line[end:], "\r\n"):
			end += 2
		default:
			end++
		}
		return strings.IndexByte(line, '{') >= 0 || len(line)-end >= lookahead
	}
}

// scanLine follows braces, `;` comments and parentheses through a line of
// movetext from line[from:], and reports whether a brace comment is open
// at its end. When a termination marker outside comments and variations
// is followed by more text on the line, cut is where that text begins (and
// the scan stops there); else 0. skip is where the lexer may start
// reading the line (after a comment's end carried from the lines before).
func (s *Splitter) scanLine(line []byte, from, skip int, inComment bool) (open bool, cut int) {
	for i := from; i < len(line); i++ {
		if inComment {
			j := bytes.IndexByte(line[i:], '}')
			if j < 0 {
				return true, 0
			}
			i += j
			inComment = false
			continue
		}
		// Most bytes are none of those below: skip them.
		if i = nextSplitByte(line, i); i == len(line) {
			break
		}
		switch c := line[i]; {
		case c == '{':
			inComment = true
		case c == ';':
			return false, 0
		case c == '(':
			s.depth++
		case c == ')':
			if s.depth > 0 {
				s.depth--
			}
		case s.depth == 0 && (c == '*' || c == '-' && i > 0 && i+1 < len(line) &&
			line[i-1] >= '0' && line[i-1] <= '2' && (line[i+1] == '0' || line[i+1] == '1') ||
			c == '-' && bytes.HasSuffix(line[:i], half) && bytes.HasPrefix(line[i+1:], half)):
			if at := markerCut(line, skip, i); at > 0 {
				return false, at
			}
		}
	}
	return inComment, 0
}

// splitBytes are the bytes scanLine looks at.
var splitBytes = func() (t [256]bool) {
	for _, c := range []byte("{;()*-") {
		t[c] = true
	}
	return t
}()

// nextSplitByte is the offset of the first of splitBytes in line from i
// on, or len(line). It looks at eight bytes at a time: a line of movetext
// holds about none of them (a castling's `-`), and a byte loop over its
// 80 bytes is a large share of the splitter's time (docs/performance.md,
// "Costs that shaped the code").
func nextSplitByte(line []byte, i int) int {
	for ; i+8 <= len(line); i += 8 {
		x := binary.LittleEndian.Uint64(line[i:])
		// `(` and `)` differ in the low bit only, `;` and `{` in bit 6
		// only. Each term marks its bytes exactly up to its first mark (a
		// borrow may mark bytes above it): the lowest mark of all is
		// exact, and only it is read.
		if m := (borrow(x&^lo8^lo8*'(', 1) | borrow(x^lo8*'*', 1) |
			borrow(x^lo8*'-', 1) | borrow(x&^(lo8*0x40)^lo8*';', 1)) &^ x & hi8; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for i < len(line) && !splitBytes[line[i]] {
		i++
	}
	return i
}

// lo8 is 1 in every byte of a word.
const lo8 = 0x0101010101010101

// borrow marks, in its top bits once they are masked with `&^ x`, the
// bytes of x below n (n at most 0x80): exactly the lowest such byte, and
// maybe bytes above it (a borrow). Its other bits are noise: several tests
// ORed together are masked once with hi8. A word x^c (c's bytes below
// 0x80), or x with bits below the top one cleared, has the top bits of x,
// so the marks of several tests of one word are (borrow(a, 1) |
// borrow(b, n)) &^ x & hi8, the `&^ x` taken once ((a&^x)|(b&^x) is
// (a|b)&^x).
func borrow(x, n uint64) uint64 { return x - lo8*n }

// hi8 is the top bit of every byte of a word.
const hi8 = lo8 * 0x80

// half is `½`. The books' `½-½` is a termination marker to the
// descriptive reader, which takes it for 1/2-1/2; SAN has no such
// marker, but the splitter ends a game at it in every notation (the
// reader guesses the notation after the split), so that the text after
// it is read as what it is, never skipped unchecked.
var half = []byte("½")

// bookDraw is the books' draw marker, a word to the lexer.
const bookDraw = "½-½"

func isMarker(b []byte) bool {
	switch string(b) {
	case "1-0", "0-1", "1/2-1/2", "*", bookDraw:
		return true
	}
	return typesetMarkerLen(b, 0) == len(b)
}

// markerCut looks at a possible termination marker whose byte i is in
// line: when the token around it is a marker as the lexer reads it and
// more text follows on the line, it returns where that text begins, else
// 0. Only such lines are lexed, about none in an ordinary file.
func markerCut(line []byte, skip, i int) int {
	end := i + 1
	for end < len(line) && !isDelim(line[end]) {
		end++
	}
	next := end
	for next < len(line) && isSpace(line[next]) {
		next++
	}
	if next == len(line) || skip > i || !endsWithResult(line[:end], skip, 0) {
		return 0
	}
	if rest := bytes.TrimSpace(line[next:]); isMarker(rest) {
		// Only a second marker follows (`* 1-0`): not a game; the reader
		// reports it as text after the marker.
		return 0
	}
	if line[next] == '%' {
		// Text that starts with `%` in the middle of a line is not an
		// escape line, but it would read as one at the start of a line,
		// where fmt writes the next game: the white space before it stays
		// with it, so that it keeps a column after the first wherever it
		// is written (FuzzParse: testdata/fuzz/FuzzParse/af7546a6ffc62caf).
		return end
	}
	return next
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
	s.sync()
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
// line, or nil. The tag value ends where the lexer ends it (its escapes,
// and closingQuote for quotes inside it): text the lexer reads as movetext
// after the tag must be movetext here too (FuzzParse:
// testdata/fuzz/FuzzParse/08e4db166d2fa6b4).
func afterTag(line []byte) []byte {
	for i := 1; i < len(line); i++ {
		switch line[i] {
		case '"':
			j := valueEnd(line, i+1)
			if j >= len(line) || line[j] != '"' {
				return nil // an unterminated value: the lexer's error
			}
			i = closingQuote(line, j)
		case ']':
			return line[i+1:]
		}
	}
	return nil
}

// mayEndWithResult is false for a line ending with `\n` after bytes
// that end no termination marker, for which endsWithResult is false: it
// is asked of every line of movetext, most of which end so (a move to a
// rank above the second, a move number), and is told here, small enough
// to be inlined, without a call. A line that ends with `0`, `1` or `2`
// (a move to the first or second rank, often) is told by the byte before
// too, as endsWithResult tells it, without a branch on the last byte.
func mayEndWithResult(line []byte) bool {
	n := len(line)
	return n < 3 || line[n-1] != '\n' || markerTail[line[n-2]]&(markerAny|markerInner[line[n-3]]) != 0
}

// markerTail says of each byte whether a line may end with it, before
// its `\n`, when it ends with a termination marker: a marker's last byte,
// or white space after the marker (markerAny), or a digit that ends a
// marker only after one of markerInner's bytes (markerDigit).
var markerTail = func() (t [256]uint8) {
	for c := range 256 {
		if isSpace(byte(c)) {
			t[c] = markerAny
		}
	}
	t['*'], t[half[len(half)-1]] = markerAny, markerAny
	t['0'], t['1'], t['2'] = markerDigit, markerDigit, markerDigit
	return t
}()

// markerInner marks (markerDigit) the bytes that stand before the last
// digit of a termination marker (endsWithResult): the `-` of `1-0` and
// `0-1`, the `/` of `1/2`, and any byte from 0x80 on (a typeset dash).
var markerInner = func() (t [256]uint8) {
	for c := 0x80; c < 256; c++ {
		t[c] = markerDigit
	}
	t['-'], t['/'] = markerDigit, markerDigit
	return t
}()

// The bits of markerTail and markerInner.
const (
	markerAny   = 1
	markerDigit = 2
)

// endsWithResult reports whether the last token of a line is a termination
// marker, as the lexer reads it (`1.*`, `$0*`). skip is the length of a
// comment's end at the start of the line (through its `}`), or 0. Only
// lines that end with a marker's last character are lexed, about once a
// game. line[:clean] is known to hold none of splitChars but castlings'
// dashes (nextDash; clean may be 0).
func endsWithResult(line []byte, skip, clean int) bool {
	end := len(line)
	for end > skip && isSpace(line[end-1]) {
		end--
	}
	if end == skip {
		return false
	}
	// The last token must be a marker as written: lines ending in a
	// move to the first or second rank (`Rd1`) or a move number are the
	// common ones here, and the lexer need not see them. Most lines end
	// in none of a marker's last bytes.
	switch line[end-1] {
	case '*', half[len(half)-1]:
	case '0', '1', '2':
		// A marker ends `1-0`, `0-1` or `/2`, or a typeset dash (bytes
		// from 0x80 on) and a digit: a move (`Rd1`) is told here.
		if p := end - 2; p < skip || line[p] != '-' && line[p] != '/' && line[p] < 0x80 {
			return false
		}
	default:
		return false
	}
	k := 0 // the length of the marker of IsResult the line ends with, or 0
	// The line's bytes as a string, not copied: each suffix is then
	// compared with a constant in place, without a call.
	switch t := unsafe.String(unsafe.SliceData(line[skip:]), end-skip); {
	case strings.HasSuffix(t, "*"):
		k = 1
	case strings.HasSuffix(t, "1-0"), strings.HasSuffix(t, "0-1"):
		k = 3
	case strings.HasSuffix(t, "1/2-1/2"):
		k = 7
	case !strings.HasSuffix(t, bookDraw) && !typesetMarkerEnd(line[skip:end]):
		return false
	}
	// The lexer reads the line's bytes where they are (it keeps nothing
	// of them), from skip on: what stands before is the end of a comment.
	// When all before the last word is plain words and numbers, the
	// lexer leaves them with nothing open and nothing ended, so it reads
	// the last word alike from the space before it: only that is lexed.
	from := skip
	ws := end - 1 // the space before the last word: a few bytes back
	if p := end - k - 1; k > 0 && p >= skip && (line[p] == ' ' || line[p] == '\t') {
		// The marker is the last word: the space is right before it.
		ws = p
	}
	for ws >= skip && line[ws] != ' ' && line[ws] != '\t' {
		ws--
	}
	if ws >= skip && (ws <= clean && quietText(line[skip:ws]) || plainText(line[skip:ws])) {
		from = ws + 1
	}
	if IsResult(unsafe.String(unsafe.SliceData(line[from:]), end-from)) {
		// The word is a marker and all of it: the lexer reads it as the
		// game's end with nothing after it (about every game's last line).
		return true
	}
	return lexEndsWithResult(line[:end], from)
}

// lexEndsWithResult is endsWithResult's lexing of line (its trailing white
// space cut off) from offset from.
func lexEndsWithResult(line []byte, from int) bool {
	end := len(line)
	src := unsafe.String(unsafe.SliceData(line), end)
	lx := lex{src: src, line: 1, base: startPos, rest: len(src), i: from}
	last := lexer.TokenType(0)
	lastStart := 0
	for {
		typ, start, _, err := lx.scan()
		if err != nil {
			return false
		}
		if typ == lexer.EOF {
			break
		}
		last, lastStart = typ, start
	}
	if last == tokWord && !lx.done && lx.depth == 0 {
		// `½-½` is a word to the lexer, the marker of a book's draw to the
		// descriptive reader (descScanner.elems).
		return src[lastStart:] == bookDraw || typesetMarkerLen(src, lastStart) == len(src)-lastStart
	}
	if last != tokResult || !lx.done {
		return false
	}
	// The marker ends the line, or only a second marker follows it
	// (`* 1-0`), which stays with the game (markerCut): the next line
	// begins the next game all the same, else a game written there is
	// skipped as text after the marker (FuzzParse:
	// testdata/fuzz/FuzzParse/2ae35dd105d2dc8b).
	return lx.rest == len(src) || isMarker(bytes.TrimSpace(line[lx.rest:end]))
}

// plainBytes are the bytes of plain words and numbers (`12. Nf3+`), in
// which the lexer finds no termination marker, error, variation or
// comment: letters, digits, `.`, `+`, `#`, `=`, `!`, `?`, spaces and tabs.
var plainBytes = func() (t [256]bool) {
	for _, c := range []byte(".+#=!? \t") {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	return t
}()

// plainText reports whether the lexer reads all of b as plain words and
// numbers (plainBytes), NAGs, comments, castling and `)`, `[`, `]`, `}`,
// and leaves them with nothing open, ended or wrong: no marker (each of
// IsResult's has a digit right before its `-`, and no `*`, `(` or byte
// from 0x80 is read), no `"`, `;`, `%` or byte below 0x20 but a tab. A
// NAG has a digit after its `$`; a comment ends, as the lexer ends it, at
// its first `}`, in b.
func plainText(b []byte) bool {
	for i := 0; ; i++ {
		// Four at a time: the line before a game's marker is looked at whole.
		for i+4 <= len(b) && plainBytes[b[i]] && plainBytes[b[i+1]] && plainBytes[b[i+2]] && plainBytes[b[i+3]] {
			i += 4
		}
		for i < len(b) && plainBytes[b[i]] {
			i++
		}
		if i == len(b) {
			return true
		}
		switch b[i] {
		case ')', '[', ']', '}':
		case '{':
			k := bytes.IndexByte(b[i+1:], '}')
			if k < 0 {
				return false
			}
			i += k + 1
		case '$':
			if i+1 == len(b) || b[i+1] < '0' || b[i+1] > '9' {
				return false
			}
		case '-':
			if i > 0 && b[i-1] >= '0' && b[i-1] <= '9' {
				return false
			}
		default:
			return false
		}
	}
}

// quietText reports whether b, which holds none of splitChars but
// castlings' dashes (a `-` after `O`, nextDash), reads to
// the lexer as words, numbers and `)`, `[`, `]`, `}` (as plainText's
// do), with nothing open, ended or wrong after them. It asks only of the bytes
// splitChars leaves: no byte below 0x20 (a NUL is an error, a lone `\r`
// begins a line that may be an escape) or from 0x80 (a typeset marker),
// and no `"`, `$` or `%` (a value, a NAG, an escape). Without `(`, `*`
// and a `-` but after `O`, no word is a marker (each of IsResult's has a
// `-` after a digit) and the
// depth stays 0; without `{` and `;`, nothing is a comment. It reads
// eight bytes at a time: the line before a game's marker is looked at
// whole, and plainText's byte loop costs about five instructions a byte.
func quietText(b []byte) bool {
	if len(b) < 8 {
		return plainText(b)
	}
	var m uint64
	for i := 0; ; i += 8 {
		// The last word ends with b: it may read bytes read already.
		i = min(i, len(b)-8)
		x := binary.LittleEndian.Uint64(b[i:])
		// `$` and `%` differ in the low bit only. x is ORed in: no test
		// needs its `&^ x` ((a&^x)|x is a|x).
		m |= x | borrow(x, 0x20) | borrow(x^lo8*'"', 1) | borrow(x&^lo8^lo8*'$', 1)
		if i+8 == len(b) {
			return m&hi8 == 0
		}
	}
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
		if k < len(w) && (w[k] == '.' || bytes.HasPrefix(w[k:], []byte(ellipsis))) {
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

func bigger(a, b int) int {
	if a > b {
		return a
	}
	return b
}
