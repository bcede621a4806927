package grammar

import (
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/ashtapada/ashtapada/record"
)

// Scratch is storage for the nodes and moves of records, reused from one
// game to the next by ParseChunkScratch. A validator that reads a game,
// judges it and drops it need not allocate a record's ~20 KB per game: that
// allocation rate kept the garbage collector running (and its write
// barriers on) a quarter of the time (docs/performance.md, "Where the time
// went, and what each change bought"). A Scratch is not safe for concurrent
// use: give each worker its own.
type Scratch struct {
	// Plies asks for the main line read for the walk alone: a game the
	// lean read takes (readLean: numbered as a right record numbers it,
	// plain moves, comments and NAGs between them, nothing the reader
	// would say a word of) comes back with Plies and no Moves
	// (record.Game.Plies); every other game is the record read whole, as
	// without it. Only a caller that walks the main line and reads no
	// other node sets it.
	Plies bool

	nodes []record.Node
	nused int
	moves []record.Move
	mused int
	// lines hold the node lists of variations (builder.lineHeader).
	lines [][]record.Node
	lused int
	// plyRoom holds the plies of a game the lean read takes.
	plyRoom []record.Ply
	// descs hold the parts of descriptive moves (record.Move.Desc,
	// builder.descSlice).
	descs []record.Descriptive
	dused int
	// stack is the builder's node stack (builder.elems); a record's main
	// line is a prefix of it.
	stack []record.Node
	// The record itself, its tags and the reader's state are reused too:
	// an ordinary game then costs no allocation at all (four before: the
	// record, the builder, the lexer and the tags).
	game   record.Game
	tags   []record.Tag
	b      builder
	lx     lex
	stream streamState
}

// ParseChunkScratch is ParseChunk with the record (the Game itself, its
// tags, nodes and moves, or its plies when s.Plies asks for them) in s.
// The record is valid only until the next call with the same s: what
// outlives it must be copied out (strings may be kept, they do not point
// into s).
//
// The call of parseScratch stands on the body's first line, with the lean
// read's test: the build's profile finds the call there, by its line in
// the function, and inlines it.
func ParseChunkScratch(c Chunk, filename string, s *Scratch) *record.Game {
	if !(s.Plies && s.readLean(&c, filename)) && parseScratch(&c, filename, s, nil) == nil {
		panic("unreachable: parseScratch returns s's record")
	}
	return &s.game
}

// parseScratch is ParseChunkScratch, the main line given in parts when
// parts is set (readParts).
func parseScratch(c *Chunk, filename string, s *Scratch, parts *partReading) *record.Game {
	s.nused, s.mused, s.lused, s.dused = 0, 0, 0, 0
	// The storage of one huge game is not kept for the games after it
	// (a 16 MB game's nodes take hundreds of MB).
	if len(s.nodes) > keepNodes {
		s.nodes = nil
	}
	if len(s.moves) > keepNodes {
		s.moves = nil
	}
	if len(s.lines) > keepNodes {
		s.lines = nil
	}
	if len(s.descs) > keepNodes {
		s.descs = nil
	}
	if cap(s.tags) > keepTags {
		s.tags = nil
	}
	s.game = record.Game{Source: c.Data, Pos: c.Pos, Notation: c.notation}
	s.b = builder{g: &s.game, filename: filename, scratch: s, parts: parts}
	parseChunkCommon(c, filename, &s.b, true)
	return &s.game
}

// keepTags is the most tags a Scratch keeps room for from one game to
// the next.
const keepTags = 256

// keepNodes is the most nodes (and moves) a Scratch keeps from one game
// to the next: an ordinary game needs a few hundred.
const keepNodes = 1 << 16

// tagSlice is an empty tag list with room for n tags.
func (b *builder) tagSlice(n int) []record.Tag {
	s := b.scratch
	if s == nil || n == 0 {
		// Empty but not nil, as without a Scratch (costs no allocation).
		return make([]record.Tag, 0, n)
	}
	if cap(s.tags) < n {
		s.tags = make([]record.Tag, 0, max(n, 32))
	}
	return s.tags[:0:n]
}

// lexer is a lexer over src, the Scratch's when there is one.
func (b *builder) lexer(src, filename string, base lexer.Position) *lex {
	var l *lex
	if s := b.scratch; s != nil {
		l = &s.lx
	} else {
		l = new(lex)
	}
	l.over(src, filename, base)
	return l
}

// nodeSlice is an empty node list with room for n nodes. Its capacity is
// exactly n, so that appending more (a compound turn is one token and
// several nodes) moves the list to new memory instead of into the next.
func (b *builder) nodeSlice(n int) []record.Node {
	s := b.scratch
	if s == nil || n == 0 {
		// Empty but not nil, as without a Scratch (costs no allocation).
		return make([]record.Node, 0, n)
	}
	return carve(&s.nodes, &s.nused, n)
}

// carve is an empty list with room for exactly n, cut from *store after
// its first *used elements; when the rest is too short, *store is
// replaced by a new block (the old one stays alive while this game's
// lists use it; the next games use the new one).
func carve[T any](store *[]T, used *int, n int) []T {
	if *used+n > len(*store) {
		*store = make([]T, max(2*len(*store), n, 1024))
		*used = 0
	}
	out := (*store)[*used : *used : *used+n]
	*used += n
	return out
}

// descSlice is an empty list of descriptive moves' parts with room for n,
// the Scratch's when there is one: reused from game to game, its memory is
// warm, where a new list's first writes cost more than the reading that
// fills it (docs/performance.md, "Convert rendered on the workers"). Its
// capacity is exactly n, as nodeSlice's, so that one more moves to new
// memory (descScanner.emit).
func (b *builder) descSlice(n int) []record.Descriptive {
	s := b.scratch
	if s == nil {
		return make([]record.Descriptive, 0, n)
	}
	return carve(&s.descs, &s.dused, n)
}

// lineHeader is where a variation's node list is held (Node.SetVariationIn),
// from blocks of 64 like the moves, so that a variation costs no
// allocation of its own.
func (b *builder) lineHeader() *[]record.Node {
	const block = 64
	if len(b.lines) == cap(b.lines) {
		if s := b.scratch; s != nil {
			if s.lused+block > len(s.lines) {
				s.lines = make([][]record.Node, max(2*len(s.lines), 4*block))
				s.lused = 0
			}
			b.lines = s.lines[s.lused : s.lused : s.lused+block]
			s.lused += block
		} else {
			b.lines = make([][]record.Node, 0, block)
		}
	}
	b.lines = b.lines[:len(b.lines)+1]
	return &b.lines[len(b.lines)-1]
}

// moveBlock is an empty block for 64 moves. turn takes the address of the
// moves it appends, so a block is never grown: a full one is replaced.
func (b *builder) moveBlock() []record.Move {
	const block = 64
	s := b.scratch
	if s == nil {
		return make([]record.Move, 0, block)
	}
	if s.mused+block > len(s.moves) {
		s.moves = make([]record.Move, max(2*len(s.moves), 8*block))
		s.mused = 0
	}
	out := s.moves[s.mused : s.mused : s.mused+block]
	s.mused += block
	return out
}
