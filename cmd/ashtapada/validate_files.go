package main

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/config"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
	"github.com/ashtapada/ashtapada/ruleselect"
	"github.com/ashtapada/ashtapada/source"
)

// configFlags choose the configuration file (package config).
func configFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "config", Usage: "read the settings from `FILE` for every input, instead of the ashtapada.toml closest above each", TakesFile: true},
		&cli.BoolFlag{Name: "isolated", Usage: "read no ashtapada.toml: the command line's settings alone"},
	}
}

// inputFiles calls fn with each input file of inputs (arguments as given),
// its name in reports and the path its configuration is found from (for
// standard input, --stdin-filename or the working directory), and the
// configuration found there (nil for none).
func inputFiles(c *cli.Context, inputs []string, fn func(path, name, at string, f *config.File) error) error {
	finder, err := config.NewFinder(c.String("config"), c.Bool("isolated"))
	if err != nil {
		return err
	}
	stdinName := c.String("stdin-filename")
	for _, arg := range inputs {
		// An argument that cannot be listed is the run's to report.
		files, _ := source.Expand([]string{arg}, io.Discard) // its warnings are the run's to give
		for _, path := range files {
			name, at := source.Name(path), path
			if path == "-" {
				at = "."
				if stdinName != "" {
					name, at = stdinName, stdinName
				}
			}
			f, err := finder.For(at)
			if err != nil {
				return err
			}
			if err := fn(path, name, at, f); err != nil {
				return err
			}
		}
	}
	return nil
}

// inputsProfile is base with the profile of the inputs' configuration
// files over it, for a command that judges all its inputs alike: inputs
// under files of different profiles (or some under none) are an error.
func inputsProfile(c *cli.Context, inputs []string, base replay.Config) (replay.Config, error) {
	var from *config.File // the file whose profile applies
	seen, withFile := false, false
	err := inputFiles(c, inputs, func(path, _, _ string, f *config.File) error {
		if f != nil && !hasProfile(f) {
			f = nil
		}
		switch {
		case !seen:
			from, seen, withFile = f, true, f != nil
		case (f == nil) != !withFile || (f != nil && !sameProfile(f, from)):
			first, other := "no ashtapada.toml", "no ashtapada.toml"
			if from != nil {
				first = from.Path
			}
			if f != nil {
				other = f.Path
			}
			return fmt.Errorf("%s is judged under %s's profile and another input under %s's: give them one at a time, or choose with --config or --isolated", path, other, first)
		}
		return nil
	})
	if err != nil || from == nil {
		return base, err
	}
	return profileOf(c, from, base)
}

// hasProfile reports whether f says anything of the profile.
func hasProfile(f *config.File) bool {
	return f.Rules != "" || f.RulesFile != "" || len(f.Set) > 0 || f.Strict
}

// sameProfile reports whether a and b give the same profile.
func sameProfile(a, b *config.File) bool {
	abs := func(f *config.File) string {
		if f.RulesFile == "" || filepath.IsAbs(f.RulesFile) {
			return f.RulesFile
		}
		return filepath.Join(f.Dir(), f.RulesFile)
	}
	return a.Rules == b.Rules && abs(a) == abs(b) && slices.Equal(a.Set, b.Set) && a.Strict == b.Strict
}

// readInputSettings finds the configuration of every input of opts and
// stacks the command line's flags over it: the settings of a file of no
// configuration (common), and those of each file of one, by the name the
// run gives it (source.Name, or --stdin-filename). They are read before
// any game is: a bad configuration file is a usage error with nothing
// checked. Each file's settings are the replay configuration (the command
// line's, with its configuration file's profile where the command line
// names none) and the findings it reports (the file's select and ignore,
// the command line's over them, then the file's per-file ignores for it).
func readInputSettings(c *cli.Context, opts *validateOptions) (common *batch.FileSettings, files map[string]*batch.FileSettings, err error) {
	cliRules, err := ruleselect.New(c.StringSlice("select"), c.StringSlice("ignore"))
	if err != nil {
		return nil, nil, err
	}
	files = map[string]*batch.FileSettings{}
	profiles := map[*config.File]replay.Config{} // each file's profile, read once
	err = inputFiles(c, opts.inputs, func(_, name, at string, f *config.File) error {
		if f == nil {
			return nil
		}
		cfg, ok := profiles[f]
		if !ok {
			var err error
			if cfg, err = profileOf(c, f, opts.replay); err != nil {
				return err
			}
			profiles[f] = cfg
		}
		choice, err := (*ruleselect.Choice)(nil).Then(f.Path+": select", f.Select, f.Path+": ignore", f.Ignore)
		if err != nil {
			return err
		}
		if choice, err = choice.Then("--select", c.StringSlice("select"), "--ignore", c.StringSlice("ignore")); err != nil {
			return err
		}
		if choice, err = choice.Then("", nil, f.Path+": per-file-ignores", f.IgnoresFor(at)); err != nil {
			return err
		}
		files[name] = &batch.FileSettings{Replay: cfg, Rules: choice}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return &batch.FileSettings{Replay: opts.replay, Rules: cliRules}, files, nil
}

// profileOf is the replay configuration of the inputs of the
// configuration file f: base, the command line's, with f's profile,
// overrides and strictness where the command line gives none.
func profileOf(c *cli.Context, f *config.File, base replay.Config) (replay.Config, error) {
	cfg := base
	if !c.IsSet("rules") && !c.IsSet("rules-file") && (f.Rules != "" || f.RulesFile != "") {
		file := f.RulesFile
		if file != "" && !filepath.IsAbs(file) {
			file = filepath.Join(f.Dir(), file)
		}
		p, err := rules.Select(f.Rules, file, nil)
		if err != nil {
			return cfg, fmt.Errorf("%s: %w", f.Path, err)
		}
		cfg.Profile = p
	}
	if !c.IsSet("set") && len(f.Set) > 0 {
		ovs, err := parseSet(f.Path+": set", f.Set)
		if err != nil {
			return cfg, err
		}
		if err := checkOverrides(cfg.Profile, ovs); err != nil {
			return cfg, fmt.Errorf("%s: set: %w", f.Path, err)
		}
		cfg.Overrides, cfg.OverridesFrom = ovs, f.Path
	}
	cfg.Strict = cfg.Strict || f.Strict
	return cfg, nil
}
