// Package worker is what the web page's Web Worker does, in Go, compiled to
// WebAssembly (web/wasm is its thin syscall/js layer): it checks the
// records the page is given with the same packages as the command line
// (grammar reads them, replay judges them, formats writes them), hands the
// results back game by game as they come, and, for the game the page shows,
// writes its viewer and its converted forms. It knows nothing of
// JavaScript: everything it returns is a Go value the layer marshals to
// JSON, so that the native tests exercise it whole.
package worker

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"

	"github.com/ashtapada/ashtapada/detect"
	"github.com/ashtapada/ashtapada/docs"
	"github.com/ashtapada/ashtapada/formats"
	_ "github.com/ashtapada/ashtapada/formats/all" // every record format (formats.Register)
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/picture"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
	"github.com/ashtapada/ashtapada/source"
)

// Options are the page's controls, as validate's flags of the same names.
type Options struct {
	// Rules is --rules: a profile's name, or "" (the page's auto) for each
	// game's Variant and Rules tags.
	Rules string `json:"rules"`
	// Set is --set, one key=value (or several, comma-separated) each.
	Set []string `json:"set"`
	// Notation is --notation ("" is auto).
	Notation string `json:"notation"`
	// Strict is --strict, NoVariations --no-variations.
	Strict       bool `json:"strict"`
	NoVariations bool `json:"noVariations"`
	// Hints is --hints: also-valid-as warnings (package detect).
	Hints bool `json:"hints"`
}

// config turns the options into the replay configuration validate builds
// from the same flags, and the notation the splitter is told.
func (o Options) config() (replay.Config, record.Notation, bool, error) {
	cfg := replay.Config{Strict: o.Strict, Variations: !o.NoVariations}
	if o.Rules != "" {
		p, err := rules.Lookup(o.Rules)
		if err != nil {
			return cfg, 0, false, err
		}
		cfg.Profile = p
	}
	for _, s := range o.Set {
		if strings.TrimSpace(s) == "" {
			continue
		}
		ovs, err := rules.ParseOverrides(s)
		if err != nil {
			return cfg, 0, false, fmt.Errorf("setting %q: %w", s, err)
		}
		cfg.Overrides = append(cfg.Overrides, ovs...)
	}
	// A misspelt setting is one error here, not one finding per game.
	p := cfg.Profile
	if p == nil {
		p, _ = rules.Lookup(rules.DefaultProfile)
	}
	if p != nil {
		s := p.Settings
		if err := s.Apply(cfg.Overrides); err != nil {
			return cfg, 0, false, fmt.Errorf("settings: %w", err)
		}
	}
	cfg.OverridesFrom = "the page's settings"
	notation := o.Notation
	if notation == "" {
		notation = "auto"
	}
	n, guess, err := grammar.ParseNotation(notation)
	if err != nil {
		return cfg, 0, false, fmt.Errorf("notation: %w", err)
	}
	return cfg, n, guess, nil
}

// Game is one game's verdict, as validate --format jsonl gives it: its
// findings, then its summary line.
type Game struct {
	Summary  replay.Summary   `json:"summary"`
	Findings []replay.Finding `json:"findings"`
	// Line is where the game starts in the text; Title names it (its
	// players, event, date, as the viewer's heading does).
	Line  int    `json:"line"`
	Title string `json:"title"`
	// Tagged: the game names its profile (a Variant or Rules tag); an
	// untagged one is judged by the default profile, and the page offers
	// what detect finds.
	Tagged bool `json:"tagged"`
}

// Batch is what one message to the page carries: the games judged since
// the last, how far the reading has come, and the rule pages' summaries
// of the rules first met in it.
type Batch struct {
	Games []Game `json:"games"`
	// Read is the bytes read so far.
	Read int64 `json:"read"`
	// Explain maps a rule id met for the first time to the first
	// paragraph of its page (docs/rules/<id>.md), as the HTML report
	// shows it.
	Explain map[string]string `json:"explain,omitempty"`
}

// Checker judges one text and keeps its games for the views. It is not
// for concurrent use (a worker has one thread).
type Checker struct {
	opts     Options
	cfg      replay.Config
	notation record.Notation
	guess    bool
	name     string
	// chunks are the games' texts, by game index - 1, for the views; games
	// read whole by another reader (JSON) are kept as records.
	chunks  []grammar.Chunk
	records []*record.Game
	seen    map[string]bool // rules explained so far
}

// NewChecker reads the options; a bad one is an error before any game.
func NewChecker(o Options) (*Checker, error) {
	cfg, n, guess, err := o.config()
	if err != nil {
		return nil, err
	}
	return &Checker{opts: o, cfg: cfg, notation: n, guess: guess, seen: map[string]bool{}}, nil
}

// Run judges every game of r, named name (as validate names its input),
// and calls emit with every batch games (and once at the end, with
// what is left); emit returning false stops the run. It returns the
// number of games.
func (c *Checker) Run(r io.Reader, name string, batch int, emit func(Batch) bool) (int, error) {
	c.name, c.chunks, c.records = name, nil, nil
	// Decompressed as the command line's inputs are, by their first
	// bytes; binary input is refused with its name.
	var read atomic.Int64
	in, err := source.Options{Counter: &read}.Reader(io.NopCloser(r), name)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	br := bufio.NewReaderSize(in, 1<<16)
	head, _ := br.Peek(4096)
	f := formats.DetectRecordFormat(name, head)
	next := c.reader(f, br, name)
	rp := replay.New(c.cfg)
	var hints *detect.Hinter
	if c.opts.Hints {
		hints = detect.NewHinter(c.cfg.Strict)
	}
	var b Batch
	flush := func() bool {
		b.Read = read.Load()
		ok := emit(b)
		b = Batch{}
		return ok
	}
	games := 0
	for {
		ch, g, err := next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return games, fmt.Errorf("reading %s: %w", name, err)
		}
		if g == nil && !ch.IsGame() {
			continue // text between games
		}
		games++
		if g == nil {
			ch.Data = bytes.Clone(ch.Data)
			c.chunks = append(c.chunks, ch)
			g = grammar.ParseChunk(ch, name)
		} else {
			c.records = append(c.records, g)
		}
		res := rp.Game(g, name, games)
		if hints != nil {
			hints.Add(record.Whole(g), res)
		}
		b.Games = append(b.Games, c.game(g, res))
		c.explain(&b, res.Findings)
		if len(b.Games) >= batch && !flush() {
			return games, nil
		}
	}
	if games == 0 {
		// A named input without a game is a warning of its own, as
		// validate reports it.
		res := replay.NoGames(name, c.cfg.Strict)
		b.Games = append(b.Games, Game{Summary: res.Summary, Findings: res.Findings})
		c.explain(&b, res.Findings)
	}
	flush()
	return games, nil
}

// reader returns the games of br: chunks of text for the grammar's
// formats, whole records for the others (JSON), as the command line reads
// them.
func (c *Checker) reader(f formats.RecordFormat, br *bufio.Reader, name string) func() (grammar.Chunk, *record.Game, error) {
	if !f.Text {
		rd := f.Read(br, name, grammar.DefaultLimits())
		return func() (grammar.Chunk, *record.Game, error) {
			g, err := rd.Next()
			return grammar.Chunk{}, g, err
		}
	}
	sp := grammar.NewSplitter(br)
	sp.SetLimits(grammar.DefaultLimits())
	n := f.Notation
	if n == record.SAN {
		n = c.notation // PGN's moves are in the chosen notation
	}
	sp.SetNotation(n)
	sp.SetGuess(c.guess)
	return func() (grammar.Chunk, *record.Game, error) {
		ch, err := sp.Next()
		return ch, nil, err
	}
}

// game is one game's entry in a batch.
func (c *Checker) game(g *record.Game, res *replay.Result) Game {
	d := picture.NewDiagram()
	picture.DescribeGame(d, g)
	title := ""
	if len(d.Header) > 0 {
		title = d.Header[0]
	}
	_, variant := g.Tag("Variant")
	_, rulesTag := g.Tag("Rules")
	fs := res.Findings
	if fs == nil {
		fs = []replay.Finding{}
	}
	return Game{Summary: res.Summary, Findings: fs, Line: g.Pos.Line, Title: title, Tagged: variant || rulesTag}
}

// explain adds the rule pages' summaries of the rules not yet explained.
func (c *Checker) explain(b *Batch, fs []replay.Finding) {
	for i := range fs {
		id := fs[i].Rule
		if c.seen[id] {
			continue
		}
		c.seen[id] = true
		if b.Explain == nil {
			b.Explain = map[string]string{}
		}
		b.Explain[id] = docs.RuleSummary(id)
	}
}

// Games is the number of games of the last run.
func (c *Checker) Games() int { return len(c.chunks) + len(c.records) }

// record reads game index (1-based) of the last run again.
func (c *Checker) record(index int) (*record.Game, error) {
	switch {
	case index >= 1 && index <= len(c.chunks):
		return grammar.ParseChunk(c.chunks[index-1], c.name), nil
	case index >= 1 && index <= len(c.records):
		return c.records[index-1], nil
	}
	return nil, fmt.Errorf("no game %d: the text holds %d", index, c.Games())
}
