package worker

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/ashtapada/ashtapada/detect"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// View is what the page shows of one game: the viewer (the page that
// `convert --to html` writes of it), its converted forms (what
// `convert --to pgn`, `--to pgn --plain`, `--to uci` and `--to fen` write),
// the FEN of each ply (index 0: the start), and, for a game that names no
// profile, the profiles detect finds it fits.
type View struct {
	Game   int      `json:"game"`
	Viewer string   `json:"viewer"`
	PGN    string   `json:"pgn"`
	SAN    string   `json:"san"`
	UCI    string   `json:"uci"`
	FENs   []string `json:"fens"`
	// Problems are what could not be written (a form the game cannot
	// take: a syntax error stops the derived forms).
	Problems []string `json:"problems,omitempty"`
	// Detected is set for a game without Variant or Rules tag judged
	// without a chosen profile.
	Detected *Detected `json:"detected,omitempty"`
}

// Detected is detect's answer for one game.
type Detected struct {
	Fits            []string `json:"fits"`
	FitsWithChanges []string `json:"fitsWithChanges,omitempty"`
	Verdict         string   `json:"verdict"`
}

// View writes game index (1-based) of the last run.
func (c *Checker) View(index int) (*View, error) {
	g, err := c.record(index)
	if err != nil {
		return nil, err
	}
	v := &View{Game: index}
	form := func(name string, opt formats.WriteOptions) string {
		s, err := c.convert(g, index, name, opt)
		if err != nil {
			v.Problems = append(v.Problems, fmt.Sprintf("%s: %v", name, err))
		}
		return s
	}
	v.Viewer = form("html", formats.WriteOptions{})
	v.PGN = form("pgn", formats.WriteOptions{})
	v.SAN = form("pgn", formats.WriteOptions{Plain: true})
	v.UCI = form("uci", formats.WriteOptions{})
	v.FENs = fenColumn(form("fen", formats.WriteOptions{}))
	_, variant := g.Tag("Variant")
	_, rulesTag := g.Tag("Rules")
	if !variant && !rulesTag && c.opts.Rules == "" {
		d := detect.New(detect.Options{Profiles: rules.Profiles()}).Game(record.Whole(g), c.name, index)
		v.Detected = &Detected{Fits: d.Fits, FitsWithChanges: d.FitsWithChanges, Verdict: d.Verdict}
	}
	return v, nil
}

// convert writes g in the record format name, replayed as convert
// replays it (with its steps).
func (c *Checker) convert(g *record.Game, index int, name string, opt formats.WriteOptions) (string, error) {
	f, ok := formats.LookupRecordFormat(name)
	if !ok || f.NewWriter == nil {
		return "", fmt.Errorf("no writer of %s", name)
	}
	var buf bytes.Buffer
	w, err := f.NewWriter(&buf, opt)
	if err != nil {
		return "", err
	}
	cfg := c.cfg
	cfg.Steps = true
	var res *replay.Result
	if !g.Truncated {
		res = replay.New(cfg).Game(g, c.name, index)
	}
	if err := w.Write(g, index, res, nil); err != nil {
		return buf.String(), err
	}
	if err := w.Close(); err != nil {
		return buf.String(), err
	}
	return buf.String(), nil
}

// fenColumn takes the FEN column of `convert --to fen`'s lines (game,
// ply, move, FEN, tab-separated), one per ply from the start.
func fenColumn(out string) []string {
	var fens []string
	for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		f := strings.Split(line, "\t")
		if len(f) >= 4 {
			fens = append(fens, f[3])
		}
	}
	return fens
}
