// Package grammar reads records (docs/notation.md): a participle grammar over a
// hand-written lexer turns the bytes of one game into a record.Game with the
// position of every node, and a cheap splitter cuts a stream into games so
// that a broken game never hides the ones after it.
//
// The grammar is lean on purpose (docs/performance.md, "Costs that shaped
// the code"): participle walks one node per movetext token, and the parts
// of a move token are split by the hand-written ParseMove. The EBNF sketch
// of docs/notation.md section 3 is implemented by the two together:
//
//	game     = { tag } { element } [ Result ] ;
//	tag      = "[" Word String "]" | Escape ;
//	element  = Word | Number | Comment | LineComment | NAG | Escape
//	         | "(" { element } ")" ;
//
// where a Word is a turn (`e3,Nf3,g3`), read by ParseMove move by move.
//
// The same grammar reads the coordinate notations LAN and UCI
// (docs/notation.md section 7): a Reader or Splitter told the notation
// (SetNotation) marks its games with it and does not report the
// notation's own forms as lenient. Each reader has its own limits
// (SetLimits; DefaultLimits otherwise).
package grammar

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// gGame is one game as participle sees it.
type gGame struct {
	Tags   []gTag  `parser:"@@*"`
	Elems  []gElem `parser:"@@*"`
	Result string  `parser:"@Result?"`
}

type gTag struct {
	Pos lexer.Position
	// Escape is an escape line among the tags, which PGN allows
	// anywhere: build keeps it as the main line's first node, where an
	// escape line written after the tags stands. (An escape line is kept
	// here only when a tag follows it: one after the last tag is the
	// movetext's, as the fast path reads it: movetextEscapes.)
	Escape string `parser:"  @Escape"`
	Name   string `parser:"| \"[\" @Word"`
	Value  string `parser:"  @String \"]\""`
	// plain: the fast path's plainTag read the tag and found it clean
	// (a valid name; a value without a backslash or a bare quote), and
	// Value is then without its quotes: build need not ask again.
	plain bool
	// run: the tag stands for the run of tags knownTags took, which
	// build reads from the lexer (runTags); Pos is the first one's.
	run bool
}

// gElem is one movetext token; exactly one field is set. Token values keep
// their delimiters, so a set field is never empty.
type gElem struct {
	Pos         lexer.Position
	Move        string `parser:"  @Word"`
	Number      string `parser:"| @Number"`
	Comment     string `parser:"| @Comment"`
	LineComment string `parser:"| @LineComment"`
	NAG         string `parser:"| @NAG"`
	Escape      string `parser:"| @Escape"`
	Var         *gVar  `parser:"| \"(\" @@ \")\""`
}

type gVar struct {
	Elems []gElem `parser:"@@*"`
}

// parser is built at its first use, not at start: most records never
// reach it (the fast reader reads them), and every run of the command
// would pay for building it.
var parser = sync.OnceValue(buildParser)

func buildParser() *participle.Parser[gGame] {
	// Naming symbols here makes Go initialise them first: the definition
	// reaches them only through an interface, which initialisation order
	// does not follow.
	_ = symbols
	return participle.MustBuild[gGame](
		participle.Lexer(definition{}),
		participle.UseLookahead(1),
	)
}
