package report

import (
	"bytes"
	"encoding/json"
	"io"
)

// Every JSON this package writes keeps `<`, `>` and `&` as they are:
// encoding/json escapes them as \u003c for HTML pages, which no reader of a
// report needs and which makes comments, tags and messages unreadable
// (`1. e4 {<good>}`). One place decides it for every format.

// newJSONEncoder is json.NewEncoder without HTML escaping.
func newJSONEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// marshalJSON is json.Marshal without HTML escaping.
func marshalJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	if err := newJSONEncoder(&buf).Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
