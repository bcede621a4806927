// Package completion completes command lines in bash, zsh and fish: the
// scripts a shell sources, and the engine they ask on every TAB.
//
// The scripts are small and ask the program itself: they pass the words
// typed so far to its hidden command CommandName (the last word is the
// one being completed, possibly empty), which prints a Reply, a directive
// on the first line and then the candidates, one per line:
//
//	:words   complete from the candidates (commands, flags, flag values)
//	:files   complete file names (an input, --baseline, -o, ...)
//
// So the scripts need nothing but the program (the bash one not even the
// bash-completion package) and cannot fall behind it.
//
// The package owns the scripts, that protocol, and the reading of the
// words: which command they name, which flag a word is the value of
// (`--rules <TAB>`, `--format=<TAB>`, and bash's splitting of
// `--format=js` at `=`), and what to offer. It knows the program as a
// Program, a tree of commands and flags that the caller builds from its
// own command-line definition, and it asks the caller for the values of
// a flag and the arguments of a command, so that they come from the code
// that defines them (profile names, report formats, rule ids).
package completion

import (
	"slices"
	"strings"
)

// CommandName is the hidden command the scripts call with the words typed
// so far.
const CommandName = "__complete"

// Flag is what the completion knows of a flag.
type Flag struct {
	// Names without dashes: a name of one letter is written -x, a longer
	// one --name.
	Names []string
	// Value: the flag takes a value (the next word, or after `=`); a
	// boolean flag does not.
	Value bool
	// File: its value is a file or directory name.
	File bool
	// Hidden flags are not offered, though their values still are.
	Hidden bool
}

// Command is what the completion knows of a command.
type Command struct {
	Name    string
	Aliases []string
	// Hidden commands are not offered, though typed they are followed.
	Hidden bool
	// Runs: the command does something of its own; one that does not
	// (a group of sub-commands) is followed by a sub-command's name.
	Runs     bool
	Flags    []Flag
	Commands []*Command // its sub-commands
}

// Program is the command line completed.
type Program struct {
	// Flags may stand before a command (--help, --version).
	Flags    []Flag
	Commands []*Command
	// Global are names of flags that commands define and that may also
	// stand before the command's name; before any command they are
	// offered with the program's own flags.
	Global []string
	// Values returns the values of a flag as typed after the command
	// (named by its own name, "" before any), and false when they are
	// not a fixed list: then a flag whose value is a file completes
	// files, any other nothing.
	Values func(command, flag string) ([]string, bool)
	// Args returns the candidates of the arguments of the command at
	// path (its name and its parents'), and false when they are files.
	Args func(path []string) ([]string, bool)
}

// Directive says how the script completes.
type Directive string

const (
	Words Directive = ":words" // from Reply.Candidates
	Files Directive = ":files" // file names, from the shell
)

// Reply is the answer for one TAB.
type Reply struct {
	Directive  Directive
	Candidates []string
}

// String is the reply as the scripts read it: the directive, then each
// candidate, each on a line.
func (r Reply) String() string {
	var b strings.Builder
	b.WriteString(string(r.Directive) + "\n")
	for _, s := range r.Candidates {
		b.WriteString(s + "\n")
	}
	return b.String()
}

// Complete returns the reply for words, the words typed after the
// program's name; the last one is being completed.
func (p *Program) Complete(words []string) Reply {
	if len(words) == 0 {
		words = []string{""}
	}
	cur := words[len(words)-1]
	done := slices.Clone(words[:len(words)-1])
	// bash splits `--format=js` at `=`: join it back.
	if n := len(done); n >= 2 && done[n-1] == "=" && isFlagArg(done[n-2]) {
		done = done[:n-1]
		done[len(done)-1] += "="
	} else if cur == "=" && n >= 1 && isFlagArg(done[n-1]) {
		done[n-1] += "="
		cur = ""
	}
	var cmd *Command
	var path []string
	cmds := p.Commands
	pendingValue := "" // the flag whose value cur is
	positional := 0
	for _, w := range done {
		if pendingValue != "" {
			pendingValue = ""
			continue
		}
		if isFlagArg(w) {
			if strings.HasSuffix(w, "=") {
				pendingValue = flagName(w) // `--format=` then the value
				continue
			}
			defs := p.Flags
			if cmd != nil {
				defs = cmd.Flags
			}
			if takesValue(defs, w) || cmd == nil && p.globalTakesValue(w) {
				pendingValue = flagName(w)
			}
			continue
		}
		if next := findCommand(cmds, w); next != nil && positional == 0 {
			cmd, cmds = next, next.Commands
			path = append(path, next.Name)
			continue
		}
		positional++
	}
	// The value of a flag: `--rules <TAB>`, `--format=<TAB>`.
	flagOfCur, prefix := pendingValue, ""
	if flagOfCur == "" && isFlagArg(cur) && strings.Contains(cur, "=") {
		i := strings.IndexByte(cur, '=')
		flagOfCur, prefix, cur = flagName(cur), cur[:i+1], cur[i+1:]
	}
	if flagOfCur != "" {
		cmdName := ""
		if cmd != nil {
			cmdName = cmd.Name
		}
		if p.Values != nil {
			if vals, ok := p.Values(cmdName, flagOfCur); ok {
				return Reply{Words, withPrefix(prefix, filterPrefix(vals, cur))}
			}
		}
		if f := p.flagOf(cmd, flagOfCur); f != nil && !f.File {
			return Reply{Words, nil} // a number or free text: nothing to offer
		}
		return Reply{Files, nil}
	}
	if strings.HasPrefix(cur, "-") {
		var names []string
		if cmd == nil {
			names = append(names, dashedNames(p.Flags)...)
			names = append(names, dashedGlobal(p.Global)...)
		} else {
			names = dashedNames(cmd.Flags)
			names = append(names, "--help")
		}
		return Reply{Words, filterPrefix(dedupe(names), cur)}
	}
	if len(cmds) > 0 && positional == 0 && (cmd == nil || !cmd.Runs || len(cmd.Commands) > 0) {
		var names []string
		for _, c := range cmds {
			if !c.Hidden {
				names = append(names, c.Name)
			}
		}
		return Reply{Words, filterPrefix(names, cur)}
	}
	if p.Args != nil {
		if vals, ok := p.Args(path); ok {
			return Reply{Words, filterPrefix(vals, cur)}
		}
	}
	return Reply{Files, nil}
}

// globalTakesValue: does the global flag a need the next word? Every
// command that defines it agrees (the flags come from one place), so the
// first one asked answers.
func (p *Program) globalTakesValue(a string) bool {
	for _, c := range allCommands(p.Commands) {
		if findFlag(c.Flags, flagName(a)) != nil {
			return takesValue(c.Flags, a)
		}
	}
	return false
}

// flagOf is the flag name of cmd, or else of any command.
func (p *Program) flagOf(cmd *Command, name string) *Flag {
	if cmd != nil {
		if f := findFlag(cmd.Flags, name); f != nil {
			return f
		}
	}
	for _, c := range allCommands(p.Commands) {
		if f := findFlag(c.Flags, name); f != nil {
			return f
		}
	}
	return nil
}

func allCommands(cmds []*Command) []*Command {
	var out []*Command
	for _, c := range cmds {
		out = append(out, c)
		out = append(out, allCommands(c.Commands)...)
	}
	return out
}

func findCommand(cmds []*Command, name string) *Command {
	for _, c := range cmds {
		if c.Name == name || slices.Contains(c.Aliases, name) {
			return c
		}
	}
	return nil
}

func findFlag(defs []Flag, name string) *Flag {
	for i := range defs {
		if slices.Contains(defs[i].Names, name) {
			return &defs[i]
		}
	}
	return nil
}

// takesValue reports whether the flag written as arg (`--format`, `-o`,
// `--format=json`) is defined and needs the next word as its value.
func takesValue(defs []Flag, arg string) bool {
	if strings.Contains(arg, "=") {
		return false
	}
	f := findFlag(defs, flagName(arg))
	return f != nil && f.Value
}

func isFlagArg(a string) bool { return len(a) > 1 && a[0] == '-' && a != "--" }

// flagName is the name of a flag argument without dashes or value.
func flagName(a string) string {
	name := strings.TrimLeft(a, "-")
	if i := strings.IndexByte(name, '='); i >= 0 {
		name = name[:i]
	}
	return name
}

func dashedNames(defs []Flag) []string {
	var out []string
	for _, f := range defs {
		if f.Hidden {
			continue
		}
		for _, n := range f.Names {
			if len(n) == 1 {
				out = append(out, "-"+n)
			} else {
				out = append(out, "--"+n)
			}
		}
	}
	return out
}

func dashedGlobal(names []string) []string {
	var out []string
	for _, n := range names {
		if len(n) > 1 {
			out = append(out, "--"+n)
		}
	}
	return out
}

func filterPrefix(names []string, prefix string) []string {
	var out []string
	for _, n := range names {
		if strings.HasPrefix(n, prefix) {
			out = append(out, n)
		}
	}
	return out
}

func withPrefix(p string, names []string) []string {
	if p == "" {
		return names
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = p + n
	}
	return out
}

func dedupe(names []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}
