package formats

// Pictures of findings, for `validate --svg-dir` and `show`: the position
// before the offending move, the move drawn as an arrow where its origin is
// known, its destination marked.

import (
	"fmt"
	"io"
	"sort"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// OffendingSquares finds where a written move goes from and to in pos: its
// destination as written, and its origin when exactly one man of the kind
// written could go there by its movement alone (legal or not: the move is
// being shown because it broke a rule). NoSquare for what is unknown.
func OffendingSquares(pos *rules.Position, mv *record.Move) (from, to record.Square) {
	from, to = record.NoSquare, record.NoSquare
	if mv == nil || mv.Null {
		return
	}
	if mv.Castle != record.NoCastle {
		k := pos.KingSquare(pos.SideToMove())
		for _, m := range pos.Candidates(nil) {
			if m.From == k && (mv.Castle == record.CastleShort && m.Flags&rules.FlagCastleShort != 0 || mv.Castle == record.CastleLong && m.Flags&rules.FlagCastleLong != 0) {
				return record.Square(m.From), record.Square(m.To)
			}
		}
		return
	}
	if mv.To < 0 || mv.To > 63 {
		return
	}
	to = mv.To
	kind := rules.Pawn
	if mv.Piece != 0 {
		kind = rules.KindFromLetter(mv.Piece)
	}
	n := 0
	for _, m := range pos.Candidates(nil) {
		if m.To != rules.Square(to) || pos.At(m.From).Kind() != kind {
			continue
		}
		if mv.FromFile >= 0 && m.From.File() != int(mv.FromFile) || mv.FromRank >= 0 && m.From.Rank() != int(mv.FromRank) {
			continue
		}
		if record.Square(m.From) != from {
			from = record.Square(m.From)
			n++
		}
	}
	if n != 1 {
		from = record.NoSquare
	}
	return from, to
}

// FindingDiagram draws a finding: the position of its FEN (the one before
// the move), the move as written as an arrow and its square marked. The
// board is plain or checkered as the profile's `board` key says.
func FindingDiagram(f *replay.Finding) (*Diagram, error) {
	if f.FEN == "" {
		return nil, fmt.Errorf("finding %s at ply %d has no position to draw", f.Rule, f.Ply)
	}
	d, err := DiagramFromFEN(f.FEN)
	if err != nil {
		return nil, err
	}
	d.Checkered = profileCheckered(f.Profile)
	d.Caption = f.FEN
	d.Title = fmt.Sprintf("game %d, ply %d: %s [%s]", f.Game, f.Ply, f.SAN, f.Rule)
	if mv, err := grammar.ParseMove(f.SAN); err == nil {
		if pos := findingPosition(f); pos != nil {
			d.From, d.To = OffendingSquares(pos, &mv)
		} else if mv.To >= 0 && mv.To < 64 {
			d.To = mv.To
		}
		d.Mark = d.To
		if d.From != record.NoSquare {
			d.ArrowLabel = "offending move"
		}
	}
	return d, nil
}

// findingPosition rebuilds the position of a finding from its profile,
// settings and FEN; nil when that is not possible (a user profile).
func findingPosition(f *replay.Finding) *rules.Position {
	p, err := rules.Lookup(f.Profile)
	if err != nil {
		return nil
	}
	s := p.Settings
	keys := make([]string, 0, len(f.Settings))
	for k := range f.Settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := s.Set(k, f.Settings[k]); err != nil {
			return nil
		}
	}
	pos, err := rules.ParseFEN(&s, f.FEN)
	if err != nil {
		return nil
	}
	return pos
}

// WriteFindingSVG writes FindingDiagram(f) as SVG: one file per error for
// `validate --svg-dir`.
func WriteFindingSVG(w io.Writer, f *replay.Finding) error {
	d, err := FindingDiagram(f)
	if err != nil {
		return err
	}
	return WriteSVG(w, d)
}

// profileCheckered reports whether the finding's profile draws a checkered
// board (its `board` key); a profile the finding names but this binary does
// not know (a user's file) is drawn plain.
func profileCheckered(name string) bool {
	p, err := rules.Lookup(name)
	return err == nil && p.Checkered()
}
