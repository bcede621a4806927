package main

// The completion engine behind the bash, zsh and fish scripts: the scripts
// pass the words typed so far to the hidden command `__complete` (the last
// word is the one being completed, possibly empty) and it prints a
// directive on the first line, then the candidates, one per line:
//
//	:words   complete from the candidates (commands, flags, flag values)
//	:files   complete file names (an input, --baseline, -o, ...)
//
// The values of a flag come from the code that defines them (profile names
// from rules, report formats from formats, rule ids from the docs), so the
// completion cannot fall behind them.

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/docs"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/rules"
)

const completeCommand = "__complete"

func init() {
	register(&cli.Command{
		Name:            completeCommand,
		Hidden:          true,
		SkipFlagParsing: true,
		Usage:           "print completion candidates for the words typed so far (used by the completion scripts)",
		Action: func(c *cli.Context) error {
			directive, cands := completeWords(c.App, c.Args().Slice())
			var b strings.Builder
			b.WriteString(directive + "\n")
			for _, s := range cands {
				b.WriteString(s + "\n")
			}
			_, err := fmt.Fprint(c.App.Writer, b.String())
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
		return sorted(convertFormats(false)), true
	case "from":
		return sorted(convertFormats(true)), true
	case "notation":
		return grammar.NotationNames(), true
	case "format":
		if cmd == "diff" {
			return []string{"text", "json"}, true
		}
		return formats.ReportFormats(), true
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
		return completionShells(), true
	case "rules show":
		v, _ := flagValues("", "rules")
		return v, true
	case "perft", "rules list", "man":
		return nil, true
	}
	return nil, false
}

// completeWords returns the directive and the candidates for words (the
// arguments after the program name; the last is being completed).
func completeWords(app *cli.App, words []string) (string, []string) {
	app.Setup()
	if len(words) == 0 {
		words = []string{""}
	}
	cur := words[len(words)-1]
	done := words[:len(words)-1]
	// bash splits `--format=js` at `=`: join it back.
	if n := len(done); n >= 2 && done[n-1] == "=" && isFlagArg(done[n-2]) {
		done = done[:n-1]
		done[len(done)-1] += "="
	} else if cur == "=" && n >= 1 && isFlagArg(done[n-1]) {
		done[n-1] += "="
		cur = ""
	}
	var cmd *cli.Command
	var path []string
	cmds := app.Commands
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
			defs := app.Flags
			if cmd != nil {
				defs = cmd.Flags
			}
			if takesValue(defs, w) || cmd == nil && globalTakesValue(app, w) {
				pendingValue = flagName(w)
			}
			continue
		}
		if next := findCommand(cmds, w); next != nil && positional == 0 {
			cmd, cmds = next, next.Subcommands
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
		if vals, ok := flagValues(cmdName, flagOfCur); ok {
			return ":words", withPrefix(prefix, filterPrefix(vals, cur))
		}
		if f := flagOf(app, cmd, flagOfCur); f != nil && !takesFile(f) {
			return ":words", nil // a number or free text: nothing to offer
		}
		return ":files", nil
	}
	if strings.HasPrefix(cur, "-") {
		var names []string
		if cmd == nil {
			names = append(names, dashedNames(app.Flags)...)
			names = append(names, dashedGlobal()...)
		} else {
			names = dashedNames(cmd.Flags)
			names = append(names, "--help")
		}
		return ":words", filterPrefix(dedupe(names), cur)
	}
	if len(cmds) > 0 && positional == 0 && (cmd == nil || cmd.Action == nil || len(cmd.Subcommands) > 0) {
		var names []string
		for _, c := range cmds {
			if !c.Hidden {
				names = append(names, c.Name)
			}
		}
		return ":words", filterPrefix(names, cur)
	}
	if vals, ok := positionalValues(path); ok {
		return ":words", filterPrefix(vals, cur)
	}
	return ":files", nil
}

func flagOf(app *cli.App, cmd *cli.Command, name string) cli.Flag {
	if cmd != nil {
		if f := findFlag(cmd.Flags, name); f != nil {
			return f
		}
	}
	for _, c := range allCommands(app.Commands) {
		if f := findFlag(c.Flags, name); f != nil {
			return f
		}
	}
	return nil
}

// takesFile: the flag's value is a file name (or a directory).
func takesFile(f cli.Flag) bool {
	if sf, ok := f.(*cli.StringFlag); ok {
		return sf.TakesFile || slices.Contains(f.Names(), "output")
	}
	return false
}

func dashedNames(defs []cli.Flag) []string {
	var out []string
	for _, f := range defs {
		if v, ok := f.(interface{ IsVisible() bool }); ok && !v.IsVisible() {
			continue
		}
		for _, n := range f.Names() {
			if len(n) == 1 {
				out = append(out, "-"+n)
			} else {
				out = append(out, "--"+n)
			}
		}
	}
	return out
}

func dashedGlobal() []string {
	var out []string
	for _, n := range globalFlags {
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
