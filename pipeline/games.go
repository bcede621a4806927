package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/report"
	"github.com/ashtapada/ashtapada/rules"
	"github.com/ashtapada/ashtapada/source"
	"github.com/ashtapada/ashtapada/tablegames"
)

// Judged is what the pipeline keeps of a game or of a bundle. A game's
// (with --format jsonl) has where it was read and its lines of `validate
// --format jsonl`, which go through the shuffle to their output shard. A
// bundle's has no File: it is the tally (JSON of a replay.Tally) of the
// games the bundle judged, for the summary, so that the summary costs one
// element per bundle rather than one per game. With --format parquet the
// rows never become elements: each bundle writes its own table as it
// judges (rowFile), so that no stage holds more than one row group.
type Judged struct {
	File  string
	Game  int
	Lines []byte
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
	// Rows: write each bundle's games as a Parquet table of their own,
	// RowPrefix-FILEHASH-OFFSET.parquet (--format parquet), instead of
	// emitting their JSONL lines.
	Rows      bool
	RowPrefix string

	// MaxWindow is the window limit of a compressed input
	// (source.Options.MaxWindow: 0 the default, negative none).
	MaxWindow int64
	// MaxGameBytes is the longest game read (0 the default of
	// grammar.DefaultLimits, negative none), as validate's
	// --max-game-bytes.
	MaxGameBytes int

	rp *replay.Replayer
}

// limits are the grammar's limits with the longest game of --max-game-bytes.
func (fn *judgeFn) limits() grammar.Limits {
	l := grammar.DefaultLimits()
	switch {
	case fn.MaxGameBytes > 0:
		l.MaxGameBytes = fn.MaxGameBytes
	case fn.MaxGameBytes < 0:
		l.MaxGameBytes = 0
	}
	return l
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

// input is how the bundle opens its file: decompressed as its first
// bytes say, with the window limit of --max-window (package source).
func (fn *judgeFn) input() source.Options {
	return source.Options{MaxWindow: fn.MaxWindow, WindowSetting: "--max-window"}
}

// compressed reports whether a file is compressed, by its first bytes: it
// cannot be entered in the middle, and is one bundle. A file that cannot
// be read is not: the bundle that reads it reports the error.
func compressed(ctx context.Context, f fileio.ReadableFile) bool {
	rc, err := f.Open(ctx)
	if err != nil {
		return false
	}
	defer rc.Close()
	c, err := source.Compression(rc)
	return err == nil && c != ""
}

func (fn *judgeFn) CreateInitialRestriction(f fileio.ReadableFile) offsetrange.Restriction {
	return offsetrange.Restriction{Start: 0, End: f.Metadata.Size}
}

func (fn *judgeFn) SplitRestriction(f fileio.ReadableFile, r offsetrange.Restriction) []offsetrange.Restriction {
	if fn.BundleBytes <= 0 || r.End-r.Start <= fn.BundleBytes || compressed(context.Background(), f) {
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

func (fn *judgeFn) ProcessElement(ctx context.Context, rt *sdf.LockRTracker, f fileio.ReadableFile, emit func(Judged)) (err error) {
	r := rt.GetRestriction().(offsetrange.Restriction)
	if r.End <= r.Start {
		return nil // an empty file
	}
	name := f.Metadata.Path
	raw, err := f.Open(ctx)
	if err != nil {
		return fmt.Errorf("reading %s: %w", name, err)
	}
	rc, err := fn.input().Reader(raw, name)
	if err != nil {
		return err
	}
	defer rc.Close()
	whole := rc.Compression != ""
	if whole && (r.Start > 0 || !rt.TryClaim(r.End-1)) {
		// The whole file is claimed at once, so that it is not split
		// later either; a failed claim means another bundle has it. A
		// range that does not start the file is none of its games
		// (compressed claims no split of it): claiming past the end
		// marks it done.
		rt.TryClaim(r.End)
		return nil
	}
	// The bundle's table, opened at its first game: a bundle that claims
	// no game writes no file.
	var rows *rowFile
	defer func() {
		if rows != nil && err != nil {
			rows.abort()
		}
	}()
	tally := replay.NewTally()
	sc := new(grammar.Scratch)
	// The games are read as --shard reads its part (batch.ReadRange): from
	// the start of the file, so that each has its index and line numbers
	// as validate gives them; those before the bundle are split, not
	// parsed. A game is the bundle's when the tracker lets it claim the
	// game's first byte: the runner may split the rest off to another
	// bundle while this one reads.
	//
	// A row is held until the next game, or the end of the file: the text
	// that holds no game after the file's last game is that game's
	// (gametable.Row.After), as in convert's rows.
	var pending *gametable.Row
	from := r.Start
	if whole {
		from = 0
	}
	trailer, err := batch.ReadRange(rc, name, from, -1, batch.Options{Limits: fn.limits()}, func(ch grammar.Chunk, index int, before []byte) error {
		if !whole && !rt.TryClaim(int64(ch.Pos.Offset)) {
			return errOtherBundle
		}
		if fn.Rows && rows == nil {
			var err error
			if rows, err = createRowFile(ctx, rowFileName(fn.RowPrefix, name, r.Start)); err != nil {
				return err
			}
		}
		if pending != nil {
			if err := rows.write(pending); err != nil {
				return err
			}
			pending = nil
		}
		j, row, err := fn.judge(ch, name, index, before, sc, tally, fn.Rows)
		if err != nil {
			return err
		}
		if fn.Rows {
			pending = row
		} else {
			emit(j)
		}
		return nil
	})
	switch {
	case errors.Is(err, errOtherBundle):
	case err != nil:
		return err
	default:
		// The end of the file is the end of the range.
		rt.TryClaim(r.End)
		if pending != nil {
			pending.SetAfter(trailer)
		}
	}
	if pending != nil {
		if err := rows.write(pending); err != nil {
			return err
		}
	}
	if rows != nil {
		rf := rows
		rows = nil // closed: nothing for the deferred abort to drop
		if err := rf.close(); err != nil {
			return err
		}
	}
	if tally.Games == 0 && tally.Errors == 0 && tally.Warnings == 0 {
		return nil
	}
	b, err := json.Marshal(tally)
	if err != nil {
		return fmt.Errorf("%s: encoding the tally: %w", name, err)
	}
	emit(Judged{Tally: b})
	return nil
}

// errOtherBundle stops a bundle's reading at the first game that another
// bundle claims: the rest of the file is that bundle's.
var errOtherBundle = errors.New("the rest of the file belongs to another bundle")

// judge validates one game, adds it to the bundle's tally and returns its
// JSONL lines, or with rows its table row (before: the text that holds no
// game just before it). The row holds nothing of sc's storage.
func (fn *judgeFn) judge(ch grammar.Chunk, name string, index int, before []byte, sc *grammar.Scratch, tally *replay.Tally, rows bool) (Judged, *gametable.Row, error) {
	j := Judged{File: name, Game: index}
	if rows {
		// The row of convert --to parquet, a huge game's read in parts.
		row, res, err := tablegames.RowOf(fn.rp, ch, grammar.ReadOptions{}, name, index, before)
		if err != nil {
			return j, nil, err
		}
		tally.Add(res)
		return j, row, nil
	}
	// A huge game is judged with its main line read in parts, never held
	// whole, as validate judges it. The record lives until the next game
	// (sc reuses its storage): all that is kept of it is encoded here.
	res := fn.rp.Replay(grammar.SourceOf(ch, name, sc, grammar.ReadOptions{}), name, index, replay.Each{})
	tally.Add(res)
	return fn.lines(j, res)
}

// lines gives j the game's lines of validate --format jsonl.
func (fn *judgeFn) lines(j Judged, res *replay.Result) (Judged, *gametable.Row, error) {
	var buf bytes.Buffer
	rw, err := report.New("jsonl", &buf, report.Options{})
	if err != nil {
		return j, nil, err
	}
	if err := rw.Game(res); err != nil {
		return j, nil, err
	}
	j.Lines = buf.Bytes()
	return j, nil, nil
}

// rowFileName names the table of the bundle of input file that starts at
// byte offset start: by a hash of the file's path (two inputs may share a
// base name) and the offset, so that a bundle the runner retries writes the
// same file again, and the names sort by file, then by position in it.
func rowFileName(prefix, file string, start int64) string {
	h := fnv.New64a()
	h.Write([]byte(file))
	return fmt.Sprintf("%s-%016x-%015d.parquet", prefix, h.Sum64(), start)
}

// rowFile is one bundle's Parquet table, written as its games are judged:
// gametable.Writer holds one row group (gametable.RowGroupRows games) at a
// time, so a worker's memory is bounded whatever the size of the bundle.
// It is written under a temporary name and renamed when complete, so that
// a bundle that fails (and is retried) leaves no partial table under the
// final name.
type rowFile struct {
	ctx       context.Context
	fs        filesystem.Interface
	path, tmp string
	wc        io.WriteCloser
	bw        *bufio.Writer
	tw        *gametable.Writer
}

func createRowFile(ctx context.Context, path string) (*rowFile, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	tmp := path + ".tmp"
	wc, err := fs.OpenWrite(ctx, tmp)
	if err != nil {
		fs.Close()
		return nil, fmt.Errorf("writing %s: %w", tmp, err)
	}
	bw := bufio.NewWriterSize(wc, 1<<16)
	return &rowFile{ctx: ctx, fs: fs, path: path, tmp: tmp, wc: wc, bw: bw, tw: gametable.NewWriter(bw, gametable.WriterOptions{})}, nil
}

// write adds one game's row.
func (f *rowFile) write(r *gametable.Row) error {
	if err := f.tw.Write(r); err != nil {
		return fmt.Errorf("%s game %d: %w", r.File, r.Game, err)
	}
	return nil
}

// close writes the footer and puts the table under its name.
func (f *rowFile) close() error {
	defer f.fs.Close()
	err := f.tw.Close()
	if err == nil {
		err = f.bw.Flush()
	}
	if cerr := f.wc.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = filesystem.Rename(f.ctx, f.fs, f.tmp, f.path)
	}
	if err != nil {
		if rm, ok := f.fs.(filesystem.Remover); ok {
			rm.Remove(f.ctx, f.tmp)
		}
		return fmt.Errorf("writing %s: %w", f.path, err)
	}
	return nil
}

// abort drops a table left unfinished by an error.
func (f *rowFile) abort() {
	f.wc.Close()
	if rm, ok := f.fs.(filesystem.Remover); ok {
		rm.Remove(f.ctx, f.tmp)
	}
	f.fs.Close()
}
