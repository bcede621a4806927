package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/internal/suggest"
)

// globalFlags may stand before the command name as well as after it
// (`ashtapada --rules fide validate x.pgn`, docs/ci.md). They are defined
// by the commands that use them; written before the command they are moved
// after it, and dropped for a command that does not use them (`--color`
// means nothing to `rules list`), so that an alias such as
// `alias ash='ashtapada --color never'` works with every command.
var globalFlags = []string{"rules", "set", "rules-file", "jobs", "color", "progress", "quiet", "q", "max-window"}

// completionFlag is the flag urfave/cli's shell completion appends.
const completionFlag = "--generate-bash-completion"

// reorderArgs moves the flags that follow positional arguments in front of
// them, so that `ashtapada validate corpus/ --format json` works as users of
// other command-line tools expect: urfave/cli v2 stops reading flags at the
// first positional argument. A `--` still ends the flags, and `-` alone is a
// positional argument (standard input). Global flags written before the
// command move after it. An unknown command or flag is an error that names
// the nearest valid ones, echoing the word as the user typed it.
func reorderArgs(app *cli.App, args []string) ([]string, error) {
	if len(args) < 2 || slices.Contains(args, completionFlag) || args[1] == completeCommand {
		return args, nil
	}
	app.Setup() // adds --help and --version, which may stand before a command
	out := []string{args[0]}
	path := app.Name // the command as typed so far, for messages
	i := 1
	var pending [][]string // global flags seen before the command, each with its value
	// Global flags, then the command name (and sub-command names).
	var cmd *cli.Command
	cmds := app.Commands
	for i < len(args) {
		a := args[i]
		if isFlagArg(a) {
			name := flagName(a)
			if findFlag(app.Flags, name) != nil || cmd != nil && findFlag(cmd.Flags, name) != nil {
				out = append(out, a)
				if takesValue(app.Flags, a) && i+1 < len(args) {
					out = append(out, args[i+1])
					i++
				}
				i++
				continue
			}
			if !slices.Contains(globalFlags, name) {
				if cmd == nil {
					return nil, fmt.Errorf("unknown flag %s%s (global flags: %s)", a, suggest.FlagPhrase(flagName(a), allFlagNames(app.Commands, globalFlags)), dashed(globalFlags))
				}
				break // a sub-command's parent's flags are its own business
			}
			group := []string{a}
			if globalTakesValue(app, a) && i+1 < len(args) {
				group = append(group, args[i+1])
				i++
			}
			pending = append(pending, group)
			i++
			continue
		}
		next := findCommand(cmds, a)
		if next == nil {
			if cmd == nil || cmd.Action == nil {
				return nil, unknownCommand(path, cmd != nil, cmds, a)
			}
			break
		}
		cmd = next
		path += " " + next.Name
		cmds = next.Subcommands
		out = append(out, a)
		i++
		if len(cmds) == 0 {
			break
		}
	}
	if cmd != nil && cmd.Name == "help" && i < len(args) && !isFlagArg(args[i]) && findCommand(app.Commands, args[i]) == nil {
		return nil, unknownCommand(app.Name, false, app.Commands, args[i]) // `help valdate`
	}
	if cmd == nil {
		if len(pending) > 0 {
			return nil, fmt.Errorf("%s needs a command after it (see '%s --help')", pending[0][0], app.Name)
		}
		return args, nil
	}
	flags := keepDefined(cmd, pending)
	var positional []string
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			positional = append(positional, args[i+1:]...)
			break
		}
		if isFlagArg(a) {
			if findFlag(cmd.Flags, flagName(a)) == nil && !isHelpFlag(a) {
				return nil, fmt.Errorf("unknown flag %s for '%s'%s (see '%s --help')", a, path, suggest.FlagPhrase(flagName(a), flagNames(cmd.Flags)), path)
			}
			flags = append(flags, a)
			if takesValue(cmd.Flags, a) && i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
			continue
		}
		positional = append(positional, a)
	}
	out = append(out, flags...)
	if len(positional) > 0 {
		out = append(out, "--")
		out = append(out, positional...)
	}
	return out, nil
}

// unknownCommand is the error for a word that names no command: the
// nearest command names, or the list of them.
func unknownCommand(path string, sub bool, cmds []*cli.Command, word string) error {
	var names []string
	for _, c := range cmds {
		if !c.Hidden {
			names = append(names, c.Names()...)
		}
	}
	where := ""
	if sub {
		where = " of '" + path + "'"
	}
	if p := suggest.Phrase(word, names); p != "" {
		return fmt.Errorf("unknown command %q%s%s", word, where, p)
	}
	return fmt.Errorf("unknown command %q%s; commands: %s (see '%s --help')", word, where, strings.Join(names, ", "), path)
}

// keepDefined keeps the global flags (with their values) that cmd defines.
func keepDefined(cmd *cli.Command, pending [][]string) []string {
	var out []string
	for _, group := range pending {
		if findFlag(cmd.Flags, flagName(group[0])) != nil {
			out = append(out, group...)
		}
	}
	return out
}

// globalTakesValue: does the global flag a need the next argument? Every
// command that defines it agrees (the flags come from one place).
func globalTakesValue(app *cli.App, a string) bool {
	for _, c := range allCommands(app.Commands) {
		if findFlag(c.Flags, flagName(a)) != nil {
			return takesValue(c.Flags, a)
		}
	}
	return false
}

func allCommands(cmds []*cli.Command) []*cli.Command {
	var out []*cli.Command
	for _, c := range cmds {
		out = append(out, c)
		out = append(out, allCommands(c.Subcommands)...)
	}
	return out
}

func isFlagArg(a string) bool { return len(a) > 1 && a[0] == '-' && a != "--" }

func isHelpFlag(a string) bool {
	n := flagName(a)
	return n == "help" || n == "h"
}

// flagName is the name of a flag argument without dashes or value.
func flagName(a string) string {
	name := strings.TrimLeft(a, "-")
	if i := strings.IndexByte(name, '='); i >= 0 {
		name = name[:i]
	}
	return name
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

// namesOf is f.Names() without urfave/cli's regular expression when it
// would change nothing: Names (cli.FlagNames) cuts each name at its first
// comma or space, and runs the expression over each name at every call.
// newApp asks findFlag about every flag of every command at each start of
// the program, and reorderArgs about each flag written. A declared name
// with a comma or a space, and a flag of another type, take Names.
func namesOf(f cli.Flag) []string {
	var name string
	var aliases []string
	switch f := f.(type) {
	case *cli.BoolFlag:
		name, aliases = f.Name, f.Aliases
	case *cli.StringFlag:
		name, aliases = f.Name, f.Aliases
	case *cli.IntFlag:
		name, aliases = f.Name, f.Aliases
	case *cli.Int64Flag:
		name, aliases = f.Name, f.Aliases
	case *cli.StringSliceFlag:
		name, aliases = f.Name, f.Aliases
	default:
		return f.Names()
	}
	if strings.ContainsAny(name, ", ") || slices.ContainsFunc(aliases, func(a string) bool { return strings.ContainsAny(a, ", ") }) {
		return f.Names()
	}
	return append([]string{name}, aliases...)
}

func findFlag(defs []cli.Flag, name string) cli.Flag {
	for _, f := range defs {
		if slices.Contains(namesOf(f), name) {
			return f
		}
	}
	return nil
}

func flagNames(defs []cli.Flag) []string {
	var out []string
	for _, f := range defs {
		if hidden, ok := f.(interface{ IsVisible() bool }); ok && !hidden.IsVisible() {
			continue
		}
		out = append(out, namesOf(f)...)
	}
	return append(out, "help")
}

func allFlagNames(cmds []*cli.Command, keep []string) []string {
	var out []string
	for _, c := range allCommands(cmds) {
		for _, n := range flagNames(c.Flags) {
			if slices.Contains(keep, n) {
				out = append(out, n)
			}
		}
	}
	return append(out, "help", "version")
}

func dashed(names []string) string {
	var parts []string
	for _, n := range names {
		if len(n) > 1 {
			parts = append(parts, "--"+n)
		}
	}
	return strings.Join(parts, ", ")
}

// takesValue reports whether the flag written as arg (`--format`, `-o`,
// `--format=json`) is defined and needs the next argument as its value.
func takesValue(defs []cli.Flag, arg string) bool {
	if strings.Contains(arg, "=") {
		return false
	}
	f := findFlag(defs, flagName(arg))
	if f == nil {
		return false
	}
	_, isBool := f.(*cli.BoolFlag)
	return !isBool
}
