package batch

import (
	"unsafe"

	"github.com/ashtapada/ashtapada/replay"
)

// gameKinds counts the results without findings by what replay.Tally.Add
// reads of such a result (tallyKey): most games of a run are of a few
// kinds (one profile, a few outcomes and results), and a kind's count is
// added to the tally once at the end (fold) instead of each game costing
// three string-keyed map increments. The tally is read only after the run
// (the summary, the report's totals), and then holds the same counts.
type gameKinds struct {
	kinds []gameKind
	// last is, by recorded result (resultCode), the index of the kind
	// found last: most often the next game's with that result.
	last [6]int
}

type gameKind struct {
	key tallyKey
	rep replay.Summary // one result's summary of the kind, for Tally.Add
	n   int
}

// tallyKey is what Tally.Add reads of a result without findings, its
// recorded result as one of the markers (resultCode).
type tallyKey struct {
	game, valid      bool
	result           uint8
	errors, warnings int
	profile, outcome string
}

// same compares keys without a call for the strings when they share
// their bytes, as a run's profile names and outcomes do.
func (a *tallyKey) same(b *tallyKey) bool {
	return a.game == b.game && a.valid == b.valid && a.result == b.result && a.errors == b.errors && a.warnings == b.warnings &&
		sameString(a.profile, b.profile) && sameString(a.outcome, b.outcome)
}

func sameString(a, b string) bool {
	return len(a) == len(b) && (unsafe.StringData(a) == unsafe.StringData(b) || a == b)
}

// resultCode numbers a recorded result (a slice of each game's own text):
// 0 for one that is no marker, whose game goes to the tally alone.
func resultCode(r string) uint8 {
	switch r {
	case "1-0":
		return 1
	case "0-1":
		return 2
	case "1/2-1/2":
		return 3
	case "*":
		return 4
	case "":
		return 5
	}
	return 0
}

// mostKinds bounds the kinds kept: the results of other kinds go to the
// tally one by one.
const mostKinds = 32

// add counts r, when it has no findings and is of a kind kept; else it
// reports false and r is the caller's to add to the tally.
func (k *gameKinds) add(r *replay.Result) bool {
	s := &r.Summary
	code := resultCode(s.Result)
	if len(r.Findings) > 0 || code == 0 {
		return false
	}
	key := tallyKey{game: r.IsGame(), valid: s.Valid, result: code, errors: s.Errors, warnings: s.Warnings, profile: s.Profile, outcome: s.Outcome}
	if i := k.last[code]; i < len(k.kinds) && k.kinds[i].key.same(&key) {
		k.kinds[i].n++
		return true
	}
	for i := range k.kinds {
		if k.kinds[i].key.same(&key) {
			k.kinds[i].n++
			k.last[code] = i
			return true
		}
	}
	if len(k.kinds) == mostKinds {
		return false
	}
	k.last[code] = len(k.kinds)
	k.kinds = append(k.kinds, gameKind{key: key, rep: *s, n: 1})
	return true
}

// fold adds the kinds' counts to t, and forgets them.
func (k *gameKinds) fold(t *replay.Tally) {
	for i := range k.kinds {
		kind := &k.kinds[i]
		// The tally of one game of the kind, made by Tally.Add itself,
		// doubled by Merge up to n of them: the tally alone says what
		// it counts.
		one := replay.NewTally()
		one.Add(&replay.Result{Summary: kind.rep})
		for n := kind.n; n > 0; n >>= 1 {
			if n&1 == 1 {
				t.Merge(one)
			}
			if n > 1 {
				twice := replay.NewTally()
				twice.Merge(one)
				twice.Merge(one)
				one = twice
			}
		}
	}
	k.kinds, k.last = k.kinds[:0], [6]int{}
}
