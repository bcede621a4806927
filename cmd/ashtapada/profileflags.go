package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/rules"
)

// profileFlags returns --rules, --set and --rules-file, the flags that
// choose the rule profile. Every command that plays moves (validate,
// convert, diff, show, perft, rules show) takes them from here, so their
// names, kinds and help read the same everywhere (docs/cli.md). A fresh slice
// each call: urfave/cli keeps parse state in the flag values, and a command
// must not share them with another.
func profileFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "rules", Usage: "use the rule profile `NAME`, whatever a game's Rules tag says"},
		&cli.StringSliceFlag{Name: "set", Usage: "override a setting, `key=value` (repeatable; wins over the profile and the Rules tag)"},
		&cli.StringFlag{Name: "rules-file", Usage: "use the rule profile in the profile file `FILE`"},
	}
}

// parseSet turns the values of a repeated override flag (--set,
// --against-set) into overrides, so that the command line and the Rules
// tag share one syntax; flag names the flag in errors.
func parseSet(flag string, values []string) ([]rules.Override, error) {
	var all []rules.Override
	for _, v := range values {
		ovs, err := rules.ParseOverrides(v)
		if err != nil {
			return nil, fmt.Errorf("%s %q: %w", flag, v, err)
		}
		all = append(all, ovs...)
	}
	return all, nil
}
