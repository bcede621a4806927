package grammar

import (
	"sync"

	"github.com/alecthomas/participle/v2/lexer"
)

// parseFast reads one game into the same tree as the participle grammar,
// by hand. Participle's reflective walk costs about 1 µs and 15 allocations
// per token (docs/performance.md); this costs a small fraction of that.
// It is the grammar's twin, not a second definition of the format: it only
// accepts what the grammar accepts (a differential test runs both over
// every file in the test data and every fuzz input), and when it fails, the
// reader parses the game again with the grammar for the error message.
//
// The tree is scratch: it lives until the builder has turned it into a
// record, so its elements come from pooled buffers (release gives them
// back) instead of a slice grown per line of play.
func parseFast(lx *lex) (*gGame, *fastParser, bool) {
	p := fastPool.Get().(*fastParser)
	p.lx, p.failed, p.depth = lx, false, 0
	p.arena = p.arena[:0]
	g, ok := p.game()
	return g, p, ok
}

var fastPool = sync.Pool{New: func() any { return new(fastParser) }}

// release returns the parser and its buffers to the pool; the tree it
// built must no longer be used.
func (p *fastParser) release() {
	p.lx = nil
	p.tags = p.tags[:0]
	fastPool.Put(p)
}

func (p *fastParser) game() (*gGame, bool) {
	p.next()
	g := &gGame{}
	for p.isPunct("[") {
		t := gTag{Pos: p.tok.Pos}
		p.next()
		if p.tok.Type != tokWord {
			return nil, false
		}
		t.Name = p.tok.Value
		p.next()
		if p.tok.Type != tokString {
			return nil, false
		}
		t.Value = p.tok.Value
		p.next()
		if !p.isPunct("]") {
			return nil, false
		}
		p.next()
		p.tags = append(p.tags, t)
	}
	g.Tags = p.tags
	if p.failed {
		return nil, false
	}
	g.Elems = p.elems()
	if p.failed {
		return nil, false
	}
	if p.tok.Type == tokResult {
		g.Result = p.tok.Value
		p.next()
	}
	if p.failed || p.tok.Type != lexer.EOF {
		return nil, false
	}
	return g, true
}

type fastParser struct {
	lx     *lex
	tok    lexer.Token
	failed bool
	depth  int
	tags   []gTag
	// temp[d] collects the elements of the line of play being read at
	// depth d; a finished line is copied to arena, whose sub-slices are
	// the tree's element lists.
	temp  [][]gElem
	arena []gElem
}

func (p *fastParser) next() {
	t, err := p.lx.Next()
	if err != nil {
		p.failed = true
		p.tok = lexer.EOFToken(t.Pos)
		return
	}
	p.tok = t
}

func (p *fastParser) isPunct(v string) bool {
	return p.tok.Type == tokPunct && p.tok.Value == v
}

// elems reads elements until a token that cannot start one.
func (p *fastParser) elems() []gElem {
	d := p.depth
	if d == len(p.temp) {
		p.temp = append(p.temp, nil)
	}
	p.temp[d] = p.temp[d][:0]
	for !p.failed {
		// The element is filled in place: it is large (a position and a
		// field per kind of token), and building it aside then copying it
		// in showed in profiles. Only depth d+1 is written while a
		// variation is read, so e stays valid.
		p.temp[d] = append(p.temp[d], gElem{Pos: p.tok.Pos})
		e := &p.temp[d][len(p.temp[d])-1]
		switch p.tok.Type {
		case tokWord:
			e.Move = p.tok.Value
		case tokNumber:
			e.Number = p.tok.Value
		case tokComment:
			e.Comment = p.tok.Value
		case tokLineComment:
			e.LineComment = p.tok.Value
		case tokNAG:
			e.NAG = p.tok.Value
		case tokEscape:
			e.Escape = p.tok.Value
		case tokPunct:
			if p.tok.Value != "(" {
				p.temp[d] = p.temp[d][:len(p.temp[d])-1]
				return p.finish(d)
			}
			p.next()
			p.depth++
			v := &gVar{Elems: p.elems()}
			p.depth--
			if p.failed || !p.isPunct(")") {
				p.failed = true
				return nil
			}
			e.Var = v
		default:
			p.temp[d] = p.temp[d][:len(p.temp[d])-1]
			return p.finish(d)
		}
		p.next()
	}
	return nil
}

// finish copies the elements read at depth d to the arena. The main line
// (depth 0) is read once per game, so its buffer is the tree's list as it
// is: copying it cost a few percent of validate's time (docs/performance.md).
func (p *fastParser) finish(d int) []gElem {
	n := len(p.temp[d])
	if n == 0 {
		return nil
	}
	if d == 0 {
		return p.temp[0][:n:n]
	}
	start := len(p.arena)
	p.arena = append(p.arena, p.temp[d]...)
	return p.arena[start:len(p.arena):len(p.arena)]
}
