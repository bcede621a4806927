package detect

import (
	"fmt"
	"strings"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
	"github.com/ashtapada/ashtapada/rules"
)

// RuleAlsoValidAs is the rule id of the hint validate gives with --hints:
// a wrong or missing Variant tag (docs/rules/also-valid-as.md). It is
// declared in the registry (package ruleid).
const RuleAlsoValidAs = ruleid.AlsoValidAs

// Hinter gives validate's also-valid-as hint. It keeps a replayer per
// profile; it is not safe for concurrent use: give each worker its own.
type Hinter struct {
	strict bool
	reps   map[*rules.Profile]*replay.Replayer
}

// NewHinter returns a Hinter; strict makes the hint an error, as
// validate --strict does with every warning.
func NewHinter(strict bool) *Hinter {
	return &Hinter{strict: strict, reps: map[*rules.Profile]*replay.Replayer{}}
}

func (h *Hinter) replayer(p *rules.Profile) *replay.Replayer {
	r := h.reps[p]
	if r == nil {
		r = replay.New(replay.Config{Profile: p, Steps: true})
		h.reps[p] = r
	}
	return r
}

// Add judges the game of src, which validate judged as res, and appends
// the also-valid-as finding to res when its tags look wrong:
//
//   - a record from the initial array (no FEN tag) whose Variant tag
//     names a profile other than fide, valid under it, that is also
//     valid as fide (with fide's own settings: a Rules tag is for the
//     tagged profile), ended the same way, with no position seen three
//     times;
//   - a record without a Variant tag that fails fide but is valid under
//     a historical profile.
//
// Records judged by a profile from the command line get no hint: their
// tags were not used. Each replay under another profile walks src again
// (a huge game's main line is read again in parts). It reports whether
// a finding was added.
func (h *Hinter) Add(gs *record.Source, res *replay.Result) bool {
	g := gs.Head
	src := res.Summary.ProfileSource
	if src == replay.ProfileSourceCommand {
		return false
	}
	fide, err := rules.Lookup(rules.DefaultProfile)
	if err != nil {
		return false
	}
	name, tagged := g.Tag("Variant")
	name = strings.TrimSpace(name)
	var msg string
	switch {
	case tagged && name != "":
		p, err := rules.Lookup(name)
		if err != nil || p.Name == fide.Name || !res.Summary.Valid {
			return false
		}
		if _, fen := g.Tag("FEN"); fen {
			// A composed position of a few men says nothing about the
			// game it was taken from: only records from the initial
			// array, whose men would all be in play, are compared.
			return false
		}
		// Also valid as fide, ended the same way, and with no position
		// seen three times: where the repetition rules (which differ in
		// every profile) judge a record, its moves alone are no sign of
		// chess.
		var rr repeatReader
		fr := h.replayer(fide).Replay(gs, "", 0, replay.Each{Part: func(_ []record.Node, pl *replay.Played) { rr.part(pl) }})
		if !fr.Summary.Valid || fr.Summary.Outcome != res.Summary.Outcome || rr.most() >= 3 {
			return false
		}
		msg = fmt.Sprintf("the record is tagged Variant %q (profile %s) and is also valid as %s: if it is a chess game, the tag is wrong", name, p.Name, fide.Name)
	default:
		if res.Summary.Valid || res.Summary.Profile != fide.Name {
			return false
		}
		var fits []string
		for _, p := range rules.Profiles() {
			if p.Name != fide.Name && h.replayer(p).Replay(gs, "", 0, replay.Each{}).Summary.Valid {
				fits = append(fits, p.Name)
			}
		}
		if len(fits) == 0 {
			return false
		}
		msg = fmt.Sprintf("the record has no Variant tag and breaks %s, but is valid as %s: add [Variant \"%s\"]", fide.Name, strings.Join(fits, ", "), fits[0])
	}
	pos := g.Pos
	for _, t := range g.Tags {
		if t.Name == "Variant" && t.Pos.IsValid() {
			pos = t.Pos
			break
		}
	}
	f := replay.Finding{
		File: res.Summary.File, Game: res.Summary.Game, Line: pos.Line, Column: pos.Col,
		Rule: RuleAlsoValidAs, Severity: ruleid.SeverityOf(RuleAlsoValidAs).String(), Message: msg,
		Profile: res.Summary.Profile,
	}
	if p, err := rules.Lookup(res.Summary.Profile); err == nil {
		s := p.Settings
		if tag, ok := g.Tag("Rules"); ok && src != replay.ProfileSourceDefault {
			if ovs, err := rules.ParseOverrides(tag); err == nil {
				_ = s.Apply(ovs) // all or nothing; a bad tag was already a finding
			}
		}
		f.Settings = s.Map()
	}
	if h.strict {
		f.Severity = replay.SeverityError
		res.Summary.Errors++
		res.Summary.Valid = false
	} else {
		res.Summary.Warnings++
	}
	res.Findings = append(res.Findings, f)
	return true
}
