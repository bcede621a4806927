package formats

import (
	"bytes"
	"fmt"
	"io"

	"github.com/ashtapada/ashtapada/record"
)

// PGNWriter writes games one by one exactly as Format (fmt) writes them:
// canonical form, and as read (Game.Source) a game with a syntax error or
// with tags and no movetext, with the byte-order mark Format keeps before a
// first game whose source starts with one. It is for writers that have
// records rather than text (convert from JSON, LAN, UCI).
//
// The decisions are Format's; Format's loop and this type must stay in
// step (TestJSONToPGNBytes compares them over every data file), and Format
// could be written on top of this type.
type PGNWriter struct {
	w     io.Writer
	first bool
	buf   []byte
}

// NewPGNWriter writes to w.
func NewPGNWriter(w io.Writer) *PGNWriter { return &PGNWriter{w: w, first: true} }

// Write writes one game.
func (p *PGNWriter) Write(g *record.Game) error {
	if p.first && bytes.HasPrefix(g.Source, utf8BOM) {
		if _, err := p.w.Write(utf8BOM); err != nil {
			return fmt.Errorf("writing PGN: %w", err)
		}
	}
	p.first = false
	if PassedThrough(g) && g.Source != nil {
		if _, err := p.w.Write(g.Source); err != nil {
			return fmt.Errorf("writing PGN: %w", err)
		}
		return nil
	}
	p.buf = AppendCanonical(p.buf[:0], g)
	if _, err := p.w.Write(p.buf); err != nil {
		return fmt.Errorf("writing PGN: %w", err)
	}
	return nil
}

// PassedThrough reports whether fmt writes a game as read rather than in
// canonical form: a syntax error, or tags with no movetext.
func PassedThrough(g *record.Game) bool {
	return g.SyntaxError() != nil || emptyMovetext(g)
}
