package formats

// Reading and writing whole games in LAN and UCI: the tags as in PGN, then
// the main line in coordinates (docs/convert.md). LAN keeps move numbers
// (`1. e2-e3,Ng1-f3 e7-e6`); UCI writes the moves alone, as engines and
// pgn-extract's -Wuci do. Compound turns stay joined by commas in both, so
// that the turns can be read back.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// writeTags writes the tags in their order, PGN-escaped.
func writeTags(b *strings.Builder, tags []record.Tag) {
	for _, t := range tags {
		v := strings.ReplaceAll(t.Value, `\`, `\\`)
		v = strings.ReplaceAll(v, `"`, `\"`)
		fmt.Fprintf(b, "[%s \"%s\"]\n", t.Name, v)
	}
	b.WriteString("\n")
}

// wrapper writes tokens separated by spaces in lines of at most 79 columns.
type wrapper struct {
	b   *strings.Builder
	col int
}

func (wr *wrapper) token(s string) {
	if wr.col > 0 && wr.col+1+len(s) > 79 {
		wr.b.WriteByte('\n')
		wr.col = 0
	} else if wr.col > 0 {
		wr.b.WriteByte(' ')
		wr.col++
	}
	wr.b.WriteString(s)
	wr.col += len(s)
}

// WriteCoordGame writes a game's tags and its main line as played in LAN
// (uci false) or UCI. When the replay stopped before the end (a move that
// is not legal), the moves up to it are written, then a comment that says
// where the record could not be followed; the error returned says so too,
// after the game was written.
func WriteCoordGame(w io.Writer, g *record.Game, t *replay.Played, uci bool) error {
	var b strings.Builder
	writeTags(&b, g.Tags)
	wr := &wrapper{b: &b}
	for i := 0; i < len(t.Steps); {
		j := i + 1
		for j < len(t.Steps) && t.Steps[j].TurnIndex > 0 {
			j++
		}
		first := &t.Steps[i]
		if !uci {
			if first.Side == rules.White {
				wr.token(strconv.Itoa(first.MoveNumber) + ".")
			} else if i == 0 {
				wr.token(strconv.Itoa(first.MoveNumber) + "...")
			}
		}
		parts := make([]string, 0, j-i)
		for k := i; k < j; k++ {
			st := &t.Steps[k]
			if uci {
				parts = append(parts, UCI(st.Move))
				continue
			}
			check := ""
			if st.Mate {
				check = "#"
			} else if st.Check {
				check = "+"
			}
			parts = append(parts, LAN(st.Before, st.Move, check))
		}
		wr.token(strings.Join(parts, ","))
		i = j
	}
	var stopErr error
	switch {
	case t.Start == nil && t.Stop != nil:
		stopErr = &StopError{"the game could not be replayed: " + t.Stop.Message}
	case t.StopNode != nil:
		why := fmt.Sprintf("ply %d (%s) could not be played; the record goes on from there in PGN only", len(t.Steps)+1, t.StopNode.Text)
		wr.token("{" + why + "}")
		stopErr = &StopError{why}
	}
	res := g.Result
	if res == "" {
		res = "*"
	}
	wr.token(res)
	b.WriteString("\n\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing coordinates: %w", err)
	}
	return stopErr
}

// StopError says that a game was written only in part: its main line
// could not be followed to the end. The part before is written.
type StopError struct{ Why string }

func (e *StopError) Error() string { return e.Why }

// CoordReader reads games written in LAN or UCI and gives them back as
// records in canonical SAN: each coordinate move is matched against the
// legal moves of the game's profile (its Variant and Rules tags, or the
// Replayer's configuration), so the profile must be known.
type CoordReader struct {
	br  *bufio.Reader
	rp  *replay.Replayer
	uci bool
	n   int
	// pending is a tag line read ahead: the start of the next game.
	pending string
	line    int
}

// NewCoordReader reads LAN (uci false) or UCI from r.
func NewCoordReader(r io.Reader, uci bool, rp *replay.Replayer) *CoordReader {
	return &CoordReader{br: bufio.NewReader(r), rp: rp, uci: uci}
}

// readLine returns the next line without its end, and false at the end.
func (cr *CoordReader) readLine() (string, bool, error) {
	if cr.pending != "" {
		l := cr.pending
		cr.pending = ""
		return l, true, nil
	}
	l, err := cr.br.ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", false, fmt.Errorf("reading coordinates: %w", err)
	}
	if err != nil && l == "" {
		return "", false, nil
	}
	cr.line++
	return strings.TrimRight(l, "\r\n"), true, nil
}

// Next reads the next game; io.EOF after the last. A game whose moves
// cannot all be matched is returned as far as it could be read, with an
// error notice, and a non-nil error that says which move.
func (cr *CoordReader) Next() (*record.Game, error) {
	g := &record.Game{}
	var moves []string
	seenMoves := false
	inComment := false // inside a brace comment that spans lines
	for {
		l, ok, err := cr.readLine()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		t := strings.TrimSpace(l)
		t = strings.TrimPrefix(t, "\ufeff")
		if strings.HasPrefix(t, "[") {
			if seenMoves {
				cr.pending = l
				break
			}
			tag, err := parseTagLine(t)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", cr.line, err)
			}
			g.Tags = append(g.Tags, tag)
			continue
		}
		if t == "" {
			continue
		}
		seenMoves = true
		// A termination marker ends the game even when no tag line follows:
		// games without tags (and several games on one line) are otherwise
		// run together, and the second one's moves become illegal.
		if end, ok := resultEnd(t, &inComment); ok {
			moves = append(moves, t[:end])
			if rest := strings.TrimSpace(t[end:]); rest != "" {
				cr.pending = rest
			}
			break
		}
		moves = append(moves, t)
	}
	if len(g.Tags) == 0 && !seenMoves {
		return nil, io.EOF
	}
	cr.n++
	return g, cr.playTokens(g, tokens(strings.Join(moves, " ")))
}

// resultEnd scans a movetext line for a termination marker outside brace
// comments and returns the byte offset just after it. inComment carries an
// open brace comment from one line to the next.
func resultEnd(line string, inComment *bool) (int, bool) {
	i := 0
	for i < len(line) {
		if *inComment {
			end := strings.IndexByte(line[i:], '}')
			if end < 0 {
				return 0, false
			}
			*inComment = false
			i += end + 1
			continue
		}
		switch line[i] {
		case ' ', '\t':
			i++
			continue
		case '{':
			*inComment = true
			i++
			continue
		}
		end := strings.IndexAny(line[i:], " \t{")
		if end < 0 {
			end = len(line) - i
		}
		if isResult(line[i : i+end]) {
			return i + end, true
		}
		i += end
	}
	return 0, false
}

// tokens splits movetext, dropping brace comments.
func tokens(s string) []string {
	var out []string
	for len(s) > 0 {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			break
		}
		if s[0] == '{' {
			end := strings.IndexByte(s, '}')
			if end < 0 {
				break
			}
			s = s[end+1:]
			continue
		}
		end := strings.IndexAny(s, " \t{")
		if end < 0 {
			end = len(s)
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out
}

func parseTagLine(t string) (record.Tag, error) {
	inner := strings.TrimSuffix(strings.TrimPrefix(t, "["), "]")
	name, rest, ok := strings.Cut(inner, " ")
	rest = strings.TrimSpace(rest)
	if !ok || len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' || !strings.HasSuffix(t, "]") {
		return record.Tag{}, fmt.Errorf("%q is not a tag pair", t)
	}
	v := rest[1 : len(rest)-1]
	v = strings.ReplaceAll(v, `\"`, `"`)
	v = strings.ReplaceAll(v, `\\`, `\`)
	return record.Tag{Name: name, Value: v}, nil
}

func isResult(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
}

// playTokens matches the coordinate moves and fills g.Moves with the
// canonical SAN moves, with move numbers as the canonical writer puts them.
func (cr *CoordReader) playTokens(g *record.Game, toks []string) error {
	_, pos, f := cr.rp.Setup(g)
	for _, tok := range toks {
		if isResult(tok) {
			g.Result = tok
		}
	}
	if f != nil {
		g.Notices = append(g.Notices, record.Notice{Rule: f.Rule, Severity: record.Error, Message: f.Message})
		return fmt.Errorf("game %d: %s", cr.n, f.Message)
	}
	var legal []rules.Move
	for _, tok := range toks {
		if isResult(tok) || isMoveNumber(tok) {
			continue
		}
		turn := strings.Split(tok, ",")
		side := pos.SideToMove()
		if side == rules.White {
			g.Moves = append(g.Moves, record.Node{Kind: record.KindMoveNumber, Number: pos.FullmoveNumber(), Dots: 1})
		} else if len(g.Moves) == 0 {
			g.Moves = append(g.Moves, record.Node{Kind: record.KindMoveNumber, Number: pos.FullmoveNumber(), Dots: 3})
		}
		prevPromo := rules.NoKind
		for k, text := range turn {
			var c CoordMove
			var err error
			if cr.uci {
				c, err = ParseUCI(text)
			} else {
				c, err = ParseLAN(text)
			}
			var m rules.Move
			if err == nil {
				legal = pos.LegalMoves(legal[:0])
				m, err = Match(pos, legal, c)
			}
			if err != nil {
				g.Notices = append(g.Notices, record.Notice{Rule: "illegal-move", Severity: record.Error, Message: err.Error()})
				return fmt.Errorf("game %d: %w", cr.n, err)
			}
			sanLegal := legal
			if k == 1 && prevPromo == rules.Knight {
				// Only the new knight moves (rules.Turn.Origin): its move
				// is not disambiguated against the other knights.
				sanLegal = nil
			}
			prevPromo = m.Promotion
			san := replay.SAN(pos, sanLegal, m)
			rm, err := grammar.ParseMove(san)
			if err != nil {
				// The SAN writer and the grammar disagree: a bug, said as such.
				return fmt.Errorf("game %d: SAN %q of %s does not read back: %w", cr.n, san, text, err)
			}
			rm.Joined = k > 0
			g.Moves = append(g.Moves, record.Node{Kind: record.KindMove, Text: rm.Text, Move: &rm})
			if k == len(turn)-1 {
				pos.Play(m)
			} else {
				pos.PlayKeepTurn(m)
			}
		}
	}
	return nil
}

func isMoveNumber(s string) bool {
	s = strings.TrimRight(s, ".")
	if s == "" {
		return false
	}
	_, err := strconv.Atoi(s)
	return err == nil
}
