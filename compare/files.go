package compare

// The three questions of `ashtapada diff` asked of files: Files (two
// transcriptions), RuleSetsOver (one file under two rule sets) and
// AsReadOver (one file as written against as a rule set reads it). Each
// gives its entries to the caller as they come, in input order, and holds
// no more than the games being compared, so that a diff of a database
// does not grow with it (docs/robustness.md, "Memory"); a huge game is
// compared with its main line read in parts (parts.go).

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/tempfile"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/report"
	"github.com/ashtapada/ashtapada/source"
)

// Options say how a diff reads its files.
type Options struct {
	// Read is how the files are opened and their games read, as batch.Run
	// reads them: Source, Limits (zero: grammar.DefaultLimits), Notation,
	// From, OpenTable (a table of games, Parquet), and, for RuleSetsOver
	// and AsReadOver, which run on batch.Run, Jobs and Warn. Its other
	// fields are not used.
	Read batch.Options
	// By, for Files, pairs the games of the two files by these tags (a
	// game's key is their values joined by ", "), each game of A with the
	// first unpaired game of B of its key; B is then held in memory. Nil
	// pairs them by order, one game of each file held at a time.
	By []string
}

// limits are the reader's limits of o: Read.Limits, or the defaults.
func (o *Options) limits() grammar.Limits {
	if o.Read.Limits == (grammar.Limits{}) {
		return grammar.DefaultLimits()
	}
	return o.Read.Limits
}

// RuleSet is one side of RuleSetsOver, or the rule set of AsReadOver.
type RuleSet struct {
	// Name is what the entries call it (RuleSetName).
	Name   string
	Config replay.Config
}

// Files compares two transcriptions of the same games, the files pathA
// and pathB, each game replayed under cfg: each pair that differs gives
// an entry (Records), and so does each game without a pair ("only in").
// Games are paired by order, or by tags (Options.By). A pair with a huge
// game is compared as the two main lines come, a part at a time, its move
// diff bounded (Streamed, DiffWindow). each is given the entries in order;
// an error it returns stops the diff and is returned as it is. Else the
// error is the first input error, which stops the diff after the entries
// before it.
func Files(pathA, pathB string, cfg replay.Config, o Options, each func(*Entry) error) error {
	cfg.Steps = true // the comparison reads each replay's steps
	if o.By == nil {
		return filesInOrder(cfg, pathA, pathB, &o, each)
	}
	rp := replay.New(cfg)
	// B is held in memory to pair games by key; A streams.
	var gamesB []*record.Game
	err := forEachGame(pathB, &o, func(_ int, g *record.Game) error {
		gamesB = append(gamesB, g)
		return nil
	})
	if err != nil {
		return err
	}
	key := func(g *record.Game) string {
		parts := make([]string, len(o.By))
		for i, t := range o.By {
			parts[i], _ = g.Tag(t)
		}
		return strings.Join(parts, ", ")
	}
	indexB := map[string][]int{}
	for i, g := range gamesB {
		indexB[key(g)] = append(indexB[key(g)], i)
	}
	usedB := make([]bool, len(gamesB))
	err = forEachGame(pathA, &o, func(i int, ga *record.Game) error {
		k := key(ga)
		j := -1
		if len(indexB[k]) > 0 {
			j = indexB[k][0]
			indexB[k] = indexB[k][1:]
		}
		if j < 0 {
			return each(&Entry{Mode: ModeRecords, Game: i, Key: k, Note: fmt.Sprintf("only in %s", pathA)})
		}
		usedB[j] = true
		// Each game is replayed once: its steps and its findings.
		ra, rb := rp.Game(ga, pathA, i), rp.Game(gamesB[j], pathB, j+1)
		if e := Records(pathA, pathB, ga, gamesB[j], ra, rb); e != nil {
			e.Game, e.GameB, e.Key = i, j+1, k
			return each(e)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for j, used := range usedB {
		if !used {
			if err := each(&Entry{Mode: ModeRecords, GameB: j + 1, Key: key(gamesB[j]), Note: fmt.Sprintf("only in %s (game %d)", pathB, j+1)}); err != nil {
				return err
			}
		}
	}
	return nil
}

// forEachGame gives the games of one file, read whole, to fn with their
// numbers.
func forEachGame(path string, o *Options, fn func(i int, g *record.Game) error) error {
	next, closer, err := openItems(path, o)
	if err != nil {
		return err
	}
	defer closer.Close()
	for i := 1; ; i++ {
		it, err := next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(i, it.game()); err != nil {
			return err
		}
	}
}

// filesInOrder pairs the games of A and B by order, reading both files in
// step: one game of each is held at a time, so memory does not grow with
// the files. The entries are those of pairing by key with every key equal:
// A's games in order, then the games only in B. A pair with a huge game is
// compared as its main lines come, a part at a time (streamedPair).
func filesInOrder(cfg replay.Config, pathA, pathB string, o *Options, each func(*Entry) error) error {
	rp := replay.New(cfg)
	nextB, closerB, err := openItems(pathB, o)
	if err != nil {
		return err
	}
	defer closerB.Close()
	nextA, closerA, err := openItems(pathA, o)
	if err != nil {
		return err
	}
	defer closerA.Close()
	doneB, readB := false, 0
	limited := false
	for i := 1; ; i++ {
		ia, err := nextA()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		var ib gameItem
		hasB := false
		if !doneB {
			ib, err = nextB()
			if errors.Is(err, io.EOF) {
				doneB = true
			} else if err != nil {
				return err
			} else {
				readB++
				hasB = true
			}
		}
		if !hasB {
			if err := each(&Entry{Mode: ModeRecords, Game: i, Note: fmt.Sprintf("only in %s", pathA)}); err != nil {
				return err
			}
			continue
		}
		var e *Entry
		if ia.huge() || ib.huge() {
			if !limited {
				// What is live is a part of each game and their texts,
				// as in validate's reading of a huge game.
				batch.LimitMemory(batch.ValidateMemoryLimit)
				limited = true
			}
			e = streamedPair(cfg, pathA, pathB, ia, ib, i)
		} else {
			// Each game is replayed once: its steps and its findings.
			ga, gb := ia.game(), ib.game()
			ra, rb := rp.Game(ga, pathA, i), rp.Game(gb, pathB, i)
			e = Records(pathA, pathB, ga, gb, ra, rb)
		}
		if e != nil {
			e.Game, e.GameB = i, i
			if err := each(e); err != nil {
				return err
			}
		}
	}
	// The games of B after A's last one.
	for j := readB + 1; !doneB; j++ {
		_, err := nextB()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if err := each(&Entry{Mode: ModeRecords, GameB: j, Note: fmt.Sprintf("only in %s (game %d)", pathB, j)}); err != nil {
			return err
		}
	}
	return nil
}

// gameItem is a game of an input as openItems gives it: its text, not yet
// read (ch, name the file's name for the reader), or, for a format the
// grammar does not read, the game (g).
type gameItem struct {
	g    *record.Game
	ch   grammar.Chunk
	name string
}

// huge reports whether the game is read in parts.
func (it gameItem) huge() bool {
	return it.g == nil && len(it.ch.Data) >= grammar.PartedBytes && !it.ch.Truncated
}

// game is the game read whole.
func (it gameItem) game() *record.Game {
	if it.g != nil {
		return it.g
	}
	return grammar.ParseChunk(it.ch, it.name)
}

// openItems opens the games of path in order, each game's text unread,
// so that a huge game can be read in parts: a table's through
// o.Read.OpenTable, a file's in its record format (batch.RecordFormat).
func openItems(path string, o *Options) (func() (gameItem, error), io.Closer, error) {
	if o.Read.OpenTable != nil {
		next, closer, err := o.Read.OpenTable(path)
		if err != nil {
			return nil, nil, err
		}
		if next != nil {
			// A huge game's row is its chunk.
			name := source.Name(path)
			return func() (gameItem, error) {
				ch, g, err := next()
				return gameItem{ch: ch, g: g, name: name}, err
			}, closer, nil
		}
	}
	in, err := o.Read.Source.Open(path)
	if err != nil {
		return nil, nil, err
	}
	br := bufio.NewReaderSize(in, 1<<16)
	f := batch.RecordFormat(br, path, o.Read.From)
	gr := f.Read(br, in.Name, o.limits())
	if rd, ok := gr.(*grammar.Reader); ok {
		o.Read.Notation.Apply(rd, f.Notation)
		return func() (gameItem, error) {
			ch, err := rd.NextChunk()
			return gameItem{ch: ch, name: in.Name}, err
		}, in, nil
	}
	return func() (gameItem, error) {
		g, err := gr.Next()
		return gameItem{g: g}, err
	}, in, nil
}

// sideMsg is what one side of a streamed pair gives: moves, or, at its
// end, its replay and the reader's error on it (nil when it read it).
type sideMsg struct {
	moves Moves
	res   *replay.Result
	err   *record.Notice
}

// streamedPair compares game i of A and of B, one of them huge, as their main
// lines come: each side is read and replayed in parts on its own goroutine
// (a game under the size read whole), which gives the moves of each part
// to a Streamed as it is played, and waits while the other side catches
// up. The entry is the one Records gives, with the move diff bounded
// (DiffWindow).
func streamedPair(cfg replay.Config, pathA, pathB string, ia, ib gameItem, i int) *Entry {
	side := func(it gameItem, file string, out chan<- sideMsg) {
		rp := replay.New(cfg)
		var lr LineReader
		if !it.huge() {
			g := it.game()
			res := rp.Game(g, file, i)
			out <- sideMsg{moves: lr.Part(g.Moves, res.Played)}
			out <- sideMsg{res: res, err: g.SyntaxError()}
			return
		}
		defer batch.HoldGameMemory(len(it.ch.Data), batch.PartedPerGameByte)()
		src := batch.HugeSource(it.ch, new(grammar.Scratch), it.name)
		if g := src.Head; !src.Parted() || g.SyntaxError() != nil {
			// Read whole after all, or not to be replayed (the reader
			// could not read it): judged as any game.
			res := rp.Game(g, it.name, i)
			if g.SyntaxError() != nil {
				// The record may hold only the last part of its moves:
				// what the reader keeps of a record it cannot read is
				// read whole, as written (the one case held whole).
				g = it.game()
			}
			out <- sideMsg{moves: lr.Part(g.Moves, res.Played)}
			out <- sideMsg{res: res, err: g.SyntaxError()}
			return
		}
		res := rp.Replay(src, it.name, i, func(nodes []record.Node, pl *replay.Played) {
			out <- sideMsg{moves: lr.Part(nodes, pl)}
		})
		out <- sideMsg{res: res}
	}
	chA, chB := make(chan sideMsg), make(chan sideMsg)
	go side(ia, pathA, chA)
	go side(ib, pathB, chB)
	s := NewStreamed(pathA, pathB)
	var ra, rb *replay.Result
	var errA, errB *record.Notice
	for ra == nil || rb == nil {
		if rb != nil || (ra == nil && s.Behind(true)) {
			m := <-chA
			if m.res != nil {
				ra, errA = m.res, m.err
				s.End(true)
			} else {
				s.Add(true, m.moves)
			}
			continue
		}
		m := <-chB
		if m.res != nil {
			rb, errB = m.res, m.err
			s.End(false)
		} else {
			s.Add(false, m.moves)
		}
	}
	e := s.Entry(ra, rb)
	if u := Unreadable(ModeRecords, i, Record{File: pathA, Err: errA}, Record{File: pathB, Err: errB}); u != nil {
		return u
	}
	return e
}

// RuleSetsOver judges each game of the file path under two rule sets, a
// and b: each game that one accepts and the other rejects, or that they
// end otherwise, gives an entry (RuleSets), and so does each game that
// cannot be read. The games are replayed on batch.Run (o.Read.Jobs
// workers); each is given the entries in input order whatever the number
// of workers. An error each returns stops the diff and is returned as it
// is; else the error is the first input error, which stops the diff after
// the entries before it.
func RuleSetsOver(path string, a, b RuleSet, o Options, each func(*Entry) error) error {
	return eachGame(path, &o, each, func() func(g *record.Game, i int) *Entry {
		rpA, rpB := replay.New(a.Config), replay.New(b.Config)
		return func(g *record.Game, i int) *Entry {
			if e := Unreadable(ModeRules, i, Record{File: path, Err: g.SyntaxError()}); e != nil {
				return e
			}
			// One walk per rule set.
			return RuleSets(a.Name, b.Name, i, g, rpA.Game(g, path, i), rpB.Game(g, path, i))
		}
	}, func() func(grammar.Chunk, *grammar.Scratch, string, int) (*Entry, *record.Game) {
		// A huge game is read in parts, each part walked under both rule
		// sets before the next is read, and once more for the move as
		// written at the entry's ply: nothing of its main line is held.
		rpA, rpB := replay.New(a.Config), replay.New(b.Config)
		return func(ch grammar.Chunk, sc *grammar.Scratch, file string, i int) (*Entry, *record.Game) {
			// The reader names the file as the run does (file), the
			// replays as the whole game's (path).
			src := batch.HugeSource(ch, sc, file)
			g := src.Head
			if e := Unreadable(ModeRules, i, Record{File: path, Err: g.SyntaxError()}); e != nil {
				return e, g
			}
			if !src.Parted() {
				return RuleSets(a.Name, b.Name, i, g, rpA.Game(g, path, i), rpB.Game(g, path, i)), g
			}
			res := replay.Together([]*replay.Replayer{rpA, rpB}, src, path, i, nil)
			return RuleSetsWritten(a.Name, b.Name, i, writtenParts(ch, sc, file), res[0], res[1]), g
		}
	})
}

// AsReadOver compares each game of the file path as written with the game
// as rs reads it: each game whose moves rs writes otherwise (its canonical
// SAN), or which it stops, gives an entry (AsRead). The run and the errors
// are RuleSetsOver's. The entry of a game whose diff is too long to hold
// has it in LongDiff, a temporary file that nothing names, closed when
// each returns (Writer joins it to the entry).
func AsReadOver(path string, rs RuleSet, o Options, each func(*Entry) error) error {
	cfg := rs.Config
	cfg.Steps = true // the comparison reads the replay's steps
	return eachGame(path, &o, each, func() func(g *record.Game, i int) *Entry {
		rp := replay.New(cfg)
		return func(g *record.Game, i int) *Entry {
			return asReadSpilled(path, i, rs.Name, record.Whole(g), rp)
		}
	}, func() func(grammar.Chunk, *grammar.Scratch, string, int) (*Entry, *record.Game) {
		// A huge game is read in parts, again for each look at its moves.
		rp := replay.New(cfg)
		return func(ch grammar.Chunk, sc *grammar.Scratch, file string, i int) (*Entry, *record.Game) {
			src := batch.HugeSource(ch, sc, file)
			return asReadSpilled(path, i, rs.Name, src, rp), src.Head
		}
	})
}

// asReadSpilled is AsRead's entry with a diff too long to hold in its
// LongDiff, which Writer joins to it: a temporary file that nothing names,
// made at the diff's first line (most games have none), or the diff in
// memory when the file cannot be made or written (what it costs is the
// price of an entry that could not be joined otherwise).
func asReadSpilled(path string, i int, name string, src *record.Source, rp *replay.Replayer) *Entry {
	sp := &spill{}
	e, long, err := AsRead(path, i, name, src, rp, sp)
	if err == nil && long {
		e.LongDiff, err = sp.diff()
	}
	if err == nil {
		if !long {
			sp.close()
		}
		return e
	}
	sp.close()
	sp = &spill{inMemory: true}
	e, long, _ = AsRead(path, i, name, src, rp, sp) // memory takes every write
	if long {
		e.LongDiff, _ = sp.diff()
	}
	return e
}

// spill holds a diff AsRead writes a line at a time: in a temporary file
// that nothing names, made at the first write, so that nothing is left
// behind whatever happens, or in memory.
type spill struct {
	inMemory bool
	f        *os.File
	mem      bytes.Buffer
}

func (s *spill) Write(p []byte) (int, error) {
	if s.inMemory {
		return s.mem.Write(p)
	}
	if s.f == nil {
		f, err := tempfile.Anonymous("ashtapada-diff-*")
		if err != nil {
			return 0, err
		}
		s.f = f
	}
	return s.f.Write(p)
}

// diff is what was written, from its start; it closes the file.
func (s *spill) diff() (io.ReadCloser, error) {
	if s.inMemory || s.f == nil {
		return io.NopCloser(bytes.NewReader(s.mem.Bytes())), nil
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return s.f, nil
}

func (s *spill) close() {
	if s.f != nil {
		s.f.Close()
	}
}

// eachGame compares each game of one file on batch.Run: worker returns
// the comparison of one worker, which is given each game and its number,
// and huge the comparison of a huge game, which it reads itself from its
// chunk in parts (batch.Work.Huge; file is the file's name as the run
// reads it). The entries go to each as they come, in input order.
func eachGame(path string, o *Options, each func(*Entry) error, worker func() func(g *record.Game, i int) *Entry, huge func() func(ch grammar.Chunk, sc *grammar.Scratch, file string, i int) (*Entry, *record.Game)) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("reading %s: is a directory", path)
	}
	batch.LimitMemory(batch.StreamMemoryLimit) // the entries stream
	ro := batch.Options{Limits: o.limits(), Jobs: o.Read.Jobs, Warn: o.Read.Warn, Source: o.Read.Source, Notation: o.Read.Notation, From: o.Read.From, OpenTable: o.Read.OpenTable}
	var once sync.Once
	w := batch.Work[*Entry]{
		Worker: func() func(*record.Game, string, int) *Entry {
			do := worker()
			return func(g *record.Game, _ string, i int) *Entry { return do(g, i) }
		},
		Huge: func() func(grammar.Chunk, *grammar.Scratch, string, int) (*Entry, *record.Game) {
			do := huge()
			return func(ch grammar.Chunk, sc *grammar.Scratch, file string, i int) (*Entry, *record.Game) {
				// What is live is a part of the game and its text, as in
				// validate's reading of a huge game: with the streaming
				// limit, the garbage of its many readings would grow to
				// it (docs/robustness.md, "Costs that shaped the code").
				once.Do(func() { batch.LimitMemory(batch.ValidateMemoryLimit) })
				return do(ch, sc, file, i)
			}
		},
		Failed: func(string, int) *Entry { return nil },
	}
	s := &sink{each: each}
	batch.Run(ro, []string{path}, w, s)
	return s.err
}

// sink gives the entries of eachGame to its caller.
type sink struct {
	each func(*Entry) error
	err  error // the first error, of each or of an input: it stops the diff
}

func (s *sink) Game(_ report.GameID, e *Entry) bool {
	if e == nil {
		return true
	}
	if e.LongDiff != nil {
		defer e.LongDiff.Close()
	}
	if err := s.each(e); err != nil {
		s.err = err
		return false
	}
	return true
}

func (s *sink) FileEnd(batch.FileEnd) bool { return true }

func (s *sink) ToolError(err error) bool {
	if s.err == nil {
		s.err = err
	}
	return false
}
