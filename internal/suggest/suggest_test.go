package suggest

import (
	"reflect"
	"testing"
)

func TestNearest(t *testing.T) {
	profiles := []string{"fide", "chess", "standard", "shatranj", "chaturanga", "chaturanga-gollon", "hindustani", "andhra", "indian", "chadarangam"}
	commands := []string{"validate", "fmt", "convert", "diff", "show", "rules", "perft", "completion", "man", "help"}
	cases := []struct {
		word  string
		cands []string
		want  []string
	}{
		{"chatrang", profiles, []string{"chaturanga", "shatranj"}}, // both two edits away
		{"chaturnga", profiles, []string{"chaturanga"}},
		{"shatranj", profiles, []string{"shatranj"}},
		{"hindustan", profiles, []string{"hindustani"}},
		{"valdate", commands, []string{"validate"}},
		{"vaildate", commands, []string{"validate"}}, // a swap is one edit
		{"covnert", commands, []string{"convert"}},
		{"xyzzy", commands, nil},
		{"comp", commands, []string{"completion"}}, // a prefix
		{"FIDE", profiles, []string{"fide"}},
		{"ilegal-move", []string{"illegal-move", "null-move", "move-number"}, []string{"illegal-move"}},
	}
	for _, c := range cases {
		if got := Nearest(c.word, c.cands); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Nearest(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}

func TestPhrase(t *testing.T) {
	if got := Phrase("valdate", []string{"validate", "fmt"}); got != " (did you mean validate?)" {
		t.Errorf("Phrase = %q", got)
	}
	if got := FlagPhrase("--fromat", []string{"format", "o", "strict"}); got != " (did you mean --format?)" {
		t.Errorf("FlagPhrase = %q", got)
	}
	if got := Phrase("zzz", []string{"validate"}); got != "" {
		t.Errorf("Phrase with nothing near = %q", got)
	}
}
