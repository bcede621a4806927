package pgn

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// Writer writes games one by one in fmt's form: canonical, or as read
// (Game.Source) for a game that PassedThrough, with one byte-order mark kept
// before a first game whose source starts with one, and one blank line
// between games (none after the last: a file ends with exactly one
// newline). It is the single home of those decisions: Format and
// FormatEach (fmt) write through it, and so do the writers that have
// records rather than text (convert from JSON, LAN, UCI). A game whose
// texts would not read back as the one game it is (pgnsafe.go) is refused
// and not written.
type Writer struct {
	j   *Joiner
	buf []byte
	n   int // games written
}

// NewWriter is a Writer of canonical PGN on w.
func NewWriter(w io.Writer) *Writer { return &Writer{j: NewJoiner(w)} }

// Write writes one game, after the blank line that separates it from the
// game before.
func (p *Writer) Write(g *record.Game) error { return p.write(g, nil) }

// write is Write with the main line's moves written as played holds them
// (appendCanonical).
func (p *Writer) write(g *record.Game, played *replay.Played) error {
	p.n++
	var err error
	if p.buf, err = appendCheckedPiece(p.buf[:0], g, p.n, played); err != nil {
		return err
	}
	return p.j.Join(p.buf)
}

// appendCheckedPiece appends game n's piece of PGN output (appendPGNPiece)
// when its texts read back as written (checkPGNFields, checkReadBack);
// else it returns dst and why, naming the game.
func appendCheckedPiece(dst []byte, g *record.Game, n int, played *replay.Played) ([]byte, error) {
	if err := checkPGNFields(g); err != nil {
		return dst, fmt.Errorf("game %d: %w", n, err)
	}
	start := len(dst)
	dst = appendPGNPiece(dst, g, n, played)
	if err := checkReadBack(pieceText(dst[start:]), g); err != nil {
		return dst[:start], fmt.Errorf("game %d: %w", n, err)
	}
	return dst, nil
}

// A piece of PGN output (appendPGNPiece) starts with a byte of flags, then
// the game's number (a uvarint), then the game's text.
const (
	pieceBOM    = 1 << iota // the game's source starts with a byte-order mark
	pieceAsRead             // the text is the game's source, written as read
)

// appendPieceHead appends the start of game n's piece: its flags and
// number.
func appendPieceHead(dst []byte, g *record.Game, n int, asRead bool) []byte {
	var flags byte
	if bytes.HasPrefix(g.Source, utf8BOM) {
		flags |= pieceBOM
	}
	if asRead {
		flags |= pieceAsRead
	}
	return binary.AppendUvarint(append(dst, flags), uint64(n))
}

// pieceParts splits a piece into its flags, its game's number and its
// text.
func pieceParts(piece []byte) (flags byte, n uint64, text []byte) {
	n, k := binary.Uvarint(piece[1:])
	return piece[0], n, piece[1+k:]
}

// pieceText is the text of a piece.
func pieceText(piece []byte) []byte {
	_, _, text := pieceParts(piece)
	return text
}

// appendPGNPiece appends game n's piece of PGN output (GameRenderer): its
// head (appendPieceHead), which says whether the game's source starts with
// a byte-order mark, which the joiner keeps before the first game only
// (appendGame), and whether the game is written as read, then the game's
// text (appendGame's, not first).
func appendPGNPiece(dst []byte, g *record.Game, n int, played *replay.Played) []byte {
	dst = appendPieceHead(dst, g, n, PassedThrough(g) && g.Source != nil)
	return appendGame(dst, g, played, false)
}

// Joiner joins pieces of PGN (appendPGNPiece) with one blank line
// between games. A game's canonical text reads back as that one game
// wherever it stands (pgnsafe.go); the text of a game written as read,
// one that could not be read, is its source, which may not: where such a
// text is joined, the joiner reads the games around it back as the
// splitter will and refuses a game that would not read back as one game
// of its own (checkAsRead).
type Joiner struct {
	w     io.Writer
	first bool    // no piece joined yet
	last  [2]byte // the last two bytes written, for the separator
	wrote bool    // something was written
	// asRead is the text of the last game joined when it was written as
	// read (nil otherwise); asReadHead stands for the text before it, in
	// which it reads as it does (afterMarker when that ended after a
	// termination marker, outside a comment; the byte-order mark before a
	// first game), and asReadEnds says whether it ends so itself.
	asRead, asReadHead []byte
	asReadEnds         bool
}

// NewJoiner is a Joiner writing to w.
func NewJoiner(w io.Writer) *Joiner { return &Joiner{w: w, first: true} }

func (p *Joiner) Join(piece []byte) error {
	flags, n, text := pieceParts(piece)
	bom := flags&pieceBOM != 0 && p.first
	p.first = false
	if flags&pieceAsRead != 0 && len(bytes.Trim(text, " \t\r\n\v\f")) == 0 {
		// A game written as read whose text is empty or blank (a JSON
		// record's source of no text, or of spaces: the white space the
		// splitter takes for none) would read back as no game at all
		// (found by FuzzConvertFromJSON:
		// testdata/fuzz/FuzzConvertFromJSON/93375e32dce6ce8f).
		return fmt.Errorf("game %d: source: the game is written as it was read, and its text is empty or blank: it would not read back as a game", n)
	}
	if len(text) == 0 && !bom {
		return nil
	}
	var sep []byte
	if p.wrote {
		sep = separator(p.last[:])
	}
	if len(text) > 0 {
		if err := p.checkAsRead(text, flags&pieceAsRead != 0, bom, sep); err != nil {
			return fmt.Errorf("game %d: %w", n, err)
		}
	}
	if len(sep) > 0 {
		if _, err := p.w.Write(sep); err != nil {
			return fmt.Errorf("writing PGN: %w", err)
		}
	}
	p.wrote = true
	if bom {
		if _, err := p.w.Write(utf8BOM); err != nil {
			return fmt.Errorf("writing PGN: %w", err)
		}
		p.last = tail2(p.last, utf8BOM)
	}
	if len(text) > 0 {
		p.last = tail2(p.last, text)
		if _, err := p.w.Write(text); err != nil {
			return fmt.Errorf("writing PGN: %w", err)
		}
	}
	return nil
}

// afterMarker stands for a game before that ends after its termination
// marker (any canonical text does): what a game that follows it reads
// in. probe is a tagless game, which starts a game of its own only after
// such an end.
var (
	afterMarker = []byte("*\n\n")
	probe       = []byte("*\n")
)

// checkAsRead checks text, the next game's (asRead: written as read; bom:
// after a byte-order mark), to be joined after sep. When it or the game
// before it is written as read, both are read back in their context, and
// each must be one game of its own, the one written as read again one
// that cannot be read (or has no movetext, as it had). It keeps what the
// next call needs.
func (p *Joiner) checkAsRead(text []byte, asRead, bom bool, sep []byte) error {
	before := p.asRead
	p.asRead = nil
	if !asRead && before == nil {
		return nil // canonical after canonical
	}
	// The window read back: what stands for the text before (head), the
	// game before when it was written as read, this game, and the probe.
	var head []byte
	switch {
	case before != nil:
		head = p.asReadHead
	case p.wrote:
		head = afterMarker // a canonical text ends after its marker
	case bom:
		head = utf8BOM // which the splitter drops
	}
	w := append([]byte(nil), head...)
	prevAt := -1
	if before != nil {
		prevAt = len(w)
		w = append(append(w, before...), sep...)
	}
	at := len(w)
	w = append(w, text...)
	end := tail2([2]byte{}, text)
	w = append(w, separator(end[:])...)
	probeAt := len(w)
	w = append(w, probe...)
	var starts []int
	var own grammar.Chunk
	sp := grammar.NewSplitter(bytes.NewReader(w))
	for {
		c, err := sp.Next()
		if err != nil {
			break
		}
		starts = append(starts, c.Pos.Offset)
		if c.Pos.Offset == at {
			own = c
		}
	}
	inside := func(from, to int) bool { // a game starts in w[from+1:to]
		for _, s := range starts {
			if s > from && s < to {
				return true
			}
		}
		return false
	}
	if before != nil && (!slices.Contains(starts, at) || inside(prevAt, at)) {
		return fmt.Errorf("written after the game before it, which is written as it was read (it could not be read), it would read back as part of that game or take part of it")
	}
	if asRead {
		// The game's text alone is read (the probe may have joined it).
		own.Data = own.Data[:min(len(own.Data), len(text))]
		own.Size = len(own.Data)
		if !slices.Contains(starts, at) || inside(at, probeAt) || !PassedThrough(grammar.ParseChunk(own, "")) {
			return fmt.Errorf("source: the text of a game that could not be read, written as read, would read back as other games than that one")
		}
		// Its own head: the game before it ended after a marker when the
		// probe after that game started a game of its own.
		if before != nil {
			head = nil
			if p.asReadEnds {
				head = afterMarker
			}
		}
		p.asRead, p.asReadHead, p.asReadEnds = bytes.Clone(text), head, slices.Contains(starts, probeAt)
	}
	return nil
}

// JoinSpilled joins a piece whose start is in start (SpillJoiner): its
// head, then text, which is written as it is read. Such a piece is a
// huge game's canonical text.
func (p *Joiner) JoinSpilled(start io.Reader, rest []byte) error {
	buf := make([]byte, 64<<10)
	n, err := io.ReadFull(start, buf)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return fmt.Errorf("writing PGN: %w", err)
	}
	if n < len(buf) {
		// A start this short is joined as a piece.
		return p.Join(append(buf[:n], rest...))
	}
	// The first block with the head, as Join writes a piece (its text is
	// not empty), then the rest as it is read, its last bytes kept for
	// the separator before the next game.
	if err := p.Join(buf); err != nil {
		return err
	}
	for {
		n, err := start.Read(buf)
		if n > 0 {
			p.last = tail2(p.last, buf[:n])
			if _, werr := p.w.Write(buf[:n]); werr != nil {
				return fmt.Errorf("writing PGN: %w", werr)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("writing PGN: %w", err)
		}
	}
	if len(rest) > 0 {
		p.last = tail2(p.last, rest)
		if _, err := p.w.Write(rest); err != nil {
			return fmt.Errorf("writing PGN: %w", err)
		}
	}
	return nil
}

func (p *Joiner) Close() error { return nil }

// appendGame appends the text of one game, without the separator; first:
// it is the first game of the output.
func appendGame(dst []byte, g *record.Game, played *replay.Played, first bool) []byte {
	if first && bytes.HasPrefix(g.Source, utf8BOM) {
		// The text passed through starts with what reads as a
		// byte-order mark (the input had two): keep the one the reader
		// dropped, or the next reading would drop this one.
		dst = append(dst, utf8BOM...)
	}
	if PassedThrough(g) && g.Source != nil {
		if g.SyntaxError() != nil {
			// Byte for byte: fmt never rewrites text it could not read.
			return append(dst, g.Source...)
		}
		// A game of tags or comments only is kept as written, but its
		// blank lines at the end are layout between games: they become
		// the one separator.
		return append(dst, asRead(g)...)
	}
	return appendCanonical(dst, g, played)
}

// keepBoundary returns out, g's text, or g's text as read, whichever
// reads back as a game that ends where next, the game after it, starts;
// ok is false when neither does. Only a game with no termination marker
// before a game with no tags can run on. It ended where next began either
// because next starts with what ends such a game (a line that looks like
// a tag: its canonical text ends there too), or because g started as
// text after the marker of the game before that did not start like a
// game, and ended at the first line that does (`* . a1A` then `1. a1A`,
// found by FuzzParse). Its canonical text would start like a game (`1.
// a1=B`) and run on; its text as read, after before (the text written
// before it), keeps the boundary.
func keepBoundary(before, out []byte, g, next *record.Game) (_ []byte, ok bool) {
	if g.Result != "" || PassedThrough(g) || len(next.Tags) > 0 {
		return out, true
	}
	nextText := next.Source
	if !PassedThrough(next) {
		nextText = appendGame(nil, next, nil, false)
	}
	// g's canonical text has a move and no marker, as this has: whether
	// such a game ends where next starts is next's business.
	const probe = "1. e4\n"
	if endsBefore(nil, []byte(probe), nextText) {
		return out, true
	}
	text := asRead(g)
	if endsBefore(before, text, nextText) {
		return text, true
	}
	return nil, false
}

// staysOne reports whether text, a game with no tags, reads back as one
// game after before, the text written before it. A game that began after
// a marker with text that does not start like a game (a NAG, a word) ends
// at the first line that does; its canonical text, wrapped anew, may put
// a move number, a move or a comment at the start of a line inside it (a
// `;` comment wrapped onto a line of its own, found by FuzzParse:
// testdata/fuzz/FuzzParse/b58eff9f33bb8501). Such a game is written as
// read, where its lines stand as they did.
func staysOne(before, text []byte) bool {
	w := append(append([]byte(nil), before...), text...)
	sp := grammar.NewSplitter(bytes.NewReader(w))
	for {
		c, err := sp.Next()
		if err != nil {
			return true
		}
		if c.Pos.Offset > len(before) {
			return false
		}
	}
}

// asRead is g's text as read, its blank lines at the end left to the
// separator (nil for a text of blank lines only).
func asRead(g *record.Game) []byte {
	end := len(g.Source)
	for end > 0 && isLayoutSpace(g.Source[end-1]) {
		end--
	}
	if end == 0 {
		return nil
	}
	return append(g.Source[:end:end], '\n')
}

// endsBefore reports whether text, written after before and followed by
// next (with the separator fmt writes), reads back as a game that ends
// where next starts: a game starts there and none inside text.
func endsBefore(before, text, next []byte) bool {
	w := append([]byte(nil), before...)
	from := len(w)
	w = append(append(w, text...), separator(text)...)
	at := len(w)
	w = append(w, next...)
	sp := grammar.NewSplitter(bytes.NewReader(w))
	for {
		c, err := sp.Next()
		if err != nil {
			return false
		}
		switch o := c.Pos.Offset; {
		case o == at:
			return true
		case o > from && o < at, o > at:
			return false
		}
	}
}

func isLayoutSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// separator is what goes between a game whose text ends with last and the
// next game: enough line ends to make one blank line.
func separator(last []byte) []byte {
	switch {
	case len(last) == 0:
		return nil
	case bytes.HasSuffix(last, []byte("\n\n")):
		return nil
	case bytes.HasSuffix(last, []byte("\n")):
		return []byte("\n")
	}
	return []byte("\n\n")
}

// tail2 keeps the last two bytes of what was written, after b.
func tail2(prev [2]byte, b []byte) [2]byte {
	if len(b) >= 2 {
		return [2]byte{b[len(b)-2], b[len(b)-1]}
	}
	return [2]byte{prev[1], b[0]}
}

// PassedThrough reports whether fmt writes a game as read rather than in
// canonical form: a syntax error (in a Recovered record, the rest it
// could not read, which a copy cut where the replay stopped has no more);
// tags with no movetext and no
// termination marker (written canonically they would run into the next
// game's tags when read back); or a comment that braces cannot hold
// (unwritableComment).
func PassedThrough(g *record.Game) bool {
	return g.Unreadable() != nil || RestLeft(g.Moves) || emptyMovetext(g) || unwritableComment(g.Moves)
}

// RestLeft reports whether a main line ends with the rest of a Recovered
// game, the text the reader could not read: it is written only as read
// (a record cut where the replay stopped, CanonicalGame, has none left).
func RestLeft(nodes []record.Node) bool {
	return len(nodes) > 0 && nodes[len(nodes)-1].Kind == record.KindRest
}

// unwritableComment reports whether nodes, or a variation in them, hold a
// comment that cannot be written between braces: one holding `}`. A brace
// comment read from PGN never does, but a reader that takes a book's prose
// for a comment may (found by FuzzParse:
// testdata/fuzz/FuzzParse/a5bb5ba0f69a2fc1); written canonically, the
// comment would end early and the rest read back as other text.
func unwritableComment(nodes []record.Node) bool {
	for i := range nodes {
		switch n := &nodes[i]; n.Kind {
		case record.KindComment:
			if strings.IndexByte(n.Text, '}') >= 0 {
				return true
			}
		case record.KindVariation:
			if unwritableComment(n.Variation()) {
				return true
			}
		}
	}
	return false
}

// formatChunk reads the game of c for FormatEach, and returns the record
// as the reader left it and the text fmt writes for it when it wrote it
// as it read it: nil when appendGame is to write it. A game under ro's
// size, or one rewrite does not rewrite in parts, is read whole. A huge
// one is read with its main line in parts (grammar.SourceOf), each part's
// canonical text written as it comes, so that the game is never held
// whole; the record keeps its last part in Moves, and one read whole after
// all, or passed through as read, is left to appendGame. index is the
// game's number in the input (1 for the first). With rewrite, a huge game
// is replayed in parts and each part's moves rewritten (notation.SANRewriter) before
// it is written; res is that replay (of the record returned, when it was
// read whole after all).
func formatChunk(c grammar.Chunk, filename string, index int, ro grammar.ReadOptions, rewrite *Rewrite) (g *record.Game, res *replay.Result, out []byte, err error) {
	if !ro.InParts(c) || (rewrite != nil && !rewrite.parts) {
		return grammar.ParseChunk(c, filename), nil, nil, nil
	}
	// A Scratch of its own: the record is held while the next game is
	// read (FormatEach holds two).
	src := grammar.SourceOf(c, filename, new(grammar.Scratch), ro)
	if g = src.Head; !src.Parted() || g.Unreadable() != nil {
		// Read whole (one part), or passed through byte for byte: the
		// reader could not read it.
		if rewrite != nil {
			res = rewrite.rp.Game(g, filename, index)
		}
		return g, res, nil, nil
	}
	end := *g
	// Room for about the game's size at once: appending a large slice
	// grows it by a quarter, five times its size on the way.
	buf := make([]byte, 0, len(c.Data)+len(c.Data)/8+4096)
	if index == 1 && bytes.HasPrefix(end.Source, utf8BOM) {
		buf = append(buf, utf8BOM...) // as appendGame keeps it
	}
	cw := beginCanonical(buf, &end, nil)
	if rewrite == nil {
		end.Moves = src.Lines(cw.part)
		if end.SyntaxError() == nil {
			cw.part(end.Moves)
		}
	} else {
		cw.lw.letters = record.SAN // fmt --san writes SAN
		var san notation.SANRewriter
		san.Reset(&end, false) // fmt keeps what was not played as written
		part := func(nodes []record.Node, pl *replay.Played) {
			if err == nil {
				var ns []record.Node
				if ns, err = san.Part(nodes, pl); err == nil {
					cw.part(ns)
				}
			}
		}
		res = rewrite.rp.Replay(src, filename, index, replay.Each{Part: part, Last: func(nodes []record.Node, pl *replay.Played) {
			if end.Moves = nodes; end.SyntaxError() == nil {
				part(nodes, pl)
			}
		}})
	}
	if end.SyntaxError() != nil || err != nil {
		// Passed through byte for byte: a game with a syntax error is
		// never rewritten. The parts of a game that was read in parts
		// have moves: it is not one of tags only.
		return &end, res, nil, err
	}
	return &end, res, cw.end(&end), nil
}

// Piece is one game of fmt's input, as read and as written: the input is
// the Src of the pieces one after another, fmt's output their Out. Game is
// nil for a piece of blank text that holds no game.
type Piece struct {
	Game *record.Game
	Src  []byte // the game's text as read (with the input's byte-order mark for the first)
	Out  []byte // what fmt writes for it, with the blank line before the next game
}

// FormatEach reads games from rd (a reader with the caller's limits) and gives fn each one with the text fmt
// writes for it, in order, so that a caller can compare, diff or write
// game by game without holding the input: at most three games are held. A
// game too large to be read whole (a limit) ends the run with an error:
// writing its first lines only would shorten the file. rewrite, when not
// nil, changes each game before it is written (Piece.Game stays the game
// as read, with its notices); a huge game (ro.InParts) is read in parts
// (formatChunk) unless rewrite cannot rewrite it so.
func FormatEach(rd *grammar.Reader, filename string, ro grammar.ReadOptions, rewrite *Rewrite, fn func(*Piece) error) (FormatStats, error) {
	var st FormatStats
	var prev *Piece
	var before []byte // the text written for the game before prev
	flush := func(next *record.Game) error {
		if prev == nil {
			return nil
		}
		if next != nil {
			out, ok := keepBoundary(before, prev.Out, prev.Game, next)
			if !ok {
				return fmt.Errorf("formatting %s: game %d at line %d has no termination marker and the game after it no tags: written one after the other they would read back as one game; the file is left as it is",
					filename, st.Games-1, prev.Game.Pos.Line)
			}
			prev.Out = append(out, separator(out)...)
		}
		err := fn(prev)
		before, prev = prev.Out, nil
		return err
	}
	for {
		c, err := rd.NextChunk()
		if errors.Is(err, io.EOF) {
			break
		}
		var g *record.Game
		var res *replay.Result // the rewrite's replay, of a huge game
		var parted []byte      // the game's canonical text, when read in parts
		if err == nil {
			if g, res, parted, err = formatChunk(c, filename, st.Games+1, ro, rewrite); err != nil {
				return st, fmt.Errorf("formatting %s: game %d: %w", filename, st.Games+1, err)
			}
		}
		if err != nil {
			if ferr := flush(nil); ferr != nil {
				return st, ferr
			}
			return st, fmt.Errorf("formatting %s: %w", filename, err)
		}
		st.Games++
		if g.Truncated {
			// Only the first lines of the game were read (a limit): passing
			// them through would shorten the file.
			se := g.SyntaxError()
			return st, fmt.Errorf("formatting %s: game %d at line %d is too large to be read whole (%d:%d: %s): the file is left as it is",
				filename, st.Games, g.Pos.Line, se.Pos.Line, se.Pos.Col, se.Message)
		}
		if err := flush(g); err != nil {
			return st, err
		}
		written := g
		switch {
		case g.SyntaxError() != nil:
			st.Broken++
		case rewrite != nil && parted != nil:
			// Rewritten as it was read; where its replay stopped is said
			// now, after the game before, as for a game read whole.
			rewrite.report(g, st.Games, res.Played)
		case rewrite != nil:
			if written, err = rewrite.game(g, st.Games, res); err != nil {
				return st, fmt.Errorf("formatting %s: game %d: %w", filename, st.Games, err)
			}
		}
		src := g.Source
		if st.Games == 1 && rd.BOM() {
			src = append(append([]byte(nil), utf8BOM...), src...)
		}
		out := parted
		if out == nil {
			out = appendGame(nil, written, nil, st.Games == 1)
			if len(g.Tags) == 0 && !PassedThrough(g) && !staysOne(before, out) {
				if out = asRead(g); !staysOne(before, out) {
					return st, fmt.Errorf("formatting %s: game %d at line %d would read back as more than one game, written canonically or as read; the file is left as it is", filename, st.Games, g.Pos.Line)
				}
			}
		}
		prev = &Piece{Game: g, Src: src, Out: out}
	}
	if err := flush(nil); err != nil {
		return st, err
	}
	if rest := rd.Residue(); len(rest) > 0 || (st.Games == 0 && rd.BOM()) {
		src := rest
		if st.Games == 0 && rd.BOM() {
			src = append(append([]byte(nil), utf8BOM...), rest...)
		}
		if err := fn(&Piece{Src: src}); err != nil {
			return st, err
		}
	}
	return st, nil
}
