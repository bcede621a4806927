package batch

import (
	"strings"
	"testing"
)

func TestFileNamePart(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"London 1851":   "London_1851",
		"":              "none",
		"../etc/passwd": "_._etc_passwd",
		".hidden":       "_hidden",
		"Dvůr Králové":  "Dvůr_Králové",
		"a/b\\c:d":      "a_b_c_d",
	} {
		if got := fileNamePart(in); got != want {
			t.Errorf("fileNamePart(%q) = %q, want %q", in, got, want)
		}
	}
	if got := fileNamePart(strings.Repeat("x", 300)); len(got) != 100 {
		t.Errorf("a long value makes a part of %d bytes", len(got))
	}
}

func TestSplitFile(t *testing.T) {
	t.Parallel()
	each := Split{Base: "out/games.pgn", Each: 10}
	byTag := Split{Base: "out/games.json", Tag: "Event"}
	for _, tc := range []struct {
		s     Split
		n     int
		value string
		want  string
	}{
		{each, 1, "", "out/games-1.pgn"},
		{each, 10, "", "out/games-1.pgn"},
		{each, 11, "London", "out/games-2.pgn"},
		{byTag, 1, "London 1851", "out/games-London_1851.json"},
		{byTag, 2, "", "out/games-none.json"},
		{Split{Base: "games", Tag: "Site"}, 1, "a/b", "games-a_b"},
	} {
		if got := tc.s.File(tc.n, tc.value); got != tc.want {
			t.Errorf("%+v: game %d of %q goes to %s, want %s", tc.s, tc.n, tc.value, got, tc.want)
		}
	}
}
