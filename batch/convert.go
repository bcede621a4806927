package batch

// The convert work (Convert): every game of the inputs replayed once, as
// validate replays it, and written in another record format in input
// order. The workers render the games of a format that renders them one
// by one (formats.Rendering) and the sink joins their pieces
// (convert_pieces.go); the sink writes the others (svg, html) from the
// records kept. A huge game is read in parts and rendered a part at a
// time, or written from its replay's parts (formats.PlayedParts).

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/report"
	"github.com/ashtapada/ashtapada/source"
)

// Conversion says what Convert writes and how it judges the games.
type Conversion struct {
	// To is the format written (formats.LookupRecordFormat), one with a
	// NewWriter.
	To formats.RecordFormat
	// Write says how it is written (plain PGN, source comments, compact
	// JSON).
	Write formats.WriteOptions
	// Replay judges each game as validate judges it. Convert turns its
	// Steps on: the derived formats (LAN, UCI, FEN, SVG, plain PGN, JSON's
	// played fields) are written from the replay's steps, so that they stop
	// where the replay stopped the main line.
	Replay replay.Config
	// Findings is given the error findings of each game the replay
	// rejects, as validate words them, in input order (nil: dropped).
	Findings io.Writer
	// Internal is told of each game whose work met a bug of the program
	// (an error wrapping ErrInternal), in input order: the game is left
	// out, the others are still converted, and Convert ends with an error
	// that counts them. Nil: not told.
	Internal func(error)
	// Split, when set, writes the games to files named after Split.Base
	// instead of to Convert's writer.
	Split *Split
	// SpillBytes is how much of a huge game's converted piece is held
	// before it is written to a file; zero means DefaultSpillBytes. A
	// test sets it to 1, so that every game's piece takes that path.
	SpillBytes int
}

// spillBytes is c.SpillBytes, or its default.
func (c *Conversion) spillBytes() int {
	if c.SpillBytes <= 0 {
		return DefaultSpillBytes
	}
	return c.SpillBytes
}

// ConvertOutcome is what a conversion tells its caller at the end.
type ConvertOutcome struct {
	Outcome
	// Broken counts the games the replay rejected: their findings went to
	// Conversion.Findings, and what was written of them stops where the
	// replay stopped. A caller's exit status says so.
	Broken int
	// Found counts the games found in the inputs (with Options.Select, up
	// to the last it may choose).
	Found int
}

// The errors of a conversion that wrote no game. Both are for the caller
// to word: it knows what the user asked for.
var (
	// ErrNoneChosen: Options.Select chose none of the games read
	// (ConvertOutcome.Found). The document written is not ended.
	ErrNoneChosen = errors.New("no game chosen")
	// ErrNoGames: the inputs hold no game
	// (ConvertOutcome.DirWithoutRecords says when a directory held no
	// record file). A part of a shard (Options.Plan) may hold none, since
	// the other parts have them: that is no error.
	ErrNoGames = errors.New("no game in the inputs")
)

// Convert converts the games of the inputs (files, directories, "-" for
// standard input, as Run takes them) to w, or to the files of c.Split: each
// game is parsed and replayed by a worker, and written in input order, so
// the output is the same for any number of workers (Options.Jobs). Its
// error findings go to c.Findings, and a game read only in part (a limit)
// is refused.
//
// o says how the inputs are read and which games are converted (Jobs,
// Warn, Source, Limits, Notation, From, OpenTable, Select, StdinName); the
// games are numbered over all the inputs, as the writers number them.
// With o.Plan, one part of a shard: the games before the part are counted,
// and the one just before it primes the writer, so that the parts'
// outputs concatenate into one run's; the part converts nothing when an
// input cannot be listed, since its output would be taken for its share
// of the whole. A format that writes one document (json, svg, html) cannot
// be cut so: the caller refuses it.
//
// The first input that cannot be read, the first game that cannot be
// converted and the first write error stop the conversion, after the games
// before them were written, as on one core. The document is ended (its
// writer closed) unless the conversion stopped or chose no game. w is
// not buffered here.
func Convert(o Options, inputs []string, c Conversion, w io.Writer) (ConvertOutcome, error) {
	c.Replay.Steps = true
	c.Replay.NoSAN = c.To.MovesOnly
	c.Replay.Kinds = c.To.Kinds
	if c.Findings == nil {
		c.Findings = io.Discard
	}
	if c.Internal == nil {
		c.Internal = func(error) {}
	}
	o.OverInputs = true
	// A format the workers render lets them reuse a record's storage once
	// its game is rendered; the others are written from the records kept.
	o.Keep = c.To.Rendering == nil
	// A rendered game's piece may be large (a game's FEN lines): the
	// workers run less far ahead of the sink.
	o.Ahead = 4
	cv := &converter{c: c, errw: c.Findings, part: o.Plan != nil}
	if c.Split != nil {
		cv.split = &splitFiles{Split: *c.Split, outs: map[string]*splitFile{}}
	}
	out, err := cv.run(o, inputs, w)
	if cv.split != nil {
		// The files are put in place at the end, all of them or none.
		if err == nil {
			err = cv.split.commit()
		}
		if err != nil {
			cv.split.abort()
		}
	}
	return out, err
}

// converter carries one conversion: the sink of its run, which writes the
// games in input order.
type converter struct {
	c     Conversion
	split *splitFiles // Conversion.Split: the files written (split.go)
	part  bool        // one part of a shard (Options.Plan)
	errw  io.Writer   // the findings; dropped while priming (Prime)
	gw    formats.GameWriter
	// join puts in order the games the workers rendered (To.Rendering),
	// instead of gw.
	join formats.GameJoiner
	gate *gateWriter // the writer's output; closed while priming (Prime)
	n    int         // games written so far, numbered over all inputs
	// chosen counts the games the run delivered (those Options.Select
	// chose), found the games the file ends counted.
	chosen, found int
	broken        int   // games that could not be converted whole
	err           error // what stopped the run
}

// converted is a game as a worker leaves it. For a format the workers
// render (rendered), its output and diagnostics; for the others, its record
// (kept for the writer) and its one replay (nil when it was not replayed:
// a game too large to read whole). Neither: a bug of this program.
type converted struct {
	g   *record.Game
	res *replay.Result
	// parts replays the main line of a huge game in parts again, for the
	// writer (formats.PlayedParts): g is then its record but its moves.
	// Nil for a record held whole.
	parts formats.PlayedParts

	// key is the value of the tag Split.Tag names, as the worker read it.
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

// run converts the games of the inputs to w.
func (cv *converter) run(o Options, args []string, w io.Writer) (ConvertOutcome, error) {
	var err error
	cfg := cv.c.Replay
	cv.gate = &gateWriter{w: w}
	rendering := cv.c.To.Rendering
	// The workers render the games of a format that renders them one by
	// one, and the sink joins the pieces.
	joined := rendering != nil
	newWriter := func(gate *gateWriter) (formats.GameJoiner, formats.GameWriter, error) {
		if joined {
			return rendering.NewJoiner(gate), nil, nil
		}
		gw, err := cv.c.To.NewWriter(gate, cv.c.Write)
		return nil, gw, err
	}
	if cv.split != nil {
		// Each file gets its writers on its first game (Game).
		cv.split.open = newWriter
	} else if cv.join, cv.gw, err = newWriter(cv.gate); err != nil {
		return ConvertOutcome{}, err
	}
	if cv.part {
		if _, err := source.Expand(args, io.Discard); err != nil {
			return ConvertOutcome{}, err
		}
	}
	st := Work[converted]{
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
			rd := rendering.NewRenderer(cv.c.Write)
			// A game's result stays with the worker (its piece and its
			// findings' text are delivered): when the renderer keeps
			// nothing of it either, the next game is replayed into it.
			var last *replay.Result
			keeps := formats.KeepsResults(rd)
			var diag bytes.Buffer
			return func(g *record.Game, file string, n int) converted {
				var res *replay.Result
				if !g.Truncated {
					res = rp.GameInto(last, g, file, n)
					if !keeps {
						last = res
					}
				}
				return renderGame(rd, g, n, res, &diag)
			}
		}
		st.Huge = renderedHugeGame(cfg, rendering, cv.c.Write, cv.c.spillBytes())
		// A rendered game's result is made for it: its piece is
		// rendered into a buffer of pieces, its findings' text and its
		// error are formatted. None of it is the game's text.
		st.Detached = true
		// A format written from the replay's moves alone reads no node
		// of the main line: its games may be read for the walk alone.
		st.Plies = cv.c.To.MovesOnly
	} else {
		// The viewer page walks the main line again; a drawing of the
		// final position needs only the replay's result.
		st.Huge = hugeWrittenGame(cfg, cv.c.To.Name == "html")
	}
	if len(args) == 0 {
		args = []string{"-"}
	}
	if cv.split != nil && cv.split.Tag != "" {
		keyed(&st, cv.split)
	}
	read := Run(o, args, st, cv)
	out := ConvertOutcome{Outcome: read, Broken: cv.broken, Found: cv.found}
	if cv.err != nil {
		return out, cv.err
	}
	if !o.Select.All() && cv.chosen == 0 && cv.found > 0 && read.ToolErrors == 0 {
		return out, ErrNoneChosen
	}
	if cv.split == nil {
		closer := io.Closer(cv.gw)
		if cv.join != nil {
			closer = cv.join
		}
		if err := closer.Close(); err != nil {
			return out, err
		}
	}
	if read.ToolErrors > 0 {
		// Games that met a bug were reported and left out.
		return out, fmt.Errorf("%s not converted (internal errors above)", english.Count(read.ToolErrors, "game", "games"))
	}
	if cv.n == 0 && !cv.part {
		// Nothing was converted: the caller's output file is not made.
		// One part of a shard may hold no game: the others have them.
		return out, ErrNoGames
	}
	return out, nil
}

// renderedHugeGame is the worker's work on a huge game for a format that
// renders its games (formats.GameRenderer): the game is read, played and
// rendered a part at a time (HugeGame.Source), and what is rendered of it
// goes to a file as it comes (spillPiece), so that neither the game nor
// its piece of the output is held whole. A game the renderer needs whole
// (formats.UnreadableWhole) is read and rendered whole.
func renderedHugeGame(cfg replay.Config, rendering *formats.Rendering, wopt formats.WriteOptions, spillBytes int) func() func(HugeGame, string, int) (converted, *record.Game) {
	return func() func(HugeGame, string, int) (converted, *record.Game) {
		rp := replay.New(cfg)
		rd := rendering.NewRenderer(wopt)
		var diag bytes.Buffer
		return func(h HugeGame, file string, n int) (converted, *record.Game) {
			if _, ok := rd.(formats.UnreadableWhole); ok {
				h.Read.Parts = func(g *record.Game) bool { return g.Unreadable() == nil }
			}
			src := h.Source(file)
			g := src.Head
			if !src.Parted() || g.Unreadable() != nil {
				// Read whole after all, or not to be replayed (the
				// reader could not read it): rendered as any game.
				return renderGame(rd, g, n, rp.Game(g, file, n), &diag), g
			}
			var spill *os.File
			var spillErr error
			// The record as the reader finishes it, all but its moves:
			// Begin writes what comes before them.
			end := *g
			end.Moves = nil
			rd.Begin(pieceBuffer(), &end, n)
			var last []record.Node
			res := rp.Replay(src, file, n, replay.Each{
				Part: func(nodes []record.Node, pl *replay.Played) {
					rd.Part(nodes, pl)
					if spillErr == nil {
						spill, spillErr = spillPiece(spill, rd.Take(spillBytes))
					}
				},
				// Rendered with the record's end (End); the nodes stay
				// valid until the source is read again.
				Last: func(nodes []record.Node, _ *replay.Played) { last = nodes },
			})
			end.Moves = last
			diag.Reset()
			c := converted{rendered: true, spill: spill, err: spillErr}
			// A record the renderer takes in parts is rewritten by the
			// renderer as it comes (a record read in LAN or UCI in SAN):
			// only its findings are said here.
			broken, err := judgeGame(&end, res, n, &diag)
			c.broken = broken
			if c.err == nil {
				c.err = err
			}
			if diag.Len() > 0 {
				c.diag = bytes.Clone(diag.Bytes())
			}
			piece, err := rd.End(&end, n, res)
			if c.err == nil {
				c.piece, c.err = piece, err
			}
			return c, &end
		}
	}
}

// hugeWrittenGame is the worker's work on a huge game for a format the
// sink writes (svg, html): the worker reads the game through and replays
// it for its verdict and findings (the drawing of its final position, from
// the last part's steps and the step before them; the viewer page's head),
// and, when walked, hands the sink a replay of its main line in parts (its
// source, HugeGame.Source), which the viewer page walks for its drawings
// and its moves: the game is never held whole, only its text (the chunk,
// kept by the replay) and a part at a time (formats' htmlWriter rewrites a
// record in LAN or UCI in SAN a part at a time). The storage of the parts
// is the game's own (the run keeps the records: Options.Keep), and each
// replay has its own replayer, the worker's being busy with the next
// games.
func hugeWrittenGame(cfg replay.Config, walked bool) func() func(HugeGame, string, int) (converted, *record.Game) {
	return func() func(HugeGame, string, int) (converted, *record.Game) {
		rp := replay.New(cfg)
		return func(h HugeGame, file string, n int) (converted, *record.Game) {
			src := h.Source(file)
			g := src.Head
			if !src.Parted() {
				return converted{g: g, res: rp.Game(g, file, n)}, g
			}
			c := converted{g: g, res: rp.Replay(src, file, n, replay.Each{})}
			if walked && g.Unreadable() == nil {
				c.parts = func(part func([]record.Node, *replay.Played)) {
					replay.New(cfg).Replay(src, file, n, replay.Each{Part: part})
				}
			}
			return c, g
		}
	}
}

// Game writes one game delivered by the run.
func (cv *converter) Game(_ report.GameID, c converted) bool {
	cv.chosen++
	return cv.game(c)
}

func (cv *converter) game(c converted) bool {
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
		return true // its bug was reported (ToolError)
	}
	if err := cv.write(c.g, c.res, c.parts); err != nil {
		cv.err = err
		return false
	}
	return true
}

// joinGame writes a game a worker rendered, as write writes one: its
// error findings, then its piece of the output.
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
		releasePiece(c.piece)
	}
	if c.err != nil {
		cv.err = c.err
		return false
	}
	return true
}

// Prime writes game index, the one a whole run writes just before this
// part's first (Primer), with its output and its findings dropped, so that
// the writer's state (PGN's separator after it, the byte-order mark only
// before a run's first game) is what it is in one run; the games after it
// are numbered on from it.
func (cv *converter) Prime(index int, c converted) bool {
	if c.truncated || c.g != nil && c.g.Truncated {
		cv.n = index
		return true // one run stops there (and so does the part that has it)
	}
	broken, errw := cv.broken, cv.errw
	cv.n, cv.errw, cv.gate.closed = index-1, io.Discard, true
	ok := cv.game(c)
	cv.broken, cv.errw, cv.gate.closed = broken, errw, false
	return ok
}

// FileEnd counts the games found.
func (cv *converter) FileEnd(f FileEnd) bool {
	cv.found += f.Games
	return true
}

// ToolError: an input that cannot be read stops the run; a game that met
// a bug of this program is reported, and the others are still converted.
func (cv *converter) ToolError(err error) bool {
	if errors.Is(err, ErrInternal) {
		cv.c.Internal(err)
		return true
	}
	cv.err = err
	return false
}

// write writes one game in the target format. The game was replayed once
// (replay.Config.Steps): its error findings go to the findings' writer as
// validate words them, and the derived formats stop where that replay
// stopped the main line: what is written is what validate judged.
//
// A huge game read in parts comes with parts, a replay of its main line in
// parts.
func (cv *converter) write(g *record.Game, res *replay.Result, parts formats.PlayedParts) error {
	broken, err := judgeGame(g, res, cv.n, cv.errw)
	if broken {
		cv.broken++
	}
	if err != nil {
		return err
	}
	return cv.gw.Write(g, cv.n, res, parts)
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
		c.piece, c.err = formats.Render(rd, pieceBuffer(), g, n, res)
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
				if err := report.WriteFindingText(errw, f); err != nil {
					return true, err
				}
			}
		}
	}
	return broken, nil
}
