package rules

import (
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestLegalMovesToMatchesLegalMoves plays random games under every built-in
// profile and checks, in every position reached, the two shortcuts the
// replayer takes: LegalMovesTo gives exactly the moves of LegalMoves of a
// kind to a square (in the same order), and HasLegalMove (with its quick
// path) agrees with the full list.
func TestLegalMovesToMatchesLegalMoves(t *testing.T) {
	t.Parallel() // CPU-heavy; no test here changes a package variable
	positions := 0
	randomGames(rand.New(rand.NewSource(7)), builtinSettings(), 6, func(name string, p *Position) []Move {
		positions++
		return checkShortcuts(t, name, p)
	})
	if positions < 1000 {
		t.Fatalf("only %d positions checked", positions)
	}
}

// TestSnipersMayCoversSliders checks that plainTo's gate on the pin test,
// snipersMay, holds every sniper on either king's lines (the enemy sliders
// of the profile's settings), and no more under the FIDE pieces, in the
// positions of random games of every built-in profile, and that the games
// meet snipers at all.
func TestSnipersMayCoversSliders(t *testing.T) {
	seen := 0
	randomGames(rand.New(rand.NewSource(11)), builtinSettings(), 4, func(name string, p *Position) []Move {
		for c := White; c <= Black; c++ {
			ksq := p.kingSq[c]
			rq, bq := p.sliders(c ^ 1)
			snipers := rookLines[ksq]&rq | bishopLines[ksq]&bq
			may := p.snipersMay(ksq, p.byColor[c^1])
			if snipers&^may != 0 || p.law&lawOldPieces == 0 && may != snipers {
				t.Fatalf("%s %s: snipers %#x, snipersMay %#x", name, p.FEN(), snipers, may)
			}
			if snipers != 0 {
				seen++
			}
		}
		return p.LegalMoves(nil)
	})
	if seen < 100 {
		t.Fatalf("only %d positions with a sniper", seen)
	}
}

// TestLegalMovesToPins checks the shortcuts in positions full of pins,
// checks and en passant captures, where random games seldom go: every
// position of tricky.perft and two plies beyond, and hand-made ones (two
// rooks on the king's rank, the nearer behind a knight: the knight is
// pinned by it, not by the further one; kings that castle to a square
// next to them).
func TestLegalMovesToPins(t *testing.T) {
	t.Parallel() // CPU-heavy; no test here changes a package variable
	fide, err := Lookup("fide")
	if err != nil {
		t.Fatal(err)
	}
	s := &fide.Settings
	fens := []string{
		"2R1R1nk/1p4rp/p1n2N2/6p1/1P6/2P5/P6P/2K5 b - - 2 1",
		"R3R1nk/8/8/8/8/8/8/K7 b - - 0 1",
		"k7/8/8/2KPp2r/8/8/8/8 w - e6 0 2",
		"4k3/8/8/8/8/8/4q3/R3K2R w KQ - 0 1",
		// Kings a step from where they castle to (Chess960 arrays): the
		// king's step to that square and castling there both.
		"r4k1r/8/8/8/8/8/8/R4K1R w KQkq - 0 1",
		"rk5r/8/8/8/8/8/8/RK5R b KQkq - 0 1",
	}
	data, err := os.ReadFile(filepath.Join("testdata", "tricky.perft"))
	if err != nil {
		t.Fatal(err)
	}
	for _, ln := range strings.Split(string(data), "\n") {
		if f, ok := strings.CutPrefix(ln, "epd "); ok {
			fens = append(fens, strings.TrimSpace(f))
		}
	}
	positions := 0
	for _, fen := range fens {
		p, err := ParseFEN(s, fen)
		if err != nil {
			continue // a Chess960 or otherwise unusable FEN for this test
		}
		for _, m := range checkShortcuts(t, "fide", p) {
			q := *p
			q.Play(m)
			for _, r := range checkShortcuts(t, "fide", &q) {
				u := q
				u.Play(r)
				checkShortcuts(t, "fide", &u)
				positions++
			}
		}
	}
	if positions < 10000 {
		t.Fatalf("only %d positions checked", positions)
	}
}

// TestLegalMovesToFurtherRules checks the shortcuts where legality is
// more than king safety: andhra's waiting pawns, converted by a capture
// of the man they wait for (one move per conversion, none when it would
// expose the capturer's king); stuck pawns (Hindustani,
// chaturanga-gollon), whose check a capture can make real by making their
// promotion available; mastu, maddat-mari, pawns-only-king=immune and
// stalemate=forbidden. Each profile also without the settings that make
// legality look further, under which other paths answer. Random games
// seldom reach these; each position is checked and two plies beyond.
func TestLegalMovesToFurtherRules(t *testing.T) {
	t.Parallel() // CPU-heavy; no test here changes a package variable
	andhra := []string{
		"P6P/8/3k4/8/8/8/7r/R3K2R b - - 0 1",
		"P2k4/8/8/8/8/8/r7/R3K2R b - - 0 1",
		"R5PP/4k3/8/2b5/8/2n5/8/4K3 b - - 0 1",
		"4k3/8/2p5/3p4/8/3R4/8/4K3 w - - 0 1",
		"8/8/8/3pk3/8/3R4/8/4K3 w - - 0 1",
		"4k3/7p/8/3n4/8/3R4/8/4K3 w - - 0 1",
		"4k2r/8/8/3n4/8/3R4/8/4K3 w - - 0 1",
	}
	stuck := []string{
		"4k3/8/8/8/8/8/p7/1K1n2nR w - - 0 1",
		"1k6/P7/8/8/8/8/8/RN2K1NR b - - 0 1",
		"r3k1nr/P7/8/8/8/8/8/1N2K1N1 b - - 0 1",
		"2k5/1P6/8/8/8/8/8/4KNN1 b - - 0 1",
		"k6b/6p1/6P1/8/8/8/8/2Q1K3 w - - 0 1",
		"k6b/6p1/6P1/8/8/8/3N4/2Q1K3 w - - 0 1",
	}
	cases := []struct {
		profile string
		edit    func(*Settings)
		fens    []string
	}{
		{"andhra", nil, andhra},
		{"andhra", func(s *Settings) { s.Capture = CaptureMaddatMari }, andhra},
		{"hindustani", nil, stuck},
		{"chaturanga-gollon", nil, stuck},
	}
	positions := 0
	for _, c := range cases {
		prof, err := Lookup(c.profile)
		if err != nil {
			t.Fatal(err)
		}
		s := prof.Settings
		if c.edit != nil {
			c.edit(&s)
		}
		plain := s
		plain.Capture, plain.Mastu, plain.PawnsOnlyKing = CaptureMaraMari, false, PawnsOnlyNormal
		if plain.Stalemate == StalemateForbidden {
			plain.Stalemate = StalemateDraw
		}
		for _, s := range []*Settings{&s, &plain} {
			for _, fen := range c.fens {
				p, err := ParseFEN(s, fen)
				if err != nil {
					t.Fatalf("%s %s: %v", c.profile, fen, err)
				}
				for _, m := range checkShortcuts(t, c.profile, p) {
					q := *p
					q.Play(m)
					for _, r := range checkShortcuts(t, c.profile, &q) {
						u := q
						u.Play(r)
						checkShortcuts(t, c.profile, &u)
						positions++
					}
				}
			}
		}
	}
	if positions < 1000 {
		t.Fatalf("only %d positions checked", positions)
	}
}

// checkShortcuts checks, in p, that LegalMovesTo gives exactly the moves
// of LegalMoves of each kind to each square (in the same order) and that
// HasLegalMove (with its quick paths) agrees with the full list, which it
// returns.
func checkShortcuts(t *testing.T, profile string, p *Position) []Move {
	t.Helper()
	all := p.LegalMoves(nil)
	if got := p.HasLegalMove(); got != (len(all) > 0) {
		t.Fatalf("%s %s: HasLegalMove %v, %d legal moves", profile, p.FEN(), got, len(all))
	}
	for k := NoKind; k <= King; k++ {
		for to := NoSquare; to < 64; to++ {
			var want []Move
			for _, m := range all {
				if k != NoKind && p.At(m.From).Kind() == k && (to == NoSquare || m.To == to) {
					want = append(want, m)
				}
			}
			got := p.LegalMovesTo(nil, k, to)
			if len(got) == 0 && len(want) == 0 {
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s %s: LegalMovesTo(%v, %v) = %v, LegalMoves gives %v", profile, p.FEN(), k, to, got, want)
			}
		}
	}
	return all
}

// TestMayGiveCheckCoversGivesCheck holds the cheap superset to the full
// test: in random games of every profile (and tricky.perft's positions,
// full of discovered checks, en passant and promotions), no legal move
// that gives check is answered "surely not", and some quiet moves are (or
// the superset would spare nothing).
func TestMayGiveCheckCoversGivesCheck(t *testing.T) {
	t.Parallel() // CPU-heavy; no test here changes a package variable
	rng := rand.New(rand.NewSource(11))
	checks, spared := 0, 0
	judge := func(name string, p *Position) []Move {
		// MayGiveCheck and isBare take the king's square as on the
		// board, unmasked and untested.
		for c := White; c <= Black; c++ {
			if k := p.kingSq[c]; uint8(k) > 63 || p.board[k] != MakePiece(c, King) {
				t.Fatalf("%s: %s: %s's king square %d holds no king of his", name, p.FEN(), c, k)
			}
		}
		all := p.LegalMoves(nil)
		for _, m := range all {
			gives, may := p.GivesCheck(m), p.MayGiveCheck(m)
			if gives && !may {
				t.Fatalf("%s: %s: %s gives check, but MayGiveCheck says it cannot", name, p.FEN(), m)
			}
			if gives {
				checks++
			}
			if !may {
				spared++
			}
		}
		return all
	}
	sets := builtinSettings()
	// The elephant that leaps along a rank or file is in no built-in
	// profile but is a setting of chaturanga's.
	chat, err := Lookup("chaturanga")
	if err != nil {
		t.Fatal(err)
	}
	dabbaba := chat.Settings
	dabbaba.Elephant = ElephantDabbaba
	sets = append(sets, namedSettings{"chaturanga elephant=dabbaba", dabbaba})
	playedPositions(t, rng, sets, 6, judge)
	if checks < 100 || spared < 1000 {
		t.Fatalf("only %d checking moves and %d spared moves seen", checks, spared)
	}
}
