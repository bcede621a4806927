package report

// Baselines let a large corpus adopt `validate` without fixing everything
// first: `--write-baseline FILE` records the current findings, and
// `--baseline FILE` fails only on findings that are not in it and lists the
// entries that no longer occur.
//
// A finding is matched by its fingerprint (as SARIF's partialFingerprints):
// a hash of its rule id, its game's identity and the text around it (the
// offending token with two neighbours on each side), and its variation
// path. A game's identity is its identity tags (Event, Site, Date, Round,
// White, Black) when it has any, else the first words of its text. No file
// name, line, game number or ply goes in: lines added above a game, games
// reordered or moved to another file, a reformatted file (`fmt -w`) or a
// fixed neighbour leave the fingerprint as it was, while two broken games
// that differ in their text or tags are told apart, even when the reader
// could read none of their tags. Fingerprints may repeat (two games with
// the same tags and the same broken move), so the baseline counts them:
// each occurrence in the run uses up one.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/internal/jsonenc"
	"github.com/ashtapada/ashtapada/picture"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// BaselineVersion is the format version written into baseline files; a
// reader refuses other versions rather than guessing.
const BaselineVersion = 2

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

// GameKeyOf reads a game's identity tags, the first of each name as
// record.Game.Tag does; a missing tag is empty. The tags are read in one
// pass: every game of a validation has its key taken.
func GameKeyOf(g *record.Game) GameKey {
	var k GameKey
	if g == nil {
		return k
	}
	var seen uint8
	for i := range g.Tags {
		t := &g.Tags[i]
		var to *string
		var bit uint8
		switch t.Name {
		case "Event":
			to, bit = &k.Event, 1
		case "Site":
			to, bit = &k.Site, 2
		case "Date":
			to, bit = &k.Date, 4
		case "Round":
			to, bit = &k.Round, 8
		case "White":
			to, bit = &k.White, 16
		case "Black":
			to, bit = &k.Black, 32
		default:
			continue
		}
		if seen&bit == 0 {
			*to, seen = t.Value, seen|bit
		}
	}
	return k
}

// GameID is what a baseline needs of one game: its identity tags and its
// text, with the position of the text's first byte in the file.
type GameID struct {
	Key   GameKey
	src   []byte
	start record.Pos
}

// GameIDOf is the GameID of a game read from src, which starts at start in
// its file (a grammar.Chunk's Data and Pos).
func GameIDOf(g *record.Game, src []byte, start record.Pos) GameID {
	return GameID{Key: GameKeyOf(g), src: src, start: start}
}

// identity is the game part of a fingerprint: the identity tags when the
// game has any that say something, else the first words of its text.
func (id *GameID) identity() string {
	k := id.Key
	tags := [...]string{k.Event, k.Site, k.Date, k.Round, k.White, k.Black}
	for _, v := range tags {
		if strings.Trim(v, "?. ") != "" {
			return "tags\x00" + strings.Join(tags[:], "\x00")
		}
	}
	words := wordsOf(id.src, id.start)
	if len(words) > 8 {
		words = words[:8]
	}
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = w.text
	}
	return "text\x00" + strings.Join(parts, " ")
}

// word is one run of non-blank bytes of a game's text and where it starts.
type word struct {
	text           string
	line, col, end int // end: the column after the word as written
}

func wordsOf(src []byte, start record.Pos) []word {
	var out []word
	line, col := start.Line, start.Col
	for i := 0; i < len(src); {
		c := src[i]
		if c == '\n' {
			line, col = line+1, 1
			i++
			continue
		}
		if c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' {
			i++
			col++
			continue
		}
		j := i
		for j < len(src) && !isBlankByte(src[j]) {
			j++
		}
		if w := layoutFree(src[i:j]); w != "" {
			out = append(out, word{text: w, line: line, col: col, end: col + j - i})
		}
		col += j - i
		i = j
	}
	return out
}

// layoutFree is a word without what the layout of a record may change:
// braces and parentheses (`{ a }` and `{a}`, `(1... c5` and `( 1... c5`)
// and move numbers (`fmt` writes `1... e5` where a record had `e5`, and
// `1.e4` as `1. e4`). A word of nothing else is dropped.
func layoutFree(b []byte) string {
	w := strings.Map(func(r rune) rune {
		switch r {
		case '{', '}', '(', ')':
			return -1
		}
		return r
	}, string(b))
	digits := 0
	for digits < len(w) && w[digits] >= '0' && w[digits] <= '9' {
		digits++
	}
	if dots := strings.TrimLeft(w[digits:], "."); len(dots) < len(w)-digits {
		w = dots // a move number, and the move written against it
	}
	return w
}

func isBlankByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// context is the text around a finding: the word at its position (or the
// first after it) with two words on each side.
func (id *GameID) context(f *replay.Finding) string {
	if f.Line == 0 {
		return ""
	}
	words := wordsOf(id.src, id.start)
	i := sort.Search(len(words), func(i int) bool {
		w := &words[i]
		return w.line > f.Line || w.line == f.Line && w.end > f.Column
	})
	lo, hi := max(0, i-2), min(len(words), i+3)
	parts := make([]string, 0, hi-lo)
	for _, w := range words[lo:hi] {
		parts = append(parts, w.text)
	}
	return strings.Join(parts, " ")
}

// Fingerprint is the key of a finding in a baseline (see the comment at
// the head of this file): 20 hex digits of a SHA-256.
func (id *GameID) Fingerprint(f *replay.Finding) string {
	h := sha256.New()
	for _, part := range []string{f.Rule, id.identity(), variationPath(f.Variation), id.context(f)} {
		h.Write([]byte(part))
		h.Write([]byte{0xff})
	}
	return hex.EncodeToString(h.Sum(nil))[:20]
}

// BaselineEntry is one entry of a baseline file: a fingerprint and how many
// findings have it. The other fields are for the person reading the file
// (which game, where it was seen, what it said); only Fingerprint is
// matched.
type BaselineEntry struct {
	Fingerprint string `json:"fingerprint"`
	Rule        string `json:"rule"`
	Count       int    `json:"count"`
	GameKey
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	Ply  int    `json:"ply,omitempty"`
	// Variation is the finding's variation path ("0.2"), empty for the
	// main line.
	Variation string `json:"variation,omitempty"`
	// Context is the text around the finding that went into the
	// fingerprint.
	Context string `json:"context,omitempty"`
	Message string `json:"message,omitempty"`
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
	entries map[string]*BaselineEntry
}

// NewBaselineRecorder returns an empty recorder.
func NewBaselineRecorder() *BaselineRecorder {
	return &BaselineRecorder{entries: map[string]*BaselineEntry{}}
}

// Add records every finding of one game.
func (b *BaselineRecorder) Add(g GameID, r *replay.Result) {
	for i := range r.Findings {
		f := &r.Findings[i]
		k := g.Fingerprint(f)
		if e, ok := b.entries[k]; ok {
			e.Count++
			continue
		}
		b.entries[k] = &BaselineEntry{
			Fingerprint: k, Rule: f.Rule, Count: 1, GameKey: g.Key,
			File: f.File, Line: f.Line, Ply: f.Ply, Variation: variationPath(f.Variation),
			Context: g.context(f), Message: f.Message,
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
	enc := jsonenc.NewEncoder(w)
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
		case a.Line != b.Line:
			return a.Line < b.Line
		case a.Rule != b.Rule:
			return a.Rule < b.Rule
		}
		return a.Fingerprint < b.Fingerprint
	})
}

// Baseline is a read baseline being compared with a run: each finding of
// the run that it holds uses up one occurrence.
type Baseline struct {
	remaining map[string]*BaselineEntry
	total     int
	// knownErrors and knownWarnings count the findings of the run that
	// the baseline held (Filter took them out).
	knownErrors, knownWarnings int
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
		return nil, fmt.Errorf("reading the baseline: version %d, this ashtapada reads version %d (rewrite the file with --write-baseline)", bf.Version, BaselineVersion)
	}
	b := &Baseline{remaining: make(map[string]*BaselineEntry, len(bf.Findings))}
	for i := range bf.Findings {
		e := bf.Findings[i]
		if e.Rule == "" || e.Fingerprint == "" || e.Count < 1 {
			return nil, fmt.Errorf("reading the baseline: entry %d has no rule, no fingerprint or a count below 1", i+1)
		}
		b.total += e.Count
		if old, ok := b.remaining[e.Fingerprint]; ok {
			old.Count += e.Count
			continue
		}
		b.remaining[e.Fingerprint] = &e
	}
	return b, nil
}

// Len is the number of findings the baseline holds (counting repeats).
func (b *Baseline) Len() int { return b.total }

// Filter takes the findings of one game that the baseline holds out of the
// result and returns a copy with only the new ones; the summary's error
// and warning counts are those of the new findings. The game's Valid stays
// what the rules said. It returns how many findings were new.
func (b *Baseline) Filter(g GameID, r *replay.Result) (*replay.Result, int) {
	out := &replay.Result{Summary: r.Summary}
	out.Summary.Errors, out.Summary.Warnings = 0, 0
	for i := range r.Findings {
		f := &r.Findings[i]
		if e, ok := b.remaining[g.Fingerprint(f)]; ok && e.Count > 0 {
			e.Count--
			if f.IsError() {
				b.knownErrors++
			} else {
				b.knownWarnings++
			}
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

// Known counts the findings of the run so far that the baseline held, by
// severity: those Filter took out.
func (b *Baseline) Known() (errors, warnings int) { return b.knownErrors, b.knownWarnings }

// Gone lists the baseline entries that the run did not use up, sorted,
// each with the count of occurrences that no longer occur. Only entries
// last seen in a file the run read count (read reports it): a run over
// some files (pre-commit passes the changed ones) says nothing of the
// others.
func (b *Baseline) Gone(read func(file string) bool) []BaselineEntry {
	var out []BaselineEntry
	for _, e := range b.remaining {
		if e.Count > 0 && read(e.File) {
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
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	fmt.Fprintf(&b, "%s - %s, %s, %s, round %s, %s", picture.OrUnknown(e.White), picture.OrUnknown(e.Black), picture.OrUnknown(e.Event), picture.OrUnknown(e.Date), picture.OrUnknown(e.Round), picture.OrUnknown(e.Site))
	if e.Ply > 0 {
		fmt.Fprintf(&b, ", ply %d", e.Ply)
	}
	if e.Variation != "" {
		fmt.Fprintf(&b, " (variation %s)", e.Variation)
	}
	if e.Context != "" {
		fmt.Fprintf(&b, " at `%s`", e.Context)
	}
	fmt.Fprintf(&b, ": %s", e.Rule)
	if e.Count > 1 {
		fmt.Fprintf(&b, " (%d times)", e.Count)
	}
	return b.String()
}
