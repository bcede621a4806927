package replay

import "github.com/ashtapada/ashtapada/ruleid"

// RuleNoGames is the warning for an input named on the command line that
// holds no game record at all (an empty file, only comments, the wrong
// file); declared in the registry.
const RuleNoGames = ruleid.NoGames

// NoGames is the result for a file that holds no game: one warning about the
// file as a whole. Its Summary.Game is 0, which marks a result that is not a
// game: reports print the finding but no game line, and a Tally counts the
// finding but no game. Under --strict (strict) the warning is an error.
func NoGames(file string, strict bool) *Result {
	r := &Result{
		Summary: Summary{File: file, Game: 0, Outcome: OutcomeNone, Valid: true, Warnings: 1},
		Findings: []Finding{{
			File: file, Line: 1, Column: 1, Rule: RuleNoGames, Severity: SeverityWarning,
			Message: "the file holds no game record (no tags, no moves): nothing in it was checked",
		}},
	}
	if strict {
		r.Findings[0].Severity = SeverityError
		r.Summary.Warnings, r.Summary.Errors, r.Summary.Valid = 0, 1, false
	}
	return r
}

// IsGame is false for a result about a file rather than a game (NoGames).
func (r *Result) IsGame() bool { return r.Summary.Game > 0 }
