package replay_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// TestStepSANFromFullList: a step's SAN, written from what the walk knows
// (the moves to the square only where disambiguation needs them, check and
// mate from the walk), is the SAN written from the full legal list with
// check and mate found again, for every move of corpus/ and of the shared
// data (the first 300 games of each file in the fast tier; all in a long
// run).
func TestStepSANFromFullList(t *testing.T) {
	roots := []string{filepath.Join("..", "corpus")}
	if shared := filepath.Join(testenv.SharedPath(), "data"); testenv.HasShared() {
		roots = append(roots, shared)
	} else {
		t.Logf("%s absent: corpus/ only", shared)
	}
	files := testenv.RecordFiles(t, roots...)
	limit := testenv.Limit(300, 1<<30)
	r := replay.New(replay.Config{Steps: true})
	moves := 0
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		rd := grammar.NewReader(f, path)
		for i := 1; i <= limit; i++ {
			g, err := rd.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			res := r.Game(g, path, i)
			pl := res.Played
			// The steps are the main line's first move nodes, in order,
			// compound turns' moves each their own.
			var nodes []int
			for k := range g.Moves {
				if g.Moves[k].Kind == record.KindMove {
					nodes = append(nodes, k)
				}
			}
			sanFrom := 0
			for si := 0; si < pl.Len(); si++ {
				st := pl.Step(si)
				// The SANs follow one another from the start of SANs.
				if end := pl.SANEnd(si); pl.SANs()[sanFrom:end] != st.SAN {
					t.Errorf("%s game %d ply %d: SANs from %d to SANEnd %d is %q; the step's SAN %q", path, i, st.Ply, sanFrom, end, pl.SANs()[sanFrom:end], st.SAN)
				} else {
					sanFrom = end
				}
				if si >= len(nodes) || st.Index != nodes[si] || st.Node != &g.Moves[nodes[si]] {
					t.Fatalf("%s game %d ply %d: step at node %d, want the move node %v", path, i, st.Ply, st.Index, nodes[min(si, len(nodes)-1):])
				}
				// Moves holds the step's move, and says whether the
				// next step, if any, starts a new turn.
				if m, last := pl.Moves(si, pl.Len()).At(0); *m != st.Move || (si+1 < pl.Len() && last != (pl.TurnIndex(si+1) == 0)) {
					t.Errorf("%s game %d ply %d: Moves' move %v, last %v; the step's move %v", path, i, st.Ply, *m, last, st.Move)
				}
				if m, _ := pl.Moves(0, si+1).At(si); *m != st.Move {
					t.Errorf("%s game %d ply %d: Moves from the start has move %v at it; the step's move %v", path, i, st.Ply, *m, st.Move)
				}
				before := pl.Before(si)
				// The single fields are the step's.
				mark := map[[2]bool]byte{{true, true}: '#', {true, false}: '+'}[[2]bool{st.Check, st.Mate}]
				if pl.Side(si) != before.SideToMove() || pl.MoveNumber(si) != st.MoveNumber || pl.CheckMark(si) != mark {
					t.Errorf("%s game %d ply %d: side %v, move number %d, check mark %q; the step's %v (to move %v), %d, %q",
						path, i, st.Ply, pl.Side(si), pl.MoveNumber(si), pl.CheckMark(si), st.Side, before.SideToMove(), st.MoveNumber, mark)
				}
				legal := before.LegalMoves(nil)
				if st.TurnIndex == 1 && pl.Move(si-1).Promotion == rules.Knight {
					// Only the new knight moves: no other man makes its
					// move ambiguous.
					legal = nil
				}
				want := replay.SAN(before, legal, st.Move)
				if st.TurnIndex > 0 || (pl.Len() > st.Ply && pl.TurnIndex(st.Ply) > 0) {
					// Inside a compound turn the same side moves on: the
					// full-list SAN would judge mate with the turn passed.
					want = strings.TrimRight(want, "+#")
					if st.Check {
						want += "+"
					}
				}
				if st.SAN != want {
					t.Errorf("%s game %d ply %d: step SAN %q, from the full list %q (%s)", path, i, st.Ply, st.SAN, want, before.FEN())
				}
				moves++
			}
		}
		f.Close()
	}
	if moves == 0 {
		t.Fatal("no move compared")
	}
	t.Logf("%d files, %d moves", len(files), moves)
}

// TestPlayedStopsWhereTheVerdictStops: the steps end at the first finding
// that stops the main line, and that finding is the stop; without
// Config.Steps nothing is kept.
func TestPlayedStopsWhereTheVerdictStops(t *testing.T) {
	for _, c := range []struct {
		text, rule, stop string
		steps            int
	}{
		{"[Event \"x\"]\n1. e4,d4 e5 *\n", "compound-turn", "d4", 1},
		{"[Event \"x\"]\n1. e4 e5 2. Ke3 Nc6 *\n", "illegal-move", "Ke3", 2},
		// The variation's turns stand further into their own nodes than
		// the main line's stop does into its.
		{"[Event \"x\"]\n1. e4 e5 (1... c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4) 2. Ke3 Nc6 *\n", "illegal-move", "Ke3", 2},
		{"[Event \"x\"]\n1. f3 e5 2. g4 Qh4# 3. a3 *\n", "move-after-end", "a3", 4},
		{"[Event \"x\"]\n[Variant \"nonesuch\"]\n1. e4 *\n", "unknown-profile", "", 0},
		{"[Event \"x\"]\n1. e4 e5 2. Nf3 *\n", "", "", 3},
	} {
		g, err := grammar.NewReader(strings.NewReader(c.text), "x.pgn").Next()
		if err != nil {
			t.Fatal(err)
		}
		if res := replay.New(replay.Config{}).Game(g, "x.pgn", 1); res.Played != nil {
			t.Errorf("%q: steps kept without Config.Steps", c.text)
		}
		res := replay.New(replay.Config{Steps: true, Variations: true}).Game(g, "x.pgn", 1)
		pl := res.Played
		if pl.Len() != c.steps {
			t.Errorf("%q: %d steps, want %d", c.text, pl.Len(), c.steps)
		}
		switch {
		case c.rule == "" && !pl.Complete():
			t.Errorf("%q: stopped by %+v", c.text, pl.Stop)
		case c.rule != "" && (pl.Stop == nil || pl.Stop.Rule != c.rule):
			t.Errorf("%q: stop %+v, want %s", c.text, pl.Stop, c.rule)
		case c.stop != "" && (pl.StopNode == nil || pl.StopNode.Text != c.stop || pl.StopIndex < 0 || pl.StopIndex >= len(g.Moves) || &g.Moves[pl.StopIndex] != pl.StopNode):
			t.Errorf("%q: stop node %+v at %d, want %s", c.text, pl.StopNode, pl.StopIndex, c.stop)
		}
		if c.rule != "" && pl.Stop != nil {
			found := false
			for _, f := range res.Findings {
				found = found || f.Rule == pl.Stop.Rule && f.Line == pl.Stop.Line && f.Column == pl.Stop.Column
			}
			if !found {
				t.Errorf("%q: the stop %+v is not one of the findings", c.text, pl.Stop)
			}
		}
	}
}

// TestReleasedStepsServeTheNextGame: a game replayed after another's steps
// were released (Played.Release, which convert calls once a game is
// written) has the same steps as replayed alone, its storage reused or not.
func TestReleasedStepsServeTheNextGame(t *testing.T) {
	path := filepath.Join(testenv.SharedPath(), "data", "fide", "corpus-1k.pgn")
	if _, err := os.Stat(path); err != nil {
		path = filepath.Join("..", "corpus", "fide", "en-passant.pgn")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skip(err)
	}
	read := func() []*record.Game {
		rd := grammar.NewReader(strings.NewReader(string(data)), path)
		var gs []*record.Game
		for len(gs) < 200 {
			g, err := rd.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			gs = append(gs, g)
		}
		return gs
	}
	games, alone := read(), read()
	released := replay.New(replay.Config{Steps: true})
	for i, g := range games {
		res := released.Game(g, path, i+1)
		want := replay.New(replay.Config{Steps: true}).Game(alone[i], path, i+1)
		if res.Played.Len() != want.Played.Len() {
			t.Fatalf("game %d: %d steps, alone %d", i+1, res.Played.Len(), want.Played.Len())
		}
		for k := 0; k < res.Played.Len(); k++ {
			a, b := res.Played.Step(k), want.Played.Step(k)
			if a.SAN != b.SAN || a.Move != b.Move || a.Ply != b.Ply || a.Index != b.Index || a.Check != b.Check || a.Mate != b.Mate || a.TurnIndex != b.TurnIndex || a.MoveNumber != b.MoveNumber || a.Side != b.Side {
				t.Fatalf("game %d step %d: %+v, alone %+v", i+1, k, a, b)
			}
		}
		res.Played.Release()
	}
}

// knightShuffle is a game of plies knight moves under chaturanga-gollon
// (no repetition rule ends it), with move numbers: the long game of the
// memory figures of docs/robustness.md, "A huge game is read in parts".
func knightShuffle(plies int) string {
	var b strings.Builder
	b.WriteString("[Event \"long\"]\n[Variant \"chaturanga-gollon\"]\n\n")
	moves := [4]string{"Nf3", "Nf6", "Ng1", "Ng8"}
	for i := 0; i < plies; i++ {
		if i%2 == 0 {
			b.WriteString(strconv.Itoa(i/2+1) + ". ")
		}
		b.WriteString(moves[i%4])
		b.WriteByte(" \n"[(i%16)/15])
	}
	b.WriteString("*\n")
	return b.String()
}

// TestPlayedBytesPerPly: keeping the main line as played costs a long game
// at most 32 bytes a ply over the replay without it, all told: the step,
// its SAN in the game's one string, and its share of the positions kept
// every few steps (docs/robustness.md, "A huge game is read in parts").
func TestPlayedBytesPerPly(t *testing.T) {
	const plies = 40_000
	g, err := grammar.NewReader(strings.NewReader(knightShuffle(plies)), "long.pgn").Next()
	if err != nil {
		t.Fatal(err)
	}
	perGame := func(cfg replay.Config) (uint64, *replay.Result) {
		r := replay.New(cfg)
		res := r.Game(g, "long.pgn", 1) // the replayer's buffers grown once
		var a, b runtime.MemStats
		const runs = 3
		runtime.ReadMemStats(&a)
		for range runs {
			res = r.Game(g, "long.pgn", 1)
		}
		runtime.ReadMemStats(&b)
		return (b.TotalAlloc - a.TotalAlloc) / runs, res
	}
	bare, _ := perGame(replay.Config{})
	kept, res := perGame(replay.Config{Steps: true})
	if n := res.Played.Len(); n != plies || !res.Played.Complete() {
		t.Fatalf("%d steps of %d, complete %v", n, plies, res.Played.Complete())
	}
	per := float64(kept-bare) / plies
	t.Logf("%d plies: %d bytes a game without steps, %d with (%.1f a ply for the steps)", plies, bare, kept, per)
	if per > 32 {
		t.Errorf("the main line as played costs %.1f bytes a ply, want at most 32", per)
	}
}

// TestStepsOutliveTheNextGame: a Result's steps stay right while the
// replayer goes on with other games, under other profiles (the walk's
// storage serves the next game): every position they give back, read
// after all the games were replayed, is the one a replay of their game
// alone gives, its settings included.
func TestStepsOutliveTheNextGame(t *testing.T) {
	files := testenv.RecordFiles(t, filepath.Join("..", "corpus"))
	type kept struct {
		g, alone *record.Game
		res      *replay.Result
	}
	// The files' games taken in turn, one of each file at a time, so that
	// the games next to each other are of different profiles.
	var readers [][2]*grammar.Reader
	for _, path := range files {
		a, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		readers = append(readers, [2]*grammar.Reader{grammar.NewReader(strings.NewReader(string(a)), path), grammar.NewReader(strings.NewReader(string(a)), path)})
	}
	r := replay.New(replay.Config{Steps: true})
	var all []kept
	profiles := map[string]bool{}
	for more := true; more; {
		more = false
		for _, rd := range readers {
			g, err := rd[0].Next()
			if err != nil {
				continue
			}
			alone, _ := rd[1].Next()
			more = true
			res := r.Game(g, "", len(all)+1)
			profiles[res.Summary.Profile] = true
			all = append(all, kept{g, alone, res})
		}
	}
	if len(profiles) < 3 {
		t.Fatalf("only the profiles %v", profiles)
	}
	positions := 0
	for i, k := range all {
		pl := k.res.Played
		want := replay.New(replay.Config{Steps: true}).Game(k.alone, "", i+1).Played
		if pl == nil || pl.Start == nil {
			continue
		}
		if pl.Len() != want.Len() {
			t.Fatalf("game %d: %d steps, alone %d", i+1, pl.Len(), want.Len())
		}
		for j := 0; j <= pl.Len(); j++ {
			a, b := pl.BeforeView(j), want.BeforeView(j)
			if a.FEN() != b.FEN() || *a.Settings() != *b.Settings() {
				t.Fatalf("game %d (%s): position before step %d, read after the other games\n%s %+v\nwant\n%s %+v", i+1, k.res.Summary.Profile, j, a.FEN(), *a.Settings(), b.FEN(), *b.Settings())
			}
			positions++
		}
	}
	t.Logf("%d games, %d positions, profiles %v", len(all), positions, profiles)
}

// TestReleasedStepsAllocateNothing: once a game's steps were released,
// the next game's Played with its start position, steps and blocks are
// the released game's, and releasing them allocates nothing: a game
// replayed after one released allocates three objects fewer than after
// one that was not. (At least one is asked: the race detector empties
// the pool at random. TestReleasedPlayedServesTheNextGame asks for the
// Played.)
func TestReleasedStepsAllocateNothing(t *testing.T) {
	const plies = 200
	g, err := grammar.NewReader(strings.NewReader(knightShuffle(plies)), "long.pgn").Next()
	if err != nil {
		t.Fatal(err)
	}
	per := func(release bool) float64 {
		r := replay.New(replay.Config{Steps: true, NoSAN: true})
		return testing.AllocsPerRun(50, func() {
			res := r.Game(g, "long.pgn", 1)
			if n := res.Played.Len(); n != plies {
				t.Fatalf("%d steps, want %d", n, plies)
			}
			if release {
				res.Played.Release()
			}
		})
	}
	kept, released := per(false), per(true)
	if saved := kept - released; saved < 1 {
		t.Errorf("a game replayed after one released allocates %.2f objects, after one kept %.2f: want at least one fewer", released, kept)
	}
}
