package formats

// Pictures of findings, for `validate --svg-dir` and `show`: the position
// before the offending move, the move drawn as an arrow where its origin is
// known, its destination marked.

import (
	"fmt"
	"io"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
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

// WriteFindingSVG writes FindingDiagram(f) as SVG: one file per error for
// `validate --svg-dir`.
func WriteFindingSVG(w io.Writer, f *replay.Finding) error {
	d, err := FindingDiagram(f)
	if err != nil {
		return err
	}
	return WriteSVG(w, d)
}
