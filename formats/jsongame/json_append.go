package jsongame

// The JSON of a game without reflection: convert --to json writes every
// node and every ply of a corpus, and encoding/json spent most of that time
// looking at struct tags. appendJSON writes exactly what encoding/json
// writes for a Game (with SetEscapeHTML(false): <, > and & as they
// are): fields in declaration order, omitempty as encoding/json reads it,
// map keys sorted, strings escaped alike. TestJSONAppendMatchesEncodingJSON holds
// the two to the same bytes; a field added to the JSON types must be added
// here too, which that test sees.

import (
	"slices"
	"strconv"
	"unicode/utf8"
)

// appendJSON appends the game's object, without a newline.
func (j *Game) appendJSON(b []byte) []byte { return j.appendJSONSettings(b, nil) }

// appendJSONSettings is appendJSON with j.Settings already written as
// settings when not nil (jsonParts.settingsJSON: the same for every game of
// a profile, and sorting it for each game would cost convert --to json a
// measurable share of its time: docs/performance.md, "Costs that shaped
// the code").
func (j *Game) appendJSONSettings(b, settings []byte) []byte {
	o := jsonObject{b: b}
	j.appendHead(&o)
	j.appendProfile(&o, settings)
	o.key("moves")
	if j.Moves == nil {
		o.b = append(o.b, "null"...)
	} else {
		o.b = appendJSONNodes(o.b, j.Moves)
	}
	j.appendTail(&o)
	return o.end()
}

// appendHead, appendProfile and appendTail write the members before the
// moves (the record's, then replay's) and after them: a game read in parts
// writes them at its start, at its first part and at its end, and its
// moves a part at a time between (json_parts.go).
func (j *Game) appendHead(o *jsonObject) {
	if j.Game != 0 {
		o.key("game")
		o.b = strconv.AppendInt(o.b, int64(j.Game), 10)
	}
	o.pos("pos", j.Pos)
	o.key("tags")
	if j.Tags == nil {
		o.b = append(o.b, "null"...)
	} else {
		o.b = append(o.b, '[')
		for i := range j.Tags {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			o.b = j.Tags[i].appendJSON(o.b)
		}
		o.b = append(o.b, ']')
	}
}

// appendProfile: settings, when not nil, is j.Settings as written
// (appendJSONSettings).
func (j *Game) appendProfile(o *jsonObject, settings []byte) {
	o.str("profile", j.Profile)
	if len(j.Settings) > 0 {
		o.key("settings")
		if settings != nil {
			o.b = append(o.b, settings...)
		} else {
			o.b = appendStringMap(o.b, j.Settings)
		}
	}
}

func (j *Game) appendTail(o *jsonObject) {
	o.str("result", j.Result)
	o.str("book_notation", j.BookNotation)
	o.pos("result_pos", j.ResultPos)
	if len(j.Notices) > 0 {
		o.key("notices")
		o.b = append(o.b, '[')
		for i := range j.Notices {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			o.b = j.Notices[i].appendJSON(o.b)
		}
		o.b = append(o.b, ']')
	}
	o.strPtr("source", j.Source)
	o.strPtr("source_base64", j.SourceBase64)
	o.strPtr("trailing", j.Trailing)
	o.strPtr("trailing_base64", j.TrailingBase64)
	o.pos("trailing_pos", j.TrailingPos)
}

func (t *Tag) appendJSON(b []byte) []byte {
	o := jsonObject{b: b}
	o.key("name")
	o.b = appendJSONString(o.b, t.Name)
	o.key("value")
	o.b = appendJSONString(o.b, t.Value)
	o.pos("pos", t.Pos)
	return o.end()
}

func (n *Notice) appendJSON(b []byte) []byte {
	o := jsonObject{b: b}
	o.pos("pos", n.Pos)
	o.key("rule")
	o.b = appendJSONString(o.b, n.Rule)
	o.key("severity")
	o.b = appendJSONString(o.b, n.Severity)
	o.key("message")
	o.b = appendJSONString(o.b, n.Message)
	return o.end()
}

func appendJSONNodes(b []byte, nodes []Node) []byte {
	b = append(b, '[')
	for i := range nodes {
		if i > 0 {
			b = append(b, ',')
		}
		b = nodes[i].appendJSON(b)
	}
	return append(b, ']')
}

func (n *Node) appendJSON(b []byte) []byte {
	o := jsonObject{b: b}
	o.key("kind")
	o.b = appendJSONString(o.b, n.Kind)
	o.pos("pos", n.Pos)
	o.strPtr("text", n.Text)
	o.intPtr("number", n.Number)
	o.intPtr("dots", n.Dots)
	if n.Move != nil {
		o.key("move")
		o.b = n.Move.appendJSON(o.b)
	}
	if len(n.Variation) > 0 {
		o.key("variation")
		o.b = appendJSONNodes(o.b, n.Variation)
	}
	if n.Played != nil {
		o.key("played")
		o.b = n.Played.appendJSON(o.b)
	}
	return o.end()
}

func (m *Move) appendJSON(b []byte) []byte {
	o := jsonObject{b: b}
	o.key("written")
	o.b = appendJSONString(o.b, m.Written)
	o.flag("null", m.Null)
	o.str("piece", m.Piece)
	o.flag("leap", m.Leap)
	o.str("castle", m.Castle)
	o.str("from_file", m.FromFile)
	o.str("from_rank", m.FromRank)
	o.flag("capture", m.Capture)
	o.str("to", m.To)
	o.str("promotion", m.Promotion)
	if c := m.Conversion; c != nil {
		o.key("conversion")
		o.b = append(o.b, `{"square":`...)
		o.b = appendJSONString(o.b, c.Square)
		o.b = append(o.b, `,"piece":`...)
		o.b = appendJSONString(o.b, c.Piece)
		o.b = append(o.b, '}')
	}
	o.str("check", m.Check)
	o.str("glyph", m.Glyph)
	o.flag("joined", m.Joined)
	if len(m.Lenient) > 0 {
		o.key("lenient")
		o.b = append(o.b, '[')
		for i, s := range m.Lenient {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			o.b = appendJSONString(o.b, s)
		}
		o.b = append(o.b, ']')
	}
	o.str("notation", m.Notation)
	return o.end()
}

func (p *Played) appendJSON(b []byte) []byte {
	o := jsonObject{b: b}
	o.key("ply")
	o.b = strconv.AppendInt(o.b, int64(p.Ply), 10)
	o.key("san")
	o.b = appendJSONString(o.b, p.SAN)
	o.str("lan", p.LAN)
	o.str("uci", p.UCI)
	o.str("from", p.From)
	o.str("to", p.To)
	o.flag("capture", p.Capture)
	o.flag("check", p.Check)
	o.flag("mate", p.Mate)
	o.flag("leap", p.Leap)
	o.str("promotion", p.Promotion)
	o.flag("waiting_arrival", p.Waiting)
	o.str("conversion", p.Conversion)
	o.key("turn_index")
	o.b = strconv.AppendInt(o.b, int64(p.TurnIndex), 10)
	o.str("fen_after", p.FENAfter)
	return o.end()
}

// jsonObject writes one object's members: key puts the comma before every
// member but the first. The helpers leave out what omitempty leaves out.
type jsonObject struct {
	b    []byte
	some bool
}

func (o *jsonObject) key(k string) {
	if o.some {
		o.b = append(o.b, ',', '"')
	} else {
		o.b = append(o.b, '{', '"')
		o.some = true
	}
	o.b = append(o.b, k...)
	o.b = append(o.b, '"', ':')
}

func (o *jsonObject) end() []byte {
	if !o.some {
		return append(o.b, '{', '}')
	}
	return append(o.b, '}')
}

func (o *jsonObject) str(k, v string) {
	if v != "" {
		o.key(k)
		o.b = appendJSONString(o.b, v)
	}
}

func (o *jsonObject) strPtr(k string, v *string) {
	if v != nil {
		o.key(k)
		o.b = appendJSONString(o.b, *v)
	}
}

func (o *jsonObject) intPtr(k string, v *int) {
	if v != nil {
		o.key(k)
		o.b = strconv.AppendInt(o.b, int64(*v), 10)
	}
}

func (o *jsonObject) flag(k string, v bool) {
	if v {
		o.key(k)
		o.b = append(o.b, "true"...)
	}
}

func (o *jsonObject) pos(k string, p *[3]int) {
	if p != nil {
		o.key(k)
		o.b = append(o.b, '[')
		o.b = strconv.AppendInt(o.b, int64(p[0]), 10)
		o.b = append(o.b, ',')
		o.b = strconv.AppendInt(o.b, int64(p[1]), 10)
		o.b = append(o.b, ',')
		o.b = strconv.AppendInt(o.b, int64(p[2]), 10)
		o.b = append(o.b, ']')
	}
}

// appendStringMap writes a map as encoding/json does: keys sorted.
func appendStringMap(b []byte, m map[string]string) []byte {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, k)
		b = append(b, ':')
		b = appendJSONString(b, m[k])
	}
	return append(b, '}')
}

const hexDigits = "0123456789abcdef"

// jsonPlain holds the bytes appendJSONString copies as they are: ASCII
// from space on, but for `"` and `\`.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendJSONString quotes s as encoding/json does without HTML escaping:
// `"` and `\` escaped, control characters as \b \f \n \r \t or \u00XX,
// invalid UTF-8 as \ufffd, U+2028 and U+2029 as escapes.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	return append(appendJSONChars(b, s), '"')
}

// jsonPlainText reports whether s is all bytes appendJSONChars copies as
// they are.
func jsonPlainText(s string) bool {
	i := 0
	// Eight bytes at a time (a game's SANs, asked once a game, are
	// some thousands), the rest a byte at a time. In a word, a byte is
	// not plain when its top bit is set, when it is below 0x20, or when
	// it is `"` or `\` (zero in the word xor'ed with that byte in every
	// place). Each test is exact for whether some byte fails it:
	// (x-n)&^x has a byte's top bit set first at the lowest byte below
	// n, for n up to 0x80.
	const ones, tops = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(s); i += 8 {
		x := word8(s[i:])
		q, b := x^(ones*'"'), x^(ones*'\\')
		if (x|(x-ones*0x20)&^x|(q-ones)&^q|(b-ones)&^b)&tops != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if !jsonPlain[s[i]] {
			return false
		}
	}
	return true
}

// word8 is the first eight bytes of w as a word, the first in the low
// byte: one load.
func word8(w string) uint64 {
	_ = w[7] // one bounds test, not eight
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// appendJSONChars is appendJSONString without the quotes.
func appendJSONChars(b []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if jsonPlain[c] {
			// Most of what convert writes (SAN, LAN, FEN, names) is
			// plain ASCII: one look-up per byte.
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(b, s[start:]...)
}
