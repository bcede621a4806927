package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/compare"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
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
			"Exit status 1 when there are differences.",
		Flags: append(profileFlags(),
			&cli.StringFlag{Name: "against", Usage: "mode b: the second profile (default: the --rules profile, or the tags)"},
			&cli.StringFlag{Name: "against-file", Usage: "mode b: the second profile from a profile file"},
			&cli.StringSliceFlag{Name: "against-set", Usage: "mode b: a setting of the --against side, key=value (repeatable)"},
			&cli.StringFlag{Name: "by", Usage: "mode a: pair games by these tags (White,Black,Date) instead of by order"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text or json"},
		),
		Action: diffAction,
	})
}

func diffAction(c *cli.Context) error {
	format := c.String("format")
	if format != "text" && format != "json" {
		return toolError(fmt.Errorf("--format %q: want text or json", format))
	}
	args := c.Args().Slice()
	againstMode := c.IsSet("against") || c.IsSet("against-file") || c.IsSet("against-set")
	var entries []compare.Entry
	var err error
	switch {
	case len(args) == 2 && !againstMode:
		entries, err = diffTwoFiles(c, args[0], args[1])
	case len(args) == 1 && againstMode:
		entries, err = diffRuleSets(c, args[0])
	case len(args) == 1 && (c.IsSet("rules") || c.IsSet("rules-file") || c.IsSet("set")):
		entries, err = diffAsRead(c, args[0])
	default:
		return toolError(errors.New("diff wants two files, or one file with --rules X (and --against Y); see ashtapada diff --help"))
	}
	if err != nil {
		return toolError(err)
	}
	out := bufio.NewWriter(c.App.Writer)
	if format == "json" {
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if entries == nil {
			entries = []compare.Entry{}
		}
		err = enc.Encode(entries)
	} else {
		for i := range entries {
			if err = compare.WriteText(out, &entries[i]); err != nil {
				break
			}
		}
	}
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = ferr
	}
	if err != nil {
		return toolError(fmt.Errorf("writing: %w", err))
	}
	if len(entries) > 0 {
		return failed()
	}
	return nil
}

// readAll reads every game of a file in any input format.
func readAll(path string, rp *replay.Replayer) ([]*record.Game, error) {
	next, closer, err := openGames(path, "", movesNotation{})
	if err != nil {
		return nil, err
	}
	defer closer.Close()
	var out []*record.Game
	for {
		g, err := next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
}

// forEachGame streams the games of one file.
func forEachGame(path string, rp *replay.Replayer, fn func(i int, g *record.Game) error) error {
	next, closer, err := openGames(path, "", movesNotation{})
	if err != nil {
		return err
	}
	defer closer.Close()
	for i := 1; ; i++ {
		g, err := next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(i, g); err != nil {
			return err
		}
	}
}

// ---- mode a: two transcriptions ----

func diffTwoFiles(c *cli.Context, pathA, pathB string) ([]compare.Entry, error) {
	cfg, err := validateConfig(c)
	if err != nil {
		return nil, err
	}
	cfg.Steps = true
	rp := replay.New(cfg)
	if c.String("by") == "" {
		return diffInOrder(rp, pathA, pathB)
	}
	// B is held in memory to pair games by key; A streams.
	gamesB, err := readAll(pathB, rp)
	if err != nil {
		return nil, err
	}
	var byTags []string
	if by := c.String("by"); by != "" {
		for _, t := range strings.Split(by, ",") {
			if t = strings.TrimSpace(t); t != "" {
				byTags = append(byTags, t)
			}
		}
	}
	key := func(g *record.Game) string {
		parts := make([]string, len(byTags))
		for i, t := range byTags {
			parts[i], _ = g.Tag(t)
		}
		return strings.Join(parts, ", ")
	}
	indexB := map[string][]int{}
	for i, g := range gamesB {
		if byTags != nil {
			indexB[key(g)] = append(indexB[key(g)], i)
		}
	}
	usedB := make([]bool, len(gamesB))
	var entries []compare.Entry
	err = forEachGame(pathA, rp, func(i int, ga *record.Game) error {
		j := i - 1
		k := ""
		if byTags != nil {
			k = key(ga)
			j = -1
			for len(indexB[k]) > 0 && j < 0 {
				j = indexB[k][0]
				indexB[k] = indexB[k][1:]
			}
		}
		if j < 0 || j >= len(gamesB) {
			entries = append(entries, compare.Entry{Mode: compare.ModeRecords, Game: i, Key: k, Note: fmt.Sprintf("only in %s", pathA)})
			return nil
		}
		usedB[j] = true
		// Each game is replayed once: its steps and its findings.
		ra, rb := rp.Game(ga, pathA, i), rp.Game(gamesB[j], pathB, j+1)
		if e := compare.Records(pathA, pathB, ga, gamesB[j], ra, rb); e != nil {
			e.Game, e.GameB, e.Key = i, j+1, k
			entries = append(entries, *e)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for j, used := range usedB {
		if !used {
			k := ""
			if byTags != nil {
				k = key(gamesB[j])
			}
			entries = append(entries, compare.Entry{Mode: compare.ModeRecords, GameB: j + 1, Key: k, Note: fmt.Sprintf("only in %s (game %d)", pathB, j+1)})
		}
	}
	return entries, nil
}

// diffInOrder pairs the games of A and B by order, reading both files in
// step: one game of each is held at a time, so memory does not grow with
// the files (issue 14: two copies of a 100,000-game file took gigabytes
// when B was read whole first). The entries are those of pairing by key
// with every key equal: A's games in order, then the games only in B.
func diffInOrder(rp *replay.Replayer, pathA, pathB string) ([]compare.Entry, error) {
	nextB, closerB, err := openGames(pathB, "", movesNotation{})
	if err != nil {
		return nil, err
	}
	defer closerB.Close()
	doneB, readB := false, 0
	var entries []compare.Entry
	err = forEachGame(pathA, rp, func(i int, ga *record.Game) error {
		var gb *record.Game
		if !doneB {
			var err error
			gb, err = nextB()
			if errors.Is(err, io.EOF) {
				doneB, gb = true, nil
			} else if err != nil {
				return err
			} else {
				readB++
			}
		}
		if gb == nil {
			entries = append(entries, compare.Entry{Mode: compare.ModeRecords, Game: i, Note: fmt.Sprintf("only in %s", pathA)})
			return nil
		}
		// Each game is replayed once: its steps and its findings.
		ra, rb := rp.Game(ga, pathA, i), rp.Game(gb, pathB, i)
		if e := compare.Records(pathA, pathB, ga, gb, ra, rb); e != nil {
			e.Game, e.GameB = i, i
			entries = append(entries, *e)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// The games of B after A's last one.
	for j := readB + 1; !doneB; j++ {
		_, err := nextB()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		entries = append(entries, compare.Entry{Mode: compare.ModeRecords, GameB: j, Note: fmt.Sprintf("only in %s (game %d)", pathB, j)})
	}
	return entries, nil
}

// ---- mode b: two rule sets ----

func diffRuleSets(c *cli.Context, path string) ([]compare.Entry, error) {
	cfgA, err := validateConfig(c)
	if err != nil {
		return nil, err
	}
	cfgB := replay.Config{Profile: cfgA.Profile}
	if name, file := c.String("against"), c.String("against-file"); name != "" || file != "" {
		p, err := rules.Select(name, file, nil)
		if err != nil {
			return nil, fmt.Errorf("--against: %w", err)
		}
		cfgB.Profile = p
	}
	if cfgB.Overrides, err = parseSet("--against-set", c.StringSlice("against-set")); err != nil {
		return nil, err
	}
	cfgB.OverridesFrom = "--against-set"
	if err := checkOverrides(cfgB.Profile, cfgB.Overrides); err != nil {
		return nil, fmt.Errorf("--against-set: %w", err)
	}
	nameA := compare.RuleSetName(cfgA, c.StringSlice("set"))
	nameB := compare.RuleSetName(cfgB, c.StringSlice("against-set"))
	rpA, rpB := replay.New(cfgA), replay.New(cfgB)
	var entries []compare.Entry
	err = forEachGame(path, rpA, func(i int, g *record.Game) error {
		// One walk per rule set.
		if e := compare.RuleSets(nameA, nameB, i, g, rpA.Game(g, path, i), rpB.Game(g, path, i)); e != nil {
			entries = append(entries, *e)
		}
		return nil
	})
	return entries, err
}

// ---- mode c: as written against as read ----

func diffAsRead(c *cli.Context, path string) ([]compare.Entry, error) {
	cfg, err := validateConfig(c)
	if err != nil {
		return nil, err
	}
	cfg.Steps = true
	rp := replay.New(cfg)
	name := compare.RuleSetName(cfg, c.StringSlice("set"))
	var entries []compare.Entry
	err = forEachGame(path, rp, func(i int, g *record.Game) error {
		if e := compare.AsRead(path, i, name, g, rp.Game(g, path, i)); e != nil {
			entries = append(entries, *e)
		}
		return nil
	})
	return entries, err
}
