package report

import "testing"

// GameLabel says what the tags say, and no more: unknown values ("?",
// "????.??.??") are left out, a "Last, First" name is its surname, the
// site stands in for a missing event.
func TestGameLabel(t *testing.T) {
	for _, c := range []struct {
		n    int
		k    GameKey
		want string
	}{
		{12, GameKey{Event: "Paris", Date: "1858.??.??", White: "Morphy, Paul", Black: "Anderssen, Adolf"}, "game 12, Morphy – Anderssen, Paris 1858"},
		{3, GameKey{Event: "?", Site: "?", Date: "????.??.??", Round: "?", White: "?", Black: "?"}, "game 3"},
		{4, GameKey{}, "game 4"},
		{5, GameKey{White: "Tal"}, "game 5, Tal – ?"},
		{6, GameKey{Site: "London", Date: "1851.06.??"}, "game 6, London 1851"},
		{7, GameKey{Event: "Club", Date: "18??.??.??"}, "game 7, Club"},
		{8, GameKey{Date: "1910.01.01"}, "game 8, 1910"},
		{0, GameKey{White: "A", Black: "B"}, "the file as a whole"},
	} {
		if got := GameLabel(c.n, c.k); got != c.want {
			t.Errorf("GameLabel(%d, %+v) = %q, want %q", c.n, c.k, got, c.want)
		}
	}
}
