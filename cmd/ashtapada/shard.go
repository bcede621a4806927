package main

// --shard K/N: a deterministic part of the inputs, so that N processes (a
// batch scheduler's array job, Kubernetes indexed Jobs) share the work and
// their outputs, concatenated in K order (or put together by `merge`),
// equal one run's. docs/scale.md explains the rule.

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
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
// a format whose reader's offsets are not the file's (a table, JSON, a
// move list). A compressed file is read whole too, which source.Plan
// knows by its first bytes.
func readWhole(path string) bool {
	lower := strings.ToLower(path)
	for _, ext := range []string{".json", ".jsonl", ".ndjson", ".lan", ".uci", ".parquet"} {
		if strings.HasSuffix(lower, ext) {
			return true
		}
	}
	return false
}

// shardInputs expands the arguments (a bad one is reported by noteErr and
// skipped, the others still read) and plans the shard given by --shard.
func shardInputs(c *cli.Context, args []string, noteErr func(error)) ([]source.Part, error) {
	var files []string
	for _, arg := range args {
		fs, err := source.Expand([]string{arg}, c.App.ErrWriter)
		if err != nil {
			noteErr(err)
			continue
		}
		files = append(files, fs...)
	}
	return planShardFlag(files, c.String("shard"))
}

// eachChunk splits the games of one part and calls fn for each game of
// the part with its 1-based index in the file. Text that holds no game (a
// comment before the first game or between games, grammar.Chunk.IsGame)
// is neither a game nor counted, as validate and the record readers skip
// it. Games before the part are split (to count them and to know where
// the part's first game starts) but not parsed; reading stops after the
// part. The moves are read in notation's notation (--notation). When
// before is not nil it is called once, just before the part's
// first game, with the game before it in the file (if there is one), or,
// when the part holds none of the file's games, after the last game read
// (all of them before the part), so that the caller numbers them. fn
// is also given gap, the text that holds no game read just before the
// game (since the game before it, whichever part has that; nil for none),
// which the Parquet rows keep (gametable.Row.Before); it is valid during
// the call only. It returns trailer, the text that holds no game after the
// file's last game, when that game is the part's (gametable.Row.After):
// text after the part's range is read on as far as the next game, to know
// whether there is one.
func eachChunk(p source.Part, notation batch.Notation, before func(name string, ch grammar.Chunk, index int) error, fn func(name string, ch grammar.Chunk, index int, gap []byte) error) (trailer []byte, err error) {
	rc, name, err := openInput(p.Path)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	sp := grammar.NewSplitter(rc)
	notation.Apply(sp, record.SAN)
	var last grammar.Chunk // the last game before the part (a chunk's bytes are its own: grammar.Splitter)
	haveLast, started := false, false
	index := 0
	var gap []byte
	lastOurs := false // the last game read is the part's
	// noneOurs: the part's range holds none of the file's games (it starts
	// after the file's last game starts, or lies inside one game). The
	// games read all lie before it, and before is given the last of them
	// so that the games after the file are numbered on from it.
	noneOurs := func() error {
		if before != nil && !started && haveLast {
			return before(name, last, index)
		}
		return nil
	}
	for {
		ch, err := sp.Next()
		if errors.Is(err, io.EOF) {
			if err := noneOurs(); err != nil {
				return nil, err
			}
			if lastOurs && len(gap) > 0 {
				return gap, nil
			}
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", name, err)
		}
		if !ch.IsGame() {
			gap = append(gap, ch.Data...)
			continue
		}
		if p.Past(ch.Pos.Offset) {
			return nil, noneOurs()
		}
		index++
		g := gap
		gap = gap[:0]
		lastOurs = p.Has(ch.Pos.Offset)
		if !lastOurs {
			if before != nil {
				last, haveLast = ch, true
			}
			continue
		}
		if !started {
			started = true
			if before != nil && haveLast {
				if err := before(name, last, index-1); err != nil {
					return nil, err
				}
			}
		}
		if len(g) == 0 {
			g = nil
		}
		if err := fn(name, ch, index, g); err != nil {
			return nil, err
		}
	}
}

// ownedWhole says how a part of a file that cannot be cut at game
// boundaries after all (its format, from --from or its content, is not
// PGN) is read: whole by the part that holds its first byte (whole), by no
// other part (skip). A part that can be cut is neither.
func ownedWhole(p source.Part, from string) (whole, skip bool, err error) {
	if p.From == 0 && p.To < 0 {
		return true, false, nil
	}
	format, err := inputFormat(p.Path, from)
	if err != nil {
		return false, false, err
	}
	if format == "pgn" {
		return false, false, nil
	}
	return p.From == 0, p.From > 0, nil
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

// runShard converts the games of the --shard part of files (all of them
// without --shard). The games are numbered over all files, as one run
// numbers them (JSON's "game"): the games of the files before the part are
// counted, not converted. Before its first game, a part gives the writer
// the game one run wrote just before it, with its output discarded
// (converter.prime), so that what the writer puts between games (PGN's
// blank line) is what one run writes and the parts concatenate into it.
func (cv *converter) runShard(files []string) error {
	parts, err := planShardFlag(files, cv.shard)
	if err != nil {
		return err
	}
	var prev *record.Game // the game before the part's first game
	var prevName string
	prevN := 0
	primed := false
	prime := func() error {
		if primed {
			return nil
		}
		primed = true
		if prev == nil {
			return nil
		}
		return cv.prime(prev, prevName, prevN)
	}
	// count counts the games of a file this part does not convert.
	count := func(path string) error {
		n, last, err := countGames(path, cv.from, cv.notation)
		if err != nil {
			return err
		}
		cv.n += n
		if last != nil {
			prev, prevName, prevN = last, source.Name(path), cv.n
		}
		return nil
	}
	next := 0 // the next file not yet converted or counted
	for _, p := range parts {
		for ; next < p.File; next++ {
			if err := count(files[next]); err != nil {
				return err
			}
		}
		next = p.File + 1
		whole, skip, err := ownedWhole(p, cv.from)
		if err != nil {
			return err
		}
		switch {
		case skip:
			// Another part's file, read whole by it.
			if err := count(p.Path); err != nil {
				return err
			}
			continue
		case whole:
			if err := prime(); err != nil {
				return err
			}
			if err := cv.file(p.Path); err != nil {
				return err
			}
			continue
		}
		base := cv.n
		// before is given the game just before the part's first in this
		// file, or the file's last game when the part has none of them:
		// the games up to it are numbered, not converted.
		before := func(name string, ch grammar.Chunk, index int) error {
			prev, prevName, prevN = grammar.ParseChunk(ch, name), name, base+index
			cv.n = base + index
			return nil
		}
		if _, err := eachChunk(p, cv.notation, before, func(name string, ch grammar.Chunk, index int, _ []byte) error {
			if err := prime(); err != nil {
				return err
			}
			cv.n = base + index
			return cv.one(grammar.ParseChunk(ch, name), name)
		}); err != nil {
			return err
		}
	}
	return nil
}

// countGames counts the games of a file without replaying them, and
// returns the last one (nil when there is none).
func countGames(path, from string, notation batch.Notation) (int, *record.Game, error) {
	if f, _ := inputFormat(path, from); f == "pgn" {
		n := 0
		var last grammar.Chunk
		_, err := eachChunk(source.Whole(path), notation, nil, func(_ string, ch grammar.Chunk, _ int, _ []byte) error {
			n++
			last = ch
			return nil
		})
		if err != nil || n == 0 {
			return n, nil, err
		}
		return n, grammar.ParseChunk(last, source.Name(path)), nil
	}
	next, closer, err := openGames(path, from, notation)
	if err != nil {
		return 0, nil, err
	}
	defer closer.Close()
	var last *record.Game
	for n := 0; ; n++ {
		g, err := next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return n, last, nil
			}
			return n, nil, err
		}
		last = g
	}
}

// gateWriter passes writes on, or drops them while closed.
type gateWriter struct {
	w      io.Writer
	closed bool
}

func (g *gateWriter) Write(p []byte) (int, error) {
	if g.closed {
		return len(p), nil
	}
	return g.w.Write(p)
}

// prime gives the writer game n (the game one run writes just before this
// part's first) with its output dropped and nothing reported, so that the
// writer's state (PGN's separator after it, the byte-order mark only
// before a run's first game) is what it is in one run.
func (cv *converter) prime(g *record.Game, name string, n int) error {
	if g.Truncated {
		return nil // one run stops there (and so does the part that has it)
	}
	savedN, savedBroken, savedErrw := cv.n, cv.broken, cv.errw
	cv.n, cv.errw, cv.gate.closed = n, io.Discard, true
	err := cv.one(g, name)
	cv.n, cv.broken, cv.errw, cv.gate.closed = savedN, savedBroken, savedErrw, false
	return err
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
func checkShardTarget(shard, to string) error {
	if shard == "" {
		return nil
	}
	sh, err := parseShard(shard)
	if err != nil || sh.N == 1 {
		return err
	}
	switch to {
	case "json", "svg", "html":
		return fmt.Errorf("--shard %s: --to %s writes one document, which parts cannot be joined into; shard --to jsonl (or pgn, parquet) and merge the parts", shard, to)
	}
	return nil
}
