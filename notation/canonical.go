package notation

import (
	"fmt"
	"strings"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/termtext"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
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
// part of SANRewriter. The copy's notation is SAN, so that the writers
// write it in SAN's letters whatever the record's were.
func CanonicalGame(g *record.Game, pl *replay.Played, cut bool) (*record.Game, error) {
	c := *g
	s := SANRewriter{cut: cut, readable: g.Unreadable() == nil}
	moves, err := s.Part(g.Moves, pl)
	if err != nil {
		return nil, err
	}
	c.Moves, c.Notation = moves, record.SAN
	return &c, nil
}

// SANRewriter rewrites the main line of a game in canonical SAN a part at a
// time, as the replay played each part (replay.Each), so that
// a huge game read in parts (grammar.SourceOf) is rewritten
// without being held whole; CanonicalGame is its one part for a game read
// whole. It keeps from part to part whether the line was cut.
type SANRewriter struct {
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
func (s *SANRewriter) Reset(g *record.Game, cut bool) {
	*s = SANRewriter{cut: cut, readable: g.Unreadable() == nil, nodes: s.nodes[:0], moves: s.moves[:0], text: s.text[:0], reuse: true}
}

// Part returns the nodes of the next part of the main line with the moves
// pl played (what the replay played of these nodes: its steps' indexes
// are into nodes, its PliesBefore the plies of the parts before) written
// in canonical SAN: the nodes after a cut are left out, and nothing at
// all of the parts after it. pl nil: the nodes as they are (a copy).
func (s *SANRewriter) Part(nodes []record.Node, pl *replay.Played) ([]record.Node, error) {
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

// SANRecord is a record read in another notation (LAN, UCI) rewritten in
// canonical SAN from the replay (CanonicalGame, cut where the replay
// stopped), so that PGN and JSON writers write SAN.
func SANRecord(g *record.Game, pl *replay.Played) (*record.Game, error) {
	return CanonicalGame(g, pl, true)
}

// InCoordinates reports whether g's moves are written in coordinates (LAN
// or UCI) and were read: the writers of the record's own text (PGN, the
// lossless JSON, the viewer's move list) write such a record in SAN
// (AsSAN, or SANRewriter a part at a time); the others write from the
// replay's steps and take the record as read.
func InCoordinates(g *record.Game) bool {
	return (g.Notation == record.LAN || g.Notation == record.UCI) && g.Unreadable() == nil
}

// AsSAN is g for a writer of the record's own text: SANRecord of a record
// in coordinates (InCoordinates) as res played it, g itself otherwise.
func AsSAN(g *record.Game, res *replay.Result) (*record.Game, error) {
	if !InCoordinates(g) || res == nil {
		return g, nil
	}
	return SANRecord(g, res.Played)
}

// CanonicalMoveText is the canonical spelling of one move: `O-O` for
// castling however written, `--` for a null move, the leap tilde, `=` before
// a promotion piece, the conversion suffix, and the check mark and glyph as
// written. Long algebraic stays long algebraic (turning it into SAN needs
// the position), with its hyphen if it had one.
func CanonicalMoveText(m *record.Move) string {
	return string(AppendMoveText(nil, m))
}

// AppendMoveText appends CanonicalMoveText(m) to dst.
func AppendMoveText(dst []byte, m *record.Move) []byte {
	if m.Desc != nil || m.Castle == record.CastleEither {
		// Descriptive notation is written as read: its squares depend on
		// the position (ToSAN turns it into SAN).
		return append(dst, m.Text...)
	}
	switch {
	case m.Null:
		dst = append(dst, '-', '-')
	case m.Castle == record.CastleShort:
		dst = append(dst, "O-O"...)
	case m.Castle == record.CastleLong:
		dst = append(dst, "O-O-O"...)
	default:
		if m.Piece != 0 {
			dst = append(dst, m.Piece)
		}
		if m.Leap {
			dst = append(dst, '~')
		}
		if m.FromFile >= 0 {
			dst = append(dst, byte('a'+m.FromFile))
		}
		if m.FromRank >= 0 {
			dst = append(dst, byte('1'+m.FromRank))
		}
		if m.Capture {
			dst = append(dst, 'x')
		} else if m.Lenient&record.LenientHyphen != 0 {
			dst = append(dst, '-')
		}
		dst = append(dst, m.To.String()...)
		if m.Promotion != 0 {
			dst = append(dst, '=', m.Promotion)
		}
	}
	if m.ConvSquare != record.NoSquare {
		dst = append(dst, '/')
		dst = append(dst, m.ConvSquare.String()...)
		dst = append(dst, '=', m.ConvPiece)
	}
	if m.Check != 0 {
		dst = append(dst, m.Check)
	}
	return append(dst, m.Glyph...)
}

// StopReason says why the replay of t did not follow the main line to its
// end, in the words of the formats written from the replay's steps (LAN,
// UCI, compact JSON's "stopped"): "" when it did. comment is true for a
// move that could not be played, which the text formats say in a comment
// where the moves stop; a game not replayed at all has no moves to stop.
func StopReason(t *replay.Played) (why string, comment bool) {
	switch {
	case t.Start == nil && t.Stop != nil:
		return "the game could not be replayed: " + t.Stop.Message, false
	case t.StopNode != nil:
		return fmt.Sprintf("ply %d (%s) could not be played; the record goes on from there in PGN only", t.PliesBefore+t.Len()+1, termtext.Safe(t.StopNode.Text)), true
	}
	return "", false
}

// StopError says that a game was written only in part by a writer of the
// formats written from the replay's steps (LAN, UCI, the books'
// notations): its main line could not be followed to the end (StopReason
// is Why). The part before is written.
type StopError struct{ Why string }

func (e *StopError) Error() string { return e.Why }
