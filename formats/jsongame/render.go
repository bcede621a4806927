package jsongame

import (
	"fmt"
	"io"

	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// Renderer renders a game's object (a line of JSONL with lines); the
// parts of each game's object are reused for the next (jsonParts).
type Renderer struct {
	lines bool
	parts jsonParts
	// dst, g and n are the game begun (Begin), started once a part before
	// the last is rendered: a game of one part, a record held whole, is
	// written whole at End (whole).
	dst     []byte
	g       *record.Game
	n       int
	started bool
	// inParts is the game being rendered in parts (json_parts.go).
	inParts jsonInParts
}

// UnreadableWhole: a record the reader could not read is written with its
// nodes up to the error, no part of it played.
func (j *Renderer) UnreadableWhole() {}

func (j *Renderer) Begin(dst []byte, g *record.Game, n int) {
	j.dst, j.g, j.n, j.started = dst, g, n, false
}

// whole writes game n, its record held whole, from the record made an
// object (gameToJSON), which holds a record the reader could not read with
// its nodes (UnreadableWhole).
func (j *Renderer) whole(dst []byte, g *record.Game, n int, res *replay.Result) ([]byte, error) {
	// A record in LAN or UCI is written in SAN, as replay played it (up
	// to where it stopped): its moves' fields are SAN's.
	g, err := notation.AsSAN(g, res)
	if err != nil {
		return dst, fmt.Errorf("game %d: %w", n, err)
	}
	j.parts.reset()
	o := gameToJSON(g, &j.parts)
	o.Game = n
	if g.Unreadable() == nil {
		// The record is converted whole whatever replay makes of it; the
		// derived fields stop where the replay stopped.
		addPlayed(o, res.Played, &j.parts)
	}
	var settings []byte
	if len(o.Settings) > 0 {
		settings = j.parts.settingsJSON // addPlayed set o.Settings from the parts
	}
	return appendJSONPiece(dst, o, settings, j.lines), nil
}

// NewRenderer is a Renderer of the lossless record, a line of JSONL with
// lines, an element of the JSON array without.
func NewRenderer(lines bool) *Renderer { return &Renderer{lines: lines} }

// NewCompactRenderer is a CompactRenderer, a line of JSONL with lines.
func NewCompactRenderer(lines bool) *CompactRenderer { return &CompactRenderer{lines: lines} }

// NewJoiner is a Joiner of the pieces of a JSON array on w, or of JSONL
// lines with lines.
func NewJoiner(w io.Writer, lines bool) *Joiner { return &Joiner{w: w, lines: lines} }
