package compare

// Two transcriptions of a huge game compared as their main lines come, a
// part at a time, never both held whole (docs/robustness.md, "A huge game
// is read in parts"). The moves of each side are given in order (LineReader
// turns a part's nodes and steps into them); the comparison keeps only what
// the report needs: the first ply where the sides differ, each side's move
// there, and a move diff bounded to a window of moves from the first
// difference on (docs/convert.md, "diff").

import (
	"fmt"
	"strings"

	"github.com/ashtapada/ashtapada/internal/textdiff"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// DefaultDiffWindow is how many moves of each side the move diff of a
// streamed pair holds from its first difference on (Options.DiffWindow):
// past them, moves paired alike are still diffed (as context), and the
// first that differ end the diff with a note.
const DefaultDiffWindow = 5000

// Moves are main-line moves of one side, in order (LineReader.Part).
type Moves struct{ ms []lineMove }

// LineReader is mainLine read a part at a time.
type LineReader struct {
	num     int
	black   bool
	ply     int
	started bool
}

// Part is the main-line moves of nodes, a part of a main line read in
// parts (or the whole of it), pl what the replay played of it
// (replay.Each; the result's Played for the last part or a game read
// whole). The moves are copies that outlive the part.
func (r *LineReader) Part(nodes []record.Node, pl *replay.Played) Moves {
	if !r.started {
		r.started = true
		r.num, r.black = 1, false
		if pl.Start != nil {
			r.num, r.black = pl.Start.FullmoveNumber(), pl.Start.SideToMove() == rules.Black
		}
	}
	out := make([]lineMove, 0, len(nodes))
	for i := range nodes {
		n := &nodes[i]
		if n.Kind != record.KindMove || n.Move == nil {
			continue
		}
		joined := n.Move.Joined && r.ply > 0
		if r.ply > 0 && !joined {
			if r.black {
				r.num++
			}
			r.black = !r.black
		}
		r.ply++
		lm := lineMove{ply: r.ply, written: strings.Clone(n.Move.Text), number: r.num, black: r.black, joined: joined}
		if k := r.ply - pl.PliesBefore; k >= 1 && k <= pl.Len() {
			st := pl.Step(k - 1)
			lm.san, lm.number, lm.black, lm.joined = st.SAN, st.MoveNumber, st.Side == rules.Black, st.TurnIndex > 0
			r.num, r.black = lm.number, lm.black
		}
		out = append(out, lm)
	}
	return Moves{out}
}

// Len is the number of moves.
func (m Moves) Len() int { return len(m.ms) }

// pending is a side's moves given and not yet compared, with their lines
// for the diff.
type pending struct {
	ms    []lineMove
	lines []string
	ended bool
	n     int // moves given in all
}

func (p *pending) add(m Moves) {
	lines := numbered(m.ms, moveText)
	if len(p.ms) == 0 {
		p.ms, p.lines = m.ms, lines
	} else {
		p.ms = append(p.ms, m.ms...)
		p.lines = append(p.lines, lines...)
	}
	p.n += len(m.ms)
}

func moveText(m *lineMove) string {
	if m.san != "" {
		return m.san
	}
	return m.written
}

// Streamed compares two records of one game given a part at a time: Add
// each side's moves as they come (in any interleaving), End each side,
// then Entry with both replays. It gives the Entry Records gives on the
// games held whole, but for a move diff whose differences do not fit in
// its window of moves (NewStreamed): that diff stops at the first move
// past the window that differs, and the entry's note says what was left
// out.
type Streamed struct {
	nameA, nameB string
	a, b         pending
	i            int // moves compared (pairs, then one side's alone)
	ply          int // the first ply where the moves differ, 0 so far
	atA, atB     *lineMove
	sb           strings.Builder
	dw           *textdiff.Writer
	state        int // 0 the same so far; 1 in the window; 2 after it; 3 cut
	winA, winB   []byte
	winN         int
	window       int // the moves of each side the diff holds
	cut          int // the line the diff was cut at (0-based)
}

// NewStreamed starts the comparison of two records named nameA and nameB,
// whose move diff holds window moves of each side from its first
// difference on (zero: DefaultDiffWindow).
func NewStreamed(nameA, nameB string, window int) *Streamed {
	if window <= 0 {
		window = DefaultDiffWindow
	}
	s := &Streamed{nameA: nameA, nameB: nameB, window: window}
	s.dw = textdiff.NewWriter(&s.sb, nameA, nameB)
	return s
}

// Add gives moves of side A (a true) or B.
func (s *Streamed) Add(a bool, m Moves) {
	if a {
		s.a.add(m)
	} else {
		s.b.add(m)
	}
	s.advance()
}

// End says that side A (a true) or B has given all its moves.
func (s *Streamed) End(a bool) {
	if a {
		s.a.ended = true
	} else {
		s.b.ended = true
	}
	s.advance()
}

// Behind reports whether side A (a true) has fewer moves waiting than B:
// the side to read next, so that neither runs far ahead.
func (s *Streamed) Behind(a bool) bool {
	if a {
		return len(s.a.ms) <= len(s.b.ms)
	}
	return len(s.b.ms) <= len(s.a.ms)
}

// advance compares the moves both sides have given, or one side's alone
// once the other has ended.
func (s *Streamed) advance() {
	ka, kb := 0, 0
	for {
		hasA, hasB := ka < len(s.a.ms), kb < len(s.b.ms)
		switch {
		case hasA && hasB:
		case hasA && s.b.ended, hasB && s.a.ended:
		default:
			s.a.ms, s.a.lines = compact(s.a.ms, ka), compactS(s.a.lines, ka)
			s.b.ms, s.b.lines = compact(s.b.ms, kb), compactS(s.b.lines, kb)
			return
		}
		var ma, mb *lineMove
		var la, lb string
		if hasA {
			ma, la = &s.a.ms[ka], s.a.lines[ka]
			ka++
		}
		if hasB {
			mb, lb = &s.b.ms[kb], s.b.lines[kb]
			kb++
		}
		s.one(ma, mb, la, lb)
	}
}

func compact(ms []lineMove, k int) []lineMove {
	if k == len(ms) {
		return ms[:0]
	}
	return append(ms[:0], ms[k:]...)
}

func compactS(ls []string, k int) []string {
	if k == len(ls) {
		clear(ls)
		return ls[:0]
	}
	n := copy(ls, ls[k:])
	clear(ls[n:])
	return ls[:n]
}

// one compares the i-th move of each side (nil: the side has ended).
func (s *Streamed) one(ma, mb *lineMove, la, lb string) {
	if s.ply == 0 && (ma == nil || mb == nil || moveText(ma) != moveText(mb)) {
		s.ply = s.i + 1
		if ma != nil {
			c := *ma
			s.atA = &c
		}
		if mb != nil {
			c := *mb
			s.atB = &c
		}
	}
	same := ma != nil && mb != nil && la == lb
	switch s.state {
	case 0:
		if same {
			s.dw.Same([]byte(la + "\n"))
			break
		}
		s.state = 1
		fallthrough
	case 1:
		if ma != nil {
			s.winA = append(append(s.winA, la...), '\n')
		}
		if mb != nil {
			s.winB = append(append(s.winB, lb...), '\n')
		}
		if s.winN++; s.winN >= s.window {
			s.closeWindow()
		}
	case 2:
		if same {
			s.dw.Same([]byte(la + "\n"))
			break
		}
		s.state, s.cut = 3, s.i
	}
	s.i++
}

func (s *Streamed) closeWindow() {
	s.dw.Change(s.winA, s.winB)
	s.winA, s.winB = nil, nil
	s.state = 2
}

// Entry is the comparison, after both sides ended: nil when they agree.
// ra and rb are the games' replays (with replay.Config.Steps), their
// Played those of the last parts.
func (s *Streamed) Entry(ra, rb *replay.Result) *Entry {
	if s.state == 1 {
		s.closeWindow()
	}
	_ = s.dw.Close()
	if s.ply == 0 {
		return nil
	}
	e := &Entry{Mode: ModeRecords, Ply: s.ply}
	e.A = sideOf(s.nameA, ra, s.atA, s.ply)
	e.B = sideOf(s.nameB, rb, s.atB, s.ply)
	e.Diff = s.sb.String()
	if s.state == 3 {
		e.Note = fmt.Sprintf("the move diff stops at move line %d: the differences go on past the %d moves diffed from the first one, and the rest (%d moves of %s, %d of %s) was not diffed",
			s.cut+1, s.window, max(s.a.n-s.cut, 0), s.nameA, max(s.b.n-s.cut, 0), s.nameB)
	}
	return e
}

// sideOf says what a record has at ply, the move m (nil: the record ends
// before it), and whether it is legal there. The record may have been read
// in parts: res.Played is then its last part's.
func sideOf(name string, res *replay.Result, m *lineMove, ply int) *Side {
	pl := res.Played
	s := &Side{Name: name}
	if pl.Profile != nil {
		s.Profile = pl.Profile.Name
	}
	if m == nil {
		s.Legal = true
		s.Message = "the record ends here"
		return s
	}
	s.Move = m.written
	if m.san != "" {
		s.Move = m.san
	}
	s.Legal = ply <= pl.PliesBefore+pl.Len()
	if f := firstError(res); f != nil && f.Ply <= ply {
		s.Legal = false
		s.Rule, s.Message = f.Rule, f.Message
		if f.Ply < ply {
			s.Message = fmt.Sprintf("the record already broke the rules at ply %d (%s): %s", f.Ply, f.SAN, f.Message)
		}
	} else if !s.Legal && pl.Start == nil && pl.Stop != nil {
		s.Rule, s.Message = pl.Stop.Rule, pl.Stop.Message
	}
	return s
}
