package grammar

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/ashtapada/ashtapada/record"
)

// Descriptive notation (docs/notation-books.md): the English books'
// `P-K4`, `Kt-KB3`, `QBPxP`, `R(Q1)-Q2`, `Castles (Q R)`, `P-K8(Q) ch`.
// ParseDescriptive reads one move into a record.Move whose Desc holds what
// the text says; the squares it names are relative to the mover, so replay
// finds the legal move it stands for.

// File masks (bit 0 = the a-file).
const (
	fileQR uint8 = 1 << iota
	fileQN
	fileQB
	fileQ
	fileK
	fileKB
	fileKN
	fileKR
)

const (
	wingQ    = fileQR | fileQN | fileQB | fileQ
	wingK    = fileK | fileKB | fileKN | fileKR
	allFiles = 0xFF
)

// normalizeDescriptive removes white space, writes every dash as `-` and
// the knight's `Kt` as `N`, so that `Kt - K B 3`, `Kt–KB3` and `N-KB3`
// read alike.
func normalizeDescriptive(s string) string {
	plain := true
	for i := 0; i < len(s) && plain; i++ {
		c := s[i]
		plain = !(c == ' ' || c == '\t' || c == '\r' || c == '\n' || c >= 0x80 || c == 'X' || c == 't' && i > 0 && s[i-1] == 'K')
	}
	if plain {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
			continue
		case c == 'X' && i > 0:
			// A capital X for the capture (a misprint, or a
			// transcriber's habit): read, and reported as lenient.
			b.WriteByte('x')
			i++
			continue
		case c == 'K' && i+1 < len(s) && s[i+1] == 't':
			b.WriteByte('N')
			i += 2
			continue
		case c >= 0x80:
			switch r, size := utf8.DecodeRuneInString(s[i:]); {
			case isTypesetDash(r):
				b.WriteByte('-')
				i += size
				continue
			case strings.HasPrefix(s[i:], "×"):
				b.WriteByte('x')
				i += 2
				continue
			}
		}
		b.WriteByte(c)
		i++
	}
	return b.String()
}

// checkSuffixes are the check and mate marks books print, longest first
// within each family, with what they mean in SAN.
var checkSuffixes = []struct {
	text string
	mark byte
}{
	{"(check)", '+'}, {"check", '+'}, {"(ch)", '+'}, {"ch.", '+'}, {"ch", '+'},
	{"++", '+'}, {"+", '+'},
	{"(mate)", '#'}, {"mate", '#'}, {"#", '#'},
}

// qualifiers that may stand before `ch`: `dis ch`, `db ch`, `dbl ch`.
var checkQualifiers = []string{"dis.", "dis", "disc.", "disc", "db.", "db", "dbl.", "dbl", "double"}

var glyphs = []string{"!!", "??", "!?", "?!", "!", "?"}

var epSuffixes = []string{"(e.p.)", "e.p.", "(ep)", "ep"}

// ParseDescriptive reads one move in English descriptive notation, in the
// modern short form (`P-K4`, `Kt x P`) or the 19th-century long form
// (`P to K's 4th`, `K Kt to B's 3rd`, `Q takes P (ch)`, `K P two`).
func ParseDescriptive(text string) (record.Move, error) {
	var d record.Descriptive
	m, err := parseDescriptive(text, &d)
	if err == nil && m.Castle == record.NoCastle {
		dp := new(record.Descriptive)
		*dp = d
		m.Desc = dp
	}
	return m, err
}

// parseDescriptive is ParseDescriptive with the parts in d (m.Desc is left
// nil), so that a caller that only asks whether a text reads allocates
// nothing for them.
func parseDescriptive(text string, d *record.Descriptive) (record.Move, error) {
	var m record.Move
	err := parseDescriptiveTo(&m, text, d)
	return m, err
}

// parseDescriptiveTo is parseDescriptive, the move read into m (which
// the scanner keeps: descScanner.readsAt).
func parseDescriptiveTo(m *record.Move, text string, d *record.Descriptive) error {
	*m = record.Move{Text: text, MoveParts: record.NoParts()}
	if core, check, sep, ok := plainDescriptive(text); ok {
		// Nearly every move: nothing below but the man and the square or
		// the man taken applies to it.
		m.Check = check
		return descriptiveBody(m, d, core, sep)
	}
	body := text
	if n := len(body); n > 2 && body[n-1] == '.' && !strings.HasSuffix(body, "e.p.") {
		// The full stop of the sentence the move ends (`R to Q8.`,
		// `P-Q3.`).
		body = body[:n-1]
	}
	if fixed, notes, ownFile := misprints(body, true); notes != nil {
		// `KR-KI`, `B-KT5`, `Q-Kt6!!!`, `Q. B. to his 5th.`: read as
		// meant, with a warning.
		if _, _, misread, ok := descriptiveMisprint(body); ok && misread {
			d.Misread = true
		}
		body = fixed
		if ownFile {
			m.Lenient |= record.LenientOwnFile
		}
		if !ownFile || len(notes) > 1 {
			m.Lenient |= record.LenientMisprint
		}
	}
	if c, check, ok := castlingWords(body); ok {
		// `Castles.`, `Castles on K's side`, `K. castles`.
		m.Castle, m.Piece, m.Check = c, 'K', check
		return nil
	}
	src, steps := longForm(body)
	s := normalizeDescriptive(src)
	if s == "" {
		return errEmpty
	}
	d.Steps = steps
	if steps != 0 {
		// `K P two`: the pawn named and how far it goes.
		man, files, _, _, ok := parseMan(s, true)
		if !ok || man != 'P' || files == 0 {
			return &MoveError{text, "a pawn named by its file before `one` or `two`, such as `K P two`"}
		}
		d.Man, d.FromFiles = 'P', files
		return nil
	}
	// Suffixes, in any order: glyphs, check marks, e.p. A move that ends
	// in a rank or a man's letter has none.
	last := s[len(s)-1]
	for changed := !(last >= '1' && last <= '8' || last >= 'A' && last <= 'Z'); changed && s != ""; {
		changed = false
		for _, g := range glyphs {
			if strings.HasSuffix(s, g) && m.Glyph == "" {
				m.Glyph, s, changed = g, s[:len(s)-len(g)], true
				break
			}
		}
		for _, c := range checkSuffixes {
			if strings.HasSuffix(s, c.text) && len(s) > len(c.text) && m.Check == 0 {
				m.Check, s, changed = c.mark, s[:len(s)-len(c.text)], true
				for _, q := range checkQualifiers {
					if strings.HasSuffix(s, q) && len(s) > len(q) {
						s = s[:len(s)-len(q)]
						break
					}
				}
				break
			}
		}
		for _, e := range epSuffixes {
			if strings.HasSuffix(s, e) && len(s) > len(e) && !d.EnPassant {
				d.EnPassant, s, changed = true, s[:len(s)-len(e)], true
				break
			}
		}
	}
	if s == "" {
		return &MoveError{text, "a move before its check mark"}
	}
	// Castling.
	switch s {
	case "O-O", "0-0", "Castles(KR)", "CastlesKR", "Castles(K)", "CastlesK", "castles(KR)", "castlesKR", "Castleskingside", "CastlesKside":
		m.Castle, m.Piece = record.CastleShort, 'K'
		return nil
	case "O-O-O", "0-0-0", "Castles(QR)", "CastlesQR", "Castles(Q)", "CastlesQ", "castles(QR)", "castlesQR", "Castlesqueenside", "CastlesQside":
		m.Castle, m.Piece = record.CastleLong, 'K'
		return nil
	case "Castles", "castles", "Castle", "Cs.", "Cs":
		m.Castle, m.Piece = record.CastleEither, 'K'
		return nil
	}
	if m.Check != 0 && strings.IndexAny(s, "-x") < 0 {
		// `P. checks.`: the long form names the man and that it checks,
		// not its square; the move of that man that checks is meant
		// (the replay finds it, or says it is ambiguous).
		if man, files, wing, rank, ok := parseMan(s, true); ok {
			d.Man, d.FromFiles, d.Wing, d.FromRank = man, files, wing, rank
			m.Piece = man
			if man == 'P' {
				m.Piece = 0
			}
			m.Lenient |= record.LenientNoSquare
			return nil
		}
	}
	// A conversion suffix: `/square=piece` after a capture (`BxR/KR1=R`).
	if i := strings.LastIndexByte(s, '/'); i > 0 && i+3 < len(s) && s[len(s)-2] == '=' && isPromoPiece(s[len(s)-1]) {
		if files, rank, ok := parseSquare(s[i+1 : len(s)-2]); ok && bitCount(files) == 1 {
			d.ConvFiles, d.ConvRank, m.ConvPiece = files, rank, s[len(s)-1]
			s = s[:i]
		}
	}
	// Promotion at the end: (Q), =Q, /Q, or a bare letter after the 8.
	if n := len(s); n >= 3 && s[n-1] == ')' && s[n-3] == '(' && isPromoPiece(s[n-2]) {
		m.Promotion, s = s[n-2], s[:n-3]
	} else if n >= 2 && (s[n-2] == '=' || s[n-2] == '/') && isPromoPiece(s[n-1]) {
		m.Promotion, s = s[n-1], s[:n-2]
	} else if n >= 2 && s[n-2] == '8' && isPromoPiece(s[n-1]) {
		m.Promotion, s = s[n-1], s[:n-1]
	}
	// The separator: the first `-` or `x` outside parentheses.
	sep := -1
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case '-', 'x':
			if depth == 0 && sep < 0 {
				sep = i
			}
		}
	}
	if err := descriptiveBody(m, d, s, sep); err != nil {
		return err
	}
	if strings.IndexByte(text, 'X') >= 0 {
		// (A plain move, read above, has no `X`.)
		m.Lenient |= record.LenientCaptureX
	}
	return nil
}

// plainDescriptive recognises, in one pass, the move as the writer prints
// it and most books set it: a man, `-` or `x`, then a square or a man, in
// capital letters and a final rank digit (`P-K4`, `N-QB3`, `PxP`, `QxKP`),
// perhaps followed by ` ch` or ` mate`. For such a text the general
// reading's long form, normalisation, suffix search, castling, conversion
// and promotion steps change nothing, so parseDescriptive goes straight to
// descriptiveBody with core (the move without its mark), the check mark
// and the separator's index. ok is false for any other text.
func plainDescriptive(text string) (core string, check byte, sep int, ok bool) {
	core = text
	sep = -1
	for i := 0; i < len(core); i++ {
		switch c := core[i]; c {
		case 'K', 'Q', 'R', 'B', 'N', 'P':
		case '-', 'x':
			if sep >= 0 {
				return "", 0, 0, false
			}
			sep = i
		case ' ':
			switch core[i:] {
			case " ch":
				check = '+'
			case " mate":
				check = '#'
			default:
				return "", 0, 0, false
			}
			core = core[:i]
		default:
			// A rank: only as the last byte of the move, after the
			// separator.
			if c < '1' || c > '8' || sep < 0 || i+1 < len(core) && core[i+1] != ' ' {
				return "", 0, 0, false
			}
		}
	}
	// The separator between a man and what follows it.
	if sep <= 0 || sep >= len(core)-1 {
		return "", 0, 0, false
	}
	return core, check, sep, true
}

// descriptiveBody reads the move s, stripped of its marks, castling,
// conversion and promotion, into m and d: the man that moves, and the
// square it goes to or the man it takes on either side of the separator at
// index sep (-1: none written).
func descriptiveBody(m *record.Move, d *record.Descriptive, s string, sep int) error {
	text := m.Text
	bad := func(reason string) error {
		return &MoveError{text, reason}
	}
	var mover, target string
	switch {
	case sep < 0:
		// No `-` (a misprint such as `P K 4`): read when exactly one
		// split gives a man and a square, and report it as lenient.
		cut := -1
		// A man is a few letters and at most a square in parentheses:
		// longer prefixes are not tried, which keeps a huge token that
		// is no move linear (docs/robustness.md, "Costs that shaped the
		// code").
		for i := 1; i < len(s) && i <= maxManLen; i++ {
			if _, _, _, _, ok := parseMan(s[:i], true); !ok {
				continue
			}
			if _, r, ok := parseSquare(s[i:]); ok && r != 0 {
				if cut >= 0 {
					return bad("`-` between the man and its square")
				}
				cut = i
			}
		}
		if cut < 0 {
			return bad("a descriptive move such as `P-K4`, `NxP` or `Castles`")
		}
		mover, target = s[:cut], s[cut:]
		m.Lenient |= record.LenientNoSeparator
	case sep == 0 || sep == len(s)-1:
		return bad("a descriptive move such as `P-K4`, `NxP` or `Castles`")
	default:
		mover, target = s[:sep], s[sep+1:]
		d.Capture = s[sep] == 'x'
	}
	var ok bool
	d.Man, d.FromFiles, d.Wing, d.FromRank, ok = parseMan(mover, true)
	if !ok {
		return bad("the man that moves: `P`, `KP`, `QBP`, `N`, `Kt`, `KKt`, `B`, `QR`, `Q`, `K`, with an optional square such as `R(Q1)`")
	}
	if d.Capture {
		if d.CapMan, d.CapFiles, d.CapWing, d.CapRank, ok = parseMan(target, false); !ok {
			files, rank, ok2 := parseSquare(target)
			if !ok2 {
				return bad("the man taken after `x`: `P`, `KP`, `QBP`, `B`, `KKt`, `R`, `Q`, with an optional square such as `P(Q4)`")
			}
			d.CapFiles, d.CapRank = files, rank
		}
		if d.EnPassant && d.CapMan != 0 && d.CapMan != 'P' {
			return bad("a pawn taken en passant")
		}
	} else {
		files, rank, ok := parseSquare(target)
		if !ok && target != "" {
			// `R-K`, `N-Q`, `QR-N`: the short form of some books
			// (Capablanca's) leaves out the first rank, as the long
			// form's `K to B` does.
			if f, fok := fileName(target); fok && f != 0 {
				files, rank, ok = f, 1, true
				m.Lenient |= record.LenientNoRank
			}
		}
		if !ok || rank == 0 {
			return bad("a destination square such as `K4`, `QB3` or `B3`")
		}
		d.ToFiles, d.ToRank = files, rank
		if d.EnPassant {
			return bad("`x` before the pawn taken en passant")
		}
	}
	if d.ConvRank != 0 && !d.Capture {
		return bad("a capture before a conversion suffix")
	}
	if m.Promotion != 0 && d.Man != 'P' {
		return bad("a pawn before a promotion")
	}
	m.Piece = d.Man
	if m.Piece == 'P' {
		m.Piece = 0
	}
	m.Capture = d.Capture
	return nil
}

// maxManLen bounds the text of a man parseMan reads: `QKtP(QKt3)` is
// ten bytes; nothing longer names a man.
const maxManLen = 24

// parseMan reads a man: `P`, `KP`, `QBP`, `BP`, `N`, `KN`, `QB`, `R`, `Q`,
// `K`, followed by an optional square in parentheses or after a slash
// (`R(Q1)`, `R/Q1`, `P(QB4)`). mover allows the king (never taken).
func parseMan(s string, mover bool) (man byte, files uint8, wing byte, rank int8, ok bool) {
	if len(s) > maxManLen {
		return 0, 0, 0, 0, false
	}
	base := s
	sq := ""
	// The first `(` and the first `/`, in one pass: a man is a few bytes,
	// shorter than strings.IndexByte's set-up pays for.
	paren, slash := -1, -1
	for i := 0; i < len(s) && (paren < 0 || slash < 0); i++ {
		switch {
		case s[i] == '(' && paren < 0:
			paren = i
		case s[i] == '/' && slash < 0:
			slash = i
		}
	}
	if paren > 0 && s[len(s)-1] == ')' {
		base, sq = s[:paren], s[paren+1:len(s)-1]
	} else if slash > 0 {
		base, sq = s[:slash], s[slash+1:]
	}
	switch base {
	case "K":
		if !mover {
			return 0, 0, 0, 0, false
		}
		man = 'K'
	case "Q", "R", "N", "B":
		man = base[0]
	case "KR", "QR", "KN", "QN", "KB", "QB":
		man, wing = base[1], base[0]
	default:
		if strings.HasSuffix(base, "P") {
			f, ok := fileName(base[:len(base)-1])
			if !ok {
				return 0, 0, 0, 0, false
			}
			man, files = 'P', f
		} else {
			return 0, 0, 0, 0, false
		}
	}
	if sq != "" {
		f, r, ok := parseSquare(sq)
		if !ok {
			return 0, 0, 0, 0, false
		}
		if files != 0 && f != 0 {
			f &= files
			if f == 0 {
				return 0, 0, 0, 0, false
			}
		}
		if f != 0 {
			files = f
		}
		rank = r
	}
	return man, files, wing, rank, true
}

// fileName reads a file's name: `K`, `Q`, `KB`, `QB`, `KN`, `QN`, `KR`,
// `QR`, or one without its wing (`B`, `N`, `R`: both files), or nothing
// (any file, for a bare `P`).
func fileName(s string) (uint8, bool) {
	switch s {
	case "":
		return 0, true
	case "K":
		return fileK, true
	case "Q":
		return fileQ, true
	case "KB":
		return fileKB, true
	case "QB":
		return fileQB, true
	case "KN":
		return fileKN, true
	case "QN":
		return fileQN, true
	case "KR":
		return fileKR, true
	case "QR":
		return fileQR, true
	case "B":
		return fileKB | fileQB, true
	case "N":
		return fileKN | fileQN, true
	case "R":
		return fileKR | fileQR, true
	}
	return 0, false
}

// parseSquare reads a square: a file name and a rank 1-8 counted from the
// mover's side (`K4`, `QB3`, `B3`: the last either bishop's file). A rank
// alone is not a square.
func parseSquare(s string) (uint8, int8, bool) {
	if len(s) < 2 {
		return 0, 0, false
	}
	r := s[len(s)-1]
	if r < '1' || r > '8' {
		return 0, 0, false
	}
	f, ok := fileName(s[:len(s)-1])
	if !ok || f == 0 {
		return 0, 0, false
	}
	return f, int8(r - '0'), true
}

func bitCount(b uint8) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// ordinals are the long form's ranks.
var ordinals = map[string]string{
	"1st": "1", "2nd": "2", "2d": "2", "3rd": "3", "3d": "3", "4th": "4", "5th": "5", "6th": "6", "7th": "7", "8th": "8",
	"first": "1", "second": "2", "third": "3", "fourth": "4", "fifth": "5", "sixth": "6", "seventh": "7", "eighth": "8",
	"square": "1", "sq": "1",
	"1": "1", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8",
}

// ordinal reads a rank word of the long form, with the full stop or the
// comma of the sentence it may end (`3d.`, `4th,`, `8th.`, `4.`).
func ordinal(lw string) (string, bool) {
	o, ok := ordinals[strings.TrimRight(lw, ".,")]
	return o, ok
}

func isFirstRank(lw string) bool {
	o, ok := ordinal(lw)
	return ok && o == "1"
}

// descriptiveMisprint reads the descriptive books' misprints that take
// more than a letter's change: `his` for the man's own file (ownFile), and
// the moves whose parts stand out of order (misorderedMove). misread is
// true for the latter: the reading puts the text's parts in another
// order, so only a legal move that alone fits it is taken (replay). note
// says what was read; ok is false for any other text.
func descriptiveMisprint(text string) (fixed, note string, misread, ok bool) {
	if f, n, ok := ownFile(text); ok {
		return f, n, false, true
	}
	if f, n, ok := misorderedMove(text); ok {
		return f, n, true, true
	}
	return text, "", false, false
}

// misorderedMove reads a short-form move (no spaces) whose parts are out
// of order, as Lasker's Chess Strategy (1915) prints three: `Kt-P`, a dash
// before a man that names no square (`KtxP` meant); `BxKtQ`, the man
// taken with its letters swapped (`BxQKt`); `R-(B5)B7`, the rook's square
// after the dash (`R(B5)-B7`). Only a text that does not read as it
// stands and reads so rearranged is taken; its check mark and glyphs stay
// at the end.
func misorderedMove(text string) (fixed, note string, ok bool) {
	k := len(text)
	for k > 0 && (text[k-1] == '!' || text[k-1] == '?') {
		k--
	}
	for _, c := range []string{"ch", "mate", "+", "#"} {
		if strings.HasSuffix(text[:k], c) {
			k -= len(c)
			break
		}
	}
	core := strings.TrimRight(text[:k], " ")
	marks := text[len(core):]
	if core == "" || strings.IndexByte(core, ' ') >= 0 || len(core) > maxManLen*2 {
		return text, "", false
	}
	man := func(s string, mover bool) bool {
		_, _, _, _, ok := parseMan(normalizeDescriptive(s), mover)
		return ok && s != "" && strings.IndexByte(s, '(') < 0
	}
	square := func(s string) bool {
		_, _, ok := parseSquare(normalizeDescriptive(s))
		return ok
	}
	dash, x := strings.IndexByte(core, '-'), strings.IndexByte(core, 'x')
	switch {
	case dash > 0 && x < 0 && strings.HasPrefix(core[dash:], "-("):
		// `R-(B5)B7`.
		j := strings.IndexByte(core[dash:], ')')
		if j < 0 {
			break
		}
		left, sq, dest := core[:dash], core[dash+2:dash+j], core[dash+j+1:]
		if man(left, true) && square(sq) && square(dest) {
			return left + "(" + sq + ")-" + dest + marks,
				fmt.Sprintf("the man's square `(%s)` printed after the dash, where it belongs before it", sq), true
		}
	case dash > 0 && x < 0 && core[len(core)-1] == 'P':
		// `Kt-P` (only a pawn names a man and no file).
		left, right := core[:dash], core[dash+1:]
		if _, file := fileName(normalizeDescriptive(right)); man(left, true) && man(right, false) && !file && !square(right) {
			return left + "x" + right + marks, fmt.Sprintf("`-` where `x` is meant, `%s` naming a man, not a square", right), true
		}
	case x > 0 && dash < 0:
		// `BxKtQ`.
		left, right := core[:x], core[x+1:]
		n := len(right)
		if n < 2 || right[n-1] != 'K' && right[n-1] != 'Q' || man(right, false) || square(right) {
			break
		}
		// A pawn's `PxRQ` may be a capture that promotes: not read so.
		swapped := right[n-1:] + right[:n-1]
		if w := normalizeDescriptive(swapped); len(w) == 2 && strings.IndexByte("NBR", w[1]) >= 0 && man(left, true) && !strings.HasSuffix(left, "P") {
			return left + "x" + swapped + marks, fmt.Sprintf("`%s` for `%s`, the man's letters swapped", right, swapped), true
		}
	}
	return text, "", false
}

// ownFile reads `his` (or `her`) before a rank other than the first, as
// the Blue Book prints `Q. B. to his 5th.`: the file of the man that
// moves, named by its letters (Q. B.'s 5th), which only a man named by
// its file can have (`K`, `Q`, `Q. B.`, `K. Kt.`, `Q. R.`). It returns the
// text with the man's letters for the word and the note that says so; ok
// is false for any other text (`K to his sq.`, the man's own square, is
// longForm's reading).
func ownFile(text string) (fixed, note string, ok bool) {
	i := strings.Index(text, " to his ")
	if i < 0 {
		i = strings.Index(text, " to her ")
	}
	if i <= 0 {
		return text, "", false
	}
	const word = len(" to his ")
	rest := text[i+word:]
	rank, _, _ := strings.Cut(rest, " ")
	if o, ok := ordinal(strings.ToLower(rank)); !ok || o == "1" {
		return text, "", false
	}
	letters := strings.NewReplacer(".", "", " ", "").Replace(text[:i])
	if f, ok := fileName(strings.ReplaceAll(letters, "Kt", "N")); !ok || bitCount(f) != 1 {
		return text, "", false
	}
	return text[:i] + " to " + letters + " " + rest,
		fmt.Sprintf("`%s` for the file of the man that moves, %s", text[i+len(" to "):i+word-1], letters), true
}

// checkWord: the long form's words for check and mate, as a sentence
// prints them (`Check.`, `checks`, `ch.,`), in lower case.
func checkWord(lw string) (string, bool) {
	switch strings.TrimRight(lw, ".,") {
	case "ch", "check", "checks", "chk":
		return "ch", true
	case "mate", "mates", "checkmate":
		return "mate", true
	}
	return "", false
}

// longForm rewrites the 19th-century long form word by word into the
// short form: `to` is `-`, `takes` is `x`, `square` and the ordinals are
// ranks, `'s`, `his` and the periods after letters go (`P. to K's 4th`
// is `P-K4`). steps is 1 or 2 for `K P one`/`K P two` (then the text is
// the pawn alone). A short-form text comes back unchanged.
func longForm(text string) (string, int8) {
	short := true
	for i := 0; i < len(text) && short; i++ {
		short = text[i] != ' ' && text[i] != '\'' && text[i] < 0x80
	}
	if short || shortWithMarks(text) {
		return text, 0
	}
	return longFormWords(text)
}

// longFormWords is longForm's reading word by word.
func longFormWords(text string) (string, int8) {
	words := strings.Fields(text)
	out := make([]string, 0, len(words))
	var steps int8
	glyph := ""
	promo := false
	if n := len(words); n > 0 {
		// A glyph on the last word (`square!`) goes after the rest.
		last := words[n-1]
		k := len(last)
		for k > 0 && (last[k-1] == '!' || last[k-1] == '?') {
			k--
		}
		if k > 0 && k < len(last) {
			words[n-1], glyph = last[:k], last[k:]
		}
	}
	for i, w := range words {
		if strings.IndexByte(w, '_') >= 0 {
			// `_en passant_`: the underscores of a typed page's
			// italics.
			w = strings.Trim(w, "_")
			words[i] = w
		}
		// Parentheses stay around what they enclose (`(on Q square)`);
		// a glyph inside them (`(on R2!)`) goes to the end.
		pre, post := "", ""
		if strings.HasPrefix(w, "(") && len(w) > 1 && !strings.EqualFold(w, "(on") && !strings.EqualFold(w, "(at") {
			pre, w = "(", w[1:]
		}
		if strings.HasSuffix(w, ")") && len(w) > 1 {
			post, w = ")", w[:len(w)-1]
			for len(w) > 1 && (w[len(w)-1] == '!' || w[len(w)-1] == '?') {
				glyph = string(w[len(w)-1]) + glyph
				w = w[:len(w)-1]
			}
		}
		if pre != "" || post != "" {
			if pre != "" {
				out = append(out, pre)
			}
			lw := strings.ToLower(w)
			if o, ok := ordinal(lw); ok {
				if pre != "" && post == "" && i+1 < len(words) {
					// `(2d Q.)`: the second queen, a promotion.
					continue
				}
				w = o
			} else if lw == "ch" || lw == "check" || lw == "mate" {
				// `(ch)`: the suffix as a whole.
				w = lw
			} else if cw, ok := checkWord(lw); ok {
				// `(ch.)`, `(Check.)`.
				w = cw
			} else if lw == "e.p." {
				w = lw
			} else if isManWord(strings.TrimSuffix(w, ".")) {
				w = strings.TrimSuffix(w, ".")
			}
			out = append(out, strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s"))
			if post != "" {
				out = append(out, post)
			}
			continue
		}
		if len(w) > 1 && w[len(w)-1] == ',' {
			// A comma of the sentence (`B. takes K. B. P., ch.`).
			w = w[:len(w)-1]
		}
		lw := strings.ToLower(w)
		if promo && isManWord(strings.TrimRight(w, ".")) {
			// `becoming a Q.`: the promotion.
			out = append(out, "(", strings.TrimRight(w, "."), ")")
			promo = false
			continue
		}
		if cw, ok := checkWord(lw); ok && i > 0 && !isSuffixWord(w) {
			out = append(out, cw)
			continue
		}
		switch {
		case lw == "becoming" || lw == "becomes" || lw == "queening":
			promo = true
			if lw == "queening" {
				out = append(out, "(Q)")
				promo = false
			}
			continue
		case promo && (lw == "a" || lw == "an"):
			continue
		case lw == "(on" || lw == "(at":
			// `Kt (on R4) to Kt2`: the man's square.
			out = append(out, "(")
			continue
		case lw == "en" && i+1 < len(words) && strings.HasPrefix(strings.ToLower(words[i+1]), "pas"):
			out = append(out, "e.p.")
			continue
		case strings.HasPrefix(lw, "pas") && i > 0 && strings.ToLower(words[i-1]) == "en":
			continue
		case lw == "to":
			out = append(out, "-")
			continue
		case lw == "takes" || lw == "take" || lw == "tks" || lw == "tks.":
			out = append(out, "x")
			continue
		case (lw == "his" || lw == "her") && i+1 < len(words) && isFirstRank(strings.ToLower(words[i+1])) && len(out) >= 2:
			// `K to his square`: the man's own square (K1, Q1).
			out = append(out, strings.Join(out[:len(out)-1], ""))
			continue
		case lw == "his" || lw == "her" || lw == "the":
			continue
		case (lw == "one" || lw == "two") && i == len(words)-1 && i > 0:
			steps = 1
			if lw == "two" {
				steps = 2
			}
			continue
		}
		if o, ok := ordinal(lw); ok {
			out = append(out, o)
			continue
		}
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		w = strings.TrimSuffix(w, "'s.")
		if strings.HasSuffix(w, ".") && isManWord(strings.TrimSuffix(w, ".")) {
			w = strings.TrimSuffix(w, ".")
		}
		// `K.B.` and `Q.Kt.`: letters with periods.
		if strings.Count(w, ".") > 0 && isManWord(strings.ReplaceAll(w, ".", "")) {
			w = strings.ReplaceAll(w, ".", "")
		}
		out = append(out, w)
	}
	// `K to B`: a file with no rank is the mover's first rank (`K to B
	// square`), as the long form prints it.
	if n := len(out); n >= 2 && out[n-2] == "-" {
		if _, ok := fileName(strings.ReplaceAll(out[n-1], "Kt", "N")); ok && out[n-1] != "" {
			out = append(out, "1")
		}
	}
	return strings.Join(out, " ") + glyph, steps
}

// shortWithMarks reports whether text is a short-form move followed by
// words that only mark it (`P-K4 ch`, `PxP e.p.`, `R-K1 dis ch`), which
// longForm would leave as they are: the common case of a text with a
// space, read without taking it apart word by word. It answers false for
// anything else (longForm then reads it).
func shortWithMarks(text string) bool {
	first := strings.IndexByte(text, ' ')
	if first <= 0 || text[0] < 'A' || text[0] > 'Z' {
		return false
	}
	if strings.IndexByte(text[:first], '-') < 0 && strings.IndexByte(text[:first], 'x') < 0 {
		return false
	}
	for i := 0; i < first; i++ {
		switch text[i] {
		case '!', '?', '.', '\'', '\t':
			return false
		}
	}
	for rest := text[first+1:]; rest != ""; {
		w := rest
		if i := strings.IndexByte(rest, ' '); i >= 0 {
			w, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		switch w {
		case "ch", "ch.", "check", "(ch)", "(check)", "mate", "(mate)", "e.p.", "ep", "(e.p.)", "+", "++", "#",
			"dis", "dis.", "db", "db.", "dbl", "dbl.", "!", "?", "!!", "??", "!?", "?!":
		default:
			return false
		}
	}
	return true
}

// isManWord: letters that name a man, a file or both (`K`, `Kt`, `QB`,
// `KtP`).
func isManWord(w string) bool {
	if w == "" {
		return false
	}
	for i := 0; i < len(w); i++ {
		switch w[i] {
		case 'K', 'Q', 'R', 'B', 'N', 'P', 't':
		default:
			return false
		}
	}
	return true
}

// castlingWords reads castling as the long form writes it: `Castles`,
// `Castles.`, `Castles on K's side`, `Castles (K. R.)`, `Castles with
// K. R.`, `K. castles.`, perhaps with a check word (`Castles, ch.`). The
// side is the first word after `Castles` that names one (`K`, `KR`,
// `king's`: O-O; `Q`, `QR`, `queen's`: O-O-O); with none, the position
// decides (CastleEither). ok is false for any other text.
func castlingWords(text string) (c int8, check byte, ok bool) {
	if !strings.Contains(text, "astle") || strings.IndexByte(text, ' ') < 0 && !strings.HasSuffix(text, ".") {
		// The short forms (`Castles`, `CastlesKR`) are the general
		// reading's.
		return 0, 0, false
	}
	seen := false
	c = record.CastleEither
	side := false
	for i, w := range strings.Fields(text) {
		lw := strings.ToLower(strings.Trim(w, ".,;()"))
		lw = strings.TrimSuffix(strings.TrimSuffix(lw, "'s"), "’s")
		lw = strings.TrimRight(lw, ".")
		switch {
		case lw == "":
		case strings.HasPrefix(lw, "castle") && !seen:
			seen = true
		case !seen:
			// `K. castles.`: only the king may stand before.
			if i > 0 || lw != "k" && lw != "king" {
				return 0, 0, false
			}
		case lw == "on" || lw == "with" || lw == "the" || lw == "his" || lw == "side" || lw == "r" || lw == "rook" || lw == "wing" || lw == "castle":
		case lw == "ch" || lw == "check" || lw == "checks":
			check = '+'
		case lw == "k" || lw == "king" || lw == "kr" || lw == "kingside" || lw == "kside":
			if !side {
				c, side = record.CastleShort, true
			}
		case lw == "q" || lw == "queen" || lw == "qr" || lw == "queenside" || lw == "qside":
			if !side {
				c, side = record.CastleLong, true
			}
		default:
			return 0, 0, false
		}
	}
	return c, check, seen
}
