// Package termtext makes a record's text safe to print on a terminal:
// every command that prints text read from its input for a person passes
// it through Safe, so that no record can drive the terminal it is shown
// on. The machine formats (JSON, SARIF) keep text exact and leave
// escaping to their encoders.
package termtext

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Safe is s made safe to print for a person: every character a
// terminal would act on instead of showing it is written as Go quotes it
// (`\x1b`, `\n`, `\u009b`), so that a record's text can neither retitle nor
// clear a terminal nor forge a line of a report. Quoted are the C0 control
// characters but tab (a line break too: s is one field of a line), DEL,
// the C1 controls U+0080-U+009F (U+009B is CSI), and the bytes 0x80-0x9F
// that are not part of UTF-8 (a terminal in an 8-bit mode reads 0x9B as
// CSI); another byte that is not UTF-8 is left as it is (a Latin-1 file
// name, docs/cli.md). Every text a
// command prints from its input for a terminal goes through it: show's
// view, the text report (validate, and the findings other commands print),
// diff's text, fmt's notices. The machine formats (JSON, JSONL, SARIF) keep
// the text exact, escaped by their encoder.
func Safe(s string) string {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf && !quotedByte(s[i]) {
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			if s[i] <= 0x9f {
				fmt.Fprintf(&b, `\x%02x`, s[i])
			} else {
				b.WriteByte(s[i])
			}
		case r < utf8.RuneSelf && quotedByte(byte(r)):
			switch r {
			case '\n':
				b.WriteString(`\n`)
			case '\r':
				b.WriteString(`\r`)
			default:
				fmt.Fprintf(&b, `\x%02x`, r)
			}
		case r >= 0x80 && r <= 0x9f:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// quotedByte: Safe quotes the ASCII byte c.
func quotedByte(c byte) bool { return (c < 0x20 && c != '\t') || c == 0x7f }
