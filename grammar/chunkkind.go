package grammar

import (
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"
)

// IsGame reports whether a chunk holds a game: anything but comments,
// escape lines and white space. A comment before the first game (a file's
// header, `; written by ...`) is text between games, not a game of its
// own: counting it would put game numbers one off from pgn-extract's and
// python-chess's. A chunk that cannot be lexed (an unclosed comment) is a
// game with a syntax error, reported as such.
func (c Chunk) IsGame() bool {
	// A game's first tag (most chunks): the lexer's first token would be
	// its `[`. This much is inlined where it is asked, once a game, and
	// the chunk is not copied for a call.
	return c.Truncated || len(c.Data) > 0 && c.Data[0] == '[' || lexesAsGame(c.Data)
}

// lexesAsGame is IsGame for a chunk that does not start with a tag: the
// lexer finds a token in it that is no comment or escape line.
func lexesAsGame(data []byte) bool {
	// The lexer reads the chunk's bytes in place (it keeps nothing of
	// them): the reader asks this of every game, and a copy of each was
	// an allocation and a copy of every byte read.
	lx := lex{src: unsafe.String(unsafe.SliceData(data), len(data)), line: 1, base: startPos}
	lx.rest = len(lx.src)
	for {
		typ, _, _, err := lx.scan()
		if err != nil {
			return true
		}
		switch typ {
		case tokComment, tokLineComment, tokEscape:
			continue
		}
		return typ != lexer.EOF
	}
}
