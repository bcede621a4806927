package pgn_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats/internal/formattest"
	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
)

func formatBytes(t *testing.T, src []byte, name string) ([]byte, pgn.FormatStats) {
	t.Helper()
	var out bytes.Buffer
	st, err := pgn.Format(&out, bytes.NewReader(src), name, nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out.Bytes(), st
}

// dataFiles reads every .pgn file of the shared data (the .xz corpus is
// TestCorpus100k's); the fast tier leaves out those that merely extend
// another (formattest.DropExtensions).
func dataFiles(t *testing.T) map[string][]byte {
	t.Helper()
	root := testenv.SharedDir(t, "data")
	files := map[string][]byte{}
	for _, p := range testenv.RecordFiles(t, root) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[p] = b
	}
	if !testenv.IsLong() {
		files = formattest.DropExtensions(t, files)
	}
	return files
}

// TestRoundTripData: for every file of the shared data, parse → write →
// parse gives the same record, writing again gives the same bytes, and the
// reader finds as many games as the file has.
func TestRoundTripData(t *testing.T) {
	t.Parallel() // a data test (package formattest)
	for path, src := range dataFiles(t) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			games, err := grammar.ReadAll(bytes.NewReader(src), name)
			if err != nil {
				t.Fatal(err)
			}
			if want, ok := independentCount(src); ok && len(games) != want {
				t.Errorf("read %d games, the file has %d", len(games), want)
			}
			out, st := formatBytes(t, src, name)
			if st.Games != len(games) {
				t.Errorf("pgn.Format saw %d games, ReadAll %d", st.Games, len(games))
			}
			again, err := grammar.ReadAll(bytes.NewReader(out), name)
			if err != nil {
				t.Fatal(err)
			}
			if len(again) != len(games) {
				t.Fatalf("canonical output has %d games, input %d", len(again), len(games))
			}
			for i := range games {
				if (games[i].SyntaxError() == nil) != (again[i].SyntaxError() == nil) {
					t.Fatalf("game %d: syntax error %v before, %v after", i+1, games[i].SyntaxError(), again[i].SyntaxError())
				}
				if games[i].SyntaxError() != nil {
					if !bytes.Equal(games[i].Source, again[i].Source) {
						t.Errorf("game %d: broken game not passed through byte for byte", i+1)
					}
					continue
				}
				if d := formattest.SameRecord(games[i], again[i]); d != "" {
					t.Fatalf("game %d (line %d) changed by the round trip: %s", i+1, games[i].Pos.Line, d)
				}
			}
			out2, _ := formatBytes(t, out, name)
			if !bytes.Equal(out, out2) {
				i := 0
				for i < len(out) && i < len(out2) && out[i] == out2[i] {
					i++
				}
				lo := max(0, i-200)
				t.Fatalf("formatting twice differs at byte %d:\n%q\nvs\n%q", i, out[lo:min(len(out), i+100)], out2[lo:min(len(out2), i+100)])
			}
		})
	}
}

// independentCount counts games without the reader: lines that start a tag
// section (a `[` line after a non-tag line), which is every game in the
// shared data that has tags. Files with tagless games are not counted.
func independentCount(src []byte) (int, bool) {
	src = bytes.TrimPrefix(src, []byte{0xEF, 0xBB, 0xBF})
	n := 0
	inTags := false
	tagless := false
	for _, line := range bytes.Split(src, []byte("\n")) {
		line = bytes.TrimRight(line, "\r")
		switch {
		case bytes.HasPrefix(line, []byte("[")):
			if !inTags {
				n++
			}
			// Movetext may follow the tag on its line.
			inTags = bytes.HasSuffix(bytes.TrimSpace(line), []byte("]"))
		case len(bytes.TrimSpace(line)) == 0:
		default:
			if !inTags && n == 0 {
				tagless = true
			}
			inTags = false
		}
	}
	return n, !tagless
}

// TestCorpus100k streams corpus-100k.pgn.xz (75 MB unpacked) through pgn.Format
// twice: 100,000 games, no syntax error, and formatting is idempotent. It
// runs in the long tier only.
func TestCorpus100k(t *testing.T) {
	testenv.Long(t, "100,000 games formatted twice")
	p := testenv.SharedDir(t, "data", "fide", "corpus-100k.pgn.xz")
	xz := testenv.NeedTool(t, "xz")
	src, err := exec.Command(xz, "-dc", p).Output()
	if err != nil {
		t.Fatalf("cannot unpack %s: %v", p, err)
	}
	var out bytes.Buffer
	broken := 0
	st, err := pgn.Format(&out, bytes.NewReader(src), "corpus-100k.pgn", func(g *record.Game) { broken++ })
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := independentCount(src); st.Games != want || want != 100000 {
		t.Errorf("%d games read, the file has %d", st.Games, want)
	}
	if broken != 0 {
		t.Errorf("%d games with syntax notices", broken)
	}
	var out2 bytes.Buffer
	if _, err := pgn.Format(&out2, bytes.NewReader(out.Bytes()), "corpus-100k.pgn", nil); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), out2.Bytes()) {
		t.Error("formatting twice gives different bytes")
	}
}

// TestCanonicalForms pins the canonical spelling of small records.
func TestCanonicalForms(t *testing.T) {
	tests := []struct{ in, want string }{
		{"1. e4 () e5 *", "1. e4 () 1... e5 *\n"},
		{"1. e4 ((e5)) *", "1. e4 ((1. e5)) *\n"},
		{"e4 e5 0-0 Z0 e8Q e2-e4 Ng1f3 K~d3 Bxg1/b8=N+ *", "1. e4 e5 2. O-O -- 3. e8=Q e2-e4 4. Ng1f3 K~d3 5. Bxg1/b8=N+ *\n"},
		{"1. e3,Nf3,g3 e6,Nf6,g6 2. Bg2 Bg7 *", "1. e3,Nf3,g3 1... e6,Nf6,g6 2. Bg2 Bg7 *\n"},
		{"1. e4 ; rest\n% esc\ne5 $1 {c} Nf3 *", "1. e4 ; rest\n% esc\n1... e5 $1 {c} 2. Nf3 *\n"},
		{"[Site \"s\"]\n[Foo \"f\"]\n[Event \"e\"]\n\n1. d4 1-0 junk", "[Event \"e\"]\n[Site \"s\"]\n[Foo \"f\"]\n\n1. d4 1-0\n\njunk"},
		{"[FEN \"8/8/8/8/8/8/8/K6k b - - 0 40\"]\n\nKh2 Kb2 *", "[FEN \"8/8/8/8/8/8/8/K6k b - - 0 40\"]\n\n40... Kh2 41. Kb2 *\n"},
	}
	for _, tc := range tests {
		out, _ := formatBytes(t, []byte(tc.in), "c.pgn")
		if string(out) != tc.want {
			t.Errorf("%q\n got %q\nwant %q", tc.in, out, tc.want)
		}
	}
	// Wrapping: no line longer than pgn.LineWidth, and a number stays with its move.
	var sb strings.Builder
	for i := 1; i <= 60; i++ {
		fmt.Fprintf(&sb, "%d. Nf3 Nf6 ", i)
	}
	sb.WriteString("*")
	out, _ := formatBytes(t, []byte(sb.String()), "w.pgn")
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if len(line) > pgn.LineWidth {
			t.Errorf("line of %d bytes: %q", len(line), line)
		}
		if strings.HasSuffix(line, ".") {
			t.Errorf("line ends with a move number: %q", line)
		}
	}
}
