package main

// --shard K/N: a deterministic part of the inputs, so that N processes (a
// batch scheduler's array job, Kubernetes indexed Jobs) share the work and
// their outputs, concatenated in K order (or put together by `merge`),
// equal one run's. docs/scale.md explains the rule. Which games a part
// reads, and how they are numbered, is package batch's (Options.Plan); here
// is the flag.

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/source"
)

func shardFlag() cli.Flag {
	return &cli.StringFlag{Name: "shard", Usage: "do part `K/N` of the inputs (1 <= K <= N): the games whose first byte lies in the K-th N-th of the inputs' bytes; the outputs of parts 1..N, concatenated in order or joined by merge, equal one run's"}
}

// parseShard reads a --shard value (source.ParseShard), its error naming
// the flag.
func parseShard(s string) (source.Shard, error) {
	sh, err := source.ParseShard(s)
	if err != nil {
		return source.Shard{}, fmt.Errorf("--shard %q: %w", s, err)
	}
	return sh, nil
}

// readWhole reports whether a file's format is read whole, by one shard:
// every format with an extension that is not Shardable (a table, JSON, a
// move list). A compressed file is read whole too, which source.Plan
// knows by its first bytes.
func readWhole(path string) bool {
	lower := strings.ToLower(path)
	for _, f := range formats.RecordFormats() {
		if f.Shardable {
			continue
		}
		for _, ext := range f.Extensions {
			if strings.HasSuffix(lower, ext) {
				return true
			}
		}
	}
	return false
}

// planShardFlag plans the shard given by a --shard value ("" is every
// file whole).
func planShardFlag(files []string, shard string) ([]source.Part, error) {
	sh := source.Shard{K: 0, N: 1}
	if shard != "" {
		var err error
		if sh, err = parseShard(shard); err != nil {
			return nil, err
		}
	}
	parts, err := source.Plan(files, sh, readWhole)
	if errors.Is(err, source.ErrStdinShard) {
		return nil, fmt.Errorf("--shard needs files: %w", err)
	}
	return parts, err
}

// shardPlan is the plan of the shard given by a --shard value for
// batch.Options.
func shardPlan(shard string) func(files []string) ([]source.Part, error) {
	return func(files []string) ([]source.Part, error) { return planShardFlag(files, shard) }
}

// manyShards reports whether --shard names a part of more than one. Such a
// part may hold no game at all (more parts than games, or a range inside
// one long game): that is no error, since the other parts have them.
func manyShards(shard string) bool {
	sh, err := parseShard(shard)
	return shard != "" && err == nil && sh.N > 1
}

// checkShardTarget refuses --shard with N > 1 for the outputs that are
// one document (a JSON array, one SVG drawing, one HTML page): their parts
// could not be joined into one run's output.
func checkShardTarget(shard string, target formats.RecordFormat) error {
	if shard == "" {
		return nil
	}
	sh, err := parseShard(shard)
	if err != nil || sh.N == 1 {
		return err
	}
	if target.OneDocument {
		return fmt.Errorf("--shard %s: --to %s writes one document, which parts cannot be joined into; shard --to jsonl (or pgn, parquet) and merge the parts", shard, target.Name)
	}
	return nil
}
