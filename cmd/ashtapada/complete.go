package main

// The hidden command `__complete` that the bash, zsh and fish scripts call
// on every TAB: the command line's definition handed to the completion
// engine (package internal/completion), with the values of the flags. They
// come from the code that defines them (profile names from rules, report
// formats from formats, rule ids from the docs), so the completion cannot
// fall behind them.

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/docs"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/completion"
	"github.com/ashtapada/ashtapada/report"
	"github.com/ashtapada/ashtapada/rules"
)

const completeCommand = completion.CommandName

func init() {
	register(&cli.Command{
		Name:            completeCommand,
		Hidden:          true,
		SkipFlagParsing: true,
		Usage:           "print completion candidates for the words typed so far (used by the completion scripts)",
		Action: func(c *cli.Context) error {
			reply := completionProgram(c.App).Complete(c.Args().Slice())
			_, err := fmt.Fprint(c.App.Writer, reply.String())
			return err
		},
	})
}

// flagValues are the values a flag takes, by command (or "" for any).
func flagValues(cmd, flag string) ([]string, bool) {
	modes := []string{"auto", "always", "never"}
	switch flag {
	case "rules", "against":
		var out []string
		for _, n := range rules.ProfileNames() {
			if !strings.ContainsAny(n, " \t") {
				out = append(out, n)
			}
		}
		return out, true
	case "explain":
		return docs.RulePageIDs(), true
	case "color", "progress":
		return modes, true
	case "set":
		keys := rules.SettingKeys()
		out := make([]string, len(keys))
		for i, k := range keys {
			out[i] = k + "="
		}
		return out, true
	case "to":
		return sorted(formats.RecordFormatNames(false)), true
	case "from":
		return sorted(formats.RecordFormatNames(true)), true
	case "notation":
		return grammar.NotationNames(), true
	case "format":
		if cmd == "diff" {
			return []string{"text", "json"}, true
		}
		return report.Formats(), true
	}
	return nil, false
}

func sorted(names []string) []string {
	out := append([]string(nil), names...)
	sort.Strings(out)
	return out
}

// positionalValues are the candidates of a command's arguments, when they
// are not files.
func positionalValues(path []string) ([]string, bool) {
	switch strings.Join(path, " ") {
	case "completion":
		return completion.Shells(), true
	case "rules show":
		v, _ := flagValues("", "rules")
		return v, true
	case "perft", "rules list", "man":
		return nil, true
	}
	return nil, false
}

// completionProgram is app's command line as the completion engine reads
// it: its commands and flags, the global flags, and where the values come
// from.
func completionProgram(app *cli.App) *completion.Program {
	app.Setup() // adds --help, --version and the help command
	return &completion.Program{
		Flags:    completionFlags(app.Flags),
		Commands: completionCommands(app.Commands),
		Global:   globalFlags,
		Values:   flagValues,
		Args:     positionalValues,
	}
}

func completionCommands(cmds []*cli.Command) []*completion.Command {
	out := make([]*completion.Command, len(cmds))
	for i, c := range cmds {
		out[i] = &completion.Command{
			Name:     c.Name,
			Aliases:  c.Aliases,
			Hidden:   c.Hidden,
			Runs:     c.Action != nil,
			Flags:    completionFlags(c.Flags),
			Commands: completionCommands(c.Subcommands),
		}
	}
	return out
}

func completionFlags(defs []cli.Flag) []completion.Flag {
	out := make([]completion.Flag, len(defs))
	for i, f := range defs {
		_, isBool := f.(*cli.BoolFlag)
		v, ok := f.(interface{ IsVisible() bool })
		out[i] = completion.Flag{
			Names:  f.Names(),
			Value:  !isBool,
			File:   takesFile(f),
			Hidden: ok && !v.IsVisible(),
		}
	}
	return out
}

// takesFile: the flag's value is a file name (or a directory).
func takesFile(f cli.Flag) bool {
	if sf, ok := f.(*cli.StringFlag); ok {
		return sf.TakesFile || slices.Contains(f.Names(), "output")
	}
	return false
}
