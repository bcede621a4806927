// Package compare says where game records differ or break a rule set: two
// transcriptions of one game compared move by move, one record judged by
// two rule sets, and a record as written against the record as a profile
// reads it (`ashtapada diff`, docs/convert.md). Each game is replayed once
// per rule set (replay.Config.Steps); the comparison reads that replay's
// steps and findings.
//
// Records, RuleSets and AsRead compare one game; Files, RuleSetsOver and
// AsReadOver ask the same questions of whole files, as the command does,
// and give the entries as they come; Writer prints them as the command
// prints them, in text or JSON.
package compare

import (
	"fmt"
	"io"
	"strings"

	"github.com/ashtapada/ashtapada/internal/termtext"
	"github.com/ashtapada/ashtapada/internal/textdiff"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// Modes of an Entry.
const (
	ModeRecords = "records"
	ModeRules   = "rules"
	ModeAsRead  = "as-read"
)

// Entry is one game's difference (one object of `diff --format json`).
type Entry struct {
	Mode  string `json:"mode"`
	Game  int    `json:"game"`
	GameB int    `json:"game_b,omitempty"`
	Key   string `json:"key,omitempty"`
	// Ply is the first ply where the two sides differ (0: before any move,
	// e.g. a game present on one side only or a different verdict at the end).
	Ply  int    `json:"ply"`
	A    *Side  `json:"a,omitempty"`
	B    *Side  `json:"b,omitempty"`
	Diff string `json:"diff,omitempty"`
	Note string `json:"note,omitempty"`
	// LongDiff, when not nil, holds the diff instead of Diff, too long to
	// hold (AsRead): Writer joins it to the entry where Diff would
	// stand; AsReadOver closes it once its caller has the entry.
	LongDiff io.ReadCloser `json:"-"`
}

// Side is what one side says at the first difference.
type Side struct {
	Name    string `json:"name"`
	Profile string `json:"profile,omitempty"`
	Move    string `json:"move,omitempty"`
	Legal   bool   `json:"legal"`
	Rule    string `json:"rule,omitempty"`
	Message string `json:"message,omitempty"`
}

// WriteText writes an entry for a person, the texts that come from the
// records (tags of the key, moves, messages, the diff's lines) with their
// control characters quoted (termtext.Safe).
func WriteText(w io.Writer, e *Entry) error {
	q := termtext.Safe
	var b strings.Builder
	head := fmt.Sprintf("game %d", e.Game)
	if e.GameB != 0 && e.GameB != e.Game {
		head = fmt.Sprintf("game %d / %d", e.Game, e.GameB)
	}
	if e.Key != "" {
		head += " [" + q(e.Key) + "]"
	}
	// A streamed pair's bounded diff (Streamed) says its note after the
	// diff it bounds.
	after := e.Note != "" && e.Mode == ModeRecords && e.Ply > 0
	if e.Note != "" && !after {
		fmt.Fprintf(&b, "%s: %s\n", head, q(e.Note))
	} else {
		fmt.Fprintf(&b, "%s: first difference at ply %d\n", head, e.Ply)
	}
	for _, s := range []*Side{e.A, e.B} {
		if s == nil {
			continue
		}
		move := s.Move
		if move == "" {
			move = "(no move)"
		}
		verdict := "legal"
		if !s.Legal {
			verdict = "not legal"
		}
		under := ""
		if s.Profile != "" {
			under = " under " + s.Profile
		}
		fmt.Fprintf(&b, "  %s: %s is %s%s", q(s.Name), q(move), verdict, q(under))
		if s.Rule != "" {
			fmt.Fprintf(&b, ": %s [%s]", q(s.Message), s.Rule)
		}
		b.WriteByte('\n')
	}
	if e.Diff != "" {
		for _, l := range strings.SplitAfter(strings.TrimSuffix(e.Diff, "\n"), "\n") {
			fmt.Fprintf(&b, "  %s\n", q(strings.TrimSuffix(l, "\n")))
		}
	}
	if after {
		fmt.Fprintf(&b, "  note: %s\n", q(e.Note))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// lineMove is one move of a game's main line: as written and, when it was
// played, in canonical SAN.
type lineMove struct {
	ply     int
	written string
	san     string // "" when not played
	number  int
	black   bool
	joined  bool
}

// mainLine lists the main line's moves with their numbers, continuing the
// count past the point where the replay stopped.
func mainLine(g *record.Game, pl *replay.Played) []lineMove {
	// The whole main line is one part.
	var lr LineReader
	return lr.Part(g.Moves, pl).ms
}

func numbered(ms []lineMove, text func(*lineMove) string) []string {
	moves := make([]string, len(ms))
	nums := make([]int, len(ms))
	black := make([]bool, len(ms))
	joined := make([]bool, len(ms))
	for i := range ms {
		moves[i], nums[i], black[i], joined[i] = text(&ms[i]), ms[i].number, ms[i].black, ms[i].joined
	}
	return notation.NumberedMoves(moves, nums, black, joined)
}

// firstError is the first error finding on a main-line move (the result
// checks are not about a move and are left out), nil when none.
func firstError(res *replay.Result) *replay.Finding {
	for i := range res.Findings {
		f := &res.Findings[i]
		if !f.IsError() || f.Ply == 0 || len(f.Variation) > 0 || strings.HasPrefix(f.Rule, "result-") {
			continue
		}
		return f
	}
	return nil
}

// played is a result's steps; the replay must have been made with
// replay.Config.Steps.
func played(res *replay.Result) *replay.Played {
	if res.Played == nil {
		panic("compare: the game was replayed without replay.Config.Steps")
	}
	return res.Played
}

// ---- two transcriptions ----

// Records compares two records of one game ply by ply: canonical SAN where
// the move could be played, the move as written after that. ra and rb are
// the games' replays (with replay.Config.Steps). Nil when they agree.
func Records(nameA, nameB string, ga, gb *record.Game, ra, rb *replay.Result) *Entry {
	if e := Unreadable(ModeRecords, 0, Record{nameA, ga.SyntaxError()}, Record{nameB, gb.SyntaxError()}); e != nil {
		return e
	}
	la, lb := mainLine(ga, played(ra)), mainLine(gb, played(rb))
	text := func(m *lineMove) string {
		if m.san != "" {
			return m.san
		}
		return m.written
	}
	ply := 0
	for i := 0; i < max(len(la), len(lb)); i++ {
		if i >= len(la) || i >= len(lb) || text(&la[i]) != text(&lb[i]) {
			ply = i + 1
			break
		}
	}
	if ply == 0 {
		return nil
	}
	e := &Entry{Mode: ModeRecords, Ply: ply}
	e.A = sideAt(nameA, ra, la, ply)
	e.B = sideAt(nameB, rb, lb, ply)
	e.Diff = textdiff.Lines(nameA, nameB, numbered(la, text), numbered(lb, text))
	return e
}

// sideAt says what one record has at a ply and whether it is legal there
// (sideOf, the move of line at ply).
func sideAt(name string, res *replay.Result, line []lineMove, ply int) *Side {
	var m *lineMove
	if ply <= len(line) {
		m = &line[ply-1]
	}
	return sideOf(name, res, m, ply)
}

// ---- two rule sets ----

// RuleSets compares the verdicts of two rule sets, named nameA and nameB,
// on game g (game index i): ra and rb are its replays under each. Nil when
// they agree.
func RuleSets(nameA, nameB string, i int, g *record.Game, ra, rb *replay.Result) *Entry {
	return RuleSetsWritten(nameA, nameB, i, func(ply int) string { return writtenAt(g, ply) }, ra, rb)
}

// RuleSetsWritten is RuleSets for a game not held whole (a huge game
// whose main line is read in parts): written is its main-line move at a
// ply as written ("" when there is none; WrittenReader), asked only for
// the entry's ply, and only when there is an entry.
func RuleSetsWritten(nameA, nameB string, i int, written func(ply int) string, ra, rb *replay.Result) *Entry {
	fa, fb := firstError(ra), firstError(rb)
	pa, pb := plyOf(fa), plyOf(fb)
	e := &Entry{Mode: ModeRules, Game: i}
	switch {
	case pa == pb && (fa == nil || fa.Rule == fb.Rule):
		if ra.Summary.Outcome == rb.Summary.Outcome && ra.Summary.Winner == rb.Summary.Winner && ra.Summary.Valid == rb.Summary.Valid {
			return nil
		}
		e.Ply = max(ra.Summary.Plies, rb.Summary.Plies)
		e.Note = fmt.Sprintf("the moves are judged alike, the end is not: %s says %s, %s says %s",
			nameA, endText(ra), nameB, endText(rb))
	default:
		e.Ply = min(pa, pb)
		if pa == pb {
			e.Ply = pa
		}
	}
	e.A = verdictAt(nameA, ra, fa, e.Ply, written)
	e.B = verdictAt(nameB, rb, fb, e.Ply, written)
	return e
}

const noPly = int(^uint(0) >> 1)

func plyOf(f *replay.Finding) int {
	if f == nil {
		return noPly
	}
	return f.Ply
}

func endText(r *replay.Result) string {
	s := r.Summary.Outcome
	if r.Summary.Winner != "" {
		s += " (" + r.Summary.Winner + ")"
	}
	if !r.Summary.Valid {
		s += ", not valid"
	}
	return s
}

// RuleSetName names a rule set for the report: its profile, or the tags',
// and the settings changed.
func RuleSetName(cfg replay.Config, sets []string) string {
	name := "the tags' profile"
	if cfg.Profile != nil {
		name = cfg.Profile.Name
	}
	if len(sets) > 0 {
		name += " (" + strings.Join(sets, ", ") + ")"
	}
	return name
}

// verdictAt is one rule set's word on the move at ply (written: the
// move as written at a ply).
func verdictAt(name string, res *replay.Result, f *replay.Finding, ply int, written func(int) string) *Side {
	s := &Side{Name: name, Profile: res.Summary.Profile, Legal: true}
	if f != nil && f.Ply == ply {
		s.Legal = false
		s.Move, s.Rule, s.Message = f.SAN, f.Rule, f.Message
	} else if ply != noPly {
		s.Move = written(ply)
	}
	return s
}

// writtenAt is the main-line move of g at ply as written.
func writtenAt(g *record.Game, ply int) string {
	w := NewWrittenReader(ply)
	w.Part(g.Moves)
	return w.Text()
}

// WrittenReader finds the main-line move at a ply as written, its main
// line given a part at a time (Part), or whole as one part.
type WrittenReader struct {
	ply, n int // the ply looked for, the moves seen
	text   string
}

// NewWrittenReader looks for the move at ply (1-based).
func NewWrittenReader(ply int) *WrittenReader { return &WrittenReader{ply: ply} }

// Part reads the next part of the main line.
func (w *WrittenReader) Part(nodes []record.Node) {
	if w.n >= w.ply {
		return
	}
	for i := range nodes {
		if nodes[i].Kind == record.KindMove && nodes[i].Move != nil {
			w.n++
			if w.n == w.ply {
				w.text = strings.Clone(nodes[i].Move.Text)
				return
			}
		}
	}
}

// Text is the move at the ply as written, "" when the main line is
// shorter (or the ply not positive).
func (w *WrittenReader) Text() string { return w.text }

// ---- as written against as read ----

// unreadable is AsRead's entry of a record the reader could not read, nil
// for one it could.
func unreadable(path string, i int, g *record.Game) *Entry {
	return Unreadable(ModeAsRead, i, Record{path, g.SyntaxError()})
}

// Record is one record of a game as the reader left it: its file's name
// and the reader's error (Game.SyntaxError), nil when it read the record.
type Record struct {
	File string
	Err  *record.Notice
}

// Unreadable is the entry of game i when the reader could not read one of
// its records, nil when it read them all. Such a game is never compared:
// its moves are what the reader kept of a record it gave up on, so two
// different records could look alike and one record could look sound.
// The note names each unreadable record's file and the reader's error
// with its position, as validate reports it.
func Unreadable(mode string, i int, recs ...Record) *Entry {
	var why []string
	for _, r := range recs {
		if r.Err != nil {
			why = append(why, fmt.Sprintf("%s:%d:%d: %s", r.File, r.Err.Pos.Line, r.Err.Pos.Col, r.Err.Message))
		}
	}
	if why == nil {
		return nil
	}
	return &Entry{Mode: mode, Game: i, Note: "not read whole, so not compared: " + strings.Join(why, "; ")}
}

// asRead is AsRead of the main line line, res its replay and plies the
// plies it played.
func asRead(path string, i int, name string, line []lineMove, res *replay.Result, plies int) *Entry {
	r := newReading(res, plies)
	written := numbered(line, writtenText)
	read := numbered(line, r.text)
	nameA, nameB := asReadNames(path, i, name)
	d := textdiff.Lines(nameA, nameB, written, read)
	if d == "" && !r.notReplayed {
		return nil
	}
	first := 0
	for k := range line {
		if written[k] != read[k] {
			first = k + 1
			break
		}
	}
	var at *lineMove
	if first > 0 {
		at = &line[first-1]
	}
	e := r.entry(i, name, first, at)
	e.Diff = d
	return e
}

// reading is how a rule set reads a main line: every move as played up
// to the first illegal one (bad), which is marked, and the rest as
// written.
type reading struct {
	bad         int
	f           *replay.Finding // the first error, nil when none
	notReplayed bool
	stop        *replay.Finding // what kept the game from being replayed
}

// newReading reads res, the replay of a main line of which it played
// plies (res.Played is the last part's, for a game read in parts).
func newReading(res *replay.Result, plies int) *reading {
	pl := played(res)
	r := &reading{bad: plies + 1, f: firstError(res), notReplayed: pl.Start == nil && pl.Stop != nil, stop: pl.Stop}
	if r.f != nil && r.f.Ply < r.bad {
		r.bad = r.f.Ply
	}
	return r
}

func writtenText(m *lineMove) string { return m.written }

// text is the move m as read.
func (r *reading) text(m *lineMove) string {
	switch {
	case m.ply < r.bad:
		return m.san
	case m.ply == r.bad:
		why := "cannot be played"
		if r.f != nil && r.f.Ply == r.bad {
			why = r.f.Message + " [" + r.f.Rule + "]"
		}
		return m.written + " {illegal: " + why + "}"
	}
	return m.written + " {after the first illegal move}"
}

// asReadNames are the two sides of AsRead's diff.
func asReadNames(path string, i int, name string) (string, string) {
	return fmt.Sprintf("%s game %d as written", path, i), fmt.Sprintf("%s game %d as %s reads it", path, i, name)
}

// entry is AsRead's entry but for its diff: first is the first line where
// the two sides differ (0: none), at its move.
func (r *reading) entry(i int, name string, first int, at *lineMove) *Entry {
	e := &Entry{Mode: ModeAsRead, Game: i, Ply: first}
	if r.notReplayed {
		e.Note = fmt.Sprintf("cannot be replayed: %s [%s]", r.stop.Message, r.stop.Rule)
	} else if first > 0 {
		e.A = &Side{Name: "as written", Move: at.written, Legal: first < r.bad, Profile: name}
		s := &Side{Name: "as read", Move: at.san, Legal: first < r.bad, Profile: name}
		if s.Move == "" {
			s.Move = at.written
		}
		if first >= r.bad && r.f != nil && r.f.Ply == r.bad {
			s.Rule, s.Message = r.f.Rule, r.f.Message
		}
		e.B = s
	}
	return e
}
