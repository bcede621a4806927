package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/suggest"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/report"
	"github.com/ashtapada/ashtapada/rules"
)

// validateOptions is everything validate's flags decide, read once before
// any game is: a bad flag is a usage error (exit 2) with nothing checked.
type validateOptions struct {
	replay    replay.Config
	format    string
	verbose   bool
	quiet     bool
	summary   bool
	maxErrors int
	jobs      int
	svgDir    string
	hints     bool     // --hints: also-valid-as warnings (package detect)
	shard     string   // --shard K/N (shard.go)
	inputs    []string // the arguments as given; "-" for none
	limits    grammar.Limits
	date      time.Time // the report's date (reportDate)
}

// reportDate is the date a report says it was made: SOURCE_DATE_EPOCH's
// (seconds since 1970, UTC) when it is set, so that a report made twice of
// the same inputs is the same file (the reproducible-builds convention),
// else now. The convention asks a malformed value to fail rather than be
// ignored in silence.
func reportDate(getenv func(string) string, now func() time.Time) (time.Time, error) {
	v := getenv("SOURCE_DATE_EPOCH")
	if v == "" {
		return now().UTC(), nil
	}
	secs, err := strconv.ParseInt(v, 10, 64)
	if err != nil || secs < 0 || secs > 253402300799 { // up to 9999-12-31 23:59:59
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH=%q: want the report's date as a whole number of seconds since 1970-01-01 UTC", v)
	}
	return time.Unix(secs, 0).UTC(), nil
}

func validateOptionsFrom(c *cli.Context) (*validateOptions, error) {
	// limits.go: --max-depth, --max-token, --max-game-bytes.
	lim, err := readLimits(c)
	if err != nil {
		return nil, err
	}
	cfg, err := cliConfig(c) // each file's configuration is over it (readInputSettings)
	if err != nil {
		return nil, err
	}
	date, err := reportDate(os.Getenv, time.Now)
	if err != nil {
		return nil, err
	}
	o := &validateOptions{
		date:      date,
		replay:    cfg,
		format:    c.String("format"),
		verbose:   c.Bool("verbose"),
		quiet:     c.Bool("quiet"),
		summary:   c.Bool("summary"),
		maxErrors: c.Int("max-errors"),
		jobs:      readJobs(c),
		svgDir:    c.String("svg-dir"),
		hints:     c.Bool("hints"),
		shard:     c.String("shard"),
		inputs:    c.Args().Slice(),
		limits:    lim,
	}
	if !slices.Contains(report.Formats(), o.format) {
		return nil, fmt.Errorf("--format %q%s: want one of %s", o.format, suggest.Phrase(o.format, report.Formats()), strings.Join(report.Formats(), ", "))
	}
	if o.maxErrors < 0 {
		return nil, fmt.Errorf("--max-errors %d: want 0 (no limit) or more", o.maxErrors)
	}
	// The findings one game reports (docs/findings.md): 0 lifts the bound,
	// which replay.Config spells as a negative number.
	for _, f := range []struct {
		name string
		dst  *int
	}{{"max-findings", &o.replay.MaxFindings}, {"max-findings-per-rule", &o.replay.MaxFindingsPerRule}} {
		switch n := c.Int(f.name); {
		case n < 0:
			return nil, fmt.Errorf("--%s %d: want 0 (no limit) or more", f.name, n)
		case n == 0:
			*f.dst = -1
		default:
			*f.dst = n
		}
	}
	if len(o.inputs) == 0 {
		o.inputs = []string{"-"}
	}
	return o, nil
}

// validateConfig is the replay configuration of a command that judges
// its inputs under one configuration (convert, show, fmt --san, diff):
// the profile flags' (cliConfig), over the profile of the inputs'
// ashtapada.toml (validate takes each file's, readInputSettings). Inputs
// whose files name different profiles are a usage error.
func validateConfig(c *cli.Context) (replay.Config, error) {
	cfg, err := cliConfig(c)
	if err != nil {
		return cfg, err
	}
	inputs := c.Args().Slice()
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	return inputsProfile(c, inputs, cfg)
}

// cliConfig turns the profile flags into a replay configuration.
// Variations are checked unless --no-variations.
func cliConfig(c *cli.Context) (replay.Config, error) {
	cfg := replay.Config{Strict: c.Bool("strict"), Variations: !c.Bool("no-variations")}
	name, file := c.String("rules"), c.String("rules-file")
	if name != "" || file != "" {
		p, err := rules.Select(name, file, nil)
		if err != nil {
			return cfg, err
		}
		cfg.Profile = p
	}
	ovs, err := parseSet("--set", c.StringSlice("set"))
	if err != nil {
		return cfg, err
	}
	if err := checkOverrides(cfg.Profile, ovs); err != nil {
		return cfg, fmt.Errorf("--set: %w", err)
	}
	cfg.Overrides, cfg.OverridesFrom = ovs, "--set"
	return cfg, nil
}

// checkOverrides tries ovs on a copy of p's settings (the default profile's
// when p is nil) before any game is read: a misspelt --set must not turn
// into one finding per game.
func checkOverrides(p *rules.Profile, ovs []rules.Override) error {
	if p == nil {
		p, _ = rules.Lookup(rules.DefaultProfile)
	}
	if p == nil {
		return nil
	}
	s := p.Settings
	return s.Apply(ovs)
}
