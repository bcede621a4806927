package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

// jobsFlag is --jobs of every command on the pipeline; readJobs reads it.
func jobsFlag(usage string) cli.Flag {
	return &cli.IntFlag{Name: "jobs", Usage: usage, DefaultText: "the number of cores", Action: func(_ *cli.Context, n int) error {
		if n < 1 {
			return fmt.Errorf("--jobs %d: want 1 or more workers", n)
		}
		return nil
	}}
}

// readJobs is --jobs, all cores when not given, bounded by capJobs.
func readJobs(c *cli.Context) int {
	if !c.IsSet("jobs") {
		return capJobs(defaultJobs())
	}
	return capJobs(c.Int("jobs"))
}
