package config

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func write(t *testing.T, p, text string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRead(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := write(t, filepath.Join(dir, FileName), `
rules = "shatranj"
set = ["king-leap=off"]
strict = true
select = ["ALL"]
ignore = ["lenient-notation"]

[per-file-ignores]
"*-1893.pgn" = ["notation-guessed"]
`)
	f, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if f.Rules != "shatranj" || !slices.Equal(f.Set, []string{"king-leap=off"}) || !f.Strict || !slices.Equal(f.Ignore, []string{"lenient-notation"}) || len(f.PerFileIgnores) != 1 {
		t.Errorf("read %+v", f)
	}
	for _, c := range []struct{ text, want string }{
		{"ignroe = [\"x\"]\n", "ignroe"},                 // a misspelt key is named
		{"select = \"ALL\"\n", ":1:"},                    // a wrong type, with its place
		{"[per-file-ignores]\n\"[\" = [\"x\"]\n", `"["`}, // a bad pattern
		{"rules = \n", ":1:"},                            // not TOML
	} {
		bad := write(t, filepath.Join(t.TempDir(), FileName), c.text)
		if _, err := Read(bad); err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), bad) {
			t.Errorf("%q: %v, want an error naming the file and %s", c.text, err, c.want)
		}
	}
	huge := write(t, filepath.Join(t.TempDir(), FileName), "# "+strings.Repeat("x", maxFileBytes)+"\n")
	if _, err := Read(huge); err == nil {
		t.Error("a file over the bound was read")
	}
}

// Discovery as ruff's: the closest file above an input is its whole
// configuration (the files further up are not merged in); --config is the
// configuration of every input; --isolated none.
func TestFinder(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	top := write(t, filepath.Join(root, FileName), "ignore = [\"encoding\"]\n")
	inner := write(t, filepath.Join(root, "books", FileName), "select = [\"result\"]\n")
	write(t, filepath.Join(root, "books", "old", "a.pgn"), "*\n")
	write(t, filepath.Join(root, "games", "b.pgn"), "*\n")
	fd, err := NewFinder("", false)
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{
		filepath.Join(root, "books", "old", "a.pgn"): inner,
		filepath.Join(root, "books"):                 inner, // a directory: its own
		filepath.Join(root, "games", "b.pgn"):        top,
		filepath.Join(root, "games", "new.pgn"):      top, // not there yet: its directory's
	} {
		f, err := fd.For(p)
		if err != nil || f == nil || f.Path != want {
			t.Errorf("For(%s) = %v, %v; want %s", p, f, err, want)
		}
		if f != nil && f.Path == inner && len(f.Ignore) != 0 {
			t.Error("the file further up was merged into the closest")
		}
	}
	if f, _ := fd.For(filepath.Join(root, "books", "old", "a.pgn")); f == nil || !slices.Equal(f.Select, []string{"result"}) {
		t.Error("the closest file was not read")
	}
	fixed, err := NewFinder(top, false)
	if err != nil {
		t.Fatal(err)
	}
	if f, _ := fixed.For(filepath.Join(root, "books", "old", "a.pgn")); f == nil || f.Path != top {
		t.Errorf("--config: %v", f)
	}
	isolated, _ := NewFinder("", true)
	if f, err := isolated.For(filepath.Join(root, "books", "old", "a.pgn")); f != nil || err != nil {
		t.Errorf("--isolated: %v, %v", f, err)
	}
	if _, err := NewFinder(top, true); err == nil {
		t.Error("--config with --isolated was taken")
	}
	if _, err := NewFinder(filepath.Join(root, "none.toml"), false); err == nil || !strings.Contains(err.Error(), "none.toml") {
		t.Errorf("--config of no file: %v", err)
	}
	bad := write(t, filepath.Join(root, "broken", FileName), "what\n")
	if _, err := fd.For(filepath.Join(root, "broken", "c.pgn")); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("a broken file on the way: %v", err)
	}
}

func TestIgnoresFor(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	f := &File{Path: filepath.Join(root, FileName), PerFileIgnores: map[string][]string{
		"*-1893.pgn":  {"notation-guessed"},
		"books/*.pgn": {"lenient-notation"},
		"books/*/*":   {"encoding"},
		"other/x.pgn": {"missing-tag"},
	}}
	for p, want := range map[string][]string{
		filepath.Join(root, "books", "bird-1893.pgn"): {"notation-guessed", "lenient-notation"},
		filepath.Join(root, "books", "old", "a.pgn"):  {"encoding"},
		filepath.Join(root, "games", "x-1893.pgn"):    {"notation-guessed"},
		filepath.Join(root, "x.pgn"):                  nil,
	} {
		got := f.IgnoresFor(p)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("IgnoresFor(%s) = %q, want %q", p, got, want)
		}
	}
}

// Keys, which messages list, are the keys File reads.
func TestKeysAreFileFields(t *testing.T) {
	t.Parallel()
	var fromFields []string
	ft := reflect.TypeOf(File{})
	for i := range ft.NumField() {
		if tag := ft.Field(i).Tag.Get("toml"); tag != "-" {
			fromFields = append(fromFields, tag)
		}
	}
	if !slices.Equal(fromFields, Keys()) {
		t.Errorf("Keys() = %q, the fields read %q", Keys(), fromFields)
	}
}

// A command's table gives its flags as the command line would write
// them, each key placed in the file, dotted keys and inline tables too.
func TestDefaults(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := write(t, filepath.Join(dir, FileName), `ignore = ["move-number"]
convert.to = "uci"

[validate]
format = "sarif"
  jobs = 2
summary = true
where = ["White=Morphy*", "Event~Paris"]

[show]
ply = 1.5
`)
	f, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.Defaults("validate")
	if err != nil {
		t.Fatal(err)
	}
	want := []Default{
		{Flag: "format", Values: []string{"sarif"}, Line: 5, Col: 1},
		{Flag: "jobs", Values: []string{"2"}, Line: 6, Col: 3},
		{Flag: "summary", Values: []string{"true"}, Line: 7, Col: 1},
		{Flag: "where", Values: []string{"White=Morphy*", "Event~Paris"}, Line: 8, Col: 1},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("validate:\n got %+v\nwant %+v", got, want)
	}
	if got, err := f.Defaults("convert"); err != nil || !reflect.DeepEqual(got, []Default{{Flag: "to", Values: []string{"uci"}, Line: 2, Col: 1}}) {
		t.Errorf("convert: %+v, %v", got, err)
	}
	if got, err := f.Defaults("fmt"); err != nil || got != nil {
		t.Errorf("fmt, no table: %+v, %v", got, err)
	}
	if _, err := f.Defaults("show"); err == nil || !strings.Contains(err.Error(), FileName+":11:1: [show] ply: want a string") {
		t.Errorf("show, a float: %v", err)
	}
	if _, err := Read(write(t, filepath.Join(dir, "x", FileName), "[detect]\nmax-changes = 2\n")); err == nil || !strings.Contains(err.Error(), `unknown key "detect"`) {
		t.Errorf("a table of a command with no defaults: %v", err)
	}
}
