package grammar

// IsGame reports whether a chunk holds a game: anything but comments,
// escape lines and white space. A comment before the first game (a file's
// header, `; written by ...`) is text between games, not a game of its
// own: counting it would put game numbers one off from pgn-extract's and
// python-chess's. A chunk that cannot be lexed (an unclosed comment) is a
// game with a syntax error, reported as such.
func (c Chunk) IsGame() bool {
	if c.Truncated {
		return true
	}
	lx := newLexer(string(c.Data), "", startPos)
	for {
		t, err := lx.Next()
		if err != nil {
			return true
		}
		switch t.Type {
		case tokComment, tokLineComment, tokEscape:
			continue
		}
		return !t.EOF()
	}
}
