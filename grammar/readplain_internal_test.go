package grammar

import (
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

// TestReadPlainSpaces: readPlain passes the spaces and line ends before a
// token whether it reads the token or not. Where it reads none, the lexer
// reads on from the token's first byte (l.i, stored on each of those
// paths, and the line counted); where it reads one, from the token's end.
func TestReadPlainSpaces(t *testing.T) {
	for _, c := range []struct {
		src  string
		tok  string // "" when readPlain reads none
		next int    // l.i afterwards
		line int    // lines passed
	}{
		{"  \n Nf3! e5", "", 4, 1},
		{" \n\n 1234567890. e4", "", 4, 2},
		{"  12x", "", 2, 0},
		{"  12. foo", "12.", 5, 0},
		{"  12. e4 e5", "e4", 8, 0},
		{" 0-1", "", 1, 0},
		{"   ", "", 3, 0},
		{" e4", "e4", 3, 0},
	} {
		l := newLexer(c.src, "t", lexer.Position{Line: 1, Column: 1})
		s := &elemSrc{lx: l, sanFast: true}
		val, _, got := s.readPlain(true)
		ok := got != eEnd
		if got := map[bool]string{true: val}[ok]; got != c.tok || l.i != c.next || l.line != 1+c.line {
			t.Errorf("%q: read %q (ok %v), then at %d on line %d; want %q, at %d on line %d", c.src, val, ok, l.i, l.line, c.tok, c.next, 1+c.line)
		}
	}
}

// TestReadPlainAfterMarker: once the lexer has read the game's marker
// (done), readPlain reads no token, plain as the text after it may be,
// and leaves the lexer where the marker ended.
func TestReadPlainAfterMarker(t *testing.T) {
	for _, src := range []string{"1-0 e4", "e4 0-1\n1. d4", "*  Nf3 "} {
		l := newLexer(src, "t", lexer.Position{Line: 1, Column: 1})
		for !l.done {
			if typ, _, _, err := l.scan(); err != nil || typ == lexer.EOF {
				t.Fatalf("%q: no marker read (%v)", src, err)
			}
		}
		at := l.i
		s := &elemSrc{lx: l, sanFast: true}
		if val, _, got := s.readPlain(true); got != eEnd || l.i != at {
			t.Errorf("%q: after the marker readPlain read %q (%v), then at %d; want none, at %d", src, val, got, l.i, at)
		}
	}
}

// TestReadPlainReturnsKind: the kind readPlain returns is the one it
// stores (s.kind, with s.plain for a plain move) when it reads a token (a
// plain move, alone or after its number, or a number), and eEnd when it
// reads none, whatever the token before: the main line's loop
// (plainTurns) branches on it in place of s.plain.
func TestReadPlainReturnsKind(t *testing.T) {
	for _, c := range []struct {
		src string
		got elemKind
	}{
		{" e4", eMove},
		{" 12. e4", eMove},
		{" 12. foo", eNumber},
		{" 12... Nf3", eMove},
		{" 12.", eNumber},
		{" O-O", eMove},
		{" foo", eEnd},
		{" {c} e4", eEnd},
		{"   ", eEnd},
	} {
		for _, before := range []elemKind{eMove, eNumber, eComment} {
			l := newLexer(c.src, "t", lexer.Position{Line: 1, Column: 1})
			s := &elemSrc{lx: l, sanFast: true, kind: before, plain: before == eMove}
			_, _, got := s.readPlain(true)
			if got != c.got || got != eEnd && (got != s.kind || s.plain != (got == eMove)) {
				t.Errorf("%q (kind before %v): got %v (s.kind %v, s.plain %v); want %v", c.src, before, got, s.kind, s.plain, c.got)
			}
		}
	}
}
