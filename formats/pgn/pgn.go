package pgn

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
)

// LineWidth is the longest movetext line the canonical writer makes (a
// single token longer than that stands on a line of its own).
const LineWidth = 79

// sevenTagRoster is PGN's Seven Tag Roster in its order.
var sevenTagRoster = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// WriteCanonical writes one game in canonical form, ending with one
// newline. Games written one after another are separated by one blank line
// (Writer); a file ends with exactly one newline, as the usual
// end-of-file fixers want (docs/format.md).
//
// Canonical form is a text normalisation, not a replay: it writes what the
// record says, never what the rules would infer. It writes the tags (Seven
// Tag Roster first, in its order, then the others in their order; no tag is
// added), a blank line, the movetext wrapped at LineWidth columns with its
// own move numbers, the termination marker, and any text that followed the
// marker (Game.Trailing) unchanged.
func WriteCanonical(w io.Writer, g *record.Game) error {
	if _, err := w.Write(AppendCanonical(nil, g)); err != nil {
		return fmt.Errorf("writing game: %w", err)
	}
	return nil
}

// AppendCanonical appends the canonical form of g to dst.
func AppendCanonical(dst []byte, g *record.Game) []byte {
	return appendCanonical(dst, g, nil)
}

// appendCanonical is AppendCanonical with each main-line move that played
// holds written as its step's canonical SAN, the move's glyph after it:
// what AppendCanonical writes of ToSAN's copy of g, without the copy (a
// record read in a book's notation, converted to PGN).
func appendCanonical(dst []byte, g *record.Game, played *replay.Played) []byte {
	cw := beginCanonical(dst, g, played)
	cw.part(g.Moves)
	return cw.end(g)
}

// canonicalWriter writes the canonical form of one game whose main line
// comes in parts (grammar.SourceOf): begin writes the tags, part
// each part of the main line, end the termination marker and the text
// after it. A game read whole is one part (appendCanonical).
type canonicalWriter struct {
	lw   lineWriter
	main lineState
	// started: the first part was written (its numbering set main).
	started bool
	start   int
	g       *record.Game
	// moved: the main line has a move; first is its first move number
	// of its own (not a variation's) when that comes before its first
	// move (a copy: a part's nodes may be reused for the next part).
	moved bool
	first *record.Node
}

// beginCanonical starts the canonical form of g after dst. The game's
// numbering starts where its first part says (startNumbering), the part
// as written: a part rewritten (notation.SANRewriter) may have lost its first number
// to a cut. A record read in a language's letters and written without
// its replay keeps its letters (lineWriter.letters).
func beginCanonical(dst []byte, g *record.Game, played *replay.Played) *canonicalWriter {
	cw := &canonicalWriter{start: len(dst), g: g}
	dst = appendTags(dst, g.Tags)
	if len(g.Tags) > 0 {
		dst = append(dst, '\n')
	}
	cw.lw = lineWriter{buf: dst, steps: played}
	if played == nil && g.Notation.IsLanguage() {
		cw.lw.letters = g.Notation
	}
	return cw
}

// take returns the text written so far when it is min bytes or more,
// and lets it go (GameRenderer.Take); nil while the game's start may
// still change: a game without tags gets a blank line after its leading
// escape lines at its end.
func (cw *canonicalWriter) take(min int) []byte {
	b := cw.lw.buf
	if len(b) < min || len(b) == 0 || len(cw.g.Tags) == 0 {
		return nil
	}
	cw.lw.buf, cw.start = b[:0], 0
	return b
}

// part writes the next part of the main line.
func (cw *canonicalWriter) part(ns []record.Node) {
	if !cw.started {
		cw.main = newLineState(startNumbering(cw.g, ns))
		cw.started = true
	}
	// The main line's own nodes only: a variation's number is written
	// inside the variation, and keeping it before as well would write it
	// twice (found by FuzzParse: testdata/fuzz/FuzzParse/80dacb2906b24ac0).
	for i := 0; i < len(ns) && !cw.moved; i++ {
		switch ns[i].Kind {
		case record.KindMove:
			cw.moved = true
		case record.KindMoveNumber:
			if cw.first == nil {
				n := ns[i]
				cw.first = &n
			}
		}
	}
	cw.lw.line(ns, &cw.main)
}

// end ends the game as g, the record as read, ends and returns the text.
func (cw *canonicalWriter) end(g *record.Game) []byte {
	lw, start := &cw.lw, cw.start
	if g.Result != "" {
		lw.token(g.Result)
	}
	if len(g.Trailing) > 0 {
		// Trailing starts right after the marker, white space included,
		// so the text keeps its place relative to the marker.
		lw.buf = append(lw.buf, g.Trailing...)
		lw.col = 1
	}
	if len(lw.buf) == start {
		// Nothing to write (a game of move numbers alone): a blank line
		// would not read back as a game.
		return lw.buf
	}
	if len(g.Tags) == 0 && !cw.moved && cw.first != nil && cw.first.Number > 0 && !bytes.ContainsRune([]byte("{;%"), rune(lw.buf[start])) {
		// A game of no tag and no move that a move number began (`1.`
		// and `*`): the number is kept, as the one token that begins a
		// game after a line of notes; without it, read back there, the
		// marker would join the notes (found by FuzzParse:
		// grammar/testdata/fuzz/FuzzParse/a31de8d11a6f203b).
		number := strconv.Itoa(int(cw.first.Number)) + "."
		if cw.first.Dots >= 3 {
			number += ".."
		}
		lw.buf = append(lw.buf[:start], append([]byte(number+" "), lw.buf[start:]...)...)
		if lw.col > 0 {
			lw.col += len(number) + 1
		}
	}
	if len(g.Tags) == 0 && lw.buf[start] == '%' {
		// A game without tags whose text starts with escape lines (its
		// move numbers before them dropped): read back, escape lines
		// before a game are text of their own, written with a blank line
		// after them. Write that blank line now, so that fmt of fmt's
		// output is fmt's output.
		end := start
		for end < len(lw.buf) && lw.buf[end] == '%' {
			nl := bytes.IndexByte(lw.buf[end:], '\n')
			if nl < 0 {
				end = len(lw.buf)
				break
			}
			end += nl + 1
		}
		if end < len(lw.buf) {
			lw.buf = append(lw.buf[:end], append([]byte{'\n'}, lw.buf[end:]...)...)
		}
	}
	if lw.col > 0 {
		lw.buf = append(lw.buf, '\n')
	}
	return lw.buf
}

func appendTags(dst []byte, tags []record.Tag) []byte {
	for _, name := range sevenTagRoster {
		for i := range tags {
			if tags[i].Name == name {
				dst = AppendTag(dst, &tags[i])
			}
		}
	}
	for i := range tags {
		if !isRosterTag(tags[i].Name) {
			dst = AppendTag(dst, &tags[i])
		}
	}
	return dst
}

func isRosterTag(name string) bool {
	for _, n := range sevenTagRoster {
		if n == name {
			return true
		}
	}
	return false
}

// AppendTag appends the tag pair line of t, `[Name "Value"]` and a newline,
// its value escaped as PGN escapes it.
func AppendTag(dst []byte, t *record.Tag) []byte {
	dst = append(dst, '[')
	dst = append(dst, t.Name...)
	dst = append(dst, ' ', '"')
	v := t.Value
	if !escapes(v) {
		// Nearly every value: every game written has its tags written.
		dst = append(dst, v...)
		return append(dst, '"', ']', '\n')
	}
	// The value is copied in runs between the bytes escaped.
	from := 0
	for i := 0; i < len(v); i++ {
		if c := v[i]; c == '"' || c == '\\' {
			dst = append(dst, v[from:i]...)
			dst = append(dst, '\\')
			from = i
		}
	}
	dst = append(dst, v[from:]...)
	return append(dst, '"', ']', '\n')
}

// escapes reports whether the tag value v holds a byte that PGN escapes
// in it, `"` or `\`: eight bytes at a time (the last eight read again
// from where they start), a shorter value a byte at a time.
func escapes(v string) bool {
	if len(v) < 8 {
		for i := 0; i < len(v); i++ {
			if c := v[i]; c == '"' || c == '\\' {
				return true
			}
		}
		return false
	}
	for i := 0; i+8 < len(v); i += 8 {
		if escapes8(word8(v[i:])) {
			return true
		}
	}
	return escapes8(word8(v[len(v)-8:]))
}

// escapes8 is escapes for eight bytes as the word x: a byte is
// `"` or `\` when it is zero in the word xor'ed with that byte in every
// place, which (x-1)&^x tells by its top bit for each byte, exactly.
func escapes8(x uint64) bool {
	const ones, tops = 0x0101010101010101, 0x8080808080808080
	q, b := x^(ones*'"'), x^(ones*'\\')
	return ((q-ones)&^q|(b-ones)&^b)&tops != 0
}

// word8 is the first eight bytes of w as a word, the first in the low
// byte: one load.
func word8(w string) uint64 {
	_ = w[7] // one bounds test, not eight
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// numbering is the move number and side to move in a line of play.
type numbering struct {
	num   int
	black bool
}

func (n *numbering) advance() {
	if n.black {
		n.num++
	}
	n.black = !n.black
}

// startNumbering is where the game's numbering starts: the FEN's side and
// move number when the FEN has them, else the first move number written
// before the first move (in reading order), else move 1 with white to move.
func startNumbering(g *record.Game, moves []record.Node) numbering {
	st := numbering{num: 1}
	if fen, ok := g.Tag("FEN"); ok {
		f := strings.Fields(fen)
		if len(f) >= 6 {
			if v, err := strconv.Atoi(f[5]); err == nil && v > 0 {
				return numbering{num: v, black: f[1] == "b"}
			}
		}
	}
	if n := firstNumber(moves); n != nil && n.Number > 0 {
		return numbering{num: int(n.Number), black: n.Dots >= 3}
	}
	return st
}

// firstNumber returns the first move number in reading order (variations
// included) if it comes before the first move, else nil. Reading order
// makes the choice stable: the writer puts its own first number exactly
// there.
func firstNumber(ns []record.Node) *record.Node {
	n, _ := firstNumberOrMove(ns)
	return n
}

func firstNumberOrMove(ns []record.Node) (*record.Node, bool) {
	for i := range ns {
		switch ns[i].Kind {
		case record.KindMove:
			return nil, true
		case record.KindMoveNumber:
			return &ns[i], true
		case record.KindVariation:
			if n, done := firstNumberOrMove(ns[i].Variation()); done {
				return n, true
			}
		}
	}
	return nil, false
}

// lineWriter wraps movetext tokens at LineWidth columns.
type lineWriter struct {
	buf    []byte
	col    int    // bytes on the current line
	prefix string // `(` waiting to be glued to the next token
	// steps, when set, give the main line's moves in SAN (appendCanonical);
	// next is the first step not yet written.
	steps *replay.Played
	next  int
	depth int // of the variation being written (0: the main line)
	// letters is the notation whose piece letters the moves are written
	// in: a language's for a record read in it and written as the record
	// says (fmt), so that it reads back as it was read (some readings are
	// that notation's only: a man taking a man, `TxT`, which SAN has no
	// spelling of without the position, and a long move's misprinted
	// origin); SAN (English) when the output is SAN by purpose (convert,
	// fmt --san).
	letters record.Notation
}

// token writes s after a space, or on a new line when it does not fit.
func (lw *lineWriter) token(s string) {
	if lw.prefix != "" {
		s = lw.prefix + s
		lw.prefix = ""
	}
	first := len(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		first = i
	}
	if lw.col > 0 {
		if lw.col+1+first > LineWidth {
			lw.buf = append(lw.buf, '\n')
			lw.col = 0
		} else {
			lw.buf = append(lw.buf, ' ')
			lw.col++
		}
	}
	lw.buf = append(lw.buf, s...)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		lw.col = len(s) - i - 1
	} else {
		lw.col += len(s)
	}
}

// glue appends s to the previous token without a space.
func (lw *lineWriter) glue(s string) {
	if lw.prefix != "" {
		// An empty variation: token writes the pending `(` before s.
		lw.token(s)
		return
	}
	if lw.col+len(s) > LineWidth {
		lw.buf = append(lw.buf, '\n')
		lw.col = 0
	}
	lw.buf = append(lw.buf, s...)
	lw.col += len(s)
}

// endLine ends the current line (after a `;` comment).
func (lw *lineWriter) endLine() {
	lw.buf = append(lw.buf, '\n')
	lw.col = 0
}

// nodes writes a line of play. Move numbers are the writer's own: one before
// every white move, and `N...` before a black move that starts a line or
// follows a comment, a variation or a compound turn.
func (lw *lineWriter) nodes(ns []record.Node, st numbering) {
	ls := newLineState(st)
	lw.line(ns, &ls)
}

// lineState is where the writing of a line of play stands: the numbering
// of the next move, the numbering before the last turn (where a variation
// starts), and whether a black move needs its number. A main line read in
// parts keeps it from one part to the next (canonicalWriter).
type lineState struct {
	st, before numbering
	needNumber bool
}

func newLineState(st numbering) lineState {
	return lineState{st: st, before: st, needNumber: true}
}

// line writes the nodes ns of a line of play from ls, and leaves ls where
// they end.
func (lw *lineWriter) line(ns []record.Node, ls *lineState) {
	st, before, needNumber := ls.st, ls.before, ls.needNumber
	defer func() { ls.st, ls.before, ls.needNumber = st, before, needNumber }()
	for i := 0; i < len(ns); i++ {
		n := &ns[i]
		switch n.Kind {
		case record.KindMoveNumber:
			// Renumbered.
		case record.KindMove:
			before = st
			// A turn is this move and the moves joined to it by commas.
			j := i + 1
			for j < len(ns) && ns[j].Kind == record.KindMove && ns[j].Move != nil && ns[j].Move.Joined {
				j++
			}
			var tb []byte
			if !st.black {
				tb = strconv.AppendInt(tb, int64(st.num), 10)
				tb = append(tb, '.', ' ')
			} else if needNumber {
				tb = strconv.AppendInt(tb, int64(st.num), 10)
				tb = append(tb, '.', '.', '.', ' ')
			}
			for k := i; k < j; k++ {
				if k > i {
					tb = append(tb, ',')
				}
				tb = lw.appendMove(tb, ns, k)
			}
			// The number and its move are one token: never split.
			lw.token(string(tb))
			needNumber = j-i > 1
			st.advance()
			i = j - 1
		case record.KindComment:
			lw.token("{" + n.Text + "}")
			needNumber = true
		case record.KindLineComment:
			lw.token(";" + n.Text)
			lw.endLine()
			needNumber = true
		case record.KindNAG:
			lw.token("$" + strconv.Itoa(int(n.Number)))
		case record.KindEscape:
			if lw.col > 0 || lw.prefix != "" {
				// `%` only means an escape in the first column.
				if lw.prefix != "" {
					lw.token("")
				}
				lw.endLine()
			}
			lw.buf = append(lw.buf, '%')
			lw.buf = append(lw.buf, n.Text...)
			lw.endLine()
			needNumber = true
		case record.KindVariation:
			lw.prefix += "("
			lw.depth++
			lw.nodes(n.Variation(), before)
			lw.depth--
			lw.glue(")")
			needNumber = true
		}
	}
}

// appendMove appends move ns[k]: in SAN when it is a main-line move the
// steps played (as CanonicalGame rewrites it), else as appendMove does.
func (lw *lineWriter) appendMove(dst []byte, ns []record.Node, k int) []byte {
	if lw.steps != nil && lw.depth == 0 && ns[k].Move != nil {
		for lw.next < lw.steps.Len() && lw.steps.Index(lw.next) < k {
			lw.next++
		}
		if lw.next < lw.steps.Len() && lw.steps.Index(lw.next) == k {
			dst = append(dst, lw.steps.SAN(lw.next)...)
			return append(dst, ns[k].Move.Glyph...)
		}
	}
	if m := ns[k].Move; lw.letters.IsLanguage() && m != nil && m.Desc == nil && m.Castle != record.CastleEither {
		// (A descriptive move is written as read, in the record's letters.)
		return append(dst, notation.SANInLanguage(string(notation.AppendMoveText(nil, m)), lw.letters)...)
	}
	return appendMove(dst, &ns[k])
}

func appendMove(dst []byte, n *record.Node) []byte {
	if n.Move == nil {
		return append(dst, n.Text...)
	}
	return notation.AppendMoveText(dst, n.Move)
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// FormatStats counts what Format did.
type FormatStats struct {
	Games  int // games read
	Broken int // games with a syntax error, passed through unchanged
}

// Format reads games from r and writes them to w in canonical form. A game
// with a syntax error is written back byte for byte, as read. Every game
// with a notice of rule `syntax` (an error, or text between games) is given
// to report, which may be nil. Only I/O errors are errors.
//
// The per-game decisions (canonical or as read, the kept byte-order mark,
// the blank line between games) are Writer's, so fmt and convert cannot
// drift apart.
func Format(w io.Writer, r io.Reader, filename string, report func(*record.Game)) (FormatStats, error) {
	return format(w, grammar.NewReader(r, filename), filename, report, nil)
}

// FormatReader is Format with a reader the caller made (with its own
// limits, grammar.Reader.SetLimits); filename names the input in errors.
func FormatReader(w io.Writer, rd *grammar.Reader, filename string, report func(*record.Game)) (FormatStats, error) {
	return format(w, rd, filename, report, nil)
}

// format is Format with rewrite, when not nil, applied to each game
// before it is written.
func format(w io.Writer, rd *grammar.Reader, filename string, report func(*record.Game), rewrite *Rewrite) (FormatStats, error) {
	return FormatEach(rd, filename, grammar.ReadOptions{}, rewrite, func(p *Piece) error {
		if report != nil && p.Game != nil && HasSyntaxNotice(p.Game) {
			report(p.Game)
		}
		if _, err := w.Write(p.Out); err != nil {
			return fmt.Errorf("formatting %s: %w", filename, err)
		}
		return nil
	})
}

// HasSyntaxNotice reports whether g has a notice of rule syntax or limit:
// the notices fmt shows.
func HasSyntaxNotice(g *record.Game) bool {
	for i := range g.Notices {
		if g.Notices[i].Rule == ruleid.Syntax || g.Notices[i].Rule == ruleid.Limit {
			return true
		}
	}
	return false
}

// emptyMovetext reports whether a game has no move and no termination
// marker: nothing but tags, move numbers, comments, NAGs, escape lines.
// Written canonically such a game could start with an escape line or a
// `;` comment (its move number dropped), which reads back as text after
// the previous game's marker (found by FuzzParse:
// testdata/fuzz/FuzzParse/2c79d9f391174dcf, cf680e19f890d45d).
func emptyMovetext(g *record.Game) bool {
	if g.Result != "" {
		return false
	}
	for i := range g.Moves {
		if g.Moves[i].Kind == record.KindMove {
			return false
		}
	}
	return true
}
