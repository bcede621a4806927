package grammar_test

import "testing"

// TestPlainTagEdges runs checkInput (the fast path against the grammar)
// over tag lines where the fast path's reading of a usual tag (plainTag,
// whose values build takes as clean) meets what it leaves to the tokens:
// names of every kind of byte, escapes, bare quotes, empty values, odd
// spacing, Latin-1 bytes, and tags that do not end their line.
func TestPlainTagEdges(t *testing.T) {
	for _, tag := range []string{
		`[Event "a"]`,
		`[Event ""]`,
		`[White_2 "x"]`,
		`[A+#=:-b "x"]`,
		`[W.hite "x"]`,
		`[W/hite "x"]`,
		`[W'hite "x"]`,
		"[W\xc3\xa9 \"x\"]",
		`[1White "x"]`,
		`[_White "x"]`,
		`[-White "x"]`,
		`[White "Smith, \"Jo\""]`,
		`[White "a\\b"]`,
		`[White "a\b"]`,
		`[White ""Socrates Expert""]`,
		`[White "a"b"]`,
		`[White  "x"]`,
		"[White\t\"x\"]",
		`[ White "x"]`,
		`[White "x" ]`,
		`[White "x"] [Black "y"]`,
		`[White "x"]1. e4 *`,
		"[White \"Garc\xeda\"]",
		`[White "x"`,
		`[White "x`,
		`[White x]`,
		`[White]`,
	} {
		checkInput(t, []byte(tag+"\n[Black \"y\"]\n\n1. e4 e5 *\n"))
		checkInput(t, []byte("[Event \"e\"]\n"+tag+"\n\n1. e4 e5 *\n"))
		checkInput(t, []byte(tag))
	}
	// Tags one a line are read from one `[` to the next without tokens
	// between them (plainTags): other line ends and spacing between
	// tags, and a game that starts mid-line, where columns count from
	// the chunk's.
	for _, in := range []string{
		"[Event \"a\"]\n[Site \"b\"]\n[Round \"1\"]\n\n1. e4 *\n",
		"[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1. e4 *\r\n",
		"[Event \"a\"]\r[Site \"b\"]\r\r1. e4 *\r",
		"[Event \"a\"]\n [Site \"b\"]\n\t[Round \"1\"]\n\n1. e4 *\n",
		"[Event \"a\"]\n\n[Site \"b\"]\n\n1. e4 *\n",
		"[Event \"a\"]\n[Site \"b\"]\n[",
		"[Event \"a\"]\n[Site \"b\"]\n[]\n1. e4 *\n",
		"[Event \"a\"]\n[Site \"b\"]\n1. e4 *\n",
		"1. d4 d5 * [Event \"a\"]\n[Site \"b\"]\n[White \"\"c\"\"]\n\n1. e4 *\n",
		// Where plainTags stops, the tokens read from the lexer's token,
		// its `[`: mid-line (the game's first) or after a run.
		"1. d4 d5 * [White x]\n[Event \"a\"]\n\n1. e4 *\n",
		"1. d4 d5 * [Event \"a\"]\n[White x]\n[Site \"b\"]\n\n1. e4 *\n",
		"[Event \"a\"]\n[Site \"b\"]\n[White x]\n[Round \"1\"]\n\n1. e4 *\n",
	} {
		checkInput(t, []byte(in))
	}
}
