package jsongame

// The lossless JSON object of a game read in parts (GameRenderer): the
// members before the moves (the game's number, its position and tags, and
// the profile and settings replay judged it by, at the first part), the
// "moves" array a part at a time (each part's nodes with the played
// fields of its steps), and the members after it, which only the record's
// end tells (the result, the notices), at End. The bytes are those whole
// writes for the game read whole (appendJSONSettings), as
// TestPartedValidateAgrees checks.

import (
	"fmt"

	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// jsonInParts is what Renderer keeps of the game it renders in parts:
// the object written so far, whether the moves' array is open (the
// profile is written at the first part, which knows it), whether the
// profile has played fields (addProfile), how many nodes are written, and
// whether one was a move (PassedThrough's question, for the whole line).
type jsonInParts struct {
	o            jsonObject
	open, judged bool
	nodes        int
	moved        bool
	// san rewrites the parts of a record in LAN or UCI in SAN when
	// rewrite is set, as whole rewrites the record (asSAN); err is the
	// first error of that rewrite.
	san     notation.SANRewriter
	rewrite bool
	err     error
}

// start starts a game of more than one part, at its first part.
func (j *Renderer) start(dst []byte, g *record.Game, n int) {
	j.started = true
	j.parts.reset()
	head := Game{Game: n}
	j.parts.headToJSON(&head, g)
	san := j.inParts.san
	j.inParts = jsonInParts{o: jsonObject{b: dst}, san: san, rewrite: notation.InCoordinates(g)}
	j.inParts.san.Reset(g, true)
	head.appendHead(&j.inParts.o)
}

// Part writes the nodes of a part, with the played fields of pl's steps,
// after the profile and the moves' opening bracket at the first; a record
// in LAN or UCI has the part's moves rewritten in SAN first.
func (j *Renderer) Part(nodes []record.Node, pl *replay.Played) {
	if !j.started {
		j.start(j.dst, j.g, j.n)
	}
	j.part(nodes, pl)
}

func (j *Renderer) part(nodes []record.Node, pl *replay.Played) {
	p := &j.inParts
	if p.err != nil {
		return
	}
	if p.rewrite {
		// The rewritten part's nodes are where the steps say (notation.SANRewriter
		// keeps every node before a cut in its place).
		if nodes, p.err = p.san.Part(nodes, pl); p.err != nil {
			return
		}
	}
	if !p.open {
		var prof Game
		p.judged = j.parts.addProfile(&prof, pl)
		prof.appendProfile(&p.o, j.parts.settingsJSON)
		p.o.key("moves")
		p.o.b = append(p.o.b, '[')
		p.open = true
	}
	step := 0
	for base := 0; base < len(nodes); base += jsonBatch {
		batch := nodes[base:min(base+jsonBatch, len(nodes))]
		j.parts.reset()
		js := j.parts.nodesToJSON(batch)
		if p.judged {
			step = j.parts.addSteps(js, base, pl, step)
		}
		for i := range js {
			if p.nodes > 0 {
				p.o.b = append(p.o.b, ',')
			}
			p.nodes++
			p.o.b = js[i].appendJSON(p.o.b)
			p.moved = p.moved || batch[i].Kind == record.KindMove
		}
	}
}

// jsonBatch is how many nodes of a part are made objects at a time: the
// objects of a whole part (65,536 nodes, with their played fields and
// FENs) would raise the peak of convert --to json of a huge game by
// megabytes (docs/robustness.md, "Costs that shaped the code").
const jsonBatch = 1024

func (j *Renderer) Take(min int) []byte {
	if !j.started {
		return nil
	}
	b := j.inParts.o.b
	if len(b) < min || len(b) == 0 {
		return nil
	}
	j.inParts.o.b = b[:0]
	return b
}

// End writes the last part, then the members after the moves from g,
// whose notices are whole at the end of the reading; a game of one part,
// its record held whole, is written whole.
func (j *Renderer) End(g *record.Game, n int, res *replay.Result) ([]byte, error) {
	dst := j.dst
	j.dst, j.g = nil, nil
	if !j.started {
		return j.whole(dst, g, n, res)
	}
	j.part(g.Moves, res.Played)
	p := &j.inParts
	// The rewrite's room for a huge game's part is not kept for the
	// games after it.
	p.san = notation.SANRewriter{}
	if p.err != nil {
		err := p.err
		j.inParts = jsonInParts{}
		return nil, fmt.Errorf("game %d: %w", n, err)
	}
	p.o.b = append(p.o.b, ']')
	j.parts.reset()
	var tail Game
	// PassedThrough asks of the whole main line as written (its moves
	// rewritten in SAN, cut where the replay stopped): emptyMovetext of
	// it is no move written and no result, pgn.RestLeft the rest of a
	// Recovered record not cut (the reader read the record: a record it
	// could not read is read whole).
	j.parts.tailToJSON(&tail, g, g.Result == "" && !p.moved || !p.rewrite && pgn.RestLeft(g.Moves))
	tail.appendTail(&p.o)
	b := p.o.end()
	if j.lines {
		b = append(b, '\n')
	}
	j.inParts = jsonInParts{}
	return b, nil
}
