package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
)

func init() {
	register(&cli.Command{
		Name:      "fmt",
		Usage:     "write records in canonical form (docs/notation.md section 6)",
		ArgsUsage: "[FILE|DIR|-]...",
		Description: "Without flags, the canonical text goes to standard output. A game with a syntax error\n" +
			"is reported on standard error and passed through byte for byte; the games around it are\n" +
			"formatted. Exit status: 0, or 1 with --check when a file is not canonical, 2 when a file\n" +
			"cannot be read or written.",
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "l", Usage: "list files whose formatting differs from canonical form"},
			&cli.BoolFlag{Name: "d", Usage: "show the differences as a unified diff"},
			&cli.BoolFlag{Name: "w", Usage: "rewrite files in place (temporary file, then rename)"},
			&cli.BoolFlag{Name: "check", Usage: "exit 1 if any file is not in canonical form"},
			&cli.BoolFlag{Name: "san", Usage: "also write every move in the profile's canonical SAN, as the replay reads it (a2a3 -> a3, 0-0 -> O-O, a mate marked + -> #)"},
		}, append(append(limitFlags(), profileFlags()...), notationFlags()...)...),
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
}

func runFmt(c *cli.Context) error {
	lim, err := readLimits(c)
	if err != nil {
		return toolError(err)
	}
	if err := applyNotation(c); err != nil {
		return toolError(err)
	}
	opt := fmtOptions{
		list: c.Bool("l"), diff: c.Bool("d"), write: c.Bool("w"), check: c.Bool("check"),
		stdout: c.App.Writer, stderr: c.App.ErrWriter, limits: lim,
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
// returns the worst status at the end, as gofmt does.
func fmtFiles(args []string, opt *fmtOptions) error {
	if len(args) == 0 {
		args = []string{"-"}
	}
	var toolErr error
	var files []string
	for _, arg := range args {
		// One argument at a time, so that a missing file does not stop
		// the others from being formatted.
		fs, err := expandInputs([]string{arg})
		if err != nil {
			fmt.Fprintln(opt.stderr, "ashtapada:", err)
			toolErr = err
			continue
		}
		files = append(files, fs...)
	}
	differ := false
	for _, path := range files {
		d, err := fmtFile(path, opt)
		if err != nil {
			fmt.Fprintln(opt.stderr, "ashtapada:", err)
			toolErr = err
			continue
		}
		differ = differ || d
	}
	if toolErr != nil {
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

// fmtFile formats one file and reports whether it was not canonical.
func fmtFile(path string, opt *fmtOptions) (bool, error) {
	if opt.write && path == "-" {
		return false, fmt.Errorf("cannot use -w with standard input")
	}
	if opt.write && !strings.HasSuffix(strings.ToLower(path), ".pgn") {
		return false, fmt.Errorf("cannot rewrite %s in place: only .pgn files are rewritten", path)
	}
	in, name, err := openInput(path)
	if err != nil {
		return false, err
	}
	defer in.Close()
	report := func(g *record.Game) {
		for _, n := range g.Notices {
			if n.Rule == ruleid.Syntax || n.Rule == ruleid.Limit {
				fmt.Fprintf(opt.stderr, "%s:%d:%d: %s: %s [%s]\n", name, n.Pos.Line, n.Pos.Col, n.Severity, n.Message, n.Rule)
			}
		}
	}
	// Each reader gets the command's limits.
	format := func(w io.Writer, r io.Reader, name string, report func(*record.Game)) (formats.FormatStats, error) {
		rd := grammar.NewReader(r, name)
		rd.SetLimits(opt.limits)
		if opt.san == nil {
			return formats.FormatReader(w, rd, name, report)
		}
		return formats.FormatSAN(w, rd, name, report, opt.san, func(f *replay.Finding) {
			opt.unplayed++
			fmt.Fprintf(opt.stderr, "%s:%d:%d: %s: %s [%s]; the moves from there are kept as written\n", name, f.Line, f.Column, f.Severity, f.Message, f.Rule)
		})
	}
	if !opt.list && !opt.diff && !opt.write && !opt.check {
		// Plain filter: stream, memory does not grow with the file.
		if _, err := format(opt.stdout, in, name, report); err != nil {
			return false, err
		}
		return false, nil
	}
	src, err := io.ReadAll(in)
	if err != nil {
		return false, fmt.Errorf("reading %s: %w", name, err)
	}
	var out bytes.Buffer
	if _, err := format(&out, bytes.NewReader(src), name, report); err != nil {
		return false, err
	}
	if bytes.Equal(src, out.Bytes()) {
		return false, nil
	}
	if opt.list {
		fmt.Fprintln(opt.stdout, name)
	}
	if opt.diff {
		fmt.Fprint(opt.stdout, formats.UnifiedDiff(name+".orig", name, string(src), out.String()))
	}
	if opt.write {
		if err := writeFileAtomic(path, func(w io.Writer) error {
			_, err := w.Write(out.Bytes())
			return err
		}); err != nil {
			return true, err
		}
	}
	if opt.check && !opt.list && !opt.diff {
		fmt.Fprintf(opt.stderr, "%s: not in canonical form\n", name)
	}
	return true, nil
}
