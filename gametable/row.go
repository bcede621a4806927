// Package gametable is the table form of game records: one row per game,
// with the Seven Tag Roster as columns, the other tags as a map, the
// profile and verdict of replay, the moves as SAN and UCI lists, the
// movetext as read and the findings (docs/parquet.md). It writes and reads
// such tables as Parquet files, for DuckDB, Polars, Spark and the like.
//
// A row keeps enough of the record for the canonical writer to give the
// same text back: the tags in their order and the movetext as read (or,
// for a game that fmt passes through as read, the game's source bytes).
package gametable

import (
	"bytes"
	"sort"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// Roster is PGN's Seven Tag Roster: each has a column of its own, named as
// the tag is.
var Roster = [7]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// Row is one game. Field order is column order; the Parquet names are in
// the tags (docs/parquet.md lists them with their types).
type Row struct {
	// File and Game say where the game was read: the input's name and the
	// game's 1-based index in it.
	File string `parquet:"file"`
	Game int64  `parquet:"game"`
	// The Seven Tag Roster; nil (null) when the tag is absent.
	Event  *string `parquet:"Event,optional"`
	Site   *string `parquet:"Site,optional"`
	Date   *string `parquet:"Date,optional"`
	Round  *string `parquet:"Round,optional"`
	White  *string `parquet:"White,optional"`
	Black  *string `parquet:"Black,optional"`
	Result *string `parquet:"Result,optional"`
	// Tags are the other tags in their order (a second tag of a roster
	// name too). Written as a Parquet MAP.
	Tags []KV `parquet:"tags"`
	// Profile, ProfileSource and Settings are the rules the game was
	// judged by (replay.Summary, rules.Settings.Map); Settings is sorted by
	// key and written as a Parquet MAP.
	Profile       string `parquet:"profile"`
	ProfileSource string `parquet:"profile_source"`
	Settings      []KV   `parquet:"settings"`
	// The verdict: replay.Summary's fields of the same names.
	Valid    bool   `parquet:"valid"`
	Outcome  string `parquet:"outcome"`
	Winner   string `parquet:"winner"`
	Plies    int64  `parquet:"plies"`
	Errors   int64  `parquet:"errors"`
	Warnings int64  `parquet:"warnings"`
	// SAN and UCI are the main line's moves as far as they can be played
	// (canonical SAN with check marks; UCI with the variants' extensions,
	// docs/convert.md).
	SAN []string `parquet:"san,list"`
	UCI []string `parquet:"uci,list"`
	// Movetext is the source text of the movetext, from the first
	// movetext token (comments before the first move included) to the end
	// of the game, in UTF-8 (a game read as Latin-1 is converted, like all
	// its text). For a record that was not read from PGN it is the
	// canonical movetext.
	Movetext string `parquet:"movetext"`
	// Source is the game's text exactly as read, only for a game that fmt
	// writes as read (a syntax error, or tags without movetext); null
	// otherwise. It is bytes, not text: it may be any encoding.
	Source []byte `parquet:"source,optional"`
	// Before is the text that holds no game read just before this game:
	// after the game before it, or from the start of the file (a file's
	// header comment, such as pgn-extract's ECO file's). It is no game of
	// its own (no row, no game number, as validate counts games), but
	// fmt keeps it, so the row that follows it keeps it, exactly as read;
	// null when there is none.
	Before []byte `parquet:"before,optional"`
	// After is the text that holds no game after a file's last game (a
	// closing comment), on that game's row only, exactly as read; null
	// when there is none. With Before, the rows of a file keep all of it.
	After []byte `parquet:"after,optional"`
	// Findings are the game's findings with the fields of validate's JSONL
	// (without settings, which are the row's).
	Findings []Finding `parquet:"findings,list"`
	// Line and Column say where the row's game stood in the input it was
	// read from: the position of the first byte of Source when the source
	// is kept, else of Movetext's first byte. A game read back from the
	// table is read at that place (PlacedText), so that its findings point
	// into that input, as validate's on the input itself do. Null for a
	// record read from no text (JSON, LAN, UCI input, which is written in
	// canonical form) and in a table written before the columns were kept.
	// They come last, so that the columns before them keep their places.
	Line   *int64 `parquet:"line,optional"`
	Column *int64 `parquet:"column,optional"`
	// moves holds SAN and UCI compact for a huge game (SetMoves).
	moves *Moves `parquet:"-"`
}

// KV is one entry of a map column.
type KV struct {
	Key   string `parquet:"key"`
	Value string `parquet:"value"`
}

// Finding is replay.Finding without its Settings.
type Finding struct {
	File       string   `parquet:"file"`
	Line       int64    `parquet:"line"`
	Column     int64    `parquet:"column"`
	Game       int64    `parquet:"game"`
	Ply        int64    `parquet:"ply"`
	MoveNumber int64    `parquet:"move_number"`
	Side       string   `parquet:"side"`
	SAN        string   `parquet:"san"`
	Rule       string   `parquet:"rule"`
	Severity   string   `parquet:"severity"`
	Message    string   `parquet:"message"`
	FEN        string   `parquet:"fen"`
	Profile    string   `parquet:"profile"`
	Legal      []string `parquet:"legal,list"`
	Variation  []int64  `parquet:"variation,list"`
}

// Played is what the main line gives beyond the verdict: the moves in
// SAN and UCI, and the settings the game was played under.
type Played struct {
	SAN, UCI []string
	Settings map[string]string
}

// Build makes the row of one game from its record, its verdict (from
// replay.Replayer.Game) and its played main line (from Play). movetext is
// the source text of the movetext (MovetextOf); empty means the record has
// no source text, and the canonical movetext is used. before is the text
// that holds no game read just before the game (Row.Before; nil for none);
// it is copied.
func Build(g *record.Game, res *replay.Result, pl Played, movetext string, before []byte) *Row {
	s := &res.Summary
	r := &Row{
		File: s.File, Game: int64(s.Game),
		Profile: s.Profile, ProfileSource: s.ProfileSource,
		Valid: s.Valid, Outcome: s.Outcome, Winner: s.Winner,
		Plies: int64(s.Plies), Errors: int64(s.Errors), Warnings: int64(s.Warnings),
		SAN: pl.SAN, UCI: pl.UCI,
	}
	roster := [7]**string{&r.Event, &r.Site, &r.Date, &r.Round, &r.White, &r.Black, &r.Result}
	for i := range g.Tags {
		t := &g.Tags[i]
		placed := false
		for k, name := range Roster {
			if t.Name == name && *roster[k] == nil {
				v := t.Value
				*roster[k] = &v
				placed = true
				break
			}
		}
		if !placed {
			r.Tags = append(r.Tags, KV{Key: t.Name, Value: t.Value})
		}
	}
	keys := make([]string, 0, len(pl.Settings))
	for k := range pl.Settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		r.Settings = append(r.Settings, KV{Key: k, Value: pl.Settings[k]})
	}
	if pgn.PassedThrough(g) && g.Source != nil {
		r.Source = g.Source
	}
	if movetext == "" && r.Source == nil {
		movetext = canonicalMovetext(g)
	}
	r.Movetext = movetext
	if len(before) > 0 {
		r.Before = bytes.Clone(before)
	}
	for i := range res.Findings {
		f := &res.Findings[i]
		rf := Finding{
			File: f.File, Line: int64(f.Line), Column: int64(f.Column), Game: int64(f.Game),
			Ply: int64(f.Ply), MoveNumber: int64(f.MoveNumber), Side: f.Side, SAN: f.SAN,
			Rule: f.Rule, Severity: f.Severity, Message: f.Message, FEN: f.FEN, Profile: f.Profile,
			Legal: f.Legal,
		}
		for _, v := range f.Variation {
			rf.Variation = append(rf.Variation, int64(v))
		}
		r.Findings = append(r.Findings, rf)
	}
	return r
}

// SetAfter sets After to a copy of trailer (null when it is empty): the
// text that holds no game after the file's last game, this row's.
func (r *Row) SetAfter(trailer []byte) {
	r.After = nil
	if len(trailer) > 0 {
		r.After = bytes.Clone(trailer)
	}
}

// MovetextOf returns the source text of g's movetext: g.Source from its
// first movetext node (or its termination marker) on. start is the file
// offset of g.Source[0] (grammar.Chunk.Pos.Offset). It returns "" when g
// has no source or no movetext.
func MovetextOf(g *record.Game, start int) string {
	text, latin1 := movetextBytes(g, start)
	if latin1 {
		return grammar.Latin1ToUTF8(string(text))
	}
	return string(text)
}

// MovetextShared is MovetextOf without the copy, for a huge game, whose
// text a copy would double: the string shares g.Source's bytes, so they
// must not change while it is used. A chunk's data never does
// (grammar.Splitter gives each chunk bytes of its own).
func MovetextShared(g *record.Game, start int) string {
	text, latin1 := movetextBytes(g, start)
	if latin1 {
		return grammar.Latin1ToUTF8(string(text))
	}
	if len(text) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(text), len(text))
}

// movetextBytes is the movetext of g in g.Source (MovetextOf), and whether
// the reader read the game as Latin-1 (grammar.Latin1ToUTF8): its text is
// not valid UTF-8.
func movetextBytes(g *record.Game, start int) (text []byte, latin1 bool) {
	at := MovetextPos(g)
	i := at.Offset - start
	if !at.IsValid() || i < 0 || i > len(g.Source) {
		return nil, false
	}
	return g.Source[i:], !utf8.Valid(g.Source)
}

// MovetextPos is where g's movetext starts in its input: its first
// movetext node, or its termination marker when it has none (the start of
// MovetextOf's text). It is not valid when g has neither.
func MovetextPos(g *record.Game) record.Pos {
	switch {
	case len(g.Moves) > 0:
		return g.Moves[0].Pos
	case g.ResultPos.IsValid():
		return g.ResultPos
	}
	return record.Pos{}
}

// Place keeps where the row's game stood in its input (Line, Column):
// source is the position of the game's first byte (its chunk's), movetext
// MovetextPos of its first part. Of the two, the row keeps the one its
// text starts the game with (Source, or Movetext); nothing when that one
// is not valid. Place is called after Source is set (Build).
func (r *Row) Place(source, movetext record.Pos) {
	at := movetext
	if r.Source != nil {
		at = source
	}
	r.Line, r.Column = nil, nil
	if at.IsValid() && at.Col > 0 {
		l, c := int64(at.Line), int64(at.Col)
		r.Line, r.Column = &l, &c
	}
}

// byteOrderMark is UTF-8's.
var byteOrderMark = []byte("\ufeff")

// PlacedText is Text laid out for a reader that names positions: the game
// stands at the line and column it had in its input (Line, Column), so
// the findings of a game read back from the table point where validate's
// on the input point. at is the position to give the text's first byte
// (line 1, column 1 for a row that keeps no place). Blanks are put before
// the game's placed byte when its column in the input was further right
// than in Text (a game that began after the previous one's marker on its
// line); the text's first line and the column of its placed byte are the
// only things laid out otherwise, and the record read is Text's.
func (r *Row) PlacedText() (text []byte, at record.Pos) {
	text = r.Text()
	at = record.Pos{Line: 1, Col: 1}
	if bytes.HasPrefix(text, byteOrderMark) {
		// A reader takes a byte-order mark that starts a text for the
		// file's, not the game's: the row's own (a second one in its
		// file, which the reader reported) is put after one.
		text = append(bytes.Clone(byteOrderMark), text...)
	}
	if r.Line == nil || r.Column == nil || *r.Line < 1 || *r.Column < 1 {
		return text, at
	}
	// The placed byte: the source's first, else the movetext's first.
	anchor := len(r.Before)
	if r.Source == nil {
		anchor = len(text) - len(r.After) - len(r.Movetext)
	}
	if anchor < 0 || anchor > len(text) {
		return text, at
	}
	lines := bytes.Count(text[:anchor], []byte{'\n'})
	col := anchor - (bytes.LastIndexByte(text[:anchor], '\n') + 1) + 1
	want := int(*r.Column)
	line := int(*r.Line) - lines
	if line < 1 {
		return text, at
	}
	at.Line = line
	switch {
	case lines == 0:
		// The placed byte is on the text's first line: the line starts
		// where it puts that byte at its column, when it can.
		if c := want - (col - 1); c >= 1 {
			at.Col = c
		}
	case want > col:
		pad := bytes.Repeat([]byte{' '}, want-col)
		text = append(append(append(make([]byte, 0, len(text)+len(pad)), text[:anchor]...), pad...), text[anchor:]...)
	}
	return text, at
}

// Text returns the PGN text the row stands for: the text before the game
// that holds no game (Before), then the game's source when it is kept,
// else its tags (roster first, as the canonical writer orders them) and
// its movetext, then the text that is no game after it (After). Read with
// the grammar, it gives the records (the text that is no game, the game,
// the text that is no game) that the canonical writer writes as fmt wrote
// the original.
func (r *Row) Text() []byte {
	if r.Source != nil {
		if r.Before == nil && r.After == nil {
			return r.Source
		}
		return append(append(bytes.Clone(r.Before), r.Source...), r.After...)
	}
	var tags []record.Tag
	for k, v := range []*string{r.Event, r.Site, r.Date, r.Round, r.White, r.Black, r.Result} {
		if v != nil {
			tags = append(tags, record.Tag{Name: Roster[k], Value: *v})
		}
	}
	for _, kv := range r.Tags {
		tags = append(tags, record.Tag{Name: kv.Key, Value: kv.Value})
	}
	out := pgn.AppendCanonical(bytes.Clone(r.Before), &record.Game{Tags: tags})
	return append(append(out, r.Movetext...), r.After...)
}

// Blank reports whether the row's text is no game whatever reads it: no
// tag, no source kept, and a movetext of white space only (what a table
// whose movetext is null gives). A movetext of only a comment is no game
// either, which the grammar finds when it reads the text.
func (r *Row) Blank() bool {
	for _, v := range []*string{r.Event, r.Site, r.Date, r.Round, r.White, r.Black, r.Result} {
		if v != nil {
			return false
		}
	}
	return len(r.Tags) == 0 && r.Source == nil && strings.TrimSpace(r.Movetext) == ""
}

// canonicalMovetext is the movetext part of g's canonical text (its move
// numbers follow the FEN tag, so the tags are written and cut off).
func canonicalMovetext(g *record.Game) string {
	full := pgn.AppendCanonical(nil, g)
	if len(g.Tags) == 0 {
		return string(full)
	}
	// The tags, the blank line after them, and the final line end of a
	// game: full has all but the last.
	head := len(pgn.AppendCanonical(nil, &record.Game{Tags: g.Tags})) - 1
	if head < 0 || head > len(full) {
		return ""
	}
	return string(full[head:])
}
