// Package jsonenc is encoding/json as the program writes JSON for its
// readers: `<`, `>` and `&` kept as they are. encoding/json escapes them
// as \u003c for HTML pages, which no reader of a report, a summary, a
// listing or a table row needs, and which makes comments, tags and
// messages unreadable (`1. e4 {<good>}`). One place decides it for every
// command. (JSON embedded in an HTML page keeps the escaping: it is
// written with encoding/json directly.)
package jsonenc

import (
	"bytes"
	"encoding/json"
	"io"
)

// NewEncoder is json.NewEncoder without HTML escaping.
func NewEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// Marshal is json.Marshal without HTML escaping.
func Marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	if err := NewEncoder(&buf).Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
