package detect

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/rules"
)

// fixes looks, for every profile the game does not fit as it stands, for
// the smallest set of setting changes that makes it valid.
//
// When some profile fits, its evidence names the decided settings; the
// changes that bring another profile to the allowed values of those
// settings are the natural fix (one replay), and its smallest valid subset
// is reported. When that fails, or no profile fits, a first-error search
// runs (search), within the bounds of Options.
func (d *Detector) fixes(g *record.Game, out *Game, base []verdict, want []bool) {
	var fits []*ProfileResult
	for i := range out.Profiles {
		if out.Profiles[i].Valid {
			fits = append(fits, &out.Profiles[i])
		}
	}
	for i := range out.Profiles {
		pr := &out.Profiles[i]
		if !want[i] {
			if !pr.Valid {
				pr.FixNote = "not searched: the game fits " + strings.Join(out.Fits, ", ") + " as it stands (all-fixes searches every profile)"
			}
			continue
		}
		p := pr.profile
		var fix Fix
		var v verdict
		note := ""
		tooFar := len(fits) > 0
		for _, fit := range fits {
			n := naturalFix(p, fit)
			if len(n) == 0 || len(n) > d.opts.MaxChanges {
				if len(n) > 0 && note == "" {
					note = fmt.Sprintf("%d settings differ from %s's decided ones (%s); the bound is %d changes", len(n), fit.Profile, n, d.opts.MaxChanges)
				}
				if len(n) == 0 {
					tooFar = false
				}
				continue
			}
			tooFar = false
			if f, fv, ok := d.smallestSubset(g, p, n); ok {
				fix, v = f, fv
				note = fmt.Sprintf("the settings %s decides, smallest subset that fits (%d replays at most)", fit.Profile, 1<<len(n))
				break
			}
		}
		if fix == nil && !tooFar {
			var found bool
			fix, v, found, note = d.search(g, p, base[i])
			if !found {
				fix = nil
			}
		}
		pr.FixNote = note
		if fix == nil {
			continue
		}
		pr.Fix = fix
		for _, o := range fix {
			pr.FixSet = append(pr.FixSet, o.String())
		}
		pr.Outcome, pr.Winner = v.outcome, v.winner
		d.evidence(g, pr, fix, v)
	}
}

// naturalFix is what p must change to take the allowed values of every
// setting the fit decides: for each decided setting whose value in p the
// game rejects, the fit's value.
func naturalFix(p *rules.Profile, fit *ProfileResult) Fix {
	var n Fix
	for _, e := range fit.Evidence {
		if !e.Decided {
			continue
		}
		cur := p.Settings.Get(e.Key)
		ok := false
		for _, a := range e.Allowed {
			ok = ok || a == cur
		}
		if !ok {
			n = append(n, rules.Override{Key: e.Key, Value: e.Value})
		}
	}
	return sortFix(n)
}

// smallestSubset replays p with n; when the game is valid, it returns the
// smallest subset of n (fewest changes, then rules.md order) that still
// makes it valid.
func (d *Detector) smallestSubset(g *record.Game, p *rules.Profile, n Fix) (Fix, verdict, bool) {
	full := d.play(g, p, n)
	if !full.valid {
		return nil, full, false
	}
	subsets := make([]Fix, 0, 1<<len(n))
	for mask := 1; mask < 1<<len(n)-1; mask++ {
		var s Fix
		for i := range n {
			if mask&(1<<i) != 0 {
				s = append(s, n[i])
			}
		}
		subsets = append(subsets, s)
	}
	sort.SliceStable(subsets, func(i, j int) bool { return len(subsets[i]) < len(subsets[j]) })
	for _, s := range subsets {
		if v := d.play(g, p, s); v.valid {
			return s, v, true
		}
	}
	return n, full, true
}

// search is the first-error search: breadth first over sets of changes,
// each level adding one change to the sets of the level before; a set is
// kept only when its first error comes later in the game than its
// parent's (a change that does not move the first error cannot be part of
// the smallest fix of that error), and only the beamWidth sets that get
// furthest go on. It stops at the first level with a valid set, at
// MaxChanges, or after MaxReplays replays.
func (d *Detector) search(g *record.Game, p *rules.Profile, v0 verdict) (Fix, verdict, bool, string) {
	type node struct {
		fix Fix
		v   verdict
	}
	frontier := []node{{nil, v0}}
	seen := map[string]bool{}
	budget := d.opts.MaxReplays
	for depth := 1; depth <= d.opts.MaxChanges; depth++ {
		var next []node
		for _, n := range frontier {
			s := p.Settings
			if err := s.Apply(n.fix); err != nil {
				continue
			}
			for _, key := range rules.SettingKeys() {
				if n.fix.has(key) || !applies(s, key) {
					continue
				}
				cur := s.Get(key)
				for _, val := range rules.SettingValues(key) {
					if val == cur {
						continue
					}
					f := n.fix.with(key, val)
					k := f.String()
					if seen[k] {
						continue
					}
					seen[k] = true
					if budget == 0 {
						return nil, verdict{}, false, fmt.Sprintf("no fix found within %d replays (first-error search, %d changes at most)", d.opts.MaxReplays, d.opts.MaxChanges)
					}
					budget--
					v := d.play(g, p, f)
					if v.valid {
						return f, v, true, fmt.Sprintf("first-error search, %d replays", d.opts.MaxReplays-budget)
					}
					if v.breakPly() > n.v.breakPly() {
						next = append(next, node{f, v})
					}
				}
			}
		}
		sort.SliceStable(next, func(i, j int) bool { return next[i].v.breakPly() > next[j].v.breakPly() })
		if len(next) > beamWidth {
			next = next[:beamWidth]
		}
		frontier = next
		if len(frontier) == 0 {
			return nil, verdict{}, false, fmt.Sprintf("no change of at most %d settings moves the first error (first-error search, %d replays)", depth, d.opts.MaxReplays-budget)
		}
	}
	return nil, verdict{}, false, fmt.Sprintf("no fix of at most %d changes (first-error search, %d replays)", d.opts.MaxChanges, d.opts.MaxReplays-budget)
}
