package report

// Report writers for `detect`: text, json and jsonl, like validate's.

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/ashtapada/ashtapada/detect"
	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/internal/jsonenc"
)

// DetectWriter writes detect's results: Game once per game in input
// order, File after the last game of each file, Close once at the end with
// the summary of the whole run.
type DetectWriter interface {
	Game(g *detect.Game) error
	File(s *detect.Summary) error
	Close(total *detect.Summary) error
}

// DetectFormats are the formats detect writes.
func DetectFormats() []string { return []string{"json", "jsonl", "text"} }

// DetectOptions are the choices of detect's text report.
type DetectOptions struct {
	// Verbose: under each game's line, the game's tags and its verdict
	// under every profile tried, with the evidence for each setting
	// decided and the names of those left undetermined. Without it a
	// game is its one line: the profiles it fits, the smallest fix, the
	// settings decided and the moves that decide them.
	Verbose bool
	// Hints: a game whose Variant tag names a profile it does not fit,
	// while it fits another, says so on its line.
	Hints bool
}

// NewDetect returns the writer of the named format on w; the
// options are the text format's.
func NewDetect(name string, w io.Writer, o DetectOptions) (DetectWriter, error) {
	switch name {
	case "text":
		return &detectText{w: w, verbose: o.Verbose, hints: o.Hints}, nil
	case "jsonl":
		return &detectJSONL{enc: jsonenc.NewEncoder(w)}, nil
	case "json":
		return &detectJSON{w: w}, nil
	}
	return nil, fmt.Errorf("unknown report format %q; detect writes %s", name, strings.Join(DetectFormats(), ", "))
}

// DetectJSONLGame is a `"kind": "game"` line of `detect --format jsonl`.
type DetectJSONLGame struct {
	Kind string `json:"kind"`
	*detect.Game
}

// DetectJSONLSummary is a `"kind": "file"` line (after each file's games)
// or the last `"kind": "summary"` line (the whole run).
type DetectJSONLSummary struct {
	Kind string `json:"kind"`
	*detect.Summary
}

type detectJSONL struct{ enc *json.Encoder }

func (d *detectJSONL) Game(g *detect.Game) error {
	return d.enc.Encode(DetectJSONLGame{Kind: "game", Game: g})
}

func (d *detectJSONL) File(s *detect.Summary) error {
	return d.enc.Encode(DetectJSONLSummary{Kind: "file", Summary: s})
}

func (d *detectJSONL) Close(t *detect.Summary) error {
	return d.enc.Encode(DetectJSONLSummary{Kind: "summary", Summary: t})
}

// DetectJSON is the one document of `detect --format json`.
type DetectJSON struct {
	Games   []*detect.Game    `json:"games"`
	Files   []*detect.Summary `json:"files"`
	Summary *detect.Summary   `json:"summary"`
}

type detectJSON struct {
	w   io.Writer
	doc DetectJSON
}

func (d *detectJSON) Game(g *detect.Game) error {
	d.doc.Games = append(d.doc.Games, g)
	return nil
}

func (d *detectJSON) File(s *detect.Summary) error {
	d.doc.Files = append(d.doc.Files, s)
	return nil
}

func (d *detectJSON) Close(t *detect.Summary) error {
	if d.doc.Games == nil {
		d.doc.Games = []*detect.Game{}
	}
	if d.doc.Files == nil {
		d.doc.Files = []*detect.Summary{}
	}
	d.doc.Summary = t
	// One write of the whole document: the encoder buffers it.
	enc := jsonenc.NewEncoder(d.w)
	enc.SetIndent("", "  ")
	return enc.Encode(d.doc)
}

type detectText struct {
	w              io.Writer
	verbose, hints bool
	err            error
}

func (d *detectText) printf(format string, a ...any) {
	if d.err == nil {
		_, d.err = fmt.Fprintf(d.w, format, a...)
	}
}

func (d *detectText) Game(g *detect.Game) error {
	d.printf("%s: game %d: %s", g.File, g.Game, g.Verdict)
	if tagged := g.Mistagged(); d.hints && tagged != "" {
		d.printf("; hint: its Variant tag names %s, which it does not fit", tagged)
	}
	d.printf("\n")
	if !d.verbose {
		return d.err
	}
	if g.Variant != "" || g.Rules != "" {
		d.printf("  tags: Variant %q, Rules %q\n", g.Variant, g.Rules)
	}
	for i := range g.Profiles {
		pr := &g.Profiles[i]
		switch {
		case pr.Valid:
			d.printf("  %s: valid (%s)\n", pr.Profile, outcomeText(pr.Outcome, pr.Winner))
		case len(pr.Fix) > 0:
			d.printf("  %s: breaks at %s; valid with --set %s (%s)\n", pr.Profile, pr.Break, strings.Join(pr.FixSet, " --set "), pr.FixNote)
			for _, alt := range pr.Alternatives {
				d.printf("    or with %s\n", alt)
			}
		default:
			d.printf("  %s: breaks at %s: %s\n", pr.Profile, pr.Break, pr.Break.Message)
			if pr.FixNote != "" {
				d.printf("    no fix: %s\n", pr.FixNote)
			}
		}
		if !pr.Fits() {
			continue
		}
		for _, e := range pr.Evidence {
			if e.Decided {
				d.printf("    %s=%s: %s\n", e.Key, e.Value, e.Deciding())
			}
		}
		if und := pr.Undetermined(); len(und) > 0 {
			d.printf("    undetermined: %s\n", strings.Join(und, ", "))
		}
	}
	return d.err
}

// outcomeText is how the rules ended the game, for the text report.
func outcomeText(outcome, winner string) string {
	if outcome == "" || outcome == "none" {
		return "not ended by the rules"
	}
	if winner == "" {
		return outcome
	}
	return outcome + ", " + winner
}

func (d *detectText) summary(label string, s *detect.Summary) {
	d.printf("%s: %s, %d fit a profile, %d fit none", label, english.Count(s.Games, "game", "games"), s.Fitted, s.Unfitted)
	if len(s.Fits) > 0 {
		d.printf("; as they stand: %s", counts(s.Fits))
	}
	if len(s.FitsWithChanges) > 0 {
		d.printf("; with changes: %s", counts(s.FitsWithChanges))
	}
	if len(s.Needed) > 0 {
		d.printf("; settings most often needed: %s", counts(s.Needed))
	}
	if len(s.Decided) > 0 {
		d.printf("; decided: %s", counts(s.Decided))
	}
	d.printf("\n")
}

func counts(m map[string]int) string {
	var parts []string
	for _, c := range detect.Sorted(m) {
		parts = append(parts, fmt.Sprintf("%s %d", c.Key, c.N))
	}
	return strings.Join(parts, ", ")
}

func (d *detectText) File(s *detect.Summary) error {
	d.summary(s.File, s)
	return d.err
}

func (d *detectText) Close(t *detect.Summary) error {
	d.summary("total", t)
	return d.err
}
