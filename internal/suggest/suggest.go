// Package suggest finds the names a user most likely meant when they typed
// one that does not exist: a misspelt command, flag, profile or rule id.
// It is what `git` and `cargo` print as "did you mean": the candidates at
// the smallest edit distance (insertions, deletions, substitutions and
// swaps of two neighbouring letters), if that distance is small for the
// word's length, and otherwise the candidates the word is a prefix of.
package suggest

import (
	"sort"
	"strings"
)

// Nearest returns the candidates closest to word, best first, at most
// three; none when nothing is close. The comparison ignores case.
func Nearest(word string, candidates []string) []string {
	w := strings.ToLower(word)
	if w == "" {
		return nil
	}
	limit := max(1, len([]rune(w))/3)
	if limit > 3 {
		limit = 3
	}
	type scored struct {
		name string
		d    int
	}
	var best []scored
	seen := map[string]bool{}
	for _, c := range candidates {
		if seen[c] {
			continue
		}
		seen[c] = true
		lc := strings.ToLower(c)
		d := distance(w, lc)
		if d > limit && !(len(w) >= 3 && strings.HasPrefix(lc, w)) {
			continue
		}
		if d > limit {
			d = limit + 1 // a prefix match ranks after every close spelling
		}
		best = append(best, scored{c, d})
	}
	sort.SliceStable(best, func(i, j int) bool {
		if best[i].d != best[j].d {
			return best[i].d < best[j].d
		}
		return best[i].name < best[j].name
	})
	var out []string
	for i, s := range best {
		if i == 3 || s.d > best[0].d {
			break
		}
		out = append(out, s.name)
	}
	return out
}

// Phrase is " (did you mean X?)", " (did you mean X or Y?)" or "" when
// there is nothing to suggest, to append to an error message.
func Phrase(word string, candidates []string) string {
	return phrase(Nearest(word, candidates), "")
}

// FlagPhrase is Phrase for flags: the candidates are flag names without
// dashes, and the suggestion is written with the dashes the user would type
// (`--format`, `-o`).
func FlagPhrase(word string, names []string) string {
	return phrase(Nearest(strings.TrimLeft(word, "-"), names), "flag")
}

func phrase(names []string, kind string) string {
	if len(names) == 0 {
		return ""
	}
	if kind == "flag" {
		for i, n := range names {
			if len(n) == 1 {
				names[i] = "-" + n
			} else {
				names[i] = "--" + n
			}
		}
	}
	switch len(names) {
	case 1:
		return " (did you mean " + names[0] + "?)"
	default:
		return " (did you mean " + strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1] + "?)"
	}
}

// distance is the optimal string alignment distance between a and b:
// Levenshtein plus the swap of two neighbouring letters, the commonest typo.
func distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}
