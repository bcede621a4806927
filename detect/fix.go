package detect

import (
	"fmt"
	"github.com/ashtapada/ashtapada/record"
	"math/bits"
	"slices"
	"sort"
	"strings"

	"github.com/ashtapada/ashtapada/ruleid"
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
func (d *Detector) fixes(g *record.Source, out *Game, base []verdict, want []bool) {
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
		b := &budget{left: d.opts.MaxReplays}
		var found []Fix // valid fixes, the smallest kept
		var v verdict
		note := ""
		keep := func(fs []Fix, fv verdict, why string) {
			if len(fs) == 0 {
				return
			}
			if len(found) == 0 || len(fs[0]) < len(found[0]) {
				found, v, note = nil, fv, why
			} else if len(fs[0]) > len(found[0]) {
				return
			}
			for _, f := range fs {
				if !slices.ContainsFunc(found, func(x Fix) bool { return x.String() == f.String() }) {
					found = append(found, f)
				}
			}
		}
		// Natural fixes first: one replay each, then their subsets.
		tooFar := len(fits) > 0
		for _, fit := range fits {
			n := naturalFix(p, fit)
			if len(n) == 0 {
				tooFar = false
				continue
			}
			if len(n) > d.opts.MaxChanges {
				if note == "" {
					note = fmt.Sprintf("%d settings differ from %s's decided ones (%s); the bound is %d changes", len(n), fit.Profile, n, d.opts.MaxChanges)
				}
				continue
			}
			tooFar = false
			if len(found) > 0 && len(n) > len(found[0]) {
				continue
			}
			if fs, fv := d.smallestSubsets(g, p, n, b); len(fs) > 0 {
				keep(fs, fv, fmt.Sprintf("from the settings %s decides, smallest subset that fits", fit.Profile))
			}
		}
		// Then the first-error search, for anything smaller, and for the
		// other fixes of the same size (the record may not choose).
		depth := d.opts.MaxChanges
		if len(found) > 0 {
			depth = len(found[0])
		}
		if depth >= 1 && !tooFar {
			if fs, fv, snote := d.search(g, p, base[i], depth, b); len(fs) > 0 {
				keep(fs, fv, snote)
			} else if len(found) == 0 {
				note = snote
			} else if !b.cut {
				note += "; no smaller fix: " + snote
			}
		}
		pr.FixReplays = d.opts.MaxReplays - b.left
		pr.searchCut = b.cut
		if b.cut {
			// A fix found is valid, but the subsets and sets not
			// replayed may hold a smaller one, or none was found.
			note += fmt.Sprintf("; the search stopped at the bound of %d replays (--max-replays): a smaller fix may exist", d.opts.MaxReplays)
		}
		var fix Fix
		if len(found) > 0 {
			fix = found[0]
			for _, f := range found[1:] {
				pr.Alternatives = append(pr.Alternatives, f.String())
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

// budget is what is left of the replays of one profile's fix search
// (Options.MaxReplays): the natural fixes, their subsets and the
// first-error search draw on it, so that no part of the search, however
// many changes it may try, goes past the bound.
type budget struct {
	left int
	cut  bool // a replay was wanted and none was left
}

// playWithin is play within the budget b: ok is false, and the search
// cut, when no replay is left.
func (d *Detector) playWithin(b *budget, g *record.Source, p *rules.Profile, fix Fix) (v verdict, ok bool) {
	if b.left <= 0 {
		b.cut = true
		return verdict{}, false
	}
	b.left--
	return d.play(g, p, fix), true
}

// smallestSubsets replays p with n; when the game is valid, it returns
// the smallest subsets of n (fewest changes) that still make it valid, in
// the order of rules.SettingKeys, and the verdict of the first. Within
// the budget b: cut short, it returns the smallest it found valid (n
// itself when no subset was).
func (d *Detector) smallestSubsets(g *record.Source, p *rules.Profile, n Fix, b *budget) ([]Fix, verdict) {
	full, ok := d.playWithin(b, g, p, n)
	if !ok || !full.valid {
		return nil, full
	}
	for size := 1; size < len(n); size++ {
		var fs []Fix
		var first verdict
		for mask := 1; mask < 1<<len(n); mask++ {
			if bits.OnesCount(uint(mask)) != size {
				continue
			}
			var s Fix
			for i := range n {
				if mask&(1<<i) != 0 {
					s = append(s, n[i])
				}
			}
			v, ok := d.playWithin(b, g, p, s)
			if !ok {
				if len(fs) > 0 {
					return fs, first
				}
				return []Fix{n}, full
			}
			if v.valid {
				if len(fs) == 0 {
					first = v
				}
				fs = append(fs, s)
			}
		}
		if len(fs) > 0 {
			return fs, first
		}
	}
	return []Fix{n}, full
}

// search is the first-error search: breadth first over sets of changes,
// each level adding one change to the sets of the level before; a set is
// kept only when its first error comes later in the game than its
// parent's, or comes at the same move by another rule (a change that
// leaves the first error as it was is not part of the smallest fix of that
// error), and only the beamWidth sets that get furthest go on. It stops at the first level with a valid set, at
// MaxChanges, or when the budget b is spent (b.cut says so).
func (d *Detector) search(g *record.Source, p *rules.Profile, v0 verdict, maxDepth int, b *budget) ([]Fix, verdict, string) {
	type node struct {
		fix Fix
		v   verdict
	}
	frontier := []node{{nil, v0}}
	seen := map[string]bool{}
	start := b.left
	for depth := 1; depth <= maxDepth; depth++ {
		var next []node
		var found []Fix
		var fv verdict
		// The level's candidates, the settings related to each parent's
		// first error first (the budget goes to them before the others).
		type cand struct {
			parent int
			fix    Fix
			later  bool
		}
		var cands []cand
		for ni, n := range frontier {
			s := p.Settings
			if err := s.Apply(n.fix); err != nil {
				continue
			}
			related := relatedKeys(n.v.brk)
			for _, key := range rules.SettingKeys() {
				if n.fix.has(key) || !applies(s, key) {
					continue
				}
				cur := s.Get(key)
				for _, val := range rules.SettingValues(key) {
					if val != cur {
						cands = append(cands, cand{ni, n.fix.with(key, val), !related[key]})
					}
				}
			}
		}
		// Two phases: the related candidates, then, only when they neither
		// fit nor move the first error, the others.
		for _, phase := range []bool{false, true} {
			if phase && (len(found) > 0 || len(next) > 0) {
				break
			}
			for _, c := range cands {
				if c.later != phase {
					continue
				}
				n := frontier[c.parent]
				f := c.fix
				k := f.String()
				if seen[k] {
					continue
				}
				seen[k] = true
				v, ok := d.playWithin(b, g, p, f)
				if !ok {
					// The caller says the bound cut the search.
					if len(found) > 0 {
						return found, fv, fmt.Sprintf("first-error search, %d replays", start-b.left)
					}
					return nil, verdict{}, fmt.Sprintf("no fix found (first-error search, %d changes at most, %d replays)", maxDepth, start-b.left)
				}
				if v.valid {
					if len(found) == 0 {
						fv = v
					}
					found = append(found, f)
					continue
				}
				if v.breakPly() > n.v.breakPly() || (v.breakPly() == n.v.breakPly() && v.brk.Rule != n.v.brk.Rule) {
					next = append(next, node{f, v})
				}
			}
		}
		if len(found) > 0 {
			return found, fv, fmt.Sprintf("first-error search, %d replays", start-b.left)
		}
		// Furthest first; a change that only changes the error at the
		// same move (promotion=counsellor turns a wrong piece into an
		// unavailable one) may need a second change and comes after.
		sort.SliceStable(next, func(i, j int) bool { return next[i].v.breakPly() > next[j].v.breakPly() })
		if len(next) > beamWidth {
			next = next[:beamWidth]
		}
		frontier = next
		if len(frontier) == 0 {
			return nil, verdict{}, fmt.Sprintf("no change of at most %d settings moves the first error (first-error search, %d replays)", depth, start-b.left)
		}
	}
	return nil, verdict{}, fmt.Sprintf("no fix of at most %d changes (first-error search, %d replays)", maxDepth, start-b.left)
}

// related are, per rule id of a first error, the settings that can change
// it; the first-error search tries them first.
var related = map[string][]string{
	ruleid.PromotionMissing:     {"promotion", "promotion-limit", "unavailable-promotion", "setup"},
	ruleid.PromotionWrongPiece:  {"promotion", "promotion-limit", "unavailable-promotion", "setup"},
	ruleid.PromotionUnavailable: {"promotion", "promotion-limit", "unavailable-promotion", "setup"},
	ruleid.WaitingPawnMoved:     {"promotion", "promotion-limit", "unavailable-promotion"},
	ruleid.ConversionMissing:    {"promotion", "promotion-limit", "unavailable-promotion"},
	ruleid.ConversionWrong:      {"promotion", "promotion-limit", "unavailable-promotion"},
	ruleid.ResultMismatch:       {"stalemate", "bare-king", "repetition", "move-rule", "dead-position"},
	ruleid.MoveAfterEnd:         {"stalemate", "bare-king", "repetition", "move-rule", "dead-position"},
	ruleid.StalemateForbidden:   {"stalemate"},
	ruleid.KingLeapUnavailable:  {"king-leap", "king-leap-capture", "castling"},
	ruleid.KingLeapInCheck:      {"king-leap"},
	ruleid.CompoundTurn:         {"opening", "opening-pattern", "knight-promotion-move"},
	ruleid.OpeningCapture:       {"opening"},
	ruleid.OpeningCheck:         {"opening"},
	ruleid.CaptureSupported:     {"capture"},
	ruleid.CaptureMastu:         {"mastu"},
	ruleid.CheckOnPawnsOnlyKing: {"pawns-only-king"},
	ruleid.BadFEN:               {"castling", "king-leap", "promotion", "promotion-limit", "setup", "en-passant"},
	ruleid.IllegalMove:          {"setup", "counsellor", "elephant", "pawn-double-step", "en-passant", "castling", "king-leap", "king-leap-capture", "capture", "mastu", "pawns-only-king", "stalemate", "unavailable-promotion"},
	ruleid.LeavesKingAttacked:   {"setup", "counsellor", "elephant", "stuck-pawn-gives-check", "king-leap", "unavailable-promotion"},
	ruleid.AmbiguousMove:        {"counsellor", "elephant", "king-leap", "capture", "mastu"},
}

func relatedKeys(b *Break) map[string]bool {
	m := map[string]bool{}
	if b != nil {
		for _, k := range related[b.Rule] {
			m[k] = true
		}
	}
	return m
}
