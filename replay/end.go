package replay

import (
	"github.com/ashtapada/ashtapada/ruleid"
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

// judgeStart ends a line whose start position (a FEN) is already decided
// by an end that needs no move: checkmate, stalemate, dead position, bare
// king (docs/rules-engine.md, "Game end").
func (ln *line) judgeStart() {
	if o := ln.hist.StartOutcome(ln.hasMove); o.Ended() {
		ln.ended, ln.outcome, ln.endPly = true, o, 0
	}
}

// settle gives a record that stops in a decided position its end: under
// bare-king=win-unless-counter a record may stop at the baring move when
// no reply can bare the other king back (docs/rules-engine.md). A line stopped by a
// finding is left alone: its position is not known.
func (ln *line) settle() {
	if ln.ended || ln.stopped {
		return
	}
	ln.knowMove()
	if o := ln.hist.StopOutcome(ln.hasMove); o.Ended() {
		ln.ended, ln.outcome, ln.endPly = true, o, ln.ply
	}
}

// startNotes reports what reading the FEN tag dropped (castling rights the
// board cannot have) as lenient-notation warnings at the tag.
func (w *walk) startNotes(notes []string) {
	for _, n := range notes {
		w.add(w.gameFinding(w.g, "FEN", ruleid.LenientNotation, n))
	}
}

// decidedFor reports whether the rules have made sure of side's win though
// the game still has a move to go (a bared king's one reply that cannot
// bare back): a checking move that does so may be marked '+' or '#', as
// for a move that wins at once (programs such as Fairy-Stockfish write '#').
// The caller has just found that the rules do not end the game here
// (endNow), with whether a move exists known.
func (ln *line) decidedFor(side rules.Color) bool {
	return ln.hist.StopDecided().Winner == winnerOf(side)
}
