package replay_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// leanOf is g as the grammar's lean read gives it (record.Game.Plies), for
// a game that read would take, and the ply index of each node of g.Moves
// (-1 for a node that is no move); ok false for any other game. g is one
// of grammar.ReadAll's, which start with their tags: Source's first byte
// is then at g.Pos. A ply's node must be the record's (PlyNode).
func leanOf(g *record.Game) (lean *record.Game, plyOf []int, ok bool) {
	if !g.MainPlain || len(g.Notices) > 0 || g.Notation != record.SAN || g.Truncated || g.Recovered ||
		len(g.Tags) == 0 || g.Tags[0].Pos != g.Pos || g.Trailing != nil {
		return nil, nil, false
	}
	for _, t := range g.Tags {
		if t.Name == "FEN" || t.Name == "SetUp" {
			return nil, nil, false // the numbers below are counted from 1
		}
	}
	no, white := int32(1), true
	plyOf = make([]int, len(g.Moves))
	var plies []record.Ply
	for i := range g.Moves {
		n := &g.Moves[i]
		plyOf[i] = -1
		switch n.Kind {
		case record.KindComment, record.KindNAG:
		case record.KindMoveNumber:
			if n.Number != no || n.Dots != 1 && (white || n.Dots != 3) {
				return nil, nil, false
			}
			if i+1 == len(g.Moves) || g.Moves[i+1].Kind != record.KindMove {
				return nil, nil, false
			}
		case record.KindMove:
			m := n.Move
			if m == nil || m.Lenient != 0 || m.Desc != nil || m.Joined || len(m.Text) > 255 ||
				white && (i == 0 || g.Moves[i-1].Kind != record.KindMoveNumber) {
				return nil, nil, false
			}
			plyOf[i] = len(plies)
			plies = append(plies, record.Ply{MoveParts: m.MoveParts, Len: uint8(len(m.Text)), Off: int32(n.Pos.Offset - g.Pos.Offset)})
			if !white {
				no++
			}
			white = !white
		default:
			return nil, nil, false
		}
	}
	l := *g
	l.Moves, l.Plies, l.SourcePos, l.MainPlain = nil, plies, g.Pos, true
	for i, k := range plyOf {
		if k < 0 {
			continue
		}
		var n record.Node
		var m record.Move
		l.PlyNode(k, &n, &m)
		if !sameNode(&n, &g.Moves[i]) {
			return nil, nil, false
		}
	}
	return &l, plyOf, true
}

// sameNode says whether two move nodes are the same but for where their
// moves are stored.
func sameNode(a, b *record.Node) bool {
	if a.Kind != b.Kind || a.Text != b.Text || a.Pos != b.Pos || (a.Move == nil) != (b.Move == nil) {
		return false
	}
	return a.Move == nil || *a.Move == *b.Move
}

// pliesConfigs are the configurations validate and convert walk games
// with.
var pliesConfigs = []replay.Config{
	{Variations: true},
	{Variations: true, Strict: true},
	{Variations: true, MaxFindings: 3, MaxFindingsPerRule: 1},
	{},
	{Steps: true},
	{Steps: true, NoSAN: true},
	{Steps: true, NoSAN: true, Kinds: true},
	{Steps: true, Moves: true, Variations: true},
	{Moves: true},
}

// walked is a result as text to compare: its summary, findings and
// moves, and its steps with their nodes (an index mapped by index, the
// ply's for a game walked over its plies).
func walked(t *testing.T, res *replay.Result, index func(int) int) string {
	t.Helper()
	var b strings.Builder
	j, err := json.Marshal([]any{res.Summary, res.Findings, res.Moves})
	if err != nil {
		t.Fatal(err)
	}
	b.Write(j)
	if p := res.Played; p != nil {
		stop, err := json.Marshal(p.Stop)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "\nplayed %d complete %v stop %s start %v\n", p.Len(), p.Complete(), stop, p.Start != nil)
		if p.StopNode != nil {
			fmt.Fprintf(&b, "stop node %d %q %+v %+v\n", index(p.StopIndex), p.StopNode.Text, p.StopNode.Pos, *p.StopNode.Move)
		}
		for k := 0; k < p.Len(); k++ {
			s := p.Step(k)
			fmt.Fprintf(&b, "%d %d %v %s %v %v %d %d %v %q %+v %+v;", s.Ply, index(s.Index), s.Move, s.SAN, s.Check, s.Mate,
				s.TurnIndex, s.MoveNumber, s.Side, s.Node.Text, s.Node.Pos, *s.Node.Move)
			if p.Kind(k) != p.BeforeView(k).At(s.Move.From).Kind() {
				t.Fatalf("step %d's kind", k)
			}
		}
	}
	return b.String()
}

// TestPliesWalkSameAsNodes: a game walked over its plies (record.Game.Plies,
// the main line read for the walk alone) gives the result the walk of its
// record gives, under each configuration validate and convert use: every
// game of corpus/, testdata/ and the shared data that the lean read would
// take, and games with an illegal move, wrong check marks, moves after
// the end, castling and promotions.
func TestPliesWalkSameAsNodes(t *testing.T) {
	files := testenv.RecordFiles(t, filepath.Join("..", "corpus"), filepath.Join("..", "testdata"))
	if testenv.HasShared() {
		files = append(files, testenv.RecordFiles(t, filepath.Join(testenv.SharedPath(), "data", "fsf-selfplay"),
			filepath.Join(testenv.SharedPath(), "data", "historical"))...)
		files = append(files, filepath.Join(testenv.SharedPath(), "data", "fide", "corpus-1k.pgn"))
	} else {
		t.Log("the shared data is absent: only corpus/, testdata/ and the games here are walked")
	}
	type game struct {
		g    *record.Game
		file string
	}
	var games []game
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		gs, _ := grammar.ReadAll(bytes.NewReader(data), path)
		for _, g := range gs {
			games = append(games, game{g, path})
		}
	}
	head := "[Event \"t\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n"
	for _, text := range []string{
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. Re1 b5 6. Bb3 d6 7. c3 O-O 8. h3 *",
		"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0",
		"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# Ke7 1-0",
		"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ 1-0",
		"1. f3 e5 2. g4 Qh4+ 0-1",
		"1. e4 e5 2. Ke2+ Nc6 3. Nf3 *",
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. Bxc6 dxc6 5. Nxe5 Qd4 6. Nf3 Qxe4+ 7. Kf1 Bc5 8. d3 {x} Qe6 $1 9. Ng5 *",
		"1. e4 e5 2. Nf3 Nc6 3. Ng5 Nd4 4. Nxf7 Nxc2+ 5. Kf1 Nxa1 6. Nxd8 Kxd8 7. Qa4 Ke7 8. Qxa7 Rxa7 *",
		"1. e4 e5 2. Ba6 bxa6 3. O-O Bb7 4. O-O *",
		"1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. Ng1 Ng8 5. Nb1 Nb8 6. Nf3 Nf6 7. Ng1 Ng8 8. Nb1 Nb8 9. Nf3 *",
		"1. h4 a5 2. h5 a4 3. h6 a3 4. hxg7 axb2 5. gxh8=Q bxa1=N 6. Qxg8 Nc2+ 7. Kd1 Rxa2 8. Qxf8+ Kxf8 *",
		"1. h4 a5 2. h5 a4 3. h6 a3 4. hxg7 axb2 5. gxh8=Q bxa1=Q 6. Qxg8 Qxb1 7. Qxf7+ Kxf7 8. Rxh7+ *",
		"1. e4 e5 2. Nf3 Nc6 3. Nxe5 Nxe5 4. d4 Ng6 5. Bd3 Nf6 6. O-O-O *",
		"1. e4 f5 2. exf5 g5 3. Qh5 1-0 ",
		"1. e4 f5 2. exf5 g5 3. Qh5# 0-1",
		"1. e4 f5 2. exf5 g5 3. Qh5# a6 4. Qxg5 1-0",
		"1. e4 e5 2. d4 exd4 3. c3 dxc3 4. Bc4 cxb2 5. Bxb2 Nf6 6. Nc3 Nxe4 7. Nge2 Nxc3 8. Nxc3 Qe7+ 9. Kf1 Nc6 10. Bxf7+ Kd8 11. Qe2 *",
		"1. Nf3 Nf6 2. Rg1 Rg8 3. Rh1 Rh8 4. Rg1 Rg8 5. Rh1 Rh8 6. Rg1 1/2-1/2",
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 b5 5. Bb3 Nd4 6. Nxd4 exd4 7. d3 Bb7 8. Nd2 Be7 9. Nf3 Bxe4 10. dxe4 *",
	} {
		gs, err := grammar.ReadAll(strings.NewReader(head+text+"\n"), "t.pgn")
		if err != nil || len(gs) != 1 {
			t.Fatalf("%q: %d games, %v", text, len(gs), err)
		}
		games = append(games, game{gs[0], "t.pgn"})
	}
	// spoiler is a game walked over its plies between a walk and the
	// reading of its result: its castling makes the replayer's node of a
	// ply, which a result must not share.
	var spoiler *record.Game
	for _, gm := range games {
		if l, _, ok := leanOf(gm.g); ok && len(l.Plies) > 8 && l.Plies[8].Castle != record.NoCastle {
			spoiler = l
			break
		}
	}
	if spoiler == nil {
		t.Fatal("no game castles at its ninth ply")
	}
	lean, plies, castled, promoted, stopped, findings := 0, 0, 0, 0, 0, 0
	for gi, gm := range games {
		l, plyOf, ok := leanOf(gm.g)
		if !ok {
			continue
		}
		lean++
		plies += len(l.Plies)
		for _, p := range l.Plies {
			if p.Castle != record.NoCastle {
				castled++
			}
			if p.Promotion != 0 {
				promoted++
			}
		}
		for _, cfg := range pliesConfigs {
			want := walked(t, replay.New(cfg).Game(gm.g, gm.file, gi+1), func(i int) int {
				if i < 0 {
					return i
				}
				return plyOf[i]
			})
			r := replay.New(cfg)
			res := r.Game(l, gm.file, gi+1)
			r.Game(spoiler, "spoiler.pgn", 1)
			got := walked(t, res, func(i int) int { return i })
			if got != want {
				t.Fatalf("%s, game %d, %+v: over its plies\n%s\nover its nodes\n%s", gm.file, gi+1, cfg, got, want)
			}
			if cfg.Steps && cfg.Moves {
				findings += len(res.Findings)
				if !res.Played.Complete() {
					stopped++
				}
			}
			// Into a result used before, by a replayer that walked
			// another game (its walk's ply node written over).
			res = r.GameInto(res, gm.g, gm.file, gi+1)
			if again := walked(t, r.GameInto(res, l, gm.file, gi+1), func(i int) int { return i }); again != want {
				t.Fatalf("%s, game %d, %+v: walked again over its plies\n%s\nover its nodes\n%s", gm.file, gi+1, cfg, again, want)
			}
		}
	}
	t.Logf("%d games of %d walked over their plies (%d plies, %d castlings, %d promotions); %d findings, %d stopped", lean, len(games), plies, castled, promoted, findings, stopped)
	if lean == 0 || castled == 0 || promoted == 0 || findings == 0 || stopped == 0 {
		t.Fatal("want games with castling, promotions, findings and stops")
	}
}
