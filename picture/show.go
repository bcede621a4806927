package picture

// The view `show` prints: one position of a game's main line as the
// replay played it, with its diagram, FEN, side to move, the profile's
// state (leap rights, waiting pawns, what a pawn may become) and the legal
// moves, and the findings of the move shown.

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/internal/termtext"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// ShowView is everything show prints about one position.
type ShowView struct {
	Diagram *Diagram
	Pos     *rules.Position
	Profile *rules.Profile
	Ply     int
	// Last is the last move's SAN, or the offending move as written.
	Last string
	// Bad says that Last is a move that could not be played.
	Bad bool
	// Findings are those of the move shown.
	Findings []replay.Finding
}

// MoveSpec is a move of a main line asked for by its number and side
// (show --move 14b).
type MoveSpec struct {
	Text   string
	Number int
	Side   rules.Color
}

// ParseMoveSpec reads "14b" (or 14w, 14, 14., 14...; 14 is white's).
func ParseMoveSpec(s string) (MoveSpec, error) {
	side := rules.White
	num := strings.TrimSpace(s)
	switch {
	case strings.HasSuffix(num, "..."):
		side, num = rules.Black, strings.TrimSuffix(num, "...")
	case strings.HasSuffix(num, "b"):
		side, num = rules.Black, strings.TrimSuffix(num, "b")
	case strings.HasSuffix(num, "w"):
		num = strings.TrimSuffix(num, "w")
	case strings.HasSuffix(num, "."):
		num = strings.TrimSuffix(num, ".")
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 {
		return MoveSpec{}, fmt.Errorf("--move %q: want a move number and a side, such as 14b or 14w", s)
	}
	return MoveSpec{Text: s, Number: n, Side: side}, nil
}

// Find is the ply of the last of pl's steps that is the move asked for
// (the last ply of that side's turn with that number), -1 when none is.
func (m MoveSpec) Find(pl *replay.Played) int {
	ply := -1
	for i := range pl.Len() {
		if st := pl.Step(i); st.MoveNumber == m.Number && st.Side == m.Side {
			ply = st.Ply
		}
	}
	return ply
}

// PlyIn is the ply the move asked for shows in the main line pl ends
// with, found the ply Find gave over all of its steps (-1: none): a main
// line read in parts (PlyOfMove for one held whole).
func (m MoveSpec) PlyIn(pl *replay.Played, found int) (int, error) {
	if found >= 0 {
		return found, nil
	}
	n := pl.PliesBefore + pl.Len()
	if pl.StopNode != nil {
		// The asked move may be the one that could not be played.
		return n + 1, nil
	}
	return 0, fmt.Errorf("--move %s: the main line has no such move (%d plies)", m.Text, n)
}

// PlyOfMove turns "14b" (or 14w, 14, 14., 14...) into the ply after that
// move of a game's main line: the last ply of that side's turn with that
// number.
func PlyOfMove(pl *replay.Played, s string) (int, error) {
	m, err := ParseMoveSpec(s)
	if err != nil {
		return 0, err
	}
	return m.PlyIn(pl, m.Find(pl))
}

// ShownPly is a ply of a main line read in parts, kept for show as its
// part went by (the parts before the last are let go): the position after
// it (a copy; nil when not kept) and its step (when Ply > 0).
type ShownPly struct {
	Ply  int
	Pos  *rules.Position
	Step *replay.Step
}

// KeepPly is ply ShownPly of pl, the steps of a part just played, with the
// position after it when pos: the step and the position are copies that
// outlive the part. ok is false when the part does not hold ply.
func KeepPly(pl *replay.Played, ply int, pos bool) (ShownPly, bool) {
	if pl == nil || pl.Start == nil {
		return ShownPly{}, false // not replayed
	}
	i := ply - pl.PliesBefore
	if i < 0 || i > pl.Len() || (i == 0 && ply > 0 && !pos) {
		return ShownPly{}, false
	}
	k := ShownPly{Ply: ply}
	if i > 0 {
		st := pl.Step(i - 1)
		// Its node is in the part's storage, read over by the next part;
		// its SAN in the part's SANs, which a copy lets go.
		st.Node, st.SAN = nil, strings.Clone(st.SAN)
		k.Step = &st
	}
	if pos {
		k.Pos = pl.PositionAt(i)
		if i == 0 {
			k.Pos = k.Pos.Copy()
		}
	}
	return k, true
}

// shownPlies finds the positions and steps of a main line as played: in
// pl's steps, which may be only the last part of a main line read in parts
// (Played.PliesBefore; the step before them is Played.Prev), or among the
// plies kept from its earlier parts.
type shownPlies struct {
	pl   *replay.Played
	kept []ShownPly
}

// plies is the number of plies of the main line played.
func (s shownPlies) plies() int { return s.pl.PliesBefore + s.pl.Len() }

// position is the position after ply (0: the start), nil when unknown.
func (s shownPlies) position(ply int) *rules.Position {
	if i := ply - s.pl.PliesBefore; i >= 0 {
		return s.pl.PositionAt(i)
	}
	for i := range s.kept {
		if s.kept[i].Ply == ply && s.kept[i].Pos != nil {
			return s.kept[i].Pos
		}
	}
	return nil
}

// step is step ply (1-based), nil when unknown.
func (s shownPlies) step(ply int) *replay.Step {
	if i := ply - s.pl.PliesBefore; i > 0 && i <= s.pl.Len() {
		st := s.pl.Step(i - 1)
		return &st
	} else if i == 0 && ply > 0 && s.pl.Prev != nil {
		return s.pl.Prev
	}
	for i := range s.kept {
		if s.kept[i].Ply == ply && s.kept[i].Step != nil {
			return s.kept[i].Step
		}
	}
	return nil
}

// BuildShow picks the position after ply of the game res replayed (with
// replay.Config.Steps), or, for ply -1 or one past the last playable ply,
// the position before the move that could not be played, that move
// marked.
//
// The diagram's header names the game from g's tags (event, players, date,
// source), as every picture of a position does.
//
// For a game whose main line was read in parts, res.Played holds the steps
// of its last part only (and the step before them, Played.Prev), and kept
// the plies kept from the parts before (KeepPly), the ply shown when it
// stands in one of them: the view is the one of the game replayed whole.
// A record held whole has nothing kept.
func BuildShow(g *record.Game, res *replay.Result, ply int, title string, kept ...ShownPly) (*ShowView, error) {
	pl := res.Played
	if pl == nil || pl.Start == nil {
		return nil, fmt.Errorf("the game was not replayed")
	}
	sp := shownPlies{pl: pl, kept: kept}
	v := &ShowView{Profile: pl.Profile}
	n := sp.plies()
	if ply < 0 {
		ply = n
		if pl.StopNode != nil {
			ply = n + 1
		}
	}
	switch {
	case ply <= n:
		v.Ply = ply
		v.Pos = sp.position(ply)
		if v.Pos == nil {
			return nil, fmt.Errorf("--ply %d: the position was not kept", ply)
		}
		st := sp.step(ply)
		if ply > 0 {
			if st == nil {
				return nil, fmt.Errorf("--ply %d: the move was not kept", ply)
			}
			v.Last = st.SAN
		}
		v.Diagram = diagramOf(v.Pos, st, ply, pl.Profile, title)
	case ply == n+1 && pl.StopNode != nil:
		v.Ply, v.Bad = n, true
		v.Pos = sp.position(n)
		if v.Pos == nil {
			return nil, fmt.Errorf("--ply %d: the position was not kept", n)
		}
		v.Last = pl.StopNode.Text
		d := diagramOf(v.Pos, nil, n, pl.Profile, title)
		d.From, d.To, d.Mark = record.NoSquare, record.NoSquare, record.NoSquare
		if pl.StopNode.Move != nil {
			from, to := replay.OffendingSquares(v.Pos, pl.StopNode.Move)
			d.From, d.To, d.Mark = record.Square(from), record.Square(to), record.Square(to)
			d.ArrowLabel = "offending move"
		}
		d.Title = fmt.Sprintf("%s, ply %d: %s cannot be played", title, n+1, pl.StopNode.Text)
		v.Diagram = d
	default:
		return nil, fmt.Errorf("--ply %d: the main line has %d plies that can be played", ply, n)
	}
	// The findings of the move shown (the last one played, or the bad one).
	at := v.Ply
	if v.Bad {
		at = n + 1
	}
	for _, f := range res.Findings {
		if f.Ply == at && at > 0 && len(f.Variation) == 0 {
			v.Findings = append(v.Findings, f)
		}
	}
	if len(v.Findings) > 0 && !v.Bad && v.Diagram.To != record.NoSquare {
		for _, f := range v.Findings {
			if f.IsError() {
				v.Diagram.Mark = v.Diagram.To
			}
		}
	}
	DescribeGame(v.Diagram, g)
	return v, nil
}

// DiagramAt is the diagram after ply (0: the start) of a main line as
// played, with the last move as its arrow, on the profile's board (plain
// or checkered): ply is in pl's steps, or, for a main line read in parts,
// is the last ply before its last part (Played.Prev).
func DiagramAt(pl *replay.Played, ply int, title string) (*Diagram, error) {
	sp := shownPlies{pl: pl}
	pos := sp.position(ply)
	if pos == nil {
		pos = pl.Start
	}
	return diagramOf(pos, sp.step(ply), ply, pl.Profile, title), nil
}

// diagramOf is the diagram of pos, after ply and its step st (nil: no
// arrow), on profile's board.
func diagramOf(pos *rules.Position, st *replay.Step, ply int, profile *rules.Profile, title string) *Diagram {
	d := NewDiagram()
	DescribePosition(d, pos, profile)
	d.Title = fmt.Sprintf("%s, start position", title)
	if ply > 0 && st != nil {
		d.From, d.To = record.Square(st.Move.From), record.Square(st.Move.To)
		d.Title = fmt.Sprintf("%s, after ply %d: %s", title, ply, st.SAN)
	}
	return d
}

// Write prints the view for a person, the texts of the record and the
// profile with their control characters quoted (termtext.Safe).
func (v *ShowView) Write(w io.Writer, letters bool) error {
	if err := WriteDiagram(w, v.Diagram, letters); err != nil {
		return err
	}
	// The diagram has printed the men's names, the profile's state, the
	// FEN and the profile (the same as the SVG shows); the rest is for the
	// terminal only.
	pos := v.Pos
	var b strings.Builder
	fmt.Fprintf(&b, "to move:  %s", pos.SideToMove())
	if pos.InCheck() {
		b.WriteString(" (in check)")
	}
	b.WriteString("\n")
	if v.Bad {
		fmt.Fprintf(&b, "next:     %s cannot be played here\n", termtext.Safe(v.Last))
	} else if v.Last != "" {
		fmt.Fprintf(&b, "last:     ply %d, %s\n", v.Ply, termtext.Safe(v.Last))
	}
	legal := pos.LegalMoves(nil)
	sans := make([]string, len(legal))
	for i, m := range legal {
		sans[i] = replay.SAN(pos, legal, m)
	}
	sort.Strings(sans)
	fmt.Fprintf(&b, "legal:    %d: %s\n", len(sans), strings.Join(sans, " "))
	for _, f := range v.Findings {
		fmt.Fprintf(&b, "%s: ply %d %s: %s [%s]\n", f.Severity, f.Ply, termtext.Safe(f.SAN), termtext.Safe(f.Message), f.Rule)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing: %w", err)
	}
	return nil
}

func leapWord(pos *rules.Position, c rules.Color) string {
	if pos.LeapRight(c) {
		return "may leap"
	}
	return "has no leap"
}

// PromotionText says what a pawn of colour c may become on each square of
// its last rank, as the rules decide it (rules.Position.PromotionChoices):
// "Q R" when every square allows the same, else the squares grouped by
// what they allow ("B N on a8 c8 e8 g8; N on b8 d8 f8 h8"), "none" for no
// piece. The square matters under promotion-limit=lost-same-colour (a
// bishop of the square's colour) and where the file decides the piece.
func PromotionText(pos *rules.Position, c rules.Color) string {
	rank := 7
	if c == rules.Black {
		rank = 0
	}
	var groups []string
	squares := map[string][]string{}
	for file := 0; file < 8; file++ {
		sq := rules.MakeSquare(file, rank)
		kinds := pos.PromotionChoices(c, sq)
		letters := make([]string, len(kinds))
		for i, k := range kinds {
			letters[i] = k.Letter()
		}
		key := strings.Join(letters, " ")
		if key == "" {
			key = "none"
		}
		if _, ok := squares[key]; !ok {
			groups = append(groups, key)
		}
		squares[key] = append(squares[key], sq.String())
	}
	if len(groups) == 1 {
		return groups[0]
	}
	parts := make([]string, len(groups))
	for i, g := range groups {
		parts[i] = g + " on " + strings.Join(squares[g], " ")
	}
	return strings.Join(parts, "; ")
}
