package replay

import (
	"fmt"
	"strings"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
	"github.com/ashtapada/ashtapada/rules"
)

// Config is how a caller asks for games to be judged. The zero value
// judges every game by its own tags.
type Config struct {
	// Profile, when set, replaces the profile named by a game's Variant
	// tag, and its Rules tag is then ignored too: overrides of another
	// profile mean nothing for this one. (The command line sets it from
	// --rules NAME or --rules-file FILE.)
	Profile *rules.Profile
	// Overrides apply last, over the tags or Profile (rules.ParseOverrides
	// reads them in the Rules tag's syntax; the command line's --set).
	Overrides []rules.Override
	// OverridesFrom names where Overrides come from, for the finding of a
	// game they cannot be applied to (the command line says "--set");
	// empty: "the overrides".
	OverridesFrom string
	// Strict turns every warning into an error.
	Strict bool
	// Variations replays variations too, each from its branch point.
	Variations bool
	// Steps keeps the main line as played (Result.Played): the moves, the
	// positions and their canonical SAN, for the programs that write a
	// game in another form. Off, the walk keeps none of it and costs
	// nothing more (validate).
	Steps bool
	// NoSAN keeps the steps (Steps) without their SAN, for a writer of
	// the moves alone (UCI, LAN) that would not read it: writing it costs
	// a listing of the legal moves for most piece moves. Played.SAN and
	// Step's SAN are then empty.
	NoSAN bool
	// Moves keeps only the main line's moves as written, with their move
	// numbers (Result.Moves): what a report needs to show the moves up to
	// a finding, at the cost of one small slice per game, not of a
	// position and a SAN per ply as Steps.
	Moves bool
	// Kinds keeps with each step the kind of the man it moved
	// (Played.Kind), for a writer that names it (LAN), which would
	// otherwise play every position again to find it. Every step is
	// then kept by the walk's slower path; with SANs they are anyway.
	Kinds bool
	// MaxFindings and MaxFindingsPerRule bound the findings kept for one
	// game (docs/findings.md, "How many findings a game reports"): at
	// most MaxFindings in all and MaxFindingsPerRule of one rule id. The
	// rest are counted, not kept: one note per rule (Finding.LeftOut)
	// says how many were left out, and the summary's counts include them.
	// 0 means the default (DefaultMaxFindings, DefaultMaxFindingsPerRule);
	// a negative value, no limit.
	MaxFindings        int
	MaxFindingsPerRule int
}

// The default bounds of Config.MaxFindings and Config.MaxFindingsPerRule:
// enough for every game a person wrote, while a 16 MB game of wrong check
// marks reports a few hundred kilobytes, not gigabytes.
const (
	DefaultMaxFindings        = 1000
	DefaultMaxFindingsPerRule = 100
)

// findingCaps resolves the two bounds (0: the default, < 0: none, as
// math.MaxInt).
func (c *Config) findingCaps() (perGame, perRule int) {
	capOf := func(v, def int) int {
		switch {
		case v == 0:
			return def
		case v < 0:
			return int(^uint(0) >> 1)
		}
		return v
	}
	return capOf(c.MaxFindings, DefaultMaxFindings), capOf(c.MaxFindingsPerRule, DefaultMaxFindingsPerRule)
}

// gameRules is the profile a game is judged by, once resolved.
type gameRules struct {
	profile  *rules.Profile
	settings rules.Settings
	source   string
}

// resolveRules picks the profile and settings for one game, whose tags are
// tags (tagsOf). It returns a finding (unknown-profile, bad-setting) when
// the tags cannot be used; the game is then not replayed, because its
// rules are unknown.
func (r *Replayer) resolveRules(g *record.Game, tags *gameTags) (gameRules, *Finding) {
	var gr gameRules
	f := r.resolveRulesTo(&gr, g, tags)
	return gr, f
}

// resolveRulesTo is resolveRules setting *gr, which begin gives as the
// walk's own (walk.gr): returned, the rules were copied twice more.
func (r *Replayer) resolveRulesTo(gr *gameRules, g *record.Game, tags *gameTags) *Finding {
	// A walk only to word a finding: built when there is one.
	tagFinding := func(tag, rule, msg string) *Finding {
		w := &walk{r: r, g: g, res: &Result{}}
		return w.gameFinding(g, tag, rule, msg)
	}
	*gr = gameRules{}
	switch {
	case r.cfg.Profile != nil:
		gr.profile = r.cfg.Profile
		gr.settings = r.cfg.Profile.Settings
		gr.source = ProfileSourceCommand
	default:
		name, ok := tags.variant, tags.has&tagVariant != 0
		gr.source = ProfileSourceTags
		if !ok || strings.TrimSpace(name) == "" {
			name = rules.DefaultProfile
			gr.source = ProfileSourceDefault
		}
		p, err := r.lookup(strings.TrimSpace(name))
		if err != nil {
			f := tagFinding("Variant", ruleid.UnknownProfile,
				fmt.Sprintf("the Variant tag names %q, which no profile covers; the game is not checked (known profiles: %s)", name, knownProfiles()))
			return f
		}
		gr.profile = p
		gr.settings = p.Settings
		if tag, ok := tags.rules, tags.has&tagRules != 0; ok && strings.TrimSpace(tag) != "" {
			ovs, err := rules.ParseOverrides(tag)
			if err == nil {
				err = applyOverrides(&gr.settings, ovs)
			}
			if err != nil {
				return tagFinding("Rules", ruleid.BadSetting,
					fmt.Sprintf("the Rules tag %q cannot be applied to profile %s: %v", tag, p.Name, err))
			}
		}
	}
	if len(r.cfg.Overrides) > 0 {
		if err := applyOverrides(&gr.settings, r.cfg.Overrides); err != nil {
			// A caller checks its overrides before any game is read, so
			// this only happens if a setting is valid for one profile and
			// not another; it is still the record's verdict that is unknown.
			from := r.cfg.OverridesFrom
			if from == "" {
				from = "the overrides"
			}
			return tagFinding("", ruleid.BadSetting,
				fmt.Sprintf("%s cannot be applied to profile %s: %v", from, gr.profile.Name, err))
		}
		if gr.source != ProfileSourceCommand {
			gr.source = ProfileSourceTagsAndCommand
		}
	}
	return nil
}

// lookup is rules.Lookup remembering the last profile found: the games of
// a file are mostly of one profile, and looking its name up again for
// each game cost more than the rest of choosing its rules.
func (r *Replayer) lookup(name string) (*rules.Profile, error) {
	if r.looked.p != nil && name == r.looked.name {
		return r.looked.p, nil
	}
	p, err := rules.Lookup(name)
	if err == nil {
		// A tag's value may be a view of the reader's storage, which the
		// next game reuses.
		r.looked.name, r.looked.p = strings.Clone(name), p
	}
	return p, err
}

// applyOverrides is all or nothing (Settings.Apply), so a bad override never
// leaves a half-changed table behind.
func applyOverrides(s *rules.Settings, ovs []rules.Override) error {
	return s.Apply(ovs)
}

// knownProfiles lists the built-in profiles with their aliases.
func knownProfiles() string {
	var parts []string
	for _, p := range rules.Profiles() {
		s := p.Name
		if len(p.Aliases) > 0 {
			s += " (" + strings.Join(p.Aliases, ", ") + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}
