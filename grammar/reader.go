package grammar

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
)

// Reader reads games one at a time from a stream; memory does not grow with
// the input.
type Reader struct {
	split     *Splitter
	filename  string
	gamesOnly bool // SkipNonGames
}

// NewReader returns a reader of the games in r; filename is used in
// positions and messages.
func NewReader(r io.Reader, filename string) *Reader {
	return &Reader{split: NewSplitter(r), filename: filename}
}

// SetLimits sets the limits of the games read from now on (NewReader
// starts with DefaultLimits).
func (r *Reader) SetLimits(l Limits) { r.split.SetLimits(l) }

// SetNotation says what the moves of the games read from now on are
// written in (Splitter.SetNotation).
func (r *Reader) SetNotation(n record.Notation) { r.split.SetNotation(n) }

// SetGuess says whether a game SAN cannot read is guessed in the books'
// notations (Splitter.SetGuess).
func (r *Reader) SetGuess(on bool) { r.split.SetGuess(on) }

// Next returns the next game, or io.EOF. Syntax errors are never returned
// as error: they are notices of rule `syntax` in game.Notices. The error is
// only for I/O failure. Text that holds no game (a comment before the first
// game) is returned as a game of its own, so that the games' Source covers
// the input (fmt passes it through); after SkipNonGames it is skipped.
func (r *Reader) Next() (*record.Game, error) {
	c, err := r.NextChunk()
	if err != nil {
		return nil, err
	}
	return ParseChunk(c, r.filename), nil
}

// NextChunk is Next without the reading: the next game's text, for a
// caller that reads it itself (in parts, SourceOf), or io.EOF.
func (r *Reader) NextChunk() (Chunk, error) {
	for {
		c, err := r.split.Next()
		if err != nil {
			return Chunk{}, err
		}
		if !r.gamesOnly || c.IsGame() {
			return c, nil
		}
	}
}

// SkipNonGames makes Next skip text that holds no game (Chunk.IsGame), so
// that games are numbered as validate, pgn-extract and python-chess number
// them.
func (r *Reader) SkipNonGames() { r.gamesOnly = true }

// BOM reports whether the input started with a byte-order mark (dropped:
// no game's Source holds it).
func (r *Reader) BOM() bool { return r.split.BOM() }

// Residue is the blank text no game holds (see Splitter.Residue).
func (r *Reader) Residue() []byte { return r.split.Residue() }

// ReadAll reads every game of r; a convenience for tests and small inputs.
func ReadAll(r io.Reader, filename string) ([]*record.Game, error) {
	rd := NewReader(r, filename)
	var games []*record.Game
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return games, nil
		}
		if err != nil {
			return games, fmt.Errorf("reading %s: %w", filename, err)
		}
		games = append(games, g)
	}
}

// ParseChunk parses the text of one game, wherever it came from in the
// file. It never fails: what it cannot read is a notice in the game. The
// record's strings share c.Data's bytes (as its Source does): they must
// not be changed afterwards.
func ParseChunk(c Chunk, filename string) *record.Game {
	g := &record.Game{Source: c.Data, Pos: c.Pos, Notation: c.notation}
	b := &builder{g: g, filename: filename}
	parseChunkCommon(&c, filename, b, true)
	return g
}

// parseChunkCommon parses a chunk with the fast path (when fast is set)
// and, for a game the fast path rejects, with the grammar.
func parseChunkCommon(c *Chunk, filename string, b *builder, fast bool) {
	parseChunkPaths(c, filename, b, fast)
	if c.afterMarker {
		b.notAGame(c)
	}
}

func parseChunkPaths(c *Chunk, filename string, b *builder, fast bool) {
	g := b.g
	if !c.noGuess && c.notation == record.SAN && !c.Truncated && len(c.Data) < guessBytes {
		defer b.guessNotation(c, filename)
	}
	if c.Truncated {
		// Only the game's first lines were kept: it is reported, not read.
		g.Truncated = true
		g.Notices = append(g.Notices, tooLarge(c.CutPos, c.Size, c.limits.MaxGameBytes))
		return
	}
	// Most games are ASCII without a NUL: one pass over the bytes tells
	// so, and spares both searches below.
	plain := plainASCII(c.Data)
	if !plain && !utf8.Valid(c.Data) {
		// Latin-1 is the only 8-bit encoding PGN files use in practice.
		// The lexer works on the raw bytes (no byte >= 0x80 is a
		// delimiter), so positions stay those of the file; only the text
		// that goes into the record is converted.
		b.latin1 = true
		g.Notices = append(g.Notices, record.Notice{
			Pos: offsetPos(c, firstInvalidUTF8(c.Data)), Rule: ruleid.Encoding, Severity: ruleid.SeverityOf(ruleid.Encoding),
			Message: "the text is not valid UTF-8; read as Latin-1",
		})
	}
	// The record's strings are slices of the chunk's bytes, not of a copy:
	// a game is not copied again to be read (16 MB less for a 16 MB game,
	// and an allocation less per game). The splitter gives every chunk
	// bytes of its own, which nothing changes afterwards.
	src := unsafe.String(unsafe.SliceData(c.Data), len(c.Data))
	if !plain {
		if i := strings.IndexByte(src, 0); i >= 0 {
			// A NUL byte is never text; say where it is even if it stands
			// after the termination marker.
			b.syntax(offsetPos(c, i), "found a NUL byte, expected text")
			return
		}
	}
	if n := checkLimits(c, src, filename, c.limits); n != nil {
		g.Notices = append(g.Notices, *n)
		return
	}
	if c.notation == record.DescriptiveNotation {
		parseDescriptiveChunk(c, filename, src, b)
		return
	}
	keep, parts := len(g.Notices), b.parts
	readGame(c, filename, src, b, fast)
	b.recoverRest(c, filename, src, keep, parts, fast)
}

// wordLess1 and wordMarks are lo8 negated and hi8 as variables, which
// plainASCII loads once: a constant is made again at each use inside a
// loop, a value loaded before it stays in a register.
var wordLess1, wordMarks uint64 = -lo8 & (1<<64 - 1), hi8

// plainASCII reports whether every byte of b is from 0x01 to 0x7f: no
// byte of a multi-byte UTF-8 sequence (or of Latin-1) and no NUL. It reads
// 64 bytes at a time (utf8.Valid reads ASCII 32 at a time); a word's
// bytes are all such exactly when neither x nor x-lo8 has a top bit set:
// the lowest byte that is 0 or from 0x80 takes no borrow from below and
// shows in one of them, and bytes from 1 to 0x7f show in neither. The
// same holds of a byte, two bytes or four read as one number.
func plainASCII(b []byte) bool {
	// Words are loaded aligned (any platform loads those), in its byte
	// order (only whether a byte is marked is asked). Before the first
	// word and after the last, a byte, two and four are read as their
	// address and the length left ask, each aligned as well; the words
	// after the last block, four, two and one. The head's
	// answer is taken before the words, so that the blocks' loop holds
	// no mark but its own; each word is folded into the mark as it is
	// loaded (x + wordLess1 is x - lo8, one LEAQ), so that the loop keeps
	// its values in registers.
	p, n := unsafe.Pointer(unsafe.SliceData(b)), len(b)
	i, m := 0, uint32(0)
	if a := uintptr(p); n >= 8 && a&7 != 0 {
		if a&1 != 0 {
			c := uint32(*(*byte)(p))
			m, i = c|(c-1), 1
		}
		if (a+uintptr(i))&2 != 0 {
			c := uint32(*(*uint16)(unsafe.Add(p, i)))
			m, i = m|c|(c-0x0101), i+2
		}
		if (a+uintptr(i))&4 != 0 {
			c := *(*uint32)(unsafe.Add(p, i))
			m, i = m|c|(c-0x01010101), i+4
		}
		if m&0x80808080 != 0 {
			return false
		}
	}
	less1, marks := wordLess1, wordMarks
	for ; i+64 <= n; i += 64 {
		w := (*[8]uint64)(unsafe.Add(p, i))
		x := w[0] | (w[0] + less1)
		x |= w[1] | (w[1] + less1)
		x |= w[2] | (w[2] + less1)
		x |= w[3] | (w[3] + less1)
		x |= w[4] | (w[4] + less1)
		x |= w[5] | (w[5] + less1)
		x |= w[6] | (w[6] + less1)
		x |= w[7] | (w[7] + less1)
		if x&marks != 0 {
			return false
		}
	}
	var x uint64
	if i+32 <= n {
		w := (*[4]uint64)(unsafe.Add(p, i))
		x = w[0] | (w[0] + less1) | w[1] | (w[1] + less1) |
			w[2] | (w[2] + less1) | w[3] | (w[3] + less1)
		i += 32
	}
	if i+16 <= n {
		w := (*[2]uint64)(unsafe.Add(p, i))
		x |= w[0] | (w[0] + less1) | w[1] | (w[1] + less1)
		i += 16
	}
	if i+8 <= n {
		w := *(*uint64)(unsafe.Add(p, i))
		x |= w | (w + less1)
		i += 8
	}
	if uintptr(p)&7 != 0 && n < 8 {
		// Too short to reach an aligned word: read byte by byte.
		for ; i < n; i++ {
			c := uint32(*(*byte)(unsafe.Add(p, i)))
			m |= c | (c - 1)
		}
	} else {
		if i+4 <= n {
			c := *(*uint32)(unsafe.Add(p, i))
			m, i = m|c|(c-0x01010101), i+4
		}
		if i+2 <= n {
			c := uint32(*(*uint16)(unsafe.Add(p, i)))
			m, i = m|c|(c-0x0101), i+2
		}
		if i < n {
			c := uint32(*(*byte)(unsafe.Add(p, i)))
			m |= c | (c - 1)
		}
	}
	return x&marks == 0 && m&0x80808080 == 0
}

// readGame reads a game in an algebraic notation: with the fast path
// (when fast is set) and, for a game it rejects, with the grammar.
func readGame(c *Chunk, filename, src string, b *builder, fast bool) {
	if !fast {
		parseWithGrammar(c, filename, src, b)
		return
	}
	g := b.g
	base := lexer.Position{Filename: filename, Line: c.Pos.Line, Column: c.Pos.Col, Offset: c.Pos.Offset}
	lx := b.lexer(src, filename, base)
	lx.tagsAt, lx.tagsEnd, lx.tags = c.tagsAt, c.tagsEnd, c.tags
	keep := len(g.Notices)
	if b.buildFast(lx) {
		b.finish(c, lx.rest)
		return
	}
	// The grammar rejects the game: start again with it, for its
	// error message.
	from := b.lastTop
	b.reset(keep, c.Pos)
	parseRejected(c, filename, src, b, from)
}

// recoverRest keeps what stands before a syntax error in the movetext of
// a game read by readGame (docs/format.md, "Nothing read is thrown
// away"): the game is read again by the fast path up to the error, its
// tags and its main line up to the token of the error (or to the `(` of
// the main line's variation that holds it), and the text from there on
// becomes the main line's last node, of kind KindRest. The error stays
// the game's, as readGame found it, so that both readers give the same
// record. Nothing is kept when the tags cannot be read, when nothing
// stands before the error (text that is no game), or when the error is a
// limit or stands after the termination marker (the text between games).
// parts is the builder's partReading when the main line is given in parts: the
// parts the first reading gave stand, and are not given again.
func (b *builder) recoverRest(c *Chunk, filename, src string, keep int, parts *partReading, fast bool) {
	g := b.g
	se := g.SyntaxError()
	if se == nil || se.Rule != ruleid.Syntax || g.Result != "" || b.noRecover {
		return
	}
	n := *se
	b.reset(keep, c.Pos)
	if s := b.scratch; s != nil {
		// What the first reading built is read over: the error is all
		// that is kept of it.
		s.nused, s.mused, s.lused, s.dused = 0, 0, 0, 0
	}
	b.parts, b.skip = parts, b.taken
	b.recovering, b.stopAt = true, n.Pos
	base := lexer.Position{Filename: filename, Line: c.Pos.Line, Column: c.Pos.Col, Offset: c.Pos.Offset}
	b.buildFast(b.lexer(src, filename, base))
	cut := b.cut && !b.failed && (len(g.Tags) > 0 || b.movesGiven || slices.ContainsFunc(g.Moves, isMove))
	b.recovering, b.cut = false, false
	if cut {
		// What was noticed in the text left unread (a variation read up
		// to its error) is not said: only the error is.
		i := keep
		for i < len(g.Notices) && g.Notices[i].Pos.Offset < b.restAt.Offset {
			i++
		}
		g.Notices = append(g.Notices[:i], n)
		g.Recovered = true
		return
	}
	// Not to be kept after all: the game is read as it was the first
	// time, the parts given then not given again.
	b.reset(keep, c.Pos)
	b.parts, b.skip = parts, b.taken
	readGame(c, filename, src, b, fast)
}

// guessBytes is the size from which a game in SAN that cannot be read is
// not read again in the other notations (guessNotation): no book prints a
// game of a megabyte, and each reading of a huge game costs its whole
// record (docs/robustness.md, "A huge game is read in parts").
const guessBytes = 1 << 20

// restartEvery is how many main-line nodes apart the fast path notes a
// turn the grammar can read again from (builder.lastTop); a variable for
// the tests.
var restartEvery = 4096

// parseRejected gives a game the fast path rejected its error message, from
// the grammar: read from from, the last main-line turn the fast path noted
// before it failed, where it was outside any variation and comment and had
// found no error of its own, the grammar stands where it stood and fails at
// the same token, with the same words. Read from the start, the grammar
// would build a tree of the whole game first, gigabytes and minutes for a
// game of 16 MB broken at its end (docs/robustness.md, "A huge game is read
// in parts"). When that reading finds no error (it would be a difference
// between the two readers) the whole game is read.
func parseRejected(c *Chunk, filename, src string, b *builder, from record.Pos) {
	cut := from.Offset - c.Pos.Offset
	if !from.IsValid() || cut <= 0 || cut >= len(src) {
		parseWithGrammar(c, filename, src, b)
		return
	}
	g := b.g
	keep := len(g.Notices)
	rest := *c // a copy: the game's own chunk is read again below
	rest.Data, rest.Pos = c.Data[cut:], from
	parseWithGrammar(&rest, filename, src[cut:], b)
	if n := g.SyntaxError(); n != nil && n.Rule == ruleid.Syntax {
		// The record of a game that could not be read: no moves, no
		// tags, where the game starts.
		g.Pos = c.Pos
		return
	}
	b.reset(keep, c.Pos)
	parseWithGrammar(c, filename, src, b)
}

// notAGame words the syntax error of a chunk that began after the previous
// game's termination marker, when it is at the chunk's first text: that
// text is not a game, and it is skipped. It is an error, not a warning,
// since what it holds was not checked: the exit status says so.
func (b *builder) notAGame(c *Chunk) {
	n := b.g.SyntaxError()
	if n == nil {
		return
	}
	i := 0
	for i < len(c.Data) && isSpace(c.Data[i]) {
		i++
	}
	if n.Pos.Offset != c.Pos.Offset+i {
		return
	}
	found := c.Data[i:]
	if j := indexLineEnd(found); j >= 0 {
		found = found[:j]
	}
	if len(found) > 40 {
		found = found[:40]
	}
	n.Message = fmt.Sprintf("found `%s` after the termination marker, expected a new game; the text is skipped", b.text(string(found)))
}

// parseWithGrammar parses a chunk with the participle grammar: for games the
// fast path rejects (it gives the error message) and for the differential
// test.
func parseWithGrammar(c *Chunk, filename, src string, b *builder) {
	g := b.g
	base := lexer.Position{Filename: filename, Line: c.Pos.Line, Column: c.Pos.Col, Offset: c.Pos.Offset}
	lx := newLexer(src, filename, base)
	peek, err := lexer.Upgrade(lx)
	if err != nil {
		b.parseError(err, src, c)
		return
	}
	ast, err := parser().ParseFromLexer(peek)
	if err != nil {
		// The partial tree may hold a bad move before the place where
		// participle stopped: report whichever comes first.
		keep := len(g.Notices)
		var early *record.Notice
		if ast != nil {
			b.buildTree(ast)
			if n := g.SyntaxError(); n != nil {
				c := *n
				early = &c
			}
		}
		g.Notices = g.Notices[:keep]
		g.Moves, g.Tags, g.Result, g.ResultPos, g.Pos = nil, nil, "", record.Pos{}, c.Pos
		b.failed = false
		b.parseError(err, src, c)
		if n := g.SyntaxError(); early != nil && n != nil && early.Pos.Offset < n.Pos.Offset {
			*n = *early
		}
		return
	}
	b.resultPos = toPos(lx.resultPos)
	b.buildTree(ast)
	b.finish(c, lx.rest)
}

// reset forgets what the builder built, keeping the first keep notices;
// pos is where the game starts.
func (b *builder) reset(keep int, pos record.Pos) {
	g := b.g
	g.Notices = g.Notices[:keep]
	g.Tags, g.Moves, g.Result, g.ResultPos, g.Pos = nil, nil, "", record.Pos{}, pos
	b.failed = false
	b.resultPos = record.Pos{}
	b.slab = nil
	b.lines = nil
	b.stack = nil
	b.missing, b.missingFirst = 0, record.Pos{}
	// The grammar reads the game again whole (the fast path rejected it):
	// what the parts said is void.
	b.parts, b.given, b.movesGiven, b.skip = nil, 0, false, 0
	b.lastTop, b.nextTop = record.Pos{}, 0
	b.varNodes, b.varFrom, b.branched = 0, 0, false
}

func (b *builder) finish(c *Chunk, rest int) {
	if !b.g.Pos.IsValid() {
		b.g.Pos = c.Pos
	}
	if b.g.SyntaxError() == nil {
		b.trailing(c, rest)
		b.noMarker(c)
	}
}

// noMarker warns about a game that ends without a termination marker:
// PGN requires one, and a record cut short (a truncated file, a lost
// page) most often loses it, so the warning is what points at the cut. It
// stands right after the game's last text, where the marker belongs.
//
// Text that holds no game (IsGame: a file's header of escape lines or
// comments before the first tags) needs no marker: fmt reads it as a game
// to write it back, and a warning there would point at nothing.
func (b *builder) noMarker(c *Chunk) {
	if b.g.Result != "" || !c.IsGame() {
		return
	}
	end := len(c.Data)
	for end > 0 && isSpace(c.Data[end-1]) {
		end--
	}
	if end == 0 {
		return
	}
	b.skipped(offsetPos(c, end), "the game ends without a termination marker (1-0, 0-1, 1/2-1/2 or *): the record may be cut short here")
}

type builder struct {
	g         *record.Game
	filename  string
	latin1    bool
	failed    bool
	resultPos record.Pos
	slab      []record.Move
	lines     [][]record.Node // lineHeader's block
	// stack holds the lines of play being built (elems); estimate is the
	// room it starts with when the record has its own storage.
	stack    []record.Node
	estimate int
	pooled   *[]record.Node // where stack came from (nodePool)
	// scratch, when set, provides the storage of nodes and moves
	// (ParseChunkScratch); else each game allocates its own.
	scratch *Scratch
	// descParsed are moves the descriptive scanner has already read, in
	// order, by offset: turn takes them instead of reading them again.
	descParsed []parsedMove
	// Move-number bookkeeping for the `move-number` warnings.
	missing      int
	missingFirst record.Pos
	// parts, when set, takes the main line in parts (readParts);
	// given counts the parts it took; movesGiven says whether one of
	// them held a move.
	parts      *partReading
	given      int
	movesGiven bool
	// lastTop is the last turn of the main line the fast path read at
	// least restartEvery nodes after the one before (nextTop), from where
	// the grammar reads a game the fast path rejects (parseRejected); only a
	// turn at the start of a line is noted.
	lastTop record.Pos
	nextTop int
	// varNodes counts the tokens of variations read, since the part began
	// when the main line is read in parts; varFrom is the count where the
	// main line's variation being read began.
	varNodes, varFrom int
	// branched: a line read holds a variation or a move joined to the
	// one before (a compound turn), for record.Game.MainPlain.
	branched bool
	// lead: the nodes build pushed before the main line's elements
	// (takeLead).
	lead int
	// fen: a tag named FEN was set in the record (runTags, build and
	// leanTags tell each tag's name as they set it): startNumber searches
	// the tags for it only then.
	fen bool
	// taken counts the parts given to partReading.Take over every reading of
	// the game; skip is how many parts a reading does not give, the
	// reading before having given them (recoverRest).
	taken, skip int
	// recovering: the game is read up to stopAt, its syntax error
	// (recoverRest); cut says that the reading stopped there, and restAt
	// where the main line's text stops being read. noRecover: a game
	// read again in another notation (guessNotation) is kept only whole.
	recovering, cut, noRecover bool
	stopAt, restAt             record.Pos
}

func (b *builder) text(s string) string {
	if b.latin1 {
		return latin1ToUTF8(s)
	}
	return s
}

func (b *builder) syntax(p record.Pos, msg string) {
	b.fail(syntaxNotice(p, msg))
}

// fail records n, an error that stops the reading of the game (a syntax
// or a limit notice), unless the game has one already.
func (b *builder) fail(n record.Notice) {
	if b.failed {
		return
	}
	b.failed = true
	b.g.Notices = append(b.g.Notices, n)
}

// syntaxNotice is the `syntax` error msg at p.
func syntaxNotice(p record.Pos, msg string) record.Notice {
	return record.Notice{Pos: p, Rule: ruleid.Syntax, Severity: ruleid.SeverityOf(ruleid.Syntax), Message: msg}
}

// warn adds a notice of a warning id (move-number, lenient-notation).
func (b *builder) warn(p record.Pos, rule, msg string) {
	b.g.Notices = append(b.g.Notices, record.Notice{Pos: p, Rule: rule, Severity: ruleid.SeverityOf(rule), Message: msg})
}

// skipped warns about text the reader skips but reads around (a missing
// termination marker, text after one): a syntax finding that the registry
// allows as a warning, since the game itself is read whole.
func (b *builder) skipped(p record.Pos, msg string) {
	b.g.Notices = append(b.g.Notices, record.Notice{Pos: p, Rule: ruleid.Syntax, Severity: ruleid.WarningOf(ruleid.Syntax), Message: msg})
}

func toPos(p lexer.Position) record.Pos {
	return record.Pos{Line: p.Line, Col: p.Column, Offset: p.Offset}
}

// parseError turns a lexer or participle error into a syntax notice of the
// form "found X, expected Y".
func (b *builder) parseError(err error, src string, c *Chunk) {
	var ue *participle.UnexpectedTokenError
	if errors.As(err, &ue) {
		b.syntax(toPos(ue.Unexpected.Pos), fmt.Sprintf("found %s, expected %s", describeToken(ue.Unexpected), expectation(ue)))
		return
	}
	var pe participle.Error
	if errors.As(err, &pe) {
		b.syntax(toPos(pe.Position()), pe.Message())
		return
	}
	b.syntax(c.Pos, err.Error())
}

func describeToken(t lexer.Token) string {
	if t.EOF() {
		return "the end of the game"
	}
	v := t.Value
	if len(v) > 40 {
		v = v[:40] + "..."
	}
	if t.Type == tokComment {
		return "a comment"
	}
	return "`" + v + "`"
}

// expectation words participle's expected grammar element for people.
func expectation(ue *participle.UnexpectedTokenError) string {
	msg := ue.Message()
	exp := ""
	if i := strings.Index(msg, "(expected "); i >= 0 {
		exp = strings.TrimSuffix(msg[i+len("(expected "):], ")")
	}
	switch {
	case ue.Unexpected.Value == ")" && ue.Unexpected.Type == tokPunct:
		return "a move, a comment or a termination marker (this `)` closes no variation)"
	case exp == `"]"`:
		return "`]` to close the tag (a `\"` inside a tag value must be written `\\\"`)"
	case strings.HasPrefix(exp, "<string>"):
		return "a tag value in double quotes"
	case strings.HasPrefix(exp, "<word>"):
		return "a tag name"
	case exp == `")"`:
		return "`)` to close the variation"
	case exp == "":
		return "a move, a comment, a variation or a termination marker"
	}
	return "a move, a comment, a variation or a termination marker"
}

// buildTree builds the record from a tree (participle's or the descriptive
// scanner's).
func (b *builder) buildTree(ast *gGame) {
	movetextEscapes(ast)
	b.estimate = len(ast.Elems)
	b.build(ast.Tags, treeSrc(ast))
}

// movetextEscapes gives the movetext the escape lines the grammar read
// after the last tag, which its `tag` rule takes too: no tag follows them,
// and the fast path reads them as the movetext's first elements
// (streamTags).
func movetextEscapes(ast *gGame) {
	last := len(ast.Tags)
	for last > 0 && ast.Tags[last-1].Escape != "" {
		last--
	}
	if last == len(ast.Tags) {
		return
	}
	es := make([]gElem, 0, len(ast.Tags)-last+len(ast.Elems))
	for _, t := range ast.Tags[last:] {
		es = append(es, gElem{Pos: t.Pos, Escape: t.Escape})
	}
	ast.Tags, ast.Elems = ast.Tags[:last], append(es, ast.Elems...)
}

// build builds the record from its tags and the elements of its movetext.
func (b *builder) build(tags []gTag, s *elemSrc) {
	g := b.g
	if len(tags) > 0 {
		g.Pos = toPos(tags[0].Pos)
	} else if s.kind != eEnd {
		g.Pos = s.pos
	}
	// Set in place, as the nodes are (push), in a slice cut once: the
	// record holds the tags before one that is no tag.
	n := len(tags)
	if s.lx != nil && len(s.lx.run) > 0 {
		n += len(s.lx.run) - 1
	}
	all := b.tagSlice(n)[:n]
	k := 0
	lead := 0
	for i := range tags {
		t := &tags[i]
		if t.run {
			k += b.runTags(all[k:], s.lx, t.Pos)
			continue
		}
		if t.Escape != "" {
			lead++
			continue
		}
		v := t.Value
		if !t.plain {
			if !ValidTagName(t.Name) {
				g.Tags = all[:k]
				b.syntax(toPos(t.Pos), fmt.Sprintf("found `%s`, expected a tag name (letters, digits and `_`)", t.Name))
				return
			}
			if hasBareQuote(v) {
				b.warn(toPos(t.Pos), ruleid.LenientNotation, fmt.Sprintf("the value of tag %s holds a `\"` without a backslash; PGN writes `\\\"` inside a tag value", t.Name))
			}
			v = unquote(v)
		}
		rt := &all[k]
		rt.Name, rt.Value, rt.Pos = t.Name, b.text(v), toPos(t.Pos)
		b.fen = b.fen || t.Name == "FEN"
		k++
	}
	g.Tags = all[:k]
	start := b.startNumber()
	b.stack = b.stackNodes()
	if lead > 0 {
		// Escape lines among the tags: the main line's first nodes,
		// where an escape line written after the tags stands.
		for i := range tags {
			if t := &tags[i]; t.Escape != "" {
				b.escape(toPos(t.Pos), t.Escape)
			}
		}
		b.lead = lead
	}
	g.Moves = b.elems(s, start, 0)
	g.MainPlain = !b.branched
	if b.failed || b.cut {
		return
	}
	result, ok := s.end()
	if !ok {
		return
	}
	// UCI writes no move numbers: none is missing there.
	if b.missing > 0 && g.Notation != record.UCI {
		msg := "a move number is missing before a white move"
		if b.missing > 1 {
			msg = fmt.Sprintf("move numbers are missing before %d white moves, the first here", b.missing)
		}
		b.warn(b.missingFirst, ruleid.MoveNumber, msg)
	}
	if result != "" {
		if s.lx != nil {
			b.resultPos = toPos(s.lx.resultPos)
		}
		if r, msg, ok := typesetResult(result); ok {
			b.warn(b.resultPos, ruleid.LenientNotation, msg)
			result = r
		}
		g.Result = result
		g.ResultPos = b.resultPos
	}
}

// numbering follows move numbers through a line of play: four times the
// number of the current move, plus two when black is to move, plus one
// when a move number stands before the current turn (numbered), so that
// a turn is one step (the main line's loop, plainTurns, follows it at
// every move, turned) and the number, the side and the numbered mark are
// one word, read and written once a turn. While the number is unknown it
// counts up from unknownNumber, far below 0: the side to move alternates,
// and no number is reached.
type numbering int

const unknownNumber numbering = -1 << 62

// numberingOf is the numbering of move num (0: unknown) with black to
// move or not.
func numberingOf(num int, black bool) numbering {
	n := unknownNumber
	if num > 0 {
		n = numbering(num) << 2
	}
	if black {
		n |= 2
	}
	return n
}

// known reports whether the number is known.
func (n numbering) known() bool { return n >= 0 }

// num is the number of the current move when it is known (below 0
// otherwise: no move number is equal to it).
func (n numbering) num() int { return int(n >> 2) }

// black reports whether black is to move.
func (n numbering) black() bool { return n&2 != 0 }

// numbered reports whether a move number stands before the current turn.
func (n numbering) numbered() bool { return n&1 != 0 }

// next is the numbering after a turn: the side to move changes (past
// black, the number counts on) and the numbered mark is cleared, by an OR
// and an addition. The word shifted right by one (the number and the side)
// so grows by one at each turn, and noteNumber leaves it: leanMain counts
// its plies by it (TestNumberingCountsTurns).
func (n numbering) next() numbering { return (n | 1) + 1 }

// advance passes a turn.
func (n *numbering) advance() { *n = n.next() }

// noteNumber marks the current turn numbered.
func (n *numbering) noteNumber() { *n |= 1 }

// startNumber is where numbering starts: the FEN's move number and side,
// else unknown (the first move number written sets it).
func (b *builder) startNumber() numbering {
	fen, ok := "", false
	if b.fen {
		fen, ok = b.g.Tag("FEN")
	}
	if !ok {
		return numberingOf(1, false)
	}
	f := strings.Fields(fen)
	if len(f) < 2 {
		return numberingOf(0, false)
	}
	v := 0
	if len(f) >= 6 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
			v = n
		}
	}
	return numberingOf(v, f[1] == "b")
}

// elems builds the nodes of one line of play from s, up to its eEnd, on
// the builder's node stack, and returns them.
func (b *builder) elems(s *elemSrc, first numbering, depth int) []record.Node {
	start := len(b.stack) - b.takeLead()
	// The line's numbering: nothing turned yet, the one before is first.
	ln := lineNumbering{num: first, last: first, at: first}
	// The main line of a game read from the stream, in SAN, whole and
	// not up to an error: its plain turns are read by plainTurns.
	tight := depth == 0 && s.lx != nil && s.sanFast && b.parts == nil && !b.recovering && len(b.descParsed) == 0
loop:
	for s.kind != eEnd && !b.failed {
		if depth == 0 && s.lx != nil {
			b.noteRestart(s.pos, s.kind, start)
		}
		if tight && (s.plain || s.numDigits > 0) {
			b.plainTurns(s, start, &ln)
		}
		if depth == 0 && b.parts != nil && b.partEnds(len(b.stack)-start, s.kind) && !(s.kind == eMove && isClosingWord(s.val)) {
			// A word for mate stays in the part of its move, which it
			// marks (markMate).
			b.givePart(start)
		}
		if b.recovering && s.pos.Offset+max(len(s.val), 1) > b.stopAt.Offset {
			// The token of the error, or the one that holds it (a move
			// of a compound turn): after the part's end, as the first
			// reading gave it.
			b.cut, b.restAt = true, s.pos
			break loop
		}
		if depth > 0 {
			// A variation is held whole (a part is cut on the main line
			// only): its tokens are bounded here.
			if b.varNodes++; b.varNodes-b.varFrom > VariationNodes {
				b.fail(limitNotice(s.pos, "a variation holds more than %d tokens (moves, comments, NAGs): the limit is reached here and the game is not read", VariationNodes))
				break loop
			}
		}
		p := s.pos
		val := s.val
		switch s.kind {
		case eMove:
			// A plain move (elemSrc.plain) is no closing word and starts
			// with no comma.
			plain := s.plain && len(b.descParsed) == 0
			sm := s.san
			if !plain && depth == 0 && (len(b.stack) > start || b.given > 0) && isClosingWord(val) {
				// `25.Td8+ aufgegeben`, `20 Bxc5 mate.`: the page's word
				// for resigns or for mate (after the moves of this part,
				// or of a part given).
				b.resignation(s)
				continue
			}
			if !plain && ln.num.numbered() && len(val) > 1 && val[0] == ',' {
				// `( 19...,Tf8 )`: a comma after the move number, as
				// the page's prose sets it.
				b.warn(p, ruleid.LenientNotation, fmt.Sprintf("`%s`: a comma after the move number; read as `%s`", val, val[1:]))
				val = val[1:]
				p.Col++
				p.Offset++
			}
			s.next()
			// A plain move but castling holds its square's digit: it is
			// no prose word (isProseWord), and nearly every move is one.
			if (depth > 0 || len(b.stack) > start || b.given > 0) && (!plain || sm.castle != record.NoCastle) && isProseWord(val) && b.proseStarts(s, val) {
				// `17 Df3 et les blancs sont nettement mieux)`: the
				// annotator's words at the end of a variation, or before
				// the marker (`les blancs abandonnent`).
				b.prose(s, val, p, depth)
				continue
			}
			// Numbered before it is read: below, gluedNumber reads before.
			if turned(&ln.num) {
				b.unnumbered(p)
			}
			for !plain && !b.failed {
				// `dxe56.Bc4`: the next move number glued to the move.
				g, ok := b.gluedNumber(val, ln.before())
				if !ok {
					break
				}
				b.warn(p, ruleid.LenientNotation, fmt.Sprintf("`%s`: the move number `%s` is glued to the move before it; read as `%s %s%s`", b.text(val), g.number, b.text(g.move), g.number, b.text(g.rest)))
				b.turn(g.move, p)
				np := shift(p, len(g.move))
				// Its dots are the number's bytes after the digits.
				b.pushNumber(np, g.number, ln.num.num(), len(g.number)-len(strconv.Itoa(ln.num.num())))
				val, p = g.rest, shift(np, len(g.number))
				// The move after the number, which numbers it (no count).
				turned(&ln.num)
			}
			if b.failed {
				break loop
			}
			if plain && (s.kind != eMove || !attaches(s.val)) {
				b.plainTurn(&elemTok{val, p, sm})
			} else if s.kind == eMove && isApartMark(s.val) {
				b.turnApart(s, val, p)
			} else if s.kind == eMove && (s.val == "x" || strings.HasSuffix(val, "x")) && b.spacedCapture(s, val, p) {
				// `D x d3`, `dx e4`: read as one capture.
			} else {
				b.turn(val, p)
			}
			for s.kind == eMove && !b.failed && attaches(s.val) && evaluationNAG(s.val) > 0 {
				b.evaluation(s.val, s.pos)
				s.next()
			}
			// The turn is followed in the numbering above (turned): the
			// build's profile finds the calls below by their lines.
		case eNumber:
			// readToken's loop read the digits of most numbers (and the
			// token ends in a dot, not in an ellipsis).
			nd, v := s.numDigits, s.num
			s.next()
			var digits string
			var err error
			if nd > 0 {
				digits = val[:nd]
			} else {
				if typeset, ok := dotsOfEllipsis(val); ok {
					b.warn(p, ruleid.LenientNotation, fmt.Sprintf("`%s` writes the ellipsis `…` (U+2026) for the dots; read as `%s`", val, typeset))
					val = typeset
				}
				digits, v, err = moveNumber(val)
			}
			if digits == "" {
				// Dots with no number before them (`... Nf6`): a black
				// move follows when there are three.
				b.warn(p, ruleid.LenientNotation, fmt.Sprintf("`%s` without a move number before it", val))
				if len(val) >= 3 {
					// Black to move, numbered: num set, not turned.
					ln.set(ln.num | 3)
				}
				continue
			}
			if err != nil || v <= 0 {
				b.syntax(p, fmt.Sprintf("found `%s`, expected a move number from 1", val))
				break loop
			}
			if v > record.MaxNumber {
				b.syntax(p, fmt.Sprintf("found `%s`, expected a move number from 1 to %d", quoteToken(val), record.MaxNumber))
				break loop
			}
			dots := len(val) - len(digits)
			text := val
			if s.kind == eNumber && (isDots(s.val) || s.val == ellipsis) {
				// A move number and its dots apart: `1. ...` (as chess.js
				// writes a game that starts with black), `2 . Nf3`.
				sep := s.val
				if sep == ellipsis {
					b.warn(s.pos, ruleid.LenientNotation, "`…` (U+2026) written for the dots; read as `...`")
					sep = "..."
				}
				s.next()
				if !(dots == 1 && len(sep) == 3) {
					b.warn(p, ruleid.LenientNotation, fmt.Sprintf("`%s %s`: a move number is written `%d.` or `%d...`", val, sep, v, v))
				}
				if len(sep) >= 3 {
					dots = len(sep)
				} else {
					dots = max(dots, len(sep))
				}
				text = digits + strings.Repeat(".", dots)
			}
			if dots > record.MaxDots {
				b.syntax(p, fmt.Sprintf("found `%s`, expected a move number with at most %d dots", quoteToken(text), record.MaxDots))
				break loop
			}
			b.numberNode(p, text, val, v, dots, &ln)
			ln.num.noteNumber()
		case eComment:
			s.next()
			b.comment(p, val)
		case eLineComment:
			s.next()
			b.push(record.KindLineComment, p, b.text(strings.TrimRight(val[1:], "\r")))
		case eNAG:
			s.next()
			v, err := strconv.Atoi(val[1:])
			if err != nil || v > 255 {
				b.syntax(p, fmt.Sprintf("found `%s`, expected a NAG from $0 to $255", val))
				break loop
			}
			b.push(record.KindNAG, p, val).Number = int32(v)
		case eEscape:
			s.next()
			b.escape(p, val)
		case eVar:
			// Recursion, one level per variation: bounded by the depth
			// limit, which every reader that feeds the builder held
			// before this (checkLimits for the SAN lexer's stream and
			// participle's tree, descScanner.elems for its own tree).
			s.enter()
			if depth == 0 {
				b.varFrom = b.varNodes
			}
			v := b.elems(s, ln.before(), depth+1) // a variation starts with no number read
			if b.cut {
				// The variation holds the error: the line stops before
				// it (the main line, where this is its outermost).
				b.restAt = p
				break loop
			}
			b.push(record.KindVariation, p, "").SetVariationIn(b.lineHeader(), v)
			ln.num, b.branched = ln.num&^1, true
			// After an error of the builder the stream stands inside the
			// variation: drain reads on from there.
			if b.failed || !s.leave() {
				break loop
			}
		}
	}
	if b.recovering && !b.cut && !b.failed {
		b.cutAtEnd(s, depth)
	}
	if depth == 0 && b.cut {
		from := b.restAt.Offset - s.lx.base.Offset
		b.push(record.KindRest, b.restAt, b.text(strings.TrimRight(s.lx.src[from:], " \t\r\n\v\f")))
	}
	return b.endLine(start, depth)
}

func isMove(n record.Node) bool { return n.Kind == record.KindMove }

// noteRestart notes the main line's token of kind k at p, the line
// starting at start on the node stack, when it is a place the grammar can
// start reading again from, for the error message of a game the fast path
// rejects: a turn at the start of a line, where the lexer reads what
// follows as it does reading from the game's start (found by FuzzParse:
// mid-line, `%` and `"` read otherwise).
func (b *builder) noteRestart(p record.Pos, k elemKind, start int) {
	if p.Col == 1 && len(b.stack)-start >= b.nextTop && b.turnStarts(k) {
		b.lastTop, b.nextTop = p, len(b.stack)-start+restartEvery
	}
}

// plainTurns reads the main line's move numbers and plain moves
// (readPlain's tokens) that follow one another, from s's current token
// on, straight into nodes: the nodes, positions and warnings of elems'
// loop, without asking at each token what else it might be. It leaves
// current the first token it does not take, for elems: one that is
// neither, castling (which may begin the page's prose), a number that is
// none (0, too many dots), and one before a token readPlain does not
// read (a glyph written apart, dots apart from their number): what
// follows a token may change how it is read. A plain move before a token
// that never joins it (a comment, a NAG, a variation, the marker) is
// kept, and comments after it read here (turnBeforeApart). ln is elems'
// numbering. A move number and the plain move one space after
// it are read at once (readPlain's pair): the number's node is set from
// the move's position, after the move before it.
//
// A move read after a move or after its number goes straight back to the
// move's step (move), past the loop's head: there, inlined into elems, the
// registers elems held at the loop's entry were loaded again at every
// move. The step is the only way into that inner loop: the token after a
// number read alone (not with its move) is read alone too, and comes back
// through the head (a number followed by a number and its move, which
// pushes the same nodes either way, is all that differs). Entered
// elsewhere as well (the pair's step from the number's path), the inner
// loop was no loop to the register allocator, which stored plainTurns'
// arguments again at every move where it is not inlined.
func (b *builder) plainTurns(s *elemSrc, start int, ln *lineNumbering) {
	for {
		var nt string // the number read with the current move (readPlain's pair)
		var ok bool
		if !s.plain {
			nd := s.numDigits
			if nd <= 0 {
				return
			}
			v, dots := s.num, len(s.val)-nd
			if v <= 0 || dots > record.MaxDots {
				return
			}
			if v == ln.num.num() && (dots == 1 || dots >= 3 && ln.num.black()) {
				// The number expected, of which numberNode has nothing
				// to say: set before the next token is read, as a move.
				b.pushNumber(s.pos, s.val, v, dots)
				if _, ok = s.plainNext(false); !ok {
					b.stack, s.notPlain = b.stack[:len(b.stack)-1], true
					return
				}
			} else if !b.otherNumber(s, v, dots, ln) {
				return
			}
			ln.num.noteNumber() // no restart is noted after a number: with a number last, no token starts a turn (turnStarts)
			continue
		}
		if s.san.castle != record.NoCastle {
			return
		}
	move:
		// The move's node is set from s before the next token is read
		// over it, and taken back when that token is not the loop's:
		// kept aside over the reading, the token's text and position were
		// stored and loaded once more at every move (and its san, set
		// again from the move taken back).
		b.plainTurn(&s.elemTok)
		if nt, ok = s.plainNext(true); !ok {
			if !s.apartNext() {
				s.san = sanOf(&b.slab[len(b.slab)-1])
				b.stack, b.slab, s.notPlain = b.stack[:len(b.stack)-1], b.slab[:len(b.slab)-1], true
				return
			}
			if nt, ok = b.turnBeforeApart(s, &ln.num); !ok {
				return
			}
			goto read // the move's numbering is followed already
		}
		if turned(&ln.num) {
			b.unnumbered(b.stack[len(b.stack)-1].Pos)
		}
	read:
		if len(nt) == 0 {
			if s.pos.Col == 1 { // noteRestart's first test, asked here: the loop goes on at once
				b.noteRestart(s.pos, s.kind, start)
			}
			if s.plain && s.san.castle == record.NoCastle {
				goto move
			}
			continue
		}
		// The current move's number nt, one space before it, as the
		// number's token is read above.
		p := s.pos
		p.Col, p.Offset = p.Col-len(nt)-1, p.Offset-len(nt)-1
		b.noteRestart(p, eNumber, start)
		if v, dots := s.num, len(nt)-s.numDigits; v == ln.num.num() && (dots == 1 || dots >= 3 && ln.num.black()) {
			b.pushNumber(p, nt, v, dots)
		} else {
			b.numberNode(p, nt, nt, v, dots, ln)
		}
		ln.num.noteNumber()
		if s.san.castle == record.NoCastle { // plain: read with its number
			goto move
		}
		return
	}
}

// turnBeforeApart is plainTurns' plain move, the last on the node stack,
// when the token after it is one that never joins a move
// (elemSrc.apartNext): the move is kept, as elems keeps a plain move
// followed by such a token, and followed in num, and
// that token is read (taking the move back had elems read the token again
// and set the move again). Comments are appended as elems appends them,
// and the token after them read as plainTurns reads one (returned as
// plainNext returns it); the first token that is neither is left current
// for elems (false).
//
//go:noinline
func (b *builder) turnBeforeApart(s *elemSrc, num *numbering) (string, bool) {
	if turned(num) {
		b.unnumbered(b.stack[len(b.stack)-1].Pos)
	}
	for {
		s.notPlain = true
		s.readToken()
		if s.kind != eComment {
			return "", false
		}
		b.comment(s.pos, s.val)
		if nt, ok := s.plainNext(true); ok {
			return nt, true
		}
	}
}

// otherNumber is plainTurns' move number v with dots, s's current token,
// when it is not the one expected: read past it (the token after it read
// alone, as plainTurns reads one after a number) and appended with
// numberNode's warnings, or left current (false) when readPlain does not
// read the token after it. A call of its own: in the loop, the values it
// keeps over the reading were stored to the frame at every number.
//
//go:noinline
func (b *builder) otherNumber(s *elemSrc, v, dots int, ln *lineNumbering) bool {
	val, p := s.val, s.pos
	if _, ok := s.plainNext(false); !ok {
		return false
	}
	b.numberNode(p, val, val, v, dots, ln)
	return true
}

// turned passes a turn in a line's numbering (lineNumbering.num): num
// goes to the next turn, its numbered mark cleared (next). It reports
// whether the turn is a white move without a move number before it, for
// the caller to count at the move's position (unnumbered): both bits
// clear in the word read once. The test is the last thing done, where the
// caller branches on it.
func turned(num *numbering) bool {
	n := *num
	*num = n.next()
	return n&3 == 0
}

// lineNumbering is a line of play's numbering (num) and what a variation
// after its last turn starts from, the numbering before that turn. A turn
// writes num alone (turned), and the one before it is read back from num:
// a turn makes num the next of the one before, which is then num, its
// mark cleared, less 2. Only where num was set otherwise since the last
// turn (set: a move number other than the one expected, dots without
// one) is the numbering before the last turn kept (last), with num as set
// then (at): turns always change num beyond its mark, so a num that still
// equals at, marks aside, has not turned since.
type lineNumbering struct {
	num, last, at numbering
}

// before is the numbering before the line's last turn, where a variation
// after it starts, its numbered mark cleared (a variation starts with no
// number read).
func (l *lineNumbering) before() numbering {
	if l.num&^1 == l.at&^1 {
		return l.last &^ 1
	}
	return l.num&^1 - 2
}

// set sets num to n, not by a turn.
func (l *lineNumbering) set(n numbering) {
	l.last, l.at, l.num = l.before(), n, n
}

// comment appends the brace comment val, braces included, at p. Its
// CRLF line ends are made LF (lfText), since output is LF; the test for a
// CR is asked here, so that a comment without one (nearly all) costs one
// call.
func (b *builder) comment(p record.Pos, val string) {
	text := val[1 : len(val)-1]
	if strings.IndexByte(text, '\r') >= 0 {
		text = lfText(text)
	}
	b.push(record.KindComment, p, b.text(text))
}

// unnumbered counts a white move at p without a move number before it
// (build's move-number warning).
func (b *builder) unnumbered(p record.Pos) {
	if b.missing == 0 {
		b.missingFirst = p
	}
	b.missing++
}

// numberNode appends the move number v with dots at p, written text (val
// as read), to the node stack, and follows it in the line's numbering
// (set, where it is not the one expected), with the warnings of a number
// other than the one expected.
func (b *builder) numberNode(p record.Pos, text, val string, v, dots int, ln *lineNumbering) {
	b.pushNumber(p, text, v, dots)
	switch {
	case !ln.num.known():
		ln.set(numberingOf(v, dots >= 3))
	case v != ln.num.num():
		b.warn(p, ruleid.MoveNumber, fmt.Sprintf("move number %d where %d was expected", v, ln.num.num()))
		ln.set(numberingOf(v, dots >= 3))
	case dots >= 3 && !ln.num.black():
		b.warn(p, ruleid.MoveNumber, fmt.Sprintf("`%s` marks a black move where white is to move", val))
	}
	if dots == 0 {
		b.warn(p, ruleid.MoveNumber, fmt.Sprintf("move number `%s` without a dot", val))
	}
}

// cutAtEnd, reading a game up to its syntax error (recoverRest), stops
// at the end of a line of play that the grammar rejects: a token that
// cannot be read (the error's own), a variation not closed by `)`, a `)`
// that closes none.
func (b *builder) cutAtEnd(s *elemSrc, depth int) {
	switch {
	case s.failed:
		// The lexer fails at the token of the error (or inside it: a
		// quote not closed on its line).
		b.cut, b.restAt = true, s.failPos
		if s.failPos.Offset > b.stopAt.Offset {
			b.restAt = b.stopAt
		}
	case depth > 0 && (s.typ != tokPunct || s.val != ")"):
		b.cut, b.restAt = true, s.pos
	case depth == 0 && s.typ != tokResult && s.typ != lexer.EOF:
		b.cut, b.restAt = true, s.pos
	}
}

// endLine takes the line of play that starts at start off the node stack.
// A variation is copied to storage of its exact size (its capacity is
// exactly its length, so that appending to it moves it to new memory
// instead of into the next); the main line, read last, is the stack
// itself.
func (b *builder) endLine(start, depth int) []record.Node {
	n := len(b.stack) - start
	if depth == 0 {
		out := b.stack[:n:n]
		if b.scratch != nil {
			b.scratch.stack = b.stack[:0]
		} else if b.pooled != nil || cap(b.stack)-n > n/4+64 {
			out = append(make([]record.Node, 0, n), out...)
			if b.pooled != nil {
				if cap(b.stack) <= keepNodes {
					clear(b.stack)
					*b.pooled = b.stack[:0]
					nodePool.Put(b.pooled)
				}
				b.pooled = nil
			}
		}
		b.stack = nil
		return out
	}
	out := append(b.nodeSlice(n), b.stack[start:]...)
	b.stack = b.stack[:start]
	return out
}

// escape appends the node of the escape line val (its `%` and all) at p.
func (b *builder) escape(p record.Pos, val string) {
	b.push(record.KindEscape, p, b.text(strings.TrimRight(val[1:], "\r")))
}

// takeLead is how many nodes build put on the stack before the main
// line's first element (the escape lines among the tags), which the
// main line holds: elems asks it once a line, and a variation's line
// gets 0.
func (b *builder) takeLead() int {
	n := b.lead
	b.lead = 0
	return n
}

// push appends a node of kind k at p with text to the node stack and
// returns it, for the caller to set the rest. The node is set field by
// field (record.Node.Set): a node appended as a composite literal was
// assembled on the stack and copied with wide loads that wait for its
// narrow stores (no store forwarding across them), which took a fifth of
// turn's time. (The result is named: returned unnamed, push was one over
// the inliner's budget, and the calls that are not hot in the build's
// profile were made calls.)
func (b *builder) push(k record.NodeKind, p record.Pos, text string) (n *record.Node) {
	n = b.grow()
	n.Set(k, p, text)
	return n
}

// pushNumber appends the move number node of text at p, number v with
// dots, to the node stack.
func (b *builder) pushNumber(p record.Pos, text string, v, dots int) {
	b.grow().SetNumber(p, text, int32(v), uint16(dots))
}

// grow appends a node to the node stack, unset, and returns it. A full
// stack grows by append, as slices.Grow would grow it: with slices.Grow's
// call push was over the inliner's budget, and the main line's move
// numbers (plainTurns) paid a call each. The stack with room is cut and
// indexed in its own branch, from the slice read once (s): the compiler
// then knows the index is in bounds and the capacity unchanged, where
// after a merge with the growing branch it read the capacity again and
// tested both the cut and the index.
func (b *builder) grow() *record.Node {
	s := b.stack
	if len(s) < cap(s) {
		b.stack = b.stack[:len(s)+1]
		return &s[:cap(s)][len(s)]
	}
	b.stack = append(s, record.Node{})
	return &b.stack[len(s)]
}

// turn appends the moves of one move token to the node stack: one move,
// or the moves of a compound turn joined by commas.
func (b *builder) turn(tok string, p record.Pos) {
	whole := tok
	joined := false
	// ParseMoveIn reads the algebraic notations with ParseMove.
	algebraic := b.algebraic()
	for {
		if len(b.slab) == cap(b.slab) {
			// Moves are allocated in blocks: one allocation per block
			// instead of one per move; a block is never reallocated, so
			// the pointers into it stay valid.
			b.slab = b.moveBlock()
		}
		b.slab = b.slab[:len(b.slab)+1]
		mp := &b.slab[len(b.slab)-1]
		part, comma := tok, -1
		prose, stop, swapped := false, 0, ""
		var err error
		if !algebraic || len(b.descParsed) > 0 || !plainSAN(mp, tok) {
			// plainSAN reads nearly every token, and a plain move has no
			// comma: only the others are searched for one (that search
			// took a tenth of this function's time).
			if comma = strings.IndexByte(tok, ','); comma >= 0 {
				part = tok[:comma]
				if comma == len(tok)-1 && comma > 0 {
					// `Сg4,`: a comma of the prose after the move. A
					// compound turn joins its moves with commas and no
					// space, so nothing joins here. A descriptive move
					// may hold spaces, and its token the one before the
					// comma (`Castle ,`): the move ends before it.
					part = strings.TrimRight(part, " \t")
					comma, prose = -1, true
				} else if comma > 0 && tok[comma+1] == ' ' {
					// `B. takes K. B. P., ch.`: a comma of the long
					// form's sentence, inside the move (a compound
					// turn's comma has no space after it).
					part, comma = tok, -1
				}
			}
			switch {
			case len(b.descParsed) > 0 && b.descParsed[0].off == p.Offset && b.descParsed[0].m.Text == part:
				*mp = b.descParsed[0].m
				b.descParsed = b.descParsed[1:]
			case algebraic:
				err = parseMove(mp, part)
			default:
				*mp, err = ParseMoveIn(part, b.g.Notation)
			}
			if err != nil && comma < 0 && b.g.Notation != record.DescriptiveNotation {
				// `exf4.`: the full stop of the page's sentence after
				// the move (descriptive notation's reader reads its own);
				// `Bc4…`, `Cf5...`: the ellipsis that leads to the
				// page's prose.
				if n := proseAfter(part); n > 0 {
					if m, ok := b.readsAsMove(part[:len(part)-n]); ok {
						*mp, err, stop = m, nil, n
						mp.Text = part
					}
				} else if m, read, ok := b.rankFirst(part); ok {
					// `A4c`: the square written rank first.
					*mp, err, swapped = m, nil, read
					mp.Text = part
				}
			}
		}
		if err != nil {
			b.slab = b.slab[:len(b.slab)-1]
			if part == "" {
				b.syntax(p, fmt.Sprintf("found an empty move in `%s`, expected moves joined by single commas", whole))
			} else if msg, ok := lookAlike(part, b.g.Notation); ok {
				b.syntax(p, msg)
			} else {
				b.syntax(p, err.Error())
			}
			return
		}
		mp.Joined = joined
		if b.latin1 {
			mp.Text = latin1ToUTF8(mp.Text)
		}
		b.push(record.KindMove, p, mp.Text).Move = mp
		if l := mp.Lenient &^ b.g.Notation.Own(); l != 0 {
			// The forms of the record's own notation (LAN's hyphens, UCI's
			// lower-case promotions) are not lenient there.
			lm := *mp
			lm.Lenient = l
			b.warn(p, ruleid.LenientNotation, lenientMessage(&lm))
		}
		if stop == 1 {
			b.warn(p, ruleid.LenientNotation, fmt.Sprintf("`%s`: the full stop after the move ends the page's sentence; read as `%s`", mp.Text, mp.Text[:len(mp.Text)-1]))
		} else if stop > 1 {
			b.warn(p, ruleid.LenientNotation, fmt.Sprintf("`%s`: the ellipsis after the move leads to the page's prose; read as `%s`", mp.Text, mp.Text[:len(mp.Text)-stop]))
		}
		if swapped != "" {
			b.warn(p, ruleid.LenientNotation, fmt.Sprintf("`%s`: the square is written rank first; read as `%s`", mp.Text, swapped))
		}
		if prose {
			b.warn(p, ruleid.LenientNotation, fmt.Sprintf("`%s`: the comma after the move is read as punctuation (a compound turn joins its moves with commas and no space)", whole))
		}
		if comma < 0 {
			return
		}
		tok = tok[comma+1:]
		p.Col += comma + 1
		p.Offset += comma + 1
		joined, b.branched = true, true
	}
}

// glued is a move token split at a move number glued to its end
// (gluedNumber).
type glued struct {
	move, number, rest string
}

// gluedNumber splits `dxe56.Bc4` (a page that left out the space before a
// move number: `cxb511.Bxb5+`, `Qe7!8.Nc3!`) into the move, the number
// with its dots and the next move, in SAN and a language's letters. The
// digits of a square's rank and of the number cannot be told apart by
// the text (`e56.` may be `e5 6.` or a mistyped `e6.`): the numbering
// decides. The split is taken only where the number is the one that
// follows the move (num is the numbering before it), its dots say the
// side to move after it (`6.` for white, `8...` for black), the part
// before it reads as a move, and exactly one split does. Every other
// token stays the error it was.
func (b *builder) gluedNumber(val string, num numbering) (glued, bool) {
	if !num.known() || b.g.Notation == record.DescriptiveNotation || b.g.Notation == record.UCI {
		return glued{}, false
	}
	dot := strings.IndexByte(val, '.')
	if dot < 2 {
		return glued{}, false
	}
	after := num
	after.advance()
	dots := 1
	if after.black() {
		dots = 3
	}
	end := dot + dots
	if end >= len(val) || strings.Count(val[dot:end], ".") != dots || val[end] == '.' {
		return glued{}, false
	}
	want := strconv.Itoa(after.num())
	if dot <= len(want) || val[dot-len(want):dot] != want {
		return glued{}, false
	}
	move := val[:dot-len(want)]
	if _, ok := b.readsAsMove(move); !ok {
		return glued{}, false
	}
	// A longer move before the number would leave it another number:
	// then the text says nothing for sure.
	for i := dot - len(want) + 1; i < dot; i++ {
		if _, ok := b.readsAsMove(val[:i]); ok && val[i] != '0' {
			return glued{}, false
		}
	}
	return glued{move, val[dot-len(want) : end], val[end:]}, true
}

// shift is p moved n bytes on along its line.
func shift(p record.Pos, n int) record.Pos {
	p.Col += n
	p.Offset += n
	return p
}

// proseAfter is the length in bytes of the punctuation of the page's
// prose that tok ends in after a move, 0 when none: one full stop, as a
// sentence ends (`exf4.`, `Be4+.`), or an ellipsis, `…` or three dots,
// that leads to the prose (`Bc4…`, `Cf5...`). Two dots are neither.
func proseAfter(tok string) int {
	n := len(tok)
	switch {
	case n > 3 && strings.HasSuffix(tok, "…") && tok[n-4] != '.':
		return len("…")
	case n > 4 && strings.HasSuffix(tok, "...") && tok[n-4] != '.':
		return len("...")
	case n > 2 && tok[n-1] == '.' && tok[n-2] != '.':
		return 1
	}
	return 0
}

// parsedMove is a move read ahead, at byte offset off of the file.
type parsedMove struct {
	off int
	m   record.Move
}

func lenientMessage(m *record.Move) string {
	switch {
	case m.Lenient&record.LenientDash != 0:
		i := strings.IndexFunc(m.Text, isTypesetDash)
		r, _ := utf8.DecodeRuneInString(m.Text[max(i, 0):])
		if m.Lenient&record.LenientZeroCastle != 0 {
			return fmt.Sprintf("`%s` written with zeros and `%c` (U+%04X) for the hyphen; SAN castling is `O-O` or `O-O-O`", m.Text, r, r)
		}
		return fmt.Sprintf("`%s` writes `%c` (U+%04X) for the hyphen `-`", m.Text, r, r)
	case m.Lenient&record.LenientDoublePlus != 0:
		return fmt.Sprintf("`%s` writes mate as `++`; PGN writes `#` (read as mate, which the replay checks)", m.Text)
	case m.Lenient&record.LenientNoSquare != 0:
		return fmt.Sprintf("`%s` names no square; read as the move of that man that gives check", m.Text)
	case m.Lenient&record.LenientNoRank != 0:
		return fmt.Sprintf("`%s` names no rank; read as a move to the first rank, as some books print it", m.Text)
	case m.Lenient&record.LenientNoSeparator != 0:
		return fmt.Sprintf("`%s` has no `-` between the man and its square (a misprint?); read as a move to that square", m.Text)
	case m.Lenient&record.LenientCaptureX != 0:
		return fmt.Sprintf("`%s` writes the capture with a capital X; descriptive notation writes x", m.Text)
	case m.Lenient&record.LenientNullZ0 != 0:
		return "`Z0` is ChessBase's null move; PGN writes `--`"
	case m.Lenient&record.LenientZeroCastle != 0:
		return fmt.Sprintf("`%s` written with zeros; SAN castling is `O-O` or `O-O-O`", m.Text)
	case m.Lenient&record.LenientLowerCastle != 0:
		return fmt.Sprintf("`%s` written in lower case; SAN castling is `O-O` or `O-O-O`", m.Text)
	case m.Lenient&record.LenientLookAlike != 0:
		_, notes := russianLookAlikes(m.Text, !strings.Contains(m.Text, "ç"))
		return fmt.Sprintf("`%s`: %s; read as the letter meant", m.Text, strings.Join(notes, ", "))
	case m.Lenient&record.LenientManTaken != 0 && m.Desc != nil:
		return fmt.Sprintf("`%s` names the man that takes and the man taken, and no square; read as the one capture of that man by that man the position allows", m.Text)
	case m.Lenient&record.LenientManTaken != 0:
		return fmt.Sprintf("`%s` names the man taken after the `x`, as long algebraic in German books does; read as the capture on that square (the man there is not compared with the one named)", m.Text)
	case m.Lenient&(record.LenientMisprint|record.LenientOwnFile) != 0:
		return misprintMessage(m.Text)
	case m.Lenient&record.LenientHyphen != 0:
		return fmt.Sprintf("`%s` is long algebraic with a hyphen, not SAN", m.Text)
	case m.Lenient&record.LenientLong != 0:
		return fmt.Sprintf("`%s` is long algebraic, not SAN", m.Text)
	case m.Lenient&record.LenientLowerConversion != 0:
		return fmt.Sprintf("`%s` writes the conversion as UCI does; PGN writes the square, `=` and an upper-case letter (`/b8=N`)", m.Text)
	default:
		return fmt.Sprintf("`%s` promotes without `=`", m.Text)
	}
}

// trailing keeps the text after the termination marker (text between
// games) and reports it, unless it is only escape lines, which PGN allows
// anywhere.
func (b *builder) trailing(c *Chunk, rest int) {
	data := c.Data
	end := len(data)
	for end > rest && isSpace(data[end-1]) {
		end--
	}
	if end <= rest {
		return
	}
	b.g.Trailing = data[rest:end]
	if b.latin1 {
		// Like all text of a game read as Latin-1, it is kept in UTF-8,
		// so that writing it back does not mix encodings in one game.
		b.g.Trailing = []byte(latin1ToUTF8(string(b.g.Trailing)))
	}
	i := rest
	for i < end {
		switch data[i] {
		case ' ', '\t', '\r', '\n', '\v', '\f':
			i++
			continue
		case '%':
			if i == 0 || data[i-1] == '\n' || data[i-1] == '\r' {
				for i < end && data[i] != '\n' {
					i++
				}
				continue
			}
		}
		break
	}
	p := offsetPos(c, i)
	b.g.TrailingPos = p
	if i >= end {
		return
	}
	found := data[i:end]
	if j := indexLineEnd(found); j >= 0 {
		found = found[:j]
	}
	if len(found) > 40 {
		found = found[:40]
	}
	if !onlyMarkers(data[rest:end]) {
		// The splitter ends a game at any other text after its marker,
		// so that the text is read as the game it may be: text here is
		// where a reader and the splitter disagree about the end (a
		// book's note line, a comment to the descriptive reader, with a
		// `(` in it that the splitter counts: FuzzParse,
		// testdata/fuzz/FuzzParse/def42e0b87e8fa10). It is not checked,
		// so it is an error, not a warning: the exit status says so.
		b.g.Notices = append(b.g.Notices, record.Notice{Pos: p, Rule: ruleid.Syntax, Severity: ruleid.SeverityOf(ruleid.Syntax),
			Message: fmt.Sprintf("found `%s` after the termination marker, expected a new game; the text is skipped", b.text(string(found)))})
		return
	}
	b.skipped(p, fmt.Sprintf("found `%s` after the termination marker, expected a new game starting with `[`; the text is skipped", b.text(string(found))))
}

// onlyMarkers: the text after a game's marker, from the byte after it,
// is termination markers (`* 1-0`) and escape lines, which the splitter
// leaves with the game. The first line is the marker's own, never an
// escape line; a line that starts with `%` after it is one.
func onlyMarkers(text []byte) bool {
	for first := true; len(text) > 0; first = false {
		line := text
		if j := indexLineEnd(text); j >= 0 {
			line, text = text[:j], text[j+1:]
		} else {
			text = nil
		}
		if !first && len(line) > 0 && line[0] == '%' {
			continue
		}
		for _, w := range bytes.Fields(line) {
			if !isMarker(w) {
				return false
			}
		}
	}
	return true
}

func indexLineEnd(b []byte) int {
	for i, c := range b {
		if c == '\n' || c == '\r' {
			return i
		}
	}
	return -1
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// offsetPos is the position of data[i] in a chunk.
func offsetPos(c *Chunk, i int) record.Pos { return record.PosIn(c.Data, c.Pos, i) }

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// Latin1ToUTF8 converts text read as Latin-1 (every byte one code point) to
// UTF-8, as the reader does with a game that is not valid UTF-8.
func Latin1ToUTF8(s string) string { return latin1ToUTF8(s) }

func latin1ToUTF8(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		sb.WriteRune(rune(s[i]))
	}
	return sb.String()
}

// lfText is s, a comment's text that holds a CR, with CRLF line ends made
// LF. Every CR before a line end goes, so that the result has no CRLF left
// to change when it is read again.
func lfText(s string) string {
	var sb strings.Builder
	sb.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\r' {
			j := i
			for j < len(s) && s[j] == '\r' {
				j++
			}
			if j < len(s) && s[j] == '\n' {
				i = j - 1
				continue
			}
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// unquote removes the quotes of a tag value and its `\"` and `\\` escapes.
func unquote(s string) string {
	if len(s) < 2 {
		// Only a partial tree (after a syntax error) has such a value.
		return s
	}
	s = s[1 : len(s)-1]
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
			i++
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// moveNumber splits a number token into its digits and their value: by
// hand for the numbers of real games (a move number is read every other
// ply), strconv for the rest, so that an overflow is the same error.
func moveNumber(val string) (digits string, v int, err error) {
	n := 0
	for n < len(val) && val[n] >= '0' && val[n] <= '9' {
		v = v*10 + int(val[n]-'0')
		n++
	}
	digits = val[:n]
	for i := n; i < len(val); i++ {
		if val[i] != '.' {
			digits = strings.TrimRight(val, ".")
			break
		}
	}
	if n != len(digits) || n > 9 {
		v, err = strconv.Atoi(digits)
	}
	return digits, v, err
}

// dotsOfEllipsis: a number token that ends in the typeset ellipsis
// (`11…`, `…`, as the lexer reads them) and the same token with three dots
// for it. Only such a token ends in the ellipsis's last byte.
func dotsOfEllipsis(val string) (string, bool) {
	if val[len(val)-1] != ellipsis[len(ellipsis)-1] || !strings.HasSuffix(val, ellipsis) {
		return val, false
	}
	return val[:len(val)-len(ellipsis)] + "...", true
}

// isDots: a token of dots only, with no move number (the lexer's lone `.`).
func isDots(s string) bool { return s != "" && strings.TrimLeft(s, ".") == "" }

// hasBareQuote reports whether a quoted tag value holds a `"` that no
// backslash escapes (the lexer's recovery, closingQuote).
func hasBareQuote(v string) bool {
	if len(v) < 2 {
		return false
	}
	v = v[1 : len(v)-1]
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++
		case '"':
			return true
		}
	}
	return false
}

// ValidTagName reports whether s is a tag name the reader reads: a PGN
// symbol of letters, digits and `_`, with `+ # = : -` after the first.
func ValidTagName(s string) bool {
	if s == "" {
		return false
	}
	if c := s[0]; !tagNameByte[c] || c == '+' || c == '#' || c == '=' || c == ':' || c == '-' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !tagNameByte[s[i]] {
			return false
		}
	}
	return true
}

// tagNameByte: the bytes of a tag name after its first.
var tagNameByte = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' ||
			c == '+' || c == '#' || c == '=' || c == ':' || c == '-'
	}
	return t
}()
