package grammar

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/ashtapada/ashtapada/record"
)

// Notation is the way a record writes its moves: SAN with English letters
// (the PGN standard), SAN with another language's letters or figurines, or
// English descriptive notation. docs/notation-books.md lists every form.
type Notation uint8

const (
	// NotationAuto reads SAN and, for a game that SAN cannot read, guesses
	// the notation from its moves (with a warning naming the guess).
	NotationAuto Notation = iota
	// NotationSAN is PGN's SAN with English letters only.
	NotationSAN
	// NotationDescriptive is English descriptive notation (`P-K4`).
	NotationDescriptive
	// NotationGerman and the rest are SAN (and long algebraic) with that
	// language's piece letters.
	NotationGerman
	NotationFrench
	NotationSpanish
	NotationItalian
	NotationDutch
	NotationPortuguese
	NotationSwedish
	NotationRussian
	// NotationFigurine is SAN with the figurines ♔♕♖♗♘ (either colour).
	NotationFigurine
	notationCount
)

// language is one set of piece letters: the letters of K, Q, R, B, N in
// that language (each may have several spellings).
type language struct {
	code, name string
	letters    [5][]string // K Q R B N
}

var englishOrder = [5]byte{'K', 'Q', 'R', 'B', 'N'}

var languages = [notationCount]language{
	NotationSAN:         {"en", "English", [5][]string{{"K"}, {"Q"}, {"R"}, {"B"}, {"N"}}},
	NotationDescriptive: {"descriptive", "English descriptive", [5][]string{{"K"}, {"Q"}, {"R"}, {"B"}, {"N", "Kt"}}},
	NotationGerman:      {"de", "German", [5][]string{{"K"}, {"D"}, {"T"}, {"L"}, {"S"}}},
	NotationFrench:      {"fr", "French", [5][]string{{"R"}, {"D"}, {"T"}, {"F"}, {"C"}}},
	NotationSpanish:     {"es", "Spanish", [5][]string{{"R"}, {"D"}, {"T"}, {"A"}, {"C"}}},
	NotationItalian:     {"it", "Italian", [5][]string{{"R"}, {"D"}, {"T"}, {"A"}, {"C"}}},
	NotationDutch:       {"nl", "Dutch", [5][]string{{"K"}, {"D"}, {"T"}, {"L"}, {"P"}}},
	NotationPortuguese:  {"pt", "Portuguese", [5][]string{{"R"}, {"D"}, {"T"}, {"B"}, {"C"}}},
	NotationSwedish:     {"sv", "Swedish", [5][]string{{"K"}, {"D"}, {"T"}, {"L"}, {"S"}}},
	NotationRussian:     {"ru", "Russian", [5][]string{{"Кр"}, {"Ф"}, {"Л"}, {"С"}, {"К"}}},
	NotationFigurine:    {"figurine", "figurine", [5][]string{{"♔", "♚"}, {"♕", "♛"}, {"♖", "♜"}, {"♗", "♝"}, {"♘", "♞"}}},
}

// DefaultNotation is the notation of the splitters and readers created
// from now on (NewSplitter); a command sets it once from --notation, as it
// sets DefaultLimits.
var DefaultNotation = NotationAuto

// ParseNotation reads a notation's name as --notation takes it: auto, san
// (or en), descriptive, de, fr, es, it, nl, pt, sv, ru, figurine.
func ParseNotation(name string) (Notation, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "", "auto":
		return NotationAuto, nil
	case "san", "en", "english":
		return NotationSAN, nil
	}
	for n := NotationDescriptive; n < notationCount; n++ {
		if strings.EqualFold(name, languages[n].code) || strings.EqualFold(name, languages[n].name) {
			return n, nil
		}
	}
	return NotationAuto, fmt.Errorf("unknown notation %q: want one of %s", name, strings.Join(NotationNames(), ", "))
}

// NotationNames lists the names ParseNotation takes.
func NotationNames() []string {
	out := []string{"auto", "san"}
	for n := NotationDescriptive; n < notationCount; n++ {
		out = append(out, languages[n].code)
	}
	return out
}

func (n Notation) String() string {
	if n == NotationAuto {
		return "auto"
	}
	if n < notationCount {
		return languages[n].code
	}
	return fmt.Sprintf("Notation(%d)", int(n))
}

// Name is the notation's name for messages ("German").
func (n Notation) Name() string {
	if n == NotationAuto {
		return "automatic"
	}
	if n < notationCount {
		return languages[n].name
	}
	return n.String()
}

// IsLanguage reports whether n is SAN with other letters than English.
func (n Notation) IsLanguage() bool { return n >= NotationGerman && n < notationCount }

// letterEntry maps one spelling of a piece to its English letter.
type letterEntry struct {
	text   string
	letter byte
}

// letterTables are, per notation, the spellings longest first (so that
// Russian `Кр`, the king, is tried before `К`, the knight).
var letterTables = func() [notationCount][]letterEntry {
	var t [notationCount][]letterEntry
	for n := range languages {
		for i, ls := range languages[n].letters {
			for _, l := range ls {
				t[n] = append(t[n], letterEntry{l, englishOrder[i]})
			}
		}
		sort.SliceStable(t[n], func(a, b int) bool { return len(t[n][a].text) > len(t[n][b].text) })
	}
	return t
}()

// translate rewrites a move token written with notation n's letters into
// English SAN (or long algebraic): the piece letters, the promotion piece,
// the Russian long form's `—` and `:`. ok is false when the token uses a
// letter that n does not have.
func translate(tok string, n Notation) (string, bool) {
	table := letterTables[n]
	var b strings.Builder
	b.Grow(len(tok))
	for i := 0; i < len(tok); {
		c := tok[i]
		matched := false
		for _, e := range table {
			if strings.HasPrefix(tok[i:], e.text) {
				b.WriteByte(e.letter)
				i += len(e.text)
				matched = true
				break
			}
		}
		if matched {
			continue
		}
		switch {
		case c >= 'a' && c <= 'h', c >= '0' && c <= '9', c == 'x', c == '+', c == '#', c == '=', c == '-',
			c == '~', c == '/', c == ',', c == '!', c == '?':
			b.WriteByte(c)
			i++
		case c == 'O':
			b.WriteByte(c) // castling
			i++
		case c == ':':
			b.WriteByte('x')
			i++
		case c >= 0x80:
			r, size := utf8.DecodeRuneInString(tok[i:])
			switch r {
			case '—', '–', '‒', '−':
				b.WriteByte('-')
			case '×':
				b.WriteByte('x')
			default:
				return "", false
			}
			i += size
		default:
			return "", false
		}
	}
	return b.String(), true
}

// Letters returns notation n's letter for each English piece letter, for
// writers (the first spelling).
func (n Notation) Letters() map[byte]string {
	out := map[byte]string{}
	if n >= notationCount || n == NotationAuto {
		n = NotationSAN
	}
	for i, ls := range languages[n].letters {
		out[englishOrder[i]] = ls[0]
	}
	return out
}

// ParseMoveIn reads one move token written in notation n: ParseMove for
// SAN, after the letters are made English for a language, or
// ParseDescriptive. The move's Text is the token as written.
func ParseMoveIn(tok string, n Notation) (record.Move, error) {
	switch {
	case n == NotationDescriptive:
		return ParseDescriptive(tok)
	case n.IsLanguage():
		t, ok := translate(tok, n)
		if !ok {
			m, _ := ParseMove("")
			m.Text = tok
			return m, &MoveError{tok, "a move in " + n.Name() + " notation (pieces " + n.letterList() + ")"}
		}
		m, err := ParseMove(t)
		m.Text = tok
		// The Russian books' long form is that notation's own, not a
		// leniency of it.
		if n == NotationRussian {
			m.Lenient &^= lenientLongForms
		}
		return m, err
	}
	return ParseMove(tok)
}

func (n Notation) letterList() string {
	var parts []string
	for i, ls := range languages[n].letters {
		parts = append(parts, ls[0]+"="+string(englishOrder[i]))
	}
	return strings.Join(parts, " ")
}

const lenientLongForms = record.LenientLong | record.LenientHyphen
