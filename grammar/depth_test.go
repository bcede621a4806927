package grammar_test

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
)

// nestedAfter are games whose movetext opens variations and never closes
// them, after a token that stops the SAN readers or that they read
// otherwise than the descriptive reader: every reader must hold the depth
// limit on them, whatever stopped it or read on.
var nestedAfter = []struct {
	name, before, after string
	// layouts: the `(` run together, a space after each, one per line.
	layouts []string
	// sanLimit: read as SAN (the notation guessed when SAN fails), the
	// game's error is the limit; else a syntax error (the SAN lexer
	// reads the `(` as part of one token, and only the descriptive
	// reader nests there).
	sanLimit bool
}{
	{name: "an unterminated quote", before: `1. e4 "`, sanLimit: true},
	{name: "an unclosed brace", before: "1. e4 {", sanLimit: true},
	{name: "a comment", before: "1. e4 {c} ", sanLimit: true},
	{name: "a line comment", before: "1. e4 ; c\n", sanLimit: true},
	{name: "an escape line", before: "1. e4\n% c\n", sanLimit: true},
	{name: "a percent sign in a line", before: "1. e4 % ", sanLimit: true},
	{name: "a NAG without a number", before: "1. e4 $ ", sanLimit: true},
	{name: "a bad move", before: "1. e4 Zz9 ", sanLimit: true},
	{name: "descriptive moves", before: "1. P-K4 P-K4 2. Kt-KB3 ", sanLimit: true},
	// One tag value to the SAN lexer, a word and open variations to
	// the descriptive reader.
	{name: "a closed quote", before: `1. P-K4 "`, after: `"`, layouts: []string{"( "}},
}

// Variations nested a million deep (a hundred thousand in the fast tier)
// after each token that stops the SAN readers are a `limit` error in every
// reader, SAN (with the guess of a book's notation) and descriptive, within
// the limit asked for, and in bounded memory; the games around them are
// read. A reader that recursed once per `(` needs hundreds of megabytes of
// stack here and then overflows it, losing every game: with the stack held
// to 32 MB it fails at once instead.
func TestDepthLimitInEveryReader(t *testing.T) {
	n := 100_000
	if testenv.IsLong() {
		n = 1_000_000
	}
	defer debug.SetMaxStack(debug.SetMaxStack(32 << 20))
	// The games around the deep one read in both notations (SAN guesses
	// descriptive for them).
	const good = "[Event \"a\"]\n\n1. P-K4 P-K4 *\n\n"
	const after = "\n*\n\n[Event \"c\"]\n\n1. P-Q4 P-Q4 *\n"
	for _, c := range nestedAfter {
		layouts := c.layouts
		if layouts == nil {
			layouts = []string{"(", "( ", "(\n"}
		}
		for _, layout := range layouts {
			text := good + "[Event \"b\"]\n\n" + c.before + strings.Repeat(layout, n) + c.after + after
			for _, notation := range []record.Notation{record.SAN, record.DescriptiveNotation} {
				for _, maxDepth := range []int{grammar.DefaultLimits().MaxDepth, 10} {
					name := fmt.Sprintf("%s/%q/%s/max-depth %d", c.name, layout, notation.Name(), maxDepth)
					t.Run(name, func(t *testing.T) {
						want := ruleid.Syntax
						if c.sanLimit || notation == record.DescriptiveNotation {
							want = ruleid.Limit
						}
						checkNestedGame(t, text, notation, maxDepth, want)
					})
				}
			}
		}
	}
}

// checkNestedGame reads text, a good game, the deep one, a good game, in
// notation with a depth limit of maxDepth: the deep game's error is of
// rule want (a limit error at the `(` one level too deep), the others are
// read whole, and the reading allocates under 100 MB.
func checkNestedGame(t *testing.T, text string, notation record.Notation, maxDepth int, want string) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	rd := grammar.NewReader(strings.NewReader(text), "f.pgn")
	// No token limit: a million `(` in one tag value would break it
	// before the depth is counted.
	lim := grammar.Limits{MaxDepth: maxDepth, MaxGameBytes: grammar.DefaultLimits().MaxGameBytes}
	rd.SetLimits(lim)
	rd.SetNotation(notation)
	var games []*record.Game
	for {
		g, err := rd.Next()
		if err != nil {
			break
		}
		games = append(games, g)
	}
	runtime.ReadMemStats(&after)
	if len(games) != 3 {
		t.Fatalf("%d games, want 3", len(games))
	}
	for _, i := range []int{0, 2} {
		moves := 0
		for _, nd := range games[i].Moves {
			if nd.Kind == record.KindMove {
				moves++
			}
		}
		if se := games[i].SyntaxError(); se != nil || moves != 2 {
			t.Errorf("game %d around the deep one: %d moves, error %+v", i+1, moves, se)
		}
	}
	se := games[1].SyntaxError()
	switch {
	case se == nil:
		t.Fatalf("the deep game is read with no error")
	case se.Rule != want:
		t.Fatalf("the deep game's error is %s %q, want %s", se.Rule, se.Message, want)
	case want == ruleid.Limit && (!strings.Contains(se.Message, fmt.Sprintf("nested %d deep", maxDepth+1)) ||
		!strings.Contains(se.Message, fmt.Sprintf("limit of %d", maxDepth)) || text[se.Pos.Offset] != '('):
		t.Fatalf("limit error %q at offset %d (%q), want one at the `(` that opens level %d", se.Message, se.Pos.Offset,
			text[se.Pos.Offset:min(se.Pos.Offset+5, len(text))], maxDepth+1)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 100<<20 {
		t.Errorf("reading allocated %d MB, want under 100", alloc>>20)
	}
}
