package formats

import (
	"fmt"
	"io"
	"strings"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/termtext"
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
// written (a layout tool loses nothing). The main line read whole is one
// part of sanRewrite.
func CanonicalGame(g *record.Game, pl *replay.Played, cut bool) (*record.Game, error) {
	c := *g
	s := sanRewrite{cut: cut, readable: g.Unreadable() == nil}
	moves, err := s.Part(g.Moves, pl)
	if err != nil {
		return nil, err
	}
	c.Moves = moves
	return &c, nil
}

// sanRewrite rewrites the main line of a game in canonical SAN a part at a
// time, as the replay played each part (replay.Each), so that
// a huge game read in parts (grammar.SourceOf) is rewritten
// without being held whole; CanonicalGame is its one part for a game read
// whole. It keeps from part to part whether the line was cut.
type sanRewrite struct {
	cut bool
	// readable: the reader read the record (no syntax error), so that a
	// game the replay could not set up has its moves cut.
	readable bool
	// done: the line was cut in a part before; the parts after it are
	// not written.
	done bool
	// nodes and moves hold the part rewritten (text a move's), reused
	// from part to part when reuse is set.
	nodes []record.Node
	moves []record.Move
	text  []byte
	reuse bool
}

// reset starts the rewrite of g's main line again, keeping the storage
// of the parts for the next game: the nodes Part returns are then valid
// until the next call only (a writer that writes each part as it comes).
func (s *sanRewrite) reset(g *record.Game, cut bool) {
	*s = sanRewrite{cut: cut, readable: g.Unreadable() == nil, nodes: s.nodes[:0], moves: s.moves[:0], text: s.text[:0], reuse: true}
}

// Part returns the nodes of the next part of the main line with the moves
// pl played (what the replay played of these nodes: its steps' indexes
// are into nodes, its PliesBefore the plies of the parts before) written
// in canonical SAN: the nodes after a cut are left out, and nothing at
// all of the parts after it. pl nil: the nodes as they are (a copy).
func (s *sanRewrite) Part(nodes []record.Node, pl *replay.Played) ([]record.Node, error) {
	if s.done {
		return nil, nil
	}
	var out []record.Node
	if s.reuse {
		out = append(s.nodes[:0], nodes...)
		s.nodes = out
	} else {
		out = append(out, nodes...)
	}
	if pl == nil {
		return out, nil
	}
	// The rewritten moves, one block for the part.
	if cap(s.moves) < pl.Len() || !s.reuse {
		s.moves = make([]record.Move, pl.Len())
	}
	moves := s.moves[:pl.Len()]
	for i := range pl.Len() {
		st := pl.Step(i)
		if st.Index < 0 || st.Index >= len(out) || out[st.Index].Move == nil {
			continue
		}
		old := out[st.Index].Move
		m := &moves[i]
		var err error
		if *m, err = grammar.ParseMove(st.SAN); err != nil {
			// The SAN writer and the grammar disagree: a bug, said as such.
			return nil, fmt.Errorf("canonical SAN %q of %s does not read back: %w", st.SAN, old.Text, err)
		}
		m.Glyph, m.Joined = old.Glyph, old.Joined
		// The canonical text is the SAN itself unless a glyph follows
		// it: then the SAN's string serves, without a new one.
		if s.text = AppendMoveText(s.text[:0], m); string(s.text) == st.SAN {
			m.Text = st.SAN
		} else {
			m.Text = string(s.text)
		}
		out[st.Index].Move = m
		out[st.Index].Text = m.Text
	}
	if s.cut && pl.Start == nil && pl.Stop != nil && s.readable {
		// Not replayed at all (no profile covers it, a bad FEN): no move
		// has a canonical form.
		s.done = true
		return append(out[:0], record.Node{Kind: record.KindComment, Text: "the game could not be replayed" + stopWhy(pl.Stop)}), nil
	}
	if s.cut && pl.StopNode != nil && pl.StopIndex >= 0 && pl.StopIndex < len(out) {
		// The ply counts the plies of the parts before.
		why := fmt.Sprintf("ply %d (%s) could not be played", pl.PliesBefore+pl.Len()+1, termtext.Safe(pl.StopNode.Text))
		if pl.Stop != nil {
			why += stopWhy(pl.Stop)
		}
		why += "; the record goes on from there in the original only"
		kept := out[:pl.StopIndex]
		// A move number just before the cut belongs to the cut move (a
		// part starts at a turn, with its number: the number is in the
		// cut move's part).
		for len(kept) > 0 && kept[len(kept)-1].Kind == record.KindMoveNumber {
			kept = kept[:len(kept)-1]
		}
		s.done = true
		return append(kept, record.Node{Kind: record.KindComment, Text: why}), nil
	}
	return out, nil
}

// stopWhy is why a line stops, for the comment that says so: the
// finding's message and rule, or its rule alone when the message holds a
// `}`, which would end the comment (a syntax error's "expected `}`").
func stopWhy(f *replay.Finding) string {
	if strings.IndexByte(f.Message, '}') >= 0 {
		return " [" + f.Rule + "]"
	}
	return ": " + f.Message + " [" + f.Rule + "]"
}

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
// written a part at a time (sanRewrite), so that it is never held whole;
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
	return CanonicalGame(g, res.Played, false)
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

// inCoordinates reports whether g's moves are written in coordinates (LAN
// or UCI) and were read: the writers of the record's own text (PGN, the
// lossless JSON, the viewer's move list) write such a record in SAN
// (asSAN, or sanRewrite a part at a time); the others write from the
// replay's steps and take the record as read.
func inCoordinates(g *record.Game) bool {
	return (g.Notation == record.LAN || g.Notation == record.UCI) && g.Unreadable() == nil
}

// asSAN is g for a writer of the record's own text: SANRecord of a record
// in coordinates (inCoordinates) as res played it, g itself otherwise.
func asSAN(g *record.Game, res *replay.Result) (*record.Game, error) {
	if !inCoordinates(g) || res == nil {
		return g, nil
	}
	return SANRecord(g, res.Played)
}
