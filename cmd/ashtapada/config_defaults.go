package main

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/config"
	"github.com/ashtapada/ashtapada/internal/suggest"
)

// topLevelOnly are the flags a command's table may not set: the profile
// and the choice of findings are the file's top-level keys, found per
// input, and the choice of the file is the command line's.
var topLevelOnly = []string{"config", "isolated", "rules", "rules-file", "set", "strict", "select", "ignore", "stdin-filename"}

// withConfigDefaults runs before, if any, after giving the command the
// defaults of its table in the configuration file: the one --config
// names, else the ashtapada.toml closest above the working directory
// (the run's own settings are not any one input's; ruff takes its
// command-wide settings so). A flag the command line sets keeps its
// value; --isolated reads no file.
//
// A required flag may come from the file too: the command's required
// flags are checked here, after the file, instead of by urfave/cli
// before it, with urfave/cli's words.
func withConfigDefaults(cmd *cli.Command) cli.BeforeFunc {
	var required []string
	for _, f := range cmd.Flags {
		if sf, ok := f.(*cli.StringFlag); ok && sf.Required {
			sf.Required = false
			required = append(required, sf.Name)
		}
	}
	before := cmd.Before
	return func(c *cli.Context) error {
		if err := applyConfigDefaults(c); err != nil {
			return err
		}
		for _, name := range required {
			if !c.IsSet(name) {
				return toolError(fmt.Errorf("Required flag %q not set", name))
			}
		}
		if before != nil {
			return before(c)
		}
		return nil
	}
}

func applyConfigDefaults(c *cli.Context) error {
	if c.Bool("isolated") {
		return nil
	}
	finder, err := config.NewFinder(c.String("config"), false)
	if err != nil {
		return toolError(err)
	}
	f, err := finder.For(".")
	if err != nil {
		return toolError(err)
	}
	defaults, err := f.Defaults(c.Command.Name)
	if err != nil {
		return toolError(err)
	}
	for _, d := range defaults {
		where := fmt.Sprintf("%s:%d:%d: [%s] %s", f.Path, d.Line, d.Col, c.Command.Name, d.Flag)
		flag := findFlag(c.Command.Flags, d.Flag)
		if flag == nil || flag.Names()[0] != d.Flag {
			return toolError(fmt.Errorf("%s: %s has no option --%s%s (its options: ashtapada %s --help)", where, c.Command.Name, d.Flag, suggest.Phrase(d.Flag, flagNames(c.Command.Flags)), c.Command.Name))
		}
		if slices.Contains(topLevelOnly, d.Flag) {
			return toolError(fmt.Errorf("%s: a file's %s is a key of its own, above the command tables", where, d.Flag))
		}
		if c.IsSet(d.Flag) {
			continue // the command line wins
		}
		if _, repeatable := flag.(*cli.StringSliceFlag); !repeatable && len(d.Values) != 1 {
			return toolError(fmt.Errorf("%s: --%s takes one value, not a list", where, d.Flag))
		}
		for _, v := range d.Values {
			if sf, ok := flag.(*cli.StringFlag); ok && sf.TakesFile && v != "" && v != "-" && !filepath.IsAbs(v) {
				v = filepath.Join(f.Dir(), v) // as the file's other paths, from its directory
			}
			if err := c.Set(d.Flag, v); err != nil {
				return toolError(fmt.Errorf("%s: %q: %w", where, v, err))
			}
		}
	}
	return nil
}
