package main

import (
	"reflect"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// namesOf must give what urfave/cli's Names gives for every flag the
// program defines, and for a declared name Names cuts at a comma or space.
func TestNamesOfIsNames(t *testing.T) {
	app := newApp()
	flags := append([]cli.Flag{cli.HelpFlag, cli.VersionFlag}, app.Flags...)
	for _, c := range allCommands(app.Commands) {
		flags = append(flags, c.Flags...)
	}
	flags = append(flags,
		&cli.StringFlag{Name: "output, o"},
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q x"}},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j,"}},
		&cli.Float64Flag{Name: "ratio", Aliases: []string{"r"}},
	)
	for _, f := range flags {
		if got, want := namesOf(f), f.Names(); !reflect.DeepEqual(got, want) {
			t.Errorf("namesOf(%v) = %q, Names() = %q", f, got, want)
		}
	}
}

func TestReorderArgs(t *testing.T) {
	app := newApp()
	cases := []struct{ in, want []string }{
		{[]string{"a", "validate", "corpus/", "--format", "json"}, []string{"a", "validate", "--format", "json", "--", "corpus/"}},
		{[]string{"a", "validate", "--strict", "x.pgn", "--summary"}, []string{"a", "validate", "--strict", "--summary", "--", "x.pgn"}},
		{[]string{"a", "validate", "x.pgn", "--set", "king-leap=off", "-", "--", "--odd-name.pgn"}, []string{"a", "validate", "--set", "king-leap=off", "--", "x.pgn", "-", "--odd-name.pgn"}},
		{[]string{"a", "validate", "--format=json", "x.pgn"}, []string{"a", "validate", "--format=json", "--", "x.pgn"}},
		{[]string{"a", "rules", "show", "andhra"}, []string{"a", "rules", "show", "--", "andhra"}},
		{[]string{"a", "--help"}, []string{"a", "--help"}},
		// Global flags before the command move after it...
		{[]string{"a", "--rules", "fide", "--quiet", "validate", "x.pgn"}, []string{"a", "validate", "--rules", "fide", "--quiet", "--", "x.pgn"}},
		{[]string{"a", "--jobs=1", "--set", "king-leap=off", "validate", "--strict"}, []string{"a", "validate", "--jobs=1", "--set", "king-leap=off", "--strict"}},
		{[]string{"a", "--rules", "andhra", "rules", "show"}, []string{"a", "rules", "show", "--rules", "andhra"}},
		// ...and are dropped for a command that does not use them (fmt
		// takes --rules for --san, not --color).
		{[]string{"a", "--rules", "fide", "--color", "never", "fmt", "-l", "x.pgn"}, []string{"a", "fmt", "--rules", "fide", "-l", "--", "x.pgn"}},
		{[]string{"a", "--color", "never", "--quiet", "rules", "list"}, []string{"a", "rules", "list"}},
	}
	for _, c := range cases {
		got, err := reorderArgs(app, c.in)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("reorderArgs(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

func TestReorderArgsErrors(t *testing.T) {
	app := newApp()
	cases := []struct {
		in   []string
		want string
	}{
		{[]string{"a", "valdate", "x"}, `unknown command "valdate" (did you mean validate?)`},
		{[]string{"a", "rules", "lsit"}, `unknown command "lsit" of 'ashtapada rules' (did you mean list?)`},
		{[]string{"a", "validate", "--fromat", "json"}, `unknown flag --fromat for 'ashtapada validate' (did you mean --format?)`},
		{[]string{"a", "validate", "-fromat=json"}, `unknown flag -fromat=json for 'ashtapada validate' (did you mean --format?)`},
		{[]string{"a", "--rulse", "fide", "validate"}, `unknown flag --rulse (did you mean --rules?)`},
		{[]string{"a", "--rules", "fide"}, `--rules needs a command after it`},
		{[]string{"a", "help", "valdate"}, `unknown command "valdate" (did you mean validate?)`},
	}
	for _, c := range cases {
		_, err := reorderArgs(app, c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("reorderArgs(%q) error = %v, want it to contain %q", c.in, err, c.want)
		}
	}
}
