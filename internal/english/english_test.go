package english

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 games"}, {1, "1 game"}, {2, "2 games"}, {-1, "-1 games"}} {
		if got := Count(c.n, "game", "games"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	if got := Plural(1, "allows", "allow"); got != "allows" {
		t.Errorf("Plural(1) = %q", got)
	}
	if got := Plural(3, "allows", "allow"); got != "allow" {
		t.Errorf("Plural(3) = %q", got)
	}
}
