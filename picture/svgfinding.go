package picture

// Pictures of findings, for `validate --svg-dir` and `show`: the position
// before the offending move, the move drawn as an arrow where its origin is
// known, its destination marked.

import (
	"fmt"
	"io"
	"sort"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// FindingDiagram draws a finding: the position of its FEN (the one before
// the move), the move as written as an arrow and its square marked, from
// the squares replay gave the finding (Finding.Move). The board is plain
// or checkered as the profile the game was judged by says (its `board`
// key: a user profile's too).
func FindingDiagram(f *replay.Finding) (*Diagram, error) {
	if f.FEN == "" {
		return nil, fmt.Errorf("finding %s at ply %d has no position to draw", f.Rule, f.Ply)
	}
	d, err := DiagramFromFEN(f.FEN)
	if err != nil {
		return nil, err
	}
	d.Checkered = f.Checkered
	d.Caption = f.FEN
	d.Profile = f.Profile
	d.Glyphs = GlyphsFigurine
	if KnownGlyphSet(f.Men) {
		d.Glyphs = f.Men
	}
	// The position under the game's own settings (the finding carries the
	// whole table, so a user profile's position is rebuilt as well): the
	// men's names, the side to move and the profile's state.
	if pos := findingPosition(f); pos != nil {
		describe(d, pos, f.Profile, f.Men, f.Checkered)
	}
	d.Title = fmt.Sprintf("game %d, ply %d: %s [%s]", f.Game, f.Ply, f.SAN, f.Rule)
	if f.Move != nil {
		d.From, d.To = record.Square(f.Move.From), record.Square(f.Move.To)
		d.Mark = d.To
		if d.From != record.NoSquare {
			d.ArrowLabel = "offending move"
		}
	}
	return d, nil
}

// findingPosition sets up a finding's FEN under the settings it was judged
// by; nil when that cannot be done.
func findingPosition(f *replay.Finding) *rules.Position {
	if len(f.Settings) == 0 {
		return nil
	}
	var s rules.Settings
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
