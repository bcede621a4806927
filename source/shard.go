package source

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Shard is part K (0-based) of N: one of N processes that share the
// inputs (a batch scheduler's array job), whose outputs, in K order, equal
// one run's. docs/scale.md explains the rule.
type Shard struct{ K, N int }

// ParseShard reads a shard as a user writes it, "K/N" with K counted from
// 1.
func ParseShard(s string) (Shard, error) {
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(strings.TrimSpace(ks))
	n, err2 := strconv.Atoi(strings.TrimSpace(ns))
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return Shard{}, errors.New("want K/N with 1 <= K <= N, such as 2/8")
	}
	return Shard{K: k - 1, N: n}, nil
}

// ErrStdinShard is Plan's error for standard input among the files of a
// shard of more than one.
var ErrStdinShard = errors.New("standard input cannot be shared between processes")

// Part is one input file, or the part of it that a shard reads: the games
// that start at a byte offset in [From, To) of the (decompressed) file.
// To < 0 means to the end.
type Part struct {
	Path     string
	File     int // the index of Path in the list of inputs
	From, To int64
}

// Whole is the part that is the whole file at path.
func Whole(path string) Part { return Part{Path: path, To: -1} }

// Has reports whether a game starting at offset off belongs to the part.
func (p Part) Has(off int) bool { return int64(off) >= p.From && (p.To < 0 || int64(off) < p.To) }

// Past reports whether the part ends before off: the rest of the file can
// be left unread.
func (p Part) Past(off int) bool { return p.To >= 0 && int64(off) >= p.To }

// cuttable reports whether the games of a file can be given to different
// shards by byte offset: text whose offsets are those of the file, not
// compressed (by its first bytes: a compressed file cannot be entered in
// the middle), and not a format that whole says is read whole. A file that
// cannot be opened is cut: reading it reports the error.
func cuttable(path string, whole func(string) bool) bool {
	if whole != nil && whole(path) {
		return false
	}
	c, err := FileCompression(path)
	return err != nil || c == ""
}

// Plan returns the parts of files that shard sh reads. The inputs' bytes,
// file after file, are cut into N equal ranges; shard K takes the games
// that start in its range (a game belongs to the range that holds its
// first byte), and a file that cannot be cut goes whole to the shard whose
// range holds its first byte: a compressed file, and one for which whole
// (which may be nil) says so, a format whose reader does not give the
// file's offsets. Every game is in exactly one shard, and the shards'
// games, in shard order, are the inputs' games in order.
func Plan(files []string, sh Shard, whole func(path string) bool) ([]Part, error) {
	if sh.N == 1 {
		parts := make([]Part, len(files))
		for i, f := range files {
			parts[i] = Whole(f)
			parts[i].File = i
		}
		return parts, nil
	}
	sizes := make([]int64, len(files))
	var total int64
	for i, f := range files {
		if f == "-" {
			return nil, ErrStdinShard
		}
		fi, err := os.Stat(f)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", f, err)
		}
		sizes[i] = fi.Size()
		total += fi.Size()
	}
	bound := func(k int) int64 { return total * int64(k) / int64(sh.N) }
	lo, hi := bound(sh.K), bound(sh.K+1)
	var parts []Part
	var start int64
	for i, f := range files {
		end := start + sizes[i]
		// The part whose range holds a file's first byte (the last part
		// for an empty file at the end) reads a file that is not cut.
		owns := start >= lo && (start < hi || sh.K == sh.N-1 && start == total)
		switch {
		case sizes[i] == 0 || (start < hi && end > lo || owns) && !cuttable(f, whole):
			if owns {
				p := Whole(f)
				p.File = i
				parts = append(parts, p)
			}
		case start < hi && end > lo:
			p := Part{Path: f, File: i, From: max(lo, start) - start, To: min(hi, end) - start}
			if end <= hi {
				p.To = -1 // to the end of the file
			}
			parts = append(parts, p)
		}
		start = end
	}
	return parts, nil
}
