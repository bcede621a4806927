package rules

import (
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestLegalMovesToSetMatchesLegalMoves checks LegalMovesToSet against the
// full list: in random games under every built-in profile and in the
// positions of tricky.perft (pins, checks, en passant, promotions, one
// ply beyond each), for every kind and a spread of square sets (every
// square, none, one rank, two files, the squares of the enemy's men of a
// kind, random sets), it gives exactly the moves of LegalMoves of that
// kind to those squares, in the same order.
func TestLegalMovesToSetMatchesLegalMoves(t *testing.T) {
	t.Parallel() // CPU-heavy; no test here changes a package variable
	rng := rand.New(rand.NewSource(17))
	positions, nonEmpty := 0, 0
	check := func(profile string, p *Position) []Move {
		t.Helper()
		all := p.LegalMoves(nil)
		them := p.SideToMove().Other()
		sets := []uint64{^uint64(0), 0, 0xff << 24, 0x2424242424242424, rng.Uint64(), rng.Uint64() & rng.Uint64()}
		for k := Pawn; k <= King; k++ {
			sets = append(sets, p.Men(them, k))
		}
		if p.EnPassant() != NoSquare {
			sets = append(sets, p.Men(them, Pawn)|bb(p.EnPassant()))
		}
		for k := NoKind; k <= King; k++ {
			for _, set := range sets {
				var want []Move
				for _, m := range all {
					if k != NoKind && p.At(m.From).Kind() == k && set&bb(m.To) != 0 {
						want = append(want, m)
					}
				}
				got := p.LegalMovesToSet(nil, k, set)
				if len(got) == 0 && len(want) == 0 {
					continue
				}
				nonEmpty++
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s %s: LegalMovesToSet(%v, %#x) = %v, LegalMoves gives %v", profile, p.FEN(), k, set, got, want)
				}
			}
		}
		positions++
		return all
	}
	playedPositions(t, rng, builtinSettings(), 4, check)
	if positions < 2000 || nonEmpty < 10000 {
		t.Fatalf("only %d positions and %d non-empty lists checked", positions, nonEmpty)
	}
}

// namedSettings is a set of rules and the name a failure reports it by.
type namedSettings struct {
	name string
	s    Settings
}

// randomGames hands fn (which returns the legal moves of the position it
// is given, none to end the game) the positions of games random games of
// up to 160 plies each under each of sets, moves drawn from rng.
func randomGames(rng *rand.Rand, sets []namedSettings, games int, fn func(name string, p *Position) []Move) {
	for _, set := range sets {
		s := set.s
		for game := 0; game < games; game++ {
			p := NewPosition(&s)
			for ply := 0; ply < 160; ply++ {
				all := fn(set.name, p)
				if len(all) == 0 {
					break
				}
				p.Play(all[rng.Intn(len(all))])
			}
		}
	}
}

// builtinSettings is every built-in profile's settings, by name.
func builtinSettings() []namedSettings {
	var sets []namedSettings
	for _, prof := range Profiles() {
		sets = append(sets, namedSettings{prof.Name, prof.Settings})
	}
	return sets
}

// playedPositions hands fn (which returns the legal moves of the position
// it is given) the positions of random games under each of sets
// (randomGames), then every position of tricky.perft under fide and one
// ply beyond each.
func playedPositions(t *testing.T, rng *rand.Rand, sets []namedSettings, games int, fn func(name string, p *Position) []Move) {
	t.Helper()
	randomGames(rng, sets, games, fn)
	fide, err := Lookup("fide")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join("testdata", "tricky.perft"))
	if err != nil {
		t.Fatal(err)
	}
	for _, ln := range strings.Split(string(data), "\n") {
		fen, ok := strings.CutPrefix(ln, "epd ")
		if !ok {
			continue
		}
		p, err := ParseFEN(&fide.Settings, strings.TrimSpace(fen))
		if err != nil {
			continue // a Chess960 or otherwise unusable FEN for this test
		}
		for _, m := range fn("tricky.perft", p) {
			q := *p
			q.Play(m)
			fn("tricky.perft", &q)
		}
	}
}
