package main

// Help and manual page (docs/ci.md): help text is wrapped to the
// terminal's width (80 columns when standard output is not a terminal),
// with continuation lines indented under the text they continue; the man
// page gets the sections urfave/cli does not write (exit status,
// environment, examples) and shows placeholders, not `=""`, for values.

import (
	"bytes"
	"io"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

// helpWidth is the width help is wrapped to.
func helpWidth(w io.Writer) int {
	if f := fileOf(w); isTerminal(f) {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols >= 40 {
			return cols
		}
	}
	return 80
}

func init() {
	printer := cli.HelpPrinterCustom
	cli.HelpPrinterCustom = func(w io.Writer, templ string, data interface{}, funcs map[string]interface{}) {
		var buf bytes.Buffer
		printer(&buf, templ, data, funcs)
		io.WriteString(w, wrapHelp(buf.String(), helpWidth(w)))
	}
	cli.HelpPrinter = func(w io.Writer, templ string, data interface{}) {
		cli.HelpPrinterCustom(w, templ, data, nil)
	}
}

// columnGap finds where the second column of a help line starts: after
// the first run of two or more spaces that follows text. Compiled on first
// use (help only), like manEmptyValue, not at every start.
var columnGap = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\s*\S.*?\s{2,})\S`) })

// wrapHelp wraps each line longer than width at spaces. A continuation
// line is indented to the line's second column (the text after a flag's
// name) or, for a line of prose, to its own indentation.
func wrapHelp(text string, width int) string {
	var out strings.Builder
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if i > 0 {
			out.WriteByte('\n')
		}
		if utf8.RuneCountInString(line) <= width {
			out.WriteString(line)
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		hang := indent
		if m := columnGap().FindStringSubmatch(line); m != nil && utf8.RuneCountInString(m[1]) <= width/2 {
			hang = utf8.RuneCountInString(m[1])
		}
		out.WriteString(wrapLine(line, width, hang))
	}
	return out.String()
}

func wrapLine(line string, width, hang int) string {
	var out strings.Builder
	pad := strings.Repeat(" ", hang)
	cur := 0
	first := true
	// Keep the leading spaces and the gap before the second column as
	// they are: split only the words after them.
	lead := line[:len(line)-len(strings.TrimLeft(line, " "))]
	out.WriteString(lead)
	cur = len(lead)
	rest := line[len(lead):]
	for _, w := range strings.Split(rest, " ") {
		n := utf8.RuneCountInString(w)
		switch {
		case first:
			out.WriteString(w)
			cur += n
			first = false
		case cur+1+n > width && cur > hang:
			out.WriteString("\n" + pad + w)
			cur = hang + n
		default:
			out.WriteString(" " + w)
			cur += 1 + n
		}
	}
	return out.String()
}

// manEmptyValue is how urfave/cli writes a flag's value in the man page
// when it has no placeholder: `--jobs=""`.
var manEmptyValue = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(\\fB--?[a-z0-9-]+(?:, -[a-z])?\\fP)=""`)
})

// manExtra are the sections of the man page that urfave/cli does not
// generate.
const manExtra = `.SH EXIT STATUS
.TP
.B 0
every input was read and every game checked, and no error finding is left (warnings do not fail unless \fB--strict\fP).
.TP
.B 1
the input breaks the rules: error findings (\fBvalidate\fP), files not in canonical form (\fBfmt --check\fP), differences (\fBdiff\fP).
.TP
.B 2
the tool could not do its job: a bad command line, an unknown profile, an unreadable or truncated file, a compressed format it cannot read, or no game record in any input. Never 0 when something was not checked.
.TP
.B 130
interrupted (Ctrl-C); no partial output file is left. A closed pipe on standard output ends the run quietly with 141.
.SH ENVIRONMENT
.TP
.B NO_COLOR
when set (to anything), \fB--color auto\fP does not colour the report.
.TP
.B GOMEMLIMIT
the Go runtime's soft memory limit; \fBvalidate\fP sets 24 MiB unless it is given.
.TP
.B GOGC
the Go collector's target; \fBashtapada\fP sets 400 unless it is given.
.PP
The reader's limits are flags, not variables: \fB--max-depth\fP (default 1000 nested variations), \fB--max-token\fP (1 MiB), \fB--max-game-bytes\fP (16 MiB).
.SH EXAMPLES
.TP
.B ashtapada validate games/
replay every game of every *.pgn, *.pgn.gz, *.pgn.bz2 and *.pgn.zst file under games/ and report each violation.
.TP
.B ashtapada --rules chaturanga validate --strict old.pgn
judge old.pgn by the chaturanga profile, whatever its tags say; warnings fail too.
.TP
.B ashtapada validate --format sarif corpus/ > ashtapada.sarif
a SARIF 2.1.0 report for code scanning.
.TP
.B ashtapada validate --write-baseline base.json corpus/
record today's findings; then \fBashtapada validate --baseline base.json corpus/\fP fails only on new ones.
.TP
.B ashtapada fmt -w games/
rewrite the records in canonical form, atomically.
.TP
.B ashtapada convert --to json -o games.json games.pgn
convert, writing the output file atomically.
.TP
.B ashtapada show --move 14b --svg board.svg game.pgn
the board before black's 14th move, as text and as a picture.
.TP
.B ashtapada rules show andhra
every setting of a profile with the sentence of the source it rests on.
.SH SEE ALSO
\fBashtapada validate --explain\fP \fIRULE-ID\fP prints the page of a rule id. The documentation: https://github.com/ashtapada/ashtapada/tree/main/docs (ci.md: CI, baselines, completion; findings.md: every rule id; format.md: the notation; profiles.md: writing a profile).
`

// finishMan adds manExtra and names the values of flags.
func finishMan(page string) string {
	page = manEmptyValue().ReplaceAllString(page, `$1=\fIvalue\fP`)
	return strings.TrimRight(page, "\n") + "\n" + manExtra
}
