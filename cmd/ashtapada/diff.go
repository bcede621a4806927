package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/compare"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/tempfile"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
	"github.com/ashtapada/ashtapada/source"
)

func init() {
	register(&cli.Command{
		Name:      "diff",
		Usage:     "where records differ or break a rule set",
		ArgsUsage: "A.pgn B.pgn | --rules X --against Y FILE | --rules X FILE",
		Description: "Three questions (https://github.com/ashtapada/ashtapada/blob/main/docs/convert.md):\n" +
			"  diff A B                         two transcriptions of the same games, paired by order or --by tags:\n" +
			"                                   the first ply where they differ, whether each is legal there, a diff by move\n" +
			"  diff --rules X --against Y FILE  the same records under two rule sets: per game, the first ply where one\n" +
			"                                   accepts and the other rejects, and the rule that decides (--set applies to\n" +
			"                                   the --rules side, --against-set to the --against side)\n" +
			"  diff --rules X FILE              the record as written against the record as X reads it\n" +
			"Exit status 1 when there are differences or a game cannot be read.",
		Flags: append(slices.Concat(profileFlags(), configFlags(), pprofFlags), // pprof.go: hidden --cpuprofile, --memprofile
			&cli.StringFlag{Name: "against", Usage: "mode b: the second profile (default: the --rules profile, or the tags)"},
			&cli.StringFlag{Name: "against-file", Usage: "mode b: the second profile from a profile file"},
			&cli.StringSliceFlag{Name: "against-set", Usage: "mode b: a setting of the --against side, key=value (repeatable)"},
			&cli.StringFlag{Name: "by", Usage: "mode a: pair games by these tags (White,Black,Date) instead of by order"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text or json"},
			jobsFlag("modes b and c: games replayed in parallel (the output is the same for any value)"),
			maxWindowFlag(),
		),
		Action: diffAction,
	})
}

func diffAction(c *cli.Context) error {
	format := c.String("format")
	if format != "text" && format != "json" {
		return toolError(fmt.Errorf("--format %q: want text or json", format))
	}
	stopProfiles, err := startProfiles(c)
	if err != nil {
		return toolError(err)
	}
	defer func() {
		if err := stopProfiles(); err != nil {
			fmt.Fprintln(c.App.ErrWriter, "ashtapada:", err)
		}
	}()
	args := c.Args().Slice()
	againstMode := c.IsSet("against") || c.IsSet("against-file") || c.IsSet("against-set")
	out := bufio.NewWriter(c.App.Writer)
	ew := &entryWriter{w: out, json: format == "json"}
	switch {
	case len(args) == 2 && !againstMode:
		err = diffTwoFiles(c, args[0], args[1], ew)
	case len(args) == 1 && againstMode:
		err = diffRuleSets(c, args[0], ew)
	case len(args) == 1 && (c.IsSet("rules") || c.IsSet("rules-file") || c.IsSet("set")):
		err = diffAsRead(c, args[0], ew)
	default:
		return toolError(errors.New("diff wants two files, or one file with --rules X (and --against Y); see ashtapada diff --help"))
	}
	if err == nil {
		err = ew.close()
	}
	if ferr := out.Flush(); ew.err == nil && ferr != nil {
		ew.err = ferr
	}
	if ew.err != nil {
		return toolError(fmt.Errorf("writing: %w", ew.err))
	}
	if err != nil {
		return toolError(err)
	}
	if ew.n > 0 {
		return failed()
	}
	return nil
}

// entryWriter writes diff's entries as they come, in text or as one JSON
// array (indented as json.Encoder indents a whole array), so that a diff
// of many games holds none of them in memory.
type entryWriter struct {
	w    io.Writer
	json bool
	n    int   // entries written
	err  error // the first write error; later writes are skipped
	buf  bytes.Buffer
}

func (ew *entryWriter) write(e *compare.Entry) error {
	if ew.err != nil {
		return ew.err
	}
	ew.n++
	if !ew.json {
		ew.err = compare.WriteText(ew.w, e)
		return ew.err
	}
	ew.buf.Reset()
	if ew.n == 1 {
		ew.buf.WriteString("[\n  ")
	} else {
		ew.buf.WriteString(",\n  ")
	}
	enc := json.NewEncoder(&ew.buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("  ", "  ")
	if ew.err = enc.Encode(e); ew.err != nil {
		return ew.err
	}
	ew.buf.Truncate(ew.buf.Len() - 1) // Encode's newline
	_, ew.err = ew.w.Write(ew.buf.Bytes())
	return ew.err
}

// writeLong writes e with its diff read from e.LongDiff, a line at a
// time, where write writes Diff: the entry is written with a mark for its
// diff, and the diff's lines replace the mark as WriteText or the JSON
// encoder writes them (every line of a diff ends with a newline, and JSON
// escapes a string a character at a time: the pieces make the whole).
func (ew *entryWriter) writeLong(e *compare.Entry) error {
	const mark = "\x00diff\x00"
	w := ew.w
	var buf bytes.Buffer
	ew.w = &buf
	d := *e
	d.Diff, d.LongDiff = mark, nil
	err := ew.write(&d)
	ew.w = w
	if err != nil {
		return err
	}
	at := "  " + formats.TerminalText(mark) + "\n" // WriteText: each line of the diff indented, quoted
	if ew.json {
		at = `\u0000diff\u0000`
	}
	head, tail, ok := strings.Cut(buf.String(), at)
	if !ok {
		ew.err = fmt.Errorf("diff: the mark of a long diff is not in its entry")
		return ew.err
	}
	if _, ew.err = io.WriteString(ew.w, head); ew.err != nil {
		return ew.err
	}
	br := bufio.NewReaderSize(e.LongDiff, 1<<16)
	var line bytes.Buffer
	enc := json.NewEncoder(&line)
	enc.SetEscapeHTML(false)
	for {
		l, rerr := br.ReadString('\n')
		if l != "" {
			line.Reset()
			if ew.json {
				if ew.err = enc.Encode(l); ew.err != nil {
					return ew.err
				}
				b := line.Bytes()
				line.Truncate(len(b) - 2) // the quote and newline Encode ends with
				line.Next(1)              // and its opening quote
			} else {
				line.WriteString("  ")
				line.WriteString(formats.TerminalText(strings.TrimSuffix(l, "\n")))
				line.WriteByte('\n')
			}
			if _, ew.err = ew.w.Write(line.Bytes()); ew.err != nil {
				return ew.err
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			ew.err = fmt.Errorf("reading the diff from its temporary file: %w", rerr)
			return ew.err
		}
	}
	_, ew.err = io.WriteString(ew.w, tail)
	return ew.err
}

// close ends the JSON array.
func (ew *entryWriter) close() error {
	if ew.err != nil || !ew.json {
		return nil
	}
	end := "\n]\n"
	if ew.n == 0 {
		end = "[]\n"
	}
	_, ew.err = io.WriteString(ew.w, end)
	return nil
}

// readAll reads every game of a file in any input format.
func readAll(path string, rp *replay.Replayer) ([]*record.Game, error) {
	next, closer, err := openGames(path, "", batch.Notation{})
	if err != nil {
		return nil, err
	}
	defer closer.Close()
	var out []*record.Game
	for {
		g, err := next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
}

// forEachGame streams the games of one file.
func forEachGame(path string, rp *replay.Replayer, fn func(i int, g *record.Game) error) error {
	next, closer, err := openGames(path, "", batch.Notation{})
	if err != nil {
		return err
	}
	defer closer.Close()
	for i := 1; ; i++ {
		g, err := next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(i, g); err != nil {
			return err
		}
	}
}

// ---- mode a: two transcriptions ----

func diffTwoFiles(c *cli.Context, pathA, pathB string, ew *entryWriter) error {
	cfg, err := validateConfig(c)
	if err != nil {
		return err
	}
	cfg.Steps = true
	rp := replay.New(cfg)
	if c.String("by") == "" {
		return diffInOrder(cfg, rp, pathA, pathB, ew)
	}
	// B is held in memory to pair games by key; A streams.
	gamesB, err := readAll(pathB, rp)
	if err != nil {
		return err
	}
	var byTags []string
	if by := c.String("by"); by != "" {
		for _, t := range strings.Split(by, ",") {
			if t = strings.TrimSpace(t); t != "" {
				byTags = append(byTags, t)
			}
		}
	}
	key := func(g *record.Game) string {
		parts := make([]string, len(byTags))
		for i, t := range byTags {
			parts[i], _ = g.Tag(t)
		}
		return strings.Join(parts, ", ")
	}
	indexB := map[string][]int{}
	for i, g := range gamesB {
		if byTags != nil {
			indexB[key(g)] = append(indexB[key(g)], i)
		}
	}
	usedB := make([]bool, len(gamesB))
	err = forEachGame(pathA, rp, func(i int, ga *record.Game) error {
		j := i - 1
		k := ""
		if byTags != nil {
			k = key(ga)
			j = -1
			for len(indexB[k]) > 0 && j < 0 {
				j = indexB[k][0]
				indexB[k] = indexB[k][1:]
			}
		}
		if j < 0 || j >= len(gamesB) {
			return ew.write(&compare.Entry{Mode: compare.ModeRecords, Game: i, Key: k, Note: fmt.Sprintf("only in %s", pathA)})
		}
		usedB[j] = true
		// Each game is replayed once: its steps and its findings.
		ra, rb := rp.Game(ga, pathA, i), rp.Game(gamesB[j], pathB, j+1)
		if e := compare.Records(pathA, pathB, ga, gamesB[j], ra, rb); e != nil {
			e.Game, e.GameB, e.Key = i, j+1, k
			return ew.write(e)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for j, used := range usedB {
		if !used {
			k := ""
			if byTags != nil {
				k = key(gamesB[j])
			}
			if err := ew.write(&compare.Entry{Mode: compare.ModeRecords, GameB: j + 1, Key: k, Note: fmt.Sprintf("only in %s (game %d)", pathB, j+1)}); err != nil {
				return err
			}
		}
	}
	return nil
}

// diffInOrder pairs the games of A and B by order, reading both files in
// step: one game of each is held at a time, so memory does not grow with
// the files (docs/robustness.md, "Memory"). The entries are those of
// pairing by key with every key equal: A's games in order, then the games
// only in B. A pair with a huge game (grammar.PartedBytes or more) is
// compared as its main lines come, a part at a time (diffStreamed).
func diffInOrder(cfg replay.Config, rp *replay.Replayer, pathA, pathB string, ew *entryWriter) error {
	nextB, closerB, err := openGameItems(pathB)
	if err != nil {
		return err
	}
	defer closerB.Close()
	nextA, closerA, err := openGameItems(pathA)
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
			if err := ew.write(&compare.Entry{Mode: compare.ModeRecords, Game: i, Note: fmt.Sprintf("only in %s", pathA)}); err != nil {
				return err
			}
			continue
		}
		var e *compare.Entry
		if ia.huge() || ib.huge() {
			if !limited {
				// What is live is a part of each game and their texts,
				// as in validate's reading of a huge game.
				batch.LimitMemory(batch.ValidateMemoryLimit)
				limited = true
			}
			e = diffStreamed(cfg, pathA, pathB, ia, ib, i)
		} else {
			// Each game is replayed once: its steps and its findings.
			ga, gb := ia.game(), ib.game()
			ra, rb := rp.Game(ga, pathA, i), rp.Game(gb, pathB, i)
			e = compare.Records(pathA, pathB, ga, gb, ra, rb)
		}
		if e != nil {
			e.Game, e.GameB = i, i
			if err := ew.write(e); err != nil {
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
		if err := ew.write(&compare.Entry{Mode: compare.ModeRecords, GameB: j, Note: fmt.Sprintf("only in %s (game %d)", pathB, j)}); err != nil {
			return err
		}
	}
	return nil
}

// gameItem is a game of an input as openGameItems gives it: its text, not
// yet read (ch, name the file's name for the reader), or, for a format
// the grammar does not read, the game (g).
type gameItem struct {
	g    *record.Game
	ch   grammar.Chunk
	name string
}

// huge reports whether the game is read in parts (batch.ReplayParts).
func (it gameItem) huge() bool {
	return it.g == nil && len(it.ch.Data) >= grammar.PartedBytes && !it.ch.Truncated
}

// game is the game read whole, as openGames reads it.
func (it gameItem) game() *record.Game {
	if it.g != nil {
		return it.g
	}
	return grammar.ParseChunk(it.ch, it.name)
}

// openGameItems is openGames giving each game's text unread, so that a
// huge game can be read in parts.
func openGameItems(path string) (func() (gameItem, error), io.Closer, error) {
	if isParquetInput(path, "") {
		// A huge game's row is its chunk (openParquetChunks).
		next, closer, err := openParquetChunks(path, batch.Notation{}, grammar.DefaultLimits())
		if err != nil {
			return nil, nil, err
		}
		return func() (gameItem, error) {
			ch, g, err := next()
			return gameItem{ch: ch, g: g, name: source.Name(path)}, err
		}, closer, nil
	}
	rc, name, err := openInput(path)
	if err != nil {
		return nil, nil, err
	}
	br := bufio.NewReaderSize(rc, 1<<16)
	head, _ := br.Peek(4096)
	f := formats.DetectRecordFormat(path, head)
	gr := f.Read(br, name, grammar.DefaultLimits())
	if rd, ok := gr.(*grammar.Reader); ok {
		batch.Notation{}.Apply(rd, f.Notation)
		return func() (gameItem, error) {
			ch, err := rd.NextChunk()
			return gameItem{ch: ch, name: name}, err
		}, rc, nil
	}
	return func() (gameItem, error) {
		g, err := gr.Next()
		return gameItem{g: g}, err
	}, rc, nil
}

// sideMsg is what one side of a streamed pair gives: moves, or, at its
// end, its replay and the reader's error on it (nil when it read it).
type sideMsg struct {
	moves compare.Moves
	res   *replay.Result
	err   *record.Notice
}

// diffStreamed compares game i of A and of B, one of them huge, as their
// main lines come: each side is read and replayed in parts on its own
// goroutine (batch.ReplayParts; a game under the size read whole), which gives
// the moves of each part to compare.Streamed as it is played, and waits
// while the other side catches up. The entry is the one Records gives,
// with the move diff bounded (compare.DiffWindow).
func diffStreamed(cfg replay.Config, pathA, pathB string, ia, ib gameItem, i int) *compare.Entry {
	side := func(it gameItem, file string, out chan<- sideMsg) {
		rp := replay.New(cfg)
		var lr compare.LineReader
		if !it.huge() {
			g := it.game()
			res := rp.Game(g, file, i)
			out <- sideMsg{moves: lr.Part(g.Moves, res.Played)}
			out <- sideMsg{res: res, err: g.SyntaxError()}
			return
		}
		defer batch.HoldGameMemory(len(it.ch.Data), batch.PartedPerGameByte)()
		hooks := batch.PartHooks{Part: func(nodes []record.Node, pl *replay.Played) {
			out <- sideMsg{moves: lr.Part(nodes, pl)}
		}}
		sc := new(grammar.Scratch)
		res, g, parted := batch.ReplayParts(rp, it.ch, sc, it.name, i, hooks)
		if !parted && g.SyntaxError() != nil {
			// Not replayed, and the record may hold only the last part
			// of its moves: what the reader keeps of a record it cannot
			// read is read whole, as written (the one case held whole).
			g = it.game()
		}
		out <- sideMsg{moves: lr.Part(g.Moves, res.Played)}
		out <- sideMsg{res: res, err: g.SyntaxError()}
	}
	chA, chB := make(chan sideMsg), make(chan sideMsg)
	go side(ia, pathA, chA)
	go side(ib, pathB, chB)
	s := compare.NewStreamed(pathA, pathB)
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
	if u := compare.Unreadable(compare.ModeRecords, i, compare.Record{File: pathA, Err: errA}, compare.Record{File: pathB, Err: errB}); u != nil {
		return u
	}
	return e
}

// ---- mode b: two rule sets ----

func diffRuleSets(c *cli.Context, path string, ew *entryWriter) error {
	cfgA, err := validateConfig(c)
	if err != nil {
		return err
	}
	cfgB := replay.Config{Profile: cfgA.Profile}
	if name, file := c.String("against"), c.String("against-file"); name != "" || file != "" {
		p, err := rules.Select(name, file, nil)
		if err != nil {
			return fmt.Errorf("--against: %w", err)
		}
		cfgB.Profile = p
	}
	if cfgB.Overrides, err = parseSet("--against-set", c.StringSlice("against-set")); err != nil {
		return err
	}
	cfgB.OverridesFrom = "--against-set"
	if err := checkOverrides(cfgB.Profile, cfgB.Overrides); err != nil {
		return fmt.Errorf("--against-set: %w", err)
	}
	nameA := compare.RuleSetName(cfgA, c.StringSlice("set"))
	nameB := compare.RuleSetName(cfgB, c.StringSlice("against-set"))
	return diffEachGame(c, path, ew, func() func(g *record.Game, i int) *compare.Entry {
		rpA, rpB := replay.New(cfgA), replay.New(cfgB)
		return func(g *record.Game, i int) *compare.Entry {
			if e := compare.Unreadable(compare.ModeRules, i, compare.Record{File: path, Err: g.SyntaxError()}); e != nil {
				return e
			}
			// One walk per rule set.
			return compare.RuleSets(nameA, nameB, i, g, rpA.Game(g, path, i), rpB.Game(g, path, i))
		}
	}, func() func(grammar.Chunk, *grammar.Scratch, string, int) (*compare.Entry, *record.Game) {
		// A huge game is read in parts, each part walked under both rule
		// sets before the next is read (batch.WalkParts), and once more for
		// the move as written at the entry's ply: nothing of its main
		// line is held.
		rpA, rpB := replay.New(cfgA), replay.New(cfgB)
		return func(ch grammar.Chunk, sc *grammar.Scratch, file string, i int) (*compare.Entry, *record.Game) {
			// The reader names the file as the pipeline does (file), the
			// replays as the whole game's (path).
			g, _, _, parted := batch.ReadParts(ch, sc, file, i)
			if e := compare.Unreadable(compare.ModeRules, i, compare.Record{File: path, Err: g.SyntaxError()}); e != nil {
				return e, g
			}
			if !parted {
				return compare.RuleSets(nameA, nameB, i, g, rpA.Game(g, path, i), rpB.Game(g, path, i)), g
			}
			res := batch.WalkParts([]*replay.Replayer{rpA, rpB}, g, ch, sc, path, i, nil)
			return compare.RuleSetsWritten(nameA, nameB, i, writtenParts(ch, sc, file), res[0], res[1]), g
		}
	})
}

// writtenParts is the main-line move at a ply as written of the game of
// ch, read again in parts for each ply asked (the last one remembered).
// A game the reader cannot read is read whole (the one case held whole:
// what it keeps of such a record is read as written).
func writtenParts(ch grammar.Chunk, sc *grammar.Scratch, file string) func(ply int) string {
	last, text := -1, ""
	return func(ply int) string {
		if ply == last {
			return text
		}
		wr := compare.NewWrittenReader(ply)
		g, parted := grammar.ParseChunkParts(ch, file, sc, grammar.Parts{Nodes: grammar.PartNodes, Take: func(_ *record.Game, nodes []record.Node) {
			wr.Part(nodes)
		}})
		if !parted || g.SyntaxError() != nil {
			// The parts given are void: the record holds the whole main
			// line, or it is read whole as the whole reading reads it.
			if parted {
				g = grammar.ParseChunkScratch(ch, file, sc)
			}
			wr = compare.NewWrittenReader(ply)
		}
		wr.Part(g.Moves)
		last, text = ply, wr.Text()
		return text
	}
}

// ---- mode c: as written against as read ----

func diffAsRead(c *cli.Context, path string, ew *entryWriter) error {
	cfg, err := validateConfig(c)
	if err != nil {
		return err
	}
	cfg.Steps = true
	name := compare.RuleSetName(cfg, c.StringSlice("set"))
	return diffEachGame(c, path, ew, func() func(g *record.Game, i int) *compare.Entry {
		rp := replay.New(cfg)
		return func(g *record.Game, i int) *compare.Entry {
			return compare.AsRead(path, i, name, g, rp.Game(g, path, i))
		}
	}, func() func(grammar.Chunk, *grammar.Scratch, string, int) (*compare.Entry, *record.Game) {
		// A huge game is read in parts, again for each look at its moves
		// (compare.AsReadParts), and a diff too long to hold is written
		// to a temporary file that the entry's writer joins.
		rp := replay.New(cfg)
		return func(ch grammar.Chunk, sc *grammar.Scratch, file string, i int) (*compare.Entry, *record.Game) {
			g, _, _, parted := batch.ReadParts(ch, sc, file, i)
			if !parted {
				return compare.AsRead(path, i, name, g, rp.Game(g, path, i)), g
			}
			again := func(each func(compare.Moves)) *replay.Result {
				var lr compare.LineReader
				return batch.WalkParts([]*replay.Replayer{rp}, g, ch, sc, path, i, func(nodes []record.Node, pws []*replay.PartWalk) {
					each(lr.Part(nodes, pws[0].Played()))
				})[0]
			}
			spill, err := tempfile.Anonymous("ashtapada-diff-*") // nothing left behind, whatever happens
			if err == nil {
				var e *compare.Entry
				var long bool
				if e, long, err = compare.AsReadParts(path, i, name, g, again, spill); err == nil && long {
					_, err = spill.Seek(0, io.SeekStart)
				}
				if err == nil && !long {
					spill.Close()
					return e, g
				}
				if err == nil {
					e.LongDiff = spill
					return e, g
				}
				spill.Close()
			}
			// No room for the diff on disk: the game is read whole, as
			// any game (what it costs, the whole game's memory, is the
			// price of an entry that could not be joined).
			g = grammar.ParseChunkScratch(ch, file, sc)
			return compare.AsRead(path, i, name, g, rp.Game(g, path, i)), g
		}
	})
}

// diffEachGame compares each game of one file on batch.Run (modes b
// and c): worker returns the comparison of one worker, which is given
// each game and its number, and huge, when not nil, the comparison of a
// huge game, which it reads itself from its chunk in parts (batch.Work.Huge;
// file is the file's name as the run reads it).
// The entries are written as they come, in input order whatever --jobs;
// the first input error stops the diff after the entries before it.
func diffEachGame(c *cli.Context, path string, ew *entryWriter, worker func() func(g *record.Game, i int) *compare.Entry, huge func() func(ch grammar.Chunk, sc *grammar.Scratch, file string, i int) (*compare.Entry, *record.Game)) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("reading %s: is a directory", path)
	}
	batch.LimitMemory(batch.StreamMemoryLimit) // the entries stream (entryWriter)
	o := batch.Options{Limits: grammar.DefaultLimits(), Jobs: readJobs(c), Warn: c.App.ErrWriter, Source: inputOptions, OpenTable: parquetTables("", batch.Notation{}, grammar.DefaultLimits())}
	st := batch.Work[*compare.Entry]{
		Worker: func() func(*record.Game, string, int) *compare.Entry {
			do := worker()
			return func(g *record.Game, _ string, i int) *compare.Entry { return do(g, i) }
		},
		Failed: func(string, int) *compare.Entry { return nil },
	}
	if huge != nil {
		var once sync.Once
		st.Huge = func() func(grammar.Chunk, *grammar.Scratch, string, int) (*compare.Entry, *record.Game) {
			do := huge()
			return func(ch grammar.Chunk, sc *grammar.Scratch, file string, i int) (*compare.Entry, *record.Game) {
				// What is live is a part of the game and its text, as in
				// validate's reading of a huge game (diffInOrder): with
				// the streaming limit, the garbage of its many readings
				// would grow to it (docs/robustness.md, "Costs that
				// shaped the code").
				once.Do(func() { batch.LimitMemory(batch.ValidateMemoryLimit) })
				return do(ch, sc, file, i)
			}
		}
	}
	s := &diffSink{ew: ew}
	batch.Run(o, []string{path}, st, s)
	return s.err
}

// diffSink writes the entries of diffEachGame.
type diffSink struct {
	ew  *entryWriter
	err error // the first input error: it stops the diff
}

func (s *diffSink) Game(_ formats.GameID, e *compare.Entry) bool {
	if e == nil {
		return true
	}
	if e.LongDiff != nil {
		defer e.LongDiff.Close()
		return s.ew.writeLong(e) == nil
	}
	return s.ew.write(e) == nil
}

func (s *diffSink) FileEnd(batch.FileEnd) bool { return true }

func (s *diffSink) ToolError(err error) bool {
	s.err = err
	return false
}
