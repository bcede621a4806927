package jsongame

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// encodingJSON is the game's JSON as encoding/json writes it, without HTML
// escaping: the bytes the reflection-free writer (json_append.go) gives.
func encodingJSON(t testing.TB, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// TestJSONAppendMatchesEncodingJSON: the reflection-free writer gives the
// bytes encoding/json gives, for every game of the data files (with the
// derived fields of the replay) and for objects with every field set,
// nil lists, and strings that need escaping.
func TestJSONAppendMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	files := repoRecords(t)
	rp := replay.New(replay.Config{Steps: true})
	games := 0
	for path, gs := range files {
		for i, g := range gs {
			j := GameToJSON(g)
			j.Game = i + 1
			if g.SyntaxError() == nil {
				AddPlayed(j, rp.Game(g, "", 0).Played)
			}
			want := encodingJSON(t, j)
			if got := j.appendJSON(nil); !bytes.Equal(got, want) {
				t.Fatalf("%s game %d:\n got %s\nwant %s", path, i+1, got, want)
			}
			games++
		}
	}
	t.Logf("%d games", games)

	odd := "a\"b\\c\b\f\n\r\t\x00\x01\x1f\x7f<>& é \u2028\u2029 \xff\xfe end\xe2\x82"
	n, d := 3, 0
	full := &Game{
		Game: 7, Pos: &[3]int{1, 2, 3},
		Tags:     []Tag{{Name: "Event", Value: odd, Pos: &[3]int{0, -1, 5}}, {Name: odd, Value: ""}},
		Profile:  "fide",
		Settings: map[string]string{"z": "1", "a": odd, "m": ""},
		Moves: []Node{
			{Kind: "move", Pos: &[3]int{4, 5, 6}, Text: &odd, Move: &Move{
				Written: "Nbxd2=Q/a8=N+!?", Null: true, Piece: "N", Leap: true, Castle: "short", FromFile: "b", FromRank: "1",
				Capture: true, To: "d2", Promotion: "Q", Conversion: &Conversion{Square: "a8", Piece: "N"},
				Check: "+", Glyph: "!?", Joined: true, Lenient: []string{"long", odd}, Notation: "descriptive"},
				Played: &Played{Ply: 1, SAN: "Nbxd2", LAN: "Nb1xd2", UCI: "b1d2", From: "b1", To: "d2", Capture: true,
					Check: true, Mate: true, Leap: true, Promotion: "Q", Waiting: true, Conversion: "a8=N", TurnIndex: 2, FENAfter: "8/8 w - - 0 1"}},
			{Kind: "number", Number: &n, Dots: &d},
			{Kind: "variation", Variation: []Node{{Kind: "comment", Text: &odd}}},
			{Kind: "variation", Variation: []Node{}},
			{Kind: "move", Move: &Move{}, Played: &Played{}},
		},
		Result: "1-0", BookNotation: "descriptive", ResultPos: &[3]int{9, 9, 9},
		Notices:        []Notice{{Pos: &[3]int{1, 1, 0}, Rule: "r", Severity: "warning", Message: odd}, {}},
		Source:         &odd,
		SourceBase64:   &odd,
		Trailing:       &odd,
		TrailingBase64: &odd,
		TrailingPos:    &[3]int{2, 3, 4},
	}
	everyFieldSet(t, *full)
	everyFieldSet(t, full.Tags[0])
	everyFieldSet(t, full.Notices[0])
	everyFieldSet(t, full.Moves[0], full.Moves[1], full.Moves[2])
	everyFieldSet(t, *full.Moves[0].Move)
	everyFieldSet(t, *full.Moves[0].Move.Conversion)
	everyFieldSet(t, *full.Moves[0].Played)
	for name, j := range map[string]*Game{
		"every field": full,
		"empty":       {},
		"empty lists": {Tags: []Tag{}, Moves: []Node{}, Settings: map[string]string{}, Notices: []Notice{}},
	} {
		if got, want := j.appendJSON(nil), encodingJSON(t, j); !bytes.Equal(got, want) {
			t.Errorf("%s:\n got %s\nwant %s", name, got, want)
		}
	}
}

// everyFieldSet fails unless every field of the structs in vs is set in
// at least one of them: the object with every field set, compared with
// encoding/json's bytes above, then covers every field of the JSON types,
// and a field added to them and not to json_append.go fails the test.
func everyFieldSet(t *testing.T, vs ...any) {
	t.Helper()
	ty := reflect.TypeOf(vs[0])
	for i := 0; i < ty.NumField(); i++ {
		set := false
		for _, v := range vs {
			set = set || !reflect.ValueOf(v).Field(i).IsZero()
		}
		if !set {
			t.Errorf("%s.%s is set in no test object", ty.Name(), ty.Field(i).Name)
		}
	}
}

// FuzzJSONString: appendJSONString quotes any bytes as encoding/json does.
func FuzzJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b\\c", "\x00\x1f\x7f", "<>&", "é\u2028\u2029", "\xff", "\xe2\x82", "\xed\xa0\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := appendJSONString(nil, s), encodingJSON(t, s); !bytes.Equal(got, want) {
			t.Errorf("%q:\n got %s\nwant %s", s, got, want)
		}
	})
}

// repoRecords reads the games of the repository's record files (corpus/,
// testdata/ and the packages' testdata): the first games of each in the
// fast tier, all of them in a long run (internal/testenv).
func repoRecords(t *testing.T) map[string][]*record.Game {
	t.Helper()
	root := testenv.RepoRoot()
	out := map[string][]*record.Game{}
	for _, p := range testenv.RecordFiles(t, root) {
		if rel, _ := filepath.Rel(root, p); !strings.HasPrefix(rel, "corpus") && !strings.Contains(rel, "testdata") {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		r := grammar.NewReader(bytes.NewReader(data), p)
		for len(out[p]) < testenv.Limit(100, 1<<30) {
			g, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			out[p] = append(out[p], g)
		}
	}
	if len(out) == 0 {
		t.Fatal("no record files found in corpus/ or a testdata folder")
	}
	return out
}

// TestJSONPlainTextAsChars: what jsonPlainText says is plain,
// appendJSONChars copies as it is (the compact moves' SANs are then
// appended whole), and a SAN's ASCII is plain; what is escaped is not.
func TestJSONPlainTextAsChars(t *testing.T) {
	for _, s := range []string{"", "Nf3", "exd8=Q#", "O-O-O", "Kc2~", "Nb1/c3=N", "a\"b", "a\\b", "e4\n", "\x7f", "\x01", "é", "\xff"} {
		asIs := string(appendJSONChars(nil, s)) == s
		// Beyond ASCII it need not say (the SANs are ASCII).
		want := asIs
		for i := range len(s) {
			want = want && s[i] < 0x80
		}
		if got := jsonPlainText(s); got != want {
			t.Errorf("jsonPlainText(%q) = %v, want %v (appendJSONChars copies it as it is: %v)", s, got, want, asIs)
		}
	}
}

// TestJSONPlainTextWords: jsonPlainText, which reads eight bytes at a
// time, says plain of a text exactly when each of its bytes is plain
// (jsonPlain), for every byte value at every place of texts of 1 to 20
// bytes: in the words, past them, and in the last bytes read one by one.
func TestJSONPlainTextWords(t *testing.T) {
	for n := 1; n <= 20; n++ {
		for at := range n {
			for c := range 256 {
				b := []byte(strings.Repeat("N", n))
				b[at] = byte(c)
				if got, want := jsonPlainText(string(b)), jsonPlain[c]; got != want {
					t.Fatalf("jsonPlainText(%q) = %v, want %v", b, got, want)
				}
			}
		}
	}
}
