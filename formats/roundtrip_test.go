package formats_test

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/ashtapada/ashtapada/formats/internal/formattest"
	"github.com/ashtapada/ashtapada/formats/jsongame"
	"github.com/ashtapada/ashtapada/formats/pgn"
)

// TestJSONToPGNBytes: pgn -> json -> pgn and pgn -> jsonl -> pgn give the
// bytes fmt gives, for every data file (games with a syntax error pass
// through as their source, as fmt passes them).
func TestJSONToPGNBytes(t *testing.T) {
	t.Parallel() // a data test (package formattest)
	files := formattest.RecordFiles(t)
	total := 0
	for _, path := range files {
		games := formattest.ReadGames(t, path)
		var want bytes.Buffer
		pw := pgn.NewWriter(&want)
		for _, g := range games {
			if err := pw.Write(g); err != nil {
				t.Fatal(err)
			}
		}
		if len(games) < formattest.GameLimit() {
			// The whole file was read: the bytes must be fmt's own.
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			var fmtOut bytes.Buffer
			if _, err := pgn.Format(&fmtOut, f, path, nil); err != nil {
				t.Fatal(err)
			}
			f.Close()
			if !bytes.Equal(fmtOut.Bytes(), want.Bytes()) {
				t.Fatalf("%s: the writer here and fmt disagree", path)
			}
		}
		for _, lines := range []bool{false, true} {
			var js bytes.Buffer
			w := jsongame.NewWriter(&js, lines)
			for _, g := range games {
				if err := w.Write(jsongame.GameToJSON(g)); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			gw := pgn.NewWriter(&got)
			r := jsongame.NewReader(&js)
			for {
				g, err := r.ReadGame()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				if err := gw.Write(g); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				a, b := got.String(), want.String()
				i := 0
				for i < len(a) && i < len(b) && a[i] == b[i] {
					i++
				}
				t.Fatalf("%s (lines=%v): PGN from JSON differs from fmt's at byte %d: %q vs %q", path, lines, i,
					a[max(0, i-40):min(len(a), i+40)], b[max(0, i-40):min(len(b), i+40)])
			}
		}
		total += len(games)
	}
	t.Logf("%d files, %d games: PGN from JSON and JSONL is fmt's, byte for byte", len(files), total)
}
