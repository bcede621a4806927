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

// readJobs is --jobs, all cores when not given, bounded by capJobs. A
// run of one job is confined to one core here (oneJobOneCore), whether
// the command line or a configuration file asked for it.
func readJobs(c *cli.Context) int {
	n := defaultJobs()
	if c.IsSet("jobs") {
		n = c.Int("jobs")
	}
	n = capJobs(n)
	if n == 1 && oneJobOneCore != nil {
		oneJobOneCore()
	}
	return n
}

// oneJobOneCore, set by main, confines a run of one job to one core
// (runtime.GOMAXPROCS(1)). One worker still has the reader's goroutine
// beside it, and with a second core idle each hand-over between the two
// wakes a thread there, which the scheduler then keeps spinning for more
// work: CPU time spent on no game. On one core the reader and the worker
// take turns on one thread (docs/performance.md, "One job, one core").
// Tests that run commands in-process leave it nil, so that one test's
// --jobs 1 does not slow the tests running beside it.
var oneJobOneCore func()
