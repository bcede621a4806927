package formats

import (
	"fmt"
	"io"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// WriteOptions are what a record format's writer may need to know.
type WriteOptions struct {
	// Plain (pgn): canonical SAN and no extensions (PlainGame).
	Plain bool
	// Game (svg): the 1-based number of the game to draw, over all inputs;
	// 0 draws the first game written (the first a selection chose).
	Game int
	// SourceComments (pgn): after each move read in a book's notation
	// (record.Game.Notation, Notation.Book), a comment with the move as written.
	SourceComments bool
	// Compact (json, jsonl): one small object per game, the tags and the
	// main line's SAN (formats/jsongame/json_compact.go), instead of the lossless record.
	Compact bool
	// Descriptive (descriptive): the form written, short or long, and
	// the knight's letter (replay.DescriptiveStyle).
	Descriptive replay.DescriptiveStyle
}

// GameWriter writes games in one record format, one after another. Write
// takes every game as read, its number over all inputs (1-based), its
// replay (replay.Config.Steps set), so that derived output (LAN, UCI,
// FEN, SVG, JSON's played fields) is exactly what the replay played and
// stops where it stopped, and its main line as played (PlayedParts; nil
// for a record held whole, whose one part is g.Moves as res.Played played
// it). PGN and JSON carry a game the reader could not read as it was
// read; the other formats cannot and write nothing for it (the replay's
// syntax finding says why). Close ends the output (JSON's array) and says
// what could not be written (an SVG game not in the input).
type GameWriter interface {
	Write(g *record.Game, n int, res *replay.Result, parts PlayedParts) error
	Close() error
}

// PlayedParts gives a game's main line as played, a part at a time, to
// part: each part's nodes and what the replay played of them
// (replay.Played, its PliesBefore the plies of the parts before), valid
// only during the call, in order. It may be called more than once, each
// call walking the line again. A huge game is read and played in parts,
// never held whole (replay.Replayer.Replay of its record.Source); a record
// held whole is one part (OrWhole).
type PlayedParts func(part func(nodes []record.Node, pl *replay.Played))

// OrWhole is parts, or, nil, the one part of g held whole as res played
// it.
func (parts PlayedParts) OrWhole(g *record.Game, res *replay.Result) PlayedParts {
	if parts != nil {
		return parts
	}
	return func(part func([]record.Node, *replay.Played)) { part(g.Moves, res.Played) }
}

// GameRenderer turns one game into its piece of a format's output, the
// same whatever games come before and after it; the format's GameJoiner
// puts the pieces one after another and adds what goes between them (PGN's
// blank line, the JSON array's brackets and commas). So split, the games of
// a format can be rendered by the pipeline's workers in parallel and only
// joined in input order (convert --jobs): the writer would otherwise be
// one goroutine doing half of convert's work. A renderer keeps buffers from
// game to game and is not for concurrent use: each worker has its own.
//
// A game is rendered as record.Source gives it: Begin, Part for each part
// of its main line but the last, then End with the last. A huge game is
// read and played in parts (grammar.SourceOf, replay.Replayer.Replay), so that it
// is never held whole: each part is rendered as it is played and let go. A
// record held whole is one part: Begin, then End (Render). The piece is the
// same either way.
type GameRenderer interface {
	// Begin starts game n's piece after dst; g is its record, as the
	// reader finishes it (its tags and notices whole), its moves the
	// last part's (given again to End).
	Begin(dst []byte, g *record.Game, n int)
	// Part renders one part of the main line before the last: its nodes
	// and what the replay played of them (valid during the call only).
	Part(nodes []record.Node, pl *replay.Played)
	// End renders the last part (g.Moves, res.Played: for a record held
	// whole, its whole main line) and the end of the game, g the record
	// as read and res the replay's result (its arguments are those of
	// GameWriter.Write), and returns the piece (what Take did not take of
	// it). Whether it may keep res past the call: KeepsResults.
	End(g *record.Game, n int, res *replay.Result) ([]byte, error)
	// Take returns the start of the piece rendered so far, when it holds
	// at least min bytes (else nil), and lets it go: the caller writes it
	// out before the next call, so that a huge game's output is not held
	// (hundreds of MB of FEN lines). The piece is what Take took, in
	// order, then what End returns.
	Take(min int) []byte
}

// Render renders game n, its record held whole, with rd: its main line is
// one part. Its arguments are those of GameWriter.Write.
func Render(rd GameRenderer, dst []byte, g *record.Game, n int, res *replay.Result) ([]byte, error) {
	rd.Begin(dst, g, n)
	return rd.End(g, n, res)
}

// UnreadableWhole is a GameRenderer that writes a record the reader could
// not read with every node read before the error (the lossless JSON): a
// huge game's reading through keeps only the nodes of its last part, so
// such a game is read again whole for it (it is not replayed: there are no
// parts to walk). The other renderers write nothing of an unreadable
// record's moves, or its text as read.
type UnreadableWhole interface {
	GameRenderer
	UnreadableWhole()
}

// GameJoiner writes the pieces of a format's games (GameRenderer) in
// order: Join is called once per game rendered, empty pieces included,
// and Close ends the output.
type GameJoiner interface {
	Join(piece []byte) error
	Close() error
}

// Rendering is how a format that renders its games one by one writes them
// (RecordFormat.Rendering).
type Rendering struct {
	NewRenderer func(opt WriteOptions) GameRenderer
	NewJoiner   func(w io.Writer) GameJoiner
}

// writer is the format's GameWriter: each game rendered, then joined.
func (r *Rendering) writer(w io.Writer, opt WriteOptions) (GameWriter, error) {
	return &renderedWriter{r: r.NewRenderer(opt), j: r.NewJoiner(w)}, nil
}

// renderedWriter is a GameWriter made of a renderer and a joiner, with the
// piece's buffer reused from game to game.
type renderedWriter struct {
	r   GameRenderer
	j   GameJoiner
	buf []byte
}

func (rw *renderedWriter) Write(g *record.Game, n int, res *replay.Result, parts PlayedParts) error {
	if parts != nil {
		// The renderer takes the parts as they are played, the last one
		// given to End: a huge game is rendered so by the workers
		// (batch), not given here again.
		return fmt.Errorf("game %d: a rendered format's game in parts is rendered as it is played", n)
	}
	b, err := Render(rw.r, rw.buf[:0], g, n, res)
	rw.buf = b
	if err != nil {
		return err
	}
	return rw.j.Join(b)
}

func (rw *renderedWriter) Close() error { return rw.j.Close() }

// concatJoiner writes the pieces as they are (ConcatJoiners); what names
// the format in an error writing to w.
type concatJoiner struct {
	w    io.Writer
	what string
}

// ConcatJoiners is the Rendering.NewJoiner of the formats whose games
// need nothing between them (LAN, UCI, FEN lists, the books' notations):
// the pieces are written as they are, and a spilled piece too
// (SpillJoiner). what names the format in an error writing.
func ConcatJoiners(what string) func(io.Writer) GameJoiner {
	return func(w io.Writer) GameJoiner { return &concatJoiner{w: w, what: what} }
}

func (c *concatJoiner) Join(piece []byte) error {
	if len(piece) == 0 {
		return nil
	}
	if _, err := c.w.Write(piece); err != nil {
		return fmt.Errorf("writing %s: %w", c.what, err)
	}
	return nil
}

func (c *concatJoiner) Close() error { return nil }

// SpillJoiner is a GameJoiner that also joins a piece whose start was
// written to a file as it was rendered (a huge game's, GameRenderer.Take):
// start is what was written there, rest what followed. It is joined as
// Join joins the piece the two make.
type SpillJoiner interface {
	JoinSpilled(start io.Reader, rest []byte) error
}

func (c *concatJoiner) JoinSpilled(start io.Reader, rest []byte) error {
	if _, err := io.Copy(c.w, start); err != nil {
		return fmt.Errorf("writing %s: %w", c.what, err)
	}
	return c.Join(rest)
}
