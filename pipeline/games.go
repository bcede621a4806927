package main

import (
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/klauspost/compress/zstd"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// Judged is what the pipeline keeps of one game: where it was read, its
// lines of `validate --format jsonl`, its table row (JSON of a
// gametable.Row, with --format parquet) and its tally (JSON of a
// replay.Tally of one game) for the summary.
type Judged struct {
	File  string
	Game  int
	Lines []byte
	Row   []byte
	Tally []byte
}

// judgeFn is the splittable read: each input file is a byte range, cut
// into bundles of BundleBytes; a bundle judges the games that start in it
// (the same rule as `--shard`, docs/scale.md), so a large file spreads
// over many workers. Games are split from the start of the file, so that
// each has its index and line numbers as validate gives them; games before
// the bundle are split, not parsed.
type judgeFn struct {
	BundleBytes int64
	Rules       string
	Strict      bool
	// NoVariations: the main line only (validate --no-variations).
	NoVariations bool
	Rows         bool // make table rows (--format parquet)

	rp *replay.Replayer
}

func (fn *judgeFn) Setup() error {
	// Variations are judged as validate judges them by default.
	cfg := replay.Config{Strict: fn.Strict, Variations: !fn.NoVariations, Steps: fn.Rows}
	if fn.Rules != "" {
		p, err := rules.Select(fn.Rules, "", nil)
		if err != nil {
			return err
		}
		cfg.Profile = p
	}
	fn.rp = replay.New(cfg)
	return nil
}

// compressed files cannot be entered in the middle: one bundle each.
func compressed(path string) bool {
	lower := strings.ToLower(path)
	return strings.HasSuffix(lower, ".gz") || strings.HasSuffix(lower, ".bz2") || strings.HasSuffix(lower, ".zst")
}

func (fn *judgeFn) CreateInitialRestriction(f fileio.ReadableFile) offsetrange.Restriction {
	return offsetrange.Restriction{Start: 0, End: f.Metadata.Size}
}

func (fn *judgeFn) SplitRestriction(f fileio.ReadableFile, r offsetrange.Restriction) []offsetrange.Restriction {
	if compressed(f.Metadata.Path) || fn.BundleBytes <= 0 || r.End-r.Start <= fn.BundleBytes {
		return []offsetrange.Restriction{r}
	}
	return r.SizedSplits(fn.BundleBytes)
}

func (fn *judgeFn) RestrictionSize(_ fileio.ReadableFile, r offsetrange.Restriction) float64 {
	return r.Size()
}

func (fn *judgeFn) CreateTracker(r offsetrange.Restriction) *sdf.LockRTracker {
	return sdf.NewLockRTracker(offsetrange.NewTracker(r))
}

func (fn *judgeFn) ProcessElement(ctx context.Context, rt *sdf.LockRTracker, f fileio.ReadableFile, emit func(Judged)) error {
	r := rt.GetRestriction().(offsetrange.Restriction)
	if r.End <= r.Start {
		return nil // an empty file
	}
	name := f.Metadata.Path
	whole := compressed(name)
	if whole && !rt.TryClaim(r.End-1) {
		// The whole file is claimed at once, so that it is not split
		// later either; a failed claim means another bundle has it.
		return nil
	}
	rc, err := openDecompressed(ctx, f)
	if err != nil {
		return err
	}
	defer rc.Close()
	sp := grammar.NewSplitter(rc)
	sc := new(grammar.Scratch)
	index := 0
	for {
		ch, err := sp.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("reading %s: %w", name, err)
		}
		if !ch.IsGame() {
			// A comment before the first game or between games is no
			// game, and is not counted (as validate numbers games).
			continue
		}
		index++
		off := int64(ch.Pos.Offset)
		if !whole {
			if off < r.Start {
				continue
			}
			if !rt.TryClaim(off) {
				return nil // the rest belongs to other bundles
			}
		}
		j, err := fn.judge(ch, name, index, sc)
		if err != nil {
			return err
		}
		emit(j)
	}
	rt.TryClaim(r.End) // done: the end of the file is the end of the range
	return nil
}

// judge validates one game and returns what the outputs need of it.
func (fn *judgeFn) judge(ch grammar.Chunk, name string, index int, sc *grammar.Scratch) (Judged, error) {
	// The record lives until the next game (sc reuses its storage): all
	// that is kept of it is encoded here.
	g := grammar.ParseChunkScratch(ch, name, sc)
	res := fn.rp.Game(g, name, index)
	j := Judged{File: name, Game: index}
	var buf bytes.Buffer
	rw, err := formats.NewReport("jsonl", &buf, formats.ReportOptions{})
	if err != nil {
		return j, err
	}
	if err := rw.Game(res); err != nil {
		return j, err
	}
	j.Lines = buf.Bytes()
	t := replay.NewTally()
	t.Add(res)
	if j.Tally, err = json.Marshal(t); err != nil {
		return j, err
	}
	if fn.Rows {
		if g.Truncated {
			se := g.SyntaxError()
			return j, fmt.Errorf("%s: game %d at line %d is too large to be read whole (%d:%d: %s)", name, index, g.Pos.Line, se.Pos.Line, se.Pos.Col, se.Message)
		}
		row := gametable.Build(g, res, gametable.Play(res), gametable.MovetextOf(g, ch.Pos.Offset))
		if j.Row, err = json.Marshal(row); err != nil {
			return j, err
		}
	}
	return j, nil
}

// openDecompressed opens a file through Beam's file systems (local, gs://,
// s3://) and decompresses it by its extension, as the command line does.
func openDecompressed(ctx context.Context, f fileio.ReadableFile) (io.ReadCloser, error) {
	rc, err := f.Open(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", f.Metadata.Path, err)
	}
	lower := strings.ToLower(f.Metadata.Path)
	switch {
	case strings.HasSuffix(lower, ".gz"):
		zr, err := gzip.NewReader(rc)
		if err != nil {
			rc.Close()
			return nil, fmt.Errorf("reading %s: %w", f.Metadata.Path, err)
		}
		return readCloser{zr, rc}, nil
	case strings.HasSuffix(lower, ".bz2"):
		return readCloser{bzip2.NewReader(rc), rc}, nil
	case strings.HasSuffix(lower, ".zst"):
		zr, err := zstd.NewReader(rc)
		if err != nil {
			rc.Close()
			return nil, fmt.Errorf("reading %s: %w", f.Metadata.Path, err)
		}
		return readCloser{zr.IOReadCloser(), rc}, nil
	}
	return rc, nil
}

type readCloser struct {
	io.Reader
	c io.Closer
}

func (r readCloser) Close() error { return r.c.Close() }
