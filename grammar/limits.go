package grammar

import (
	"bytes"
	"fmt"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
)

// Limits bound what one game may demand of the reader, so that a file from
// OCR or old software (a comment that never closes and swallows 50 MB,
// variations nested 10,000 deep) costs bounded memory and time and gets a
// clear, positioned error instead. A zero field means no limit. Each
// reader has its own (Splitter.SetLimits, Reader.SetLimits).
type Limits struct {
	// MaxDepth is how deep variations may nest. Zero, or more than
	// DepthCeiling, means DepthCeiling: the reader, the replay and the
	// writers walk variations by recursion, and nesting without any
	// bound would overflow the stack and lose the whole report.
	MaxDepth int
	// MaxToken is the size in bytes of one token: a comment, a tag value,
	// a move, an escape line.
	MaxToken int
	// MaxGameBytes is the size in bytes of one game's text. The splitter
	// stops collecting a game there and skips the rest of it without
	// holding it in memory.
	MaxGameBytes int
}

// VariationNodes is the most tokens (moves, move numbers, comments, NAGs,
// variations) one variation of the main line holds, those of the
// variations inside it included. A huge game's main line is read in parts,
// but a variation is held whole: some 25 MB at this bound, which is far
// above any real record's (docs/robustness.md, "Limits").
const VariationNodes = 1 << 17

// DepthCeiling is the deepest nesting of variations read whatever the
// limit asked for: 100,000 levels are read, replayed and written in
// about 0.5 GB of stack and heap, and a million would overflow the stack
// (docs/robustness.md, "Guarantees").
const DepthCeiling = 100000

// depth is the depth limit in force: MaxDepth within DepthCeiling.
func (l Limits) depth() int {
	if l.MaxDepth <= 0 || l.MaxDepth > DepthCeiling {
		return DepthCeiling
	}
	return l.MaxDepth
}

// DefaultLimits are far above any real record (the largest games of the
// test data are under 64 KB, with variations a few levels deep) and low
// enough that a broken file is reported in well under a second and a few
// tens of MB. NewSplitter and NewReader start with them; SetLimits changes
// them for one reader (the command line's --max-depth, --max-token and
// --max-game-bytes).
func DefaultLimits() Limits {
	return Limits{MaxDepth: 1000, MaxToken: 1 << 20, MaxGameBytes: 16 << 20}
}

// limitNotice is the error for a game that breaks a limit (rule id
// ruleid.Limit, docs/robustness.md, "Limits"): like a syntax error it means
// the game is not replayed.
func limitNotice(p record.Pos, format string, args ...any) record.Notice {
	return record.Notice{Pos: p, Rule: ruleid.Limit, Severity: ruleid.SeverityOf(ruleid.Limit), Message: fmt.Sprintf(format, args...)}
}

// tooLarge is the notice of a game cut at lim.MaxGameBytes: at is where
// the limit was crossed.
func tooLarge(at record.Pos, size, max int) record.Notice {
	return limitNotice(at, "the game is longer than %d bytes (at least %d): the limit is reached here and the game is not read (raise it with --max-game-bytes)", max, size)
}

// CheckDepth is the depth limit's one check: the limit notice for a `(`
// at p that opens the depth-th level of variations when that is deeper
// than the limit in force, else nil. Every reader that nests asks it
// before it goes one level deeper, so that none recurses past the limit
// whatever the input (docs/robustness.md, "How the depth limit holds in
// every reader").
func (l Limits) CheckDepth(p record.Pos, depth int) *record.Notice {
	maxDepth := l.depth()
	if depth <= maxDepth {
		return nil
	}
	how := "raise it with --max-depth"
	if maxDepth == DepthCeiling {
		how = "the most the reader nests"
	}
	n := limitNotice(p, "variations nested %d deep: deeper than the limit of %d (%s)", depth, maxDepth, how)
	return &n
}

// checkLimits looks for a token longer than lim.MaxToken and for
// variations nested deeper than lim.MaxDepth, and returns the notice for
// the first one, or nil. Only a chunk that could break a limit is lexed
// here (longer than a token may be, or with more `(` than the depth
// allowed), so that ordinary games pay one byte count and nothing more.
//
// The SAN readers (the fast path, the participle grammar, the books'
// languages) read the game with this lexer's tokens and stop at its
// first lexical error, so the depth they reach is the depth seen here;
// participle lexes the whole game before it parses any of it. The
// descriptive reader reads on where this lexer fails (a `"` is part of a
// word to it) and checks the depth itself (descScanner.elems).
func checkLimits(c *Chunk, src, filename string, lim Limits) *record.Notice {
	tokens := lim.MaxToken > 0 && len(c.Data) > lim.MaxToken
	maxDepth := lim.depth()
	depth := len(c.Data) > maxDepth && bytes.Count(c.Data, []byte{'('}) > maxDepth
	if !tokens && !depth {
		return nil
	}
	base := lexer.Position{Filename: filename, Line: c.Pos.Line, Column: c.Pos.Col, Offset: c.Pos.Offset}
	lx := newLexer(src, filename, base)
	for {
		t, err := lx.Next()
		if err != nil {
			// A lexical error (an unterminated `"`, an unclosed `{`, a
			// `$` without a number) is the parser's to report, and the
			// tokens after it are no reader's. But the depth is still
			// counted, from the byte after the bad token's first: a
			// reader that does not stop there (the descriptive reader,
			// told or guessed) goes on into the `(` that follow it, and
			// this check must not give up where a reader does not.
			if !depth {
				return nil
			}
			tokens = false
			lx.i, lx.line, lx.lineOff = lx.tokStart+1, lx.tokLine, lx.tokLineOff
			continue
		}
		if t.EOF() {
			return nil
		}
		if tokens && len(t.Value) > lim.MaxToken {
			n := limitNotice(toPos(t.Pos), "%s of %d bytes: longer than the limit of %d bytes per token (raise it with --max-token)",
				tokenName(t), len(t.Value), lim.MaxToken)
			return &n
		}
		if depth && t.Type == tokPunct && t.Value == "(" {
			if n := lim.CheckDepth(toPos(t.Pos), lx.depth); n != nil {
				return n
			}
		}
	}
}

// tokenName says what kind of token broke the size limit, for the message.
func tokenName(t lexer.Token) string {
	switch t.Type {
	case tokComment, tokLineComment:
		return "a comment"
	case tokString:
		return "a tag value"
	case tokEscape:
		return "an escape line"
	case tokNumber:
		return "a move number"
	}
	return "a token"
}
