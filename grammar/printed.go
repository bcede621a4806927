package grammar

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
)

// This file reads forms that printed pages and web pages set apart from
// the move they belong to (docs/format.md, "Forms of print"): long
// algebraic with spaces around its hyphen (`e2 - e4`), and a check or mate
// mark after a space (`Nf3 +`, `Cd5 ++`). The lexer reads them as two or
// three words; the builder joins them here, so that the fast path and the
// grammar, which share the builder, read them alike.

// isApartMark: a word that may belong to the move before it, written
// apart: the hyphen of long algebraic, or a check or mate mark. None of
// them is a move by itself.
func isApartMark(w string) bool {
	switch w {
	case "-", "+", "++", "#", "!", "?", "!!", "??", "!?", "?!":
		return true
	}
	return false
}

// turnApart reads the move val at p and the mark that s stands at (an
// isApartMark word, or the `x` of a capture), with the destination after a
// hyphen or an `x`, as one move. A move that does not read that way is
// read as the words it is written in, which reports the error at the mark
// as before: `e4 - e5` and `d4 x e5` are joined only because `e4-e5` and
// `d4xe5` name an origin square, and the replay then judges them.
func (b *builder) turnApart(s *elemSrc, val string, p record.Pos) {
	mark, markPos := s.val, s.pos
	s.next()
	glued, written := val+mark, b.sourceText(p, markPos, mark, val+" "+mark)
	long := mark == "-" || mark == "x"
	if long {
		if s.kind != eMove {
			b.turnWords(val, p, mark, markPos)
			return
		}
		glued, written = val+mark+s.val, b.sourceText(p, s.pos, s.val, val+" "+mark+" "+s.val)
		s.next()
	}
	first, _, _ := strings.Cut(glued, ",")
	m, ok := b.readsAsMove(first)
	// A dash capture is val, the dash and the destination: a val with a
	// comma (the end of a compound turn's move before it) is none, and
	// glued's part before its first comma is then shorter than val.
	if !ok && mark == "-" && strings.IndexByte(val, ',') < 0 {
		if capture, ok := b.dashCapture(val, first[len(val)+1:]); ok {
			b.turnRead(capture+glued[len(first):], written, capture, "", record.LenientDashCapture, p,
				fmt.Sprintf("`%s` prints the capture with a spaced dash and no `x`; read as `%s`", b.text(strings.TrimSuffix(written, glued[len(first):])), capture))
			return
		}
	}
	switch {
	case !ok || strings.IndexByte(val, ',') >= 0:
	case long && (m.FromFile < 0 || m.FromRank < 0):
	case isGlyphByte(mark[0]) && isGlyphByte(val[len(val)-1]):
	case !isGlyphByte(mark[0]) && mark != "-" && strings.ContainsAny(val, "+#!?"):
	default:
		b.turnJoined(glued, written, first, mark, p)
		return
	}
	b.turnWords(val, p, mark, markPos)
}

// dashCapture reads `d - e5` and `A - f3`, a newspaper's capture printed
// with a spaced dash and no `x` (El País), in SAN and a language's letters:
// before the dash a pawn's file alone, or a piece letter alone, and after
// it the destination. It returns the capture as SAN writes it (`dxe5`,
// `Axf3`) when that reads as a move: a pawn's file must differ from the
// destination's (`e - e5` is no capture), and a piece letter is read only
// where it names no square (`Nf3 - Nc6` stays the error it was). The
// replay then judges it as every capture: illegal where no such man takes
// there, ambiguous where two do, and a `lenient-notation` warning where
// the square is empty (the `x` the reading supplied is then superfluous:
// record.LenientDashCapture tells the replay so).
func (b *builder) dashCapture(val, dest string) (string, bool) {
	if b.g.Notation == record.DescriptiveNotation || dest == "" || strings.IndexAny(val, "0123456789x,-+#!?") >= 0 {
		return "", false
	}
	if len(val) == 1 && val[0] >= 'a' && val[0] <= 'h' && dest[0] == val[0] {
		return "", false
	}
	capture := val + "x" + dest
	m, ok := b.readsAsMove(capture)
	if !ok || m.FromRank >= 0 || (len(val) > 1 || val[0] < 'a' || val[0] > 'h') && m.FromFile >= 0 {
		return "", false
	}
	return capture, true
}

// sourceText is the record's text from p to the end of last, a token at
// lastPos: a move and the mark apart from it as written, with whatever
// space stands between them (a line break, tabs), so that the move's text
// and the findings that quote it are what the record holds. guess is
// used when the positions do not lie in the game's text.
func (b *builder) sourceText(p, lastPos record.Pos, last, guess string) string {
	from, to := p.Offset-b.g.Pos.Offset, lastPos.Offset-b.g.Pos.Offset+len(last)
	if from < 0 || from > to || to > len(b.g.Source) {
		return guess
	}
	return string(b.g.Source[from:to])
}

// turnWords reads val and the mark after it as two turns, as they are
// written: the mark is then the error it always was.
func (b *builder) turnWords(val string, p record.Pos, mark string, markPos record.Pos) {
	b.turn(val, p)
	if !b.failed {
		b.turn(mark, markPos)
	}
}

// turnJoined reads glued, the turn written as written, at p; first is its
// first move glued. The move keeps its text as written, and one
// lenient-notation warning says how it was read (in place of the one its
// glued form may have had).
func (b *builder) turnJoined(glued, written, first, mark string, p record.Pos) {
	text, _, _ := strings.Cut(written, ",")
	text = b.text(text)
	var msg string
	switch mark {
	case "-", "x":
		msg = fmt.Sprintf("`%s` is long algebraic with spaces around the `%s`; read as `%s`", text, mark, first)
	case "++":
		msg = fmt.Sprintf("`%s`: mate written `++`, apart from the move; PGN writes `#` (read as mate, which the replay checks)", text)
	case "!", "?", "!!", "??", "!?", "?!":
		msg = fmt.Sprintf("`%s`: the move's glyph stands apart from it; read as `%s`", text, first)
	default:
		msg = fmt.Sprintf("`%s`: the check mark stands apart from the move; read as `%s`", text, first)
	}
	b.turnRead(glued, written, first, mark, 0, p, msg)
}

// turnRead reads glued, the turn written as written, at p, as turnJoined
// does, with msg the warning that says how it was read; mark is the mark
// joined ("" for none), and form the lenient form the reading is, which
// the turn's first move is marked with (0: none beyond its own), so that
// the replay knows what the record wrote.
func (b *builder) turnRead(glued, written, first, mark string, form record.Lenient, p record.Pos, msg string) {
	keep, from := len(b.g.Notices), len(b.stack)
	b.turn(glued, p)
	if b.failed || len(b.stack) == from {
		return
	}
	text, _, _ := strings.Cut(written, ",")
	text = b.text(text)
	n := &b.stack[from]
	n.Text = text
	if n.Move != nil {
		n.Move.Text = text
		n.Move.Lenient |= form
	}
	prefix, whole := "`"+b.text(first)+"`", "`"+b.text(glued)+"`"
	replaced := false
	for i := keep; i < len(b.g.Notices); i++ {
		nt := &b.g.Notices[i]
		switch {
		case nt.Rule != ruleid.LenientNotation || nt.Pos != p:
		case !replaced && mark != "" && !isGlyphByte(mark[0]) && strings.HasPrefix(nt.Message, prefix):
			nt.Message, replaced = msg, true
		case strings.HasPrefix(nt.Message, whole):
			// The turn's own warnings quote it as written.
			nt.Message = "`" + b.text(written) + "`" + nt.Message[len(whole):]
		}
	}
	if !replaced {
		b.warn(p, ruleid.LenientNotation, msg)
	}
}

// rankFirst reads `A4c`, a piece's move whose square is written rank
// first (a Spanish page's `Ac4`), in SAN and a language's letters: the word
// is the man's letter, a rank, a file and nothing after them but marks
// (`+`, `#`, a glyph), and with the square's two characters swapped it
// reads as a move of that man that names no origin. No other reading
// makes a move of such a word (a rank before a file is no disambiguation:
// a square follows one). read is the move as read, for the warning; ok is
// false for every other word, which stays the error it was. The replay
// then judges the move.
func (b *builder) rankFirst(tok string) (m record.Move, read string, ok bool) {
	if n := b.g.Notation; n == record.DescriptiveNotation || n == record.UCI {
		return m, "", false
	}
	i := strings.IndexAny(tok, "12345678")
	if i <= 0 || i+1 >= len(tok) || tok[i+1] < 'a' || tok[i+1] > 'h' || strings.IndexAny(tok[:i], "0123456789abcdefgh-") >= 0 {
		return m, "", false
	}
	for j := i + 2; j < len(tok); j++ {
		if strings.IndexByte("+#!?", tok[j]) < 0 {
			return m, "", false
		}
	}
	read = tok[:i] + tok[i+1:i+2] + tok[i:i+1] + tok[i+2:]
	m, ok = b.readsAsMove(read)
	if !ok || m.Piece == 0 || m.FromFile >= 0 || m.FromRank >= 0 {
		return m, "", false
	}
	m.Text = read
	return m, read, true
}

// readsAsMove: part reads as one move in the record's notation.
func (b *builder) readsAsMove(part string) (record.Move, bool) {
	var m record.Move
	var err error
	if n := b.g.Notation; n == record.DescriptiveNotation || n.IsLanguage() {
		m, err = ParseMoveIn(part, n)
	} else {
		err = parseMove(&m, part)
	}
	return m, err == nil
}

// lookAlikes are Cyrillic and Greek letters that look like the Latin
// letters of moves (files, piece letters of the notations, `x`, castling's
// `O`): a keyboard left in another layout types them.
var lookAlikes = map[rune]byte{
	'а': 'a', 'с': 'c', 'е': 'e', 'һ': 'h', 'о': 'o', 'р': 'p', 'х': 'x',
	'А': 'A', 'В': 'B', 'С': 'C', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'Т': 'T', 'Х': 'X',
	'α': 'a', 'ο': 'o', 'χ': 'x',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Κ': 'K', 'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Χ': 'X',
}

// lookAlike words the error of a move that does not read because of a
// look-alike letter in it (`е4` with a Cyrillic `е`): it names the letter
// and its code point, which no font shows. The notation's own letters (the
// Russian `К` is a knight) are not look-alikes. ok is false when tok has
// none.
//
// Such a move is refused, not read as its Latin twin: a capital look-alike
// is a piece letter of the Russian notation (`К`, `С`), where it means
// another man than the Latin letter does, and reading it as Latin would
// keep the notation's guess from ever trying Russian.
func lookAlike(tok string, n record.Notation) (string, bool) {
	ascii := true
	for i := 0; i < len(tok); i++ {
		if tok[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return "", false
	}
	own := n.PieceLetters()
	for _, r := range tok {
		latin, ok := lookAlikes[r]
		if !ok || ownLetter(own, r) {
			continue
		}
		script := "Cyrillic"
		if r < 0x400 {
			script = "Greek"
		}
		return fmt.Sprintf("`%s`: the `%c` is %s (U+%04X), where the Latin `%c` is expected", quoteToken(tok), r, script, r, latin), true
	}
	return "", false
}

// ownLetter: r is in one of a notation's piece letters.
func ownLetter(letters [5][]string, r rune) bool {
	for _, ls := range letters {
		for _, l := range ls {
			if strings.ContainsRune(l, r) {
				return true
			}
		}
	}
	return false
}

// evaluationSigns are the signs books and pages print after a move for
// the position's evaluation, with the NAG PGN tools write for each
// (pgn-extract, ChessBase and the PGN standard's table): `+=` $14, `=+`
// $15, `±` $16, `∓` $17, `+-` $18, `-+` $19.
var evaluationSigns = map[string]int{"+=": 14, "=+": 15, "±": 16, "∓": 17, "+-": 18, "-+": 19}

// evaluationText is what each NAG of evaluationSigns says, for the warning.
var evaluationText = map[int]string{
	14: "White stands slightly better", 15: "Black stands slightly better",
	16: "White has the better game", 17: "Black has the better game",
	18: "White has a decisive advantage", 19: "Black has a decisive advantage",
}

// evaluationNAG is the NAG of the evaluation sign w, 0 when w is none.
func evaluationNAG(w string) int {
	if len(w) > len("∓") {
		return 0
	}
	return evaluationSigns[w]
}

// evaluation keeps the evaluation sign w, written apart after a move, as
// its NAG, with a lenient-notation warning that names it.
func (b *builder) evaluation(w string, p record.Pos) {
	v := evaluationNAG(w)
	nag := fmt.Sprintf("$%d", v)
	b.push(record.KindNAG, p, nag).Number = int32(v)
	b.warn(p, ruleid.LenientNotation, fmt.Sprintf("`%s` is an evaluation sign (%s); kept as the NAG %s, as PGN writes it", w, evaluationText[v], nag))
}

// resignationWords are the words (and two-word phrases) pages print after
// the last move for "resigns", lower case, each with its language. The
// descriptive reader has the English books' own (bookEndings).
var resignationWords = map[string]string{
	"resigns": "English", "resigned": "English",
	"aufgegeben": "German", "aufgabe": "German", "gibt": "German", "gibt auf": "German",
	"abandonne": "French", "abandon": "French", "abandonnent": "French",
	"abandona": "Spanish", "abandono": "Spanish", "se": "Spanish", "se rinde": "Spanish",
	"abbandona": "Italian", "abbandono": "Italian",
	"opgegeven": "Dutch", "geeft": "Dutch", "geeft op": "Dutch",
	"сдался": "Russian", "сдались": "Russian", "сдаётся": "Russian", "сдается": "Russian",
}

// mateWords are the words pages print after the last move for "mate",
// lower case, each with its language (or languages). The descriptive
// reader reads its own `mate` as the move's mark (docs/notation-books.md).
var mateWords = map[string]string{
	"mate": "English or Spanish", "checkmate": "English",
	"matt": "German", "schachmatt": "German",
	"mat": "French or Dutch", "matto": "Italian", "мат": "Russian", "jaquemate": "Spanish",
}

// isClosingWord: w is a word of resignationWords or mateWords, in any
// case, with or without a full stop. It is asked of every move: a move
// ends in a digit, a mark or a capital, a word in a lower-case letter, a
// capital after another (`MATE`) or a full stop, so only those are looked
// up. A word in ASCII, as nearly every move is, is lowered into a buffer
// on the stack (strings.ToLower allocates); the longest word of the
// lists is shorter than it, so a longer word is none of them, and their
// ASCII words are letters and spaces, so a word with another ASCII byte
// (that no lowering changes) is none either.
func isClosingWord(w string) bool {
	c := w[len(w)-1]
	if len(w) < 2 || !(c >= 'a' && c <= 'z' || c == '.' || c >= utf8.RuneSelf || c >= 'A' && c <= 'Z' && w[len(w)-2] >= 'A' && w[len(w)-2] <= 'Z') {
		return false
	}
	w = strings.TrimRight(w, ".")
	var buf [closingWordMax]byte
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= utf8.RuneSelf {
			key := strings.ToLower(w)
			return resignationWords[key] != "" || mateWords[key] != ""
		}
		switch {
		case i >= len(buf):
			continue // too long, unless a letter after it is not ASCII
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c != ' ' && (c < 'a' || c > 'z'):
			// A digit or a mark (`P-K4 ch`): the words are letters.
			return false
		}
		buf[i] = c
	}
	if len(w) > len(buf) {
		return false
	}
	key := buf[:len(w)]
	return resignationWords[string(key)] != "" || mateWords[string(key)] != ""
}

// closingWordMax bounds the words isClosingWord looks up in ASCII: more
// bytes than the longest ASCII word of resignationWords and mateWords
// (TestClosingWordMax holds it so).
const closingWordMax = 16

// isProseWord: w is a word of prose, no move of the algebraic notations:
// letters only (any alphabet), with an apostrophe or a hyphen between them
// (`l'avantage`, `peut-être`) and a stop or a comma after them. A move of
// SAN or a language's letters holds a digit, or is castling (which
// reads as a move, and the caller asks that too).
func isProseWord(w string) bool {
	// Asked of nearly every move: a digit, which nearly every move holds,
	// answers at once.
	for i := 0; i < len(w); i++ {
		if c := w[i]; c >= '0' && c <= '9' {
			return false
		}
	}
	end := len(w)
	for end > 0 && strings.IndexByte(".,;:!?", w[end-1]) >= 0 {
		// (strings.TrimRight builds its set of bytes at each call.)
		end--
	}
	if end == 0 {
		return false
	}
	prev := ' '
	for _, r := range w[:end] {
		switch {
		case unicode.IsLetter(r):
		case (r == '\'' || r == '’' || r == '-') && unicode.IsLetter(prev):
		default:
			return false
		}
		prev = r
	}
	return unicode.IsLetter(prev)
}

// proseStarts: val, a prose word with s at the word after it, reads as
// no move, and is no part of a move written in words apart (`D x d3`, `dx
// e4`, `Ce5 !`), which the turn's readers join.
func (b *builder) proseStarts(s *elemSrc, val string) bool {
	if b.g.Notation == record.DescriptiveNotation {
		return false
	}
	if s.kind == eMove && (isApartMark(s.val) || s.val == "x") {
		return false
	}
	if _, ok := b.readsAsMove(val); ok {
		return false
	}
	if s.kind == eMove && strings.HasSuffix(val, "x") {
		if _, ok := b.readsAsMove(val + s.val); ok {
			return false
		}
	}
	return true
}

// prose reads the words of prose from first, at p, with s at the word
// after it (isProseWord words that
// do not read as moves) up to the end of the line of play they end, as a
// comment, with a lenient-notation warning: at the end of a variation
// (depth > 0) any such words, the annotator's (`17 Df3 et les blancs sont
// nettement mieux)`); on the main line, only a phrase that ends in a word
// for resigns (`les blancs abandonnent`), before the termination marker.
// Words that run into anything else (a move, a number) are no such prose:
// the first is read as the move it is not, which reports it as before.
func (b *builder) prose(s *elemSrc, first string, p record.Pos, depth int) {
	last, lastPos := first, p
	for s.kind == eMove && isProseWord(s.val) {
		if _, ok := b.readsAsMove(s.val); ok {
			break
		}
		last, lastPos = s.val, s.pos
		s.next()
	}
	key := strings.ToLower(strings.TrimRight(last, "."))
	if s.kind != eEnd || depth == 0 && (resignationWords[key] == "" || resignationFirst[key]) {
		b.turn(first, p)
		return
	}
	text := b.text(b.sourceText(p, lastPos, last, first+" … "+last))
	b.push(record.KindComment, p, text)
	if depth == 0 {
		b.warn(p, ruleid.LenientNotation, fmt.Sprintf("`%s` (%s for resigns) after the last move; kept as a comment (the result is the termination marker's)", text, resignationWords[key]))
		return
	}
	b.warn(p, ruleid.LenientNotation, fmt.Sprintf("`%s`: the annotator's words, which read as no move, end the variation; kept as a comment", text))
}

// resignationFirst are the words of resignationWords that only begin a
// phrase.
var resignationFirst = map[string]bool{"gibt": true, "se": true, "geeft": true}

// resignation reads the word for resigns (or for mate) that s stands at,
// after the last move: it is kept as a comment, with a lenient-notation warning (the
// result is the termination marker's, or the Result tag's). Anywhere else
// the word is read as the move it is not, which reports it as before.
func (b *builder) resignation(s *elemSrc) {
	val, p := s.val, s.pos
	s.next()
	text := val
	key := strings.ToLower(strings.TrimRight(val, "."))
	if resignationFirst[key] && s.kind == eMove {
		key += " " + strings.ToLower(strings.TrimRight(s.val, "."))
		if resignationWords[key] == "" {
			b.turn(val, p)
			return
		}
		text = b.sourceText(p, s.pos, s.val, val+" "+s.val)
		s.next()
	}
	if resignationFirst[key] || s.kind != eEnd {
		b.turn(val, p)
		return
	}
	text = b.text(text)
	b.push(record.KindComment, p, text)
	if lang := mateWords[key]; lang != "" {
		b.markMate()
		b.warn(p, ruleid.LenientNotation, fmt.Sprintf("`%s` (%s for mate) after the last move; read as the move's `#` and kept as a comment", text, lang))
		return
	}
	b.warn(p, ruleid.LenientNotation, fmt.Sprintf("`%s` (%s for resigns) after the last move; kept as a comment (the result is the termination marker's)", text, resignationWords[key]))
}

// markMate gives the last move on the stack (past its NAGs and comments)
// the mark `#` the page's word for mate stands for, so that the replay
// judges it as it judges a `#` printed: a move that does not mate is its
// check-mark finding. The part reading keeps that move in the part the
// word ends (see the reader's loop).
func (b *builder) markMate() {
	for i := len(b.stack) - 1; i >= 0; i-- {
		switch n := &b.stack[i]; n.Kind {
		case record.KindNAG, record.KindComment:
			continue
		case record.KindMove:
			n.Move.Check = '#'
		}
		return
	}
}

// misprints rewrites the misprints of type that a book's move may hold
// into the text they stand for, each with its note for the warning: a run
// of three or more of one glyph (`Q-Kt6!!!`, read as `!!`); and, in
// descriptive notation (desc), a capital T in `Kt` (`B-KT5`), a capital I
// for the figure 1 after a file (`KR-KI`), `sq` glued to the file
// (`K-Rsq`), and a comma before `e.p.` (`PxP, e.p.`), and the books'
// forms that take more than a letter's change (descriptiveMisprint).
// notes is nil when the text has none of them; ownFile says that one of
// them is `his` for the man's own file, a form of the books rather than a
// misprint (record.LenientOwnFile).
func misprints(text string, desc bool) (fixed string, notes []string, ownFile bool) {
	fixed = text
	if n := len(fixed); n >= 3 && isGlyphByte(fixed[n-1]) && fixed[n-2] == fixed[n-1] && fixed[n-3] == fixed[n-1] {
		j := n - 3
		for j > 0 && fixed[j-1] == fixed[n-1] {
			j--
		}
		notes = append(notes, fmt.Sprintf("%d `%c` read as `%c%c`", n-j, fixed[n-1], fixed[n-1], fixed[n-1]))
		fixed = fixed[:j+2]
	}
	if !desc {
		return fixed, notes, ownFile
	}
	if f, note, misread, ok := descriptiveMisprint(fixed); ok {
		fixed, notes, ownFile = f, append(notes, note), !misread
	}
	if strings.Contains(fixed, "KT") {
		fixed = strings.ReplaceAll(fixed, "KT", "Kt")
		notes = append(notes, "a capital T in `Kt`")
	}
	if i := strings.Index(fixed, ",e.p."); i > 0 {
		fixed = fixed[:i] + " " + fixed[i+1:]
		notes = append(notes, "a comma before `e.p.`")
	} else if i := strings.Index(fixed, ", e.p."); i > 0 {
		fixed = fixed[:i] + fixed[i+1:]
		notes = append(notes, "a comma before `e.p.`")
	}
	if i := strings.Index(fixed, "sq"); i > 0 && strings.IndexByte("KQRBNt", fixed[i-1]) >= 0 && strings.IndexAny(fixed[:i], "-x") > 0 &&
		(i+2 == len(fixed) || strings.IndexByte(" .!?+(c", fixed[i+2]) >= 0) {
		fixed = fixed[:i] + " " + fixed[i:]
		notes = append(notes, "`sq` glued to the file")
	}
	// `KR-KI`: the I after a file, where the rank stands, ends the square.
	for i := 1; i < len(fixed); i++ {
		if fixed[i] == 'I' && strings.IndexByte("KQRBNt", fixed[i-1]) >= 0 && strings.IndexAny(fixed[:i], "-x") > 0 &&
			(i+1 == len(fixed) || strings.IndexByte(" .!?+(c", fixed[i+1]) >= 0) {
			fixed = fixed[:i] + "1" + fixed[i+1:]
			notes = append(notes, "a capital I for the figure 1")
			break
		}
	}
	return fixed, notes, ownFile
}

// misprintMessage is the warning of a move read with LenientMisprint or
// LenientOwnFile: what was read, and "(a misprint?)" unless `his` for the
// man's own file was all.
func misprintMessage(text string) string {
	fixed, notes, ownFile := misprints(text, true)
	if len(notes) == 0 {
		return fmt.Sprintf("`%s` holds a misprint", text)
	}
	if ownFile && len(notes) == 1 {
		return fmt.Sprintf("`%s`: %s; read as `%s`", text, notes[0], fixed)
	}
	return fmt.Sprintf("`%s`: %s (a misprint?); read as `%s`", text, strings.Join(notes, ", "), fixed)
}

// russianLookAlikes rewrites a Russian move typed with letters of the
// other alphabet that look like the ones meant: the lower-case Cyrillic
// `а`, `с`, `е` where a square's Latin file stands (`е6`), and the Latin
// `Kp`, `K`, `C` where the Russian piece letters `Кр`, `К`, `С` stand (at
// the move's start, or as the promotion piece after a rank: `g1K`). notes
// names each letter rewritten, for the warning; nil when there is none.
//
// A French page's `ç` for the file `c` (`Cç3`) is read so too, in every
// language (russian false: only that).
func russianLookAlikes(tok string, russian bool) (fixed string, notes []string) {
	var b strings.Builder
	for i := 0; i < len(tok); {
		r, size := utf8.DecodeRuneInString(tok[i:])
		switch {
		case r == 'ç' && i+size < len(tok) && isRankByte(tok[i+size]):
			b.WriteByte('c')
			notes = append(notes, "the `ç` (U+00E7) stands for the file `c`")
			i += size
			continue
		case !russian:
		case r == 'а' || r == 'с' || r == 'е':
			// A file only where a rank follows.
			if i+size < len(tok) && isRankByte(tok[i+size]) {
				b.WriteByte(lookAlikes[r])
				notes = append(notes, fmt.Sprintf("the `%c` is Cyrillic (U+%04X), where the Latin `%c` is expected", r, r, lookAlikes[r]))
				i += size
				continue
			}
		case (r == 'K' || r == 'C') && (i == 0 || isRankByte(tok[i-1])):
			own, name := "С", "bishop"
			if r == 'K' {
				own, name = "К", "knight"
				if strings.HasPrefix(tok[i+1:], "p") && i == 0 {
					own, name, size = "Кр", "king", 2
				}
			}
			b.WriteString(own)
			var codes []string
			for _, c := range own {
				codes = append(codes, fmt.Sprintf("U+%04X", c))
			}
			notes = append(notes, fmt.Sprintf("`%s` is typed in Latin letters, where Russian notation writes `%s` (Cyrillic, %s) for the %s", tok[i:i+size], own, strings.Join(codes, " "), name))
			i += size
			continue
		}
		b.WriteString(tok[i : i+size])
		i += size
	}
	return b.String(), notes
}

// spacedCapture reads a capture written with spaces around its `x` (`D x
// d3`, `dx e4`, French pages), at the move val at p with s at the word
// after it, as one move, with a lenient-notation warning. It reports false,
// having read nothing, when val reads as a move by itself; a `D x` whose
// square does not join is read as the words it is written in, which
// reports the error at val as before.
//
// After a move that reads by itself, `x` is the capture of long algebraic
// with spaces (`d4 x e5`, `Ag4 x f3`, Italian pages): turnApart joins it
// as it joins `e2 - e4`.
func (b *builder) spacedCapture(s *elemSrc, val string, p record.Pos) bool {
	if _, ok := b.readsAsMove(val); ok {
		if s.val != "x" {
			return false
		}
		b.turnApart(s, val, p)
		return true
	}
	glued := val
	if s.val == "x" {
		// `D x d3`: the square is the word after the `x`.
		glued += "x"
		s.next()
		if s.kind != eMove {
			b.turn(val, p)
			return true
		}
	}
	if _, ok := b.readsAsMove(glued + s.val); !ok {
		b.turn(val, p)
		return true
	}
	glued += s.val
	written := b.sourceText(p, s.pos, s.val, glued)
	s.next()
	keep := len(b.stack)
	b.turn(glued, p)
	if b.failed || len(b.stack) == keep {
		return true
	}
	n := &b.stack[keep]
	n.Text = b.text(written)
	if n.Move != nil {
		n.Move.Text = n.Text
	}
	b.warn(p, ruleid.LenientNotation, fmt.Sprintf("`%s` writes the capture with spaces around the `x`; read as `%s`", n.Text, glued))
	return true
}
