package main

// Shell completion and the man page, both generated from the CLI
// definition so that they cannot fall behind it:
//
//	ashtapada completion bash|zsh|fish   a script to source or install
//	ashtapada man                         the man page (roff, section 1)
//
// The scripts (package internal/completion) call the hidden command
// `ashtapada __complete WORDS...` (complete.go), which knows the commands,
// the flags and the values of the flags (profiles, formats, rule ids), and
// says when to complete file names.

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/internal/completion"
)

func init() {
	register(&cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash, zsh or fish)",
		ArgsUsage: "bash|zsh|fish",
		Description: "Prints a completion script generated from the command definitions. Install it with, e.g.:\n" +
			"  bash: ashtapada completion bash > /etc/bash_completion.d/ashtapada  (or: source <(ashtapada completion bash))\n" +
			"  zsh:  ashtapada completion zsh > \"${fpath[1]}/_ashtapada\"\n" +
			"  fish: ashtapada completion fish > ~/.config/fish/completions/ashtapada.fish",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return toolError(fmt.Errorf("completion: want one shell: %s", strings.Join(completion.Shells(), ", ")))
			}
			return writeCompletion(c.App, c.Args().First(), c.App.Writer)
		},
	})
	register(&cli.Command{
		Name:  "man",
		Usage: "print the man page (roff; e.g. ashtapada man > ashtapada.1)",
		Action: func(c *cli.Context) error {
			return writeMan(c.App, c.App.Writer)
		},
	})
}

func writeCompletion(app *cli.App, shell string, w io.Writer) error {
	script, err := completion.Script(shell, app.Name)
	if err != nil {
		return toolError(fmt.Errorf("completion: %w", err))
	}
	if _, err := io.WriteString(w, script); err != nil {
		return toolError(fmt.Errorf("writing the %s completion: %w", shell, err))
	}
	return nil
}

func writeMan(app *cli.App, w io.Writer) error {
	page, err := app.ToManWithSection(1)
	if err != nil {
		return toolError(fmt.Errorf("generating the man page: %w", err))
	}
	if _, err := io.WriteString(w, finishMan(page)); err != nil {
		return toolError(fmt.Errorf("writing the man page: %w", err))
	}
	return nil
}
