package grammar

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/ashtapada/ashtapada/record"
)

// The books' notations (docs/notation-books.md, record.Notation.Book):
// English descriptive notation, SAN with another language's letters or
// with figurines. The reader is told one of them (Splitter.SetNotation),
// or reads SAN and guesses one for a game that SAN cannot read
// (Splitter.SetGuess).

// ParseNotation reads a notation's name as --notation takes it: auto, san
// (or en), descriptive, de, fr, es, it, nl, pt, sv, ru, figurine (or the
// notation's name, "German"). guess is true for auto: SAN, and a guess
// for a game that SAN cannot read.
func ParseNotation(name string) (n record.Notation, guess bool, err error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "", "auto":
		return record.SAN, true, nil
	case "san", "en", "english":
		return record.SAN, false, nil
	}
	for _, n := range record.BookNotations() {
		if strings.EqualFold(name, n.String()) || strings.EqualFold(name, n.Name()) {
			return n, false, nil
		}
	}
	return record.SAN, true, fmt.Errorf("unknown notation %q: want one of %s", name, strings.Join(NotationNames(), ", "))
}

// NotationNames lists the names ParseNotation takes.
func NotationNames() []string {
	out := []string{"auto", "san"}
	for _, n := range record.BookNotations() {
		out = append(out, n.String())
	}
	return out
}

// letterEntry maps one spelling of a piece to its English letter.
type letterEntry struct {
	text   string
	letter byte
}

// englishOrder are the English letters of the men in the order of
// record.Notation.PieceLetters.
var englishOrder = [5]byte{'K', 'Q', 'R', 'B', 'N'}

// letterTables are, per language notation, the spellings longest first
// (so that Russian `Кр`, the king, is tried before `К`, the knight).
var letterTables = func() map[record.Notation][]letterEntry {
	t := map[record.Notation][]letterEntry{}
	for _, n := range record.BookNotations() {
		var es []letterEntry
		for i, ls := range n.PieceLetters() {
			for _, l := range ls {
				es = append(es, letterEntry{l, englishOrder[i]})
			}
		}
		sort.SliceStable(es, func(a, b int) bool { return len(es[a].text) > len(es[b].text) })
		t[n] = es
	}
	return t
}()

// translate rewrites a move token written with notation n's letters into
// English SAN (or long algebraic): the piece letters, the promotion piece,
// the Russian long form's `—` and `:`. ok is false when the token uses a
// letter that n does not have.
func translate(tok string, n record.Notation) (string, bool) {
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
		case c == 'O', c == 'o' && strings.HasPrefix(tok, "o-o"):
			// Castling; in lower case (`o-o`) ParseMove reads it with a
			// lenient-notation warning, as in SAN.
			b.WriteByte(c)
			i++
		case c == ':':
			b.WriteByte('x')
			i++
		case c >= 0x80:
			r, size := utf8.DecodeRuneInString(tok[i:])
			switch {
			case isTypesetDash(r):
				b.WriteByte('-')
			case r == '×':
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
func Letters(n record.Notation) map[byte]string {
	out := map[byte]string{}
	for i, ls := range n.PieceLetters() {
		out[englishOrder[i]] = ls[0]
	}
	return out
}

// ParseMoveIn reads one move token written in notation n: ParseMove for
// SAN, after the letters are made English for a language, or
// ParseDescriptive. The move's Text is the token as written.
func ParseMoveIn(tok string, n record.Notation) (record.Move, error) {
	switch {
	case n == record.DescriptiveNotation:
		return ParseDescriptive(tok)
	case n.IsLanguage():
		t, ok := translate(tok, n)
		lookAlike := false
		if !ok && (n == record.Russian || strings.Contains(tok, "ç")) {
			// `e7—е6`, `Kg8—f6`: typed with look-alike letters.
			if fixed, notes := russianLookAlikes(tok, n == record.Russian); notes != nil {
				t, ok = translate(fixed, n)
				lookAlike = ok
			}
		}
		if !ok {
			m, _ := ParseMove("")
			m.Text = tok
			if msg, ok := latinForLetter(tok, n); ok {
				return m, errors.New(msg)
			}
			return m, &MoveError{tok, "a move in " + n.Name() + " notation (pieces " + letterList(n) + ")"}
		}
		m, err := ParseMove(t)
		if err != nil {
			if without, ok := withoutManTaken(t); ok {
				if m2, err2 := ParseMove(without); err2 == nil && m2.FromFile >= 0 && m2.FromRank >= 0 {
					m, err = m2, nil
					m.Lenient |= record.LenientManTaken
				}
			} else if m2, ok := manTakesMan(t); ok {
				m, err = m2, nil
			}
		}
		m.Text = tok
		if me, ok := err.(*MoveError); ok && me.Text == t {
			// The error quotes the move as written (`A4c`), not as
			// made English (`B4c`).
			err = &MoveError{tok, me.Reason}
		}
		if lookAlike {
			m.Lenient |= record.LenientLookAlike
		}
		// The Russian books' long form is that notation's own, not a
		// leniency of it.
		if n == record.Russian {
			m.Lenient &^= lenientLongForms
		}
		return m, err
	}
	return ParseMove(tok)
}

// withoutManTaken is t, a move made English, without the letter of the
// man taken that stands after its `x` (`Nd7xNe5` is `Nd7xe5`); ok is false
// when t has none. ParseMoveIn takes it only for long algebraic, where
// the origin square leaves no doubt which man moves.
func withoutManTaken(t string) (string, bool) {
	i := strings.IndexByte(t, 'x')
	if i < 0 || i+3 >= len(t) || !isPiece(t[i+1]) || !isFileByte(t[i+2]) || !isRankByte(t[i+3]) {
		return "", false
	}
	return t[:i+1] + t[i+2:], true
}

// manTakesMan reads t, a move made English, that names the man that
// takes and the man taken and no square (`TxT DxT` of a French page, `RxR
// QxR`), as the descriptive books' capture of a man by a man: the replay
// finds the captures of that kind of man by that kind, and reads the move
// only where exactly one is legal (none is an illegal move, two or more an
// ambiguous one: the language's moves are not chosen among by the moves
// after them, as the descriptive books' are). It carries LenientManTaken
// for the warning. ok is false for any other text.
func manTakesMan(t string) (record.Move, bool) {
	if len(t) < 3 || !isPiece(t[0]) || t[1] != 'x' || !isPiece(t[2]) || strings.Trim(t[3:], "+#!?") != "" {
		return record.Move{}, false
	}
	m, err := ParseDescriptive(t)
	if err != nil || m.Desc == nil || m.Desc.CapMan == 0 || m.Desc.ToFiles != 0 || m.Desc.FromFiles != 0 || m.Desc.Wing != 0 || m.Desc.CapWing != 0 || m.Desc.CapFiles != 0 {
		return record.Move{}, false
	}
	m.Lenient |= record.LenientManTaken
	return m, true
}

// letterList names n's letters for messages: `K=K D=Q T=R L=B S=N`.
func letterList(n record.Notation) string {
	var parts []string
	for i, ls := range n.PieceLetters() {
		parts = append(parts, ls[0]+"="+string(englishOrder[i]))
	}
	return strings.Join(parts, " ")
}

const lenientLongForms = record.LenientLong | record.LenientHyphen

// latinForLetter words the error of a move whose piece letter is typed with
// the Latin letters that look like the notation's own (`Kpe2` for the
// Russian king `Кр`): it names them, since no font shows the difference.
// ok is false when tok starts with no such letters.
func latinForLetter(tok string, n record.Notation) (string, bool) {
	for _, e := range letterTables[n] {
		if len(tok) < utf8.RuneCountInString(e.text) {
			continue
		}
		i, same := 0, true
		var codes []string
		for _, r := range e.text {
			if i >= len(tok) || tok[i] >= utf8.RuneSelf || lookAlikes[r] != tok[i] {
				same = false
				break
			}
			codes = append(codes, fmt.Sprintf("U+%04X", r))
			i++
		}
		if same && i > 0 {
			return fmt.Sprintf("`%s`: `%s` is typed in Latin letters, where %s notation writes `%s` (%s, %s) for the %s",
				quoteToken(tok), tok[:i], n.Name(), e.text, "Cyrillic", strings.Join(codes, " "), manName(e.letter)), true
		}
	}
	return "", false
}

// manName is the name of the man with English letter l.
func manName(l byte) string {
	switch l {
	case 'K':
		return "king"
	case 'Q':
		return "queen"
	case 'R':
		return "rook"
	case 'B':
		return "bishop"
	}
	return "knight"
}
