package record

// The notations of books (docs/notation-books.md): PGN whose moves are in
// English descriptive notation (`P-K4`), or SAN with another language's
// piece letters (`Sf3`) or with figurines (`♘f3`). They are notations of
// a record like SAN, LAN and UCI: Game.Notation says which one a game's
// moves were read in.
const (
	// DescriptiveNotation is English descriptive notation.
	DescriptiveNotation Notation = UCI + 1 + iota
	// German and the rest are SAN (and long algebraic) with that
	// language's piece letters.
	German
	French
	Spanish
	Italian
	Dutch
	Portuguese
	Swedish
	Russian
	// Figurine is SAN with the figurines ♔♕♖♗♘ (either colour).
	Figurine
	notationEnd
)

// notationInfo is a notation's name on the command line, its name in
// messages, and its spellings of the men K, Q, R, B, N, in that order (the
// first spelling is the one written).
type notationInfo struct {
	code, name string
	letters    [5][]string
}

var english = [5][]string{{"K"}, {"Q"}, {"R"}, {"B"}, {"N"}}

var notations = [notationEnd]notationInfo{
	SAN:                 {"san", "SAN", english},
	LAN:                 {"lan", "long algebraic", english},
	UCI:                 {"uci", "UCI", english},
	DescriptiveNotation: {"descriptive", "English descriptive", [5][]string{{"K"}, {"Q"}, {"R"}, {"B"}, {"N", "Kt"}}},
	German:              {"de", "German", [5][]string{{"K"}, {"D"}, {"T"}, {"L"}, {"S"}}},
	French:              {"fr", "French", [5][]string{{"R"}, {"D"}, {"T"}, {"F"}, {"C"}}},
	Spanish:             {"es", "Spanish", [5][]string{{"R"}, {"D"}, {"T"}, {"A"}, {"C"}}},
	Italian:             {"it", "Italian", [5][]string{{"R"}, {"D"}, {"T"}, {"A"}, {"C"}}},
	Dutch:               {"nl", "Dutch", [5][]string{{"K"}, {"D"}, {"T"}, {"L"}, {"P"}}},
	Portuguese:          {"pt", "Portuguese", [5][]string{{"R"}, {"D"}, {"T"}, {"B"}, {"C"}}},
	Swedish:             {"sv", "Swedish", [5][]string{{"K"}, {"D"}, {"T"}, {"L"}, {"S"}}},
	Russian:             {"ru", "Russian", [5][]string{{"Кр"}, {"Ф"}, {"Л"}, {"С"}, {"К"}}},
	Figurine:            {"figurine", "figurine", [5][]string{{"♔", "♚"}, {"♕", "♛"}, {"♖", "♜"}, {"♗", "♝"}, {"♘", "♞"}}},
}

// String is the notation's name as the command line spells it (`san`,
// `descriptive`, `de`).
func (n Notation) String() string {
	if n < notationEnd {
		return notations[n].code
	}
	return "san"
}

// Name is the notation's name for messages ("German", "English
// descriptive").
func (n Notation) Name() string {
	if n < notationEnd {
		return notations[n].name
	}
	return n.String()
}

// Book reports whether n is one of the books' notations: descriptive, a
// language's letters or figurines.
func (n Notation) Book() bool { return n >= DescriptiveNotation && n < notationEnd }

// IsLanguage reports whether n is SAN with other letters than English.
func (n Notation) IsLanguage() bool { return n > DescriptiveNotation && n < notationEnd }

// PieceLetters are n's spellings of the men K, Q, R, B, N, in that order,
// the written one first (English for SAN, LAN and UCI).
func (n Notation) PieceLetters() [5][]string {
	if n < notationEnd {
		return notations[n].letters
	}
	return english
}

// BookNotations lists the books' notations in the order the command line
// lists them (and a guess tries the languages).
func BookNotations() []Notation {
	out := make([]Notation, 0, notationEnd-DescriptiveNotation)
	for n := DescriptiveNotation; n < notationEnd; n++ {
		out = append(out, n)
	}
	return out
}

// NotationNamed is the notation whose String is code.
func NotationNamed(code string) (Notation, bool) {
	for n := SAN; n < notationEnd; n++ {
		if notations[n].code == code {
			return n, true
		}
	}
	return SAN, false
}
