package formats

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
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
}

// TestBookGames validates the games as printed, then converts each to SAN
// and to descriptive notation and reads both back: the same moves.
func TestBookGames(t *testing.T) {
	dir := filepath.Join(testenv.RepoRoot(), "testdata", "books")
	files, err := filepath.Glob(filepath.Join(dir, "*.pgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no book games in %s: %v", dir, err)
	}
	rp := replay.New(replay.Config{Steps: true})
	total := 0
	for _, path := range files {
		name := filepath.Base(path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		games, err := grammar.ReadAll(bytes.NewReader(data), name)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i, g := range games {
			total++
			if _, ok := g.Tag("Source"); !ok {
				t.Errorf("%s game %d: no Source tag", name, i+1)
			}
			if g.Notation != record.DescriptiveNotation {
				t.Errorf("%s game %d: read as %q, want descriptive", name, i+1, g.Notation)
			}
			res := rp.Game(g, name, i+1)
			for _, f := range res.Findings {
				if f.IsError() || f.Rule == "lenient-notation" {
					got = append(got, fmt.Sprintf("game %d %d:%d %s %s", i+1, f.Line, f.Column, f.Rule, f.SAN))
				}
			}
			if !res.Summary.Valid {
				continue
			}
			checkBookRoundTrip(t, rp, name, i+1, g)
		}
		sort.Strings(got)
		want := append([]string(nil), bookFindings[name]...)
		sort.Strings(want)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: findings\n%s\nwant\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	if total < 20 {
		t.Errorf("%d book games, want at least 20", total)
	}
}

// checkBookRoundTrip: the game converted to SAN, and to descriptive in
// the shortest form, reads back as the same moves.
func checkBookRoundTrip(t *testing.T, rp *replay.Replayer, name string, index int, g *record.Game) {
	t.Helper()
	tr := rp.Game(g, "", 1).Played
	var san bytes.Buffer
	sg, err := ToSAN(g, tr, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := NewPGNWriter(&san).Write(sg); err != nil {
		t.Fatal(err)
	}
	var desc bytes.Buffer
	if err := WriteNotationGame(&desc, g, tr, record.DescriptiveNotation, false); err != nil {
		t.Fatalf("%s game %d: %v", name, index, err)
	}
	// JSON keeps the moves as written: read back, they are the same.
	j, err := GameFromJSON(GameToJSON(g))
	if err != nil {
		t.Fatalf("%s game %d: JSON: %v", name, index, err)
	}
	if j.Notation != record.DescriptiveNotation {
		t.Errorf("%s game %d: JSON lost the notation: %q", name, index, j.Notation)
	}
	for _, back := range []struct {
		text string
		n    record.Notation
		g    *record.Game
	}{{san.String(), record.SAN, nil}, {desc.String(), record.DescriptiveNotation, nil}, {"", record.DescriptiveNotation, j}} {
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
