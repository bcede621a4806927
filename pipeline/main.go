// Command ashtapada-beam validates (and converts) game records on Apache
// Beam: the same verdicts as `ashtapada validate --format jsonl` and the
// same rows as `ashtapada convert --to parquet`, spread over as many
// workers as the runner gives, for databases too large for one machine.
// It runs locally on Beam's Prism runner and, unchanged, on Dataflow,
// Flink or Spark (docs/scale.md).
//
//	ashtapada-beam --input 'data/*.pgn' --output out/games --format jsonl --runner prism
//
// writes out/games-00000-of-00004.jsonl ... (each shard's games in file
// and game order) and out/games-summary.jsonl (the summary line of
// validate --summary, over all games). With --format parquet each bundle
// writes its games' rows as it judges them, one table per bundle:
// out/games-FILEHASH-OFFSET.parquet.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"runtime/pprof"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/source"

	// Runners and file systems chosen by flags.
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/dataflow"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/universal"

	_ "github.com/ashtapada/ashtapada/formats/all" // every record format (formats.Register)
)

var (
	input       = flag.String("input", "", "input files: a path or glob, several separated by commas (local, gs://, s3://)")
	output      = flag.String("output", "", "output prefix: PREFIX-SSSSS-of-NNNNN.jsonl (or one PREFIX-FILEHASH-OFFSET.parquet per bundle) and PREFIX-summary.jsonl")
	format      = flag.String("format", "jsonl", "jsonl (validate's findings and game lines) or parquet (convert's table rows)")
	shards      = flag.Int("shards", 4, "number of JSONL output files (Parquet is written one table per bundle)")
	bundleBytes = flag.Int64("bundle-bytes", 64<<20, "largest part of one uncompressed input a worker judges at a time")
	rulesName   = flag.String("rules", "", "judge every game under this profile (as validate --rules)")
	strict      = flag.Bool("strict", false, "warnings are errors (as validate --strict)")
	noVars      = flag.Bool("no-variations", false, "judge the main line only (as validate --no-variations)")
	maxWindow   = flag.Int64("max-window", source.DefaultMaxWindow, "largest dictionary (xz) or window (zstd) of a compressed input, in bytes; an input declaring more is refused (0: no limit), as validate --max-window")
	maxGame     = flag.Int("max-game-bytes", grammar.DefaultLimits().MaxGameBytes, "longest game, in bytes; a longer one is a limit error (0: no limit), as validate --max-game-bytes")
	cpuProfile  = flag.String("cpuprofile", "", "write a CPU profile of this process to FILE (on Prism: the runner and the worker)")
)

// ownFlags are the flags of ashtapada-beam, which its help lists first,
// before the Beam SDK's own (runners, projects, environments), which the
// SDK registers in the same flag set.
var ownFlags = []string{"input", "output", "format", "shards", "bundle-bytes", "rules", "strict", "no-variations", "max-window", "max-game-bytes", "cpuprofile"}

// usage writes the help: what the command does, its own flags, then
// Beam's.
func usage() {
	out := flag.CommandLine.Output()
	fmt.Fprintf(out, "Usage: ashtapada-beam --input FILES --output PREFIX [--format jsonl|parquet] [--runner prism|dataflow|...] [flags]\n\n")
	fmt.Fprintf(out, "Validates (--format jsonl) or converts (--format parquet) game records on Apache Beam, as\nashtapada validate --format jsonl and ashtapada convert --to parquet do (docs/scale.md).\n\n")
	own := flag.NewFlagSet("ashtapada-beam", flag.ContinueOnError)
	sdk := flag.NewFlagSet("beam", flag.ContinueOnError)
	flag.VisitAll(func(f *flag.Flag) {
		fs := sdk
		if slices.Contains(ownFlags, f.Name) {
			fs = own
		}
		fs.Var(f.Value, f.Name, f.Usage)
	})
	fmt.Fprintln(out, "Flags of ashtapada-beam:")
	own.SetOutput(out)
	own.PrintDefaults()
	fmt.Fprintln(out, "\nFlags of the Beam SDK (the runner and where it runs):")
	sdk.SetOutput(out)
	sdk.PrintDefaults()
}

func main() {
	flag.Usage = usage
	flag.Parse()
	beam.Init()
	if *maxWindow < 0 || *maxGame < 0 {
		fmt.Fprintln(os.Stderr, "ashtapada-beam: --max-window and --max-game-bytes: want 0 (no limit) or more")
		os.Exit(2)
	}
	opts := Options{
		Inputs: splitList(*input), Output: *output, Format: *format, Shards: *shards,
		BundleBytes: *bundleBytes, Rules: *rulesName, Strict: *strict, NoVariations: *noVars,
		MaxWindow: noLimit(*maxWindow), MaxGameBytes: int(noLimit(int64(*maxGame))),
	}
	if err := opts.check(); err != nil {
		fmt.Fprintln(os.Stderr, "ashtapada-beam:", err)
		os.Exit(2)
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			log.Fatalf("ashtapada-beam: %v", err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatalf("ashtapada-beam: %v", err)
		}
		defer pprof.StopCPUProfile()
	}
	p := beam.NewPipeline()
	Build(p.Root(), opts)
	if err := beamx.Run(context.Background(), p); err != nil {
		log.Fatalf("ashtapada-beam: %v", err)
	}
}

// noLimit turns a flag's 0, no limit, into the options' negative (their
// 0 is the default).
func noLimit(n int64) int64 {
	if n == 0 {
		return -1
	}
	return n
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
