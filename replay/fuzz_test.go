package replay_test

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// fuzzWalk plays up to plies random legal moves from the initial array of
// settings s, drawn from seed, and returns the moves in canonical SAN with
// the position reached. It stops early where the rules end the game, so
// the walk itself is always a valid record.
func fuzzWalk(s *rules.Settings, seed uint64, plies int) ([]string, *rules.Position) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	h := rules.NewHistory(rules.NewPosition(s))
	var sans []string
	var legal []rules.Move
	for i := 0; i < plies; i++ {
		pos := h.Position()
		if h.Outcome().Ended() {
			break
		}
		legal = pos.LegalMoves(legal[:0])
		if len(legal) == 0 {
			break
		}
		m := legal[rng.IntN(len(legal))]
		sans = append(sans, replay.SAN(pos, legal, m))
		h.Play(m)
	}
	return sans, h.Position().Copy()
}

// fuzzGameText builds the record the fuzzer replays: a random walk of legal
// moves under one profile, then the fuzzer's text where the next move would
// stand. With fromFEN the walk is not written out: its end position becomes
// the game's FEN tag, so the text is judged in an arbitrary legal position
// and not only after the walk's moves.
func fuzzGameText(p *rules.Profile, sans []string, end *rules.Position, fromFEN bool, text string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[Variant %q]\n", p.Name)
	if fromFEN {
		fmt.Fprintf(&b, "[SetUp \"1\"]\n[FEN %q]\n", end.FEN())
	}
	b.WriteString("\n")
	if !fromFEN {
		for i, san := range sans {
			if i%2 == 0 {
				fmt.Fprintf(&b, "%d. ", i/2+1)
			}
			b.WriteString(san)
			b.WriteByte(' ')
		}
	}
	b.WriteString(text)
	b.WriteString(" *\n")
	return b.String()
}

// FuzzReplay replays arbitrary move text from arbitrary legal positions of
// every profile: the input picks a profile, a random walk of legal
// moves (seed and length), whether the text follows the walk's moves or
// stands in its end position given by FEN, and the text itself. Whatever
// the text, the replayer must not panic and must give a result whose
// findings are well formed and positioned, and whose verdict agrees with
// them; and the walk alone, written in canonical SAN, must replay without
// an error.
func FuzzReplay(f *testing.F) {
	profiles := rules.Profiles()
	texts := []string{
		"", "e4", "Nf3", "K~d3", "K~xd3", "Kd3", "exd8", "b8=N", "Bxg1/b8=N+",
		"e3,Nf3,g3", "O-O", "0-0-0", "--", "e2e4", "Ng1-f3", "Qxh7#",
		"a8=Q b1=N", "(1. d4 d5 (1... Nf6)) 2. c4", "{comment} $1 !? e4",
		"Kxe8", "K~c2+", "xx", "=Q", "/a8=R", "1... e5", "99. e4",
		"e4 e5 e4 e5 e4 e5", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
		"R1a3 Rhh7 N1c3 Qh4xe1", "e4,e5,e6,e7,e8", "Bxg1/b8=N/c8=R", ",", "e4,,e5",
	}
	for i := range profiles {
		for j, text := range texts {
			f.Add(uint8(i), uint64(j), uint8(j*7), j%3 == 0, j%5 == 0, text)
		}
	}
	f.Fuzz(func(t *testing.T, profile uint8, seed uint64, plies uint8, fromFEN, variations bool, text string) {
		p := profiles[int(profile)%len(profiles)]
		s := p.Settings
		sans, end := fuzzWalk(&s, seed, int(plies)%120)
		if fromFEN {
			// A position the rules reached must survive its own FEN.
			if _, err := rules.ParseFEN(&s, end.FEN()); err != nil {
				t.Fatalf("%s: reached position %s does not read back: %v", p.Name, end.FEN(), err)
			}
		}
		r := replay.New(replay.Config{Variations: variations, Steps: true})
		walkOnly := fuzzGameText(p, sans, end, false, "")
		for _, res := range fuzzReplayAll(t, r, walkOnly) {
			for _, fd := range res.Findings {
				if fd.IsError() {
					t.Fatalf("%s: the random walk's own moves give an error: %s at ply %d %q: %s\n%s", p.Name, fd.Rule, fd.Ply, fd.SAN, fd.Message, walkOnly)
				}
			}
		}
		fuzzReplayAll(t, r, fuzzGameText(p, sans, end, fromFEN, text))
	})
}

// fuzzReplayAll splits and parses src as validate does (the fuzzer's text
// may well start new games) and replays every game with its steps, checking
// what every result must satisfy.
func fuzzReplayAll(t *testing.T, r *replay.Replayer, src string) []*replay.Result {
	t.Helper()
	sp := grammar.NewSplitter(strings.NewReader(src))
	var out []*replay.Result
	for index := 1; ; index++ {
		c, err := sp.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("splitting %q: %v", src, err)
		}
		g := grammar.ParseChunk(c, "fuzz.pgn")
		res := r.Game(g, "fuzz.pgn", index)
		if res == nil {
			t.Fatalf("game %d: nil result\n%s", index, src)
		}
		fuzzCheckResult(t, res, index, src)
		pl := res.Played
		if pl == nil {
			t.Fatalf("game %d: no steps with Config.Steps\n%s", index, src)
		}
		if pl.Stop == nil && pl.Start == nil {
			t.Fatalf("game %d: played with neither a start position nor a stop\n%s", index, src)
		}
		for i := 0; i < pl.Len(); i++ {
			st := pl.Step(i)
			if st.Ply != i+1 || pl.Before(i) == nil || pl.After(i) == nil || st.SAN == "" || st.Index < 0 || &g.Moves[st.Index] != st.Node {
				t.Fatalf("game %d: malformed step %d: %+v\n%s", index, i, st, src)
			}
		}
		// One walk: the steps are the plies the verdict counts.
		if pl.Start != nil && pl.Len() != res.Summary.Plies {
			t.Fatalf("game %d: %d steps, summary says %d plies\n%s", index, pl.Len(), res.Summary.Plies, src)
		}
		if pl.Stop != nil && !pl.Stop.IsError() && pl.Stop.Rule != "null-move" {
			t.Fatalf("game %d: stopped by a warning %+v\n%s", index, pl.Stop, src)
		}
		out = append(out, res)
	}
}

func fuzzCheckResult(t *testing.T, res *replay.Result, index int, src string) {
	t.Helper()
	errs, warns := 0, 0
	for _, fd := range res.Findings {
		if fd.Rule == "" || fd.Message == "" {
			t.Fatalf("game %d: finding without rule or message: %+v\n%s", index, fd, src)
		}
		if fd.Line < 1 || fd.Column < 1 {
			t.Fatalf("game %d: finding %s without a position: %+v\n%s", index, fd.Rule, fd, src)
		}
		if fd.Game != index || fd.File != "fuzz.pgn" {
			t.Fatalf("game %d: finding %s names game %d of %q", index, fd.Rule, fd.Game, fd.File)
		}
		switch fd.Severity {
		case replay.SeverityError:
			errs++
		case replay.SeverityWarning:
			warns++
		default:
			t.Fatalf("game %d: finding %s with severity %q", index, fd.Rule, fd.Severity)
		}
		// A game read as Latin-1 quotes its moves converted to UTF-8.
		if utf8.ValidString(src) && !strings.Contains(src, fd.SAN) {
			t.Fatalf("game %d: finding %s quotes %q, which the record does not contain\n%s", index, fd.Rule, fd.SAN, src)
		}
	}
	s := res.Summary
	if s.Errors != errs || s.Warnings != warns || s.Valid != (errs == 0) {
		t.Fatalf("game %d: summary says %d errors, %d warnings, valid %v; findings say %d, %d\n%s", index, s.Errors, s.Warnings, s.Valid, errs, warns, src)
	}
	if s.Plies < 0 || s.Game != index {
		t.Fatalf("game %d: summary %+v", index, s)
	}
}
