package main

import (
	"fmt"
	"os"
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
// stops them and writes the files.
func startProfiles(c *cli.Context) (func() error, error) {
	var cpu *os.File
	if path := c.String("cpuprofile"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			return nil, fmt.Errorf("--cpuprofile: %w", err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return nil, fmt.Errorf("--cpuprofile: %w", err)
		}
		cpu = f
	}
	memPath := c.String("memprofile")
	if memPath != "" {
		// Every allocation, so that small per-move ones show.
		runtime.MemProfileRate = 1
	}
	return func() error {
		if cpu != nil {
			pprof.StopCPUProfile()
			if err := cpu.Close(); err != nil {
				return fmt.Errorf("--cpuprofile: %w", err)
			}
		}
		if memPath != "" {
			f, err := os.Create(memPath)
			if err != nil {
				return fmt.Errorf("--memprofile: %w", err)
			}
			defer f.Close()
			// The profile holds what the last collection saw: one now
			// counts the allocations since then too.
			runtime.GC()
			if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
				return fmt.Errorf("--memprofile: %w", err)
			}
		}
		return nil
	}, nil
}
