package main

// --shard K/N: a deterministic part of the inputs, so that N processes (a
// batch scheduler's array job, Kubernetes indexed Jobs) share the work and
// their outputs, concatenated in K order (or put together by `merge`),
// equal one run's. docs/scale.md explains the rule.

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/grammar"
)

func shardFlag() cli.Flag {
	return &cli.StringFlag{Name: "shard", Usage: "do part `K/N` of the inputs (1 <= K <= N): the games whose first byte lies in the K-th N-th of the inputs' bytes; the outputs of parts 1..N, concatenated in order or joined by merge, equal one run's"}
}

// shardSpec is part k (0-based) of n.
type shardSpec struct{ k, n int }

func parseShard(s string) (shardSpec, error) {
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(strings.TrimSpace(ks))
	n, err2 := strconv.Atoi(strings.TrimSpace(ns))
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return shardSpec{}, fmt.Errorf("--shard %q: want K/N with 1 <= K <= N, such as 2/8", s)
	}
	return shardSpec{k: k - 1, n: n}, nil
}

// inputPart is one input file, or the part of it that a shard reads: the
// games that start at a byte offset in [from, to) of the (decompressed)
// file. to < 0 means to the end.
type inputPart struct {
	path     string
	file     int // the index of path in the list of inputs
	from, to int64
}

func wholeFile(path string) inputPart { return inputPart{path: path, to: -1} }

// has reports whether a game starting at offset off belongs to the part,
// and past whether the part ends before off (the rest of the file can be
// left unread).
func (p inputPart) has(off int) bool  { return int64(off) >= p.from && (p.to < 0 || int64(off) < p.to) }
func (p inputPart) past(off int) bool { return p.to >= 0 && int64(off) >= p.to }

// splittable reports whether games of a file can be given to different
// shards by byte offset: uncompressed PGN, whose offsets are those of the
// file. A compressed file or another format goes to one shard whole.
func splittable(path string) bool {
	lower := strings.ToLower(path)
	for _, ext := range []string{".gz", ".bz2", ".zst", ".json", ".jsonl", ".ndjson", ".lan", ".uci", ".parquet"} {
		if strings.HasSuffix(lower, ext) {
			return false
		}
	}
	return true
}

// planShard returns the parts of files that shard sh reads. The inputs'
// bytes, file after file, are cut into n equal ranges; shard k takes the
// games that start in its range (a game belongs to the range that holds
// its first byte), and a file that cannot be split goes whole to the shard
// whose range holds its first byte. Every game is in exactly one shard,
// and the shards' games, in shard order, are the inputs' games in order.
func planShard(files []string, sh shardSpec) ([]inputPart, error) {
	if sh.n == 1 {
		parts := make([]inputPart, len(files))
		for i, f := range files {
			parts[i] = wholeFile(f)
			parts[i].file = i
		}
		return parts, nil
	}
	sizes := make([]int64, len(files))
	var total int64
	for i, f := range files {
		if f == "-" {
			return nil, errors.New("--shard needs files: standard input cannot be shared between processes")
		}
		fi, err := os.Stat(f)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", f, err)
		}
		sizes[i] = fi.Size()
		total += fi.Size()
	}
	bound := func(k int) int64 { return total * int64(k) / int64(sh.n) }
	lo, hi := bound(sh.k), bound(sh.k+1)
	var parts []inputPart
	var start int64
	for i, f := range files {
		end := start + sizes[i]
		switch {
		case sizes[i] == 0:
			// No games: nothing to read in any shard.
		case !splittable(f):
			if start >= lo && start < hi {
				p := wholeFile(f)
				p.file = i
				parts = append(parts, p)
			}
		case start < hi && end > lo:
			p := inputPart{path: f, file: i, from: max(lo, start) - start, to: min(hi, end) - start}
			if end <= hi {
				p.to = -1 // to the end of the file
			}
			parts = append(parts, p)
		}
		start = end
	}
	return parts, nil
}

// shardInputs expands the arguments (a bad one is reported by noteErr and
// skipped, the others still read) and plans the shard given by --shard.
func shardInputs(c *cli.Context, args []string, noteErr func(error)) ([]inputPart, error) {
	var files []string
	for _, arg := range args {
		fs, err := expandInputs([]string{arg})
		if err != nil {
			noteErr(err)
			continue
		}
		files = append(files, fs...)
	}
	return planShardFlag(files, c.String("shard"))
}

// eachChunk splits the games of one part and calls fn for each game of
// the part with its 1-based index in the file. Games before the part are
// split (to count them and to know where the part's first game starts) but
// not parsed; reading stops after the part.
func eachChunk(p inputPart, fn func(name string, ch grammar.Chunk, index int) error) error {
	rc, name, err := openInput(p.path)
	if err != nil {
		return err
	}
	defer rc.Close()
	sp := grammar.NewSplitter(rc)
	for index := 1; ; index++ {
		ch, err := sp.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading %s: %w", name, err)
		}
		if p.past(ch.Pos.Offset) {
			return nil
		}
		if !p.has(ch.Pos.Offset) {
			continue
		}
		if err := fn(name, ch, index); err != nil {
			return err
		}
	}
}

// planShardFlag plans the shard given by a --shard value ("" is every
// file whole).
func planShardFlag(files []string, shard string) ([]inputPart, error) {
	sh := shardSpec{k: 0, n: 1}
	if shard != "" {
		var err error
		if sh, err = parseShard(shard); err != nil {
			return nil, err
		}
	}
	return planShard(files, sh)
}

// runShard converts the games of the --shard part of files (all of them
// without --shard). The games are numbered over all files, as one run
// numbers them (JSON's "game", svg's --game): the games of the files
// before the part are counted, not converted.
func (cv *converter) runShard(files []string) error {
	parts, err := planShardFlag(files, cv.shard)
	if err != nil {
		return err
	}
	next := 0 // the next file not yet converted or counted
	for _, p := range parts {
		for ; next < p.file; next++ {
			n, err := countGames(files[next], cv.from)
			if err != nil {
				return err
			}
			cv.n += n
		}
		next = p.file + 1
		if p.from == 0 && p.to < 0 {
			if err := cv.file(p.path); err != nil {
				return err
			}
			continue
		}
		base := cv.n
		if err := eachChunk(p, func(name string, ch grammar.Chunk, index int) error {
			cv.n = base + index
			return cv.game(grammar.ParseChunk(ch, name), name)
		}); err != nil {
			return err
		}
	}
	return nil
}

// countGames counts the games of a file without replaying them.
func countGames(path, from string) (int, error) {
	if f, _ := inputFormat(path, from); f == "pgn" {
		n := 0
		err := eachChunk(wholeFile(path), func(string, grammar.Chunk, int) error { n++; return nil })
		return n, err
	}
	next, closer, err := openGames(path, from)
	if err != nil {
		return 0, err
	}
	defer closer.Close()
	for n := 0; ; n++ {
		if _, err := next(); err != nil {
			if errors.Is(err, io.EOF) {
				return n, nil
			}
			return n, err
		}
	}
}
