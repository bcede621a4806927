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
}
