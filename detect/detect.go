// Package detect answers, for one game record, "under which rule sets is
// this record legal, and which settings decide it?".
//
// A Detector replays a game under every candidate profile (the built-in
// ones and any the caller adds), each as it stands; finds, for the profiles
// it does not fit, the smallest set of setting changes (--set pairs) that
// makes it valid, within a stated bound; and, for every fit, replays the
// game under the other values of each setting to name the move that
// decides it. A setting whose every value leaves the game valid is
// undetermined: the record says nothing about it.
//
// Every verdict comes from replay (replay.New(cfg).Game), so detect judges a
// move exactly as validate does; detect adds the choice of candidates and
// the reading of their verdicts. docs/detect.md describes the search and
// its bounds.
package detect

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// Defaults of Options.
const (
	// DefaultMaxChanges bounds the size of a fix: more changes than this
	// and a profile is reported as not reachable within the bound.
	DefaultMaxChanges = 3
	// DefaultMaxReplays bounds the replays of the fix search of one
	// profile for one game.
	DefaultMaxReplays = 160
	// beamWidth is how many partial fixes, the ones whose first error comes
	// latest, each level of the first-error search keeps.
	beamWidth = 6
)

// Options configure a Detector. The zero value detects against the
// built-in profiles with the default bounds.
type Options struct {
	// Profiles are the candidates, in report order; nil means every
	// built-in profile (rules.Profiles()).
	Profiles []*rules.Profile
	// MaxChanges bounds the number of --set pairs of a fix (0: default).
	MaxChanges int
	// MaxReplays bounds the replays of one profile's fix search for one
	// game, all of it: the natural fixes, their smallest subsets and the
	// first-error search (0: default). The replays every game costs
	// whatever the search (one per profile, the evidence of a fit or a
	// fix) are not a search and not bounded by it.
	MaxReplays int
	// NoEvidence skips the per-setting evidence (faster; the fits and
	// fixes are still found).
	NoEvidence bool
	// Exhaustive replays every other value of every setting for the
	// evidence, without the shortcuts that judge some from the main line
	// (slower; the tests compare the two).
	Exhaustive bool
	// AllFixes searches a fix for every profile the game does not fit.
	// Without it, fixes are searched only around the best profiles: for
	// every profile when none fits as it stands, and otherwise only for
	// the profile the game's Variant tag names (a tag that needs changes
	// is worth knowing; a chess game's distance to chaturanga is not).
	AllFixes bool
}

// Break is the first error of a game under one candidate: where the record
// stops being valid and by which rule.
type Break struct {
	Ply        int    `json:"ply"`
	MoveNumber int    `json:"move_number"`
	Side       string `json:"side,omitempty"`
	SAN        string `json:"san,omitempty"`
	Rule       string `json:"rule"`
	Message    string `json:"message"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
}

// Move is how a report names the move: "12. K~d3", "12... Kd7", "the
// result 1-0" for a finding at the termination marker, or "the record" for
// one about the tags or the game as a whole.
func (b *Break) Move() string {
	if b == nil {
		return ""
	}
	switch b.SAN {
	case "1-0", "0-1", "1/2-1/2", "*":
		return "the result " + b.SAN
	}
	if b.SAN == "" || b.MoveNumber == 0 {
		if b.Ply > 0 {
			return fmt.Sprintf("ply %d", b.Ply)
		}
		return "the record"
	}
	if b.Side == "black" {
		return fmt.Sprintf("%d... %s", b.MoveNumber, b.SAN)
	}
	return fmt.Sprintf("%d. %s", b.MoveNumber, b.SAN)
}

// String is the break as one phrase: "12. K~d3 (ply 23): king-leap-in-check".
func (b *Break) String() string {
	if b == nil {
		return ""
	}
	if b.Ply > 0 {
		return fmt.Sprintf("%s (ply %d): %s", b.Move(), b.Ply, b.Rule)
	}
	return fmt.Sprintf("%s: %s", b.Move(), b.Rule)
}

// Fix is a set of setting changes to a profile, in the order of rules.SettingKeys.
type Fix []rules.Override

// String is the fix as --set pairs: "stalemate=draw move-rule=70".
func (f Fix) String() string {
	parts := make([]string, len(f))
	for i, o := range f {
		parts[i] = o.String()
	}
	return strings.Join(parts, " ")
}

// Rejected is a value of a setting under which the game breaks, with the
// break: the evidence that the record excludes it.
type Rejected struct {
	Value string `json:"value"`
	Break *Break `json:"break"`
}

// SettingEvidence is what a game says about one setting of a fit.
type SettingEvidence struct {
	Key string `json:"key"`
	// Value is the setting's value in the fit.
	Value string `json:"value"`
	// Decided: some value of the setting breaks the game (with every other
	// setting as in the fit); false means undetermined.
	Decided bool `json:"decided"`
	// Allowed are the values under which the game stays valid, Value
	// among them, in the order of rules.SettingKeys.
	Allowed []string `json:"allowed"`
	// Rejected are the other values, each with its first break.
	Rejected []Rejected `json:"rejected,omitempty"`
	// Unused: the game never reaches a situation the setting governs (no
	// replay was needed to know that every value allows it).
	Unused bool `json:"unused,omitempty"`
}

// Deciding is the evidence as one sentence, for a decided setting: for
// each rejected value, the move it breaks at and why, and the values that
// allow the game ("12. K~d3: under king-leap=never-checked it is
// king-leap-unavailable (...); only king-leap=not-in-check allows the game").
func (e *SettingEvidence) Deciding() string {
	if !e.Decided || len(e.Rejected) == 0 {
		return ""
	}
	var parts []string
	for _, r := range e.Rejected {
		parts = append(parts, fmt.Sprintf("%s: under %s=%s it is %s (%s)", r.Break.Move(), e.Key, r.Value, r.Break.Rule, r.Break.Message))
	}
	allow := make([]string, len(e.Allowed))
	for i, v := range e.Allowed {
		allow[i] = e.Key + "=" + v
	}
	return fmt.Sprintf("%s; only %s allow%s the game", strings.Join(parts, "; "), strings.Join(allow, ", "), english.Plural(len(allow), "s", ""))
}

// ProfileResult is a game's verdict under one candidate profile.
type ProfileResult struct {
	Profile string `json:"profile"`
	// Valid: the game breaks no rule of the profile as it stands.
	Valid bool `json:"valid"`
	// Break is the first error under the profile as it stands.
	Break *Break `json:"break,omitempty"`
	// Fix is the smallest set of changes found that makes the game valid
	// (empty when Valid, or when none was found: see FixNote).
	Fix Fix `json:"-"`
	// FixSet is Fix as --set pairs, for reports.
	FixSet []string `json:"fix,omitempty"`
	// Alternatives are other fixes of the same size that the search also
	// found valid (the record does not choose between them), as --set
	// pairs joined by spaces; their evidence is not computed.
	Alternatives []string `json:"fix_alternatives,omitempty"`
	// FixNote says how the fix was found, or why none was (the bound).
	FixNote string `json:"fix_note,omitempty"`
	// FixReplays counts the replays of the fix search (Options.MaxReplays
	// at most), 0 when none was searched.
	FixReplays int `json:"fix_replays,omitempty"`
	// searchCut: the fix search stopped at Options.MaxReplays.
	searchCut bool
	// Outcome and Result of the game under the profile (with the fix).
	Outcome string `json:"outcome,omitempty"`
	Winner  string `json:"winner,omitempty"`
	// Evidence is, for a fit (Valid, or with a Fix), what the game says
	// about each setting that applies, in the order of rules.SettingKeys.
	Evidence []SettingEvidence `json:"evidence,omitempty"`
	profile  *rules.Profile
}

// Settings are the settings of the fit: the profile's, with the fix.
func (p *ProfileResult) Settings() rules.Settings {
	s := p.profile.Settings
	_ = s.Apply(p.Fix) // a fix was applied by replay before: it applies
	return s
}

// Fits reports whether the game is valid under the profile, as it stands
// or with the fix.
func (p *ProfileResult) Fits() bool { return p.Valid || len(p.Fix) > 0 }

// Decided lists the decided settings of a fit.
func (p *ProfileResult) Decided() []SettingEvidence {
	var out []SettingEvidence
	for _, e := range p.Evidence {
		if e.Decided {
			out = append(out, e)
		}
	}
	return out
}

// Undetermined lists the settings of a fit that every value allows.
func (p *ProfileResult) Undetermined() []string {
	var out []string
	for _, e := range p.Evidence {
		if !e.Decided {
			out = append(out, e.Key)
		}
	}
	return out
}

// Game is everything detect says about one game.
type Game struct {
	File string `json:"file"`
	Game int    `json:"game"`
	// Plies is the length of the main line as written (moves, not turns).
	Plies int `json:"plies"`
	// Variant and Rules are the game's own tags, which detect ignores
	// when it replays (it tries every profile instead).
	Variant string `json:"variant,omitempty"`
	Rules   string `json:"rules,omitempty"`
	// Fits are the profiles under which the game is valid as it stands.
	Fits []string `json:"fits"`
	// FitsWithChanges are the profiles made valid by a fix.
	FitsWithChanges []string        `json:"fits_with_changes,omitempty"`
	Profiles        []ProfileResult `json:"profiles"`
	// Verdict is the one-line answer.
	Verdict string `json:"verdict"`
	// Replays counts the replays detect made for this game.
	Replays int `json:"replays"`
}

// Fitted reports whether some profile fits, as it stands or with a fix.
func (g *Game) Fitted() bool { return len(g.Fits) > 0 || len(g.FitsWithChanges) > 0 }

// Detector detects games one after another. It keeps a replayer per
// candidate configuration; it is not safe for concurrent use: give each
// worker its own.
type Detector struct {
	opts     Options
	profiles []*rules.Profile
	reps     map[repKey]*replay.Replayer
	replays  int
}

type repKey struct {
	p     *rules.Profile
	set   string
	steps bool
}

// New returns a Detector for opts.
func New(opts Options) *Detector {
	if opts.MaxChanges <= 0 {
		opts.MaxChanges = DefaultMaxChanges
	}
	if opts.MaxReplays <= 0 {
		opts.MaxReplays = DefaultMaxReplays
	}
	ps := opts.Profiles
	if ps == nil {
		ps = rules.Profiles()
	}
	return &Detector{opts: opts, profiles: ps, reps: map[repKey]*replay.Replayer{}}
}

// Profiles are the detector's candidates.
func (d *Detector) Profiles() []*rules.Profile { return d.profiles }

// verdict is one replay's answer, reduced to what detect compares.
type verdict struct {
	valid   bool
	brk     *Break
	outcome string
	winner  string
	// played is the main line as played, when the replay kept it; feat
	// its features, read as a game in parts was played.
	played *replay.Played
	feat   *features
}

// play replays the game under p with the changes fix (the tags are
// ignored).
func (d *Detector) play(g *record.Source, p *rules.Profile, fix Fix) verdict {
	d.replays++
	r := d.replayer(p, fix, false, !g.Parted())
	if !g.Parted() {
		return verdictOf(r.Game(g.Head, "", 0))
	}
	v := verdictOf(r.Replay(g, "", 0, replay.Each{}))
	v.played = nil
	return v
}

// playSteps is play keeping the main line (for the evidence of a fit). A
// record read whole keeps its steps, read by the evidence only for a fit;
// a game in parts has its features read part by part as it is played.
func (d *Detector) playSteps(g *record.Source, p *rules.Profile, fix Fix) verdict {
	d.replays++
	r := d.replayer(p, fix, true, !g.Parted())
	if !g.Parted() {
		return verdictOf(r.Game(g.Head, "", 0))
	}
	fr := newFeatureReader(g.Head)
	res := r.Replay(g, "", 0, replay.Each{Part: func(_ []record.Node, pl *replay.Played) { fr.part(pl) }})
	v := verdictOf(res)
	f := fr.features(res.Played, v.outcome)
	v.played, v.feat = nil, &f
	return v
}

// features are the features of the main line the verdict kept.
func (v verdict) features(g *record.Game) *features {
	if v.feat != nil {
		return v.feat
	}
	f := gameFeatures(g, v.played, v.outcome)
	return &f
}

// verdictOf reads a replay result: valid, or the first error (the lowest
// ply; a finding about the tags has ply 0).
func verdictOf(res *replay.Result) verdict {
	v := verdict{valid: res.Summary.Valid, outcome: res.Summary.Outcome, winner: res.Summary.Winner, played: res.Played}
	if v.valid {
		return v
	}
	var first *replay.Finding
	for i := range res.Findings {
		f := &res.Findings[i]
		if !f.IsError() {
			continue
		}
		if first == nil || f.Ply < first.Ply {
			first = f
		}
	}
	if first == nil {
		// Not expected: replay marks a game invalid by an error finding.
		v.brk = &Break{Message: "the game is not valid, and replay gave no error finding"}
		return v
	}
	v.brk = &Break{Ply: first.Ply, MoveNumber: first.MoveNumber, Side: first.Side, SAN: first.SAN,
		Rule: first.Rule, Message: first.Message, Line: first.Line, Column: first.Column}
	return v
}

// breakPly orders verdicts by how far the game gets: a valid game gets
// furthest.
func (v verdict) breakPly() int {
	if v.valid || v.brk == nil {
		return 1 << 30
	}
	return v.brk.Ply
}

// Game detects one game, given as its source: a record held whole
// (record.Whole), or a huge game whose main line is read again in parts
// for each replay and never held whole (grammar.SourceOf); the report is
// the same. file and index (1-based) say where it stands.
func (d *Detector) Game(src *record.Source, file string, index int) *Game {
	return d.detect(src, src.Plies, file, index)
}

func (d *Detector) detect(g *record.Source, plies int, file string, index int) *Game {
	start := d.replays
	out := &Game{File: file, Game: index, Plies: plies, Fits: []string{}}
	out.Variant, _ = g.Head.Tag("Variant")
	out.Rules, _ = g.Head.Tag("Rules")
	base := make([]verdict, len(d.profiles))
	for i, p := range d.profiles {
		// The main line is kept: a profile that fits needs it for its
		// evidence, and one that does not stops early.
		v := d.playSteps(g, p, nil)
		base[i] = v
		pr := ProfileResult{Profile: p.Name, Valid: v.valid, Break: v.brk, profile: p}
		if v.valid {
			pr.Outcome, pr.Winner = v.outcome, v.winner
			out.Fits = append(out.Fits, p.Name)
		}
		out.Profiles = append(out.Profiles, pr)
	}
	// Evidence of the fits first: their decided settings point the other
	// profiles to their fixes.
	for i := range out.Profiles {
		if out.Profiles[i].Valid {
			d.evidence(g, &out.Profiles[i], nil, base[i])
		}
	}
	d.fixes(g, out, base, d.fixWanted(out))
	for i := range out.Profiles {
		pr := &out.Profiles[i]
		if !pr.Valid && len(pr.Fix) > 0 {
			out.FitsWithChanges = append(out.FitsWithChanges, pr.Profile)
		}
	}
	out.Replays = d.replays - start
	out.Verdict = verdictLine(out)
	return out
}

// fixWanted says, per profile, whether to search a fix for it.
func (d *Detector) fixWanted(out *Game) []bool {
	want := make([]bool, len(out.Profiles))
	all := d.opts.AllFixes || len(out.Fits) == 0
	var tagged *rules.Profile
	if name := strings.TrimSpace(out.Variant); name != "" {
		tagged, _ = rules.Lookup(name)
	}
	for i := range out.Profiles {
		pr := &out.Profiles[i]
		want[i] = !pr.Valid && (all || (tagged != nil && pr.profile.Name == tagged.Name))
	}
	return want
}

// verdictLine is the one-line answer for a game.
func verdictLine(g *Game) string {
	var b strings.Builder
	switch {
	case len(g.Fits) > 0:
		fmt.Fprintf(&b, "fits %s", strings.Join(g.Fits, ", "))
		if len(g.FitsWithChanges) > 0 {
			var alts []string
			for _, pr := range g.Profiles {
				if !pr.Valid && len(pr.Fix) > 0 {
					alts = append(alts, fmt.Sprintf("%s with %s", pr.Profile, pr.Fix))
				}
			}
			fmt.Fprintf(&b, "; also %s", strings.Join(alts, "; "))
		}
	case len(g.FitsWithChanges) > 0:
		var alts []string
		for _, pr := range g.Profiles {
			if !pr.Valid && len(pr.Fix) > 0 {
				alts = append(alts, fmt.Sprintf("%s with --set %s", pr.Profile, strings.Join(pr.FixSet, " --set ")))
			}
		}
		fmt.Fprintf(&b, "fits no profile as it stands; fits %s", strings.Join(alts, "; "))
	default:
		best := -1
		for i, pr := range g.Profiles {
			if best < 0 || pr.Break.Ply > g.Profiles[best].Break.Ply {
				best = i
			}
		}
		if best < 0 {
			return "no profile to try"
		}
		pr := g.Profiles[best]
		fmt.Fprintf(&b, "fits no profile; %s gets furthest, to %s", pr.Profile, pr.Break)
		if pr.Break != nil && pr.Break.Message != "" {
			b.WriteString(": " + pr.Break.Message)
		}
	}
	if dec := decidingMoves(g); len(dec) > 0 {
		fmt.Fprintf(&b, "; as %s, decided by %s", mainFit(g).Profile, strings.Join(dec, ", "))
	}
	var cut []string
	bound := 0
	for _, pr := range g.Profiles {
		if pr.searchCut {
			cut, bound = append(cut, pr.Profile), pr.FixReplays
		}
	}
	if len(cut) > 0 {
		fmt.Fprintf(&b, "; for %s, the search stopped at the bound of %d replays (--max-replays): a smaller fix may exist", strings.Join(cut, ", "), bound)
	}
	return b.String()
}

// decidingMoves are decidingKeys, each with the moves where the values it
// rules out break the game: "setup=shatranj at 2. Qf2".
func decidingMoves(g *Game) []string {
	pr := mainFit(g)
	if pr == nil {
		return nil
	}
	var out []string
	for _, e := range pr.Evidence {
		if !e.Decided {
			continue
		}
		var moves []string
		for _, r := range e.Rejected {
			if m := r.Break.Move(); m != "" && !slices.Contains(moves, m) {
				moves = append(moves, m)
			}
		}
		s := e.Key + "=" + strings.Join(e.Allowed, "|")
		if len(moves) > 0 {
			s += " at " + strings.Join(moves, ", ")
		}
		out = append(out, s)
	}
	return out
}

// Mistagged is the profile the game's Variant tag names when the game
// does not fit it but fits another as it stands; "" otherwise (no tag, a
// tag that names no profile, a game that fits its tag or nothing).
func (g *Game) Mistagged() string {
	name := strings.TrimSpace(g.Variant)
	if name == "" || len(g.Fits) == 0 {
		return ""
	}
	tagged, err := rules.Lookup(name)
	if err != nil {
		return ""
	}
	for i := range g.Profiles {
		if pr := &g.Profiles[i]; pr.profile != nil && pr.profile.Name == tagged.Name && pr.Valid {
			return ""
		}
	}
	return tagged.Name
}

// decidingKeys are the settings decided in the game's main fit,
// "key=value" (values joined by | where several allow the game).
func decidingKeys(g *Game) []string {
	pr := mainFit(g)
	if pr == nil {
		return nil
	}
	var out []string
	for _, e := range pr.Evidence {
		if e.Decided {
			out = append(out, e.Key+"="+strings.Join(e.Allowed, "|"))
		}
	}
	return out
}

// mainFit is the fit a one-line answer speaks of: the profile the
// Variant tag names when it fits, else the first that fits as it stands,
// else the first that fits with a fix.
func mainFit(g *Game) *ProfileResult {
	var tagged *rules.Profile
	if name := strings.TrimSpace(g.Variant); name != "" {
		tagged, _ = rules.Lookup(name)
	}
	var first, firstFixed *ProfileResult
	for i := range g.Profiles {
		pr := &g.Profiles[i]
		if !pr.Fits() {
			continue
		}
		if tagged != nil && pr.profile.Name == tagged.Name {
			return pr
		}
		if pr.Valid && first == nil {
			first = pr
		}
		if firstFixed == nil {
			firstFixed = pr
		}
	}
	if first != nil {
		return first
	}
	return firstFixed
}

// sortFix puts a fix in the order of the setting table (rules.SettingKeys), so that equal sets
// have one spelling (and one replayer).
func sortFix(f Fix) Fix {
	order := keyOrder()
	out := append(Fix(nil), f...)
	sort.SliceStable(out, func(i, j int) bool { return order[out[i].Key] < order[out[j].Key] })
	return out
}

// keyOrderMap is built once, before any worker runs (Detectors are used
// from several goroutines, each its own).
var keyOrderMap = func() map[string]int {
	m := map[string]int{}
	for i, k := range rules.SettingKeys() {
		m[k] = i
	}
	return m
}()

func keyOrder() map[string]int { return keyOrderMap }

// with returns f with key set to value (replacing an earlier change of
// key), in the order of rules.SettingKeys.
func (f Fix) with(key, value string) Fix {
	out := make(Fix, 0, len(f)+1)
	for _, o := range f {
		if o.Key != key {
			out = append(out, o)
		}
	}
	return sortFix(append(out, rules.Override{Key: key, Value: value}))
}

// has reports whether f changes key.
func (f Fix) has(key string) bool {
	for _, o := range f {
		if o.Key == key {
			return true
		}
	}
	return false
}
