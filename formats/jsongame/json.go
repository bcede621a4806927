package jsongame

// JSON and JSONL forms of a record (docs/convert.md, schema/game.schema.json).
//
// The JSON keeps everything the record keeps (tags in order, every movetext
// node with its parts as written and its source position, the result, the
// reader's notices, and for a game that could not be read its source bytes),
// so that JSON read back gives the same record.Game and the canonical writer
// gives the same bytes. What replay derives (canonical SAN, LAN, UCI, flags,
// FEN after the move, the profile and its settings) goes into separate
// fields, "played" per move and "profile"/"settings" per game, which readers
// ignore: they are a view of the record, not part of it.

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// Game is the JSON object of one game.
type Game struct {
	// Game is the 1-based number of the game in its file, when known.
	Game int `json:"game,omitempty"`
	// Pos is where the game starts: [line, column, offset].
	Pos  *[3]int `json:"pos,omitempty"`
	Tags []Tag   `json:"tags"`
	// Profile and Settings are derived by replay (ignored on reading).
	Profile  string            `json:"profile,omitempty"`
	Settings map[string]string `json:"settings,omitempty"`
	Moves    []Node            `json:"moves"`
	Result   string            `json:"result,omitempty"`
	// BookNotation names the notation of books the moves were read in
	// (record.Game.Notation, when it is one of the books': Notation.Book).
	BookNotation string `json:"book_notation,omitempty"`
	// ResultPos is the position of the termination marker.
	ResultPos *[3]int  `json:"result_pos,omitempty"`
	Notices   []Notice `json:"notices,omitempty"`
	// Source is the game's text as read; written only for a game that fmt
	// passes through as read (a syntax error, or tags with no movetext).
	Source *string `json:"source,omitempty"`
	// SourceBase64 replaces Source when the bytes are not valid UTF-8,
	// which a JSON string cannot hold.
	SourceBase64 *string `json:"source_base64,omitempty"`
	// Trailing is the text after the termination marker and before the
	// next game, as read (fmt writes it back after the marker).
	Trailing       *string `json:"trailing,omitempty"`
	TrailingBase64 *string `json:"trailing_base64,omitempty"`
	TrailingPos    *[3]int `json:"trailing_pos,omitempty"`
}

// Tag is one tag pair.
type Tag struct {
	Name  string  `json:"name"`
	Value string  `json:"value"`
	Pos   *[3]int `json:"pos,omitempty"`
}

// Notice is one of the reader's notices.
type Notice struct {
	Pos      *[3]int `json:"pos,omitempty"`
	Rule     string  `json:"rule"`
	Severity string  `json:"severity"`
	Message  string  `json:"message"`
}

// Node is one movetext element. Kind says which other fields are set.
type Node struct {
	Kind string  `json:"kind"`
	Pos  *[3]int `json:"pos,omitempty"`
	// Text: comment, line comment or escape text; for a move, the token as
	// the reader saw it when that differs from Move.Written.
	Text *string `json:"text,omitempty"`
	// Number: the move number (kind "number") or the NAG value (kind "nag").
	Number *int `json:"number,omitempty"`
	// Dots after a move number.
	Dots *int `json:"dots,omitempty"`
	// Move: the parts of a move as written (kind "move").
	Move *Move `json:"move,omitempty"`
	// Variation: the nodes of a variation (kind "variation").
	Variation []Node `json:"variation,omitempty"`
	// Played: what replay derived for this move (ignored on reading).
	Played *Played `json:"played,omitempty"`
}

// Move is a move as written, split into its parts.
type Move struct {
	Written    string      `json:"written"`
	Null       bool        `json:"null,omitempty"`
	Piece      string      `json:"piece,omitempty"`
	Leap       bool        `json:"leap,omitempty"`
	Castle     string      `json:"castle,omitempty"`
	FromFile   string      `json:"from_file,omitempty"`
	FromRank   string      `json:"from_rank,omitempty"`
	Capture    bool        `json:"capture,omitempty"`
	To         string      `json:"to,omitempty"`
	Promotion  string      `json:"promotion,omitempty"`
	Conversion *Conversion `json:"conversion,omitempty"`
	Check      string      `json:"check,omitempty"`
	Glyph      string      `json:"glyph,omitempty"`
	Joined     bool        `json:"joined,omitempty"`
	Lenient    []string    `json:"lenient,omitempty"`
	// Notation is "descriptive" for a move written in descriptive
	// notation: its squares depend on the position, so the parts above
	// are not set and Written is read again (docs/notation-books.md).
	Notation string `json:"notation,omitempty"`
}

// Conversion is a conversion suffix `/b8=N`.
type Conversion struct {
	Square string `json:"square"`
	Piece  string `json:"piece"`
}

// Played is what replay made of a move: derived, never read back.
type Played struct {
	Ply  int    `json:"ply"`
	SAN  string `json:"san"`
	LAN  string `json:"lan,omitempty"`
	UCI  string `json:"uci,omitempty"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// Flags.
	Capture    bool   `json:"capture,omitempty"`
	Check      bool   `json:"check,omitempty"`
	Mate       bool   `json:"mate,omitempty"`
	Leap       bool   `json:"leap,omitempty"`
	Promotion  string `json:"promotion,omitempty"`
	Waiting    bool   `json:"waiting_arrival,omitempty"`
	Conversion string `json:"conversion,omitempty"`
	// TurnIndex is the 0-based index of the move within a compound turn
	// (0 for the first or only move of a turn).
	TurnIndex int    `json:"turn_index"`
	FENAfter  string `json:"fen_after,omitempty"`
}

// nodeKindNames names the node kinds (an array: looked up at every node).
var nodeKindNames = [...]string{
	record.KindMove:        "move",
	record.KindMoveNumber:  "number",
	record.KindComment:     "comment",
	record.KindLineComment: "line_comment",
	record.KindNAG:         "nag",
	record.KindVariation:   "variation",
	record.KindEscape:      "escape",
	record.KindRest:        "rest",
}

var lenientNames = []struct {
	flag record.Lenient
	name string
}{
	{record.LenientLong, "long"},
	{record.LenientHyphen, "hyphen"},
	{record.LenientZeroCastle, "zero-castle"},
	{record.LenientLowerCastle, "lower-castle"},
	{record.LenientMisprint, "misprint"},
	{record.LenientManTaken, "man-taken"},
	{record.LenientLookAlike, "look-alike"},
	{record.LenientNoEquals, "no-equals"},
	{record.LenientNullZ0, "null-z0"},
	{record.LenientLowerConversion, "lower-conversion"},
	{record.LenientCaptureX, "capture-x"},
	{record.LenientNoSeparator, "no-separator"},
	{record.LenientDash, "dash"},
	{record.LenientDoublePlus, "double-plus"},
	{record.LenientNoRank, "no-rank"},
	{record.LenientNoSquare, "no-square"},
	{record.LenientOwnFile, "own-file"},
	{record.LenientDashCapture, "dash-capture"},
}

// lenientBits is how many forms a record.Lenient holds.
const lenientBits = int(unsafe.Sizeof(record.Lenient(0))) * 8

// jsonParts holds the parts of one game's JSON object, allocated in blocks
// rather than one by one (a game has hundreds of nodes, each with a
// position, a move and its played fields). The JSON writer reuses its
// parts from game to game: the object it builds is written, then dropped.
type jsonParts struct {
	pos    [][3]int
	nodes  []Node
	moves  []Move
	played []Played
	ints   []int
	strs   []string
	// text holds the derived strings of a game's moves (FEN, LAN, UCI)
	// while AddPlayed builds them: one string for the game, cut into them.
	text []byte
	cuts []textCut
	// fen writes the FEN after each move, each rank's text kept from the
	// move before.
	fen rules.FENWriter
	// settings and settingsMap are the last game's settings and their
	// map: most inputs are one profile, and the map is only read.
	settings    rules.Settings
	settingsMap map[string]string
	// settingsJSON is settingsMap as appendJSON writes it.
	settingsJSON []byte
}

// textCut is where in jsonParts.text the string for *dst lies.
type textCut struct {
	dst        *string
	start, end int
}

// reset forgets the parts of the previous game, keeping their storage.
func (a *jsonParts) reset() {
	clear(a.nodes) // the nodes hold pointers into the other parts
	a.pos, a.nodes, a.moves, a.played = a.pos[:0], a.nodes[:0], a.moves[:0], a.played[:0]
	a.ints, a.strs, a.text, a.cuts = a.ints[:0], a.strs[:0], a.text[:0], a.cuts[:0]
}

// grow makes room for n more elements in a block of at least 64, so that
// the pointers handed out stay where they are.
func grow[T any](s []T, n int) []T {
	if len(s)+n <= cap(s) {
		return s
	}
	return make([]T, 0, max(2*cap(s), n, 64))
}

func (a *jsonParts) posJSON(p record.Pos) *[3]int {
	if !p.IsValid() && p.Offset == 0 {
		return nil
	}
	a.pos = append(grow(a.pos, 1), [3]int{p.Line, p.Col, p.Offset})
	return &a.pos[len(a.pos)-1]
}

func (a *jsonParts) intPtr(v int) *int {
	a.ints = append(grow(a.ints, 1), v)
	return &a.ints[len(a.ints)-1]
}

func (a *jsonParts) strPtr(s string) *string {
	a.strs = append(grow(a.strs, 1), s)
	return &a.strs[len(a.strs)-1]
}

func posFromJSON(p *[3]int) record.Pos {
	if p == nil {
		return record.Pos{}
	}
	return record.Pos{Line: p[0], Col: p[1], Offset: p[2]}
}

func letter(b byte) string {
	if b == 0 {
		return ""
	}
	return string([]byte{b})
}

// bookNotationName is book_notation for a game read in notation n: its
// name for the books' notations, none for SAN, LAN and UCI.
func bookNotationName(n record.Notation) string {
	if n.Book() {
		return n.String()
	}
	return ""
}

// GameToJSON converts a record to its JSON object, without derived fields
// (AddPlayed adds them).
func GameToJSON(g *record.Game) *Game {
	return gameToJSON(g, &jsonParts{})
}

func gameToJSON(g *record.Game, a *jsonParts) *Game {
	j := &Game{Moves: a.nodesToJSON(g.Moves)}
	a.headToJSON(j, g)
	a.tailToJSON(j, g, pgn.PassedThrough(g))
	return j
}

// headToJSON sets the fields of j that come before the moves and are the
// record's (the tags): all a game read in parts knows at its start
// (json_parts.go).
func (a *jsonParts) headToJSON(j *Game, g *record.Game) {
	j.Pos = a.posJSON(g.Pos)
	j.Tags = make([]Tag, len(g.Tags))
	for i, t := range g.Tags {
		j.Tags[i] = Tag{Name: t.Name, Value: t.Value, Pos: a.posJSON(t.Pos)}
	}
}

// tailToJSON sets the fields of j that come after the moves, which only
// the record's end tells (its result and notices); passed is whether the
// game is passed through as read (PassedThrough), with its source.
func (a *jsonParts) tailToJSON(j *Game, g *record.Game, passed bool) {
	j.Result = g.Result
	j.BookNotation = bookNotationName(g.Notation)
	j.ResultPos = a.posJSON(g.ResultPos)
	for _, n := range g.Notices {
		j.Notices = append(j.Notices, Notice{
			Pos: a.posJSON(n.Pos), Rule: n.Rule, Severity: n.Severity.String(), Message: n.Message,
		})
	}
	if passed && g.Source != nil {
		j.Source, j.SourceBase64 = bytesJSON(g.Source)
	}
	if g.Trailing != nil {
		j.Trailing, j.TrailingBase64 = bytesJSON(g.Trailing)
		j.TrailingPos = a.posJSON(g.TrailingPos)
	}
}

// nodesToJSON converts a list of nodes (a non-nil slice, empty for none).
func (a *jsonParts) nodesToJSON(nodes []record.Node) []Node {
	if len(nodes) == 0 {
		return []Node{}
	}
	a.nodes = grow(a.nodes, len(nodes))
	start := len(a.nodes)
	a.nodes = a.nodes[:start+len(nodes)]
	out := a.nodes[start : start+len(nodes) : start+len(nodes)]
	for i := range nodes {
		// A variation's nodes may move a.nodes to a new block: out stays
		// in the old one, which it alone uses.
		out[i] = a.nodeToJSON(&nodes[i])
	}
	return out
}

func (a *jsonParts) nodeToJSON(n *record.Node) Node {
	var kind string
	if int(n.Kind) < len(nodeKindNames) {
		kind = nodeKindNames[n.Kind]
	}
	if kind == "" {
		kind = fmt.Sprintf("unknown-%d", n.Kind)
	}
	j := Node{Kind: kind, Pos: a.posJSON(n.Pos)}
	switch n.Kind {
	case record.KindMove:
		if n.Move != nil {
			j.Move = a.moveToJSON(n.Move)
			if n.Text != n.Move.Text {
				j.Text = a.strPtr(n.Text)
			}
		} else {
			j.Text = a.strPtr(n.Text)
		}
	case record.KindMoveNumber:
		j.Number, j.Dots = a.intPtr(int(n.Number)), a.intPtr(int(n.Dots))
		j.Text = a.textIfSet(n.Text)
	case record.KindNAG:
		j.Number = a.intPtr(int(n.Number))
		j.Text = a.textIfSet(n.Text)
	case record.KindVariation:
		j.Variation = a.nodesToJSON(n.Variation())
	default:
		j.Text = a.strPtr(n.Text)
	}
	return j
}

// bytesJSON holds raw bytes as a JSON string when they are UTF-8, else as
// base64 (a JSON string would replace the invalid bytes).
func bytesJSON(b []byte) (text, b64 *string) {
	if utf8.Valid(b) {
		s := string(b)
		return &s, nil
	}
	s := base64.StdEncoding.EncodeToString(b)
	return nil, &s
}

func bytesFromJSON(text, b64 *string) ([]byte, error) {
	switch {
	case b64 != nil:
		return base64.StdEncoding.DecodeString(*b64)
	case text != nil:
		return []byte(*text), nil
	}
	return nil, nil
}

// textIfSet keeps a number's or NAG's token as read ("12...", "$1").
func (a *jsonParts) textIfSet(s string) *string {
	if s == "" {
		return nil
	}
	return a.strPtr(s)
}

// fileNames and rankNames name a file or rank without an allocation.
var (
	fileNames = [8]string{"a", "b", "c", "d", "e", "f", "g", "h"}
	rankNames = [8]string{"1", "2", "3", "4", "5", "6", "7", "8"}
)

func (a *jsonParts) moveToJSON(m *record.Move) *Move {
	a.moves = grow(a.moves, 1)
	if m.Desc != nil || m.Castle == record.CastleEither {
		a.moves = append(a.moves, Move{Written: m.Text, Check: letter(m.Check), Glyph: m.Glyph, Joined: m.Joined, Notation: "descriptive"})
		return &a.moves[len(a.moves)-1]
	}
	a.moves = append(a.moves, Move{
		Written:   m.Text,
		Null:      m.Null,
		Piece:     letter(m.Piece),
		Leap:      m.Leap,
		Capture:   m.Capture,
		Promotion: letter(m.Promotion),
		Check:     letter(m.Check),
		Glyph:     m.Glyph,
		Joined:    m.Joined,
	})
	j := &a.moves[len(a.moves)-1]
	switch m.Castle {
	case record.CastleShort:
		j.Castle = "short"
	case record.CastleLong:
		j.Castle = "long"
	}
	if m.FromFile >= 0 && m.FromFile < 8 {
		j.FromFile = fileNames[m.FromFile]
	}
	if m.FromRank >= 0 && m.FromRank < 8 {
		j.FromRank = rankNames[m.FromRank]
	}
	if m.To >= 0 && m.To < 64 {
		j.To = m.To.String()
	}
	if m.ConvSquare >= 0 && m.ConvSquare < 64 {
		j.Conversion = &Conversion{Square: m.ConvSquare.String(), Piece: letter(m.ConvPiece)}
	}
	rest := m.Lenient
	for _, l := range lenientNames {
		if m.Lenient&l.flag != 0 {
			j.Lenient = append(j.Lenient, l.name)
			rest &^= l.flag
		}
	}
	// Forms the record learnt after this writer: kept by bit number, so
	// that nothing is lost.
	for bit := 0; bit < lenientBits; bit++ {
		if rest&(1<<bit) != 0 {
			j.Lenient = append(j.Lenient, fmt.Sprintf("bit%d", bit))
		}
	}
	return j
}

// GameFromJSON converts a JSON object back to a record. Derived fields are
// ignored. It fails on values the record cannot hold (an unknown node kind,
// a malformed square), naming where. Variations are held to the reader's
// default depth limit (grammar.DefaultLimits), as in PGN.
func GameFromJSON(j *Game) (*record.Game, error) {
	return gameFromJSON(j, grammar.DefaultLimits())
}

// gameFromJSON is GameFromJSON with the depth limit of lim: a game whose
// variations nest deeper is read as a PGN game that does is, its tags and
// a `limit` error, no moves (it is not replayed).
func gameFromJSON(j *Game, lim grammar.Limits) (*record.Game, error) {
	g := &record.Game{
		Pos:       posFromJSON(j.Pos),
		Result:    j.Result,
		ResultPos: posFromJSON(j.ResultPos),
	}
	if j.BookNotation != "" {
		n, ok := record.NotationNamed(j.BookNotation)
		if !ok || !n.Book() {
			return nil, fmt.Errorf("book_notation %q: want one of the books' notations (descriptive, de, fr, ..., figurine)", j.BookNotation)
		}
		g.Notation = n
	}
	for _, t := range j.Tags {
		g.Tags = append(g.Tags, record.Tag{Name: t.Name, Value: t.Value, Pos: posFromJSON(t.Pos)})
	}
	moves, err := nodesFromJSON(j.Moves, lim, 0, g.Notation)
	deep, _ := err.(*tooDeepError)
	if err != nil && deep == nil {
		return nil, inJSON("moves", err)
	}
	g.Moves = moves
	for i, n := range j.Notices {
		var sev record.Severity
		switch n.Severity {
		case "error":
			sev = record.Error
		case "warning":
			sev = record.Warning
		default:
			return nil, fmt.Errorf("notices[%d]: severity %q is neither error nor warning", i, n.Severity)
		}
		g.Notices = append(g.Notices, record.Notice{Pos: posFromJSON(n.Pos), Rule: n.Rule, Severity: sev, Message: n.Message})
	}
	if deep != nil {
		g.Notices = append(g.Notices, deep.notice)
	}
	// The rest of a game the reader read up to its syntax error ends its
	// main line (record.Game.Recovered).
	g.Recovered = deep == nil && len(g.Moves) > 0 && g.Moves[len(g.Moves)-1].Kind == record.KindRest && g.SyntaxError() != nil
	var err2 error
	if g.Source, err2 = bytesFromJSON(j.Source, j.SourceBase64); err2 != nil {
		return nil, fmt.Errorf("source_base64: %w", err2)
	}
	if g.Trailing, err2 = bytesFromJSON(j.Trailing, j.TrailingBase64); err2 != nil {
		return nil, fmt.Errorf("trailing_base64: %w", err2)
	}
	if g.Trailing != nil {
		g.TrailingPos = posFromJSON(j.TrailingPos)
	}
	return g, nil
}

// nodesFromJSON reads the nodes of a line of play depth variations deep,
// of a game read in notation bn.
// An error names the node's path from the line (`[3].variation[0]`),
// built as the calls return: a path made for every node cost memory in the
// square of the depth.
func nodesFromJSON(js []Node, lim grammar.Limits, depth int, bn record.Notation) ([]record.Node, error) {
	if len(js) == 0 {
		return nil, nil
	}
	out := make([]record.Node, len(js))
	for i := range js {
		if err := nodeFromJSON(&js[i], &out[i], lim, depth, bn); err != nil {
			return nil, inJSON(fmt.Sprintf("[%d]", i), err)
		}
	}
	return out, nil
}

// jsonPathError is an error in a game's JSON at a path (`moves[3]`),
// whose elements are innermost first.
type jsonPathError struct {
	elems []string
	err   error
}

func (e *jsonPathError) Error() string {
	var b strings.Builder
	for i := len(e.elems) - 1; i >= 0; i-- {
		b.WriteString(e.elems[i])
	}
	return b.String() + ": " + e.err.Error()
}

func (e *jsonPathError) Unwrap() error { return e.err }

// inJSON puts err, of a value inside elem, at elem. A variation too deep
// needs no path: its notice has the position.
func inJSON(elem string, err error) error {
	switch e := err.(type) {
	case *tooDeepError:
		return e
	case *jsonPathError:
		e.elems = append(e.elems, elem)
		return e
	}
	return &jsonPathError{elems: []string{elem}, err: err}
}

// tooDeepError is a variation nested deeper than the depth limit: its
// notice is the game's error.
type tooDeepError struct{ notice record.Notice }

func (e *tooDeepError) Error() string { return e.notice.Message }

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func num(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

func nodeFromJSON(j *Node, n *record.Node, lim grammar.Limits, depth int, bn record.Notation) error {
	n.Pos = posFromJSON(j.Pos)
	n.Text = str(j.Text)
	switch j.Kind {
	case "move":
		n.Kind = record.KindMove
		if j.Move != nil {
			m, err := moveFromJSON(j.Move, bn)
			if err != nil {
				return err
			}
			n.Move = m
			if j.Text == nil {
				n.Text = m.Text
			}
		}
	case "number":
		n.Kind = record.KindMoveNumber
		if v, d := num(j.Number), num(j.Dots); v != int(int32(v)) || d != int(uint16(d)) {
			return fmt.Errorf("move number %d with %d dots: at most %d with %d dots", v, d, record.MaxNumber, record.MaxDots)
		}
		n.Number, n.Dots = int32(num(j.Number)), uint16(num(j.Dots))
	case "comment":
		n.Kind = record.KindComment
	case "line_comment":
		n.Kind = record.KindLineComment
	case "nag":
		n.Kind = record.KindNAG
		if v := num(j.Number); v != int(int32(v)) {
			return fmt.Errorf("NAG %d: at most %d", v, record.MaxNumber)
		}
		n.Number = int32(num(j.Number))
	case "escape":
		n.Kind = record.KindEscape
	case "rest":
		n.Kind = record.KindRest
	case "variation":
		n.Kind = record.KindVariation
		// Read by recursion, checked first: as deep as the limit at most.
		if deep := lim.CheckDepth(n.Pos, depth+1); deep != nil {
			return &tooDeepError{*deep}
		}
		v, err := nodesFromJSON(j.Variation, lim, depth+1, bn)
		if err != nil {
			return inJSON(".variation", err)
		}
		if v == nil {
			v = []record.Node{}
		}
		n.SetVariation(v)
	default:
		return fmt.Errorf("unknown node kind %q", j.Kind)
	}
	return nil
}

func pieceLetter(s, what string) (byte, error) {
	switch len(s) {
	case 0:
		return 0, nil
	case 1:
		if strings.IndexByte("KQRBNP", s[0]) >= 0 {
			return s[0], nil
		}
	}
	return 0, fmt.Errorf("%s %q is not a piece letter", what, s)
}

// ParseSquare reads a square name such as "e4".
func ParseSquare(s string) (record.Square, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return record.NoSquare, fmt.Errorf("%q is not a square", s)
	}
	return record.MakeSquare(int(s[0]-'a'), int(s[1]-'1')), nil
}

// moveFromJSON reads a move of a game read in notation bn.
func moveFromJSON(j *Move, bn record.Notation) (*record.Move, error) {
	switch j.Notation {
	case "":
	case "descriptive":
		parse := grammar.ParseDescriptive
		if bn.IsLanguage() {
			// A language's man takes man (`TxT`), read as descriptive
			// notation's capture, in the language's letters.
			parse = func(t string) (record.Move, error) { return grammar.ParseMoveIn(t, bn) }
		}
		m, err := parse(j.Written)
		if err != nil {
			return nil, err
		}
		m.Joined = j.Joined
		return &m, nil
	default:
		return nil, fmt.Errorf("notation %q: want descriptive or none", j.Notation)
	}
	m := &record.Move{Text: j.Written, Glyph: j.Glyph, MoveParts: record.NoParts()}
	m.Null, m.Leap, m.Capture, m.Joined = j.Null, j.Leap, j.Capture, j.Joined
	var err error
	if m.Piece, err = pieceLetter(j.Piece, "piece"); err != nil {
		return nil, err
	}
	if m.Piece == 'P' {
		// A pawn has no letter in a record, as the grammar reads `P-K4`:
		// kept, `P` would be written as SAN, which has no such letter.
		m.Piece = 0
	}
	if m.Promotion, err = pieceLetter(j.Promotion, "promotion"); err != nil {
		return nil, err
	}
	switch j.Castle {
	case "":
	case "short":
		m.Castle = record.CastleShort
	case "long":
		m.Castle = record.CastleLong
	default:
		return nil, fmt.Errorf("castle %q is neither short nor long", j.Castle)
	}
	switch {
	case j.FromFile == "":
	case len(j.FromFile) == 1 && j.FromFile[0] >= 'a' && j.FromFile[0] <= 'h':
		m.FromFile = int8(j.FromFile[0] - 'a')
	default:
		return nil, fmt.Errorf("from_file %q is not a file", j.FromFile)
	}
	switch {
	case j.FromRank == "":
	case len(j.FromRank) == 1 && j.FromRank[0] >= '1' && j.FromRank[0] <= '8':
		m.FromRank = int8(j.FromRank[0] - '1')
	default:
		return nil, fmt.Errorf("from_rank %q is not a rank", j.FromRank)
	}
	if j.To != "" {
		if m.To, err = ParseSquare(j.To); err != nil {
			return nil, fmt.Errorf("to: %w", err)
		}
	}
	if c := j.Conversion; c != nil {
		if m.ConvSquare, err = ParseSquare(c.Square); err != nil {
			return nil, fmt.Errorf("conversion: %w", err)
		}
		if m.ConvPiece, err = pieceLetter(c.Piece, "conversion piece"); err != nil {
			return nil, err
		}
		if m.ConvPiece == 0 {
			// A conversion names the man the waiting pawn becomes:
			// without one it would be written `/b8=` and read back as
			// something else.
			return nil, fmt.Errorf("conversion: no piece for the pawn on %s", c.Square)
		}
	}
	switch j.Check {
	case "":
	case "+", "#":
		m.Check = j.Check[0]
	default:
		return nil, fmt.Errorf("check %q is neither + nor #", j.Check)
	}
	for _, name := range j.Lenient {
		found := false
		for _, l := range lenientNames {
			if l.name == name {
				m.Lenient |= l.flag
				found = true
			}
		}
		var bit int
		if !found {
			if n, err := fmt.Sscanf(name, "bit%d", &bit); n == 1 && err == nil && bit >= 0 && bit < lenientBits {
				m.Lenient |= 1 << bit
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown lenient form %q", name)
		}
	}
	return m, nil
}

// Writer writes games as one JSON array (Lines false) or as JSON Lines,
// one object per line (Lines true), streaming: each game is written as it
// comes, built in a buffer reused from game to game (json_append.go: the
// bytes encoding/json would write). Close ends the array.
type Writer struct {
	j     Joiner
	lines bool
	buf   []byte
}

// NewWriter returns a writer of a JSON array (lines false) or JSONL.
func NewWriter(w io.Writer, lines bool) *Writer {
	return &Writer{j: Joiner{w: w, lines: lines}, lines: lines}
}

// Write writes one game object.
func (jw *Writer) Write(j *Game) error {
	if jw.j.err != nil {
		return jw.j.err
	}
	jw.buf = appendJSONPiece(jw.buf[:0], j, nil, jw.lines)
	return jw.j.Join(jw.buf)
}

// Close ends the JSON array (an empty array when no game was written).
func (jw *Writer) Close() error { return jw.j.Close() }

// appendJSONPiece appends a game's piece of JSON output (GameRenderer):
// its object (appendJSONSettings), and the line's end in JSONL.
func appendJSONPiece(dst []byte, j *Game, settings []byte, lines bool) []byte {
	dst = j.appendJSONSettings(dst, settings)
	if lines {
		dst = append(dst, '\n')
	}
	return dst
}

// Joiner joins game objects (appendJSONPiece) into one JSON array, or
// one a line (lines).
type Joiner struct {
	w     io.Writer
	lines bool
	n     int
	err   error
}

func (jw *Joiner) Join(piece []byte) error {
	if jw.err != nil {
		return jw.err
	}
	if !jw.lines {
		sep := ",\n"
		if jw.n == 0 {
			sep = "[\n"
		}
		if _, err := io.WriteString(jw.w, sep); err != nil {
			jw.err = fmt.Errorf("writing JSON: %w", err)
			return jw.err
		}
	}
	jw.n++
	if _, err := jw.w.Write(piece); err != nil {
		jw.err = fmt.Errorf("writing JSON: %w", err)
	}
	return jw.err
}

func (jw *Joiner) JoinSpilled(start io.Reader, rest []byte) error {
	if err := jw.Join(nil); err != nil { // the separator
		return err
	}
	if _, err := io.Copy(jw.w, start); err != nil {
		jw.err = fmt.Errorf("writing JSON: %w", err)
		return jw.err
	}
	if _, err := jw.w.Write(rest); err != nil {
		jw.err = fmt.Errorf("writing JSON: %w", err)
	}
	return jw.err
}

func (jw *Joiner) Close() error {
	if jw.err != nil || jw.lines {
		return jw.err
	}
	end := "\n]\n"
	if jw.n == 0 {
		end = "[]\n"
	}
	if _, err := io.WriteString(jw.w, end); err != nil {
		jw.err = fmt.Errorf("writing JSON: %w", err)
	}
	return jw.err
}

// Reader reads games from JSON: an array of game objects, a single
// object, or a sequence of objects (JSON Lines), streaming one at a time.
//
// Objects of the compact form (json_compact.go) are read too: a game is
// decoded as the full form, and only when that fails on the tags being an
// object is the game's text, which rec kept, decoded as compact. The full
// form is so read in one pass, as before the compact form existed.
type Reader struct {
	br      *bufio.Reader
	dec     *json.Decoder
	rec     recorder
	inArray bool
	n       int
	// limits hold the games' variations to a depth, as the grammar's
	// do (only MaxDepth applies: the JSON decoder reads a whole value).
	limits grammar.Limits
}

// recorder keeps the bytes the decoder read from the input since the
// start of the game being decoded (at offset base of the input).
type recorder struct {
	r    io.Reader
	buf  []byte
	base int64
}

func (r *recorder) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	r.buf = append(r.buf, p[:n]...)
	return n, err
}

// from forgets the bytes before offset off.
func (r *recorder) from(off int64) {
	if k := int(off - r.base); k > 0 && k <= len(r.buf) {
		r.buf = r.buf[:copy(r.buf, r.buf[k:])]
		r.base = off
	}
}

// NewReader reads JSON or JSONL from r, with the reader's default
// limits (grammar.DefaultLimits).
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReader(r), limits: grammar.DefaultLimits()}
}

// SetLimits sets the limits of the games read from now on.
func (jr *Reader) SetLimits(l grammar.Limits) { jr.limits = l }

// start looks at the first non-blank byte: an array's '[' is consumed as a
// token so that Decode then reads its elements one by one.
func (jr *Reader) start() error {
	for {
		b, err := jr.br.Peek(1)
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return fmt.Errorf("reading JSON: %w", err)
		}
		switch b[0] {
		case ' ', '\t', '\r', '\n':
			_, _ = jr.br.ReadByte()
			continue
		case 0xEF: // a UTF-8 byte-order mark
			if bom, err := jr.br.Peek(3); err == nil && string(bom) == "\xEF\xBB\xBF" {
				_, _ = jr.br.Discard(3)
				continue
			}
		}
		break
	}
	jr.rec = recorder{r: jr.br}
	jr.dec = json.NewDecoder(&jr.rec)
	if b, err := jr.br.Peek(1); err == nil && b[0] == '[' {
		if _, err := jr.dec.Token(); err != nil {
			return fmt.Errorf("reading JSON: %w", err)
		}
		jr.inArray = true
	}
	return nil
}

// Next returns the next game's object, or io.EOF after the last. A game
// in the compact form is returned as the full form of its record.
func (jr *Reader) Next() (*Game, error) {
	j, g, err := jr.next()
	if g != nil {
		j = GameToJSON(g)
	}
	return j, err
}

// next returns the next game: its object, or for a compact object its
// record.
func (jr *Reader) next() (*Game, *record.Game, error) {
	if jr.dec == nil {
		if err := jr.start(); err != nil {
			return nil, nil, err
		}
	}
	if jr.inArray && !jr.dec.More() {
		if _, err := jr.dec.Token(); err != nil { // the closing ']'
			return nil, nil, fmt.Errorf("reading JSON after game %d: %w", jr.n, err)
		}
		jr.inArray = false
	}
	start := jr.dec.InputOffset()
	jr.rec.from(start)
	var j Game
	if err := jr.dec.Decode(&j); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil, io.EOF
		}
		if isCompact(err) {
			jr.n++
			// The game's text, after the comma before it in an array.
			raw := jr.rec.buf[:jr.dec.InputOffset()-jr.rec.base]
			raw = bytes.TrimLeft(raw, " \t\r\n,")
			g, err := gameFromCompact(raw)
			if err != nil {
				return nil, nil, fmt.Errorf("JSON game %d: %w", jr.n, err)
			}
			return nil, g, nil
		}
		return nil, nil, fmt.Errorf("reading JSON game %d: %w", jr.n+1, err)
	}
	jr.n++
	return &j, nil, nil
}

// ReadGame reads the next game as a record.
func (jr *Reader) ReadGame() (*record.Game, error) {
	j, g, err := jr.next()
	if err != nil || g != nil {
		return g, err
	}
	g, err = gameFromJSON(j, jr.limits)
	if err != nil {
		return nil, fmt.Errorf("JSON game %d: %w", jr.n, err)
	}
	return g, nil
}

// Schema is the JSON Schema (2020-12) of one game object.
//
//go:embed schema/game.schema.json
var Schema []byte

// AddPlayed adds what replay derived to a game's JSON: the profile and its
// settings, and for each main-line move that could be played its canonical
// SAN, LAN, UCI, flags and the FEN after it.
func AddPlayed(j *Game, t *replay.Played) {
	addPlayed(j, t, &jsonParts{})
}

func addPlayed(j *Game, t *replay.Played, a *jsonParts) {
	if a.addProfile(j, t) {
		a.addSteps(j.Moves, 0, t, 0)
	}
}

// addProfile sets j's profile and settings from t, and reports whether
// t was judged by a profile: else no move has played fields either.
func (a *jsonParts) addProfile(j *Game, t *replay.Played) bool {
	if t == nil || t.Profile == nil {
		return false
	}
	j.Profile = t.Profile.Name
	if a.settingsMap == nil || a.settings != t.Settings {
		a.settings, a.settingsMap = t.Settings, t.Settings.Map()
		a.settingsJSON = appendStringMap(a.settingsJSON[:0], a.settingsMap)
	}
	j.Settings = a.settingsMap
	return true
}

// addSteps sets the played fields of the moves of nodes from t's steps,
// from step from on, and returns the first step after them. nodes are
// the main line, or the part of it t played (a step's index is into
// it), or of that from index base on (a game read in parts renders its
// part a batch of nodes at a time: json_parts.go).
func (a *jsonParts) addSteps(nodes []Node, base int, t *replay.Played, from int) int {
	a.played = grow(a.played, min(t.Len()-from, len(nodes)))
	// The LAN, UCI and FEN of every move are written into one buffer, made
	// one string at the end and cut into the moves' fields.
	cut := func(dst *string, start int) {
		a.cuts = append(a.cuts, textCut{dst: dst, start: start, end: len(a.text)})
	}
	i := from
	// The positions in order, each step played once on a copy of the one
	// before the first (Played.PlayStep).
	var pos rules.Position
	if i < t.Len() {
		pos = *t.BeforeView(i)
	}
	for ; i < t.Len(); i++ {
		k := t.Index(i) - base
		if k >= len(nodes) {
			break // the steps are in the order of their nodes
		}
		t.PlayStep(&pos, i)
		if k < 0 {
			continue
		}
		st := t.Step(i)
		m := st.Move
		a.played = append(a.played, Played{
			Ply:       st.Ply,
			SAN:       st.SAN,
			From:      m.From.String(),
			To:        m.To.String(),
			Capture:   m.IsCapture(),
			Check:     st.Check,
			Mate:      st.Mate,
			Leap:      m.IsLeap(),
			Waiting:   m.Flags&rules.FlagArrival != 0,
			TurnIndex: st.TurnIndex,
		})
		p := &a.played[len(a.played)-1]
		start := len(a.text)
		a.text = notation.AppendUCI(a.text, m)
		cut(&p.UCI, start)
		start = len(a.text)
		a.text = notation.AppendLANOf(a.text, t.Kind(i), m)
		if st.Mate {
			a.text = append(a.text, '#')
		} else if st.Check {
			a.text = append(a.text, '+')
		}
		cut(&p.LAN, start)
		start = len(a.text)
		a.text = a.fen.Append(a.text, &pos)
		cut(&p.FENAfter, start)
		if m.Promotion != rules.NoKind && m.Flags&rules.FlagWaitingMove == 0 {
			p.Promotion = m.Promotion.Letter()
		}
		if m.ConvSquare != rules.NoSquare && m.ConvKind != rules.NoKind {
			p.Conversion = m.ConvSquare.String() + "=" + m.ConvKind.Letter()
		}
		nodes[k].Played = p
	}
	text := string(a.text)
	for _, c := range a.cuts {
		*c.dst = text[c.start:c.end]
	}
	a.cuts = a.cuts[:0]
	return i
}
