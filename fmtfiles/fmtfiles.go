// Package fmtfiles writes records in canonical form, like gofmt: the
// work of the fmt command on its files, one game at a time.
//
// It owns what is done with each input: reading it a game at a time
// and holding at most two games (pgn.FormatEach), whatever the
// file's size; writing the canonical text to standard output, listing
// the files not in it (Options.List), showing the differences as a
// unified diff (Options.Diff), rewriting a file in place, atomically and
// only when something changed (Options.Write, package outfile), and
// stopping at a file's first difference when only List or Check is
// asked; with Options.SAN, every move rewritten in the profile's
// canonical SAN as the replay reads it, a huge game a part at a time
// (pgn.SANRewrite). A game that cannot be read is reported and
// passed through as written. The messages about the files (a syntax
// error, a file that cannot be read) are its own, on Options.Stderr,
// worded as gofmt words them.
//
// It leaves to others: what a game's canonical text is (package formats),
// opening the inputs (package source, through Options.Source), and what
// the flags mean and the exit status (the command, from Outcome).
package fmtfiles

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"syscall"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/outfile"
	"github.com/ashtapada/ashtapada/internal/termtext"
	"github.com/ashtapada/ashtapada/internal/textdiff"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
	"github.com/ashtapada/ashtapada/source"
	"github.com/ashtapada/ashtapada/tablegames"
)

// Options say what Format does with the files and where it writes.
type Options struct {
	// List names the files whose formatting differs from canonical
	// form; Diff shows the differences as a unified diff; Write rewrites
	// the files in place; Check says (on Stderr, unless List or Diff) the
	// files not in canonical form, and stops reading a file at its first
	// difference. None of them: the canonical text goes to Stdout.
	List, Diff, Write, Check bool
	// Stdout and Stderr are where the output and the messages go.
	Stdout, Stderr io.Writer
	// SAN, when set, rewrites the moves in canonical SAN as this replayer
	// reads them (Config.Steps on).
	SAN *replay.Replayer
	// Source opens the inputs; Limits and Notation are the readers', and
	// Parts says from which size a game is read and rewritten in parts.
	Source   source.Options
	Limits   grammar.Limits
	Parts    grammar.ReadOptions
	Notation batch.Notation
}

// Outcome is what Format tells its caller, for the exit status.
type Outcome struct {
	// Failed: a file could not be read or written, held a game that could
	// not be read (passed through as written), or standard output could
	// not be written; each was said on Stderr.
	Failed bool
	// Differ: a file is not in canonical form.
	Differ bool
	// Unplayed counts the games whose main line SAN could not replay
	// whole: their moves from there are not replayed, and are written
	// as read (their form kept, a piece's letter in English).
	Unplayed int
}

// Format formats every input (files, directories, "-" for standard
// input; none is standard input); it goes on after a file it cannot read,
// as gofmt does. The error is the one that stopped it: Stdout's reader
// went away (syscall.EPIPE, `| head`), which is no message's business.
func Format(args []string, o Options) (Outcome, error) {
	if len(args) == 0 {
		args = []string{"-"}
	}
	stdout := &errWriter{w: o.Stdout}
	f := &formatter{o: o}
	f.o.Stdout = stdout
	var out Outcome
	var files []string
	for _, arg := range args {
		// One argument at a time, so that a missing file does not stop
		// the others from being formatted.
		fs, err := source.Expand([]string{arg}, o.Stderr)
		if err != nil {
			fmt.Fprintln(o.Stderr, "ashtapada:", err)
			out.Failed = true
		}
		files = append(files, fs...)
	}
	for _, path := range files {
		r, err := f.file(path)
		out.Differ = out.Differ || r.differ
		if errors.Is(err, syscall.EPIPE) {
			return out, err
		}
		if err != nil {
			if stdout.err == nil || !errors.Is(err, stdout.err) { // that one is reported once, below
				fmt.Fprintln(o.Stderr, "ashtapada:", err)
			}
			out.Failed = true
			continue
		}
		if r.broken > 0 {
			out.Failed = true
		}
		if stdout.err != nil {
			break
		}
	}
	out.Unplayed = f.unplayed
	if errors.Is(stdout.err, syscall.EPIPE) {
		return out, stdout.err
	}
	if stdout.err != nil {
		fmt.Fprintln(o.Stderr, "ashtapada: writing to standard output:", stdout.err)
		out.Failed = true
	}
	return out, nil
}

// formatter carries one Format.
type formatter struct {
	o Options
	// unplayed counts games whose main line SAN could not replay whole.
	unplayed int
}

// errWriter remembers the first write error, so that a closed or full
// standard output is an exit status and not a silent loss.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// fmtResult is what fmt found in one file.
type fmtResult struct {
	differ  bool // not in canonical form
	changed bool // fmt's output is not the input
	broken  int  // games fmt could not read (passed through as written)
}

// errCanonicalDiffers stops reading a file once -l or --check know the
// answer.
var errCanonicalDiffers = errors.New("not canonical")

// file formats one file game by game, holding at most two games
// whatever the file's size (pgn.FormatEach): the plain filter writes
// each game as it comes, -l and --check stop at the first difference, -d
// diffs game by game, -w writes the temporary file as it goes and renames
// it over the file only if something changed.
func (fm *formatter) file(path string) (fmtResult, error) {
	o := &fm.o
	var res fmtResult
	if o.Write && path == "-" {
		return res, fmt.Errorf("cannot use -w with standard input")
	}
	if o.Write && !strings.HasSuffix(strings.ToLower(path), ".pgn") {
		return res, fmt.Errorf("cannot rewrite %s in place: only .pgn files are rewritten", path)
	}
	var in io.ReadCloser
	var name string
	var err error
	if tablegames.IsTable(path, "") {
		// A table of games (convert --to parquet): its rows' text.
		in, name = nil, source.Name(path)
		in, err = tablegames.Text(path, func(err error) {
			res.broken++
			fmt.Fprintln(o.Stderr, "ashtapada:", err)
		})
	} else {
		var src *source.Input
		if src, err = o.Source.Open(path); err == nil {
			in, name = src, src.Name
		}
	}
	if err != nil {
		return res, err
	}
	defer in.Close()
	report := func(g *record.Game) {
		for _, n := range g.Notices {
			if n.Rule == ruleid.Syntax || n.Rule == ruleid.Limit {
				fmt.Fprintf(o.Stderr, "%s:%d:%d: %s: %s [%s]\n", termtext.Safe(name), n.Pos.Line, n.Pos.Col, n.Severity, termtext.Safe(n.Message), n.Rule)
			}
		}
		if n := g.SyntaxError(); n != nil {
			res.broken++
			fmt.Fprintf(o.Stderr, "%s:%d:%d: the game could not be read and is passed through as written\n", termtext.Safe(name), g.Pos.Line, g.Pos.Col)
		}
	}
	plain := !o.List && !o.Diff && !o.Write && !o.Check
	stopEarly := !o.Diff && !o.Write && !plain
	var diff *textdiff.Writer
	if o.Diff {
		diff = textdiff.NewWriter(o.Stdout, name+".orig", name)
	}
	var rewrite *pgn.Rewrite
	if o.SAN != nil {
		// A huge game is replayed in parts as validate replays it, and
		// rewritten a part at a time.
		rewrite = pgn.SANRewrite(name, o.SAN, func(f *replay.Finding) {
			fm.unplayed++
			fmt.Fprintf(o.Stderr, "%s:%d:%d: %s: %s [%s]; the moves from there are not replayed and are written as read, not in canonical SAN\n", termtext.Safe(name), f.Line, f.Column, f.Severity, termtext.Safe(f.Message), f.Rule)
		}, true)
	}
	each := func(out io.Writer) error {
		// Each reader gets the command's limits and notation.
		rd := grammar.NewReader(in, name)
		rd.SetLimits(o.Limits)
		o.Notation.Apply(rd, record.SAN)
		_, err := pgn.FormatEach(rd, name, o.Parts, rewrite, func(p *pgn.Piece) error {
			if p.Game != nil && pgn.HasSyntaxNotice(p.Game) {
				report(p.Game)
			}
			same := bytes.Equal(p.Src, p.Out)
			// A game fmt could not read is written back as it is, but
			// the file is not canonical.
			canonical := same && (p.Game == nil || p.Game.SyntaxError() == nil)
			res.differ = res.differ || !canonical
			res.changed = res.changed || !same
			if out != nil {
				if _, err := out.Write(p.Out); err != nil {
					return err
				}
			}
			if diff != nil {
				if same {
					diff.Same(p.Src)
				} else {
					diff.Change(p.Src, p.Out)
				}
			}
			if !canonical && stopEarly {
				return errCanonicalDiffers
			}
			return nil
		})
		if errors.Is(err, errCanonicalDiffers) {
			return nil
		}
		return err
	}
	switch {
	case plain:
		err = each(o.Stdout)
	case o.Write:
		err = outfile.Rewrite(path, func(w io.Writer) (bool, error) {
			err := each(w)
			return res.changed, err
		})
	default:
		err = each(nil)
	}
	if diff != nil {
		if derr := diff.Close(); err == nil {
			err = derr
		}
	}
	if err != nil {
		return res, err
	}
	if res.differ {
		if o.List {
			fmt.Fprintln(o.Stdout, name)
		}
		if o.Check && !o.List && !o.Diff {
			fmt.Fprintf(o.Stderr, "%s: not in canonical form\n", name)
		}
	}
	return res, nil
}
