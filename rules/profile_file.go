package rules

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// ProfileError is one problem in a profile file, placed on its line so that
// a historian can find it: `file:line: message`.
type ProfileError struct {
	File  string
	Line  int    // 1-based; 0 when the problem has no line (an empty file)
	Key   string // dotted key, e.g. "settings.elephant"; "" for syntax errors
	Value string // the bad value as written, if any
	Valid []string
	Msg   string // the whole message, naming key, value and valid values
}

func (e *ProfileError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// ProfileErrors is every problem found in one file, in line order; it
// unwraps to its *ProfileError members for errors.As.
type ProfileErrors []*ProfileError

func (es ProfileErrors) Error() string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

func (es ProfileErrors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// MaxProfileBytes is the size of the largest profile file read. A
// complete profile, every setting with its source, is about 6 KB; a file
// larger than this is refused before it is decoded (and is not read
// further: --rules-file /dev/zero ends at once).
const MaxProfileBytes = 1 << 20

// maxProfileNames is the most key names a profile file may write, each
// part of a dotted key and of a table's name counted: a complete profile
// writes about 110. The TOML decoder checks each key against the keys
// already seen in its table one by one, so that its cost grows with the
// square of their number: a file of more is refused before it is decoded.
const maxProfileNames = 1000

// LoadFile reads a user profile file (docs/profiles.md): `base = "NAME"`
// plus the settings it changes, or a complete profile with every setting.
func LoadFile(path string) (*Profile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read profile file: %w", err)
	}
	defer f.Close()
	return ReadProfile(path, f)
}

// ReadProfile reads a profile file from r (ParseProfile), reading no more
// than one byte past MaxProfileBytes.
func ReadProfile(name string, r io.Reader) (*Profile, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxProfileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read profile file %s: %w", name, err)
	}
	return ParseProfile(name, data)
}

// ParseProfile parses a profile file's contents. name is the file name used
// in error messages, and the profile's name when the file gives none (its
// base name without extension).
func ParseProfile(name string, data []byte) (*Profile, error) {
	if len(data) > MaxProfileBytes {
		return nil, &ProfileError{File: name, Msg: fmt.Sprintf("larger than %d MiB, the most a profile file may be (a complete profile is a few KB): not read", MaxProfileBytes>>20)}
	}
	if err := checkNames(name, data); err != nil {
		return nil, err
	}
	return parseProfile(name, data, false)
}

// topKeys are the keys a profile file may have outside [settings].
var topKeys = []string{"name", "aliases", "summary", "source", "base", "board", "board-source", "men", "men-source", "settings"}

// BoardValues are the values of a profile's `board` key: how its board is
// drawn (show --svg, validate --svg-dir). It changes no rule.
var BoardValues = []string{"plain", "checkered"}

// MenValues are the values of a profile's `men` key: how its men are drawn
// (figurine: the modern shapes; historical: the raja, counsellor, elephant,
// chariot, horse and foot soldier). Like the board, it changes no rule.
var MenValues = []string{"figurine", "historical"}

// settingFields are the keys of a setting written as a table.
var settingFields = []string{"value", "source", "applies"}

// profileParser holds one file's state while it is read.
type profileParser struct {
	file  string
	data  []byte
	lines *keyLines // where each key is written; indexed at the first error
	errs  ProfileErrors
}

// errorf reports a problem at a key, given as its names (a name may hold
// a dot: `"a.b" = 1`).
func (pp *profileParser) errorf(key []string, value string, valid []string, format string, args ...any) {
	pp.errs = append(pp.errs, &ProfileError{
		File: pp.file, Line: pp.line(key), Key: strings.Join(key, "."), Value: value, Valid: valid,
		Msg: fmt.Sprintf(format, args...),
	})
}

// line finds where a key is written; a key not written itself (a missing
// field) is placed on its nearest written parent.
func (pp *profileParser) line(key []string) int {
	if pp.lines == nil {
		// Only a file with an error needs its lines: the built-in
		// profiles, read at every start, are read without.
		pp.lines = indexLines(pp.data)
	}
	return pp.lines.lookup(key)
}

// parseProfile reads a profile; builtin demands the full form of a built-in
// file (every setting, each with a source).
func parseProfile(file string, data []byte, builtin bool) (*Profile, error) {
	pp := &profileParser{file: file, data: data}
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, &ProfileError{File: file, Line: row, Msg: fmt.Sprintf("TOML syntax (column %d): %s", col, strings.TrimPrefix(de.Error(), "toml: "))}
		}
		return nil, &ProfileError{File: file, Msg: "TOML: " + err.Error()}
	}

	p := &Profile{
		Sources:       map[string]string{},
		NotApplicable: map[string]bool{},
		File:          file,
	}
	keys := make([]string, 0, len(doc))
	for k := range doc {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !contains(topKeys, k) {
			if findKey(k) != nil {
				pp.errorf([]string{k}, "", topKeys, "setting %q must be written under [settings] (e.g. [settings] %s = \"...\")", k, k)
			} else {
				pp.errorf([]string{k}, "", topKeys, "unknown key %q; valid keys: %s", k, strings.Join(topKeys, ", "))
			}
		}
	}
	p.Name = pp.str(doc, "name")
	p.Summary = pp.str(doc, "summary")
	p.Source = pp.str(doc, "source")
	p.Base = pp.str(doc, "base")
	p.Aliases = pp.strList(doc, "aliases")
	board := pp.str(doc, "board")
	if board != "" && !contains(BoardValues, board) {
		pp.errorf([]string{"board"}, board, BoardValues, "board: bad value %q; valid values: %s", board, strings.Join(BoardValues, ", "))
	}
	boardSource := pp.str(doc, "board-source")
	men, menSource := pp.str(doc, "men"), pp.str(doc, "men-source")
	if men != "" && !contains(MenValues, men) {
		pp.errorf([]string{"men"}, men, MenValues, "men: bad value %q; valid values: %s", men, strings.Join(MenValues, ", "))
	}
	if p.Name == "" {
		if builtin {
			pp.errorf([]string{"name"}, "", nil, "a built-in profile needs a name")
		}
		p.Name = strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	}
	if strings.ContainsAny(p.Name, " \t;=") {
		pp.errorf([]string{"name"}, p.Name, nil, "name %q: a profile name may not contain spaces, ';' or '='", p.Name)
	}

	complete := p.Base == ""
	if !complete {
		if builtin {
			// Not Lookup: the built-ins are being read (builtins).
			pp.errorf([]string{"base"}, p.Base, nil, "a built-in profile may not have a base")
		} else if base, err := Lookup(p.Base); err != nil {
			pp.errorf([]string{"base"}, p.Base, nil, "base: %v", err)
		} else {
			inherit(p, base)
		}
	}

	if board != "" {
		p.Board, p.BoardSource = board, boardSource
	}
	if p.Board == "" {
		p.Board = "plain"
	}
	if men != "" {
		p.Men, p.MenSource = men, menSource
	}
	if p.Men == "" {
		p.Men = "figurine"
	}
	set := pp.settings(doc, p, builtin)
	if complete {
		var missing []string
		for _, k := range SettingKeys() {
			if !set[k] {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			pp.errorf([]string{"settings"}, "", missing, "a profile without base must give every setting; missing: %s (or add base = \"NAME\" to start from a built-in profile)", strings.Join(missing, ", "))
		}
	}
	if p.Summary == "" {
		if p.Base != "" {
			p.Summary = fmt.Sprintf("user profile %s, based on %s", file, p.Base)
		} else {
			p.Summary = "user profile " + file
		}
	}
	if p.Source == "" && !builtin {
		p.Source = "user profile " + file
	}
	if len(pp.errs) > 0 {
		sort.SliceStable(pp.errs, func(i, j int) bool { return pp.errs[i].Line < pp.errs[j].Line })
		if len(pp.errs) == 1 {
			return nil, pp.errs[0]
		}
		return nil, pp.errs
	}
	return p, nil
}

// inherit starts a user profile from its base: settings, their sources and
// which ones do not apply.
func inherit(p, base *Profile) {
	p.Base = base.Name
	p.Settings = base.Settings
	for k, v := range base.Sources {
		p.Sources[k] = fmt.Sprintf("from %s: %s", base.Name, v)
	}
	for k, v := range base.NotApplicable {
		p.NotApplicable[k] = v
	}
	if p.Source == "" {
		p.Source = base.Source
	}
	p.Board, p.BoardSource = base.Board, base.BoardSource
	p.Men, p.MenSource = base.Men, base.MenSource
}

// settings reads the [settings] table into p and returns the keys it set.
func (pp *profileParser) settings(doc map[string]any, p *Profile, builtin bool) map[string]bool {
	set := map[string]bool{}
	raw, ok := doc["settings"]
	if !ok {
		return set
	}
	tbl, ok := raw.(map[string]any)
	if !ok {
		pp.errorf([]string{"settings"}, fmt.Sprint(raw), nil, "settings: want a table ([settings]), found %s", typeName(raw))
		return set
	}
	marks := map[string]bool{}
	keys := make([]string, 0, len(tbl))
	for k := range tbl {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		path := []string{"settings", k}
		d := findKey(k)
		if d == nil {
			msg := (&SettingError{Key: k, UnknownKey: true, Valid: SettingKeys()}).Error()
			pp.errorf(path, "", SettingKeys(), "%s", msg)
			continue
		}
		var value, source string
		applies := true
		valuePath := path
		switch v := tbl[k].(type) {
		case string:
			value = v
			if builtin {
				pp.errorf(path, v, nil, "setting %s: a built-in profile writes every setting as a table with value and source", k)
			}
		case map[string]any:
			fields := make([]string, 0, len(v))
			for f := range v {
				fields = append(fields, f)
			}
			sort.Strings(fields)
			for _, f := range fields {
				if !contains(settingFields, f) {
					pp.errorf(under(path, f), "", settingFields, "setting %s: unknown field %q; valid fields: %s", k, f, strings.Join(settingFields, ", "))
				}
			}
			valuePath = under(path, "value")
			rv, ok := v["value"]
			if !ok {
				pp.errorf(path, "", d.values, "setting %s: no value; valid values: %s", k, strings.Join(d.values, ", "))
				continue
			}
			s, ok := rv.(string)
			if !ok {
				pp.wrongType(valuePath, k, rv, d.values)
				continue
			}
			value = s
			if rs, ok := v["source"]; ok {
				if source, ok = rs.(string); !ok {
					pp.errorf(under(path, "source"), fmt.Sprint(rs), nil, "setting %s: source must be a string, found %s", k, typeName(rs))
				}
			}
			if ra, ok := v["applies"]; ok {
				if applies, ok = ra.(bool); !ok {
					pp.errorf(under(path, "applies"), fmt.Sprint(ra), []string{"true", "false"}, "setting %s: applies must be true or false, found %s", k, typeName(ra))
					applies = true
				}
			}
			if builtin && strings.TrimSpace(source) == "" {
				pp.errorf(path, value, nil, "setting %s: a built-in profile gives the source of every setting", k)
			}
		default:
			pp.wrongType(path, k, v, d.values)
			continue
		}
		if err := p.Settings.Set(k, value); err != nil {
			pp.errorf(valuePath, value, d.values, "%v", err)
			continue
		}
		set[d.name] = true
		if source == "" {
			source = fmt.Sprintf("set in %s:%d", pp.file, pp.line(valuePath))
		}
		p.Sources[d.name] = source
		p.unmark(d.name)
		if !applies {
			marks[d.name] = true
		}
	}
	// The file's own applies = false wins over what unmark cleared.
	for k := range marks {
		p.NotApplicable[k] = true
	}
	return set
}

func (pp *profileParser) wrongType(path []string, key string, v any, valid []string) {
	// Suggest what the writer most likely meant: the same word quoted
	// (move-rule = 50), or a boolean read as yes/no or on/off.
	suggest := valid[0]
	w := fmt.Sprint(v)
	if b, ok := v.(bool); ok {
		w = map[bool]string{true: "yes", false: "no"}[b]
		if contains(valid, "on") {
			w = map[bool]string{true: "on", false: "off"}[b]
		}
	}
	if contains(valid, w) {
		suggest = w
	}
	pp.errorf(path, fmt.Sprint(v), valid, "setting %s: want a string, found %s %v; valid values: %s (write e.g. %s = %q)",
		key, typeName(v), v, strings.Join(valid, ", "), key, suggest)
}

// str reads an optional top-level string.
func (pp *profileParser) str(doc map[string]any, key string) string {
	v, ok := doc[key]
	if !ok {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		pp.errorf([]string{key}, fmt.Sprint(v), nil, "%s: want a string, found %s %v", key, typeName(v), v)
	}
	return s
}

// strList reads an optional top-level array of strings.
func (pp *profileParser) strList(doc map[string]any, key string) []string {
	v, ok := doc[key]
	if !ok {
		return nil
	}
	arr, ok := v.([]any)
	if !ok {
		pp.errorf([]string{key}, fmt.Sprint(v), nil, "%s: want an array of strings, e.g. %s = [\"a\", \"b\"], found %s", key, key, typeName(v))
		return nil
	}
	out := make([]string, 0, len(arr))
	for _, e := range arr {
		s, ok := e.(string)
		if !ok {
			pp.errorf([]string{key}, fmt.Sprint(e), nil, "%s: want an array of strings, found %s %v in it", key, typeName(e), e)
			continue
		}
		out = append(out, s)
	}
	return out
}

func typeName(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case bool:
		return "boolean"
	case int64:
		return "integer"
	case float64:
		return "float"
	case []any:
		return "array"
	case map[string]any:
		return "table"
	case time.Time, toml.LocalDate, toml.LocalTime, toml.LocalDateTime:
		return "date/time"
	}
	return fmt.Sprintf("%T", v)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// under is the key of a field of a setting's table.
func under(setting []string, field string) []string {
	return append(setting[:len(setting):len(setting)], field)
}

// checkNames refuses a file that writes more than maxProfileNames key
// names, at the first name past the limit. It reads the file once with
// go-toml's parser, which keeps no table of keys; a syntax error ends the
// count, and the decoder then reports it with its place.
func checkNames(file string, data []byte) error {
	var p unstable.Parser
	p.Reset(data)
	n := 0
	for p.NextExpression() {
		if over := countNames(p.Expression(), &n); over != nil {
			return &ProfileError{File: file, Line: 1 + bytes.Count(data[:over.Raw.Offset], []byte{'\n'}),
				Msg: fmt.Sprintf("more than %d key names (each part of a dotted key or of a table's name counts), far more than a profile writes: not read", maxProfileNames)}
		}
	}
	return nil
}

// countNames adds to *n the key names node writes, those of the inline
// tables in its value included, and returns the first name past the
// limit, nil if none.
func countNames(node *unstable.Node, n *int) *unstable.Node {
	switch node.Kind {
	case unstable.Table, unstable.ArrayTable, unstable.KeyValue:
		for it := node.Key(); it.Next(); {
			if *n++; *n > maxProfileNames {
				return it.Node()
			}
		}
		if node.Kind == unstable.KeyValue && node.Value() != nil {
			return countNames(node.Value(), n)
		}
	case unstable.InlineTable, unstable.Array:
		for it := node.Children(); it.Next(); {
			if over := countNames(it.Node(), n); over != nil {
				return over
			}
		}
	}
	return nil
}

// keyLines is where each key of a TOML document is written: a tree of
// names, so that a key of many parts, or many keys under a table of a long
// name, cost what their text costs, not its square.
type keyLines struct {
	child map[keyName]int // node's id
	line  []int           // by id: the line the key is written on, 0 if none; id 0 is the document
	nl    []int           // offsets of the document's line ends
}

type keyName struct {
	parent int
	name   string
}

// node is the id of the key name under parent, made if new.
func (kl *keyLines) node(parent int, name string) int {
	k := keyName{parent, name}
	id, ok := kl.child[k]
	if !ok {
		id = len(kl.line)
		kl.child[k] = id
		kl.line = append(kl.line, 0)
	}
	return id
}

// lineOf is the line of a byte offset: one more than the line ends
// before it.
func (kl *keyLines) lineOf(offset uint32) int {
	return 1 + sort.SearchInts(kl.nl, int(offset))
}

// lookup is the line of a key, given as its names, or of its nearest
// written parent; 0 for none.
func (kl *keyLines) lookup(key []string) int {
	line, id := 0, 0
	for _, name := range key {
		next, ok := kl.child[keyName{id, name}]
		if !ok {
			break
		}
		id = next
		if kl.line[id] != 0 {
			line = kl.line[id]
		}
	}
	return line
}

// indexLines finds the line of every key of a TOML document (dotted, with
// its tables' names in front), using go-toml's parser, which keeps byte
// ranges. The document has already been decoded without error, so the
// parser does not fail here; if it did, keys just have no line.
func indexLines(data []byte) *keyLines {
	kl := &keyLines{child: map[keyName]int{}, line: []int{0}}
	for i, b := range data {
		if b == '\n' {
			kl.nl = append(kl.nl, i)
		}
	}
	var p unstable.Parser
	p.Reset(data)
	table := 0
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = kl.key(0, e.Key())
		case unstable.KeyValue:
			kl.keyValue(table, e)
		}
	}
	return kl
}

// key places the names of a key under parent and returns the last one's
// id: the last name is on the key's line; a name before it (a dotted
// key's parent, also made by it) keeps the line it was first written on.
func (kl *keyLines) key(parent int, it unstable.Iterator) int {
	id := parent
	for it.Next() {
		n := it.Node()
		id = kl.node(id, string(n.Data))
		if kl.line[id] == 0 || it.IsLast() {
			kl.line[id] = kl.lineOf(n.Raw.Offset)
		}
	}
	return id
}

func (kl *keyLines) keyValue(parent int, kv *unstable.Node) {
	id := kl.key(parent, kv.Key())
	if v := kv.Value(); v != nil && v.Kind == unstable.InlineTable {
		for it := v.Children(); it.Next(); {
			if c := it.Node(); c.Kind == unstable.KeyValue {
				kl.keyValue(id, c)
			}
		}
	}
}

// MarshalTOML writes p as a complete profile file (no base: every setting
// with its value and source), the starting point for a historian's own
// variant: `ashtapada rules show --toml andhra > my.toml`. ParseProfile
// reads it back to the same profile.
func (p *Profile) MarshalTOML() []byte {
	var b strings.Builder
	// A comment holds no control character (TOML allows none but a tab,
	// and a line break would end it): such a name is written quoted.
	name := p.Name
	if strings.IndexFunc(name, unicode.IsControl) >= 0 {
		name = strconv.Quote(name)
	}
	fmt.Fprintf(&b, "# Profile %s, written by ashtapada; how to edit it: docs/profiles.md.\n", name)
	if p.Base != "" {
		fmt.Fprintf(&b, "# Written out in full from a profile based on %s.\n", p.Base)
	}
	fmt.Fprintf(&b, "\nname = %s\n", tomlString(p.Name))
	quoted := make([]string, len(p.Aliases))
	for i, a := range p.Aliases {
		quoted[i] = tomlString(a)
	}
	fmt.Fprintf(&b, "aliases = [%s]\n", strings.Join(quoted, ", "))
	fmt.Fprintf(&b, "summary = %s\n", tomlString(p.Summary))
	fmt.Fprintf(&b, "source = %s\n", tomlString(p.Source))
	fmt.Fprintf(&b, "board = %s\n", tomlString(p.Board))
	if p.BoardSource != "" {
		fmt.Fprintf(&b, "board-source = %s\n", tomlString(p.BoardSource))
	}
	fmt.Fprintf(&b, "men = %s\n", tomlString(p.Men))
	if p.MenSource != "" {
		fmt.Fprintf(&b, "men-source = %s\n", tomlString(p.MenSource))
	}
	for _, k := range SettingKeys() {
		fmt.Fprintf(&b, "\n[settings.%s]\n# values: %s\nvalue = %s\n", k, strings.Join(SettingValues(k), ", "), tomlString(p.Settings.Get(k)))
		if p.NotApplicable[k] {
			b.WriteString("applies = false\n")
		}
		if src := p.Sources[k]; src != "" {
			fmt.Fprintf(&b, "source = %s\n", tomlString(src))
		}
	}
	return []byte(b.String())
}

// tomlString quotes s as a TOML string without escapes where it can (a
// basic "..." string, or a literal '...' one for text with double quotes,
// easiest to edit), else as a basic string with TOML's escapes (Go's
// strconv.Quote would write \x escapes, which TOML lacks).
func tomlString(s string) string {
	plain := strings.IndexFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) < 0
	switch {
	case plain && !strings.ContainsAny(s, `"\`):
		return `"` + s + `"`
	case plain && !strings.Contains(s, "'"):
		return "'" + s + "'"
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
