package main

// --color auto|always|never. Colour is for people at a terminal: `auto`
// colours only when the output is a terminal, TERM is not "dumb" and
// NO_COLOR (https://no-color.org) is unset or empty; `always` and `never`
// are the command line's word and win over NO_COLOR, as no-color.org asks
// of per-invocation flags.
//
// The text report knows nothing of colour (formats/ writes plain lines that
// tests and pipes read); colourWriter adds it on the way out, line by line,
// recognising the report's fixed shapes. No other format is coloured:
// JSON, SARIF, GitHub and JUnit are read by programs.

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"sync"

	"golang.org/x/term"
)

// Modes of --color and --progress.
const (
	modeAuto   = "auto"
	modeAlways = "always"
	modeNever  = "never"
)

// triState decides an auto|always|never flag (usage error if bad): always
// and never are the answer, auto (or unset) asks auto. --color and
// --progress share it so they accept and reject the same values.
func triState(flag, v string, auto func() bool) (bool, error) {
	switch v {
	case "", modeAuto:
		return auto(), nil
	case modeAlways:
		return true, nil
	case modeNever:
		return false, nil
	}
	return false, fmt.Errorf("--%s %q: want auto, always or never", flag, v)
}

// isTerminal reports whether f is a terminal (not a pipe, file or
// /dev/null, which a character-device test would mistake for one).
// isTerminal reports whether w is a terminal: a file that is one. The
// commands write to the application's writers, which tests replace with
// buffers (never terminals).
func isTerminal(w any) bool {
	f := fileOf(w)
	return f != nil && term.IsTerminal(int(f.Fd()))
}

// terminalWidth is the width in columns of the terminal w is, 0 when it
// is none.
func terminalWidth(w any) int {
	if f := fileOf(w); f != nil {
		if n, _, err := term.GetSize(int(f.Fd())); err == nil {
			return n
		}
	}
	return 0
}

// colorEnabled decides --color for output going to f; getenv is os.Getenv
// outside tests.
func colorEnabled(mode string, f io.Writer, getenv func(string) string) (bool, error) {
	return triState("color", mode, func() bool {
		return getenv("NO_COLOR") == "" && getenv("TERM") != "dumb" && isTerminal(f)
	})
}

// ANSI SGR sequences used by the colourised text report.
const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiRed    = "\x1b[31m"
	ansiGreen  = "\x1b[32m"
	ansiYellow = "\x1b[33m"
)

// The patterns are compiled on first use: only a coloured report needs
// them, and every run of the program would pay for them at start-up.
var (
	// file:line:col: severity: message [rule-id]
	findingLine = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(.*?:\d+:\d+:) (error|warning): (.*) (\[[a-z0-9-]+\])$`)
	})
	// file: game N: ..., valid|invalid
	gameLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(.*: game \d+: .*, )(valid|invalid)$`) })
)

// colorizeLine colours one line of the text report (without its newline).
func colorizeLine(line []byte) []byte {
	if m := findingLine().FindSubmatch(line); m != nil {
		sev := ansiRed
		if string(m[2]) == "warning" {
			sev = ansiYellow
		}
		out := make([]byte, 0, len(line)+32)
		out = append(out, ansiBold...)
		out = append(out, m[1]...)
		out = append(out, ansiReset...)
		out = append(out, ' ')
		out = append(out, sev+ansiBold...)
		out = append(out, m[2]...)
		out = append(out, ansiReset...)
		out = append(out, ": "...)
		out = append(out, m[3]...)
		out = append(out, ' ')
		out = append(out, ansiDim...)
		out = append(out, m[4]...)
		out = append(out, ansiReset...)
		return out
	}
	if len(line) > 0 && line[0] == '\t' {
		return append(append([]byte(ansiDim), line...), ansiReset...)
	}
	if m := gameLine().FindSubmatch(line); m != nil {
		c := ansiGreen
		if string(m[2]) == "invalid" {
			c = ansiRed
		}
		return append(append(append(append([]byte{}, m[1]...), c...), m[2]...), ansiReset...)
	}
	return line
}

// colorWriter colours the text report line by line. A line cut by the
// buffer above it is held until its newline comes (or Flush).
type colorWriter struct {
	w       io.Writer
	partial []byte
}

func newColorWriter(w io.Writer) *colorWriter { return &colorWriter{w: w} }

func (c *colorWriter) Write(p []byte) (int, error) {
	n := len(p)
	var out []byte
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			c.partial = append(c.partial, p...)
			break
		}
		line := p[:i]
		if len(c.partial) > 0 {
			line = append(c.partial, line...)
			c.partial = c.partial[:0]
		}
		out = append(out, colorizeLine(line)...)
		out = append(out, '\n')
		p = p[i+1:]
	}
	if len(out) > 0 {
		if _, err := c.w.Write(out); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// Flush writes a last line that had no newline.
func (c *colorWriter) Flush() error {
	if len(c.partial) == 0 {
		return nil
	}
	_, err := c.w.Write(colorizeLine(c.partial))
	c.partial = c.partial[:0]
	return err
}
