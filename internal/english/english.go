// Package english holds the few rules of English that messages and reports
// need, so that every command says "1 game" and "3 games" alike.
package english

import "strconv"

// Count is n and the noun in its number: "1 game", "0 games", "3 games".
func Count(n int, one, many string) string {
	return strconv.Itoa(n) + " " + Plural(n, one, many)
}

// Plural is one when n is 1, else many: the word alone, for a verb that
// agrees with a count ("1 profile allows", "2 profiles allow").
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
