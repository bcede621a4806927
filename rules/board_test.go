package rules

import (
	"strings"
	"testing"
)

// The board's look is profile data: the seeds disagree (Ayer and 004:
// uncheckered; Banerjee: "The Board is the same as in Modern Chess").
func TestProfileBoard(t *testing.T) {
	want := map[string]string{
		"fide": "checkered", "shatranj": "plain", "chaturanga": "plain",
		"chaturanga-gollon": "plain", "hindustani": "plain", "andhra": "checkered",
	}
	for name, board := range want {
		p, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if p.Board != board || p.Checkered() != (board == "checkered") || p.BoardSource == "" {
			t.Errorf("%s: board %q (source %q), want %q with a source", name, p.Board, p.BoardSource, board)
		}
	}
	user, err := ParseProfile("mine.toml", []byte("base = \"hindustani\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if user.Board != "plain" {
		t.Errorf("a profile based on hindustani has board %q, want it inherited (plain)", user.Board)
	}
	user, err = ParseProfile("mine.toml", []byte("base = \"hindustani\"\nboard = \"checkered\"\n"))
	if err != nil || !user.Checkered() {
		t.Errorf("board = \"checkered\" in a user file: %v, checkered %v", err, user != nil && user.Checkered())
	}
	_, err = ParseProfile("bad.toml", []byte("base = \"fide\"\n\nboard = \"striped\"\n"))
	if err == nil || !strings.Contains(err.Error(), "striped") || !strings.Contains(err.Error(), "plain, checkered") || !strings.Contains(err.Error(), ":3") {
		t.Errorf("a bad board value: error %v, want it to name the value, the valid values and line 3", err)
	}
}
