// Package selection chooses games: by their number (`--game 2,5-9`) and by
// their tags (`--where 'White=Morphy*'`), as pgn-extract users choose them
// with its -T and --selectonly options.
//
// It owns what a choice means and how it is written on a command line; it
// leaves to others where games come from and how they are numbered
// (package batch numbers them per file or over the inputs, as the command
// reports them) and what is done with the chosen ones. A game is chosen
// when its number is chosen (every number, when none is given) and every
// tag condition holds.
package selection

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// Selection is a choice of games. The zero value chooses every game; nil
// does too.
type Selection struct {
	numbers []span    // empty: every number
	where   []tagTest // all must hold
}

// span is the numbers from first to last, both included.
type span struct{ first, last int }

// tagTest is one condition on a tag's value (a missing tag's value is "").
type tagTest struct {
	name string
	re   *regexp.Regexp
	text string // as written, for messages
}

// Parse reads the values of --game (each a list of numbers and ranges:
// `3`, `2,5-9`, `10-`) and of --where (each `TAG=GLOB`, a whole value
// matched by a glob where `*` is any text and `?` one character, or
// `TAG~REGEXP`, a regular expression found anywhere in the value). Several
// values of --game add numbers; several of --where must all hold. An error
// names the flag and the value.
func Parse(games, where []string) (*Selection, error) {
	s := &Selection{}
	for _, v := range games {
		for _, item := range strings.Split(v, ",") {
			sp, err := parseSpan(strings.TrimSpace(item))
			if err != nil {
				return nil, fmt.Errorf("--game %q: %w", v, err)
			}
			s.numbers = append(s.numbers, sp)
		}
	}
	for _, v := range where {
		t, err := parseTagTest(v)
		if err != nil {
			return nil, fmt.Errorf("--where %q: %w", v, err)
		}
		s.where = append(s.where, t)
	}
	return s, nil
}

// parseSpan reads `N`, `N-M` or `N-` (N and on).
func parseSpan(item string) (span, error) {
	number := func(s string) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return 0, fmt.Errorf("%q is not a game number (games are numbered from 1)", s)
		}
		return n, nil
	}
	if item == "" {
		return span{}, fmt.Errorf("an empty item: write numbers and ranges such as 3 or 2,5-9")
	}
	first, rest, isRange := strings.Cut(item, "-")
	a, err := number(first)
	if err != nil {
		return span{}, err
	}
	if !isRange {
		return span{a, a}, nil
	}
	if rest == "" {
		return span{a, math.MaxInt}, nil
	}
	b, err := number(rest)
	if err != nil {
		return span{}, err
	}
	if b < a {
		return span{}, fmt.Errorf("the range %s runs backwards", item)
	}
	return span{a, b}, nil
}

// parseTagTest reads `TAG=GLOB` or `TAG~REGEXP`, whichever sign comes
// first.
func parseTagTest(v string) (tagTest, error) {
	i := strings.IndexAny(v, "=~")
	if i <= 0 {
		return tagTest{}, fmt.Errorf("write TAG=GLOB (a whole value, * and ? as wildcards) or TAG~REGEXP")
	}
	name, pattern := v[:i], v[i+1:]
	if strings.ContainsAny(name, " \t\"[]") {
		return tagTest{}, fmt.Errorf("%q is not a tag name", name)
	}
	var expr string
	if v[i] == '=' {
		expr = "^" + globExpr(pattern) + "$"
	} else {
		expr = pattern
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return tagTest{}, fmt.Errorf("the regular expression: %w", err)
	}
	return tagTest{name: name, re: re, text: v}, nil
}

// globExpr is the regular expression of a glob: `*` any text (slashes
// too: tag values are not paths), `?` one character, the rest literal.
func globExpr(glob string) string {
	var b strings.Builder
	for _, r := range glob {
		switch r {
		case '*':
			b.WriteString("(?s:.*)")
		case '?':
			b.WriteString("(?s:.)")
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	return b.String()
}

// All reports whether s chooses every game.
func (s *Selection) All() bool {
	return s == nil || (len(s.numbers) == 0 && len(s.where) == 0)
}

// ByTags reports whether s has conditions on tags: a game's number alone
// does not choose it, its tags must be read.
func (s *Selection) ByTags() bool { return s != nil && len(s.where) > 0 }

// Number reports whether the game numbered n may be chosen: its number is
// (its tags are still to be tested when ByTags).
func (s *Selection) Number(n int) bool {
	if s == nil || len(s.numbers) == 0 {
		return true
	}
	for _, sp := range s.numbers {
		if n >= sp.first && n <= sp.last {
			return true
		}
	}
	return false
}

// Past reports whether no game numbered n or more is chosen: a reader can
// stop there.
func (s *Selection) Past(n int) bool {
	if s == nil || len(s.numbers) == 0 {
		return false
	}
	for _, sp := range s.numbers {
		if sp.last >= n {
			return false
		}
	}
	return true
}

// Tags reports whether a game with these tags passes every condition on
// tags.
func (s *Selection) Tags(g *record.Game) bool {
	if s == nil {
		return true
	}
	for _, t := range s.where {
		v, _ := g.Tag(t.name)
		if !t.re.MatchString(v) {
			return false
		}
	}
	return true
}

// String writes the selection as the flags that make it, for messages.
func (s *Selection) String() string {
	if s.All() {
		return "every game"
	}
	var parts []string
	if len(s.numbers) > 0 {
		var items []string
		for _, sp := range s.numbers {
			switch {
			case sp.first == sp.last:
				items = append(items, strconv.Itoa(sp.first))
			case sp.last == math.MaxInt:
				items = append(items, strconv.Itoa(sp.first)+"-")
			default:
				items = append(items, fmt.Sprintf("%d-%d", sp.first, sp.last))
			}
		}
		parts = append(parts, "--game "+strings.Join(items, ","))
	}
	for _, t := range s.where {
		parts = append(parts, "--where "+strconv.Quote(t.text))
	}
	return strings.Join(parts, " ")
}

// ChunkTags reports whether a game's text, not read yet, passes every
// condition on tags. Only its tag section is read (by the grammar), so
// that a huge game is chosen without being read whole.
func (s *Selection) ChunkTags(ch grammar.Chunk, filename string) bool {
	if !s.ByTags() {
		return true
	}
	return s.Tags(grammar.ParseChunk(tagSection(ch), filename))
}

// tagSection is the head of a game's text that holds its tags: its lines
// up to the first that is neither a tag, blank nor an escape line.
func tagSection(ch grammar.Chunk) grammar.Chunk {
	data := ch.Data
	end := 0
	for end < len(data) {
		next := len(data)
		if nl := bytes.IndexByte(data[end:], '\n'); nl >= 0 {
			next = end + nl + 1
		}
		line := bytes.TrimLeft(data[end:next], " \t")
		if len(bytes.TrimSpace(line)) > 0 && line[0] != '[' && line[0] != '%' {
			break
		}
		end = next
	}
	ch.Data = data[:end]
	ch.Truncated = false
	return ch
}
