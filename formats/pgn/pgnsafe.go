package pgn

// What the PGN writer refuses. A record read from PGN holds only texts the
// grammar read as what they are; a record read from JSON may hold any
// string in any field, and written unchecked one field could end its token
// early and start others: a comment closed by its own `}`, a tag or a
// whole game after a line break, a second game after a result. The writer
// escapes what PGN can escape (a `"` or `\` in a tag value, appendTag) and
// refuses the rest, naming the field (docs/convert.md): a game written is
// the one game it is when read back.

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// checkPGNFields returns why a text of g, written in canonical form, would
// not read back as that text in that place (nil: each does). A game
// written as read (PassedThrough) is its source: the source is checked
// where it is joined to the games around it (Joiner); g must have one.
// The text after the termination marker is checked on the text written
// (checkReadBack).
func checkPGNFields(g *record.Game) error {
	if PassedThrough(g) {
		switch {
		case g.Source != nil:
			return nil
		case g.SyntaxError() != nil:
			return fmt.Errorf("it could not be read, and its record holds no source text: PGN can carry such a game only as it was read")
		case emptyMovetext(g):
			return fmt.Errorf("it has neither a move nor a termination marker, and its record holds no source text: PGN can carry such a game only as it was read")
		}
		// A comment braces cannot hold, and no source: the check of the
		// nodes names where it stands.
	}
	for i := range g.Tags {
		t := &g.Tags[i]
		if !grammar.ValidTagName(t.Name) || !grammar.ReadsAsWord(t.Name) {
			return fmt.Errorf("tag name %q: not a PGN symbol (letters, digits and _, then also + # = : -) that reads back as a tag name", t.Name)
		}
		if strings.ContainsAny(t.Value, "\r\n") {
			return fmt.Errorf("tag %s: its value holds a line break, which ends a PGN tag", t.Name)
		}
	}
	if g.Result != "" && !grammar.IsResult(g.Result) {
		return fmt.Errorf("result %q: not a termination marker (1-0, 0-1, 1/2-1/2 or *)", g.Result)
	}
	return checkPGNNodes(g.Moves, nil)
}

// checkPGNNodes checks the texts of a line of play (checkPGNFields); path
// holds the indexes of the variations it stands in, for the error.
func checkPGNNodes(ns []record.Node, path []int) error {
	for i := range ns {
		n := &ns[i]
		var why string
		switch n.Kind {
		case record.KindComment:
			switch {
			case strings.IndexByte(n.Text, '}') >= 0:
				why = "the comment holds `}`, which ends a PGN comment"
			case grammar.CommentEndsGame(n.Text):
				why = "the comment holds a line that starts like a tag, at which a reader ends the game"
			case strings.Contains(n.Text, "\r\n"):
				// A reader takes a CR LF line end as LF, in a comment as
				// anywhere (found by FuzzConvertFromJSON:
				// testdata/fuzz/FuzzConvertFromJSON/ce6dcb7ce5a6e584).
				why = "the comment holds a CR LF line end, which reads back as LF"
			}
		case record.KindLineComment:
			if strings.ContainsAny(n.Text, "\r\n") {
				why = "the ; comment holds a line break, which ends it"
			}
		case record.KindEscape:
			if strings.ContainsAny(n.Text, "\r\n") {
				why = "the escape line holds a line break, which ends it"
			}
		case record.KindNAG:
			if n.Number < 0 || n.Number > 255 {
				// The grammar reads $0 to $255, as PGN has them (found
				// by FuzzConvertFromJSON:
				// testdata/fuzz/FuzzConvertFromJSON/2b4fb1c985596f1b).
				why = fmt.Sprintf("NAG %d: a NAG is $ and a number from 0 to 255", n.Number)
			}
		case record.KindMove:
			why = checkMoveText(n)
		case record.KindRest:
			// Only the game's source holds it as it was read
			// (PassedThrough).
			why = "the text the reader could not read stands here: PGN can carry it only in the game's source"
		case record.KindVariation:
			if err := checkPGNNodes(n.Variation(), append(path, i)); err != nil {
				return err
			}
		}
		if why != "" {
			return fmt.Errorf("%s: %s", nodePath(path, i), why)
		}
	}
	return nil
}

// checkMoveText is why move node n, written as appendMove writes it, would
// not read back as one move ("" when it would). The parts of a move are
// written from their fields, checked when they were set, and a move in a
// book's notation as its text, which the descriptive reader read (the JSON
// reader too); its glyph is a string, and so is the text of a node without
// a move, written as it is.
func checkMoveText(n *record.Node) string {
	switch m := n.Move; {
	case m == nil:
		if !grammar.ReadsAsWord(n.Text) || strings.IndexByte(n.Text, ',') >= 0 {
			return fmt.Sprintf("the move %q does not read back as one move token", n.Text)
		}
		// A word that is no move would read back as a syntax error (the
		// replay stops at such a node, which has nothing to play).
		if _, err := grammar.ParseMove(n.Text); err != nil {
			return fmt.Sprintf("the move %q has no parts and its text is no move: %v", n.Text, err)
		}
	case m.Desc != nil || m.Castle == record.CastleEither:
	default:
		switch m.Glyph {
		case "", "!", "?", "!!", "??", "!?", "?!":
		default:
			return fmt.Sprintf("glyph %q: not one of ! ? !! ?? !? ?!", m.Glyph)
		}
	}
	return ""
}

// nodePath names node i of the line path leads to as the JSON form does
// (moves[3].variation[1]).
func nodePath(path []int, i int) string {
	var b strings.Builder
	b.WriteString("moves")
	for _, v := range path {
		b.WriteString("[" + strconv.Itoa(v) + "].variation")
	}
	b.WriteString("[" + strconv.Itoa(i) + "]")
	return b.String()
}

// checkReadBack checks text, the canonical form written for g, when g has
// text after its termination marker: that may hold termination markers and
// escape lines only (anything else there is the start of another game, as
// the splitter and the reader decide it), so the text must read back as
// one game with that same text after the same marker.
func checkReadBack(text []byte, g *record.Game) error {
	if len(g.Trailing) == 0 || PassedThrough(g) {
		return nil
	}
	games, err := grammar.ReadAll(bytes.NewReader(text), "")
	if err == nil && len(games) == 1 && games[0].SyntaxError() == nil && games[0].Result == g.Result &&
		bytes.Equal(games[0].Trailing, bytes.TrimRight(g.Trailing, " \t\r\n\v\f")) {
		return nil
	}
	return fmt.Errorf("trailing: the text after the termination marker may hold only termination markers and escape lines; written, this one reads back as other text or another game")
}
