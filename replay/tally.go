package replay

// Tally counts what `validate --summary` prints: games, findings by
// severity, and counts per profile, per rule id, per outcome and per
// recorded result.
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
	t.Profiles[p]++
	t.addRules(r)
	t.Outcomes[r.Summary.Outcome]++
	res := r.Summary.Result
	if res == "" {
		res = "(none)"
	}
	t.Results[res]++
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
// sharded run): the sum is the tally of all the games.
func (t *Tally) Merge(o *Tally) {
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
