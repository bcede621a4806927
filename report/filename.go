package report

import (
	"strings"
	"unicode/utf8"

	"github.com/ashtapada/ashtapada/replay"
)

// FileName is how the JSON, JSONL and JUnit reports write a file
// name (docs/cli.md, "File names that are not UTF-8"). A name that is
// valid UTF-8 is written as it is. In a name that is not (a Latin-1 name
// on a Unix file system), each byte that is not part of a valid UTF-8
// sequence is written as the four characters `\xHH` (HH its value in
// upper-case hexadecimal), as Go's and Python's quoting and git's
// messages show such bytes: JSON and XML can only hold valid text, and
// their encoders would otherwise put U+FFFD in its place, so that two
// names differing in such a byte would look the same and neither could be
// opened. SARIF writes the raw bytes percent-encoded in its URIs instead;
// the text report writes them as they are.
func FileName(name string) string {
	if utf8.ValidString(name) {
		return name
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(name); {
		r, n := utf8.DecodeRuneInString(name[i:])
		if r == utf8.RuneError && n <= 1 {
			c := name[i]
			b.WriteString(`\x`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
			i++
			continue
		}
		b.WriteString(name[i : i+n])
		i += n
	}
	return b.String()
}

// fileNames returns r with its file names as FileName writes
// them: r itself when they need no escape (the usual case, no copy), else
// a copy.
func fileNames(r *replay.Result) *replay.Result {
	if utf8.ValidString(r.Summary.File) {
		ok := true
		for i := range r.Findings {
			if !utf8.ValidString(r.Findings[i].File) {
				ok = false
				break
			}
		}
		if ok {
			return r
		}
	}
	c := *r
	c.Summary.File = FileName(r.Summary.File)
	c.Findings = make([]replay.Finding, len(r.Findings))
	for i := range r.Findings {
		c.Findings[i] = r.Findings[i]
		c.Findings[i].File = FileName(r.Findings[i].File)
	}
	return &c
}
