package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/internal/tempfile"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/selection"
	"github.com/ashtapada/ashtapada/source"
	"github.com/ashtapada/ashtapada/tablegames"
)

func init() {
	register(&cli.Command{
		Name:      "convert",
		Usage:     "convert records between PGN, JSON, JSONL, LAN, UCI, FEN lists and SVG",
		ArgsUsage: "[FILE|DIR ...]",
		Description: "Reads records (--from, or by extension: .pgn .json .jsonl .lan .uci, or by content) and writes them " +
			"in the --to format. pgn, json and jsonl round-trip losslessly; lan, uci and fen need the games' profile " +
			"and cover the main line; svg draws the final position of one game (--game). Each game is replayed as validate " +
			"replays it: its errors go to standard error and the exit status is 1, and derived output stops where the " +
			"replay stops. See https://github.com/ashtapada/ashtapada/blob/main/docs/convert.md.",
		Flags: append(append(slices.Concat(profileFlags(), configFlags(), notationFlags(), pprofFlags), // pprof.go: hidden --cpuprofile, --memprofile
			&cli.StringFlag{Name: "to", Required: true, Usage: "the format written: " + strings.Join(convertFormats(false), ", ") + " (html: a game viewer page; parquet: a table, to a file or a pipe)"},
			&cli.StringFlag{Name: "from", Usage: "the format read: " + strings.Join(convertFormats(true), ", ") + " (default: by extension, then by content)"},
			&cli.BoolFlag{Name: "source-comments", Usage: "with --to pgn: after each move read in a book's notation (descriptive, other languages' letters), a comment with the move as the record wrote it"},
			&cli.BoolFlag{Name: "plain", Usage: "with --to pgn: canonical SAN and no extensions (leap written Kd3, conversions in comments)"},
			&cli.BoolFlag{Name: "compact", Usage: "with --to json or jsonl: one small object per game, its tags, its main line in SAN and its result (what pgn-extract --json writes), instead of the lossless record"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to FILE (atomically) instead of standard output"},
			jobsFlag("games parsed and replayed in parallel (the output is the same for any value)"),
			maxWindowFlag(),
			shardFlag(), // shard.go
		), slices.Concat(splitFlags(), selectFlags("over all the inputs, as JSON's game field numbers them; svg draws the first game chosen"))...),
		Action: convertAction,
	})
}

// convertFormats are the formats convert reads (read) or writes: the
// record formats, and Parquet, which convert reads and writes through
// gametable (parquet.go).
func convertFormats(read bool) []string {
	return append(formats.RecordFormatNames(read), "parquet")
}

func convertAction(c *cli.Context) error {
	to := strings.ToLower(c.String("to"))
	target, ok := formats.LookupRecordFormat(to)
	if to != "parquet" && (!ok || target.NewWriter == nil) { // parquet.go
		return toolError(fmt.Errorf("--to %q: want one of %s", to, strings.Join(convertFormats(false), ", ")))
	}
	from := strings.ToLower(c.String("from"))
	if f, ok := formats.LookupRecordFormat(from); from != "" && from != "parquet" && (!ok || f.Read == nil) {
		return toolError(fmt.Errorf("--from %q: want one of %s", from, strings.Join(convertFormats(true), ", ")))
	}
	if c.Bool("plain") && to != "pgn" {
		return toolError(fmt.Errorf("--plain applies to --to pgn only"))
	}
	if c.Bool("compact") && to != "json" && to != "jsonl" {
		return toolError(fmt.Errorf("--compact applies to --to json and jsonl only"))
	}
	if err := outputNotInput("-o", c.String("output"), c.Args().Slice()); err != nil {
		return toolError(err)
	}
	notation, err := readNotation(c)
	if err != nil {
		return toolError(err)
	}
	cfg, err := validateConfig(c)
	if err != nil {
		return toolError(err)
	}
	cfg.Steps = true
	stopProfiles, err := startProfiles(c)
	if err != nil {
		return toolError(err)
	}
	defer func() {
		if err := stopProfiles(); err != nil {
			fmt.Fprintln(c.App.ErrWriter, "ashtapada:", err)
		}
	}()
	sel, err := readSelection(c)
	if err != nil {
		return toolError(err)
	}
	if !sel.All() && (to == "parquet" || manyShards(c.String("shard"))) {
		// Both run on their own loop, which keeps the text between
		// games and numbers the games of other parts.
		return toolError(fmt.Errorf("--game and --where do not apply to --to parquet or to --shard yet: convert to another format first"))
	}
	if to == "parquet" {
		return convertParquet(c, cfg, notation) // parquet.go
	}
	// Every format streams, the viewer page too (a game's section is
	// written as it comes): memory stays flat like validate's.
	batch.LimitMemory(batch.StreamMemoryLimit)
	split, err := readSplit(c, to) // split.go
	if err != nil {
		return toolError(err)
	}
	cv := &converter{shard: c.String("shard"), to: target, from: from, notation: notation, sel: sel, split: split, wopt: formats.WriteOptions{Plain: c.Bool("plain"), SourceComments: c.Bool("source-comments"), Compact: c.Bool("compact")}, errw: c.App.ErrWriter}
	// Games are numbered over all the inputs, as the writers number them.
	// A format that renders its games one by one (formats.Rendering) is
	// rendered by the workers, which then no longer need a record once its
	// game is rendered and reuse their storage; the others (svg, html) are
	// written by the sink from the records kept.
	o := batch.Options{Warn: c.App.ErrWriter, Source: inputOptions, Limits: grammar.DefaultLimits(), Notation: notation, Jobs: readJobs(c), From: from, OpenTable: tablegames.OpenTable(from, notation, grammar.DefaultLimits()), OverInputs: true, Keep: target.Rendering == nil, Ahead: 4, Select: sel, StdinName: c.String("stdin-filename")}
	if manyShards(cv.shard) {
		// One part of --shard K/N: the games of the files before it are
		// counted, and the game before its first primes the writer
		// (converter.Prime), so that the parts concatenate into one run's
		// output.
		o.Plan = shardPlan(cv.shard)
	}
	write := func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<16)
		err := cv.run(o, cfg, c.Args().Slice(), bw)
		if ferr := bw.Flush(); err == nil && ferr != nil {
			err = fmt.Errorf("writing output: %w", ferr)
		}
		return err
	}
	if cv.split != nil {
		// The files are put in place at the end, all of them or none.
		done := atInterrupt(cv.split.abort)
		if err = write(io.Discard); err == nil {
			err = cv.split.commit()
		}
		if err != nil {
			cv.split.abort()
		}
		done()
	} else if out := c.String("output"); out != "" && out != "-" {
		err = writeFileAtomic(out, write)
	} else {
		err = write(c.App.Writer)
	}
	if err != nil {
		return toolError(err)
	}
	if cv.broken > 0 {
		return failed()
	}
	return nil
}

// converter carries one convert run: the sink of its pipeline, which
// writes the games in input order.
type converter struct {
	to   formats.RecordFormat // the format written
	from string               // the format read; "" to detect it per file
	// notation is the moves' notation in PGN input (--notation).
	notation batch.Notation
	sel      *selection.Selection // the games converted
	split    *splitOutputs        // --split, --split-by: the files written (split.go)
	wopt     formats.WriteOptions
	errw     io.Writer // diagnostics
	gw       formats.GameWriter
	// join puts in order the games the workers rendered (to.Rendering),
	// instead of gw, on the pipeline.
	join   formats.GameJoiner
	gate   *gateWriter // the writer's output; closed while priming (Prime)
	shard  string      // --shard K/N
	n      int         // games written so far, over all inputs
	broken int         // games that could not be converted whole
	err    error       // what stopped the run
}

// converted is a game as a worker leaves it. For a format the workers
// render (rendered), its output and diagnostics; for the others, its record
// (kept for the writer) and its one replay (nil when it was not replayed:
// a game too large to read whole). Neither: a bug of this program.
type converted struct {
	g   *record.Game
	res *replay.Result
	// kept are the plies kept from the parts of a huge game before its
	// last (formats.KeptWriter), for the writers that take no parts.
	kept []formats.ShownPly
	// parts replays the main line of a huge game in parts again, for a
	// writer that writes it part by part (formats.PartsWriter): g is then
	// its record but its moves.
	parts func(part func([]record.Node, *replay.Played))

	// key is the value of the tag --split-by reads, as the worker read it.
	key string

	rendered bool
	// truncated: the game was read only in part (judgeGame refuses it).
	truncated bool
	piece     []byte // the game's piece of the output (in a buffer of pieces)
	// spill holds the start of a huge game's piece, written as it was
	// rendered (spillPiece); piece is then the rest.
	spill  *os.File
	diag   []byte // its error findings, as validate words them
	broken bool   // the replay rejected it
	err    error  // what stops the run at this game
}

// pieces holds the buffers of rendered games between the sink, which
// joins a piece and gives its buffer back, and the workers, which render
// into them: a buffer per game, grown by doubling to a JSON game's 25 KB,
// cost a tenth of convert --to json (a sync.Pool drops its buffers at
// every collection). It holds at most the games of a few batches.
var pieces = make(chan []byte, 4*batch.BatchGames)

// maxPooledPiece is the largest buffer pieces keeps: a huge game's piece
// (hundreds of MB of FEN lines) is not kept for the rest of the run.
const maxPooledPiece = 1 << 20

// pieceBuffer is a buffer for a game's piece, reused when one is free.
func pieceBuffer() []byte {
	select {
	case b := <-pieces:
		return b
	default:
		return nil
	}
}

// run converts the games of the inputs (args) to w on the pipeline p:
// each game is parsed and replayed by a worker, and written here in input
// order, so the output is the same for any number of workers. The first
// input that cannot be read, the first game that cannot be converted and
// the first write error stop the run, after the games before them were
// written, as on one core.
func (cv *converter) run(o batch.Options, cfg replay.Config, args []string, w io.Writer) error {
	if err := checkShardTarget(cv.shard, cv.to.Name); err != nil { // shard.go
		return err
	}
	var err error
	cv.gate = &gateWriter{w: w}
	rendering := cv.to.Rendering
	// The workers render the games of a format that renders them one by
	// one, and the sink joins the pieces.
	joined := rendering != nil
	newWriter := func(gate *gateWriter) (formats.GameJoiner, formats.GameWriter, error) {
		if joined {
			return rendering.NewJoiner(gate), nil, nil
		}
		gw, err := cv.to.NewWriter(gate, cv.wopt)
		return nil, gw, err
	}
	if cv.split != nil {
		// Each file gets its writers on its first game (Game).
		cv.split.open = newWriter
	} else if cv.join, cv.gw, err = newWriter(cv.gate); err != nil {
		return err
	}
	if manyShards(cv.shard) {
		// A part converts nothing when an input cannot be listed: its
		// output would be taken for its share of the whole.
		if _, err := source.Expand(args, io.Discard); err != nil {
			return err
		}
	}
	st := batch.Work[converted]{
		Worker: func() func(*record.Game, string, int) converted {
			rp := replay.New(cfg)
			return func(g *record.Game, file string, n int) converted {
				if g.Truncated {
					return converted{g: g} // not replayed: the writer refuses it
				}
				return converted{g: g, res: rp.Game(g, file, n)}
			}
		},
		Failed: func(string, int) converted { return converted{} },
	}
	if joined {
		st.Worker = func() func(*record.Game, string, int) converted {
			rp := replay.New(cfg)
			rd := rendering.NewRenderer(cv.wopt)
			var diag bytes.Buffer
			return func(g *record.Game, file string, n int) converted {
				var res *replay.Result
				if !g.Truncated {
					res = rp.Game(g, file, n)
				}
				return renderGame(rd, g, n, res, &diag)
			}
		}
		if _, ok := rendering.NewRenderer(cv.wopt).(formats.PartRenderer); ok {
			// A huge game is read, played and rendered a part at a time
			// (batch.ReplayParts).
			st.Huge = func() func(grammar.Chunk, *grammar.Scratch, string, int) (converted, *record.Game) {
				rp := replay.New(cfg)
				rd := rendering.NewRenderer(cv.wopt).(formats.PartRenderer)
				var diag bytes.Buffer
				return func(ch grammar.Chunk, sc *grammar.Scratch, file string, n int) (converted, *record.Game) {
					hooks := batch.PartHooks{
						Parts: rd.RendersParts,
						Begin: func(g *record.Game, first []record.Node) { rd.BeginParts(pieceBuffer(), g, n, first) },
					}
					var spill *os.File
					var spillErr error
					hooks.Part = func(nodes []record.Node, pl *replay.Played) {
						rd.Part(nodes, pl)
						if spillErr == nil {
							spill, spillErr = spillPiece(spill, rd.Take(spillBytes))
						}
					}
					res, g, parted := batch.ReplayParts(rp, ch, sc, file, n, hooks)
					if !parted {
						return renderGame(rd, g, n, res, &diag), g
					}
					diag.Reset()
					c := converted{rendered: true, spill: spill, err: spillErr}
					// A record the renderer takes in parts is rewritten
					// by the renderer as it comes (a record read in LAN or
					// UCI in SAN): only its findings are said here.
					broken, err := judgeGame(g, res, n, &diag)
					c.broken = broken
					if c.err == nil {
						c.err = err
					}
					if diag.Len() > 0 {
						c.diag = bytes.Clone(diag.Bytes())
					}
					piece, err := rd.EndParts(g, n, res)
					if c.err == nil {
						c.piece, c.err = piece, err
					}
					return c, g
				}
			}
		}
	}
	if cv.to.Name == "svg" {
		// The final position of a huge game is drawn from its main line
		// read and played in parts (batch.ReplayParts): the record kept for the
		// writer holds its tags and its last part only.
		st.Huge = func() func(grammar.Chunk, *grammar.Scratch, string, int) (converted, *record.Game) {
			rp := replay.New(cfg)
			return func(ch grammar.Chunk, sc *grammar.Scratch, file string, n int) (converted, *record.Game) {
				var last formats.ShownPly
				hooks := batch.PartHooks{Part: func(_ []record.Node, pl *replay.Played) { keepLastStep(&last, pl) }}
				res, g, parted := batch.ReplayParts(rp, ch, sc, file, n, hooks)
				c := converted{g: g, res: res}
				if parted && last.Step != nil {
					c.kept = []formats.ShownPly{last}
				}
				return c, g
			}
		}
	}
	if cv.to.Name == "html" {
		st.Huge = hugeViewerGame(cfg)
	}
	if len(args) == 0 {
		args = []string{"-"}
	}
	if cv.split != nil && cv.split.tag != "" {
		keyed(&st, cv.split)
	}
	chosen := &chosenSink[converted]{Sink: cv}
	read := batch.Run(o, args, st, chosen)
	if cv.err != nil {
		return cv.err
	}
	if err := chosen.none(cv.sel); err != nil && read.ToolErrors == 0 {
		return err
	}
	if cv.split == nil {
		closer := io.Closer(cv.gw)
		if cv.join != nil {
			closer = cv.join
		}
		if err := closer.Close(); err != nil {
			return err
		}
	}
	if read.ToolErrors > 0 {
		// Games that met a bug were reported and left out.
		return fmt.Errorf("%s not converted (internal errors above)", english.Count(read.ToolErrors, "game", "games"))
	}
	if cv.n == 0 && !manyShards(cv.shard) {
		// Nothing was converted: never exit 0, and no output file is
		// made (the error reaches writeFileAtomic). One part of a shard
		// may hold no game: the others have them.
		return noGamesError(args, read.DirWithoutRecords)
	}
	return nil
}

func (cv *converter) Game(_ formats.GameID, c converted) bool {
	cv.n++
	if cv.split != nil {
		out, err := cv.split.output(cv.split.key(cv.n, c.key))
		if err != nil {
			cv.err = err
			return false
		}
		cv.gate, cv.join, cv.gw = out.gate, out.join, out.gw
	}
	if c.rendered {
		return cv.joinGame(c)
	}
	if c.g == nil {
		return true // its bug was reported (toolError)
	}
	if err := cv.write(c.g, c.res, c.kept, c.parts); err != nil {
		cv.err = err
		return false
	}
	return true
}

// joinGame writes a game a worker rendered, as write writes one: its
// error findings to standard error, then its piece of the output.
func (cv *converter) joinGame(c converted) bool {
	if c.broken {
		cv.broken++
	}
	if len(c.diag) > 0 {
		if _, err := cv.errw.Write(c.diag); err != nil {
			cv.err = err
			return false
		}
	}
	if c.err != nil && c.spill != nil {
		c.spill.Close()
	} else if c.spill != nil {
		c.err = joinSpilled(cv.join, c.spill, c.piece)
	} else if c.err == nil {
		c.err = cv.join.Join(c.piece)
		if cap(c.piece) <= maxPooledPiece {
			select {
			case pieces <- c.piece[:0]:
			default: // enough are free
			}
		}
	}
	if c.err != nil {
		cv.err = c.err
		return false
	}
	return true
}

// Prime writes game index, the one a whole run writes just before this
// part's first (batch.Primer), with its output and its diagnostics
// dropped, so that the writer's state (PGN's separator after it, the
// byte-order mark only before a run's first game) is what it is in one
// run; the games after it are numbered on from it.
func (cv *converter) Prime(index int, c converted) bool {
	if c.truncated || c.g != nil && c.g.Truncated {
		cv.n = index
		return true // one run stops there (and so does the part that has it)
	}
	broken, errw := cv.broken, cv.errw
	cv.n, cv.errw, cv.gate.closed = index-1, io.Discard, true
	ok := cv.Game(formats.GameID{}, c)
	cv.broken, cv.errw, cv.gate.closed = broken, errw, false
	return ok
}

func (cv *converter) FileEnd(batch.FileEnd) bool { return true }

// toolError: an input that cannot be read stops the run; a game that met
// a bug of this program is reported, and the others are still converted.
func (cv *converter) ToolError(err error) bool {
	if errors.Is(err, batch.ErrInternal) {
		fmt.Fprintln(cv.errw, "ashtapada:", err)
		return true
	}
	cv.err = err
	return false
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

// gameSource yields the games of one input, whatever its format.
type gameSource func() (*record.Game, error)

// openGames opens path and returns the reader of its games in the format
// named by from, or detected from the name or the first bytes (the record
// formats' registry, formats.RecordFormats). The limits are the reader's
// defaults; the notation of PGN moves is notation's (--notation).
func openGames(path, from string, notation batch.Notation) (gameSource, io.Closer, error) {
	if tablegames.IsTable(path, from) {
		return tablegames.Games(path, notation)
	}
	rc, name, err := openInput(path)
	if err != nil {
		return nil, nil, err
	}
	br := bufio.NewReaderSize(rc, 1<<16)
	f, ok := formats.LookupRecordFormat(from)
	if from == "" || !ok {
		head, _ := br.Peek(4096)
		f = formats.DetectRecordFormat(path, head)
	}
	gr := f.Read(br, name, grammar.DefaultLimits())
	if rd, ok := gr.(*grammar.Reader); ok {
		// The formats the grammar reads: PGN in --notation's notation.
		notation.Apply(rd, f.Notation)
	}
	return gr.Next, rc, nil
}

// write writes one game in the target format. The game is replayed once
// (replay.Config.Steps): its error findings go to standard error as
// validate words them and make the exit status 1, and the derived formats
// (LAN, UCI, FEN, SVG, plain PGN, JSON's played fields) stop where that
// replay stopped the main line: what is written is what validate judged.
//
// A huge game read in parts comes with kept, the plies kept from its
// parts (svg), or parts, a replay of its main line in parts (html).
func (cv *converter) write(g *record.Game, res *replay.Result, kept []formats.ShownPly, parts func(func([]record.Node, *replay.Played))) error {
	broken, err := judgeGame(g, res, cv.n, cv.errw)
	if broken {
		cv.broken++
	}
	if err != nil {
		return err
	}
	if pw, ok := cv.gw.(formats.PartsWriter); ok && parts != nil {
		return pw.WriteParts(g, cv.n, res, parts)
	}
	if kw, ok := cv.gw.(formats.KeptWriter); ok && kept != nil {
		return kw.WriteKept(g, cv.n, res, kept)
	}
	return cv.gw.Write(g, cv.n, res)
}

// hugeViewerGame is the worker's work on a huge game for the viewer page
// (convert --to html): the page draws every position of its main line and
// then lists its moves, which the sink writes in input order, so the
// worker reads the game through and replays it for its verdict and
// findings (the page's head), and hands the sink a replay of its main line
// in parts (batch.ReadParts, batch.PartsWalk) for the drawings and the moves: the game is never
// held whole, only its text (the chunk, kept by the replay) and a part at
// a time (formats' htmlWriter rewrites a record in LAN or UCI in SAN a
// part at a time). The storage of the parts is the game's own (the
// run keeps the records: batch.Options.Keep), and each replay has its own
// replayer, the worker's being busy with the next games.
func hugeViewerGame(cfg replay.Config) func() func(grammar.Chunk, *grammar.Scratch, string, int) (converted, *record.Game) {
	return func() func(grammar.Chunk, *grammar.Scratch, string, int) (converted, *record.Game) {
		rp := replay.New(cfg)
		return func(ch grammar.Chunk, sc *grammar.Scratch, file string, n int) (converted, *record.Game) {
			g, _, replayParts, parted := batch.ReadParts(ch, sc, file, n)
			if !parted {
				return converted{g: g, res: rp.Game(g, file, n)}, g
			}
			c := converted{g: g, res: replayParts(rp, nil)}
			if g.SyntaxError() == nil {
				walk := batch.PartsWalk(g, ch, sc, file, n)
				c.parts = func(part func([]record.Node, *replay.Played)) {
					walk(replay.New(cfg), part)
				}
			}
			return c, g
		}
	}
}

// spillBytes is how much of a huge game's piece is held before it is
// written to a file (spillPiece); a variable for the tests.
var spillBytes = 4 << 20

// spillPiece writes b, the start of a huge game's piece (nil: none yet),
// to f, a file made for it when it is nil, and returns f. The file has
// no name (tempfile.Anonymous): nothing of it is left when the run ends,
// however it ends.
func spillPiece(f *os.File, b []byte) (*os.File, error) {
	if b == nil {
		return f, nil
	}
	if f == nil {
		var err error
		if f, err = tempfile.Anonymous("ashtapada-piece-*"); err != nil {
			return nil, fmt.Errorf("a file for a huge game's output: %w", err)
		}
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return nil, fmt.Errorf("a file for a huge game's output: %w", err)
	}
	return f, nil
}

// joinSpilled joins a piece whose start is in f (spillPiece) and closes f.
func joinSpilled(j formats.GameJoiner, f *os.File, rest []byte) error {
	defer f.Close()
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("reading back a huge game's output: %w", err)
	}
	start := bufio.NewReaderSize(f, 1<<20)
	if sj, ok := j.(formats.SpillJoiner); ok {
		return sj.JoinSpilled(start, rest)
	}
	// A joiner that takes only whole pieces gets the piece whole.
	b, err := io.ReadAll(start)
	if err != nil {
		return fmt.Errorf("reading back a huge game's output: %w", err)
	}
	return j.Join(append(b, rest...))
}

// renderGame renders game n, replayed to res (nil: not replayed, the
// game is too large), with rd on a worker: judgeGame, then the piece.
func renderGame(rd formats.GameRenderer, g *record.Game, n int, res *replay.Result, diag *bytes.Buffer) converted {
	diag.Reset()
	c := converted{rendered: true, truncated: g.Truncated}
	c.broken, c.err = judgeGame(g, res, n, diag)
	if diag.Len() > 0 {
		c.diag = bytes.Clone(diag.Bytes())
	}
	if c.err == nil {
		c.piece, c.err = rd.Render(pieceBuffer(), g, n, res)
	}
	if res != nil {
		res.Played.Release() // rendered: the steps serve the next game
	}
	return c
}

// judgeGame is what converting game n asks before it is written (write,
// and a worker that renders it, a part at a time too): a game read only
// in part is refused, and the error findings of a game the replay
// rejected (broken) are written to errw. The writers of the record's own
// text write a record read in LAN or UCI in SAN themselves.
func judgeGame(g *record.Game, res *replay.Result, n int, errw io.Writer) (broken bool, err error) {
	if g.Truncated {
		// Only the first lines of the game were read (a limit:
		// docs/robustness.md, "Limits"):
		// converting them would lose the rest without a word.
		se := g.SyntaxError()
		return false, fmt.Errorf("game %d at line %d is too large to be read whole (%d:%d: %s): not converted", n, g.Pos.Line, se.Pos.Line, se.Pos.Col, se.Message)
	}
	if !res.Summary.Valid {
		broken = true
		for i := range res.Findings {
			if f := &res.Findings[i]; f.IsError() {
				if err := formats.WriteFindingText(errw, f); err != nil {
					return true, err
				}
			}
		}
	}
	return broken, nil
}
