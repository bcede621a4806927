package picture

// Filling a Diagram from what the replay knows: the position and its
// profile (DescribePosition) and the record's tags (DescribeGame). The
// terminal view, the SVG and the HTML pages all take their diagrams from
// here, so that they show the same men, the same names and the same state.

import (
	"fmt"
	"strings"

	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/rules"
)

// pictureNames is what each glyph of a set shows, where that differs from
// the rule name of the man (ManName): the legend gives both.
var pictureNames = map[string]map[byte]string{
	GlyphsHistorical: {'K': "raja", 'Q': "counsellor", 'R': "chariot", 'B': "elephant", 'N': "horse", 'P': "foot soldier"},
}

// DescribePosition sets the diagram's board, side to move, glyphs, legend,
// FEN caption, profile and state notes from pos, judged under prof (nil:
// the default look and the rule names of pos's settings).
func DescribePosition(d *Diagram, pos *rules.Position, prof *rules.Profile) {
	var name, men string
	checkered := false
	if prof != nil {
		name, men, checkered = prof.Name, prof.Men, prof.Checkered()
	}
	describe(d, pos, name, men, checkered)
	d.Notes = PositionNotes(pos)
}

// describe is DescribePosition from the profile's look alone (a finding
// carries the look, not the profile), for a position set up from a FEN.
func describe(d *Diagram, pos *rules.Position, profile, men string, checkered bool) {
	fen := pos.FEN()
	if b, err := rules.ParsePlacement(strings.Fields(fen)[0]); err == nil {
		d.Board = b
	}
	d.Caption = fen
	d.ToMove = 'w'
	if pos.SideToMove() == rules.Black {
		d.ToMove = 'b'
	}
	d.Checkered = checkered
	d.Glyphs = GlyphsFigurine
	if KnownGlyphSet(men) {
		d.Glyphs = men
	}
	d.Profile = profile
	d.Names = MenNames(pos.Settings(), d.Glyphs)
	d.Notes = positionNotes(pos, false)
}

// MenNames are the legend's names of the six men under s, drawn with the
// named glyph set: the rule's name, and the picture's where it differs
// ("rook (chariot)").
func MenNames(s *rules.Settings, glyphs string) map[byte]string {
	out := make(map[byte]string, 6)
	for _, k := range []rules.Kind{rules.King, rules.Queen, rules.Rook, rules.Bishop, rules.Knight, rules.Pawn} {
		letter := k.Letter()[0]
		name := s.ManName(k)
		if pic := pictureNames[glyphs][letter]; pic != "" && pic != name {
			name += " (" + pic + ")"
		}
		out[letter] = name
	}
	return out
}

// PositionNotes is the profile's state in pos where it matters, one line
// each, as show prints it and the diagrams write it under the board: leap
// rights under a profile with the king's leap (and why a king has none),
// waiting pawns, and what a pawn may become where the profile restricts it.
func PositionNotes(pos *rules.Position) []string { return positionNotes(pos, true) }

// positionNotes is PositionNotes; why says why a king has no leap, which
// only a position that was played knows (one set up from a FEN knows only
// that the right is gone).
func positionNotes(pos *rules.Position, why bool) []string {
	s := pos.Settings()
	var notes []string
	if s.KingLeap != rules.LeapOff {
		notes = append(notes, fmt.Sprintf("leap: white %s, black %s", leapWord(pos, rules.White), leapWord(pos, rules.Black)))
		for _, c := range []rules.Color{rules.White, rules.Black} {
			// Why a king has no leap, as the rules say it.
			if note := pos.LeapNote(c); note != "" && why {
				notes = append(notes, fmt.Sprintf("  %s: %s", c, note))
			}
		}
	}
	for _, c := range []rules.Color{rules.White, rules.Black} {
		if wp := pos.WaitingPawns(c); len(wp) > 0 {
			names := make([]string, len(wp))
			for i, sq := range wp {
				names[i] = sq.String()
			}
			notes = append(notes, fmt.Sprintf("waiting: %s pawns on %s", c, strings.Join(names, ", ")))
		}
	}
	if s.Promotion != rules.PromoteAny || s.PromotionLimit != rules.LimitNone {
		for _, c := range []rules.Color{rules.White, rules.Black} {
			notes = append(notes, fmt.Sprintf("promote: %s %s", c, PromotionText(pos, c)))
		}
	}
	return notes
}

// DescribeGame sets the diagram's header from the record's tags: the event
// (with round and site), the players, the date and the source, each where
// present and not "?".
func DescribeGame(d *Diagram, g *record.Game) {
	tag := func(name string) string {
		v, _ := g.Tag(name)
		v = strings.TrimSpace(v)
		if v == "?" || strings.Trim(v, "?.") == "" {
			return ""
		}
		return v
	}
	var lines []string
	if ev := tag("Event"); ev != "" {
		if r := tag("Round"); r != "" {
			ev += ", round " + r
		}
		if s := tag("Site"); s != "" {
			ev += " (" + s + ")"
		}
		lines = append(lines, ev)
	}
	w, b := tag("White"), tag("Black")
	if w != "" || b != "" {
		lines = append(lines, OrUnknown(w)+" – "+OrUnknown(b))
	}
	var when []string
	if dt := tag("Date"); dt != "" {
		when = append(when, dt)
	}
	if s := tag("Source"); s != "" {
		when = append(when, "source: "+s)
	}
	if len(when) > 0 {
		lines = append(lines, strings.Join(when, "; "))
	}
	d.Header = lines
}

// OrUnknown is a tag's value as a person reads it: "?", as PGN writes an
// unknown value, when it is empty. A diagram's header, the viewer's index
// and the reports (package report) name players and events with it.
func OrUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
