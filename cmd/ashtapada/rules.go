package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/docs"
	"github.com/ashtapada/ashtapada/internal/jsonenc"
	"github.com/ashtapada/ashtapada/ruleid"
	"github.com/ashtapada/ashtapada/rules"
)

func init() {
	register(&cli.Command{
		Name:  "rules",
		Usage: "list the rule profiles, show one setting by setting, check a user profile file",
		Subcommands: []*cli.Command{
			{
				Name:   "list",
				Usage:  "the built-in profiles, their aliases and the source each follows",
				Action: rulesList,
			},
			{
				Name:      "show",
				Usage:     "every setting of a profile: its value, the sentence of the source it rests on, the alternatives",
				ArgsUsage: "NAME",
				Description: "Shows a built-in profile (by name or alias), or with --rules-file a user profile;\n" +
					"--set key=value shows the profile as those overrides change it; --toml writes it as a\n" +
					"complete profile file (https://github.com/ashtapada/ashtapada/blob/main/docs/profiles.md) that --rules-file reads back.",
				Flags: append(profileFlags(),
					&cli.BoolFlag{Name: "toml", Usage: "write the profile as a complete profile file, to start a variant from"},
				),
				Action: rulesShow,
			},
			{
				Name:  "ids",
				Usage: "every rule id a finding can carry: severity, whether it stops the replay, summary",
				Description: "Lists the registry of rule ids (docs/findings.md describes each; validate --explain ID\n" +
					"prints its page). --format json writes one array of objects {id, severity, stops,\n" +
					"also_warning, summary, page}, in registry order, for scripts: scripts/gen-rule-pages\n" +
					"builds docs/rules/ from it.",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "format", Value: "text", Usage: "text (a table) or json"},
				},
				Action: rulesIDs,
			},
			{
				Name:      "check",
				Usage:     "validate user profile files (exit 1 and file:line: message for each problem)",
				ArgsUsage: "FILE...",
				Description: "Reads each profile file (- for standard input) as --rules-file would. A good file\n" +
					"gets one summary line; a broken one one line per problem, `file:line: message`, naming\n" +
					"the key, the bad value and the valid values. Exit 0 all good, 1 a file is broken,\n" +
					"2 a file could not be read.",
				Action: rulesCheck,
			},
		},
	})
}

func rulesList(c *cli.Context) error {
	if c.NArg() > 0 {
		return toolError(fmt.Errorf("rules list: no arguments expected, got %q", c.Args().Slice()))
	}
	tw := tabwriter.NewWriter(c.App.Writer, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "PROFILE\tALIASES\tSOURCE")
	for _, p := range rules.Profiles() {
		aliases := strings.Join(p.Aliases, ", ")
		if aliases == "" {
			aliases = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", p.Name, aliases, p.Summary)
	}
	return tw.Flush()
}

// ruleListing is one entry of `rules ids --format json`.
type ruleListing struct {
	ruleid.Rule
	// Page is where the rule's documentation page is published.
	Page string `json:"page"`
}

func rulesIDs(c *cli.Context) error {
	if c.NArg() > 0 {
		return toolError(fmt.Errorf("rules ids: no arguments expected, got %q", c.Args().Slice()))
	}
	all := ruleid.All()
	switch c.String("format") {
	case "json":
		out := make([]ruleListing, len(all))
		for i, r := range all {
			out[i] = ruleListing{Rule: r, Page: docs.RuleURL(r.ID)}
		}
		enc := jsonenc.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	case "text":
		tw := tabwriter.NewWriter(c.App.Writer, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "RULE\tSEVERITY\tSTOPS\tSUMMARY")
		for _, r := range all {
			stops := "no"
			if r.Stops {
				stops = "yes"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, r.Severity, stops, r.Summary)
		}
		return tw.Flush()
	default:
		return toolError(fmt.Errorf("rules ids: --format %q: text or json", c.String("format")))
	}
}

func rulesShow(c *cli.Context) error {
	name := c.String("rules")
	switch {
	case c.NArg() > 1:
		return toolError(fmt.Errorf("rules show: want one profile name, got %q", c.Args().Slice()))
	case c.NArg() == 1 && name != "":
		return toolError(fmt.Errorf("rules show: profile given twice (%s and --rules %s)", c.Args().First(), name))
	case c.NArg() == 1:
		name = c.Args().First()
	}
	if name == "" && c.String("rules-file") == "" {
		return toolError(errors.New("rules show: which profile? give a NAME (see `ashtapada rules list`) or --rules-file FILE"))
	}
	p, err := rules.Select(name, c.String("rules-file"), c.StringSlice("set"))
	if err != nil {
		return toolError(fmt.Errorf("rules show: %w", err))
	}
	if c.Bool("toml") {
		_, err := c.App.Writer.Write(p.MarshalTOML())
		return err
	}
	writeProfile(c.App.Writer, p)
	return nil
}

// writeProfile prints a profile for a reader: a header, then each setting
// with its value, meaning, alternatives and source.
func writeProfile(w io.Writer, p *rules.Profile) {
	fmt.Fprintf(w, "%s: %s\n", p.Name, p.Summary)
	if len(p.Aliases) > 0 {
		fmt.Fprintf(w, "  aliases: %s\n", strings.Join(p.Aliases, ", "))
	}
	if p.Base != "" {
		fmt.Fprintf(w, "  based on: %s\n", p.Base)
	}
	writeWrapped(w, "  source: ", "          ", p.Source)
	if p.File != "" {
		fmt.Fprintf(w, "  file: %s\n", p.File)
	}
	fmt.Fprintf(w, "  board: %s (drawn so by show --svg; no rule depends on it)\n", p.Board)
	if p.BoardSource != "" {
		writeWrapped(w, "    source: ", "            ", p.BoardSource)
	}
	fmt.Fprintf(w, "  men: %s (drawn so by show --svg; no rule depends on it)\n", p.Men)
	if p.MenSource != "" {
		writeWrapped(w, "    source: ", "            ", p.MenSource)
	}
	for _, k := range rules.SettingKeys() {
		v := p.Settings.Get(k)
		fmt.Fprintln(w)
		if rules.SettingApplies(p, k) {
			fmt.Fprintf(w, "%s = %s\n", k, v)
		} else {
			fmt.Fprintf(w, "%s = %s  (does not apply: inert value)\n", k, v)
		}
		fmt.Fprintf(w, "    %s\n", rules.SettingDescription(k))
		var alt []string
		for _, a := range rules.SettingValues(k) {
			if a != v {
				alt = append(alt, a)
			}
		}
		fmt.Fprintf(w, "    alternatives: %s\n", strings.Join(alt, ", "))
		src := p.Sources[k]
		if src == "" {
			src = "(no source given)"
		}
		writeWrapped(w, "    source: ", "            ", src)
	}
}

// writeWrapped writes text after first, wrapped at 80 columns with later
// lines indented by rest; a word longer than a line is not broken.
func writeWrapped(w io.Writer, first, rest, text string) {
	const width = 80
	line := first
	empty := true
	for _, word := range strings.Fields(text) {
		if !empty && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) > width {
			fmt.Fprintln(w, line)
			line, empty = rest, true
		}
		if !empty {
			line += " "
		}
		line += word
		empty = false
	}
	fmt.Fprintln(w, line)
}

func rulesCheck(c *cli.Context) error {
	if c.NArg() == 0 {
		return toolError(errors.New("rules check: want one or more profile files (- for standard input)"))
	}
	broken, unreadable := false, false
	for _, file := range c.Args().Slice() {
		var p *rules.Profile
		var err error
		if file == "-" {
			p, err = rules.ReadProfile("<stdin>", c.App.Reader)
		} else {
			p, err = rules.LoadFile(file)
		}
		var pe *rules.ProfileError
		switch {
		case err == nil:
			fmt.Fprintln(c.App.Writer, checkSummary(file, p))
		case errors.As(err, &pe):
			// One line per problem, in the file's line order.
			broken = true
			fmt.Fprintln(c.App.Writer, err)
		default:
			unreadable = true
			fmt.Fprintf(c.App.ErrWriter, "ashtapada: rules check: %v\n", err)
		}
	}
	switch {
	case unreadable:
		return &exitError{code: 2}
	case broken:
		return failed()
	}
	return nil
}

// checkSummary says what a good profile file amounts to: for a file built on
// a base, the settings it changes.
func checkSummary(file string, p *rules.Profile) string {
	if p.Base == "" {
		return fmt.Sprintf("%s: ok: complete profile %s, %d settings", file, p.Name, len(rules.SettingKeys()))
	}
	base, err := rules.Lookup(p.Base)
	if err != nil { // cannot happen: the file loaded with this base
		return fmt.Sprintf("%s: ok: profile %s based on %s", file, p.Name, p.Base)
	}
	var changes []string
	for _, k := range rules.SettingKeys() {
		if v, was := p.Settings.Get(k), base.Settings.Get(k); v != was {
			changes = append(changes, fmt.Sprintf("%s=%s (was %s)", k, v, was))
		}
	}
	if len(changes) == 0 {
		return fmt.Sprintf("%s: ok: profile %s, the same settings as %s", file, p.Name, p.Base)
	}
	return fmt.Sprintf("%s: ok: profile %s based on %s; changes %s", file, p.Name, p.Base, strings.Join(changes, ", "))
}
