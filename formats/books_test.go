package formats_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats/booknotation"
	"github.com/ashtapada/ashtapada/formats/jsongame"
	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
)

// bookFindings are the errors and the notation warnings the validator
// finds in the games of testdata/books, typed as the books print them
// (docs/notation-books.md lists them with what the book meant). Every
// other game must be valid.
var bookFindings = map[string][]string{
	"bird-chess-history-1893.pgn": {
		"game 5 218:20 ambiguous-move B takes P",
		"game 10 447:25 illegal-move Kt to Kt2",
	},
	"capablanca-chess-fundamentals-1921.pgn": {
		"game 7 328:4 lenient-notation P X P",
		"game 8 409:5 lenient-notation P K 4 !",
	},
	"lasker-chess-strategy-1915.pgn": {
		"game 2 77:15 lenient-notation KR-KI",
		"game 8 410:15 lenient-notation K-Rsq",
		"game 8 412:15 lenient-notation K-Ktsq",
		"game 8 414:15 lenient-notation R-Bsq",
		"game 8 415:15 lenient-notation R-Rsq",
		"game 8 416:15 lenient-notation R-Ksq",
		"game 8 417:15 lenient-notation R-Rsq",
		"game 8 419:15 lenient-notation R-Rsq",
		"game 13 655:14 lenient-notation B-KT5",
		"game 13 657:28 lenient-notation Kt-P",
		"game 15 799:34 illegal-move P-Kt",
		"game 15 799:34 lenient-notation P-Kt",
		"game 16 818:14 lenient-notation BxKtQ",
		"game 17 911:34 lenient-notation R-(B5)B7",
		"game 17 917:33 lenient-notation R-(B7)Kt7",
		"game 20 1034:30 illegal-move P-Kt2",
		"game 29 1440:14 lenient-notation PxP, e.p.",
		"game 32 1568:14 lenient-notation KR-Kt",
		"game 33 1606:30 ambiguous-move QxP",
		"game 44 2177:28 lenient-notation PXB",
		"game 47 2294:15 lenient-notation Q-Kt6!!!",
	},
	"herder-schach-de.pgn":          nil,
	"schachsinn-de.pgn":             nil,
	"wikibooks-schach-de.pgn":       nil,
	"scacchixcorrispondenza-it.pgn": nil,
	"contregambitphilidor-fr.pgn":   nil,
	"tce2024-fr.pgn":                nil,
	"correspondances-maitrisees-fr.pgn": {
		"game 1 10:250 ambiguous-move Td8",
	},
	"entrenadorajedrez-es.pgn":  nil,
	"alfieman-es.pgn":           nil,
	"panov-ru.pgn":              nil,
	"linuxinterflorence-en.pgn": nil,
	"ajschess-en.pgn": {
		"game 1 11:6 illegal-move Bg4!?",
	},
	"chessmicrobase-en.pgn":      nil,
	"ich-lerne-schach-de.pgn":    nil,
	"satishtalim-en.pgn":         nil,
	"blue-book-of-chess-pgn.pgn": nil,
	"inselschach-de.pgn":         nil,
	// Added with the sources of the second round (Dutch, Spanish and
	// Portuguese pages, more of the Blue Book).
	"krabbe-kortste-nl.pgn":           nil,
	"chessposter-es.pgn":              nil,
	"peonavanzado-es.pgn":             nil,
	"xadreznapraca-pt.pgn":            nil,
	"auladeenxadrista-pt.pgn":         nil,
	"blue-book-of-chess-bookrags.pgn": nil,
	"viriatovitch-pt.pgn":             nil,
	"blue-book-of-chess-1910.pgn": {
		"game 1 26:42 lenient-notation Q. B. to his 5th.",
	},
	"h2g2-en.pgn":          nil,
	"johnmackinnon-en.pgn": nil,
	"playchess-en.pgn": {
		"game 1 10:29 result-mismatch 1-0",
	},
	"chesshistory-en.pgn":      nil,
	"schachcookie-de.pgn":      nil,
	"trappole-it.pgn":          nil,
	"jeuechecs-fr.pgn":         nil,
	"chessterra-en.pgn":        nil,
	"elpais-es.pgn":            nil,
	"xadrezafonsino-pt.pgn":    nil,
	"tamerlano-it.pgn":         nil,
	"gambitchessplayer-en.pgn": nil,
}

// bookMisread names the games whose reading leaves the moves meant before
// its first error, and the ply where it does: the page's semicolons
// (1.e4 e5;   2.Nf3 d6) start PGN comments to the end of the line, so
// 2.Nf3 d6 is never read and 3.d4 stands as White's second move.
var bookMisread = map[string]map[int]int{
	"ajschess-en.pgn": {1: 3},
}

// The test set's size: games that read to their intended moves, and the
// sources (one file each) they come from.
const (
	minBookGames   = 135
	minBookSources = 38
)

// TestBookGames validates the games as printed, checks that each reads
// to the moves its book meant (the file's companion .intended, worked out
// apart from this reader), then converts each to SAN and to descriptive
// notation and reads both back: the same moves.
func TestBookGames(t *testing.T) {
	dir := filepath.Join(testenv.RepoRoot(), "testdata", "books")
	files, err := filepath.Glob(filepath.Join(dir, "*.pgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no book games in %s: %v", dir, err)
	}
	rp := replay.New(replay.Config{Steps: true})
	total, read, sources := 0, 0, 0
	for _, path := range files {
		name := filepath.Base(path)
		intended, notation := readIntended(t, strings.TrimSuffix(path, ".pgn")+".intended")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		games, err := grammar.ReadAll(bytes.NewReader(data), name)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		fileRead := 0
		for i, g := range games {
			total++
			if _, ok := g.Tag("Source"); !ok {
				t.Errorf("%s game %d: no Source tag", name, i+1)
			}
			res := rp.Game(g, name, i+1)
			// A game whose only errors are its printed result's
			// (result-mismatch: the page prints the wrong winner) is read
			// to its intended moves all the same, if it reads to them: the
			// moves are the book's, and the error stays among its findings.
			whole := res.Summary.Valid
			if !whole {
				whole = true
				for _, f := range res.Findings {
					whole = whole && (!f.IsError() || f.Rule == ruleid.ResultMismatch)
				}
			}
			// A game no reading reads whole keeps the notation of the
			// reading that got furthest; the others, the file's.
			if whole && g.Notation != notation {
				t.Errorf("%s game %d: read as %q, want %q", name, i+1, g.Notation, notation)
			}
			stop := 0 // the first ply an error stands at, 0 for none
			for _, f := range res.Findings {
				// The descriptive books' misprints that are read (P X P) are
				// lenient-notation warnings; elsewhere that rule names forms of
				// print (4…, 0-0) the pages use throughout, not misprints.
				if f.IsError() || f.Rule == "lenient-notation" && notation == record.DescriptiveNotation {
					got = append(got, fmt.Sprintf("game %d %d:%d %s %s", i+1, f.Line, f.Column, f.Rule, f.SAN))
				}
				if f.IsError() && f.Ply > 0 && (stop == 0 || f.Ply < stop) {
					stop = f.Ply
				}
			}
			want, ok := intended[i+1]
			if !ok {
				t.Errorf("%s game %d: no intended moves", name, i+1)
				continue
			}
			played := playedUCI(res.Played)
			if whole {
				if strings.Join(played, " ") != strings.Join(want, " ") {
					t.Errorf("%s game %d: read as\n%s\nthe book means\n%s", name, i+1, strings.Join(played, " "), strings.Join(want, " "))
					continue
				}
				fileRead++
				checkBookRoundTrip(t, rp, name, i+1, g)
				continue
			}
			// A misprint: the moves before it are the ones meant.
			n := min(len(played), len(want))
			if stop > 0 {
				n = min(n, stop-1)
			}
			if ply := bookMisread[name][i+1]; ply > 0 {
				if ply > n || played[ply-1] == want[ply-1] {
					t.Errorf("%s game %d: read as the moves meant up to ply %d, want it to leave them at ply %d", name, i+1, n, ply)
				}
				n = ply - 1
			}
			if strings.Join(played[:n], " ") != strings.Join(want[:n], " ") {
				t.Errorf("%s game %d: up to its misprint read as\n%s\nthe book means\n%s", name, i+1, strings.Join(played[:n], " "), strings.Join(want[:n], " "))
			}
		}
		if len(intended) != len(games) {
			t.Errorf("%s: %d games, %d with intended moves", name, len(games), len(intended))
		}
		sort.Strings(got)
		want := append([]string(nil), bookFindings[name]...)
		sort.Strings(want)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: findings\n%s\nwant\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		t.Logf("%s: %d of %d games read to their intended moves (%s)", name, fileRead, len(games), notation.Name())
		read += fileRead
		if fileRead > 0 {
			sources++
		}
	}
	if read < minBookGames || sources < minBookSources {
		t.Errorf("%d games of %d read to their intended moves, from %d sources: want at least %d games from %d sources", read, total, sources, minBookGames, minBookSources)
	}
}

// readIntended reads a book file's companion: a line "notation NAME" (the
// notation its games are read in) and, for each game, its number and the
// UCI moves the book means; # starts a comment line.
func readIntended(t *testing.T, path string) (map[int][]string, record.Notation) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the intended moves of %s: %v", filepath.Base(path), err)
	}
	games := map[int][]string{}
	notation, named := record.SAN, false
	for i, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 0 || strings.HasPrefix(f[0], "#"):
		case f[0] == "notation" && len(f) == 2:
			n, guess, err := grammar.ParseNotation(f[1])
			if err != nil || guess {
				t.Fatalf("%s:%d: notation %q: %v", path, i+1, f[1], err)
			}
			notation, named = n, true
		default:
			n, err := strconv.Atoi(f[0])
			if err != nil || n < 1 || games[n] != nil {
				t.Fatalf("%s:%d: want a game's number and its moves: %q", path, i+1, line)
			}
			games[n] = f[1:]
		}
	}
	if !named {
		t.Fatalf("%s: no notation line", path)
	}
	return games, notation
}

// playedUCI lists the moves a replay played, in UCI.
func playedUCI(p *replay.Played) []string {
	out := make([]string, p.Len())
	for i := range out {
		out[i] = p.Move(i).UCI()
	}
	return out
}

// checkBookRoundTrip: the game converted to SAN, to descriptive in the
// shortest form and to JSON (which keeps the moves as written) reads back
// as the same moves.
func checkBookRoundTrip(t *testing.T, rp *replay.Replayer, name string, index int, g *record.Game) {
	t.Helper()
	tr := rp.Game(g, "", 1).Played
	var san bytes.Buffer
	sg, err := notation.ToSAN(g, tr, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := pgn.NewWriter(&san).Write(sg); err != nil {
		t.Fatal(err)
	}
	var desc bytes.Buffer
	if err := booknotation.WriteGame(&desc, g, tr, record.DescriptiveNotation, false); err != nil {
		t.Fatalf("%s game %d: %v", name, index, err)
	}
	// JSON keeps the moves as written: read back, they are the same.
	j, err := jsongame.GameFromJSON(jsongame.GameToJSON(g))
	if err != nil {
		t.Fatalf("%s game %d: JSON: %v", name, index, err)
	}
	if j.Notation != g.Notation {
		t.Errorf("%s game %d: JSON lost the notation: %q, read as %q", name, index, j.Notation, g.Notation)
	}
	for _, back := range []struct {
		text string
		n    record.Notation
		g    *record.Game
	}{{san.String(), record.SAN, nil}, {desc.String(), record.DescriptiveNotation, nil}, {"", g.Notation, j}} {
		g2 := back.g
		if g2 == nil {
			r := grammar.NewReader(strings.NewReader(back.text), name)
			r.SetNotation(back.n)
			r.SetGuess(false)
			g2, err = r.Next()
			if err != nil {
				t.Fatal(err)
			}
		}
		tr2 := rp.Game(g2, "", 1).Played
		if tr2.Len() != tr.Len() {
			t.Errorf("%s game %d in %s: %d plies read back of %d\n%s", name, index, back.n, tr2.Len(), tr.Len(), back.text)
			continue
		}
		for i := range tr.Len() {
			if tr.SAN(i) != tr2.SAN(i) {
				t.Errorf("%s game %d in %s, ply %d: %s read back as %s", name, index, back.n, i+1, tr.SAN(i), tr2.SAN(i))
				break
			}
		}
	}
}
