package pgn

import (
	"fmt"
	"io"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
)

// FormatSAN is Format with every main-line move written in the profile's
// canonical SAN (`fmt --san`): each game read whole is replayed once by rp
// (with replay.Config.Steps) and rewritten by CanonicalGame, the moves the
// replay could not play kept as written. stopped, when not nil, is called
// with each game whose main line the replay stopped before its end, and
// why.
func FormatSAN(w io.Writer, rd *grammar.Reader, filename string, report func(*record.Game), rp *replay.Replayer, stopped func(*replay.Finding)) (FormatStats, error) {
	return format(w, rd, filename, report, SANRewrite(filename, rp, stopped, false))
}

// Rewrite is how FormatEach rewrites each game before it writes it:
// SANRewrite's moves in canonical SAN (fmt --san).
type Rewrite struct {
	filename string
	rp       *replay.Replayer
	stopped  func(*replay.Finding)
	// parts: a huge game is replayed in parts (else it is read whole).
	parts bool
}

// SANRewrite is FormatSAN's rewrite of each game, for FormatEach (fmt, -l,
// -d, -w, --check with --san): each game is replayed once by rp and its
// moves rewritten by CanonicalGame. With parts, a huge game (one FormatEach
// reads in parts) is replayed in parts as the commands replay it
// (grammar.SourceOf, replay.Replayer.Replay): its moves are rewritten and
// written a part at a time (notation.SANRewriter), so that it is never held whole;
// without, it is read whole.
func SANRewrite(filename string, rp *replay.Replayer, stopped func(*replay.Finding), parts bool) *Rewrite {
	return &Rewrite{filename: filename, rp: rp, stopped: stopped, parts: parts}
}

// game rewrites game n, read whole; res is its replay when the caller
// has one (nil: it is replayed here).
func (rw *Rewrite) game(g *record.Game, n int, res *replay.Result) (*record.Game, error) {
	if res == nil {
		res = rw.rp.Game(g, rw.filename, n)
	}
	if res.Played == nil {
		return nil, fmt.Errorf("the replay kept no steps (replay.Config.Steps)")
	}
	rw.report(g, n, res.Played)
	return notation.CanonicalGame(g, res.Played, false)
}

// report calls stopped when the replay stopped the main line of game n
// before its end (pl, or the last part of it: a stop stays said).
func (rw *Rewrite) report(g *record.Game, n int, pl *replay.Played) {
	if pl.Complete() || rw.stopped == nil {
		return
	}
	f := pl.Stop
	if f == nil {
		f = &replay.Finding{File: rw.filename, Game: n, Line: g.Pos.Line, Column: g.Pos.Col, Rule: ruleid.Syntax, Severity: ruleid.SeverityOf(ruleid.Syntax).String(), Message: "the main line cannot be replayed"}
	}
	rw.stopped(f)
}
