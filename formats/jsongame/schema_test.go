package jsongame_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats/jsongame"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// compileSchema compiles schema/game.schema.json as shipped in the repo.
func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(jsongame.Schema))
	if err != nil {
		t.Fatalf("schema is not JSON: %v", err)
	}
	c := jsonschema.NewCompiler()
	const url = "https://github.com/ashtapada/ashtapada/formats/jsongame/schema/game.schema.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("compiling schema: %v", err)
	}
	return s
}

// validateJSONL checks every line of JSONL output against the schema.
func validateJSONL(t *testing.T, s *jsonschema.Schema, out []byte, what string) int {
	t.Helper()
	n := 0
	for _, line := range bytes.Split(bytes.TrimSpace(out), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(line))
		if err != nil {
			t.Fatalf("%s: line %d is not JSON: %v", what, n+1, err)
		}
		if err := s.Validate(v); err != nil {
			t.Errorf("%s: game %d does not match the schema: %v", what, n+1, err)
		}
		n++
	}
	return n
}

func TestSchemaAcceptsOutput(t *testing.T) {
	s := compileSchema(t)
	var buf bytes.Buffer
	w := jsongame.NewWriter(&buf, true)
	j := jsongame.GameToJSON(sampleGame())
	j.Game = 1
	j.Profile = "andhra"
	j.Settings = map[string]string{"opening": "triple"}
	j.Moves[1].Played = &jsongame.Played{Ply: 1, SAN: "e3", LAN: "e2-e3", UCI: "e2e3", From: "e2", To: "e3", FENAfter: "x"}
	if err := w.Write(j); err != nil {
		t.Fatal(err)
	}
	if n := validateJSONL(t, s, buf.Bytes(), "sample"); n != 1 {
		t.Fatalf("want 1 game, got %d", n)
	}
}

// The schema must reject what the reader rejects, or it checks nothing.
func TestSchemaRejects(t *testing.T) {
	s := compileSchema(t)
	for _, bad := range []string{
		`{"moves":[]}`,
		`{"tags":[],"moves":[{"kind":"bogus"}]}`,
		`{"tags":[],"moves":[{"kind":"move"}]}`,
		`{"tags":[],"moves":[{"kind":"move","move":{"written":"e9","to":"e9"}}]}`,
		`{"tags":[],"moves":[],"result":"2-0"}`,
		`{"tags":[],"moves":[],"extra":1}`,
		`{"tags":[],"moves":[{"kind":"variation","variation":[{"kind":"nag"}]}]}`,
		`{"tags":[],"moves":[{"kind":"comment"}]}`,
	} {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(v); err == nil {
			t.Errorf("schema accepted %s", bad)
		}
	}
	// And the schema file is what jsongame.Schema embeds.
	if !json.Valid(jsongame.Schema) {
		t.Fatal("embedded schema is not valid JSON")
	}
}
