package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/internal/termtext"
	"github.com/ashtapada/ashtapada/replay"
)

func init() {
	Register("text", func(w io.Writer, opt Options) Writer { return &textReport{w: w, opt: opt} })
}

// textReport is docs/cli.md's text form: one line per finding,
// `file:line:col: severity: message [rule-id]`, then an indented line with
// the game, ply, move, profile, FEN and, where they help, the legal
// alternatives. Valid games print nothing (like a compiler) unless Verbose.
type textReport struct {
	w   io.Writer
	opt Options
	b   strings.Builder
}

func (t *textReport) Game(r *replay.Result) error {
	b := &t.b
	b.Reset()
	for i := range r.Findings {
		writeTextFinding(b, &r.Findings[i])
	}
	if r.IsGame() && (t.opt.Verbose || len(r.Findings) > 0) {
		s := &r.Summary
		profile := termtext.Safe(orDash(s.Profile))
		switch s.ProfileSource {
		case replay.ProfileSourceCommand:
			profile += " (from the command line, not the tags)"
		case replay.ProfileSourceTagsAndCommand:
			profile += " (settings changed by --set)"
		}
		fmt.Fprintf(b, "%s: game %d: %s, %s, outcome %s", termtext.Safe(s.File), s.Game, profile, english.Count(s.Plies, "ply", "plies"), s.Outcome)
		if s.Winner != "" {
			fmt.Fprintf(b, " (%s)", s.Winner)
		}
		fmt.Fprintf(b, ", result %s, %s\n", termtext.Safe(orDash(s.Result)), validWord(s.Valid))
	}
	_, err := io.WriteString(t.w, b.String())
	return err
}

// writeTextFinding writes a finding for a person: its texts, which may quote
// the input, with their control characters quoted (termtext.Safe).
func writeTextFinding(b *strings.Builder, f *replay.Finding) {
	q := termtext.Safe
	fmt.Fprintf(b, "%s:%d:%d: %s: %s [%s]\n", q(f.File), f.Line, f.Column, f.Severity, q(f.Message), f.Rule)
	if f.Game > 0 {
		fmt.Fprintf(b, "\tgame %d", f.Game)
	} else {
		b.WriteString("\tthe file as a whole")
	}
	switch {
	case f.Ply > 0 && resultToken(f.SAN):
		fmt.Fprintf(b, ", after ply %d, result %s", f.Ply, f.SAN) // a marker
	case f.Ply > 0:
		dots := "."
		if f.Side == "black" {
			dots = "..."
		}
		fmt.Fprintf(b, ", ply %d (%d%s %s)", f.Ply, f.MoveNumber, dots, q(f.SAN))
	}
	if len(f.Variation) > 0 {
		b.WriteString(", in variation " + VariationPath(f.Variation))
	}
	if f.Profile != "" {
		fmt.Fprintf(b, ", profile %s", q(f.Profile))
	}
	if f.FEN != "" {
		fmt.Fprintf(b, ", FEN %s", q(f.FEN))
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
	b.WriteString("summary: " + SummaryLine(tallyCounts(tally), t.opt.Baseline) + "\n")
	for _, sec := range []struct {
		name string
		m    map[string]int
	}{{"profiles", tally.Profiles}, {"rules", tally.Rules}, {"outcomes", tally.Outcomes}, {"results", tally.Results}} {
		if len(sec.m) == 0 {
			continue
		}
		fmt.Fprintf(&b, "  %s:", sec.name)
		for _, e := range sortedCounts(sec.m) {
			fmt.Fprintf(&b, " %s %d,", termtext.Safe(e.key), e.n)
		}
		s := strings.TrimSuffix(b.String(), ",")
		b.Reset()
		b.WriteString(s)
		b.WriteByte('\n')
	}
	_, err := io.WriteString(t.w, b.String())
	return err
}

// tallyCounts are the counts of a run's summary line from its tally.
func tallyCounts(t *replay.Tally) RunCounts {
	return RunCounts{Games: t.Games, Valid: t.Valid, Invalid: t.Invalid, Errors: t.Errors, Warnings: t.Warnings}
}

// VariationPath names the variation a finding stands in for a person:
// `2` is the second variation written in the main line, `2.1` the first
// variation inside that one (docs/findings.md). The JSON reports carry the
// 0-based indexes themselves.
func VariationPath(v []int) string {
	parts := make([]string, len(v))
	for i, n := range v {
		parts[i] = strconv.Itoa(n + 1)
	}
	return strings.Join(parts, ".")
}

// resultToken reports whether a finding's SAN is a termination marker.
func resultToken(s string) bool {
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
