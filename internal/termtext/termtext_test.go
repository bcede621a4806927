package termtext

import "testing"

func TestSafe(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Kasparov – Topalov, Wijk aan Zee", "Kasparov – Topalov, Wijk aan Zee"},
		{"a\tb", "a\tb"},
		{"a\x1b]0;pwned\x07b", `a\x1b]0;pwned\x07b`},
		{"\x1b[2J\x1bc", `\x1b[2J\x1bc`},
		{"line\nforged: valid\r", `line\nforged: valid\r`},
		{"del\x7f", `del\x7f`},
		{"csi\u009b2J", `csi\u009b2J`},
		{"latin-1 \x9b2J \xe9", `latin-1 \x9b2J ` + "\xe9"},
		{"", ""},
	} {
		if got := Safe(c.in); got != c.want {
			t.Errorf("Safe(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
