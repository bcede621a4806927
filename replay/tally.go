package replay

// Tally counts what `validate --summary` prints: games, findings by
// severity, and counts per profile, per rule id, per outcome and per
// recorded result.
//
// Add keeps the counts per profile, outcome and result apart from the
// maps (see keyCounts); Settle moves them in. Whoever hands a tally on
// to be read settles it first; the maps may be written (Merge, JSON) at
// any time, as the counts kept apart are added to theirs.
type Tally struct {
	Games    int            `json:"games"`
	Valid    int            `json:"valid"`
	Invalid  int            `json:"invalid"`
	Errors   int            `json:"errors"`
	Warnings int            `json:"warnings"`
	Profiles map[string]int `json:"profiles"`
	Rules    map[string]int `json:"rules"`
	Outcomes map[string]int `json:"outcomes"`
	Results  map[string]int `json:"results"`

	profiles, outcomes, results keyCounts
}

// keyCounts counts a few keys apart from a map. A game's profile,
// outcome and result take one of a few values each, found here by
// comparing strings (most often their pointers: the values are the
// same few constants) where a map would hash the key and probe its
// slots at every game. Keys beyond the first few go to the map.
type keyCounts struct {
	n      int
	keys   [6]string
	counts [6]int
}

// add counts k once, in m when c has no room for it.
func (c *keyCounts) add(m map[string]int, k string) {
	for i := range c.n {
		if c.keys[i] == k {
			c.counts[i]++
			return
		}
	}
	if c.n < len(c.keys) {
		c.keys[c.n], c.counts[c.n] = k, 1
		c.n++
		return
	}
	m[k]++
}

// settle adds c's counts to m and empties c.
func (c *keyCounts) settle(m map[string]int) {
	for i := range c.n {
		m[c.keys[i]] += c.counts[i]
	}
	*c = keyCounts{}
}

// Settle moves the counts Add kept apart into the maps Profiles,
// Outcomes and Results, which are then whole. Call it before reading
// them; settling again changes nothing.
func (t *Tally) Settle() {
	t.profiles.settle(t.Profiles)
	t.outcomes.settle(t.Outcomes)
	t.results.settle(t.Results)
}

// NewTally returns an empty tally.
func NewTally() *Tally {
	return &Tally{
		Profiles: map[string]int{},
		Rules:    map[string]int{},
		Outcomes: map[string]int{},
		Results:  map[string]int{},
	}
}

// Add counts one game (or, for a result that is not a game, its findings).
func (t *Tally) Add(r *Result) {
	if !r.IsGame() {
		t.Errors += r.Summary.Errors
		t.Warnings += r.Summary.Warnings
		t.addRules(r)
		return
	}
	t.Games++
	if r.Summary.Valid {
		t.Valid++
	} else {
		t.Invalid++
	}
	t.Errors += r.Summary.Errors
	t.Warnings += r.Summary.Warnings
	p := r.Summary.Profile
	if p == "" {
		p = "(none)"
	}
	t.profiles.add(t.Profiles, p)
	t.addRules(r)
	t.outcomes.add(t.Outcomes, r.Summary.Outcome)
	res := r.Summary.Result
	if res == "" {
		res = "(none)"
	}
	t.results.add(t.Results, res)
}

// addRules counts a result's findings by rule, those a note says were
// left out of the report included.
func (t *Tally) addRules(r *Result) {
	for i := range r.Findings {
		n := 1
		if r.Findings[i].LeftOut > 0 {
			n = r.Findings[i].LeftOut
		}
		t.Rules[r.Findings[i].Rule] += n
	}
}

// Merge adds the counts of o, a tally of other games (the parts of a
// sharded run): the sum is the tally of all the games. o is settled.
func (t *Tally) Merge(o *Tally) {
	o.Settle()
	t.Games += o.Games
	t.Valid += o.Valid
	t.Invalid += o.Invalid
	t.Errors += o.Errors
	t.Warnings += o.Warnings
	for _, m := range []struct{ to, from map[string]int }{
		{t.Profiles, o.Profiles}, {t.Rules, o.Rules}, {t.Outcomes, o.Outcomes}, {t.Results, o.Results},
	} {
		for k, v := range m.from {
			m.to[k] += v
		}
	}
}
