package replay

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/rules"
)

// TestPlayedPositionsPlayedAgain: Played keeps a position every markEvery
// steps and plays the others again when asked. Every position it gives
// back, in order, backwards and after a jump, is the one the walk had: a
// replay that keeps every position (markShift 0) gives the reference, for
// every game of corpus/ (compound turns, promotions, waiting pawns, leaps
// included). The steps, kept as offsets from their block, are the same
// whatever the blocks, and without SANs (Config.NoSAN) the same but for
// them; their move numbers, sides and turn indexes are the moves' as
// written (Result.Moves).
func TestPlayedPositionsPlayedAgain(t *testing.T) {
	files := testenv.RecordFiles(t, filepath.Join("..", "corpus"))
	defer func(m uint) { markShift = m }(markShift)
	r := New(Config{Steps: true})
	noSAN := New(Config{Steps: true, NoSAN: true, Moves: true})
	// Kinds: every step's kind kept, as with SANs; under NoSAN alone it
	// is found by playing the positions.
	kinds := New(Config{Steps: true, NoSAN: true, Kinds: true})
	steps := 0
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		rd := grammar.NewReader(f, path)
		for i := 1; ; i++ {
			g, err := rd.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			markShift = 0
			ref := r.Game(g, path, i).Played
			if ref == nil || ref.Start == nil {
				continue
			}
			// With a mark per step, each position is the walk's own copy.
			want := make([]rules.Position, ref.Len()+1)
			for k := range want {
				want[k] = *ref.Before(k)
			}
			var pl *Played
			for _, shift := range []uint{2, 6} {
				// The steps are offsets from their block: a replay with
				// other blocks gives the same steps.
				markShift = shift
				every := 1 << shift
				pl = r.Game(g, path, i).Played
				if pl.Len() != ref.Len() {
					t.Fatalf("%s game %d: %d steps with a mark every %d, %d with one every step", path, i, pl.Len(), every, ref.Len())
				}
				// Read in order, each position is the walk's (another
				// replay's: the same but for its settings' address).
				seq := make([]rules.Position, len(want))
				for k := range seq {
					seq[k] = *pl.Before(k)
					if !samePosition(&seq[k], &want[k]) {
						t.Fatalf("%s game %d: position before step %d played again from a mark every %d steps:\n%s\nwant\n%s", path, i, k, every, seq[k].FEN(), want[k].FEN())
					}
				}
				// Played from the start a step at a time (PlayStep), as
				// a writer that reads every position in order does.
				pos := *pl.Start
				for k := range pl.Len() {
					pl.PlayStep(&pos, k)
					if pos != seq[k+1] {
						t.Fatalf("%s game %d: position after step %d played step by step from the start:\n%s\nwant\n%s", path, i, k, pos.FEN(), seq[k+1].FEN())
					}
				}
				check := func(k int) {
					t.Helper()
					if got := pl.Before(k); *got != seq[k] {
						t.Fatalf("%s game %d: position before step %d played again from a mark every %d steps out of order:\n%s\nwant\n%s", path, i, k, every, got.FEN(), seq[k].FEN())
					}
				}
				for k := len(want) - 1; k >= 0; k-- {
					check(k)
				}
				for k := 0; k < len(want); k += 7 {
					check(len(want) - 1 - k)
					check(k)
				}
				if pl.Len() > 0 {
					last := pl.Len() - 1
					if b, a := pl.Around(last); *b != seq[last] || *a != seq[last+1] || *pl.After(last) != seq[last+1] {
						t.Fatalf("%s game %d: Around and After differ from the walk", path, i)
					}
				}
				for k := 0; k < pl.Len(); k++ {
					markShift = 0
					a := ref.Step(k)
					markShift = shift
					if b := pl.Step(k); a != b || pl.SAN(k) != a.SAN || pl.Index(k) != a.Index || pl.Move(k) != a.Move || pl.TurnIndex(k) != a.TurnIndex {
						t.Fatalf("%s game %d: step %d with a mark every %d: %+v, with one every step %+v", path, i, k, every, b, a)
					}
				}
				res := noSAN.Game(g, path, i)
				if res.Played.Len() != ref.Len() || len(res.Moves) < ref.Len() {
					t.Fatalf("%s game %d: %d steps and %d moves without SANs, %d steps with", path, i, res.Played.Len(), len(res.Moves), ref.Len())
				}
				kp := kinds.Game(g, path, i).Played
				for k := 0; k < ref.Len(); k++ {
					want := want[k].At(ref.Move(k).From).Kind()
					if a, b, c := pl.Kind(k), res.Played.Kind(k), kp.Kind(k); a != want || b != want || c != want {
						t.Fatalf("%s game %d: step %d with a mark every %d: kind %v with SANs, %v without, %v kept without, want %v", path, i, k, every, a, b, c, want)
					}
					// Read in a span: kept with SANs and under Kinds, not
					// said without.
					a, aok := pl.Moves(0, pl.Len()).Kind(k)
					b, bok := res.Played.Moves(k, ref.Len()).Kind(0)
					c, cok := kp.Moves(k, k+1).Kind(0)
					if a != want || !aok || b != rules.NoKind || bok || c != want || !cok {
						t.Fatalf("%s game %d: step %d with a mark every %d: Moves.Kind %v %v with SANs, %v %v without, %v %v kept without, want %v", path, i, k, every, a, aok, b, bok, c, cok, want)
					}
				}
				for k := 0; k < ref.Len(); k++ {
					markShift = 0
					a := ref.Step(k)
					markShift = shift
					a.SAN = ""
					b, mt := res.Played.Step(k), res.Moves[k]
					if a != b || b.MoveNumber != mt.MoveNumber || b.Side != mt.Side || b.TurnIndex != mt.TurnIndex {
						t.Fatalf("%s game %d: step %d with a mark every %d and no SANs: %+v, with SANs %+v, the move as written %+v", path, i, k, every, b, a, mt)
					}
					// The move as a word: its bytes in their order, and
					// whether its turn goes on.
					ms := res.Played.Moves(0, res.Played.Len())
					m, last := ms.At(k)
					bytes := []byte{byte(m.From), byte(m.To), byte(m.Promotion), byte(m.Flags), byte(m.ConvSquare), byte(m.ConvKind)}
					w := ms.Word(k)
					for j, c := range bytes {
						if byte(w>>(8*j)) != c {
							t.Fatalf("%s game %d: step %d's word %#x, byte %d is not the move's %#x (%+v)", path, i, k, w, j, c, *m)
						}
					}
					if (w&WordKeepsTurn == 0) != last || *m != b.Move {
						t.Fatalf("%s game %d: step %d's word %#x: last of its turn %v, the move %+v, the step's %+v", path, i, k, w, last, *m, b.Move)
					}
					if (w&WordBlack != 0) != (b.Side == rules.Black) || CheckMarkOf(w) != ms.CheckMark(k) || ms.CheckMark(k) != checkMarkOf(b) {
						t.Fatalf("%s game %d: step %d's word %#x: Black %v, check mark %q, the step's %v and %q (check %v, mate %v)", path, i, k, w, w&WordBlack != 0, CheckMarkOf(w), b.Side, ms.CheckMark(k), b.Check, b.Mate)
					}
				}
			}
			steps += pl.Len()
		}
		f.Close()
	}
	if steps < 1000 {
		t.Fatalf("only %d steps checked", steps)
	}
	t.Logf("%d steps in %d files", steps, len(files))
}

// checkMarkOf is the check mark a step's Check and Mate say.
func checkMarkOf(st Step) byte {
	switch {
	case st.Mate:
		return '#'
	case st.Check:
		return '+'
	}
	return 0
}

// samePosition compares two positions of replays of the same game: all
// that a position says (its FEN, the kings' leap rights and why they were
// lost), not the address of the settings each replay made.
func samePosition(a, b *rules.Position) bool {
	return a.FEN() == b.FEN() && *a.Settings() == *b.Settings() &&
		a.LeapNote(rules.White) == b.LeapNote(rules.White) && a.LeapNote(rules.Black) == b.LeapNote(rules.Black) &&
		slices.Equal(a.WaitingPawns(rules.White), b.WaitingPawns(rules.White)) && slices.Equal(a.WaitingPawns(rules.Black), b.WaitingPawns(rules.Black))
}

// TestStepSize: a kept step is 16 bytes and a block's mark 32, a long game
// holding a step per ply (a Step written out is 80, and a SAN's string
// header 16 more: docs/robustness.md, "A huge game is read in parts").
func TestStepSize(t *testing.T) {
	if n := unsafe.Sizeof(step{}); n > 16 {
		t.Errorf("a kept step is %d bytes, want at most 16", n)
	}
	if n := unsafe.Sizeof(mark{}); n > 32 {
		t.Errorf("a mark is %d bytes, want at most 32", n)
	}
	if markShift > 8 {
		t.Errorf("a mark every %d steps: a step's move-number offset must fit a byte", 1<<markShift)
	}
}

// TestStepKeptInRegisters: the build keeps a struct in registers (and
// stores it in place) only when it and every struct in it have at most
// four fields and it is at most four words; step is two such halves, so
// that stepStart writes its fields into the steps, not a copy made on
// the stack (step).
func TestStepKeptInRegisters(t *testing.T) {
	var fits func(reflect.Type) bool
	fits = func(ty reflect.Type) bool {
		switch ty.Kind() {
		case reflect.Struct:
			if ty.NumField() > 4 {
				return false
			}
			for i := range ty.NumField() {
				if !fits(ty.Field(i).Type) {
					return false
				}
			}
			return true
		case reflect.Array:
			return ty.Len() <= 1 && (ty.Len() == 0 || fits(ty.Elem()))
		default:
			return ty.Size() <= unsafe.Sizeof(uintptr(0))
		}
	}
	ty := reflect.TypeFor[step]()
	if !fits(ty) || ty.Size() > 4*unsafe.Sizeof(uintptr(0)) {
		t.Errorf("step (%d fields, %d bytes) is not one the build keeps in registers", ty.NumField(), ty.Size())
	}
}

// TestStepOffsetsDoNotWrap: an offset from its block that does not fit
// its field is said, not wrapped. With blocks far longer than markShift
// allows (1024 steps), a long game's move-number offset passes 255.
func TestStepOffsetsDoNotWrap(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Variant \"chaturanga-gollon\"]\n\n")
	moves := [4]string{"Nf3", "Nf6", "Ng1", "Ng8"}
	for i := 0; i < 1200; i++ {
		b.WriteString(moves[i%4] + " ")
	}
	b.WriteString("*\n")
	g, err := grammar.NewReader(strings.NewReader(b.String()), "x.pgn").Next()
	if err != nil {
		t.Fatal(err)
	}
	defer func(m uint) { markShift = m }(markShift)
	markShift = 10
	defer func() {
		if v, _ := recover().(string); !strings.Contains(v, "does not fit a kept step") {
			t.Fatalf("panic %q, want a step that does not fit", v)
		}
	}()
	New(Config{Steps: true}).Game(g, "x.pgn", 1)
	t.Fatal("a move-number offset of 500 was kept in a byte")
}

// TestReleasedPlayedServesTheNextGame: a released game's Played, with the
// room of its start position, is the next game's, emptied of the game
// released (its nodes, steps and start let go). The pool may drop what
// is put in it (the race detector does, at random): a few tries.
func TestReleasedPlayedServesTheNextGame(t *testing.T) {
	g, err := grammar.NewReader(strings.NewReader("1. e4 e5 2. Nf3 *\n"), "x.pgn").Next()
	if err != nil {
		t.Fatal(err)
	}
	r := New(Config{Steps: true, NoSAN: true})
	for try := 0; try < 20; try++ {
		p := r.Game(g, "x.pgn", 1).Played
		if p.Len() != 3 || p.Start == nil {
			t.Fatalf("%d steps, start %v: want 3 and a start", p.Len(), p.Start)
		}
		start, pos := p.Start, *p.Start
		p.Release()
		q := newPlayed()
		if q != p {
			q.Release()
			continue
		}
		if q.Len() != 0 || q.Start != nil || q.moves != nil || q.marks != nil || q.StopIndex != -1 || q.due != 0 {
			t.Fatalf("a released Played serves again as %+v", *q)
		}
		if q.keepStart(&pos); q.Start != start || *q.Start != pos {
			t.Fatalf("the start is kept at %p, the released game's at %p", q.Start, start)
		}
		q.Release()
		return
	}
	t.Fatal("a released Played never served the next game")
}

// TestReleasedBlocksServeTheNextGame: the blocks' positions of a released
// game, emptied, serve the next game's blocks, and those of a game not
// released are its own: replaying another game leaves them as they were.
// The pool may drop what is put in it (the race detector does, at
// random): a few tries.
func TestReleasedBlocksServeTheNextGame(t *testing.T) {
	// Four blocks of distinct positions (the move numbers differ), two
	// games that differ from their first move.
	long := func(moves [4]string) *record.Game {
		var b strings.Builder
		b.WriteString("[Variant \"chaturanga-gollon\"]\n\n")
		for i := 0; i < 4<<markShift; i++ {
			b.WriteString(moves[i%4] + " ")
		}
		b.WriteString("*\n")
		g, err := grammar.NewReader(strings.NewReader(b.String()), "x.pgn").Next()
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	ga, gb := long([4]string{"Nf3", "Nf6", "Ng1", "Ng8"}), long([4]string{"Nc3", "Nc6", "Nb1", "Nb8"})
	positions := func(p *Played) []string {
		var fens []string
		for k := 0; k <= p.Len(); k++ {
			fens = append(fens, p.BeforeView(k).FEN())
		}
		return fens
	}
	// blocks are the positions of p's blocks after the first, in order.
	blocks := func(p *Played) []*rules.Position {
		var ps []*rules.Position
		for _, mk := range p.marks[1:] {
			ps = append(ps, mk.pos)
		}
		return ps
	}
	r := New(Config{Steps: true, NoSAN: true})
	a := r.Game(ga, "x.pgn", 1).Played
	wantA := positions(a)
	if a.Len() != 4<<markShift || len(a.marks) != 4 {
		t.Fatalf("%d steps in %d blocks: want %d in 4", a.Len(), len(a.marks), 4<<markShift)
	}
	b := r.Game(gb, "x.pgn", 1).Played
	wantB := positions(b)
	if got := positions(a); !slices.Equal(got, wantA) || slices.Equal(wantA, wantB) {
		t.Fatalf("a game not released has its positions changed by the next game's replay")
	}
	b.Release()
	for try := 0; try < 20; try++ {
		room, held := a.room, blocks(a)
		a.Release()
		if len(room.spare) < len(held) {
			t.Fatalf("a released game's room keeps %d of its %d blocks' positions", len(room.spare), len(held))
		}
		for _, pos := range held {
			if !slices.Contains(room.spare, pos) || *pos != (rules.Position{}) {
				t.Fatalf("a released game's block's position is not kept emptied: %v", *pos)
			}
		}
		p := r.Game(gb, "x.pgn", 1).Played
		if p.room != room {
			a = p
			continue
		}
		for _, pos := range blocks(p) {
			if !slices.Contains(held, pos) {
				t.Fatalf("the next game's block at %p is not one the released game held", pos)
			}
		}
		if got := positions(p); !slices.Equal(got, wantB) {
			t.Fatalf("the next game's positions in the released game's blocks:\n%q\nwant\n%q", got, wantB)
		}
		p.Release()
		return
	}
	t.Fatal("a released game's room never served the next game")
}
