package jsongame

// The json and jsonl record formats (package formats): read by Reader,
// written by Renderer (CompactRenderer with WriteOptions.Compact) and
// Joiner.

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

func init() {
	formats.Register(formats.RecordFormat{Name: "json", Order: formats.OrderJSON, OneDocument: true, Extensions: []string{".json"}, Sniff: sniffJSONArray, Read: jsonReader, Rendering: jsonRendering(false)})
	formats.Register(formats.RecordFormat{Name: "jsonl", Order: formats.OrderJSONL, Extensions: []string{".jsonl", ".ndjson"}, Sniff: sniffJSONObject, Read: jsonReader, Rendering: jsonRendering(true)})
}

// jsonGames reads the JSON and JSONL formats (a Reader takes both).
type jsonGames struct {
	jr   *Reader
	name string
}

func jsonReader(r io.Reader, name string, limits grammar.Limits) formats.GameReader {
	jr := NewReader(r)
	jr.SetLimits(limits)
	return &jsonGames{jr: jr, name: name}
}

func (j *jsonGames) Next() (*record.Game, error) {
	g, err := j.jr.ReadGame()
	if err != nil && !errors.Is(err, io.EOF) {
		err = fmt.Errorf("%s: %w", j.name, err)
	}
	return g, err
}

// sniffJSONObject: a JSON object (JSONL, one game object per line).
func sniffJSONObject(t []byte) bool { return len(t) > 0 && t[0] == '{' }

// sniffJSONArray: `[` followed by an object or `]`; a PGN tag also starts
// with `[`, but never with `[{` or `[]`.
func sniffJSONArray(t []byte) bool {
	if len(t) == 0 || t[0] != '[' {
		return false
	}
	rest := bytes.TrimLeft(t[1:], " \t\r\n")
	return len(rest) == 0 || rest[0] == '{' || rest[0] == ']'
}

// jsonRendering writes a JSON array (lines false) or one object a line.
func jsonRendering(lines bool) *formats.Rendering {
	return &formats.Rendering{
		NewRenderer: func(opt formats.WriteOptions) formats.GameRenderer {
			if opt.Compact {
				return NewCompactRenderer(lines)
			}
			return NewRenderer(lines)
		},
		NewJoiner: func(w io.Writer) formats.GameJoiner { return NewJoiner(w, lines) },
	}
}
