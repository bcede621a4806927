package formats

// Baselines let a large corpus adopt `validate` without fixing everything
// first: `--write-baseline FILE` records the current findings, and
// `--baseline FILE` fails only on findings that are not in it and lists the
// entries that no longer occur.
//
// A finding is keyed by its game's identity tags (Event, Site, Date, Round,
// White, Black), its ply, its variation path and its rule id: not by file,
// line or game number, so that reformatting a file, adding games before it,
// moving it or fixing an unrelated game leaves the baseline valid. Keys may
// repeat (two games with the same tags, two findings of one rule at one
// ply), so the baseline counts them: each occurrence in the run uses up one.

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// BaselineVersion is the format version written into baseline files; a
// reader refuses other versions rather than guessing.
const BaselineVersion = 1

// GameKey is the identity of a game in a baseline: the six tags of the
// Seven Tag Roster that do not change when a record is corrected (Result
// may be the very thing being fixed).
type GameKey struct {
	Event string `json:"event"`
	Site  string `json:"site"`
	Date  string `json:"date"`
	Round string `json:"round"`
	White string `json:"white"`
	Black string `json:"black"`
}

// GameKeyOf reads a game's identity tags; a missing tag is empty.
func GameKeyOf(g *record.Game) GameKey {
	if g == nil {
		return GameKey{}
	}
	tag := func(name string) string { v, _ := g.Tag(name); return v }
	return GameKey{
		Event: tag("Event"), Site: tag("Site"), Date: tag("Date"),
		Round: tag("Round"), White: tag("White"), Black: tag("Black"),
	}
}

// BaselineEntry is one line of a baseline file: a key and how many
// findings have it. File and Message are for the person reading the file
// (where it was first seen, what it said); they are not part of the key.
type BaselineEntry struct {
	GameKey
	Ply int `json:"ply"`
	// Variation is the finding's variation path ("0.2"), empty for the
	// main line.
	Variation string `json:"variation,omitempty"`
	Rule      string `json:"rule"`
	Count     int    `json:"count"`
	File      string `json:"file,omitempty"`
	Message   string `json:"message,omitempty"`
}

type baselineKey struct {
	game      GameKey
	ply       int
	variation string
	rule      string
}

func (e *BaselineEntry) key() baselineKey {
	return baselineKey{e.GameKey, e.Ply, e.Variation, e.Rule}
}

func findingKey(g GameKey, f *replay.Finding) baselineKey {
	return baselineKey{g, f.Ply, variationPath(f.Variation), f.Rule}
}

func variationPath(v []int) string {
	if len(v) == 0 {
		return ""
	}
	parts := make([]string, len(v))
	for i, n := range v {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ".")
}

// baselineFile is the JSON document of a baseline file.
type baselineFile struct {
	Tool     string          `json:"tool"`
	Version  int             `json:"version"`
	Findings []BaselineEntry `json:"findings"`
}

// BaselineRecorder collects the findings of a run for --write-baseline.
type BaselineRecorder struct {
	entries map[baselineKey]*BaselineEntry
}

// NewBaselineRecorder returns an empty recorder.
func NewBaselineRecorder() *BaselineRecorder {
	return &BaselineRecorder{entries: map[baselineKey]*BaselineEntry{}}
}

// Add records every finding of one game.
func (b *BaselineRecorder) Add(g GameKey, r *replay.Result) {
	for i := range r.Findings {
		f := &r.Findings[i]
		k := findingKey(g, f)
		if e, ok := b.entries[k]; ok {
			e.Count++
			continue
		}
		b.entries[k] = &BaselineEntry{
			GameKey: g, Ply: f.Ply, Variation: k.variation, Rule: f.Rule,
			Count: 1, File: f.File, Message: f.Message,
		}
	}
}

// Len is the number of findings recorded (counting repeats).
func (b *BaselineRecorder) Len() int {
	n := 0
	for _, e := range b.entries {
		n += e.Count
	}
	return n
}

// Write writes the baseline as JSON, entries sorted by file, game key, ply
// and rule so that the file diffs well under version control.
func (b *BaselineRecorder) Write(w io.Writer) error {
	list := make([]BaselineEntry, 0, len(b.entries))
	for _, e := range b.entries {
		list = append(list, *e)
	}
	sortEntries(list)
	enc := newJSONEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(baselineFile{Tool: "ashtapada", Version: BaselineVersion, Findings: list}); err != nil {
		return fmt.Errorf("writing the baseline: %w", err)
	}
	return nil
}

func sortEntries(list []BaselineEntry) {
	sort.Slice(list, func(i, j int) bool {
		a, b := &list[i], &list[j]
		switch {
		case a.File != b.File:
			return a.File < b.File
		case a.GameKey != b.GameKey:
			return lessKey(a.GameKey, b.GameKey)
		case a.Variation != b.Variation:
			return a.Variation < b.Variation
		case a.Ply != b.Ply:
			return a.Ply < b.Ply
		}
		return a.Rule < b.Rule
	})
}

func lessKey(a, b GameKey) bool {
	x := [...]string{a.Event, a.Site, a.Date, a.Round, a.White, a.Black}
	y := [...]string{b.Event, b.Site, b.Date, b.Round, b.White, b.Black}
	for i := range x {
		if x[i] != y[i] {
			return x[i] < y[i]
		}
	}
	return false
}

// Baseline is a read baseline being compared with a run: each finding of
// the run that it holds uses up one occurrence.
type Baseline struct {
	remaining map[baselineKey]*BaselineEntry
	total     int
}

// ReadBaseline reads a baseline file written by BaselineRecorder.Write.
func ReadBaseline(r io.Reader) (*Baseline, error) {
	var bf baselineFile
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&bf); err != nil {
		return nil, fmt.Errorf("reading the baseline: %w", err)
	}
	if bf.Version != BaselineVersion {
		return nil, fmt.Errorf("reading the baseline: version %d, this ashtapada reads version %d", bf.Version, BaselineVersion)
	}
	b := &Baseline{remaining: make(map[baselineKey]*BaselineEntry, len(bf.Findings))}
	for i := range bf.Findings {
		e := bf.Findings[i]
		if e.Rule == "" || e.Count < 1 {
			return nil, fmt.Errorf("reading the baseline: entry %d has no rule or a count below 1", i+1)
		}
		b.total += e.Count
		if old, ok := b.remaining[e.key()]; ok {
			old.Count += e.Count
			continue
		}
		b.remaining[e.key()] = &e
	}
	return b, nil
}

// Len is the number of findings the baseline holds (counting repeats).
func (b *Baseline) Len() int { return b.total }

// Filter takes the findings of one game that the baseline holds out of the
// result and returns a copy with only the new ones; the summary's error
// and warning counts are those of the new findings. The game's Valid stays
// what the rules said. It returns how many findings were new.
func (b *Baseline) Filter(g GameKey, r *replay.Result) (*replay.Result, int) {
	out := &replay.Result{Summary: r.Summary}
	out.Summary.Errors, out.Summary.Warnings = 0, 0
	for i := range r.Findings {
		f := &r.Findings[i]
		if e, ok := b.remaining[findingKey(g, f)]; ok && e.Count > 0 {
			e.Count--
			continue
		}
		out.Findings = append(out.Findings, *f)
		if f.IsError() {
			out.Summary.Errors++
		} else {
			out.Summary.Warnings++
		}
	}
	return out, len(out.Findings)
}

// Gone lists the baseline entries that the run did not use up, sorted,
// each with the count of occurrences that no longer occur.
func (b *Baseline) Gone() []BaselineEntry {
	var out []BaselineEntry
	for _, e := range b.remaining {
		if e.Count > 0 {
			out = append(out, *e)
		}
	}
	sortEntries(out)
	return out
}

// String describes an entry for a person: where, which game, which ply,
// which rule.
func (e *BaselineEntry) String() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File + ": ")
	}
	fmt.Fprintf(&b, "%s - %s, %s, %s, round %s, %s", orQ(e.White), orQ(e.Black), orQ(e.Event), orQ(e.Date), orQ(e.Round), orQ(e.Site))
	if e.Ply > 0 {
		fmt.Fprintf(&b, ", ply %d", e.Ply)
	}
	if e.Variation != "" {
		fmt.Fprintf(&b, " (variation %s)", e.Variation)
	}
	fmt.Fprintf(&b, ": %s", e.Rule)
	if e.Count > 1 {
		fmt.Fprintf(&b, " (%d times)", e.Count)
	}
	return b.String()
}

func orQ(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
