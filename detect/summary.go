package detect

import "sort"

// Summary counts the detections of one file (or of a whole run).
type Summary struct {
	File  string `json:"file"`
	Games int    `json:"games"`
	// Fitted counts the games that fit some profile, as they stand or
	// with a fix; Unfitted the others.
	Fitted   int `json:"fitted"`
	Unfitted int `json:"unfitted"`
	// Fits counts, per profile, the games valid under it as they stand;
	// FitsWithChanges the games it fits only with a fix.
	Fits            map[string]int `json:"fits"`
	FitsWithChanges map[string]int `json:"fits_with_changes"`
	// Needed counts, per --set pair, the fixes that contain it.
	Needed map[string]int `json:"needed"`
	// Decided counts, per setting and the values allowed, the games whose
	// first fit decides it ("king-leap=not-in-check", "stalemate=draw|
	// stalemater-wins"): what the file says about the rules.
	Decided map[string]int `json:"decided"`
}

// NewSummary returns an empty summary of file.
func NewSummary(file string) *Summary {
	return &Summary{File: file, Fits: map[string]int{}, FitsWithChanges: map[string]int{}, Needed: map[string]int{}, Decided: map[string]int{}}
}

// Add counts one game.
func (s *Summary) Add(g *Game) {
	s.Games++
	if g.Fitted() {
		s.Fitted++
	} else {
		s.Unfitted++
	}
	for _, name := range g.Fits {
		s.Fits[name]++
	}
	for _, k := range decidingKeys(g) {
		s.Decided[k]++
	}
	for _, pr := range g.Profiles {
		if pr.Valid || len(pr.Fix) == 0 {
			continue
		}
		s.FitsWithChanges[pr.Profile]++
		for _, o := range pr.Fix {
			s.Needed[o.String()]++
		}
	}
}

// Count is one entry of a sorted count table.
type Count struct {
	Key string
	N   int
}

// Sorted returns m by descending count, then key.
func Sorted(m map[string]int) []Count {
	out := make([]Count, 0, len(m))
	for k, n := range m {
		out = append(out, Count{k, n})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].N != out[j].N {
			return out[i].N > out[j].N
		}
		return out[i].Key < out[j].Key
	})
	return out
}
