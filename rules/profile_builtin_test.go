package rules

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// TestBrokenBuiltinPanics: a built-in profile file that does not read is
// a bug of the program, and loading it panics with the reason rather than
// leaving the profile out.
func TestBrokenBuiltinPanics(t *testing.T) {
	shatranj, err := os.ReadFile("profiles/shatranj.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		file string // contents of profiles/shatranj.toml; "" for none
		want string
	}{
		{"missing", "", "built-in profile shatranj missing"},
		{"syntax", "name = \"shatranj\n", "built-in profile shatranj broken: profiles/shatranj.toml:1"},
		{"renamed", strings.Replace(string(shatranj), `name = "shatranj"`, `name = "shatranj2"`, 1), `names itself "shatranj2"`},
		// A built-in with a base is refused without consulting Lookup,
		// which would read the built-ins while they are being read.
		{"base", "base = \"fide\"\n" + string(shatranj), "a built-in profile may not have a base"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			if c.file != "" {
				fsys["profiles/shatranj.toml"] = &fstest.MapFile{Data: []byte(c.file)}
			}
			got := func() (msg string) {
				defer func() { msg = fmt.Sprint(recover()) }()
				loadBuiltin(fsys, "shatranj")
				return "no panic"
			}()
			if !strings.Contains(got, c.want) {
				t.Errorf("panic %q, want it to contain %q", got, c.want)
			}
		})
	}
	// The real file loads from the same function.
	if p := loadBuiltin(fstest.MapFS{"profiles/shatranj.toml": {Data: shatranj}}, "shatranj"); p.Name != "shatranj" {
		t.Errorf("loaded %q", p.Name)
	}
}

// TestBuiltinsLoadOnDemand: each built-in is read once, whichever call
// reads it first, and every later call shares that value.
func TestBuiltinsLoadOnDemand(t *testing.T) {
	p, err := Lookup(DefaultProfile)
	if err != nil {
		t.Fatal(err)
	}
	all := Profiles()
	if len(all) != len(builtinOrder) || all[0] != p {
		t.Fatalf("Profiles() = %d profiles, first %p; Lookup gave %p", len(all), all[0], p)
	}
	for i, q := range Profiles() {
		if q != all[i] {
			t.Errorf("profile %s read twice", q.Name)
		}
	}
}
