package rules

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"
	"unicode"

	"github.com/ashtapada/ashtapada/internal/suggest"
)

// Profile is a named set of settings with the reasons behind them: which
// source it follows and, setting by setting, the sentence it rests on.
// Built-in profiles are the files in profiles/ (embedded); users write their
// own in the same format (LoadFile, docs/profiles.md).
type Profile struct {
	Name     string
	Aliases  []string
	Summary  string // one-line source description (rules list)
	Source   string // the seed/source it follows
	Base     string // for user profiles built on another
	Settings Settings
	// Sources maps a setting key to the sentence of the seed it rests on
	// (quoted) or the reading, for `rules show`.
	Sources map[string]string
	// NotApplicable holds the keys docs/rules.md marks "-" for this profile: the
	// setting keeps an inert value that no rule of the profile consults.
	NotApplicable map[string]bool
	// File is the file the profile was read from ("profiles/andhra.toml"
	// for a built-in).
	File string
	// Board is how the profile's board is drawn: "plain" (one colour, as
	// the Indian and mediaeval boards were) or "checkered". It changes no
	// rule; BoardSource is the sentence it rests on.
	Board       string
	BoardSource string
	// Men is how the profile's men are drawn: "figurine" (the modern
	// shapes) or "historical" (raja, counsellor, elephant, chariot, horse,
	// foot soldier). It changes no rule; MenSource is what it rests on.
	Men       string
	MenSource string
}

// Checkered reports whether the profile's board is drawn checkered.
func (p *Profile) Checkered() bool { return p != nil && p.Board == "checkered" }

// Clone returns a deep copy, so that overrides never reach a shared profile.
func (p *Profile) Clone() *Profile {
	if p == nil {
		return nil
	}
	c := *p
	c.Aliases = append([]string(nil), p.Aliases...)
	c.Sources = make(map[string]string, len(p.Sources))
	for k, v := range p.Sources {
		c.Sources[k] = v
	}
	c.NotApplicable = make(map[string]bool, len(p.NotApplicable))
	for k, v := range p.NotApplicable {
		c.NotApplicable[k] = v
	}
	return &c
}

// With returns a copy of p with the overrides applied in order; origin
// (e.g. `Rules tag`, `--set`) is recorded as the source of each changed
// setting so that reports and `rules show` say where a value came from.
// p itself is never changed; on error nothing is applied.
func (p *Profile) With(ovs []Override, origin string) (*Profile, error) {
	c := p.Clone()
	if err := c.Settings.Apply(ovs); err != nil {
		return nil, fmt.Errorf("profile %s: %w", p.Name, err)
	}
	for _, o := range ovs {
		k := strings.ToLower(strings.TrimSpace(o.Key))
		c.Sources[k] = fmt.Sprintf("set by %s: %s=%s", origin, k, c.Settings.Get(k))
		c.unmark(k)
	}
	return c, nil
}

// unmark is called when key is set explicitly: the user asked for it, so it
// matters to them, and the settings that depend on it are now judged by
// the settings themselves rather than by the base's "-" (fide with
// king-leap=not-in-check makes king-leap-capture apply).
func (p *Profile) unmark(key string) {
	delete(p.NotApplicable, key)
	for _, d := range dependents[key] {
		delete(p.NotApplicable, d)
	}
}

// ErrUnknownProfile is wrapped by Lookup's error, so that callers can report
// the stable rule id `unknown-profile`.
var ErrUnknownProfile = errors.New("unknown profile")

//go:embed profiles/*.toml
var builtinFS embed.FS

// DefaultProfile is the profile of a record that names none (no Variant
// tag) and of a command given neither --rules nor --rules-file.
const DefaultProfile = "fide"

// builtinOrder is the order of docs/rules.md's table of profiles.
var builtinOrder = []string{DefaultProfile, "shatranj", "chaturanga", "chaturanga-gollon", "hindustani", "andhra"}

// The built-in profiles are parsed on first use, one by one, not at
// start-up: most runs of the program (completion, --version, records of
// the default profile, which comes first) need one profile or none. A
// broken embedded file is a bug of this program, not bad input, and the
// tests load every one of them; so a failure panics like
// regexp.MustCompile rather than hiding a profile (sync.OnceValue panics
// again with the same value on every later call). Reading a built-in never
// consults Lookup (a built-in may not have a base), so a first call cannot
// come back to itself.
var builtin []func() *Profile

// init, not a variable initializer: the compiler counts parseProfile's
// call of Lookup (for a user profile's base) as a cycle.
func init() {
	builtin = make([]func() *Profile, len(builtinOrder))
	for i, name := range builtinOrder {
		builtin[i] = sync.OnceValue(func() *Profile { return loadBuiltin(builtinFS, name) })
	}
}

// loadBuiltin reads the built-in profile name from fsys, or panics.
func loadBuiltin(fsys fs.FS, name string) *Profile {
	file := path.Join("profiles", name+".toml")
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		panic(fmt.Sprintf("rules: built-in profile %s missing: %v", name, err))
	}
	p, err := parseProfile(file, data, true)
	if err != nil {
		panic(fmt.Sprintf("rules: built-in profile %s broken: %v", name, err))
	}
	if p.Name != name {
		panic(fmt.Sprintf("rules: %s names itself %q", file, p.Name))
	}
	return p
}

// builtins returns every built-in profile, parsing those not yet read.
func builtins() []*Profile {
	out := make([]*Profile, len(builtin))
	for i, f := range builtin {
		out[i] = f()
	}
	return out
}

// Profiles returns the six built-in profiles in docs/rules.md order. The values
// are shared: Clone before changing one.
func Profiles() []*Profile { return builtins() }

// Lookup finds a built-in profile by name or alias, case-insensitively.
// The result is shared: Clone it (or use With) before changing it.
func Lookup(name string) (*Profile, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, f := range builtin {
		p := f()
		if p.Name == n {
			return p, nil
		}
		for _, a := range p.Aliases {
			if strings.EqualFold(a, n) {
				return p, nil
			}
		}
	}
	return nil, fmt.Errorf("%w %q%s; known profiles: %s", ErrUnknownProfile, name, suggest.Phrase(n, ProfileNames()), knownProfiles())
}

// ProfileNames lists every name a profile answers to: the built-ins' names
// and their aliases, in the built-in order (for completion and suggestions).
func ProfileNames() []string {
	var out []string
	for _, p := range builtins() {
		out = append(out, p.Name)
		out = append(out, p.Aliases...)
	}
	return out
}

// knownProfiles lists the built-ins with their aliases for error messages.
func knownProfiles() string {
	parts := make([]string, 0, len(builtinOrder))
	for _, p := range builtins() {
		s := p.Name
		if len(p.Aliases) > 0 {
			s += " (" + strings.Join(p.Aliases, ", ") + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// Select returns the profile a command line or a record asks for: a user
// profile file if file is set, else the named profile (fide when name is
// empty), then the overrides in sets (each "k=v", or several in the Rules
// tag syntax) applied in order. The result is the caller's own copy.
func Select(name, file string, sets []string) (*Profile, error) {
	var p *Profile
	var err error
	switch {
	case file != "" && name != "":
		return nil, fmt.Errorf("both a profile name (%s) and a profile file (%s) given: use one (a file names its base itself)", name, file)
	case file != "":
		p, err = LoadFile(file)
	case name != "":
		p, err = Lookup(name)
	default:
		p, err = Lookup(DefaultProfile)
	}
	if err != nil {
		return nil, err
	}
	var ovs []Override
	for _, s := range sets {
		o, err := ParseOverrides(s)
		if err != nil {
			return nil, err
		}
		ovs = append(ovs, o...)
	}
	if len(ovs) == 0 {
		return p.Clone(), nil
	}
	return p.With(ovs, "--set")
}

// SettingApplies reports whether a setting means anything in the profile:
// false where docs/rules.md writes "-" for it (king-leap-capture under fide),
// or where another setting makes it moot (king-leap-capture once a user sets
// king-leap=off). An inapplicable setting still holds its inert value.
func SettingApplies(p *Profile, key string) bool {
	d := findKey(key)
	if d == nil {
		return false
	}
	if p == nil {
		return true
	}
	if p.NotApplicable[d.name] {
		return false
	}
	return d.applies == nil || d.applies(&p.Settings)
}

// Override is one `key=value` from a Rules tag or --set, not yet checked
// against the setting table (Settings.Apply does that).
type Override struct{ Key, Value string }

func (o Override) String() string { return o.Key + "=" + o.Value }

// ParseOverrides reads the `Rules` tag / --set syntax: items `key=value`
// separated by `;` or white space ("k=v; k=v", "k=v k=v"); spaces around
// `=` are allowed. It checks the shape only; keys and values are checked
// when applied, so that the error can list the valid ones.
func ParseOverrides(s string) ([]Override, error) {
	// Items are substrings of s (after "k = v" is closed up), so a Rules tag
	// costs two allocations: the replayer reads one for many games.
	items := strings.FieldsFunc(closeUpEquals(s), func(r rune) bool { return r == ';' || unicode.IsSpace(r) })
	if len(items) == 0 {
		return nil, nil
	}
	out := make([]Override, 0, len(items))
	for _, it := range items {
		k, v, ok := strings.Cut(it, "=")
		switch {
		case !ok:
			return nil, fmt.Errorf("rules override %q: want key=value", it)
		case k == "":
			return nil, fmt.Errorf("rules override %q: no key before '='", it)
		case v == "":
			return nil, fmt.Errorf("rules override %q: no value after '='", it)
		case strings.Contains(v, "="):
			return nil, fmt.Errorf("rules override %q: more than one '=' (separate items with ';' or spaces)", it)
		}
		out = append(out, Override{Key: k, Value: v})
	}
	return out, nil
}

// closeUpEquals removes white space around '=' ("k = v" becomes "k=v"),
// returning s itself when there is none.
func closeUpEquals(s string) string {
	i := strings.IndexByte(s, '=')
	for ; i >= 0; i = nextEquals(s, i) {
		if (i > 0 && isSpace(s[i-1])) || (i+1 < len(s) && isSpace(s[i+1])) {
			break
		}
	}
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	afterEq := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isSpace(c) {
			if afterEq {
				continue
			}
			j := i
			for j < len(s) && isSpace(s[j]) {
				j++
			}
			if j < len(s) && s[j] == '=' {
				i = j - 1
				continue
			}
		}
		afterEq = c == '='
		b.WriteByte(c)
	}
	return b.String()
}

func nextEquals(s string, i int) int {
	j := strings.IndexByte(s[i+1:], '=')
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// SettingError is a bad key or value, with what would have been valid; the
// replayer reports it as `bad-setting`.
type SettingError struct {
	Key, Value string
	UnknownKey bool
	Valid      []string // valid keys (UnknownKey) or valid values of Key
}

func (e *SettingError) Error() string {
	if e.UnknownKey {
		msg := fmt.Sprintf("unknown setting %q", e.Key)
		if s := closest(strings.ToLower(e.Key), e.Valid); s != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", s)
		}
		return msg + "; valid settings: " + strings.Join(e.Valid, ", ")
	}
	return fmt.Sprintf("setting %s: bad value %q; valid values: %s", e.Key, e.Value, strings.Join(e.Valid, ", "))
}

// Set sets one setting by its docs/rules.md name and value (case-insensitive).
func (s *Settings) Set(key, value string) error {
	d := findKey(key)
	if d == nil {
		return &SettingError{Key: key, Value: value, UnknownKey: true, Valid: SettingKeys()}
	}
	v := strings.ToLower(strings.TrimSpace(value))
	for i, name := range d.values {
		if name == v {
			d.set(s, i)
			return nil
		}
	}
	return &SettingError{Key: d.name, Value: value, Valid: append([]string(nil), d.values...)}
}

// Get returns the name of a setting's value ("" for an unknown key).
func (s *Settings) Get(key string) string {
	d := findKey(key)
	if d == nil {
		return ""
	}
	i := d.get(s)
	if i < 0 || i >= len(d.values) {
		return fmt.Sprintf("invalid(%d)", i)
	}
	return d.values[i]
}

// Apply sets every override in order. It is all or nothing: on an error s
// is left as it was.
func (s *Settings) Apply(ovs []Override) error {
	c := *s
	for _, o := range ovs {
		if err := c.Set(o.Key, o.Value); err != nil {
			return err
		}
	}
	*s = c
	return nil
}

// Map lists every setting key with its value, for reports.
func (s *Settings) Map() map[string]string {
	m := make(map[string]string, len(settingTable))
	for i := range settingTable {
		d := &settingTable[i]
		m[d.name] = s.Get(d.name)
	}
	return m
}

// SettingKeys returns every setting name in docs/rules.md order.
func SettingKeys() []string {
	out := make([]string, len(settingTable))
	for i := range settingTable {
		out[i] = settingTable[i].name
	}
	return out
}

// SettingValues returns a setting's valid values in docs/rules.md order (nil for
// an unknown key).
func SettingValues(key string) []string {
	if d := findKey(key); d != nil {
		return append([]string(nil), d.values...)
	}
	return nil
}

// SettingDescription returns the one-line meaning of a setting.
func SettingDescription(key string) string {
	if d := findKey(key); d != nil {
		return d.desc
	}
	return ""
}

// Pairs returns every setting as "key=value" in docs/rules.md order: the form
// reports carry in their `settings` field.
func (s *Settings) Pairs() []string {
	out := make([]string, len(settingTable))
	for i := range settingTable {
		out[i] = settingTable[i].name + "=" + s.Get(settingTable[i].name)
	}
	return out
}

// settingDef is one row of the table that maps docs/rules.md's names to the
// typed Settings: the only place where a setting's name, values and field
// meet. Values are listed in docs/rules.md order, which is also the order of the
// Go constants, so the index of a value is the constant.
type settingDef struct {
	name    string
	values  []string
	desc    string
	get     func(*Settings) int
	set     func(*Settings, int)
	applies func(*Settings) bool // nil: always; else when the setting can matter
}

func enumKey[T ~uint8](name, desc string, values []string, field func(*Settings) *T, applies func(*Settings) bool) settingDef {
	return settingDef{
		name: name, values: values, desc: desc, applies: applies,
		get: func(s *Settings) int { return int(*field(s)) },
		set: func(s *Settings, i int) { *field(s) = T(i) },
	}
}

// boolKey maps values[0] to true and values[1] to false (docs/rules.md writes
// `yes, no` and `off, on`; off/on is given as on, off below).
func boolKey(name, desc string, values []string, trueFirst bool, field func(*Settings) *bool, applies func(*Settings) bool) settingDef {
	return settingDef{
		name: name, values: values, desc: desc, applies: applies,
		get: func(s *Settings) int {
			if *field(s) == trueFirst {
				return 0
			}
			return 1
		},
		set: func(s *Settings, i int) { *field(s) = (i == 0) == trueFirst },
	}
}

var yesNo = []string{"yes", "no"}

// promotionCanFail: a pawn may find no piece available only when promotion
// is limited or the promotion square may hold no piece (square-piece: the
// king's square).
func promotionCanFail(s *Settings) bool {
	return s.PromotionLimit != LimitNone || s.Promotion == PromoteSquarePiece
}

var settingTable = []settingDef{
	enumKey("setup", "the initial array (where kings and counsellors stand)",
		[]string{"modern", "crossed", "shatranj"}, func(s *Settings) *Setup { return &s.Setup }, nil),
	enumKey("counsellor", "how the counsellor (Q) moves",
		[]string{"queen", "ferz"}, func(s *Settings) *Counsellor { return &s.Counsellor }, nil),
	enumKey("elephant", "how the elephant (B) moves",
		[]string{"bishop", "alfil", "dabbaba"}, func(s *Settings) *Elephant { return &s.Elephant }, nil),
	boolKey("pawn-double-step", "a pawn may advance two squares on its first move",
		yesNo, true, func(s *Settings) *bool { return &s.PawnDoubleStep }, nil),
	boolKey("en-passant", "a pawn may capture a double-stepping pawn in passing",
		yesNo, true, func(s *Settings) *bool { return &s.EnPassant }, nil),
	boolKey("castling", "FIDE castling of king and rook",
		yesNo, true, func(s *Settings) *bool { return &s.Castling }, nil),
	enumKey("king-leap", "the king's once-per-game knight leap and when it is lost",
		[]string{"off", "not-in-check", "never-checked"}, func(s *Settings) *KingLeap { return &s.KingLeap }, nil),
	boolKey("king-leap-capture", "the king's knight leap may capture",
		yesNo, true, func(s *Settings) *bool { return &s.KingLeapCapture },
		func(s *Settings) bool { return s.KingLeap != LeapOff }),
	enumKey("promotion", "which piece a pawn on the last rank becomes",
		[]string{"any", "counsellor", "file-piece", "square-piece"}, func(s *Settings) *Promotion { return &s.Promotion }, nil),
	enumKey("promotion-limit", "when that piece is available",
		[]string{"none", "lost", "lost-same-colour"}, func(s *Settings) *PromotionLimit { return &s.PromotionLimit }, nil),
	enumKey("unavailable-promotion", "what a pawn does on the last rank when no piece is available",
		[]string{"forbidden", "stay", "wait"}, func(s *Settings) *UnavailablePromotion { return &s.UnavailablePromo },
		promotionCanFail),
	boolKey("stuck-pawn-gives-check", "with forbidden: a pawn attacks a last-rank square it may not enter",
		yesNo, true, func(s *Settings) *bool { return &s.StuckPawnGivesCheck },
		func(s *Settings) bool { return promotionCanFail(s) && s.UnavailablePromo == UnavailableForbidden }),
	enumKey("knight-promotion-move", "a pawn promoted to a knight may make one knight's move in the same turn",
		[]string{"no", "optional"}, func(s *Settings) *KnightPromotionMove { return &s.KnightPromotionMove },
		func(s *Settings) bool { return s.Promotion != PromoteCounsellor }),
	enumKey("stalemate", "how a stalemate ends the game",
		[]string{"draw", "stalemater-wins", "stalemated-wins", "forbidden"}, func(s *Settings) *Stalemate { return &s.Stalemate }, nil),
	enumKey("bare-king", "what a side left with a lone king suffers",
		[]string{"none", "win", "win-unless-counter", "pieces-half-win"}, func(s *Settings) *BareKing { return &s.BareKing }, nil),
	enumKey("repetition", "what a repetition of position does",
		[]string{"off", "fide", "auto", "perpetual-check"}, func(s *Settings) *Repetition { return &s.Repetition }, nil),
	enumKey("move-rule", "plies without capture or pawn move that draw the game",
		[]string{"off", "fide", "50", "70"}, func(s *Settings) *MoveRule { return &s.MoveRule }, nil),
	enumKey("dead-position", "which positions are drawn for want of material",
		[]string{"off", "fide", "kings-and-one"}, func(s *Settings) *DeadPosition { return &s.DeadPosition }, nil),
	enumKey("opening", "the structure of each side's first turn",
		[]string{"normal", "triple"}, func(s *Settings) *Opening { return &s.Opening }, nil),
	enumKey("opening-pattern", "with triple: which men may make the moves of the first turn",
		[]string{"literal", "any"}, func(s *Settings) *OpeningPattern { return &s.OpeningPattern },
		func(s *Settings) bool { return s.Opening == OpeningTriple }),
	enumKey("capture", "whether a defended man may be captured",
		[]string{"mara-mari", "maddat-mari"}, func(s *Settings) *Capture { return &s.Capture }, nil),
	enumKey("pawns-only-king", "whether a king with nothing but pawns may be checked",
		[]string{"normal", "immune"}, func(s *Settings) *PawnsOnlyKing { return &s.PawnsOnlyKing }, nil),
	boolKey("mastu", "a side's only remaining piece (pawns not counted) cannot be captured",
		[]string{"off", "on"}, false, func(s *Settings) *bool { return &s.Mastu }, nil),
}

// dependents lists, for each setting, the settings whose applies function
// reads it (a test checks that this matches the functions above).
var dependents = map[string][]string{
	"king-leap":             {"king-leap-capture"},
	"promotion":             {"unavailable-promotion", "stuck-pawn-gives-check", "knight-promotion-move"},
	"promotion-limit":       {"unavailable-promotion", "stuck-pawn-gives-check"},
	"unavailable-promotion": {"stuck-pawn-gives-check"},
	"opening":               {"opening-pattern"},
}

var keyIndex = func() map[string]int {
	m := make(map[string]int, len(settingTable))
	for i, d := range settingTable {
		m[d.name] = i
	}
	return m
}()

func findKey(key string) *settingDef {
	i, ok := keyIndex[strings.ToLower(strings.TrimSpace(key))]
	if !ok {
		return nil
	}
	return &settingTable[i]
}

// closest returns the candidate nearest to s by edit distance, if it is
// near enough to be a likely typo.
func closest(s string, cands []string) string {
	best, bestD := "", len(s)/2+2
	for _, c := range cands {
		if len(s)-len(c) >= bestD {
			continue // the distance is at least the difference in length
		}
		if d := editDistance(s, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
