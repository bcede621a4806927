package replay

// RuleInfo is what docs/findings.md says about a rule id, kept here too so
// that the report writers, the documentation test and `--summary` share one
// list.
type RuleInfo struct {
	ID       string
	Severity string
	// Stops is true when the finding ends the replay of its line: after it
	// the position is no longer known.
	Stops bool
}

// Rules lists every rule id of cli.md with its default severity (before
// --strict). Ids never change meaning; new ones are appended.
var Rules = []RuleInfo{
	{"syntax", SeverityError, true},
	{"unknown-profile", SeverityError, true},
	{"bad-setting", SeverityError, true},
	{"bad-fen", SeverityError, true},
	{"illegal-move", SeverityError, true},
	{"ambiguous-move", SeverityError, true},
	{"leaves-king-attacked", SeverityError, true},
	{"king-leap-unavailable", SeverityError, true},
	{"king-leap-in-check", SeverityError, true},
	{"promotion-missing", SeverityError, true},
	{"promotion-wrong-piece", SeverityError, true},
	{"promotion-unavailable", SeverityError, true},
	{"waiting-pawn-moved", SeverityError, true},
	{"conversion-missing", SeverityError, true},
	{"conversion-wrong", SeverityError, true},
	{"compound-turn", SeverityError, true},
	{"opening-capture", SeverityError, true},
	{"opening-check", SeverityError, true},
	{"capture-supported", SeverityError, true},
	{"capture-mastu", SeverityError, true},
	{"check-on-pawns-only-king", SeverityError, true},
	{"stalemate-forbidden", SeverityError, true},
	{"move-after-end", SeverityError, true},
	{"result-mismatch", SeverityError, false},
	{"result-tag-mismatch", SeverityError, false},
	{"null-move", SeverityError, true},
	{"leap-unmarked", SeverityWarning, false},
	{"promotion-inferred", SeverityWarning, false},
	{"conversion-inferred", SeverityWarning, false},
	{"lenient-notation", SeverityWarning, false},
	{"check-mark", SeverityWarning, false},
	{"move-number", SeverityWarning, false},
	{"missing-tag", SeverityWarning, false},
	{"encoding", SeverityWarning, false},
	{"result-missing", SeverityWarning, false},
	{"limit", SeverityError, true},
	{"ambiguity-resolved", SeverityWarning, false},
	{"notation-guessed", SeverityWarning, false},
}

var severities = func() map[string]string {
	m := make(map[string]string, len(Rules))
	for _, r := range Rules {
		m[r.ID] = r.Severity
	}
	return m
}()

// severityOf is a rule id's default severity; an id the list does not know
// (a new rule of the rules engine) is an error, the safe side.
func severityOf(rule string) string {
	if s, ok := severities[rule]; ok {
		return s
	}
	return SeverityError
}
