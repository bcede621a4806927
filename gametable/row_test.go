package gametable

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// TestRowsRoundTrip: rows written with the file's schema (maps for tags
// and settings) read back as the same rows, tag order, nulls and nested
// findings included: the two schemas line up.
func TestRowsRoundTrip(t *testing.T) {
	s := func(v string) *string { return &v }
	rows := []*Row{
		{
			File: "a.pgn", Game: 1, Event: s("E"), Site: s("S"), Date: s("1851.??.??"), Round: s("1"),
			White: s("Anderssen"), Black: s("Kieseritzky"), Result: s("1-0"),
			Tags:    []KV{{Key: "Variant", Value: "chaturanga"}, {Key: "ECO", Value: "C33"}, {Key: "Annotator", Value: "x"}},
			Profile: "chaturanga", ProfileSource: "tags", Settings: []KV{{Key: "a", Value: "1"}, {Key: "b", Value: "2"}},
			Valid: false, Outcome: "none", Plies: 2, Errors: 1,
			SAN: []string{"e4", "e5"}, UCI: []string{"e2e4", "e7e5"}, Movetext: "1. e4 e5 2. Kxe8 1-0\n",
			Findings: []Finding{{File: "a.pgn", Line: 3, Column: 10, Game: 1, Ply: 3, MoveNumber: 2, Side: "white", SAN: "Kxe8",
				Rule: "illegal-move", Severity: "error", Message: "no", FEN: "8/8/8/8/8/8/8/8 w - - 0 1", Profile: "chaturanga",
				Legal: []string{"Ke2"}, Variation: []int64{1, 2}}},
		},
		{File: "b.pgn", Game: 7, Result: s("*"), Movetext: "", Source: []byte("[Event \"\xff\"]\n\n1. e4 {\n"), Before: []byte("{a header}\n\n"), After: []byte("{the end}\n")},
	}
	var buf bytes.Buffer
	w := NewWriter(&buf, WriterOptions{})
	for _, r := range rows {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	rd, err := NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range rows {
		got, err := rd.Next()
		if err != nil {
			t.Fatalf("row %d: %v", i+1, err)
		}
		if !reflect.DeepEqual(normal(got), normal(want)) {
			t.Errorf("row %d:\n got %+v\nwant %+v", i+1, got, want)
		}
	}
	if _, err := rd.Next(); !errors.Is(err, io.EOF) {
		t.Errorf("after the last row: %v, want io.EOF", err)
	}
}

// normal makes empty lists nil, as a reader gives them back.
func normal(r *Row) Row {
	c := *r
	if len(c.Tags) == 0 {
		c.Tags = nil
	}
	if len(c.Settings) == 0 {
		c.Settings = nil
	}
	if len(c.SAN) == 0 {
		c.SAN = nil
	}
	if len(c.UCI) == 0 {
		c.UCI = nil
	}
	if len(c.Findings) == 0 {
		c.Findings = nil
	}
	return c
}

// TestReaderRefusesOtherTables: a Parquet file of another schema is not
// read as games.
func TestReaderRefusesOtherTables(t *testing.T) {
	type other struct {
		Name string `parquet:"name"`
	}
	var buf bytes.Buffer
	if err := parquet.Write(&buf, []other{{Name: "x"}}); err != nil {
		t.Fatal(err)
	}
	_, err := NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err == nil || !strings.Contains(err.Error(), "not a table of games") {
		t.Errorf("NewReader on another table: %v", err)
	}
}
