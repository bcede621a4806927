package progress

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

func TestProgressRender(t *testing.T) {
	p := New(&bytes.Buffer{}, 75_000_000, 0)
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
	q := New(&bytes.Buffer{}, 0, 0)
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
	p := New(&term, 100, 0)
	share := p.Share(&term)
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
	if n, ok := InputSize([]string{dir}); !ok || n != 30 {
		t.Errorf("InputSize(dir) = %d, %v; want 30 (record files only)", n, ok)
	}
}

// TestNarrowTerminalIsUnknown: a width of 20 columns or less is taken for
// one not known, and the bar is as wide as on 80 columns.
func TestNarrowTerminalIsUnknown(t *testing.T) {
	for _, w := range []int{-1, 0, 20} {
		if p := New(&bytes.Buffer{}, 0, w); p.width != 80 {
			t.Errorf("New(width %d): %d columns, want 80", w, p.width)
		}
	}
	if p := New(&bytes.Buffer{}, 0, 21); p.width != 21 {
		t.Errorf("New(width 21): %d columns", p.width)
	}
}
