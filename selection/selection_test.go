package selection

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
)

func game(tags ...string) *record.Game {
	g := &record.Game{}
	for i := 0; i+1 < len(tags); i += 2 {
		g.Tags = append(g.Tags, record.Tag{Name: tags[i], Value: tags[i+1]})
	}
	return g
}

func TestNumbers(t *testing.T) {
	t.Parallel()
	s, err := Parse([]string{"3", "5-7,10-"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for n, want := range map[int]bool{1: false, 2: false, 3: true, 4: false, 5: true, 7: true, 8: false, 9: false, 10: true, 1000: true} {
		if got := s.Number(n); got != want {
			t.Errorf("Number(%d) = %v, want %v", n, got, want)
		}
	}
	if s.Past(11) {
		t.Error("10- is open: nothing is past")
	}
	closed, _ := Parse([]string{"2,4-6"}, nil)
	for n, want := range map[int]bool{1: false, 6: false, 7: true, 100: true} {
		if got := closed.Past(n); got != want {
			t.Errorf("Past(%d) = %v, want %v", n, got, want)
		}
	}
	if got := s.String(); got != "--game 3,5-7,10-" {
		t.Errorf("String() = %q", got)
	}
}

func TestEveryGame(t *testing.T) {
	t.Parallel()
	var none *Selection
	empty, err := Parse(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []*Selection{none, empty} {
		if !s.All() || s.ByTags() || !s.Number(99) || s.Past(99) || !(s.Number(1) && s.Tags(game("White", "x"))) {
			t.Errorf("%#v does not choose every game", s)
		}
	}
}

func TestBadValues(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		games, where []string
		want         string
	}{
		{[]string{"0"}, nil, "numbered from 1"},
		{[]string{"x"}, nil, `"x" is not a game number`},
		{[]string{"3,"}, nil, "an empty item"},
		{[]string{"7-3"}, nil, "runs backwards"},
		{[]string{"-3"}, nil, "is not a game number"},
		{nil, []string{"White"}, "write TAG=GLOB"},
		{nil, []string{"=Morphy"}, "write TAG=GLOB"},
		{nil, []string{"Whi te=x"}, "is not a tag name"},
		{nil, []string{"White~(unclosed"}, "the regular expression"},
	} {
		_, err := Parse(c.games, c.where)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q, %q) = %v, want an error with %q", c.games, c.where, err, c.want)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "--") {
			t.Errorf("the error does not name its flag: %v", err)
		}
	}
}

func TestWhere(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		where string
		g     *record.Game
		want  bool
	}{
		{"White=Morphy*", game("White", "Morphy, Paul"), true},
		{"White=Morphy*", game("White", "Paul Morphy"), false},            // a glob matches the whole value
		{"White=*Morphy*", game("White", "Paul Morphy, Jr."), true},       // * is any text
		{"Event=Paris/London*", game("Event", "Paris/London 1858"), true}, // slashes are text
		{"Date=1858.??.??", game("Date", "1858.10.01"), true},
		{"Date=1858.??.??", game("Date", "1858.10.1"), false},
		{"Round=1.2", game("Round", "1x2"), false}, // a dot is a dot
		{"Annotator=", game("White", "x"), true},   // a missing tag's value is empty
		{"Annotator=*", game(), true},
		{"White~orph", game("White", "Morphy"), true}, // found anywhere
		{"White~^orph", game("White", "Morphy"), false},
		{"white=Morphy", game("White", "Morphy"), false}, // tag names are case-sensitive, as PGN's
		{"Result=1-0", game("Result", "1-0"), true},
		{"Opening=a~b", game("Opening", "a~b"), true}, // the first sign decides
	} {
		s, err := Parse(nil, []string{c.where})
		if err != nil {
			t.Fatalf("%s: %v", c.where, err)
		}
		if got := s.Tags(c.g); got != c.want {
			t.Errorf("--where %s on %v: %v, want %v", c.where, c.g.Tags, got, c.want)
		}
	}
	both, _ := Parse([]string{"2"}, []string{"White=A*", "Black=B*"})
	if !(both.Number(2) && both.Tags(game("White", "Anna", "Black", "Bob"))) || (both.Number(2) && both.Tags(game("White", "Anna", "Black", "Cy"))) || (both.Number(1) && both.Tags(game("White", "Anna", "Black", "Bob"))) {
		t.Error("every condition must hold")
	}
}

// A huge game is chosen by its tags without its moves being read: only
// the tag section is given to the grammar.
func TestChunkTagsReadsTheTagsOnly(t *testing.T) {
	t.Parallel()
	head := "[Event \"Casual\"]\n\n[White \"Morphy, Paul\"]\n[Black \"Anderssen\"]\n\n"
	moves := "1. e4 e5 2. Nf3 {a [White \"Nobody\"] comment} Nc6 *\n"
	ch := grammar.Chunk{Data: []byte(head + moves)}
	if got := tagSection(ch); string(got.Data) != head {
		t.Errorf("the tag section is %q, want %q", got.Data, head)
	}
	for where, want := range map[string]bool{"White=Morphy*": true, "Black=Anderssen": true, "White=Nobody": false} {
		s, _ := Parse(nil, []string{where})
		if got := s.ChunkTags(ch, "x.pgn"); got != want {
			t.Errorf("--where %s: %v, want %v", where, got, want)
		}
	}
	if got := tagSection(grammar.Chunk{Data: []byte(moves)}); len(got.Data) != 0 {
		t.Errorf("a game without tags has the tag section %q", got.Data)
	}
}

// ChunkTags, which reads a game's tag section only, chooses what Tags
// chooses on the game read whole, for every game of the corpus and the
// test data, on a condition made from the game's own tags and on one
// that fails.
func TestChunkTagsAgreesWithTheWholeGame(t *testing.T) {
	t.Parallel()
	files := testenv.RecordFiles(t, "../corpus", "../testdata")
	games := 0
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sp := grammar.NewSplitter(bytes.NewReader(b))
		for {
			ch, err := sp.Next()
			if err != nil {
				break
			}
			whole := grammar.ParseChunk(ch, p)
			conds := []string{"White=no such player"}
			if len(whole.Tags) > 0 {
				tg := whole.Tags[len(whole.Tags)-1]
				conds = append(conds, tg.Name+"="+strings.NewReplacer("*", "?", "?", "?").Replace(tg.Value))
			}
			for _, c := range conds {
				s, err := Parse(nil, []string{c})
				if err != nil {
					continue // a tag name the flag cannot hold
				}
				if got, want := s.ChunkTags(ch, p), s.Tags(whole); got != want {
					t.Errorf("%s:%d: --where %s: %v on the tag section, %v on the whole game", p, ch.Pos.Line, c, got, want)
				}
			}
			games++
		}
	}
	if games < 100 {
		t.Fatalf("only %d games: the corpus is not where the test looks", games)
	}
}
