package picture

// Pictures of a position: the Unicode diagram for the terminal (show) and
// the SVG (show --svg, validate --svg-dir). Both draw a Diagram, which holds
// only what a picture needs, so that they can be fed from a FEN (a finding
// carries one) as well as from a live position.

import (
	"fmt"
	"io"
	"strings"

	"github.com/ashtapada/ashtapada/internal/termtext"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/rules"
)

// Diagram is what a picture of a position shows.
type Diagram struct {
	// Board holds the FEN letter of the man on each square (a1 = 0, h8 =
	// 63): upper case white, lower case black, 0 for an empty square.
	Board [64]byte
	// Checkered alternates light and dark squares, as on a modern board.
	// The historical Indian boards were plain (ashtapada: uncheckered);
	// each profile's board setting says which it uses.
	Checkered bool
	// Flip draws the board from Black's side.
	Flip bool
	// From and To are the last move, drawn as an arrow (NoSquare: none).
	From, To record.Square
	// ArrowLabel names the arrow in the text legend; "last move" when empty
	// ("offending move" when the arrow is a move that could not be played).
	ArrowLabel string
	// Mark is the square of a violation, drawn marked (NoSquare: none).
	Mark record.Square
	// Title is a line above the board (SVG) or before it (text).
	Title string
	// Caption is a line below the board, typically the FEN.
	Caption string
	// Header is what the picture is of, above the title: event, players,
	// date, source (DescribeGame fills it from a record's tags).
	Header []string
	// Glyphs is the set the men are drawn with in SVG (GlyphsFigurine,
	// GlyphsHistorical; empty: figurine).
	Glyphs string
	// Names are the men's names for the legend, by upper-case FEN letter,
	// as the profile names them; no legend when empty.
	Names map[byte]string
	// ToMove is the side to move, 'w' or 'b' (0: not shown).
	ToMove byte
	// Notes are the profile's state where it matters: leap rights,
	// waiting pawns, what a pawn may become (DescribePosition).
	Notes []string
	// Profile names the rule profile, for the footer.
	Profile string
}

// NewDiagram returns an empty diagram with no move and no mark.
func NewDiagram() *Diagram {
	return &Diagram{From: record.NoSquare, To: record.NoSquare, Mark: record.NoSquare}
}

// DiagramFromFEN fills a diagram's board from the first field of a FEN (the
// other fields are not needed for a picture and may be absent).
func DiagramFromFEN(fen string) (*Diagram, error) {
	d := NewDiagram()
	field := strings.TrimSpace(fen)
	if i := strings.IndexByte(field, ' '); i >= 0 {
		field = field[:i]
	}
	board, err := rules.ParsePlacement(field)
	if err != nil {
		return nil, fmt.Errorf("FEN %q: %w", fen, err)
	}
	d.Board = board
	return d, nil
}

func validSquare(s record.Square) bool { return s >= 0 && s < 64 }

// unicodeMen are the chess figurines; the letters of docs/notation.md keep their
// profile's meaning (Q is the counsellor, B the elephant) whatever the shape.
var unicodeMen = map[byte]string{
	'K': "♔", 'Q': "♕", 'R': "♖", 'B': "♗", 'N': "♘", 'P': "♙",
	'k': "♚", 'q': "♛", 'r': "♜", 'b': "♝", 'n': "♞", 'p': "♟",
}

// WriteDiagram writes the board as text, White at the bottom unless Flip.
// Each square is three columns wide: the man in the middle, `[` `]` around
// the squares of the last move and `<` `>` around the marked square, so the
// marks survive a terminal without colour. letters draws men as FEN letters
// instead of figurines (for terminals without the chess symbols). Its
// texts, a record's tags and a profile's names among them, are printed
// with their control characters quoted (termtext.Safe).
func WriteDiagram(w io.Writer, d *Diagram, letters bool) error {
	q := termtext.Safe
	var b strings.Builder
	for _, h := range d.Header {
		b.WriteString(q(h) + "\n")
	}
	if d.Title != "" {
		b.WriteString(q(d.Title) + "\n")
	}
	// No terminal font has the historical men: their diagrams use the
	// record's letters, which the legend names.
	if d.Glyphs != "" && d.Glyphs != GlyphsFigurine {
		letters = true
	}
	files := "    a  b  c  d  e  f  g  h\n"
	if d.Flip {
		files = "    h  g  f  e  d  c  b  a\n"
	}
	b.WriteString("  +------------------------+\n")
	for row := 0; row < 8; row++ {
		rank := 7 - row
		if d.Flip {
			rank = row
		}
		fmt.Fprintf(&b, "%d |", rank+1)
		for col := 0; col < 8; col++ {
			file := col
			if d.Flip {
				file = 7 - col
			}
			sq := record.MakeSquare(file, rank)
			man := "·"
			if d.Checkered && (file+rank)%2 == 0 {
				man = ":" // a dark square
			}
			if c := d.Board[sq]; c != 0 {
				if letters {
					man = string(c)
				} else if u, ok := unicodeMen[c]; ok {
					man = u
				} else {
					man = string(c)
				}
			}
			left, right := " ", " "
			switch sq {
			case d.Mark:
				left, right = "<", ">"
			case d.From, d.To:
				left, right = "[", "]"
			}
			b.WriteString(left + man + right)
		}
		b.WriteString("|")
		if d.ToMove != 0 && rank == map[byte]int{'w': 0, 'b': 7}[d.ToMove] {
			b.WriteString(" <- " + map[byte]string{'w': "white", 'b': "black"}[d.ToMove] + " to move")
		}
		b.WriteString("\n")
	}
	b.WriteString("  +------------------------+\n")
	b.WriteString(files)
	var notes []string
	if validSquare(d.From) && validSquare(d.To) {
		label := d.ArrowLabel
		if label == "" {
			label = "last move"
		}
		notes = append(notes, fmt.Sprintf("[ ] %s %s-%s", label, d.From, d.To))
	}
	if validSquare(d.Mark) {
		notes = append(notes, fmt.Sprintf("< > %s", d.Mark))
	}
	if len(notes) > 0 {
		b.WriteString("    " + strings.Join(notes, "   ") + "\n")
	}
	if len(d.Names) > 0 {
		var names []string
		for _, c := range []byte{'K', 'Q', 'R', 'B', 'N', 'P'} {
			if n, ok := d.Names[c]; ok {
				names = append(names, string(c)+" "+q(n))
			}
		}
		b.WriteString("men: " + strings.Join(names, ", ") + "\n")
	}
	for _, n := range d.Notes {
		b.WriteString(q(n) + "\n")
	}
	if d.Caption != "" {
		b.WriteString(q(d.Caption) + "\n")
	}
	if d.Profile != "" {
		b.WriteString("profile " + q(d.Profile) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	if err != nil {
		return fmt.Errorf("writing diagram: %w", err)
	}
	return nil
}
