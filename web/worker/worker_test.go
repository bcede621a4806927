package worker

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/compresstest"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/report"
)

// run checks one file of corpus/ as the page does, in batches of two
// games, and returns its games.
func run(t *testing.T, rel string, o Options) (*Checker, []Game) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testenv.RepoRoot(), rel))
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewChecker(o)
	if err != nil {
		t.Fatal(err)
	}
	var games []Game
	var read int64
	n, err := c.Run(bytes.NewReader(data), rel, 2, func(b Batch) bool {
		if b.Read < read || b.Read > int64(len(data)) {
			t.Errorf("%s: a batch says %d bytes read, after %d, of %d", rel, b.Read, read, len(data))
		}
		read = b.Read
		games = append(games, b.Games...)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if read != int64(len(data)) {
		t.Errorf("%s: the last batch says %d bytes read of %d", rel, read, len(data))
	}
	if n != c.Games() {
		t.Errorf("%s: Run says %d games, Games %d", rel, n, c.Games())
	}
	return c, games
}

// TestRunIsValidate: what the worker hands the page, written as
// `validate --format jsonl` writes it, is each corpus file's golden
// output, byte for byte.
func TestRunIsValidate(t *testing.T) {
	files := testenv.RecordFiles(t, filepath.Join(testenv.RepoRoot(), "corpus"))
	for _, f := range files {
		rel, _ := filepath.Rel(testenv.RepoRoot(), f)
		rel = filepath.ToSlash(rel)
		// The hint is off by default: its record shows it on (as the
		// command line's corpus test does).
		_, games := run(t, rel, Options{Hints: filepath.Base(rel) == "also-valid-as.pgn"})
		var got bytes.Buffer
		rw, err := report.New("jsonl", &got, report.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range games {
			if err := rw.Game(&replay.Result{Summary: g.Summary, Findings: g.Findings}); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(strings.TrimSuffix(f, ".pgn") + ".golden.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != string(want) {
			t.Errorf("%s: the worker's verdicts differ from validate --format jsonl's (the golden file):\n%s", rel, firstDiff(got.String(), string(want)))
		}
	}
}

// firstDiff is the first line where two outputs differ.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range max(len(al), len(bl)) {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "worker: " + x + "\nwant:   " + y
		}
	}
	return ""
}

// TestView: a game's view holds the viewer, its forms and a FEN per ply;
// a game without a profile tag gets detect's answer, a tagged one not.
func TestView(t *testing.T) {
	c, games := run(t, "corpus/shatranj/showcase.pgn", Options{})
	v, err := c.View(1)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.FENs) != games[0].Summary.Plies+1 {
		t.Errorf("game 1 of %d plies: %d FENs", games[0].Summary.Plies, len(v.FENs))
	}
	if !strings.Contains(v.Viewer, `<section class="game"`) || !strings.HasPrefix(v.PGN, "[Event ") || v.UCI == "" || v.SAN == "" {
		t.Errorf("game 1's view lacks a form: viewer %d bytes, PGN %q…, UCI %d bytes, SAN %d bytes", len(v.Viewer), v.PGN[:min(20, len(v.PGN))], len(v.UCI), len(v.SAN))
	}
	if !games[0].Tagged || v.Detected != nil {
		t.Errorf("a tagged game: Tagged %v, Detected %+v", games[0].Tagged, v.Detected)
	}
	if _, err := c.View(len(games) + 1); err == nil {
		t.Error("a view of a game past the last: no error")
	}

	c, games = run(t, "corpus/rules/illegal-move-descriptive.pgn", Options{})
	for i, g := range games {
		if g.Tagged {
			continue
		}
		v, err := c.View(i + 1)
		if err != nil {
			t.Fatal(err)
		}
		if v.Detected == nil || v.Detected.Verdict == "" {
			t.Errorf("game %d names no profile: no detect verdict in its view", i+1)
		}
		return
	}
	t.Skip("no untagged game in the record")
}

// TestOptions: a bad option is one error before any game.
func TestOptions(t *testing.T) {
	for _, o := range []Options{{Rules: "no-such-profile"}, {Set: []string{"no-such-setting=1"}}, {Notation: "klingon"}} {
		if _, err := NewChecker(o); err == nil {
			t.Errorf("NewChecker(%+v): no error", o)
		}
	}
	_, games := run(t, "corpus/shatranj/showcase.pgn", Options{Rules: "fide"})
	if games[0].Summary.Profile != "fide" {
		t.Errorf("Rules fide: game 1 judged as %q", games[0].Summary.Profile)
	}
}

// TestCompressedInput: a file compressed with gzip or xz, whatever its
// name, gives the games of the same file uncompressed, and the bytes read
// count the compressed ones; a ZIP archive is refused, named.
func TestCompressedInput(t *testing.T) {
	const rel = "corpus/shatranj/fsf-selfplay.pgn"
	_, want := run(t, rel, Options{})
	data, err := os.ReadFile(filepath.Join(testenv.RepoRoot(), rel))
	if err != nil {
		t.Fatal(err)
	}
	for name, packed := range map[string][]byte{
		"x.pgn.gz": compresstest.Gzip(t, data),
		"x.pgn":    compresstest.Gzip(t, data),
		"x.pgn.xz": compresstest.XZ(t, data, 1<<16),
	} {
		c, err := NewChecker(Options{})
		if err != nil {
			t.Fatal(err)
		}
		var got []Game
		var read int64
		if _, err := c.Run(bytes.NewReader(packed), name, 2, func(b Batch) bool {
			got, read = append(got, b.Games...), b.Read
			return true
		}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(got) != len(want) || len(got) == 0 {
			t.Fatalf("%s: %d games, uncompressed %d", name, len(got), len(want))
		}
		for i := range got {
			if got[i].Summary.Plies != want[i].Summary.Plies || got[i].Summary.Valid != want[i].Summary.Valid || len(got[i].Findings) != len(want[i].Findings) {
				t.Errorf("%s: game %d is not the uncompressed file's", name, i+1)
			}
		}
		if read != int64(len(packed)) {
			t.Errorf("%s: %d bytes read of %d", name, read, len(packed))
		}
	}
	c, _ := NewChecker(Options{})
	_, err = c.Run(bytes.NewReader([]byte("PK\x03\x04rest")), "x.zip", 2, func(Batch) bool { return true })
	if err == nil || !strings.Contains(strings.ToLower(err.Error()), "zip archive") {
		t.Errorf("a ZIP archive: %v, want it refused as ZIP", err)
	}
}
