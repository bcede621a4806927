package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestColorEnabled(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	env := func(kv map[string]string) func(string) string {
		return func(k string) string { return kv[k] }
	}
	cases := []struct {
		mode string
		env  map[string]string
		want bool
	}{
		{"auto", nil, false}, // a pipe is not a terminal
		{"", nil, false},
		{"always", nil, true},
		{"always", map[string]string{"NO_COLOR": "1"}, true}, // the flag wins over the environment
		{"never", nil, false},
		{"auto", map[string]string{"NO_COLOR": "1"}, false},
	}
	for _, c := range cases {
		got, err := colorEnabled(c.mode, w, env(c.env))
		if err != nil || got != c.want {
			t.Errorf("colorEnabled(%q, pipe, %v) = %v, %v; want %v", c.mode, c.env, got, err, c.want)
		}
	}
	if _, err := colorEnabled("sometimes", w, env(nil)); err == nil {
		t.Errorf("a bad --color value was accepted")
	}
	if on, _ := progressEnabled("auto", w); on {
		t.Errorf("progress bar enabled on a pipe")
	}
	if on, _ := progressEnabled("always", w); !on {
		t.Errorf("--progress always did not enable the bar")
	}
}

var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

func TestColorWriter(t *testing.T) {
	report := "a.pgn:9:13: error: no white king can move to e3 [illegal-move]\n" +
		"\tgame 1, ply 3 (2. Ke3), profile fide\n" +
		"a.pgn:9:4: warning: the record marks \"+\" [check-mark]\n" +
		"a.pgn: game 1: fide, 2 plies, outcome none, result *, invalid\n" +
		"plain line"
	var out bytes.Buffer
	cw := newColorWriter(&out)
	// Written in pieces that cut lines, as a buffered writer above does.
	for i := 0; i < len(report); i += 7 {
		end := min(i+7, len(report))
		if n, err := cw.Write([]byte(report[i:end])); err != nil || n != end-i {
			t.Fatalf("Write: %d, %v", n, err)
		}
	}
	if err := cw.Flush(); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if plain := ansi.ReplaceAllString(got, ""); plain != report {
		t.Errorf("colour changed the text:\n%q\nwant\n%q", plain, report)
	}
	lines := strings.Split(got, "\n")
	if !strings.Contains(lines[0], ansiRed+ansiBold+"error") || !strings.Contains(lines[2], ansiYellow+ansiBold+"warning") ||
		!strings.Contains(lines[3], ansiRed+"invalid") || !strings.HasPrefix(lines[1], ansiDim) || lines[4] != "plain line" {
		t.Errorf("colours:\n%q", got)
	}
}

func TestProgressRender(t *testing.T) {
	p := newProgress(&bytes.Buffer{}, 75_000_000)
	p.width = 100
	p.games.Store(12345)
	p.bytes.Store(25_000_000)
	line := p.render(5 * time.Second)
	for _, want := range []string{"12,345 games", "2,469 games/s", "25.0 MB / 75.0 MB", "ETA 0:10", " 33%", "[====="} {
		if !strings.Contains(line, want) {
			t.Errorf("render = %q, lacks %q", line, want)
		}
	}
	if len(line) > p.width-1 {
		t.Errorf("render is %d wide, the terminal %d", len(line), p.width)
	}
	p.width = 40
	if line := p.render(5 * time.Second); len(line) > 39 || strings.Contains(line, "[") {
		t.Errorf("narrow terminal: %q", line)
	}
	// Unknown total (a pipe on standard input): no ETA, bytes read.
	q := newProgress(&bytes.Buffer{}, 0)
	q.bytes.Store(1500)
	if line := q.render(time.Second); strings.Contains(line, "ETA") || !strings.Contains(line, "1.5 kB read") {
		t.Errorf("unknown total: %q", line)
	}
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567"} {
		if got := groupDigits(n); got != want {
			t.Errorf("groupDigits(%d) = %s", n, got)
		}
	}
	if got := clock(3725 * time.Second); got != "1:02:05" {
		t.Errorf("clock = %s", got)
	}
}

// TestProgressSharesTerminal: the bar is erased before report text and not
// drawn while the report is in the middle of a line.
func TestProgressSharesTerminal(t *testing.T) {
	var term bytes.Buffer
	p := newProgress(&term, 100)
	share := &terminalShare{p: p, w: &term}
	p.draw()
	if !strings.HasPrefix(term.String(), "\r") || !p.shown {
		t.Fatalf("bar not drawn: %q", term.String())
	}
	share.Write([]byte("half a line"))
	if !strings.Contains(term.String(), "\r\x1b[Khalf a line") {
		t.Errorf("bar not erased before the report: %q", term.String())
	}
	before := term.Len()
	p.draw()
	if term.Len() != before {
		t.Errorf("bar drawn over a half-written line: %q", term.String()[before:])
	}
	share.Write([]byte(" ends\n"))
	p.draw()
	if term.Len() == before+len(" ends\n") {
		t.Errorf("bar not drawn again after the line ended")
	}
	p.Stop()
	if !strings.HasSuffix(term.String(), "\r\x1b[K") {
		t.Errorf("Stop did not erase the bar: %q", term.String())
	}
}

func TestInputSize(t *testing.T) {
	dir := t.TempDir()
	for name, size := range map[string]int{"a.pgn": 10, "b.pgn.gz": 20, "c.txt": 40} {
		if err := os.WriteFile(dir+"/"+name, make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if n, ok := inputSize([]string{dir}); !ok || n != 30 {
		t.Errorf("inputSize(dir) = %d, %v; want 30 (record files only)", n, ok)
	}
}
