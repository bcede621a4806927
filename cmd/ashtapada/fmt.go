package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/textdiff"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
	"github.com/ashtapada/ashtapada/source"
	"github.com/ashtapada/ashtapada/tablegames"
)

func init() {
	register(&cli.Command{
		Name:      "fmt",
		Usage:     "write records in canonical form, like gofmt",
		ArgsUsage: "[FILE|DIR|-]...",
		Description: "Without flags, the canonical text goes to standard output. A game with a syntax error\n" +
			"is reported on standard error and passed through byte for byte; the games around it are\n" +
			"formatted, and the file counts as not canonical. Exit status: 0, or 1 with --check when\n" +
			"a file is not canonical, 2 when a file cannot be read or written or holds a game that\n" +
			"could not be read.",
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "l", Usage: "list files whose formatting differs from canonical form"},
			&cli.BoolFlag{Name: "d", Usage: "show the differences as a unified diff"},
			&cli.BoolFlag{Name: "w", Usage: "rewrite files in place (temporary file, then rename)"},
			&cli.BoolFlag{Name: "check", Usage: "exit 1 if any file is not in canonical form"},
			&cli.BoolFlag{Name: "san", Usage: "also write every move in the profile's canonical SAN, as the replay reads it (a2a3 -> a3, 0-0 -> O-O, a mate marked + -> #)"},
		}, slices.Concat(limitFlags(), profileFlags(), configFlags(), notationFlags(), []cli.Flag{maxWindowFlag()})...),
		Action: runFmt,
	})
}

type fmtOptions struct {
	list, diff, write, check bool
	stdout, stderr           io.Writer
	// san: moves rewritten in canonical SAN by this replayer (--san).
	san *replay.Replayer
	// unplayed counts games whose main line --san could not replay whole.
	unplayed int
	// limits are the readers' (--max-depth, --max-token, --max-game-bytes).
	limits grammar.Limits
	// notation is the moves' notation (--notation).
	notation batch.Notation
}

func runFmt(c *cli.Context) error {
	// fmt streams (at most two games held, formats.FormatEach): a soft
	// limit keeps the collector from letting a huge game's garbage grow
	// to four times what is live (GOGC=400, main).
	batch.LimitMemory(batch.StreamMemoryLimit)
	lim, err := readLimits(c)
	if err != nil {
		return toolError(err)
	}
	notation, err := readNotation(c)
	if err != nil {
		return toolError(err)
	}
	opt := fmtOptions{
		list: c.Bool("l"), diff: c.Bool("d"), write: c.Bool("w"), check: c.Bool("check"),
		stdout: c.App.Writer, stderr: c.App.ErrWriter, limits: lim, notation: notation,
	}
	if opt.stdout == nil {
		opt.stdout = os.Stdout
	}
	if opt.stderr == nil {
		opt.stderr = os.Stderr
	}
	if c.Bool("san") {
		cfg, err := validateConfig(c)
		if err != nil {
			return toolError(err)
		}
		cfg.Steps = true
		opt.san = replay.New(cfg)
	}
	return fmtFiles(c.Args().Slice(), &opt)
}

// fmtFiles formats every input; it goes on after a file it cannot read and
// returns the worst status at the end, as gofmt does: 2 when a file could
// not be read or written or holds a game fmt could not read (passed
// through as written, and reported), else 1 with --check when a file is not
// canonical.
func fmtFiles(args []string, opt *fmtOptions) error {
	if len(args) == 0 {
		args = []string{"-"}
	}
	stdout := &errWriter{w: opt.stdout}
	opt.stdout = stdout
	failedFiles := false
	var files []string
	for _, arg := range args {
		// One argument at a time, so that a missing file does not stop
		// the others from being formatted.
		fs, err := source.Expand([]string{arg}, opt.stderr)
		if err != nil {
			fmt.Fprintln(opt.stderr, "ashtapada:", err)
			failedFiles = true
		}
		files = append(files, fs...)
	}
	differ := false
	for _, path := range files {
		r, err := fmtFile(path, opt)
		differ = differ || r.differ
		if isBrokenPipe(err) {
			return err // the reader went away (`| head`): stop quietly (signals.go)
		}
		if err != nil {
			if stdout.err == nil || !errors.Is(err, stdout.err) { // that one is reported once, below
				fmt.Fprintln(opt.stderr, "ashtapada:", err)
			}
			failedFiles = true
			continue
		}
		if r.broken > 0 {
			failedFiles = true
		}
		if stdout.err != nil {
			break
		}
	}
	if isBrokenPipe(stdout.err) {
		return stdout.err // the reader went away (`| head`): stop quietly (signals.go)
	}
	if stdout.err != nil {
		fmt.Fprintln(opt.stderr, "ashtapada: writing to standard output:", stdout.err)
		return &exitError{code: 2}
	}
	if failedFiles {
		return &exitError{code: 2}
	}
	if opt.unplayed > 0 {
		// --san left moves as written that it could not replay.
		return failed()
	}
	if opt.check && differ {
		return failed()
	}
	return nil
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

// fmtFile formats one file game by game, holding at most two games
// whatever the file's size (formats.FormatEach): the plain filter writes
// each game as it comes, -l and --check stop at the first difference, -d
// diffs game by game, -w writes the temporary file as it goes and renames
// it over the file only if something changed.
func fmtFile(path string, opt *fmtOptions) (fmtResult, error) {
	var res fmtResult
	if opt.write && path == "-" {
		return res, fmt.Errorf("cannot use -w with standard input")
	}
	if opt.write && !strings.HasSuffix(strings.ToLower(path), ".pgn") {
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
			fmt.Fprintln(opt.stderr, "ashtapada:", err)
		})
	} else {
		in, name, err = openInput(path)
	}
	if err != nil {
		return res, err
	}
	defer in.Close()
	report := func(g *record.Game) {
		for _, n := range g.Notices {
			if n.Rule == ruleid.Syntax || n.Rule == ruleid.Limit {
				fmt.Fprintf(opt.stderr, "%s:%d:%d: %s: %s [%s]\n", formats.TerminalText(name), n.Pos.Line, n.Pos.Col, n.Severity, formats.TerminalText(n.Message), n.Rule)
			}
		}
		if n := g.SyntaxError(); n != nil {
			res.broken++
			fmt.Fprintf(opt.stderr, "%s:%d:%d: the game could not be read and is passed through as written\n", formats.TerminalText(name), g.Pos.Line, g.Pos.Col)
		}
	}
	plain := !opt.list && !opt.diff && !opt.write && !opt.check
	stopEarly := !opt.diff && !opt.write && !plain
	var diff *textdiff.Writer
	if opt.diff {
		diff = textdiff.NewWriter(opt.stdout, name+".orig", name)
	}
	var rewrite *formats.Rewrite
	if opt.san != nil {
		// A huge game is replayed in parts as validate replays it
		// (batch.ReplayParts), and rewritten a part at a time; a Scratch of
		// its own, as FormatEach holds the record while it reads the
		// next game.
		parts := func(c grammar.Chunk, index int, begin func(*record.Game, []record.Node), part func([]record.Node, *replay.Played)) (*replay.Result, *record.Game, bool) {
			return batch.ReplayParts(opt.san, c, new(grammar.Scratch), name, index, batch.PartHooks{Begin: begin, Part: part})
		}
		rewrite = formats.SANRewrite(name, opt.san, func(f *replay.Finding) {
			opt.unplayed++
			fmt.Fprintf(opt.stderr, "%s:%d:%d: %s: %s [%s]; the moves from there are kept as written\n", formats.TerminalText(name), f.Line, f.Column, f.Severity, formats.TerminalText(f.Message), f.Rule)
		}, parts)
	}
	each := func(out io.Writer) error {
		// Each reader gets the command's limits and notation.
		rd := grammar.NewReader(in, name)
		rd.SetLimits(opt.limits)
		opt.notation.Apply(rd, record.SAN)
		_, err := formats.FormatEach(rd, name, rewrite, func(p *formats.Piece) error {
			if p.Game != nil && formats.HasSyntaxNotice(p.Game) {
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
		err = each(opt.stdout)
	case opt.write:
		err = rewriteFileAtomic(path, func(w io.Writer) (bool, error) {
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
		if opt.list {
			fmt.Fprintln(opt.stdout, name)
		}
		if opt.check && !opt.list && !opt.diff {
			fmt.Fprintf(opt.stderr, "%s: not in canonical form\n", name)
		}
	}
	return res, nil
}
