package replay

import (
	"github.com/ashtapada/ashtapada/rules"
)

// outcomeNames maps the rules' outcome to the names of docs/cli.md.
func outcomeNames(o rules.Outcome) (outcome, winner string) {
	if o.Kind == rules.OutcomeNone {
		return OutcomeNone, ""
	}
	return o.Kind.String(), o.Winner.String()
}

// resultOf is the PGN result the rules give; the Hindustani half-victory
// is scored as a win (docs/rules.md, bare-king=pieces-half-win).
func resultOf(o rules.Outcome) string { return o.Winner.Result() }

// describeOutcome words an ending for messages.
func describeOutcome(o rules.Outcome) string {
	if o.Reason != "" {
		return o.Reason
	}
	name, winner := outcomeNames(o)
	if winner == WinnerDraw {
		return name + ", a draw"
	}
	return name + ", " + winner + " wins"
}
