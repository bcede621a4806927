package report

// `validate --format github`: GitHub Actions workflow commands, which the
// runner turns into annotations on the file and line of each finding:
//
//	::error file=games/x.pgn,line=9,col=13,title=illegal-move::no white king can move to e3 ...
//
// Errors are `::error`, warnings `::warning`. The message and the
// properties are escaped as the runner expects (toolkit/packages/core's
// command.ts): `%`, CR and LF everywhere, and `:` and `,` in properties.

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/replay"
)

func init() {
	Register("github", func(w io.Writer, opt Options) Writer {
		return &githubReport{w: bufio.NewWriter(w), base: opt.Baseline}
	})
}

type githubReport struct {
	w    *bufio.Writer
	base *Baseline // the summary says what it knew
}

var (
	githubDataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	githubPropertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// GitHubCommand renders one finding as a workflow command line (without
// the newline).
func GitHubCommand(f *replay.Finding) string {
	var b strings.Builder
	b.WriteString("::")
	b.WriteString(sarifLevel(f.Severity)) // "error" or "warning", the command names
	b.WriteString(" file=")
	b.WriteString(githubPropertyEscaper.Replace(f.File))
	if f.Line > 0 {
		b.WriteString(",line=" + strconv.Itoa(f.Line))
		if f.Column > 0 {
			b.WriteString(",col=" + strconv.Itoa(f.Column))
		}
	}
	b.WriteString(",title=")
	b.WriteString(githubPropertyEscaper.Replace("ashtapada " + f.Rule))
	b.WriteString("::")
	msg := f.Message
	// The annotation shows only the message: say where in the game it is
	// and under which profile, as the text format's second line does.
	var where []string
	if f.Game > 0 {
		where = append(where, "game "+strconv.Itoa(f.Game))
	}
	if f.Ply > 0 {
		mv := strconv.Itoa(f.MoveNumber) + "."
		if f.Side == "black" {
			mv += ".."
		}
		where = append(where, fmt.Sprintf("ply %d (%s %s)", f.Ply, mv, f.SAN))
	}
	if len(f.Variation) > 0 {
		where = append(where, "variation "+VariationPath(f.Variation))
	}
	if f.Profile != "" {
		where = append(where, "profile "+f.Profile)
	}
	if len(where) > 0 {
		msg += " [" + strings.Join(where, ", ") + "]"
	}
	b.WriteString(githubDataEscaper.Replace(msg))
	return b.String()
}

func (g *githubReport) Game(r *replay.Result) error {
	for i := range r.Findings {
		g.w.WriteString(GitHubCommand(&r.Findings[i]))
		g.w.WriteByte('\n')
	}
	return g.w.Flush()
}

// Close prints the summary, with --summary, as a notice: it shows on the
// run's summary page rather than on a file.
func (g *githubReport) Close(t *replay.Tally) error {
	if t != nil {
		msg := "ashtapada: " + SummaryLine(tallyCounts(t), g.base)
		g.w.WriteString("::notice title=ashtapada summary::" + githubDataEscaper.Replace(msg) + "\n")
	}
	return g.w.Flush()
}
