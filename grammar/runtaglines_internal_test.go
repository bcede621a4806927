package grammar

import (
	"fmt"
	"strings"
	"testing"
)

// byteTagLines is runTagLines read a byte at a time (plainTagAt and
// tagLineEnd, as the splitter read tag lines before it took words): the
// offsets of the lines it takes and where it stops.
func byteTagLines(b []byte, n int) ([]uint16, int) {
	var run []uint16
	for n < len(b) && b[n] == '[' {
		j, e := plainTagAt(b, n+1)
		if j == 0 || tagLineEnd(b, e) == 0 || e-n >= 256 || j-n >= 128 {
			break
		}
		k := uint16(j-n)<<8 | uint16(e-n)
		n = e + 3
		if b[e+2] == '\r' {
			k |= tagCRLF
			n++
		}
		run = append(run, k)
	}
	return run, n
}

// TestRunTagLinesWords checks runTagLines, which reads values a word at a
// time, against byteTagLines on lines whose names and values end at each
// place in a word and past it, hold bytes a word's test marks or passes
// (a tab, a control byte, Latin-1, a backslash, a quote, a line end, and
// names of every kind of byte), and end at the end of the text.
func TestRunTagLinesWords(t *testing.T) {
	var names, values []string
	for k := 1; k <= 18; k++ {
		names = append(names, strings.Repeat("N", k), strings.Repeat("z", k-1)+"2")
	}
	for k := 125; k <= 129; k++ {
		// About the longest name a run's offsets hold (tagNameEnd).
		names = append(names, strings.Repeat("N", k))
	}
	names = append(names, "White_2", "A+#=:-b", "W\xc3\xa9", "Wh@te", "Wh[te", "Wh`te", "Wh{te", "W\xc1ite", "Whi\x7ete", "1White", "White\t")
	for k := 0; k <= 20; k++ {
		values = append(values, strings.Repeat("v", k))
	}
	for _, v := range []string{"a\\b", "a\tb", "a\x01b", "Garc\xeda", "a\"b", "1234567\"", "\\\"", "a\rb", "a\nb", "\x0d\x0e"} {
		values = append(values, v, "abcdefgh"+v, v+"abcdefgh")
	}
	var lines []string
	for _, name := range names {
		for _, v := range values {
			lines = append(lines, "["+name+" \""+v+"\"]\n", "["+name+" \""+v+"\"]\r\n")
		}
	}
	lines = append(lines, "[White \""+strings.Repeat("x", 260)+"\"]\n", "[White \"x\" ]\n", "[White \"x\"]\r\n", "[White \"x\"]\r", "[White \"x\"]\r\r\n", "[White \"x\"]\n\r", "[White  \"x\"]\n")
	first, firstCR := "[Event \"e\"]\n", "[Event \"e\"]\r\n"
	for _, line := range lines {
		for _, text := range []string{
			first + line + first,
			firstCR + line + firstCR,
			first + line,
			firstCR + line,
			line + first,
			line + firstCR,
			line,
			strings.TrimSuffix(line, "\n"),
			line[:len(line)/2],
		} {
			b := []byte(text)
			want, wantN := byteTagLines(b, 0)
			var s Splitter
			n := s.runTagLines(b, 0)
			if n != wantN || fmt.Sprint(s.tagRun) != fmt.Sprint(want) {
				t.Errorf("%q: runTagLines took %v to %d, a byte at a time %v to %d", text, s.tagRun, n, want, wantN)
			}
		}
	}
}

// TestRunTagLinesGuessedNames checks runTagLines against byteTagLines on
// one splitter over many games, so that each line is read against the
// name the game before had at its place (nameGuess): names alike but
// for one byte, longer or shorter by one, with another byte where ` "`
// stands, about the longest name a guess holds, and lines cut short.
func TestRunTagLinesGuessedNames(t *testing.T) {
	var lines []string
	for _, name := range []string{"White", "Whitf", "Xhite", "Whit", "Whites", "WhiteX", "Result", "Resul", "Results", "Abcdefg", "Abcdef", "E", "1", "W_2"} {
		for _, after := range []string{" \"v\"]\n", " \"value long enough\"]\n", "  \"v\"]\n", "\t\"v\"]\n", " v\"]\n", " \"v\"]\r\n", " \"v\"", " \""} {
			lines = append(lines, "["+name+after)
		}
	}
	var s Splitter
	seed := uint64(1)
	for game := range 20000 {
		var text strings.Builder
		for k := range 1 + game%18 {
			// Most games repeat the last one's names, as files do.
			seed = seed*6364136223846793005 + 1442695040888963407
			pick := int(seed>>33) % len(lines)
			if seed>>62 != 0 {
				pick = (k*7 + game/500) % len(lines)
			}
			text.WriteString(lines[pick])
		}
		b := []byte(text.String())
		want, wantN := byteTagLines(b, 0)
		s.tagRun = s.tagRun[:0]
		n := s.runTagLines(b, 0)
		if n != wantN || fmt.Sprint(s.tagRun) != fmt.Sprint(want) {
			t.Fatalf("%q: runTagLines took %v to %d, a byte at a time %v to %d", b, s.tagRun, n, want, wantN)
		}
	}
}

// TestTagLinesTakeAll: tagLines takes every tag line it can, in the run
// and apart, so that a second call where it stopped takes none (plainRun
// asks it once, then reads the blank lines and the movetext after it):
// on runs of lines that join the run, lines too long for its offsets,
// lines written otherwise, and each cut short.
func TestTagLinesTakeAll(t *testing.T) {
	long := "[White \"" + strings.Repeat("x", 300) + "\"]\n"
	longName := "[" + strings.Repeat("N", 130) + " \"v\"]\n"
	lines := []string{"[Event \"e\"]\n", "[Site \"s\"]\r\n", long, longName, "[White \"x\"] [Black \"y\"]\n",
		"[White \"x\"]  \n", "[White \"\"X\"\"]\n", "[Wh]ite \"x\"]\n", "[White]\n", "\t[White \"x\"]\n", "[White \"x\"]\r", "\n", "1. e4 *\n"}
	seed := uint64(7)
	for range 20000 {
		var text strings.Builder
		for range 1 + seed>>60 {
			seed = seed*6364136223846793005 + 1442695040888963407
			text.WriteString(lines[int(seed>>33)%len(lines)])
		}
		b := []byte(text.String())
		for _, b := range [][]byte{b, b[:len(b)/2]} {
			var s Splitter
			k, _ := s.tagLines(b, 0, 5)
			if k2, more := s.tagLines(b, k, 5); more != 0 || k2 != k {
				t.Fatalf("%q: tagLines stopped at %d, then took %d more lines to %d", b, k, more, k2)
			}
		}
	}
}
