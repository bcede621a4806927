package jsongame

// The compact JSON form (convert --to json --compact, docs/convert.md): one
// object per game with its number, its tags as an object, the main line as
// the replay played it in canonical SAN, and the result. It does the job
// of pgn-extract's --json, which is what most readers of a game database
// in JSON want, at a thirty-sixth of the lossless form's bytes: no node
// positions, comments, variations, NAGs or derived fields. Read back, the
// tags and the moves give a record again (the moves read by the grammar),
// which is enough for every format written from the main line (LAN, UCI,
// FEN lists, plain PGN) but not for the lossless ones.
//
//	{"game":1,"tags":{"Event":"x","Result":"1-0"},"moves":["e4","e5"],"result":"1-0"}
//
// A move joined to the one before it in a compound turn (the opening
// moves of some historical variants) is written with a leading comma
// (",Nf3"), as PGN joins it, so that one element stays one ply.

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
)

// CompactRenderer renders a game's compact object (a line of JSONL with
// lines). It keeps nothing from game to game: the object is appended to
// the piece's buffer straight from the record and the replay's steps.
type CompactRenderer struct {
	lines bool
	// o is the object of the game being rendered, moves the moves
	// written in it.
	o     jsonObject
	moves int
}

// Begin, Part and End render game n's compact object, its moves written a
// part at a time. A game the reader could not read has no moves and says
// why in "error" (the full form keeps its source instead; uci writes
// nothing for it, so that read back it is again a game that was not
// read); a game whose replay stopped has the moves before the stop and
// says why in "stopped", in the coordinate formats' words (notation.StopReason).
func (c *CompactRenderer) Begin(dst []byte, g *record.Game, n int) {
	c.o, c.moves = compactHead(dst, g, n), 0
}

func (c *CompactRenderer) Part(_ []record.Node, pl *replay.Played) {
	c.o.b, c.moves = appendCompactMoves(c.o.b, pl, c.moves)
}

func (c *CompactRenderer) Take(min int) []byte {
	if len(c.o.b) < min || len(c.o.b) == 0 {
		return nil
	}
	b := c.o.b
	c.o.b = b[:0]
	return b
}

func (c *CompactRenderer) End(g *record.Game, _ int, res *replay.Result) ([]byte, error) {
	var pl *replay.Played
	if res != nil {
		pl = res.Played
	}
	if g.Unreadable() == nil && pl != nil {
		c.Part(g.Moves, pl)
	}
	b := compactTail(c.o, g, pl)
	if c.lines {
		b = append(b, '\n')
	}
	c.o = jsonObject{}
	return b, nil
}

// compactHead writes the compact object up to its moves: the game's
// number, its tags, and the moves' opening bracket.
func compactHead(b []byte, g *record.Game, n int) jsonObject {
	o := jsonObject{b: b}
	o.key("game")
	o.b = strconv.AppendInt(o.b, int64(n), 10)
	o.key("tags")
	o.b = append(o.b, '{')
	// A game of many tags (a hostile one may hold a million within the
	// size limit) is checked for repeats with a set: the scan of the tags
	// before is quadratic.
	var seen map[string]struct{}
	if len(g.Tags) > manyTags {
		seen = make(map[string]struct{}, len(g.Tags))
	}
	for i := range g.Tags {
		if repeatedTag(g.Tags, i, seen) {
			// A tag written twice: its first value is the one the
			// replay and every lookup use (record.Game.Tag), and an
			// object's names should be unique.
			continue
		}
		if o.b[len(o.b)-1] != '{' {
			o.b = append(o.b, ',')
		}
		o.b = appendJSONString(o.b, g.Tags[i].Name)
		o.b = append(o.b, ':')
		o.b = appendJSONString(o.b, g.Tags[i].Value)
	}
	o.b = append(o.b, '}')
	o.key("moves")
	o.b = append(o.b, '[')
	return o
}

// appendCompactMoves appends the SANs of pl's steps, written after
// written moves, and returns how many are written then.
func appendCompactMoves(b []byte, pl *replay.Played, written int) ([]byte, int) {
	// A SAN has nothing to escape but in a strange profile's letters:
	// asked once for the game's, not byte by byte for each.
	sans := pl.SANs()
	if !jsonPlainText(sans) {
		for i := range pl.Len() {
			b = appendCompactSep(b, pl, i, written)
			written++
			b = append(appendJSONChars(b, pl.SAN(i)), '"')
		}
		return b, written
	}
	// Room for them all at once: each is its SAN, two quotes and at
	// most two commas, and eight bytes past. The SANs are read in
	// order, each from where the one before ends (Played.SANEnd); one
	// of at most eight bytes that are not the last eight of the SANs is
	// copied as the word it starts, whose bytes past it the next
	// overwrites (or that are cut), not by a copy's call.
	b = slices.Grow(b, len(sans)+4*pl.Len()+8)
	from := 0
	for i := range pl.Len() {
		end := pl.SANEnd(i)
		b = appendCompactSep(b, pl, i, written)
		written++
		if l := len(b); end-from <= 8 && from+8 <= len(sans) && l+8 <= cap(b) {
			binary.LittleEndian.PutUint64(b[l:l+8], word8(sans[from:]))
			b = b[:l+end-from]
		} else {
			b = append(b, sans[from:end]...)
		}
		b = append(b, '"')
		from = end
	}
	return b, written
}

// appendCompactSep appends what comes before step i's SAN, written
// after written moves: a comma between moves, the opening quote, and a
// comma that joins a compound turn's later move to the one before.
func appendCompactSep(b []byte, pl *replay.Played, i, written int) []byte {
	if written > 0 {
		b = append(b, ',')
	}
	b = append(b, '"')
	if pl.TurnIndex(i) > 0 {
		b = append(b, ',')
	}
	return b
}

// compactTail ends the compact object after its moves: the result, and
// why the moves stop.
func compactTail(o jsonObject, g *record.Game, pl *replay.Played) []byte {
	o.b = append(o.b, ']')
	o.str("result", g.Result)
	switch se := g.Unreadable(); {
	case se != nil:
		o.str("error", fmt.Sprintf("%d:%d: %s", se.Pos.Line, se.Pos.Col, se.Message))
	case pl != nil:
		why, _ := notation.StopReason(pl)
		o.str("stopped", why)
	}
	return o.end()
}

// manyTags is the count of tags above which repeatedTag uses a set.
const manyTags = 32

// repeatedTag reports whether tags[i]'s name was written before it: by a
// scan of the tags before, or, when seen is not nil, by the set of the
// names seen so far, to which it adds the name.
func repeatedTag(tags []record.Tag, i int, seen map[string]struct{}) bool {
	name := tags[i].Name
	if seen != nil {
		if _, ok := seen[name]; ok {
			return true
		}
		seen[name] = struct{}{}
		return false
	}
	for j := range tags[:i] {
		if tags[j].Name == name {
			return true
		}
	}
	return false
}

// jsonCompact is a compact object as read. Stopped is derived, like the
// full form's played fields, and ignored.
type jsonCompact struct {
	Tags    compactTags `json:"tags"`
	Moves   []string    `json:"moves"`
	Result  string      `json:"result"`
	Error   *string     `json:"error"`
	Stopped string      `json:"stopped"`
}

// compactTags reads the tags object in its order (a map would lose it).
type compactTags []record.Tag

func (t *compactTags) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return fmt.Errorf("tags: want an object of names and values")
	}
	for dec.More() {
		name, err := dec.Token()
		if err != nil {
			return fmt.Errorf("tags: %w", err)
		}
		v, err := dec.Token()
		if err != nil {
			return fmt.Errorf("tags: %w", err)
		}
		value, ok := v.(string)
		if !ok {
			return fmt.Errorf("tags: the value of %q is not a string", name)
		}
		*t = append(*t, record.Tag{Name: name.(string), Value: value})
	}
	return nil
}

// isCompact reports whether decoding an object as a full game failed
// where a compact object differs from it: tags an object, not an array.
func isCompact(err error) bool {
	var te *json.UnmarshalTypeError
	return errors.As(err, &te) && te.Field == "tags" && te.Value == "object"
}

// gameFromCompact reads a compact object (data) as a record: its tags, its
// moves read by the grammar one by one, its result, and for "error" a game
// the reader could not read. No move numbers: the PGN writer numbers the
// moves itself, from the FEN tag.
func gameFromCompact(data []byte) (*record.Game, error) {
	var c jsonCompact
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, err
	}
	g := &record.Game{Tags: []record.Tag(c.Tags), Result: c.Result}
	if c.Error != nil {
		g.Notices = []record.Notice{errorNotice(*c.Error)}
		return g, nil
	}
	g.Moves = make([]record.Node, 0, len(c.Moves))
	for i, s := range c.Moves {
		joined := strings.HasPrefix(s, ",")
		if joined {
			if i == 0 {
				return nil, fmt.Errorf("moves[0] %q: a move joined to none before it", s)
			}
			s = s[1:]
		}
		m, err := grammar.ParseMove(s)
		if err != nil {
			return nil, fmt.Errorf("moves[%d]: %w", i, err)
		}
		m.Joined = joined
		g.Moves = append(g.Moves, record.Node{Kind: record.KindMove, Text: m.Text, Move: &m})
	}
	return g, nil
}

// errorNotice is the syntax error a compact object's "error" says, its
// place read back from the "line:column: " before the message, so that
// written again it says the same.
func errorNotice(s string) record.Notice {
	n := record.Notice{Rule: ruleid.Syntax, Severity: record.Error, Message: s}
	line, rest, ok1 := strings.Cut(s, ":")
	col, msg, ok2 := strings.Cut(rest, ": ")
	l, err1 := strconv.Atoi(line)
	c, err2 := strconv.Atoi(col)
	if ok1 && ok2 && err1 == nil && err2 == nil && l >= 0 && c >= 0 && strconv.Itoa(l) == line && strconv.Itoa(c) == col {
		n.Pos, n.Message = record.Pos{Line: l, Col: c}, msg
	}
	return n
}
