package main

import (
	"reflect"
	"testing"
)

func TestReorderArgs(t *testing.T) {
	app := newApp()
	cases := []struct{ in, want []string }{
		{[]string{"a", "validate", "corpus/", "--format", "json"}, []string{"a", "validate", "--format", "json", "--", "corpus/"}},
		{[]string{"a", "validate", "--strict", "x.pgn", "--summary"}, []string{"a", "validate", "--strict", "--summary", "--", "x.pgn"}},
		{[]string{"a", "validate", "x.pgn", "--set", "king-leap=off", "-", "--", "--odd-name.pgn"}, []string{"a", "validate", "--set", "king-leap=off", "--", "x.pgn", "-", "--odd-name.pgn"}},
		{[]string{"a", "validate", "--format=json", "x.pgn"}, []string{"a", "validate", "--format=json", "--", "x.pgn"}},
		{[]string{"a", "rules", "show", "andhra"}, []string{"a", "rules", "show", "--", "andhra"}},
		{[]string{"a", "--help"}, []string{"a", "--help"}},
		{[]string{"a", "nosuchcommand", "x", "--y"}, []string{"a", "nosuchcommand", "x", "--y"}},
	}
	for _, c := range cases {
		if got := reorderArgs(app, c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("reorderArgs(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
