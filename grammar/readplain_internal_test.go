package grammar

import (
	"strings"
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
		val, _, ok := s.readPlain(true)
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
		if val, _, ok := s.readPlain(true); ok || l.i != at {
			t.Errorf("%q: after the marker readPlain read %q (ok %v), then at %d; want none, at %d", src, val, ok, l.i, at)
		}
	}
}

// TestReadPlainNumberForms: a move number is read alike in its usual form
// (one or two digits, a dot and a space before the move, read without
// readPlain's loops) and in every other, which the loops read: with the
// move after it (pair), alone, or not at all, its digits' count and value
// kept.
func TestReadPlainNumberForms(t *testing.T) {
	for _, num := range []string{"1.", "9.", "0.", "10.", "12.", "99.", "00.", "05.", "100.", "123.", "1234.",
		"1..", "12...", "1...", "12....", "7", "42", "1234567890.", "4x.", "1.2."} {
		for _, sep := range []string{" ", "  ", "\n", "", " !"} {
			for _, after := range []string{"e4 e5", "e4", "Nf3", "", "x"} {
				src := " " + num + sep + after
				// The reference: the digits, then the dots.
				nd, v := 0, 0
				for nd < len(num) && num[nd] >= '0' && num[nd] <= '9' {
					v, nd = v*10+int(num[nd]-'0'), nd+1
				}
				dots := 0
				for nd+dots < len(num) && num[nd+dots] == '.' {
					dots++
				}
				var wantVal, wantNt string
				wantOk := nd > 0 && nd <= 9 && dots > 0
				if wantOk {
					wantVal = num[:nd+dots]
					// The word one space after it, read with it when
					// it is a plain move.
					rest := src[1+nd+dots:]
					if word, _, _ := strings.Cut(strings.TrimPrefix(rest, " ")+" ", " "); v != 0 && dots <= 3 && rest != "" && rest[0] == ' ' && (word == "e4" || word == "Nf3") {
						wantVal, wantNt = word, wantVal
					}
				}
				l := newLexer(src, "t", lexer.Position{Line: 1, Column: 1})
				s := &elemSrc{lx: l, sanFast: true}
				val, nt, ok := s.readPlain(true)
				if !ok {
					val = ""
				}
				if ok != wantOk || val != wantVal || nt != wantNt || ok && (s.numDigits != nd || s.num != v) {
					t.Errorf("%q: read %q with number %q (ok %v, %d digits, %d); want %q with %q (ok %v, %d digits, %d)",
						src, val, nt, ok, s.numDigits, s.num, wantVal, wantNt, wantOk, nd, v)
				}
				if want := 2 + len(nt); ok && nt != "" && s.pos.Offset != want {
					t.Errorf("%q: the move read at %d, want %d", src, s.pos.Offset, want)
				}
			}
		}
	}
}
