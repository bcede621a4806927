package main

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"runtime/pprof"

	"github.com/urfave/cli/v2"
)

// pprofFlags are hidden flags of validate, convert, detect and diff for
// measuring the hot path of the real pipeline (docs/performance.md,
// "Decisions"): go test benchmarks see one package at a time, these see the
// whole program as users run it.
var pprofFlags = []cli.Flag{
	&cli.StringFlag{Name: "cpuprofile", Hidden: true, Usage: "write a CPU profile to this file"},
	&cli.StringFlag{Name: "memprofile", Hidden: true, Usage: "write an allocation profile to this file at the end"},
}

// startProfiles starts what pprofFlags ask for; the returned function
// stops them and writes the files. The CPU profile is held in memory while
// the command runs (it is small), so that both files are written as every
// output file is (writeFileAtomic): never through a link standing there.
func startProfiles(c *cli.Context) (func() error, error) {
	cpuPath := c.String("cpuprofile")
	var cpu bytes.Buffer
	if cpuPath != "" {
		if err := pprof.StartCPUProfile(&cpu); err != nil {
			return nil, fmt.Errorf("--cpuprofile: %w", err)
		}
	}
	memPath := c.String("memprofile")
	if memPath != "" {
		// Every allocation, so that small per-move ones show.
		runtime.MemProfileRate = 1
	}
	return func() error {
		if cpuPath != "" {
			pprof.StopCPUProfile()
			if err := writeFileAtomic(cpuPath, func(w io.Writer) error {
				_, err := cpu.WriteTo(w)
				return err
			}); err != nil {
				return fmt.Errorf("--cpuprofile: %w", err)
			}
		}
		if memPath != "" {
			// The profile holds what the last collection saw: one now
			// counts the allocations since then too.
			runtime.GC()
			if err := writeFileAtomic(memPath, func(w io.Writer) error {
				return pprof.Lookup("allocs").WriteTo(w, 0)
			}); err != nil {
				return fmt.Errorf("--memprofile: %w", err)
			}
		}
		return nil
	}, nil
}
