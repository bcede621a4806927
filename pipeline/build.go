package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"reflect"
	"sort"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/ashtapada/ashtapada/internal/jsonenc"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/report"
)

// Options are the pipeline's settings (the command's flags).
type Options struct {
	Inputs      []string
	Output      string
	Format      string // jsonl or parquet
	Shards      int
	BundleBytes int64
	Rules       string
	Strict      bool
	// NoVariations: judge the main line only (validate --no-variations).
	NoVariations bool
	// MaxWindow is the largest dictionary or window of a compressed input
	// (--max-window; 0 the default, negative none).
	MaxWindow int64
	// MaxGameBytes is the longest game read (--max-game-bytes; 0 the
	// default, negative none).
	MaxGameBytes int
}

func (o Options) check() error {
	switch {
	case len(o.Inputs) == 0:
		return errors.New("--input: give the files to read")
	case o.Output == "":
		return errors.New("--output: give the prefix of the output files")
	case o.Format != "jsonl" && o.Format != "parquet":
		return fmt.Errorf("--format %q: want jsonl or parquet", o.Format)
	case o.Shards < 1:
		return fmt.Errorf("--shards %d: want 1 or more", o.Shards)
	}
	return nil
}

func init() {
	register.DoFn4x1[context.Context, *sdf.LockRTracker, fileio.ReadableFile, func(Judged), error](&judgeFn{})
	register.Emitter1[Judged]()
	register.DoFn2x0[Judged, func(int, Judged)](&keyFn{})
	register.Function2x0(markFn)
	register.Emitter2[int, Judged]()
	register.DoFn4x1[context.Context, int, func(*Judged) bool, func(string), error](&writeShardFn{})
	register.Iter1[Judged]()
	register.Emitter1[string]()
	register.Combiner3[*tallyAcc, Judged, string](&tallyFn{})
	register.DoFn2x1[context.Context, string, error](&writeSummaryFn{})
	beam.RegisterType(reflect.TypeOf((*Judged)(nil)).Elem())
	beam.RegisterCoder(reflect.TypeOf((*tallyAcc)(nil)), encodeTally, decodeTally)
}

// Build adds the pipeline to scope s: match the inputs, judge every game
// (splittable read), write the outputs and the summary. JSONL lines go
// through a shuffle to their output shard; Parquet rows are written by the
// bundle that judges them, one table per bundle, so that no stage holds a
// shard's games.
func Build(s beam.Scope, o Options) {
	var files []beam.PCollection
	for _, in := range o.Inputs {
		files = append(files, fileio.MatchFiles(s, in))
	}
	matches := beam.Flatten(s, files...)
	readable := fileio.ReadMatches(s, matches, fileio.ReadUncompressed())
	judged := beam.ParDo(s, &judgeFn{BundleBytes: o.BundleBytes, Rules: o.Rules, Strict: o.Strict, NoVariations: o.NoVariations,
		MaxWindow: o.MaxWindow, MaxGameBytes: o.MaxGameBytes, Rows: o.Format == "parquet", RowPrefix: o.Output}, readable)

	if o.Format == "jsonl" {
		keyed := beam.ParDo(s, &keyFn{Shards: o.Shards}, judged)
		// One empty marker per shard, so that every shard's file is
		// written, with no games if none fall to it.
		numbers := make([]int, o.Shards)
		for i := range numbers {
			numbers[i] = i
		}
		markers := beam.ParDo(s, markFn, beam.CreateList(s, numbers))
		beam.ParDo(s, &writeShardFn{Prefix: o.Output, Shards: o.Shards},
			beam.GroupByKey(s, beam.Flatten(s, keyed, markers)))
	}

	summary := beam.Combine(s, &tallyFn{}, judged)
	beam.ParDo0(s, &writeSummaryFn{Path: o.Output + "-summary.jsonl"}, summary)
}

// markFn is a shard's empty marker (a Judged with no file).
func markFn(shard int, emit func(int, Judged)) { emit(shard, Judged{}) }

// keyFn gives each game its output shard: the games of one file go round
// the shards in turn, from a shard chosen by the file's name, so that a
// file of as many games as there are shards fills every one (runs of
// consecutive games left shards empty for files of a few runs).
type keyFn struct{ Shards int }

func (fn *keyFn) ProcessElement(j Judged, emit func(int, Judged)) {
	if j.File == "" {
		return // a bundle's tally, for the summary only
	}
	h := fnv.New32a()
	h.Write([]byte(j.File))
	emit(int((h.Sum32()+uint32(j.Game))%uint32(fn.Shards)), j)
}

// writeShardFn writes one shard's JSONL lines, in file and game order.
type writeShardFn struct {
	Prefix string
	Shards int
}

func (fn *writeShardFn) ProcessElement(ctx context.Context, shard int, games func(*Judged) bool, emit func(string)) error {
	var all []Judged
	var j Judged
	for games(&j) {
		if j.File != "" { // not the marker
			all = append(all, j)
		}
		j = Judged{}
	}
	sort.Slice(all, func(a, b int) bool {
		if all[a].File != all[b].File {
			return all[a].File < all[b].File
		}
		return all[a].Game < all[b].Game
	})
	path := fmt.Sprintf("%s-%05d-of-%05d.jsonl", fn.Prefix, shard, fn.Shards)
	var buf bytes.Buffer
	for i := range all {
		buf.Write(all[i].Lines)
	}
	if err := writeFile(ctx, path, buf.Bytes()); err != nil {
		return err
	}
	emit(path)
	return nil
}

func writeFile(ctx context.Context, path string, data []byte) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer fs.Close()
	if err := filesystem.Write(ctx, fs, path, data); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// tallyAcc is the summary being added up. Within a bundle it stays a
// replay.Tally; Beam encodes it between stages as the tally's JSON
// (encodeTally, decodeTally), so that adding a game costs no encoding.
type tallyAcc struct{ t *replay.Tally }

func encodeTally(a *tallyAcc) ([]byte, error) { return json.Marshal(a.t) }

func decodeTally(b []byte) (*tallyAcc, error) {
	t := replay.NewTally()
	if err := json.Unmarshal(b, t); err != nil {
		return nil, fmt.Errorf("decoding a summary: %w", err)
	}
	return &tallyAcc{t: t}, nil
}

// tallyFn adds up the games' tallies into validate's summary.
type tallyFn struct{}

func (fn *tallyFn) CreateAccumulator() *tallyAcc { return &tallyAcc{t: replay.NewTally()} }

func (fn *tallyFn) AddInput(a *tallyAcc, j Judged) (*tallyAcc, error) {
	if j.Tally == nil {
		return a, nil // a game's lines: its bundle's tally counts it
	}
	var one replay.Tally
	if err := json.Unmarshal(j.Tally, &one); err != nil {
		return nil, fmt.Errorf("decoding a bundle's tally: %w", err)
	}
	a.t.Merge(&one)
	return a, nil
}

func (fn *tallyFn) MergeAccumulators(a, b *tallyAcc) *tallyAcc {
	a.t.Merge(b.t)
	return a
}

func (fn *tallyFn) ExtractOutput(a *tallyAcc) string {
	var buf bytes.Buffer
	jsonenc.NewEncoder(&buf).Encode(report.JSONLSummary{Kind: "summary", Tally: *a.t})
	return buf.String()
}

// writeSummaryFn writes the summary line.
type writeSummaryFn struct{ Path string }

func (fn *writeSummaryFn) ProcessElement(ctx context.Context, line string) error {
	return writeFile(ctx, fn.Path, []byte(line))
}
