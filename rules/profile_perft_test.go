package rules

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// The user profile fixture (chaturanga, elephant=dabbaba,
// stalemate=stalemated-wins) must change the move generator the way
// Fairy-Stockfish's chaturanga-dabbaba does. FSF has no king leap, so the
// comparison switches it off (the Chaturanga reconstruction offers that: "It can also be switched
// off"); stalemate rules never change perft.
func TestUserProfileChangesPerft(t *testing.T) {
	p, err := LoadFile(filepath.Join("testdata", "profiles", "chaturanga-dabbaba.toml"))
	if err != nil {
		t.Fatal(err)
	}
	noLeap, err := p.With([]Override{{"king-leap", "off"}}, "test")
	if err != nil {
		t.Fatal(err)
	}
	// perft-reference.tsv, profile c (chaturanga-dabbaba, ffish 0.7.10),
	// start position, depths 1 to 4; checked against the file below.
	want := []uint64{14, 196, 2912, 43266}
	checkReference(t, want)
	for d := 1; d <= len(want); d++ {
		if got := Perft(NewPosition(&noLeap.Settings), d); got != want[d-1] {
			t.Errorf("fixture with king-leap=off: perft(%d) = %d, FSF chaturanga-dabbaba %d", d, got, want[d-1])
		}
	}

	// With the leap (the fixture as written) the start position has two
	// more first moves: the king's leaps e1-d3 and e1-f3 (c2 and g2 hold
	// pawns). The alfil of plain chaturanga has four first moves (a3, e3, d3,
	// h3) where the dabbaba has two (c3, f3).
	if got := Perft(NewPosition(&p.Settings), 1); got != 14+2 {
		t.Errorf("fixture: perft(1) = %d, want 16 (14 + two king leaps)", got)
	}
	plain := mustLookup(t, "chaturanga")
	if got := Perft(NewPosition(&plain.Settings), 1); got != 12+4+2 {
		t.Errorf("chaturanga: perft(1) = %d, want 18", got)
	}
	if a, b := Perft(NewPosition(&p.Settings), 3), Perft(NewPosition(&plain.Settings), 3); a == b || a == want[2] {
		t.Errorf("fixture perft(3) = %d, chaturanga %d, no-leap dabbaba %d: the fixture should differ from both", a, b, want[2])
	}

	// The stalemate override alone leaves perft as it is.
	only, err := plain.With([]Override{{"elephant", "dabbaba"}}, "test")
	if err != nil {
		t.Fatal(err)
	}
	if a, b := Perft(NewPosition(&p.Settings), 3), Perft(NewPosition(&only.Settings), 3); a != b {
		t.Errorf("stalemate=stalemated-wins changed perft(3): %d vs %d", a, b)
	}
}

// checkReference makes sure the numbers above are the oracle's: it reads the
// start-position rows of profile c from perft-reference.tsv (the copy in
// testdata, or the shared data's oracle).
func checkReference(t *testing.T, want []uint64) {
	t.Helper()
	var f *os.File
	var err error
	for _, path := range []string{
		filepath.Join("testdata", "perft-reference.tsv"),
		filepath.Join(testenv.SharedPath(), "oracle", "perft-reference.tsv"),
	} {
		if f, err = os.Open(path); err == nil {
			break
		}
	}
	if err != nil {
		t.Logf("perft-reference.tsv not found (%v): using the transcribed numbers", err)
		return
	}
	defer f.Close()
	found := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		col := strings.Split(sc.Text(), "\t")
		if len(col) < 6 || col[0] != "c" || col[1] != "chaturanga-dabbaba" || col[3] != "startpos" {
			continue
		}
		d, err1 := strconv.Atoi(col[4])
		n, err2 := strconv.ParseUint(col[5], 10, 64)
		if err1 != nil || err2 != nil || d < 1 || d > len(want) {
			continue
		}
		found++
		if want[d-1] != n {
			t.Errorf("transcribed perft(%d) = %d, perft-reference.tsv says %d", d, want[d-1], n)
		}
	}
	if found != len(want) {
		t.Errorf("found %d of %d chaturanga-dabbaba start rows in perft-reference.tsv", found, len(want))
	}
}
