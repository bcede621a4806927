package formats

import (
	"fmt"
	"io"
	"strings"

	"github.com/ashtapada/ashtapada/replay"
)

func init() {
	RegisterReport("text", func(w io.Writer, opt ReportOptions) ReportWriter { return &textReport{w: w, opt: opt} })
}

// textReport is docs/cli.md's text form: one line per finding,
// `file:line:col: severity: message [rule-id]`, then an indented line with
// the game, ply, move, profile, FEN and, where they help, the legal
// alternatives. Valid games print nothing (like a compiler) unless Verbose.
type textReport struct {
	w   io.Writer
	opt ReportOptions
	b   strings.Builder
}

func (t *textReport) Game(r *replay.Result) error {
	b := &t.b
	b.Reset()
	for i := range r.Findings {
		writeTextFinding(b, &r.Findings[i])
	}
	if t.opt.Verbose || len(r.Findings) > 0 {
		s := &r.Summary
		profile := orDash(s.Profile)
		switch s.ProfileSource {
		case replay.ProfileSourceCommand:
			profile += " (from the command line, not the tags)"
		case replay.ProfileSourceTagsAndCommand:
			profile += " (settings changed by --set)"
		}
		fmt.Fprintf(b, "%s: game %d: %s, %d plies, outcome %s", s.File, s.Game, profile, s.Plies, s.Outcome)
		if s.Winner != "" {
			fmt.Fprintf(b, " (%s)", s.Winner)
		}
		fmt.Fprintf(b, ", result %s, %s\n", orDash(s.Result), validWord(s.Valid))
	}
	_, err := io.WriteString(t.w, b.String())
	return err
}

func writeTextFinding(b *strings.Builder, f *replay.Finding) {
	fmt.Fprintf(b, "%s:%d:%d: %s: %s [%s]\n", f.File, f.Line, f.Column, f.Severity, f.Message, f.Rule)
	fmt.Fprintf(b, "\tgame %d", f.Game)
	switch {
	case f.Ply > 0 && reportResultToken(f.SAN):
		fmt.Fprintf(b, ", after ply %d, result %s", f.Ply, f.SAN)
	case f.Ply > 0:
		dots := "."
		if f.Side == "black" {
			dots = "..."
		}
		fmt.Fprintf(b, ", ply %d (%d%s %s)", f.Ply, f.MoveNumber, dots, f.SAN)
	}
	if len(f.Variation) > 0 {
		b.WriteString(", in a variation")
	}
	if f.Profile != "" {
		fmt.Fprintf(b, ", profile %s", f.Profile)
	}
	if f.FEN != "" {
		fmt.Fprintf(b, ", FEN %s", f.FEN)
	}
	if len(f.Legal) > 0 {
		fmt.Fprintf(b, "; legal: %s", strings.Join(f.Legal, " "))
	}
	b.WriteByte('\n')
}

func (t *textReport) Close(tally *replay.Tally) error {
	if tally == nil {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "summary: %d games, %d valid, %d invalid; %d errors, %d warnings\n",
		tally.Games, tally.Valid, tally.Invalid, tally.Errors, tally.Warnings)
	for _, sec := range []struct {
		name string
		m    map[string]int
	}{{"profiles", tally.Profiles}, {"rules", tally.Rules}, {"outcomes", tally.Outcomes}, {"results", tally.Results}} {
		if len(sec.m) == 0 {
			continue
		}
		fmt.Fprintf(&b, "  %s:", sec.name)
		for _, e := range sortedCounts(sec.m) {
			fmt.Fprintf(&b, " %s %d,", e.key, e.n)
		}
		s := strings.TrimSuffix(b.String(), ",")
		b.Reset()
		b.WriteString(s)
		b.WriteByte('\n')
	}
	_, err := io.WriteString(t.w, b.String())
	return err
}

// reportResultToken reports whether a finding's SAN is a termination marker.
func reportResultToken(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func validWord(v bool) string {
	if v {
		return "valid"
	}
	return "invalid"
}

// WriteFindingText writes one finding as validate's text report does
// (file:line:col: severity: message [rule], then where it stands), for
// the commands that report a game's findings beside their own output.
func WriteFindingText(w io.Writer, f *replay.Finding) error {
	var b strings.Builder
	writeTextFinding(&b, f)
	_, err := io.WriteString(w, b.String())
	return err
}
