package report

// What several reports say alike: the summary line of a run and the name
// of a game. Each is written here once, so that the text, GitHub and HTML
// reports cannot come to count or name things differently.

import (
	"fmt"
	"strings"

	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/picture"
)

// RunCounts are the counts of a run's summary line: games, how many of
// them are valid and invalid by the rules (a baseline does not change
// that), and the findings reported by severity.
type RunCounts struct {
	Games, Valid, Invalid, Errors, Warnings int
}

// SummaryLine says the counts as the reports print them. With a baseline
// the findings reported are the new ones, and the line says so, then how
// many the baseline knew (and were therefore not listed):
//
//	3 games, 1 valid, 2 invalid; 4 errors, 1 warning
//	3 games, 1 valid, 2 invalid; new (not in the baseline): 1 error, 0 warnings; known (in the baseline, not listed): 3 errors, 1 warning
func SummaryLine(c RunCounts, b *Baseline) string {
	var s strings.Builder
	fmt.Fprintf(&s, "%s, %d valid, %d invalid; ", english.Count(c.Games, "game", "games"), c.Valid, c.Invalid)
	if b != nil {
		s.WriteString("new (not in the baseline): ")
	}
	s.WriteString(severityCounts(c.Errors, c.Warnings))
	if b != nil {
		e, w := b.Known()
		s.WriteString("; known (in the baseline, not listed): " + severityCounts(e, w))
	}
	return s.String()
}

// LeftOutNote says what --max-errors max left out of a report that
// showed shown errors: findings more findings, errors of them errors, in
// games games; "" when it left out none.
func LeftOutNote(max, shown, findings, errors, games int) string {
	if findings == 0 {
		return ""
	}
	return fmt.Sprintf("--max-errors %d: stopped showing findings after %s; %s (%s) in %s left out",
		max, english.Count(shown, "error", "errors"), english.Count(findings, "more finding", "more findings"),
		english.Count(errors, "error", "errors"), english.Count(games, "game", "games"))
}

func severityCounts(errors, warnings int) string {
	return english.Count(errors, "error", "errors") + ", " + english.Count(warnings, "warning", "warnings")
}

// GameLabel names a game for a person: its number in its file, then its
// players' surnames and its event (or, without one, its site) with the
// year, as far as its tags say them: "game 12, Morphy – Anderssen, Paris
// 1858". A game
// without such tags is named by its number; game 0 is the file itself.
func GameLabel(n int, k GameKey) string {
	if n == 0 {
		return "the file as a whole"
	}
	parts := []string{fmt.Sprintf("game %d", n)}
	white, black := surname(knownTag(k.White)), surname(knownTag(k.Black))
	if white != "" || black != "" {
		parts = append(parts, picture.OrUnknown(white)+" – "+picture.OrUnknown(black))
	}
	place := knownTag(k.Event)
	if place == "" {
		place = knownTag(k.Site)
	}
	if year := tagYear(k.Date); year != "" {
		place = strings.TrimSpace(place + " " + year)
	}
	if place != "" {
		parts = append(parts, place)
	}
	return strings.Join(parts, ", ")
}

// surname is the part of a PGN player's name before its comma ("Morphy,
// Paul" is Morphy): enough to recognise a game, and no comma to confuse
// with the commas between the parts of a label.
func surname(name string) string {
	if i := strings.IndexByte(name, ','); i > 0 {
		return strings.TrimSpace(name[:i])
	}
	return name
}

// knownTag is a tag's value, or "" for one that says nothing ("?", "-",
// "????.??.??").
func knownTag(v string) string {
	v = strings.TrimSpace(v)
	if strings.Trim(v, "?.- ") == "" {
		return ""
	}
	return v
}

// tagYear is the year of a PGN date ("1858.??.??"), "" when unknown.
func tagYear(date string) string {
	if len(date) < 4 {
		return ""
	}
	for _, c := range date[:4] {
		if c < '0' || c > '9' {
			return ""
		}
	}
	return date[:4]
}
