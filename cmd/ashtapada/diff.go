package main

import (
	"bufio"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/compare"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
	"github.com/ashtapada/ashtapada/tablegames"
)

func init() {
	register(&cli.Command{
		Name:      "diff",
		Usage:     "where records differ or break a rule set",
		ArgsUsage: "A.pgn B.pgn | --rules X --against Y FILE | --rules X FILE",
		Description: "Three questions (https://github.com/ashtapada/ashtapada/blob/main/docs/convert.md):\n" +
			"  diff A B                         two transcriptions of the same games, paired by order or --by tags:\n" +
			"                                   the first ply where they differ, whether each is legal there, a diff by move\n" +
			"  diff --rules X --against Y FILE  the same records under two rule sets: per game, the first ply where one\n" +
			"                                   accepts and the other rejects, and the rule that decides (--set applies to\n" +
			"                                   the --rules side, --against-set to the --against side)\n" +
			"  diff --rules X FILE              the record as written against the record as X reads it\n" +
			"Exit status 1 when there are differences or a game is not read whole (a syntax error).",
		Flags: append(slices.Concat(profileFlags(), configFlags(), pprofFlags), // pprof.go: hidden --cpuprofile, --memprofile
			&cli.StringFlag{Name: "against", Usage: "mode b: the second profile (default: the --rules profile, or the tags)"},
			&cli.StringFlag{Name: "against-file", Usage: "mode b: the second profile from a profile file"},
			&cli.StringSliceFlag{Name: "against-set", Usage: "mode b: a setting of the --against side, key=value (repeatable)"},
			&cli.StringFlag{Name: "by", Usage: "mode a: pair games by these tags (White,Black,Date) instead of by order"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text or json"},
			jobsFlag("modes b and c: games replayed in parallel (the output is the same for any value)"),
			maxWindowFlag(),
		),
		Action: diffAction,
	})
}

func diffAction(c *cli.Context) error {
	format := c.String("format")
	if format != "text" && format != "json" {
		return toolError(fmt.Errorf("--format %q: want text or json", format))
	}
	stopProfiles, err := startProfiles(c)
	if err != nil {
		return toolError(err)
	}
	defer func() {
		if err := stopProfiles(); err != nil {
			fmt.Fprintln(c.App.ErrWriter, "ashtapada:", err)
		}
	}()
	args := c.Args().Slice()
	againstMode := c.IsSet("against") || c.IsSet("against-file") || c.IsSet("against-set")
	out := bufio.NewWriter(c.App.Writer)
	ew := compare.NewWriter(out, format == "json")
	o := compare.Options{Read: batch.Options{
		Limits:    grammar.DefaultLimits(),
		Parts:     tuned.parts,
		Jobs:      readJobs(c),
		Warn:      c.App.ErrWriter,
		Source:    inputOptions,
		OpenTable: tablegames.OpenTable("", batch.Notation{}, grammar.DefaultLimits(), tuned.parts),
	}, DiffWindow: tuned.diffWindow}
	switch {
	case len(args) == 2 && !againstMode:
		err = diffTwoFiles(c, args[0], args[1], o, ew)
	case len(args) == 1 && againstMode:
		err = diffRuleSets(c, args[0], o, ew)
	case len(args) == 1 && (c.IsSet("rules") || c.IsSet("rules-file") || c.IsSet("set")):
		err = diffAsRead(c, args[0], o, ew)
	default:
		return toolError(errors.New("diff wants two files, or one file with --rules X (and --against Y); see ashtapada diff --help"))
	}
	if err == nil {
		err = ew.Close()
	}
	werr := ew.Err()
	if ferr := out.Flush(); werr == nil {
		werr = ferr
	}
	if werr != nil {
		return toolError(fmt.Errorf("writing: %w", werr))
	}
	if err != nil {
		return toolError(err)
	}
	if ew.Entries() > 0 {
		return failed()
	}
	return nil
}

// diffTwoFiles is diff A B: the games of two files paired by order, or
// by the tags of --by.
func diffTwoFiles(c *cli.Context, pathA, pathB string, o compare.Options, ew *compare.Writer) error {
	cfg, err := validateConfig(c)
	if err != nil {
		return err
	}
	if by := c.String("by"); by != "" {
		o.By = []string{} // pairing by key even when --by names no tag
		for _, t := range strings.Split(by, ",") {
			if t = strings.TrimSpace(t); t != "" {
				o.By = append(o.By, t)
			}
		}
	}
	return compare.Files(pathA, pathB, cfg, o, ew.Write)
}

// diffRuleSets is diff --rules X --against Y FILE: the --rules side is the
// profile flags' rule set, the --against side the --against flags' (the
// --rules profile, or the tags', when they name none).
func diffRuleSets(c *cli.Context, path string, o compare.Options, ew *compare.Writer) error {
	cfgA, err := validateConfig(c)
	if err != nil {
		return err
	}
	cfgB := replay.Config{Profile: cfgA.Profile}
	if name, file := c.String("against"), c.String("against-file"); name != "" || file != "" {
		p, err := rules.Select(name, file, nil)
		if err != nil {
			return fmt.Errorf("--against: %w", err)
		}
		cfgB.Profile = p
	}
	if cfgB.Overrides, err = parseSet("--against-set", c.StringSlice("against-set")); err != nil {
		return err
	}
	cfgB.OverridesFrom = "--against-set"
	if err := checkOverrides(cfgB.Profile, cfgB.Overrides); err != nil {
		return fmt.Errorf("--against-set: %w", err)
	}
	a := compare.RuleSet{Name: compare.RuleSetName(cfgA, c.StringSlice("set")), Config: cfgA}
	b := compare.RuleSet{Name: compare.RuleSetName(cfgB, c.StringSlice("against-set")), Config: cfgB}
	return compare.RuleSetsOver(path, a, b, o, ew.Write)
}

// diffAsRead is diff --rules X FILE.
func diffAsRead(c *cli.Context, path string, o compare.Options, ew *compare.Writer) error {
	cfg, err := validateConfig(c)
	if err != nil {
		return err
	}
	rs := compare.RuleSet{Name: compare.RuleSetName(cfg, c.StringSlice("set")), Config: cfg}
	return compare.AsReadOver(path, rs, o, ew.Write)
}
