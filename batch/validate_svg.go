package batch

import (
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ashtapada/ashtapada/internal/outfile"
	"github.com/ashtapada/ashtapada/picture"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/report"
)

// svgWriter writes one SVG per error finding into a directory
// (Validation.SVGDir), each written atomically (outfile.Write). The name
// says where the finding stands:
// DIR/<file base>-g<game>-p<ply>[-v<variation>]-<rule>.svg. Two input
// files with the same base name (a/x.pgn, b/x.pgn) must not overwrite
// each other's pictures: the first path seen with a base keeps the plain
// name, every other one gets a short hash of its path after the base
// (x-1a2b3c4d-g1-p3-illegal-move.svg), stable from run to run; a name
// that still repeats gets -2, -3. Findings without a position (a game
// whose profile is unknown) have nothing to draw and are skipped, and so
// are notes of findings left out (Finding.LeftOut).
type svgWriter struct {
	dir   string
	made  bool
	bases map[string]string // file base -> the first path seen with it
	used  map[string]int    // names written -> how many times
}

func newSVGWriter(dir string) *svgWriter {
	return &svgWriter{dir: dir, bases: map[string]string{}, used: map[string]int{}}
}

// name is the picture's file name for f.
func (w *svgWriter) name(f *replay.Finding) string {
	base := strings.TrimSuffix(filepath.Base(f.File), filepath.Ext(f.File))
	if base == "" || base == "." || strings.HasPrefix(base, "<") {
		base = "stdin"
	}
	if first, ok := w.bases[base]; !ok {
		w.bases[base] = f.File
	} else if first != f.File {
		h := fnv.New32a()
		h.Write([]byte(f.File))
		base = fmt.Sprintf("%s-%08x", base, h.Sum32())
	}
	name := fmt.Sprintf("%s-g%d-p%d", base, f.Game, f.Ply)
	if len(f.Variation) > 0 {
		name += "-v" + report.VariationPath(f.Variation)
	}
	name += "-" + f.Rule
	w.used[name]++
	if n := w.used[name]; n > 1 {
		name = fmt.Sprintf("%s-%d", name, n)
	}
	return name + ".svg"
}

// write writes the pictures of one game's error findings.
func (w *svgWriter) write(res *replay.Result) error {
	for i := range res.Findings {
		f := &res.Findings[i]
		if !f.IsError() || f.FEN == "" || f.LeftOut > 0 {
			continue
		}
		if !w.made {
			if err := os.MkdirAll(w.dir, 0o755); err != nil {
				// Named as validate's users name the directory.
				return fmt.Errorf("--svg-dir: %w", err)
			}
			w.made = true
		}
		err := outfile.Write(filepath.Join(w.dir, w.name(f)), func(out io.Writer) error {
			return picture.WriteFindingSVG(out, f)
		})
		if err != nil {
			return err
		}
	}
	return nil
}
