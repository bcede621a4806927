package formats

import (
	"bytes"
	"fmt"
	"io"

	"github.com/ashtapada/ashtapada/record"
)

// PGNWriter writes games one by one in fmt's form: canonical, or as read
// (Game.Source) for a game that PassedThrough, with one byte-order mark kept
// before a first game whose source starts with one. It is the single home
// of those decisions: Format (fmt) writes through it, and so do the writers
// that have records rather than text (convert from JSON, LAN, UCI).
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
		// The text passed through starts with what reads as a
		// byte-order mark (the input had two): keep the one the reader
		// dropped, or the next reading would drop this one.
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
// canonical form: a syntax error, or tags with no movetext and no
// termination marker (written canonically they would run into the next
// game's tags when read back).
func PassedThrough(g *record.Game) bool {
	return g.SyntaxError() != nil || emptyMovetext(g)
}
