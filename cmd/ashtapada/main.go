// Command ashtapada validates, formats, converts and compares game records
// of the historical Indian chess games and of ordinary chess.
//
// This file only wires commands together: each command lives in its own
// file and registers itself with register() from an init function, so that
// commands can be added without touching one shared list.
package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	_ "github.com/ashtapada/ashtapada/formats/all" // every record format (formats.Register)
)

var commands []*cli.Command

// register adds a command to the application; called from init functions.
func register(c *cli.Command) { commands = append(commands, c) }

// exitError carries an exit status: 1 for records that break the rules (or
// files not canonical, or differences), 2 when the tool could not do its job.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}
func (e *exitError) Unwrap() error { return e.err }

// failed returns an error that makes the process exit with code 1 without
// printing anything more (the findings were already reported).
func failed() error { return &exitError{code: 1} }

// usageError makes the process exit with code 2 and print err.
func toolError(err error) error { return &exitError{code: 2, err: err} }

func version() string {
	v := "(devel)"
	goV := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			v = bi.Main.Version
		}
		goV = bi.GoVersion
	}
	return v + " " + goV
}

func init() {
	register(&cli.Command{
		Name:  "version",
		Usage: "print the version of ashtapada and of the Go it was built with",
		Description: "The same line as `ashtapada --version`: the module's version (a release tag when\n" +
			"installed with `go install ...@vX.Y.Z`, \"(devel)\" when built from a checkout) and Go's.",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return toolError(fmt.Errorf("version takes no arguments, got %q", c.Args().First()))
			}
			_, err := fmt.Fprintln(c.App.Writer, c.App.Name, "version", c.App.Version)
			return err
		},
	})
}

func newApp() *cli.App {
	sort.Slice(commands, func(i, j int) bool { return commands[i].Name < commands[j].Name })
	for _, c := range commands {
		quietUsageErrors(c)
		reflowDescriptions(c)
		if findFlag(c.Flags, "max-window") != nil {
			c.Before = applyMaxWindow // decompress.go
		}
		if findFlag(c.Flags, "config") != nil {
			c.Before = withConfigDefaults(c)
		}
	}
	return &cli.App{
		Name:                 "ashtapada",
		Usage:                "validate, format, convert and compare records of chaturanga, shatranj, Hindustani, Andhra and ordinary chess",
		Version:              version(),
		Commands:             commands,
		EnableBashCompletion: true,
		// Exit codes are ours to decide (see run); urfave/cli must not exit.
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError:   usageError,
		Flags:          tuningFlags,
		Before:         applyTuning,
	}
}

// usageError reports a bad command line on standard error with exit status
// 2. urfave/cli's default prints "Incorrect Usage" and the whole help on
// standard output, where it would corrupt a JSON report read by a program.
func usageError(c *cli.Context, err error, _ bool) error {
	name := c.App.Name
	if c.Command != nil && c.Command.HelpName != "" {
		name = c.Command.HelpName
	}
	return toolError(fmt.Errorf("%w (see '%s --help')", err, name))
}

// reflowDescriptions joins the lines of each paragraph of a command's
// description (and its sub-commands'), so that the help wraps them to the
// terminal's width as one text: a line break written in the source, at a
// width of its own, left ragged lines in the help. A line that starts with
// a space (a table, an example) keeps its break, as does a blank line.
func reflowDescriptions(c *cli.Command) {
	c.Description = reflow(c.Description)
	for _, sub := range c.Subcommands {
		reflowDescriptions(sub)
	}
}

func reflow(text string) string {
	lines := strings.Split(text, "\n")
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			prev := lines[i-1]
			if l == "" || prev == "" || strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t") || strings.HasPrefix(prev, " ") {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(l)
	}
	return b.String()
}

// quietUsageErrors gives a command and its sub-commands usageError.
func quietUsageErrors(c *cli.Command) {
	if c.OnUsageError == nil {
		c.OnUsageError = usageError
	}
	for _, sub := range c.Subcommands {
		quietUsageErrors(sub)
	}
}

// run executes the application and returns the process exit status.
func run(args []string) int {
	app := newApp()
	stdout := &checkedWriter{f: os.Stdout}
	app.Writer = stdout
	args, err := reorderArgs(app, args)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ashtapada:", err)
		return 2
	}
	err = app.Run(args)
	var ee *exitError
	if werr := stdout.failed(); werr != nil && (err == nil || errors.As(err, &ee) && ee.code < 2) {
		// The command went on after its output failed (or did not
		// look): what it said is lost, whatever it found.
		err = werr
		if !isBrokenPipe(werr) {
			err = toolError(fmt.Errorf("writing standard output: %w", werr))
		}
	}
	if err == nil {
		return 0
	}
	if isBrokenPipe(err) {
		return exitBrokenPipe // quietly, as a filter killed by SIGPIPE
	}
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintln(os.Stderr, "ashtapada:", ee.err)
		}
		return ee.code
	}
	// Anything else is a usage error or a failure of the tool itself.
	fmt.Fprintln(os.Stderr, "ashtapada:", err)
	return 2
}

func main() {
	// Games are many small allocations, and a lazier collector is faster
	// on them (docs/performance.md, "Costs that shaped the code").
	// GOGC in the environment still wins, for measuring.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	// No allocation is sampled unless --memprofile asks for all of them
	// (startProfiles): a sample's stack walk is otherwise paid for nothing.
	runtime.MemProfileRate = 0
	oneJobOneCore = func() { runtime.GOMAXPROCS(1) }
	handleSignals()
	code := run(os.Args)
	runCleanups()
	os.Exit(code)
}
