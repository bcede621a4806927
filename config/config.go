// Package config reads ashtapada.toml, the configuration file a repository
// of records keeps beside them, and finds the one that applies to an
// input as ruff finds its ruff.toml: the closest in the input's directory
// or the directories above it. The closest file is the whole
// configuration; files further up are not merged into it.
//
// It owns the file's format and its discovery; what the settings mean is
// the packages' that take them (the rule profile is package rules', the
// choice of findings package ruleselect's), and the command line decides
// how its flags stack over them.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/ashtapada/ashtapada/internal/suggest"
)

// FileName is the name of the configuration file.
const FileName = "ashtapada.toml"

// maxFileBytes bounds a configuration file: it is a few lines.
const maxFileBytes = 1 << 20

// File is one ashtapada.toml. Paths in it (RulesFile, the patterns of
// PerFileIgnores) are relative to its directory.
type File struct {
	// Path is where the file was read.
	Path string `toml:"-"`
	// Rules, RulesFile and Set are the profile, as --rules, --rules-file
	// and --set give it.
	Rules     string   `toml:"rules"`
	RulesFile string   `toml:"rules-file"`
	Set       []string `toml:"set"`
	// Strict: warnings are errors, as --strict.
	Strict bool `toml:"strict"`
	// Select and Ignore choose the findings reported, as --select and
	// --ignore.
	Select []string `toml:"select"`
	Ignore []string `toml:"ignore"`
	// PerFileIgnores ignores rules in the files a pattern matches: a
	// pattern without a slash matches a file's name, one with a slash its
	// path from the configuration's directory (path.Match: `*` does not
	// cross a slash).
	PerFileIgnores map[string][]string `toml:"per-file-ignores"`
	// Validate, Convert, Fmt, Show and Diff are the defaults of those
	// commands, as ruff's [lint] and [format] tables hold theirs: a key
	// is a flag's long name, its value what the command line would give
	// (Defaults).
	Validate map[string]any `toml:"validate"`
	Convert  map[string]any `toml:"convert"`
	Fmt      map[string]any `toml:"fmt"`
	Show     map[string]any `toml:"show"`
	Diff     map[string]any `toml:"diff"`

	text []byte `toml:"-"` // the file as read, to place a key of a command's table
}

// Keys are the keys a configuration file may hold.
func Keys() []string {
	return append([]string{"rules", "rules-file", "set", "strict", "select", "ignore", "per-file-ignores"}, Commands()...)
}

// Commands are the commands whose defaults a file may hold, each in the
// table of its name.
func Commands() []string { return []string{"validate", "convert", "fmt", "show", "diff"} }

// Read reads the configuration file at p. Unknown keys are errors, named
// with their place, so that a misspelt setting is not silently ignored.
func Read(p string) (*File, error) {
	data, err := readBounded(p)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", p, err)
	}
	f := &File{Path: p, text: data}
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(f); err != nil {
		var strict *toml.StrictMissingError
		var de *toml.DecodeError
		switch {
		case errors.As(err, &strict) && len(strict.Errors) > 0:
			e := strict.Errors[0]
			line, col := e.Position()
			return nil, fmt.Errorf("%s:%d:%d: unknown key %q%s (the keys: %s)", p, line, col, strings.Join(e.Key(), "."), suggest.Phrase(strings.Join(e.Key(), "."), Keys()), strings.Join(Keys(), ", "))
		case errors.As(err, &de):
			line, col := de.Position()
			return nil, fmt.Errorf("%s:%d:%d: %s", p, line, col, de.Error())
		}
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	for pattern := range f.PerFileIgnores {
		if _, err := path.Match(pattern, ""); err != nil {
			return nil, fmt.Errorf("%s: per-file-ignores: the pattern %q: %w", p, pattern, err)
		}
	}
	return f, nil
}

func readBounded(p string) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var b bytes.Buffer
	if _, err := b.ReadFrom(io.LimitReader(f, maxFileBytes+1)); err != nil {
		return nil, err
	}
	if b.Len() > maxFileBytes {
		return nil, fmt.Errorf("over %d bytes: not a configuration file", maxFileBytes)
	}
	return b.Bytes(), nil
}

// Dir is the directory the file's relative paths start from (absolute
// when the working directory can be known).
func (f *File) Dir() string {
	dir := filepath.Dir(f.Path)
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return dir
}

// IgnoresFor lists the rule selectors PerFileIgnores gives for the file
// at p (a path as given on the command line), in the order of their
// patterns.
func (f *File) IgnoresFor(p string) []string {
	if f == nil || len(f.PerFileIgnores) == 0 {
		return nil
	}
	rel := p
	if abs, err := filepath.Abs(p); err == nil {
		if r, err := filepath.Rel(f.Dir(), abs); err == nil {
			rel = r
		}
	}
	rel = filepath.ToSlash(rel)
	patterns := make([]string, 0, len(f.PerFileIgnores))
	for pattern := range f.PerFileIgnores {
		patterns = append(patterns, pattern)
	}
	sort.Strings(patterns)
	var out []string
	for _, pattern := range patterns {
		target := rel
		if !strings.Contains(pattern, "/") {
			target = path.Base(rel)
		}
		if ok, _ := path.Match(pattern, target); ok {
			out = append(out, f.PerFileIgnores[pattern]...)
		}
	}
	return out
}

// Finder finds the configuration of each input: the file given to it
// (--config), none (--isolated), or the closest ashtapada.toml above the
// input. It reads each file once; it is safe for concurrent use.
type Finder struct {
	fixed    *File
	isolated bool
	mu       sync.Mutex
	byDir    map[string]found
}

type found struct {
	f   *File
	err error
}

// NewFinder returns the finder of the command line's choice: explicit is
// the file of --config ("" to discover), isolated is --isolated (no file
// at all).
func NewFinder(explicit string, isolated bool) (*Finder, error) {
	if explicit != "" && isolated {
		return nil, fmt.Errorf("--config and --isolated: give one of them")
	}
	fd := &Finder{isolated: isolated, byDir: map[string]found{}}
	if explicit != "" {
		f, err := Read(explicit)
		if err != nil {
			return nil, err
		}
		fd.fixed = f
	}
	return fd, nil
}

// For returns the configuration of the input at p (a file, or a
// directory for standard input: the working directory), nil when there
// is none.
func (fd *Finder) For(p string) (*File, error) {
	if fd == nil || fd.isolated {
		return nil, nil
	}
	if fd.fixed != nil {
		return fd.fixed, nil
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return nil, err
	}
	dir := abs
	if info, err := os.Stat(abs); err != nil || !info.IsDir() {
		dir = filepath.Dir(abs)
	}
	return fd.inDir(dir)
}

// inDir is the closest configuration in dir or above it.
func (fd *Finder) inDir(dir string) (*File, error) {
	fd.mu.Lock()
	if r, ok := fd.byDir[dir]; ok {
		fd.mu.Unlock()
		return r.f, r.err
	}
	fd.mu.Unlock()
	var r found
	candidate := filepath.Join(dir, FileName)
	switch info, err := os.Stat(candidate); {
	case err == nil && !info.IsDir():
		r.f, r.err = Read(candidate)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		r.err = fmt.Errorf("looking for %s: %w", candidate, err)
	default:
		if parent := filepath.Dir(dir); parent != dir {
			r.f, r.err = fd.inDir(parent)
		}
	}
	fd.mu.Lock()
	fd.byDir[dir] = r
	fd.mu.Unlock()
	return r.f, r.err
}

// Default is one key of a command's table: the flag it sets and the
// values it gives it, each as the command line would write it (a list
// gives a repeatable flag each of its items).
type Default struct {
	Flag   string
	Values []string
	// Line and Col place the key in the file, for a message about it.
	Line, Col int
}

// Defaults lists the defaults the file gives command, in the order of
// their keys. A value that is not a string, an integer, a boolean or a
// list of those is an error that names its place.
func (f *File) Defaults(command string) ([]Default, error) {
	if f == nil {
		return nil, nil
	}
	var table map[string]any
	switch command {
	case "validate":
		table = f.Validate
	case "convert":
		table = f.Convert
	case "fmt":
		table = f.Fmt
	case "show":
		table = f.Show
	case "diff":
		table = f.Diff
	}
	keys := make([]string, 0, len(table))
	for k := range table {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []Default
	for _, k := range keys {
		d := Default{Flag: k}
		d.Line, d.Col = keyPlace(f.text, command, k)
		values, ok := flagValues(table[k])
		if !ok {
			return nil, fmt.Errorf("%s:%d:%d: [%s] %s: want a string, a number, true or false, or a list of them, got %T", f.Path, d.Line, d.Col, command, k, table[k])
		}
		d.Values = values
		out = append(out, d)
	}
	return out, nil
}

// flagValues writes a TOML value as command-line values.
func flagValues(v any) ([]string, bool) {
	switch v := v.(type) {
	case string:
		return []string{v}, true
	case bool:
		return []string{strconv.FormatBool(v)}, true
	case int64:
		return []string{strconv.FormatInt(v, 10)}, true
	case []any:
		out := make([]string, 0, len(v))
		for _, item := range v {
			if _, list := item.([]any); list {
				return nil, false
			}
			s, ok := flagValues(item)
			if !ok {
				return nil, false
			}
			out = append(out, s...)
		}
		return out, true
	}
	return nil, false
}

// keyPlace finds the line and column of key in the table [table] of text,
// (0, 0) when it cannot: the decoder gives no places for a map's keys.
func keyPlace(text []byte, table, key string) (line, col int) {
	var p unstable.Parser
	p.Reset(text)
	current := ""
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table:
			current = joinKey(e.Key())
		case unstable.KeyValue:
			name := joinKey(e.Key())
			if current == table && name == key || current == "" && name == table+"."+key {
				k := e.Key()
				k.Next()
				sh := p.Shape(p.Range(k.Node().Data))
				return sh.Start.Line, sh.Start.Column
			}
		}
	}
	return 0, 0
}

func joinKey(it unstable.Iterator) string {
	var parts []string
	for it.Next() {
		parts = append(parts, string(it.Node().Data))
	}
	return strings.Join(parts, ".")
}
