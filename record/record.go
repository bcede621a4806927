// Package record is the data model of a game record: its tags in their
// order and its movetext as a tree that keeps what the source said, with the
// source position of every node. It knows nothing of parsing or of rules:
// the grammar builds records, replay reads them, formats write them.
//
// A game reaches the packages that judge, draw or compare it as a Source:
// its head and its main line a part at a time, in order, each part valid
// until the next is read. The package owns that shape, not how the parts
// are got: reading them
// from text, and from which size a game is read in parts, is the
// grammar's (grammar.SourceOf, grammar.ReadOptions); what a walk does with
// them is its consumer's (replay, detect, compare).
package record

import "github.com/ashtapada/ashtapada/ruleid"

// Pos is a place in the source: 1-based line and column (columns count
// bytes, as go/scanner does) and the 0-based byte offset in the file.
type Pos struct {
	Line   int
	Col    int
	Offset int
}

// IsValid reports whether the position was set.
func (p Pos) IsValid() bool { return p.Line > 0 }

// Tag is one tag pair, `[Name "Value"]`, with Value unescaped.
type Tag struct {
	Name  string
	Value string
	Pos   Pos
}

// Severity of a notice: the registry's type (package ruleid), so that a
// notice's severity is the one its rule id is registered with.
type Severity = ruleid.Severity

const (
	Warning = ruleid.Warning
	Error   = ruleid.Error
)

// Notice is something the reader noticed about the text of a record: a
// syntax error, a lenient form it accepted, an encoding it converted. Rule is
// a rule id of the registry (package ruleid: `syntax`, `lenient-notation`,
// `move-number`, `encoding`, ...), described in docs/findings.md.
type Notice struct {
	Pos      Pos
	Rule     string
	Severity Severity
	Message  string
}

// Game is one record.
type Game struct {
	Tags []Tag
	// Moves is the main line of the movetext.
	Moves []Node
	// Plies, when not nil, is the main line read for the walk alone (the
	// grammar's lean read, which only a caller that walks it asks for):
	// each move a turn of its own, numbered as a right record numbers it,
	// nothing between the moves but comments and NAGs, which the walk
	// passes by, and no notice. Moves is then nil and MainPlain true. A
	// ply's text is Source[Off:Off+Len] (PlyNode). Every other reader of a
	// record reads Moves and is never given Plies.
	Plies []Ply
	// Result is the game termination marker as written (`1-0`, `0-1`,
	// `1/2-1/2`, `*`), empty when the movetext ends without one.
	Result    string
	ResultPos Pos
	// Pos is where the game starts (its first tag or first movetext token).
	Pos Pos
	// Source is the exact bytes of the game as read, for passing broken
	// games through untouched.
	Source []byte
	// SourcePos is where Source's first byte stands (PosIn), for the
	// positions of Plies (PlyNode): set with them, zero otherwise.
	SourcePos Pos
	// Trailing is the text after the termination marker and before the
	// next game (garbage between games, escape lines), exactly as read from
	// the byte after the marker, white space at its end trimmed; nil when
	// there is none (converted to UTF-8 when the game was read as
	// Latin-1, like all its text). The reader reports it (TrailingPos is its first
	// character) and skips it; fmt writes it back after the marker.
	Trailing    []byte
	TrailingPos Pos
	// Notation is the notation the movetext is written in (the reader's,
	// SAN unless it was told otherwise or guessed a book's notation,
	// Notation.Book). Replay judges the marks a notation does not write
	// (UCI's check marks, captures and leaps) only in the notations that
	// write them.
	Notation Notation
	// Truncated: the game was longer than the reader's size limit and
	// Source holds only its first lines. It has a `limit` notice; a writer
	// that passes broken games through must not write it as if whole.
	Truncated bool
	// Notices are what the reader found: warnings for lenient forms and
	// encodings, and for a game that could not be read, the syntax error
	// (then Moves may be incomplete and must not be replayed, unless the
	// game is Recovered).
	Notices []Notice
	// Recovered: the syntax error stands in the movetext and what stands
	// before it was kept: the main line ends with a KindRest node that
	// holds the text from there on, and the moves before it are replayed
	// and converted as the moves before an illegal move are
	// (docs/format.md, "Nothing read is thrown away").
	Recovered bool
	// MainPlain, when true, promises that the main line holds no
	// variation and no move Joined to the one before (no compound turn):
	// each of its moves is a turn of its own, and no variation branches
	// off it, so that replay need not look past a move for either. The
	// grammar sets it on a game it read whole or through (a huge game
	// read in parts is read through before it is walked). False promises
	// nothing: every other writer (JSON, a literal) leaves it so, and
	// replay looks at the nodes. A program that adds a variation or a
	// joined move to the main line must clear it. It is no part of the
	// game as written: no format writes it.
	MainPlain bool
}

// Unreadable is SyntaxError for a game of which nothing can be replayed:
// nil for a game read whole and for a Recovered one, whose moves before
// its error are replayed.
func (g *Game) Unreadable() *Notice {
	if g.Recovered {
		return nil
	}
	return g.SyntaxError()
}

// Tag returns the value of the first tag with that name (names compare
// case-sensitively, as PGN says) and whether it exists.
func (g *Game) Tag(name string) (string, bool) {
	// By index: a Tag taken by value was copied whole at every step.
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			return g.Tags[i].Value, true
		}
	}
	return "", false
}

// SyntaxError returns the first error notice of rule `syntax`, or of rule
// `limit` (a game the reader refused to read whole because it breaks one of
// its limits, docs/robustness.md, "Limits"), or nil. Either way the game
// could not be read whole: its Source is what to pass through (unless
// Truncated), and its moves must not be replayed unless it is Recovered
// (Unreadable).
func (g *Game) SyntaxError() *Notice {
	for i := range g.Notices {
		if g.Notices[i].Severity == Error && (g.Notices[i].Rule == ruleid.Syntax || g.Notices[i].Rule == ruleid.Limit) {
			return &g.Notices[i]
		}
	}
	return nil
}

// NodeKind says what a movetext node is.
type NodeKind uint8

const (
	// KindMove is a move (SAN, leap, waiting arrival, conversion, null
	// move `--`); Move holds its parts.
	KindMove NodeKind = iota
	// KindMoveNumber is `12.` or `12...`; Number and Dots hold it.
	KindMoveNumber
	// KindComment is a brace comment; Text is what stood between the braces.
	KindComment
	// KindLineComment is a `;` comment; Text is the rest of the line.
	KindLineComment
	// KindNAG is `$n`; Number holds n.
	KindNAG
	// KindVariation is `( ... )`; Variation holds its nodes.
	KindVariation
	// KindEscape is a `%` escape line; Text is the line after the `%`.
	KindEscape
	// KindRest is the text of a Recovered game from where the reader could
	// not read it on, as written (Text, white space at its end trimmed):
	// from its syntax error, or from the `(` of the main line's variation
	// that holds the error, to the end of the game. It is only ever the
	// last node of the main line; it is never played nor rewritten.
	KindRest
)

// Node is one element of movetext. A huge game holds about one and a half
// nodes per ply, so the node is kept small (64 bytes, TestNodeSize;
// docs/robustness.md, "A huge game is read in parts"): the number fields
// are narrow and a variation's nodes are held out of line (most nodes are
// moves, and a slice in each would cost 24 bytes).
type Node struct {
	// Text is the comment or escape text (without delimiters), or the
	// original text of a move token.
	Text string
	Pos  Pos
	// Move is set for KindMove.
	Move *Move
	// variation holds the nodes of a KindVariation (Variation).
	variation *[]Node
	// Number is the move number (KindMoveNumber) or the NAG value (KindNAG).
	// The reader reads move numbers up to MaxNumber.
	Number int32
	// Dots is the number of dots after a move number: 1 for `12.`, 3 for
	// `12...` (other counts are kept as written, up to MaxDots).
	Dots uint16
	Kind NodeKind
	// spare is the node's last byte, never set (0): SetMove stores it
	// with Number, Dots and Kind, which makes the four one store. (Set
	// leaves it: with the store, push was over the inliner's budget.)
	spare uint8
}

// Set makes *n a node of kind k at p with text and every other field
// zero, writing each field. A reader that reuses its nodes from game to
// game would otherwise clear each whole first, which costs the collector's
// barriers over the whole node whenever it is marking. The pointers are
// written after the other fields, next to a Move the caller writes right
// after: the compiler tests for the write barrier once for a run of
// pointer stores, and the position between them made the runs shorter.
func (n *Node) Set(k NodeKind, p Pos, text string) {
	n.Pos = p
	n.Number, n.Dots, n.Kind = 0, 0, k
	n.Text, n.Move, n.variation = text, nil, nil
}

// SetMove makes *n a KindMove node at p with text and move m, as Set
// does, the move written with the other pointers: Set followed by a store
// of Move tested for the write barrier twice. It gives m the text too,
// as SetText does, its pointers stored in the same run as the node's:
// written apart, each run was tested for the barrier once more (and
// SetText's call, inlined, left a no-op in the run).
func (n *Node) SetMove(p Pos, text string, m *Move) {
	n.Pos = p
	n.Number, n.Dots, n.Kind, n.spare = 0, 0, KindMove, 0
	m.Text, m.Glyph, m.Desc = text, "", nil
	n.Move, n.variation, n.Text = m, nil, text
}

// SetNumber makes *n a KindMoveNumber node at p with text, number and
// dots, writing each field as Set does: the number and the dots stored
// with the other fields, where Set's zeros were stored and then
// overwritten.
func (n *Node) SetNumber(p Pos, text string, number int32, dots uint16) {
	n.Pos = p
	n.Number, n.Dots, n.Kind = number, dots, KindMoveNumber
	n.Text, n.Move, n.variation = text, nil, nil
}

// MaxNumber and MaxDots are the largest move number and the most dots
// after it that a node holds; the reader reports larger ones as syntax
// errors.
const (
	MaxNumber = 1<<31 - 1
	MaxDots   = 1<<16 - 1
)

// Variation is the nodes of a KindVariation node, nil for the others.
func (n *Node) Variation() []Node {
	if n.variation == nil {
		return nil
	}
	return *n.variation
}

// VariationNode is a KindVariation node at pos holding nodes.
func VariationNode(pos Pos, nodes []Node) Node {
	n := Node{Kind: KindVariation, Pos: pos}
	n.SetVariation(nodes)
	return n
}

// SetVariation makes nodes the node's variation. It does not change a
// variation another node shares (a copy of this node keeps its own).
func (n *Node) SetVariation(nodes []Node) { n.variation = &nodes }

// SetVariationIn is SetVariation with the variation held at *at, storage
// the caller provides (the reader keeps them in blocks).
func (n *Node) SetVariationIn(at *[]Node, nodes []Node) {
	*at = nodes
	n.variation = at
}

// Square is a board square as written: file*1 + rank*8 with a1 = 0 and
// h8 = 63, the numbering the rules package uses too. NoSquare when absent.
type Square int8

const NoSquare Square = -1

// File is 0 for a .. 7 for h; Rank is 0 for 1 .. 7 for 8.
func (s Square) File() int { return int(s) & 7 }
func (s Square) Rank() int { return int(s) >> 3 }

// MakeSquare builds a square from file and rank (0-based).
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

func (s Square) String() string {
	if s < 0 || s > 63 {
		return "-"
	}
	return squareNames[s]
}

// squareNames are the squares' names, so that naming one allocates nothing.
var squareNames = func() (n [64]string) {
	for s := range n {
		n[s] = string([]byte{byte('a' + s&7), byte('1' + s>>3)})
	}
	return n
}()

// Castle kinds.
const (
	NoCastle    = 0
	CastleShort = 1
	CastleLong  = 2
)

// Lenient marks forms that the reader accepted but that are not canonical
// SAN; each one is also reported as a `lenient-notation` notice. It has
// room for 32 forms (what the width costs a Move: docs/performance.md,
// "The lenient forms in 32 bits").
type Lenient uint32

const (
	// LenientLong: long algebraic with the origin square (`e2e4`, `Ng1f3`).
	LenientLong Lenient = 1 << iota
	// LenientHyphen: a hyphen between origin and destination (`e2-e4`).
	LenientHyphen
	// LenientZeroCastle: castling written with zeros (`0-0`).
	LenientZeroCastle
	// LenientNoEquals: a promotion without `=` (`e8Q`).
	LenientNoEquals
	// LenientNullZ0: the null move written `Z0` (ChessBase) for `--`.
	LenientNullZ0
	// LenientLowerConversion: a conversion written as UCI writes it, the
	// square and a lower-case letter without `=` (`c4g8/b1n`).
	LenientLowerConversion
	// LenientCaptureX: a descriptive capture written with a capital X
	// (`P X P`).
	LenientCaptureX
	// LenientNoSeparator: a descriptive move without its `-` (`P K 4`).
	LenientNoSeparator
	// LenientDash: a dash of typesetting (en dash, em dash, minus sign)
	// where the notation writes a hyphen (`0–0`, `e2–e4`).
	LenientDash
	// LenientDoublePlus: mate written `++` (`Bxe7++`), read as `#`.
	LenientDoublePlus
	// LenientNoRank: a descriptive move to a file without its rank
	// (`R-K`), read as the first rank.
	LenientNoRank
	// LenientNoSquare: a descriptive move that names its man and its
	// check but no square (`P. checks.`).
	LenientNoSquare
	// LenientLowerCastle: castling written with lower-case letters
	// (`o-o`), as some pages type it.
	LenientLowerCastle
	// LenientMisprint: a misprint of the page's type read as the text it
	// stands for (`KR-KI` for `KR-K1`, `B-KT5`, `K-Rsq`, `Q-Kt6!!!`,
	// `PxP, e.p.`); the reader's warning names it.
	LenientMisprint
	// LenientManTaken: long algebraic that names the man taken after the
	// `x` (`Sd7xSe5`, German books), read as the capture on that square.
	LenientManTaken
	// LenientLookAlike: a Russian move typed with a look-alike letter of
	// the other alphabet (`e7—е6` with a Cyrillic `е`, `Kg8—f6` with a
	// Latin `K`), read as the letter meant.
	LenientLookAlike
	// LenientOwnFile: a descriptive move to `his` (or `her`) rank, the
	// file of the man that moves (`Q. B. to his 5th.`, the Blue Book).
	LenientOwnFile
	// LenientDashCapture: a capture printed with a spaced dash and no `x`
	// (`d - e5`, `A - f3`, El País), read as the capture: the x is the
	// reader's, so a move onto an empty square is warned of even though
	// the reader's warning stands at the move.
	LenientDashCapture
)

// Notation is the move notation a record's movetext is written in: SAN,
// LAN, UCI, or one of the books' notations (notation.go). The reader reads
// all of them with one grammar (docs/format.md); the notation says which
// forms are the record's own and which are lenient.
type Notation uint8

const (
	// SAN is PGN's standard algebraic notation (`Nf3`, `exd5`, `K~d3`).
	SAN Notation = iota
	// LAN is long algebraic notation (`Ng1-f3`, `e4xd5`, `K~e1-c2`): the
	// origin square and a hyphen are its own forms.
	LAN
	// UCI is the engines' coordinate notation (`g1f3`, `e7e8q`, `c4g8/b1n`):
	// no piece letters, no `x`, no check marks, no leap marker.
	UCI
)

// Own is the set of lenient forms that are part of the notation itself,
// which the reader does not report: LAN's origin squares and hyphens, UCI's
// origin squares, promotions without `=` and lower-case conversions.
func (n Notation) Own() Lenient {
	switch n {
	case LAN:
		return LenientLong | LenientHyphen
	case UCI:
		return LenientLong | LenientNoEquals | LenientLowerConversion
	}
	return 0
}

// Move is the parsed parts of one move as written. Whether the parts fit the
// position (a missing or superfluous `x`, `+`, `#`) is for replay to judge.
type Move struct {
	// Text is the move token exactly as written, suffixes included.
	Text string
	// Glyph is the move suffix annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`)
	// written after the move, empty when none.
	Glyph string
	// Desc is set for a move written in descriptive notation (then Piece,
	// To and the disambiguation are unset: the squares depend on the
	// mover); nil for algebraic moves.
	Desc *Descriptive
	// The parts read from the text (MoveParts) come after the word-sized
	// fields, which packs their bytes together: a huge game holds a move
	// per ply.
	MoveParts
	// Lenient lists the non-canonical forms used.
	Lenient Lenient
}

// MoveParts are the parts of a move read from its text, all but the text
// itself: what the walk reads of a move to resolve and play it. A Move
// holds them (embedded), and so does a Ply of a main line read for the walk
// alone (Game.Plies).
type MoveParts struct {
	// Null is the null move `--`.
	Null bool
	// Piece is the upper-case piece letter, 0 for a pawn.
	Piece byte
	// Leap is the king's knight leap marker `K~`.
	Leap bool
	// FromFile and FromRank are the disambiguation (or, in long algebraic,
	// the origin square): -1 when absent.
	FromFile int8
	FromRank int8
	// Capture is the `x` as written.
	Capture bool
	// To is the destination square.
	To Square
	// Promotion is the piece letter after `=`, 0 when none (a pawn arriving
	// on the last rank without `=` is a waiting arrival or an inferred
	// promotion, which replay decides).
	Promotion byte
	// ConvSquare and ConvPiece are the conversion suffix `/b8=N`; ConvSquare
	// is NoSquare when absent.
	ConvSquare Square
	ConvPiece  byte
	// Check is '+', '#' or 0 as written.
	Check byte
	// Joined is true for a move joined to the previous one by a comma: a
	// later move of a compound turn (`e3,Nf3,g3`).
	Joined bool
	// Castle is NoCastle, CastleShort or CastleLong (CastleEither in
	// descriptive notation).
	Castle int8
	// Plain, when true, promises PlainForm: the grammar sets it on a move
	// it read as plain SAN (`e4`, `exd5`, `Nbd7`, `R1e2`, `Qxe7+`; not
	// castling nor a promotion), so that replay need not test those
	// fields at every ply. False promises nothing: every other writer
	// (JSON, descriptive notation, a literal) leaves it so, and replay
	// asks PlainForm. A program that changes one of the fields PlainForm
	// reads on such a move must clear it. It is no part of the move as
	// written: no format writes it, and a move read by two paths may
	// differ in it alone.
	Plain bool
}

// NoParts is the parts of a move before any is read: no origin file or
// rank, no destination and no conversion square (their zero values are
// squares and files of the board), nothing else set.
func NoParts() MoveParts {
	return MoveParts{FromFile: -1, FromRank: -1, To: NoSquare, ConvSquare: NoSquare}
}

// SetText makes text the move's token, written with no glyph, in
// algebraic notation (Desc nil): the fields of a Move that hold pointers.
func (m *Move) SetText(text string) { m.Text, m.Glyph, m.Desc = text, "", nil }

// PlainForm reports whether m is written as one man's move from a square
// to a square: not null, no castling, a square, not descriptive, not a
// whole origin square, no promotion, leap or conversion.
func (m *Move) PlainForm() bool {
	return !m.Null && m.Castle == NoCastle && m.To != NoSquare && m.Desc == nil &&
		(m.FromFile < 0 || m.FromRank < 0) && m.Promotion == 0 && !m.Leap && m.ConvSquare == NoSquare
}
