package batch

// The validate work (Validate): every game of the inputs replayed under
// its file's settings (and, with hints, under the other profiles), and
// reported in input order by a report writer of package report. The
// workers replay; the sink (validator) chooses the findings, passes them
// through the caller's baseline, counts them and writes them. The
// pictures of --svg-dir are drawn by the sink too (validate_svg.go), in
// input order, so that their names do not depend on the workers.

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unsafe"

	"github.com/ashtapada/ashtapada/detect"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/report"
	"github.com/ashtapada/ashtapada/ruleselect"
)

// FileSettings are what validation does with the games of one input
// file: how it replays them and which findings it reports.
type FileSettings struct {
	Replay replay.Config
	// Rules chooses the findings reported (nil: all of them). Those it
	// leaves out are not there at all: neither counted, nor reported, nor
	// given to Validation.Through.
	Rules *ruleselect.Choice
}

// Validation says how Validate judges the games of each file and how it
// reports them. Where the settings come from (flags, configuration files)
// is the caller's business.
type Validation struct {
	// Settings are those of a file that has none of its own.
	Settings *FileSettings
	// Files are the settings of the files that have their own, by the
	// name the run gives the file (source.Name, or Options.StdinName).
	Files map[string]*FileSettings
	// Hints also judges each game under the other profiles
	// (detect.Hinter): the also-valid-as warnings.
	Hints bool

	// Format names the report's format (report.Formats); Report
	// is its options.
	Format string
	Report report.Options
	// Quiet reports only the error findings; the warnings are still
	// counted, and given to Through.
	Quiet bool
	// Summary ends the report with the tally of the run.
	Summary bool
	// MaxErrors, when above 0, shows the findings of games up to that
	// many error findings, then only counts the rest
	// (ValidateOutcome.Left).
	MaxErrors int
	// SVGDir, when set, is the directory that one SVG drawing per error
	// finding is written to.
	SVGDir string

	// Through, when set, is given each game's result after Rules, before
	// it is counted, and returns the result counted and reported: a
	// baseline records it, or drops the findings it knows; a progress bar
	// counts it. Setting it has the games' identities computed (the
	// GameID it is given), which costs a little a game.
	Through func(report.GameID, *replay.Result) *replay.Result
	// Diag is where the messages of the run go while it runs: an input
	// that cannot be read, a game that met a bug of the program, a
	// drawing that cannot be written (nil: io.Discard).
	Diag io.Writer
}

// of returns the settings of the file the run names name.
func (v *Validation) of(name string) *FileSettings {
	if fs, ok := v.Files[name]; ok {
		return fs
	}
	return v.Settings
}

// ValidateOutcome is what a validation tells its caller at the end, for
// its messages and its exit status.
type ValidateOutcome struct {
	Outcome
	// Games counts the games checked; Errors their error findings (after
	// Through).
	Games, Errors int
	// Found counts the games found in the inputs (with Options.Select, up
	// to the last it may choose), Chosen those Options.Select chose.
	Found, Chosen int
	// Shown counts the error findings shown; Left what MaxErrors left
	// out.
	Shown int
	Left  LeftOut
	// Unwritten counts the drawings of SVGDir that could not be written
	// (each said on Diag).
	Unwritten int
}

// LeftOut are the findings a validation counted past its MaxErrors but
// did not show.
type LeftOut struct {
	Findings, Errors, Games int
}

// Validate validates the games of the inputs (files, directories, "-" for
// standard input, as Run takes them) and writes the report to w: each
// game is parsed and replayed by a worker under its file's settings
// (v.Files, else v.Settings), and reported in input order, so the report
// is the same for any number of workers (Options.Jobs). A file named as an
// argument that holds no game is reported as a warning of its own
// (replay.NoGames). An input that cannot be read, and a game that met a
// bug of the program, are said on v.Diag and counted
// (Outcome.ToolErrors); the run goes on with the others.
//
// o says how the inputs are read and which games are validated; Validate
// asks for the games' identities (Options.IDs) when something reads them:
// v.Through (a baseline), SARIF's fingerprints, HTML's game names. The
// report is ended (its tally written with v.Summary) and w's buffer
// flushed whatever happened; the error is the report's, when it could not
// be written (a reader that went away: syscall.EPIPE). What the outcome
// means for the exit status is the caller's.
func Validate(o Options, inputs []string, v Validation, w io.Writer) (ValidateOutcome, error) {
	if v.Settings == nil {
		v.Settings = &FileSettings{}
	}
	if v.Diag == nil {
		v.Diag = io.Discard
	}
	out := bufio.NewWriterSize(w, 1<<16)
	rw, err := report.New(v.Format, out, v.Report)
	if err != nil {
		return ValidateOutcome{}, err
	}
	// A report that draws the moves up to each finding (HTML) has the
	// replay keep them: cheap, in the one walk.
	s := &validator{v: v, rw: rw, tally: replay.NewTally(), moves: report.WantsMoves(rw), keys: report.WantsGameKeys(rw)}
	o.IDs = o.IDs || v.Through != nil || v.Format == "sarif" || s.keys
	read := Run(o, inputs, s.work(), s)
	var sum *replay.Tally
	if v.Summary {
		sum = s.tally
	}
	report.RunTotals(rw, s.tally, report.LeftOutNote(v.MaxErrors, s.out.Shown, s.out.Left.Findings, s.out.Left.Errors, s.out.Left.Games))
	if err := rw.Close(sum); err != nil && s.writeErr == nil {
		s.writeErr = err
	}
	if err := out.Flush(); err != nil && s.writeErr == nil {
		s.writeErr = err
	}
	s.out.Outcome = read
	if s.writeErr != nil {
		return s.out, fmt.Errorf("writing the report: %w", s.writeErr)
	}
	return s.out, nil
}

// validator carries one validation: the sink of its run, which reports
// the results in input order.
type validator struct {
	v        Validation
	rw       report.Writer
	tally    *replay.Tally
	moves    bool       // the replays keep the main line's moves (Config.Moves)
	keys     bool       // the report reads each game's identity tags (report.NextGameKey)
	svg      *svgWriter // SVGDir's drawings, named uniquely across the run
	out      ValidateOutcome
	writeErr error // what the report could not write
}

// config is the replay configuration of the games of fs.
func (s *validator) config(fs *FileSettings) replay.Config {
	cfg := fs.Replay
	cfg.Moves = cfg.Moves || s.moves
	return cfg
}

// work is what the workers do with each game: replay it under its file's
// settings (and, with Hints, try it under the other profiles, package
// detect).
func (s *validator) work() Work[*replay.Result] {
	strict := s.v.Settings.Replay.Strict
	// again replays a game into old, a result the sink is done with (nil:
	// a new one).
	again := func() func(*replay.Result, *record.Game, string, int) *replay.Result {
		rp := s.replayers()
		var h *detect.Hinter
		if s.v.Hints {
			h = detect.NewHinter(strict)
		}
		return func(old *replay.Result, g *record.Game, file string, index int) *replay.Result {
			res := rp(file).GameInto(old, g, file, index)
			if h != nil {
				h.Add(record.Whole(g), res)
			}
			return detach(res, g.Source)
		}
	}
	st := Work[*replay.Result]{
		Worker: func() func(*record.Game, string, int) *replay.Result {
			do := again()
			return func(g *record.Game, file string, index int) *replay.Result {
				return do(nil, g, file, index)
			}
		},
		Failed: func(file string, index int) *replay.Result {
			return &replay.Result{Summary: replay.Summary{File: file, Game: index, Outcome: replay.OutcomeNone}}
		},
	}
	// A huge game's main line is read in parts (HugeGame.Source), and
	// Hints replays it again in parts under the other profiles.
	// (Validation never sets Config.Steps, which only the work that writes
	// a game in another form needs.)
	st.Huge = func() func(HugeGame, string, int) (*replay.Result, *record.Game) {
		rp := s.replayers()
		var h *detect.Hinter
		if s.v.Hints {
			h = detect.NewHinter(strict)
		}
		return func(hg HugeGame, file string, index int) (*replay.Result, *record.Game) {
			src := hg.Source(file)
			res := rp(file).Replay(src, file, index, replay.Each{})
			if h != nil {
				h.Add(src, res)
			}
			return detach(res, hg.Chunk.Data), src.Head
		}
	}
	// The results hold none of the text (detach), so the splitter's
	// memory is used again once they are delivered: fewer bytes for the
	// collector, fresh pages neither zeroed nor faulted in.
	st.Detached = true
	// The walk is all that reads a game's main line, but for Hints, whose
	// other profiles count and walk its nodes.
	st.Plies = !s.v.Hints
	// The sink keeps nothing of a result once it is written (the tally
	// keeps strings, which are never written over) unless Through or the
	// report's writer does: the results are then used again.
	if s.v.Through == nil && !report.KeepsResults(s.rw) {
		st.Again = again
	}
	return st
}

// detach makes res hold no string that shares text's bytes, the game's
// text (Work.Detached): a summary's recorded result is the marker's text,
// a finding's move its token, a tag's value the tag's. A string of text is
// copied; the others (constants, messages made for the finding) are kept.
// The Played steps are not looked at: validation never asks for them
// (Config.Steps).
func detach(res *replay.Result, text []byte) *replay.Result {
	sm := &res.Summary
	if sharesBytes(sm.Result, text) {
		sm.Result = ownResult(sm.Result)
	}
	own(text, &sm.File, &sm.Profile, &sm.ProfileSource, &sm.Outcome, &sm.Winner)
	if len(res.Findings) > 0 || len(res.Moves) > 0 {
		detachMore(res, text)
	}
	return res
}

// detachMore is detach for the findings and the moves. A finding's
// Settings, shared by the game's findings, is replaced by a copy when one
// of its strings is text's, not changed.
func detachMore(res *replay.Result, text []byte) {
	for i := range res.Findings {
		f := &res.Findings[i]
		own(text, &f.File, &f.Side, &f.SAN, &f.Rule, &f.Severity, &f.Message, &f.FEN, &f.Profile, &f.Fingerprint, &f.Men)
		for j := range f.Legal {
			own(text, &f.Legal[j])
		}
		for k, v := range f.Settings {
			if sharesBytes(k, text) || sharesBytes(v, text) {
				m := make(map[string]string, len(f.Settings))
				for k, v := range f.Settings {
					m[strings.Clone(k)] = strings.Clone(v)
				}
				f.Settings = m
				break
			}
		}
	}
	for i := range res.Moves {
		own(text, &res.Moves[i].Text)
	}
}

// own copies each of ss that shares text's bytes.
func own(text []byte, ss ...*string) {
	for _, s := range ss {
		if sharesBytes(*s, text) {
			*s = strings.Clone(*s)
		}
	}
}

// ownResult is a copy of r, a game's recorded result in its text: nearly
// every game's, most often one of PGN's termination markers
// (grammar.IsResult), which is a constant, not an allocation a game.
func ownResult(r string) string {
	switch r {
	case "1-0":
		return "1-0"
	case "0-1":
		return "0-1"
	case "1/2-1/2":
		return "1/2-1/2"
	case "*":
		return "*"
	}
	return strings.Clone(r)
}

// sharesBytes reports whether s lies in b's bytes.
func sharesBytes(s string, b []byte) bool {
	if len(s) == 0 || len(b) == 0 {
		return false
	}
	p, start := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return p-start < uintptr(len(b))
}

// replayers gives one worker a replayer for each file's settings, made
// when first needed: most runs have one.
func (s *validator) replayers() func(file string) *replay.Replayer {
	made := map[*FileSettings]*replay.Replayer{}
	return func(file string) *replay.Replayer {
		fs := s.v.of(file)
		r, ok := made[fs]
		if !ok {
			r = replay.New(s.config(fs))
			made[fs] = r
		}
		return r
	}
}

// Game takes one result; false asks the run to stop (the report can no
// longer be written).
func (s *validator) Game(id report.GameID, res *replay.Result) bool {
	s.out.Chosen++
	return s.game(&id, res)
}

// game is Game for a result of FileEnd too. id by its address: a GameID
// is eighteen words, which a call by value copied at every game.
func (s *validator) game(id *report.GameID, res *replay.Result) bool {
	v := &s.v
	res = v.of(res.Summary.File).Rules.Apply(res)
	if v.Through != nil {
		res = v.Through(*id, res)
	}
	s.tally.Add(res)
	if res.IsGame() {
		s.out.Games++
	}
	s.out.Errors += res.Summary.Errors
	if v.Quiet {
		res.Findings = onlyErrors(res.Findings)
	}
	if v.Format == "sarif" {
		// SARIF's partialFingerprints: the baseline's fingerprint.
		for i := range res.Findings {
			res.Findings[i].Fingerprint = id.Fingerprint(&res.Findings[i])
		}
	}
	if v.MaxErrors > 0 && s.out.Shown >= v.MaxErrors {
		// Past MaxErrors the games are still checked (the exit status and
		// the baseline need them all), but only counted.
		if len(res.Findings) > 0 {
			s.out.Left.Findings += len(res.Findings)
			s.out.Left.Errors += res.Summary.Errors
			s.out.Left.Games++
		}
		return true
	}
	s.out.Shown += res.Summary.Errors
	if v.SVGDir != "" {
		if s.svg == nil {
			s.svg = newSVGWriter(v.SVGDir)
		}
		if err := s.svg.write(res); err != nil {
			s.out.Unwritten++
			fmt.Fprintln(v.Diag, "ashtapada:", err)
		}
	}
	if s.keys { // asked once, where NextGameKey asserts the report's type at every game
		report.NextGameKey(s.rw, id.Key)
	}
	if err := s.rw.Game(res); err != nil {
		s.writeErr = err
		return false
	}
	return true
}

// FileEnd: a file named on the command line that holds no game is a
// warning of its own; inside a directory it is not (a directory may hold a
// README.pgn of comments).
func (s *validator) FileEnd(f FileEnd) bool {
	s.out.Found += f.Games
	if f.Games == 0 && f.Opened && f.Named && !f.Elsewhere {
		return s.game(&report.GameID{}, replay.NoGames(f.Name, s.v.of(f.Name).Replay.Strict))
	}
	return true
}

// ToolError says an input that could not be read, or a bug met on a
// game: the run goes on with the other inputs and games.
func (s *validator) ToolError(err error) bool {
	fmt.Fprintln(s.v.Diag, "ashtapada:", err)
	return true
}

// onlyErrors drops the warnings of a game's findings (Quiet), after they
// were counted and given to Through.
func onlyErrors(fs []replay.Finding) []replay.Finding {
	kept := fs[:0]
	for _, f := range fs {
		if f.IsError() {
			kept = append(kept, f)
		}
	}
	return kept
}
