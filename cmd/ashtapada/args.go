package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// reorderArgs moves the flags that follow positional arguments in front of
// them, so that `ashtapada validate corpus/ --format json` works as users of
// other command-line tools expect: urfave/cli v2 stops reading flags at the
// first positional argument. A `--` still ends the flags, and `-` alone is a
// positional argument (standard input).
func reorderArgs(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	out := []string{args[0]}
	i := 1
	// Global flags, then the command name (and sub-command names).
	var cmd *cli.Command
	cmds := app.Commands
	for i < len(args) {
		a := args[i]
		if isFlagArg(a) {
			out = append(out, a)
			if takesValue(app.Flags, a) && i+1 < len(args) {
				out = append(out, args[i+1])
				i++
			}
			i++
			continue
		}
		next := findCommand(cmds, a)
		if next == nil {
			break
		}
		cmd = next
		cmds = next.Subcommands
		out = append(out, a)
		i++
		if len(cmds) == 0 {
			break
		}
	}
	if cmd == nil {
		return args
	}
	var flags, positional []string
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			positional = append(positional, args[i+1:]...)
			break
		}
		if isFlagArg(a) {
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
	return out
}

func isFlagArg(a string) bool { return len(a) > 1 && a[0] == '-' && a != "--" }

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

// takesValue reports whether the flag written as arg (`--format`, `-o`,
// `--format=json`) is defined and needs the next argument as its value.
func takesValue(defs []cli.Flag, arg string) bool {
	name := strings.TrimLeft(arg, "-")
	if strings.Contains(name, "=") {
		return false
	}
	for _, f := range defs {
		for _, n := range f.Names() {
			if n != name {
				continue
			}
			if _, isBool := f.(*cli.BoolFlag); isBool {
				return false
			}
			return true
		}
	}
	// An unknown flag: let urfave/cli report it; assume it stands alone.
	return false
}
