package formats

import (
	"fmt"
	"io"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
)

// CanonicalGame returns a copy of g whose main-line moves are written in
// the profile's canonical SAN, as the replay played them (`fmt --san`,
// `convert --to pgn --plain`): `a2a3` becomes `a3`, `0-0` becomes `O-O`,
// an unmarked or wrongly marked check gets the mark the move deserves
// (`#` for a mate). Glyphs, comments, numbers and variations stay as
// written. The moves after the one the replay stopped at (pl.StopIndex)
// were not played and have no canonical form: with cut they are dropped
// and a comment says where and why the line stops (derived output must
// not pass an illegal move off as valid); without cut they are kept as
// written (a layout tool loses nothing).
func CanonicalGame(g *record.Game, pl *replay.Played, cut bool) (*record.Game, error) {
	c := *g
	c.Moves = append([]record.Node(nil), g.Moves...)
	if pl == nil {
		return &c, nil
	}
	// The rewritten moves, one block for the game.
	moves := make([]record.Move, pl.Len())
	var text []byte
	for i := range pl.Len() {
		st := pl.Step(i)
		if st.Index < 0 || st.Index >= len(c.Moves) || c.Moves[st.Index].Move == nil {
			continue
		}
		old := c.Moves[st.Index].Move
		m := &moves[i]
		var err error
		if *m, err = grammar.ParseMove(st.SAN); err != nil {
			// The SAN writer and the grammar disagree: a bug, said as such.
			return nil, fmt.Errorf("canonical SAN %q of %s does not read back: %w", st.SAN, old.Text, err)
		}
		m.Glyph, m.Joined = old.Glyph, old.Joined
		// The canonical text is the SAN itself unless a glyph follows
		// it: then the SAN's string serves, without a new one.
		if text = AppendMoveText(text[:0], m); string(text) == st.SAN {
			m.Text = st.SAN
		} else {
			m.Text = string(text)
		}
		c.Moves[st.Index].Move = m
		c.Moves[st.Index].Text = m.Text
	}
	if cut && pl.Start == nil && pl.Stop != nil && g.SyntaxError() == nil {
		// Not replayed at all (no profile covers it, a bad FEN): no move
		// has a canonical form.
		c.Moves = []record.Node{{Kind: record.KindComment, Text: "the game could not be replayed: " + pl.Stop.Message + " [" + pl.Stop.Rule + "]"}}
		return &c, nil
	}
	if cut && pl.StopNode != nil && pl.StopIndex >= 0 && pl.StopIndex < len(c.Moves) {
		why := fmt.Sprintf("ply %d (%s) could not be played", pl.Len()+1, pl.StopNode.Text)
		if pl.Stop != nil {
			why += ": " + pl.Stop.Message + " [" + pl.Stop.Rule + "]"
		}
		why += "; the record goes on from there in the original only"
		moves := c.Moves[:pl.StopIndex]
		// A move number just before the cut belongs to the cut move.
		for len(moves) > 0 && moves[len(moves)-1].Kind == record.KindMoveNumber {
			moves = moves[:len(moves)-1]
		}
		c.Moves = append(moves[:len(moves):len(moves)], record.Node{Kind: record.KindComment, Text: why})
	}
	return &c, nil
}

// FormatSAN is Format with every main-line move written in the profile's
// canonical SAN (`fmt --san`): each game read whole is replayed once by rp
// (with replay.Config.Steps) and rewritten by CanonicalGame, the moves the
// replay could not play kept as written. stopped, when not nil, is called
// with each game whose main line the replay stopped before its end, and
// why.
func FormatSAN(w io.Writer, rd *grammar.Reader, filename string, report func(*record.Game), rp *replay.Replayer, stopped func(*replay.Finding)) (FormatStats, error) {
	return format(w, rd, filename, report, SANRewrite(filename, rp, stopped))
}

// SANRewrite is FormatSAN's rewrite of one game, for FormatEach (fmt -l,
// -d, -w, --check with --san).
func SANRewrite(filename string, rp *replay.Replayer, stopped func(*replay.Finding)) Rewrite {
	return func(g *record.Game, n int) (*record.Game, error) {
		res := rp.Game(g, filename, n)
		if res.Played == nil {
			return nil, fmt.Errorf("the replay kept no steps (replay.Config.Steps)")
		}
		if pl := res.Played; !pl.Complete() && stopped != nil {
			f := pl.Stop
			if f == nil {
				f = &replay.Finding{File: filename, Game: n, Line: g.Pos.Line, Column: g.Pos.Col, Rule: ruleid.Syntax, Severity: ruleid.SeverityOf(ruleid.Syntax).String(), Message: "the main line cannot be replayed"}
			}
			stopped(f)
		}
		return CanonicalGame(g, res.Played, false)
	}
}

// SANRecord is a record read in another notation (LAN, UCI) rewritten in
// canonical SAN from the replay (CanonicalGame, cut where the replay
// stopped), so that PGN and JSON writers write SAN.
func SANRecord(g *record.Game, pl *replay.Played) (*record.Game, error) {
	c, err := CanonicalGame(g, pl, true)
	if err != nil {
		return nil, err
	}
	c.Notation = record.SAN
	return c, nil
}
