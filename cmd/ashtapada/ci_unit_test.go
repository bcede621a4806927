package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
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
