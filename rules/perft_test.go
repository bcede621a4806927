package rules

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

func mustFEN(t testing.TB, s *Settings, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(s, fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func TestPerftFideStart(t *testing.T) {
	want := []uint64{1, 20, 400, 8902, 197281, 4865609, 119060324}
	max := testenv.Limit(5, 6)
	p := NewPosition(testSettings(t, "fide"))
	for d := 0; d <= max; d++ {
		if got := Perft(p, d); got != want[d] {
			t.Errorf("fide start perft(%d) = %d, want %d", d, got, want[d])
		}
	}
}

// The standard positions of the Chess Programming Wiki ("Perft Results"),
// with their published counts.
func TestPerftCPW(t *testing.T) {
	cases := []struct {
		name, fen string
		want      []uint64 // from depth 1
	}{
		{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []uint64{48, 2039, 97862, 4085603}},
		{"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []uint64{14, 191, 2812, 43238, 674624}},
		{"position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []uint64{6, 264, 9467, 422333}},
		{"position 4 mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", []uint64{6, 264, 9467, 422333}},
		{"position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []uint64{44, 1486, 62379, 2103487}},
		{"position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", []uint64{46, 2079, 89890, 3894594}},
	}
	s := testSettings(t, "fide")
	for _, c := range cases {
		p := mustFEN(t, s, c.fen)
		for i, w := range c.want {
			if got := Perft(p, i+1); got != w {
				t.Errorf("%s perft(%d) = %d, want %d", c.name, i+1, got, w)
			}
		}
	}
}

// epdSuite runs a python-chess perft file (id / epd / perft D N lines) up
// to maxDepth, on every core (the positions are independent). skip, if
// set, leaves positions out.
func epdSuite(t *testing.T, path string, maxDepth int, skip func(id, epd string) bool) (positions, checked int) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type job struct {
		id    string
		p     *Position
		depth int
		want  uint64
	}
	var jobs []job
	s := testSettings(t, "fide")
	var p *Position
	id := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fl := strings.Fields(sc.Text())
		if len(fl) < 2 {
			continue
		}
		switch fl[0] {
		case "id":
			id, p = fl[1], nil
		case "epd":
			epd := strings.Join(fl[1:], " ")
			if skip != nil && skip(id, epd) {
				continue
			}
			if len(fl) == 5 {
				epd += " 0 1"
			}
			p = mustFEN(t, s, epd)
			positions++
		case "perft":
			d, _ := strconv.Atoi(fl[1])
			want, _ := strconv.ParseUint(fl[2], 10, 64)
			if p == nil || d > maxDepth {
				continue
			}
			jobs = append(jobs, job{id, p, d, want})
		}
	}
	work := make(chan job)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				if got := Perft(j.p, j.depth); got != j.want {
					t.Errorf("%s (%s) perft(%d) = %d, want %d", j.id, j.p.FEN(), j.depth, got, j.want)
				}
			}
		}()
	}
	for _, j := range jobs {
		work <- j
	}
	close(work)
	wg.Wait()
	return positions, len(jobs)
}

func TestPerftTricky(t *testing.T) {
	n, c := epdSuite(t, filepath.Join("testdata", "tricky.perft"), 99, nil)
	t.Logf("tricky.perft: %d positions, %d counts checked", n, c)
	if n != 19 {
		t.Errorf("only %d positions read", n)
	}
}

func TestPerftRandom(t *testing.T) {
	t.Parallel() // CPU-heavy; no test here changes a package variable
	if testing.Short() {
		t.Skip("short mode")
	}
	path := testenv.SharedDir(t, "data", "perft", "random.perft")
	if testenv.IsLong() {
		// Depth 4 in the long run: depth 6 for all 6,838 positions would
		// take hours.
		n, c := epdSuite(t, path, 4, nil)
		t.Logf("random.perft: %d positions, %d counts checked (to depth 4)", n, c)
		if n < 6000 {
			t.Errorf("only %d positions read", n)
		}
		return
	}
	// The default run: every position to depth 2, every 10th to depth 3
	// (depth 3 for all would be most of this package's time; the positions
	// are random, so a tenth of them is as good a sample as any).
	n, c := epdSuite(t, path, 2, nil)
	if n < 6000 {
		t.Errorf("only %d positions read", n)
	}
	k := 0
	n3, c3 := epdSuite(t, path, 3, func(id, epd string) bool { k++; return k%10 != 1 })
	t.Logf("random.perft: %d positions to depth 2 (%d counts), %d to depth 3 (%d counts); %s=1: all to depth 4", n, c, n3, c3, testenv.LongVar)
	if n3 < n/10 {
		t.Errorf("only %d positions checked to depth 3", n3)
	}
}

// TestPerftReference checks every row of the oracle's perft-reference.tsv
// (copied into testdata) except the experimental profile x, with each
// Fairy-Stockfish variant mapped to a profile and settings as the oracle
// README says. Rows of the built-in shatranj that FSF's bare-king rule
// pruned (they differ from the shatranj-nobare row of the same FEN and
// depth) are compared through that nobare row instead.
func TestPerftReference(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "perft-reference.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		variant, fen, note string
		depth              int
		nodes              uint64
	}
	var rows []row
	nobare := map[string]uint64{}
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Split(line, "\t")
		if i == 0 || len(f) < 8 || f[0] == "x" {
			continue
		}
		d, _ := strconv.Atoi(f[4])
		n, _ := strconv.ParseUint(f[5], 10, 64)
		r := row{f[1], f[3], f[7], d, n}
		rows = append(rows, r)
		if r.variant == "shatranj-nobare" {
			nobare[r.fen+"|"+f[4]] = n
		}
	}
	maxDepth := testenv.Limit(5, 6)
	checked, pruned := 0, 0
	for _, r := range rows {
		if r.depth > maxDepth {
			continue
		}
		if r.variant == "shatranj" {
			if n, ok := nobare[r.fen+"|"+strconv.Itoa(r.depth)]; ok && n != r.nodes {
				pruned++
				continue
			}
		}
		s := fsfSettings(t, r.variant)
		var p *Position
		if r.fen == "startpos" {
			p = NewPosition(s)
		} else {
			p = mustFEN(t, s, r.fen)
		}
		if got := Perft(p, r.depth); got != r.nodes {
			t.Errorf("%s %q (%s) perft(%d) = %d, want %d", r.variant, r.fen, r.note, r.depth, got, r.nodes)
		}
		checked++
	}
	t.Logf("%d reference rows checked, %d shatranj rows pruned by FSF's bare-king rule compared via shatranj-nobare", checked, pruned)
	if checked < 250 {
		t.Errorf("only %d rows checked", checked)
	}
}

// TestPerftChess960 runs python-chess's Chess960 suite to depth 3 (5 in a
// long run). No profile starts from a Chess960 array,
// but FEN positions may castle that way, and the suite checks it.
func TestPerftChess960(t *testing.T) {
	t.Parallel() // CPU-heavy; no test here changes a package variable
	if testing.Short() {
		t.Skip("short mode")
	}
	path := testenv.SharedDir(t, "data", "perft", "chess960.perft")
	depth := testenv.Limit(3, 5)
	n, c := epdSuite(t, path, depth, nil)
	t.Logf("chess960.perft: %d positions, %d counts checked", n, c)
	if n != 960 {
		t.Errorf("%d positions read, want 960", n)
	}
}
