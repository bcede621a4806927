package replay_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
	"github.com/ashtapada/ashtapada/rules"
)

// judge reads one game from text and replays it.
func judge(t *testing.T, text string, cfg replay.Config) *replay.Result {
	t.Helper()
	games, err := grammar.ReadAll(strings.NewReader(text), "test.pgn")
	if err != nil {
		t.Fatalf("reading: %v", err)
	}
	if len(games) != 1 {
		t.Fatalf("read %d games, want 1", len(games))
	}
	return replay.New(cfg).Game(games[0], "test.pgn", 1)
}

func describe(res *replay.Result) string {
	var b strings.Builder
	for _, f := range res.Findings {
		fmt.Fprintf(&b, "\n  %d:%d ply %d %s %s %s: %s (legal %v)", f.Line, f.Column, f.Ply, f.SAN, f.Severity, f.Rule, f.Message, f.Legal)
	}
	return b.String()
}

// find returns the finding of rule at ply (ply < 0: any ply).
func find(res *replay.Result, rule string, ply int) *replay.Finding {
	for i := range res.Findings {
		f := &res.Findings[i]
		if f.Rule == rule && (ply < 0 || f.Ply == ply) {
			return f
		}
	}
	return nil
}

// game builds a record with the Seven Tag Roster (Result as the marker at
// the end of moves says), the given tags and moves.
func game(variant, rulesTag, fen, moves string) string {
	f := strings.Fields(moves)
	return tags(variant, rulesTag, fen, f[len(f)-1]) + moves + "\n"
}

func tags(variant, rulesTag, fen, result string) string {
	var b strings.Builder
	b.WriteString("[Event \"t\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n")
	fmt.Fprintf(&b, "[Result %q]\n", result)
	if variant != "" {
		fmt.Fprintf(&b, "[Variant %q]\n", variant)
	}
	if rulesTag != "" {
		fmt.Fprintf(&b, "[Rules %q]\n", rulesTag)
	}
	if fen != "" {
		fmt.Fprintf(&b, "[SetUp \"1\"]\n[FEN %q]\n", fen)
	}
	return b.String() + "\n"
}

// TestRuleIDs checks, for each case, that replay reports the rule id at the
// ply where the record breaks it, with its severity.
func TestRuleIDs(t *testing.T) {
	cases := []struct {
		name, variant, rules, fen, moves string
		rule                             string
		ply                              int
		severity                         string
	}{
		{name: "illegal king step", moves: "1. e4 e5 2. Ke3 *", rule: "illegal-move", ply: 3},
		{name: "ambiguous knight", fen: "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", moves: "1. Nd2 *", rule: "ambiguous-move", ply: 1},
		{name: "pinned knight", fen: "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", moves: "1. Nc3 *", rule: "leaves-king-attacked", ply: 1},
		{name: "mate not marked", moves: "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *", rule: "check-mark", ply: 7, severity: "warning"},
		{name: "check marked on quiet move", moves: "1. e4+ e5 *", rule: "check-mark", ply: 1, severity: "warning"},
		{name: "mate and a draw recorded", moves: "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1/2-1/2", rule: "result-mismatch", ply: 7},
		{name: "mate and star", moves: "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *", rule: "result-missing", ply: 7, severity: "warning"},
		{name: "move after mate", moves: "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# Ke7 1-0", rule: "move-after-end", ply: 8},
		// After a quiet move whether a legal move exists is first assumed
		// (line.moveUnknown): the next move, which cannot be played, must
		// still be judged a move after the stalemate, not an illegal one.
		{name: "move after stalemate", fen: "k7/8/8/1Q6/8/8/8/4K3 w - - 0 1", moves: "1. Qb6 Ka7 1/2-1/2", rule: "move-after-end", ply: 2},
		{name: "move after stalemate, written as a legal one would be", fen: "k7/8/8/1Q6/8/8/8/4K3 w - - 0 1", moves: "1. Qb6 Kb8 1/2-1/2", rule: "move-after-end", ply: 2},
		{name: "null move", moves: "1. e4 -- 2. d4 *", rule: "null-move", ply: 2},
		{name: "missing x", moves: "1. e4 d5 2. exd5 Qd5 *", rule: "lenient-notation", ply: 4, severity: "warning"},
		{name: "superfluous x", moves: "1. Nxf3 *", rule: "lenient-notation", ply: 1, severity: "warning"},
		{name: "long algebraic", moves: "1. g1f3 d7d5 *", rule: "lenient-notation", ply: 1, severity: "warning"},
		{name: "superfluous disambiguation, the other knight pinned", fen: "4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1", moves: "1. Nbc3 *", rule: "lenient-notation", ply: 1, severity: "warning"},
		{name: "superfluous origin square", moves: "1. Ng1f3 *", rule: "lenient-notation", ply: 1, severity: "warning"},
		{name: "castling right of a king off e1", fen: "4k3/8/8/8/8/8/8/2K4R w K - 0 1", moves: "1. Kd1 *", rule: "lenient-notation", ply: 0, severity: "warning"},
		{name: "castling with a dropped right", fen: "4k3/8/8/8/8/8/8/2K4R w K - 0 1", moves: "1. O-O *", rule: "illegal-move", ply: 1},
		{name: "unknown variant", variant: "Crazyhouse", moves: "1. e4 *", rule: "unknown-profile", ply: 0},
		{name: "bad Rules tag", rules: "stalemate=sometimes", moves: "1. e4 *", rule: "bad-setting", ply: 0},
		{name: "bad FEN", fen: "8/8/8 w - - 0 1", moves: "1. e4 *", rule: "bad-fen", ply: 0},
		{name: "comma in fide", moves: "1. e4,d4 e5 *", rule: "compound-turn", ply: 2},
		{name: "fide promotion without piece", fen: "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", moves: "1. b8 *", rule: "promotion-missing", ply: 1},
		{name: "hindustani promotion inferred", variant: "hindustani", fen: "3k3r/1P6/8/8/8/8/8/4KN2 w - - 0 1", moves: "1. b8 *", rule: "promotion-inferred", ply: 1, severity: "warning"},
		{name: "hindustani wrong promotion piece", variant: "hindustani", fen: "3k3r/1P6/8/8/8/8/8/4KN2 w - - 0 1", moves: "1. b8=Q *", rule: "promotion-wrong-piece", ply: 1},
		{name: "chaturanga leap in check", variant: "chaturanga", fen: "4k3/8/8/8/8/8/8/r3K3 w Kk - 0 1", moves: "1. K~c2 *", rule: "king-leap-in-check", ply: 1},
		{name: "hindustani leap lost by check", variant: "hindustani", fen: "3k4/8/p7/8/8/7P/7R/r3K3 w Kk - 0 1", moves: "1. Kf2 Kc7 2. K~d3 *", rule: "king-leap-unavailable", ply: 3},
		{name: "leap written as plain move", variant: "hindustani", moves: "1. d3 Nf6 2. Nc3 Ng8 3. Bf4 Nf6 4. Qd2 Ng8 5. Qe3 Nf6 6. Rd1 Ng8 7. Kd2 Nf6 8. Kb1 *", rule: "leap-unmarked", ply: 15, severity: "warning"},
		{name: "maddat-mari", rules: "capture=maddat-mari", fen: "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", moves: "1. Qxd5 *", rule: "capture-supported", ply: 1},
		{name: "mastu", variant: "andhra", fen: "3k4/8/8/8/8/8/3n4/3RK3 w - - 0 1", moves: "1. Rxd2 *", rule: "capture-mastu", ply: 1},
		{name: "pawns-only king", variant: "andhra", fen: "3k4/3p4/8/8/8/8/8/R3K3 w - - 0 1", moves: "1. Ra8 *", rule: "check-on-pawns-only-king", ply: 1},
		{name: "stalemate forbidden", variant: "hindustani", rules: "bare-king=none", fen: "k7/8/8/1Q6/8/8/8/4K3 w - - 0 1", moves: "1. Qb6 *", rule: "stalemate-forbidden", ply: 1},
		{name: "conversion inferred", variant: "andhra", fen: "1P1k4/8/8/8/8/8/3n4/1N2KN2 b - - 0 1", moves: "1... Nxf1 *", rule: "conversion-inferred", ply: 1, severity: "warning"},
		{name: "conversion wrong square", variant: "andhra", fen: "1P1k4/8/8/8/8/8/3n4/1N2KN2 b - - 0 1", moves: "1... Nxf1/a8=N *", rule: "conversion-wrong", ply: 1},
		{name: "conversion missing", variant: "andhra", fen: "P6P/8/3k4/8/8/8/r7/R3K2R b - - 0 1", moves: "1... Rxa1+ *", rule: "conversion-missing", ply: 1},
		{name: "waiting pawn moved", variant: "andhra", fen: "1P1k4/8/8/8/8/8/8/1N2KN2 w - - 0 1", moves: "1. Na6 *", rule: "waiting-pawn-moved", ply: 1},
		{name: "andhra second compound turn", variant: "andhra", moves: "1. e3,Nf3,g3 e6,Nf6,g6 2. Bg2,Bh3 *", rule: "compound-turn", ply: 8},
		{name: "andhra four-move turn", variant: "andhra", moves: "1. e3,Nf3,g3,h3 *", rule: "compound-turn", ply: 4},
		// Opening turns of one move each: the second turn is no opening
		// turn (countTurn: a run leaves a side's first turn to
		// generalTurn, which marks it).
		{name: "andhra second turn after one-move openings", variant: "andhra", moves: "1. e3 e6 2. Nf3,g3 *", rule: "compound-turn", ply: 4},

		{name: "gollon pawn with nothing to become", variant: "chaturanga-gollon", fen: "3k4/1P6/8/8/8/8/8/1N2KN2 w - - 0 1", moves: "1. b8=N *", rule: "promotion-unavailable", ply: 1},
		{name: "andhra opening turn captures", variant: "andhra", moves: "1. e3,Qh5,Qxh7 *", rule: "opening-capture", ply: 3},
		{name: "andhra opening turn checks", variant: "andhra", moves: "1. Nf3,Ne5,Nc6+ *", rule: "opening-check", ply: 3},
		{name: "andhra opening pattern", variant: "andhra", moves: "1. e3,Nf3,Ng5 *", rule: "compound-turn", ply: 3},
		{name: "move number out of order", moves: "1. e4 e5 3. Nf3 *", rule: "move-number", ply: -1, severity: "warning"},
		{name: "draw by the n-move rule, recorded as a win", variant: "chaturanga", fen: "4k3/p7/8/8/8/8/8/R3K3 w - - 99 60", moves: "60. Ra2 1-0", rule: "result-mismatch", ply: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := judge(t, game(c.variant, c.rules, c.fen, c.moves), replay.Config{})
			f := find(res, c.rule, c.ply)
			if f == nil {
				t.Fatalf("no %s at ply %d; findings:%s", c.rule, c.ply, describe(res))
			}
			want := c.severity
			if want == "" {
				want = "error"
			}
			if f.Severity != want {
				t.Errorf("severity %s, want %s", f.Severity, want)
			}
			if f.Message == "" || f.File != "test.pgn" || f.Game != 1 || f.Line == 0 {
				t.Errorf("incomplete finding: %+v", f)
			}
			if c.ply > 0 && (f.FEN == "" || f.Side == "" || f.MoveNumber == 0 || f.Settings == nil) {
				t.Errorf("a move finding lacks its position: %+v", f)
			}
			if res.Summary.Valid == (want == "error") {
				t.Errorf("valid=%v with an %s finding", res.Summary.Valid, want)
			}
		})
	}
}

// TestValidGames are records that must replay without a single finding.
func TestValidGames(t *testing.T) {
	cases := []struct {
		name, variant, fen, moves   string
		outcome, winner, wantResult string
	}{
		{name: "scholar's mate", moves: "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", outcome: "checkmate", winner: "white"},
		{name: "castling and en passant", moves: "1. e4 Nf6 2. e5 d5 3. exd6 e6 4. Nf3 Be7 5. Bb5+ c6 6. O-O O-O *", outcome: "none"},
		{name: "andhra triple opening", variant: "andhra", moves: "1. e3,Nf3,g3 e6,Nf6,g6 2. Bg2 Bg7 *", outcome: "none"},
		{name: "indian castling by the leap", variant: "hindustani", moves: "1. d3 Nf6 2. Nc3 Ng8 3. Bf4 Nf6 4. Qd2 Ng8 5. Qe3 Nf6 6. Rd1 Ng8 7. Kd2 Nf6 8. K~b1 *", outcome: "none"},
		{name: "conversion written", variant: "andhra", fen: "1P1k4/8/8/8/8/8/3n4/1N2KN2 b - - 0 1", moves: "1... Nxf1/b8=N *", outcome: "none"},
		{name: "fide stalemate", fen: "k7/8/8/1Q6/8/8/8/4K3 w - - 0 1", moves: "1. Qb6 1/2-1/2", outcome: "stalemate", winner: "draw"},
		// The quiet move that stalemates also reaches the 75-move limit: the
		// order of ends puts stalemate first, though the move rule alone
		// would end the game with the legal move only assumed.
		{name: "stalemate before the move rule", fen: "7k/4Q3/6K1/8/8/8/8/8 w - - 149 100", moves: "100. Qf7 1/2-1/2", outcome: "stalemate", winner: "draw"},
		{name: "shatranj bare king", variant: "shatranj", fen: "8/8/8/8/8/8/p3r3/k1K1N3 w - - 0 1", moves: "1. Nc2+ Rxc2+ 0-1", outcome: "bare-king", winner: "black"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := judge(t, game(c.variant, "", c.fen, c.moves), replay.Config{})
			if len(res.Findings) > 0 {
				t.Fatalf("findings in a valid game:%s", describe(res))
			}
			s := res.Summary
			if !s.Valid || s.Outcome != c.outcome || s.Winner != c.winner {
				t.Errorf("summary %+v, want outcome %s winner %q", s, c.outcome, c.winner)
			}
			if s.Plies == 0 {
				t.Errorf("no plies replayed")
			}
		})
	}
}

// TestStopsAtFirstIllegalMove: after an illegal move nothing more is
// judged (the position is unknown), but findings before it all stay.
func TestStopsAtFirstIllegalMove(t *testing.T) {
	res := judge(t, tags("", "", "", "*")+"1. e4+ e5 2. Ke3 Ke7 3. Kd3 1-0\n", replay.Config{})
	if find(res, "check-mark", 1) == nil || find(res, "illegal-move", 3) == nil {
		t.Fatalf("want check-mark at 1 and illegal-move at 3:%s", describe(res))
	}
	if res.Summary.Plies != 2 || len(res.Findings) != 3 {
		t.Errorf("plies %d, want 2 (replay stops before the illegal move); want check-mark, illegal-move, result-tag-mismatch:%s", res.Summary.Plies, describe(res))
	}
	if f := find(res, "illegal-move", 3); len(f.Legal) == 0 || !contains(f.Legal, "Ke2") {
		t.Errorf("legal alternatives of the king %v lack Ke2", f.Legal)
	}
}

// TestResultTagAgainstMarker: the Result tag and the marker disagree.
func TestResultTagAgainstMarker(t *testing.T) {
	res := judge(t, tags("", "", "", "1-0")+"1. e4 e5 0-1\n", replay.Config{})
	if f := find(res, "result-tag-mismatch", -1); f == nil || f.Severity != "error" {
		t.Fatalf("want result-tag-mismatch:%s", describe(res))
	}
}

// TestTextFindings: findings about the text rather than the moves.
func TestTextFindings(t *testing.T) {
	res := judge(t, "[Event \"x\"]\n\n1. e4 {caf\xe9} e5 *\n", replay.Config{})
	if find(res, "missing-tag", 0) == nil || find(res, "encoding", -1) == nil {
		t.Errorf("want missing-tag and encoding:%s", describe(res))
	}
	if !res.Summary.Valid {
		t.Errorf("warnings made the game invalid")
	}
	// The moves before a syntax error are replayed; the error stands at
	// the ply the line stops at (docs/format.md).
	res = judge(t, "[Event \"x\"]\n\n1. e4 Kxx9 *\n", replay.Config{})
	if find(res, "syntax", 2) == nil || res.Summary.Valid || res.Summary.Plies != 1 {
		t.Errorf("want a syntax error at ply 2 after one ply replayed: %+v%s", res.Summary, describe(res))
	}
	// Not in the tags: the game is not replayed.
	res = judge(t, "[Event \"x\" junk]\n\n1. e4 e5 *\n", replay.Config{})
	if find(res, "syntax", -1) == nil || res.Summary.Valid || res.Summary.Plies != 0 {
		t.Errorf("want a syntax error in the tags and no replay: %+v%s", res.Summary, describe(res))
	}
	// A game with none of the roster's tags is a fragment: no warning.
	res = judge(t, "[ECO \"A00\"]\n\n1. e4 *\n", replay.Config{})
	if len(res.Findings) != 0 {
		t.Errorf("a fragment got findings:%s", describe(res))
	}
}

// TestStrict turns warnings into errors.
func TestStrict(t *testing.T) {
	text := game("", "", "", "1. e4+ e5 *")
	if res := judge(t, text, replay.Config{}); !res.Summary.Valid {
		t.Fatalf("a warning made the game invalid:%s", describe(res))
	}
	res := judge(t, text, replay.Config{Strict: true})
	if f := find(res, "check-mark", 1); f == nil || f.Severity != "error" || res.Summary.Valid {
		t.Fatalf("--strict did not make the warning an error:%s", describe(res))
	}
}

// TestCommandLineWins: --rules replaces the Variant tag and says so.
func TestCommandLineWins(t *testing.T) {
	p, err := rules.Lookup("shatranj")
	if err != nil {
		t.Fatal(err)
	}
	// e2e4 is a double step, which shatranj does not have.
	text := game("fide", "", "", "1. e4 *")
	res := judge(t, text, replay.Config{Profile: p})
	if res.Summary.Profile != "shatranj" || res.Summary.ProfileSource != replay.ProfileSourceCommand {
		t.Errorf("summary %+v: want shatranj from the command line", res.Summary)
	}
	if find(res, "illegal-move", 1) == nil {
		t.Errorf("e4 should be illegal under shatranj:%s", describe(res))
	}
	ovs, err := rules.ParseOverrides("pawn-double-step=no")
	if err != nil {
		t.Fatal(err)
	}
	res = judge(t, text, replay.Config{Overrides: ovs})
	if res.Summary.ProfileSource != replay.ProfileSourceTagsAndCommand || find(res, "illegal-move", 1) == nil {
		t.Errorf("--set pawn-double-step=no not applied: %+v%s", res.Summary, describe(res))
	}
	if res.Findings[0].Settings["pawn-double-step"] != "no" {
		t.Errorf("settings in the finding: %v", res.Findings[0].Settings)
	}
}

// TestVariations replays a variation from its branch point.
func TestVariations(t *testing.T) {
	text := game("", "", "", "1. e4 (1. d4 d5 2. Ke3) 1... e5 *")
	if res := judge(t, text, replay.Config{}); len(res.Findings) != 0 {
		t.Fatalf("variations judged without --variations:%s", describe(res))
	}
	res := judge(t, text, replay.Config{Variations: true})
	f := find(res, "illegal-move", 3)
	if f == nil || len(f.Variation) != 1 {
		t.Fatalf("want illegal-move at ply 3 in variation 0:%s", describe(res))
	}
	if res.Summary.Plies != 2 {
		t.Errorf("main line plies %d, want 2", res.Summary.Plies)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestVariationPastEnd: a variation that plays on after an end the rules
// declare by themselves, while the men could still move (a dead position,
// the 75-move rule, a fivefold repetition, a bare king under shatranj),
// gets a warning naming the end, and the game stays valid; after mate, and
// in the main line, the move after the end stays an error, and so does an
// illegal move in a variation.
func TestVariationPastEnd(t *testing.T) {
	deadFEN := "4k3/8/8/8/8/8/4p3/3BK3 w - - 0 1" // Bxe2 leaves king and bishop against king
	// The variation's repetition history starts at its branch point, the
	// initial array: it stands there for the fifth time after 8... Ng8.
	shuffle := "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8"
	for _, c := range []struct {
		name, variant, fen, moves string
		rule, severity            string
		names                     []string
		valid                     bool
	}{
		{"dead position", "", deadFEN, "1. Kf2 (1. Bxe2 Kd7 2. Bd3) 1... Kd7 *",
			"move-after-end", "warning", []string{"after ply 1 by dead position", "insufficient material", "this variation plays on"}, true},
		{"75-move rule", "", "7k/p7/8/8/8/8/8/R5K1 w - - 149 100", "100. Rxa7 (100. Rb1 Kg7 101. Rb2) 100... Kg8 *",
			"move-after-end", "warning", []string{"after ply 1 by the move rule", "75 moves", "this variation plays on"}, true},
		{"fivefold repetition", "", "", "1. e4 (" + shuffle + " 9. e4) 1... e5 *",
			"move-after-end", "warning", []string{"after ply 16 by repetition", "five times", "this variation plays on"}, true},
		{"bare king under shatranj", "shatranj", "4k3/8/8/8/8/3p4/8/3RK3 w - - 0 1", "1. Kf2 (1. Rxd3 Ke7 2. Rd4) 1... Kd7 *",
			"move-after-end", "warning", []string{"after ply 2 by bare king", "black king is bare", "this variation plays on"}, true},
		{"mate", "", "", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# (4. Qxf7# Ke7) 1-0",
			"move-after-end", "error", []string{"checkmate"}, false},
		{"dead position in the main line", "", deadFEN, "1. Bxe2 (1. Kf2) 1... Kd7 *",
			"move-after-end", "error", []string{"insufficient material"}, false},
		{"fivefold repetition in the main line", "", "", shuffle + " 9. e4 *",
			"move-after-end", "error", []string{"five times"}, false},
		{"illegal move in a variation", "", "", "1. e4 (1. e5) 1... e5 *",
			"illegal-move", "error", []string{"e5"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := judge(t, game(c.variant, "", c.fen, c.moves), replay.Config{Variations: true})
			f := find(res, c.rule, -1)
			if f == nil {
				t.Fatalf("no %s; findings:%s", c.rule, describe(res))
			}
			if f.Severity != c.severity {
				t.Errorf("%s %q, want a %s", f.Severity, f.Message, c.severity)
			}
			for _, s := range c.names {
				if !strings.Contains(f.Message, s) {
					t.Errorf("%q does not say %q", f.Message, s)
				}
			}
			if res.Summary.Valid != c.valid {
				t.Errorf("valid %v, want %v; findings:%s", res.Summary.Valid, c.valid, describe(res))
			}
		})
	}
}

// TestAmbiguousMoveReadOn: an ambiguous move is an error that does not
// stop the replay: it goes on with the reading the next moves fit (the
// first in square order among several), the message says which and why,
// and the moves after it are checked. A descriptive move that the record
// decides only because one reading reads further before a later error is
// ambiguity-resolved, and the later error is reported.
func TestAmbiguousMoveReadOn(t *testing.T) {
	twoKnights := "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1" // Nd2 is Nbd2 or Nfd2
	for _, c := range []struct {
		name, fen, moves string
		rule             string
		says             []string
		plies            int
		later            string // a finding after the ambiguous move, at ply 5
	}{
		{"both readings fit", twoKnights, "1. Nd2 Ke7 2. Nb3 Kd7 *", "ambiguous-move",
			[]string{"read as Nbd2, the first in square order; both readings fit the next moves"}, 4, ""},
		{"one reading fits", twoKnights, "1. Nd2 Ke7 2. Nc3 Kd7 *", "ambiguous-move",
			[]string{"read as Nfd2, the only reading that fits the next moves"}, 4, ""},
		{"a later illegal move is still found", twoKnights, "1. Nd2 Ke7 2. Nb3 Kd7 3. Qd1 *", "ambiguous-move",
			[]string{"read as Nbd2, the first in square order of the 2 readings after which the next moves can be read up to ply 4"}, 4, "illegal-move"},
		{"descriptive, both fit", "", "1. N-B3 P-K4 2. P-K4 *", "ambiguous-move",
			[]string{"N-B3 could be any of Nc3 (N-QB3), Nf3 (N-KB3)", "read as Nc3, the first in square order; both readings fit the next moves"}, 3, ""},
		{"descriptive, one reads further", "", "1. N-B3 P-K4 2. N-K4 P-Q4 3. K-K3 *", "ambiguity-resolved",
			[]string{"only after Nc3 (N-QB3) can the next moves be read up to ply 4, past which no reading goes: read as Nc3"}, 4, "illegal-move"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := judge(t, game("", "", c.fen, c.moves), replay.Config{})
			f := find(res, c.rule, 1)
			if f == nil {
				t.Fatalf("no %s at ply 1; findings:%s", c.rule, describe(res))
			}
			for _, s := range c.says {
				if !strings.Contains(f.Message, s) {
					t.Errorf("%q does not say %q", f.Message, s)
				}
			}
			if res.Summary.Plies != c.plies || res.Summary.Valid {
				t.Errorf("%d plies, valid %v; want %d plies, invalid; findings:%s", res.Summary.Plies, res.Summary.Valid, c.plies, describe(res))
			}
			if c.later != "" && find(res, c.later, 5) == nil {
				t.Errorf("no %s at ply 5; findings:%s", c.later, describe(res))
			}
		})
	}
}

// TestMoveNumberJudgedByTheWalk: the walk judges the written move numbers
// the reader has not (a record another program made, here one read with
// its reader's notices taken away): a number that is not the game's, or
// `...` before White's move, gets a finding at the turn's first move; a
// right one none, also where it follows a wrong one (the last number
// written before a move is the one judged).
func TestMoveNumberJudgedByTheWalk(t *testing.T) {
	cases := []struct {
		moves string
		ply   int // the finding's ply, 0 for none
	}{
		{"1. e4 e5 2. Nf3 *", 0},
		{"3. e4 e5 *", 1},
		{"1. e4 e5 3. Nf3 *", 3},
		{"1... e4 e5 *", 1},
		{"1. e4 1... e5 *", 0},
		{"1. e4 2... e5 *", 2},
		{"3. 1. e4 e5 *", 0},
		{"1. 3. e4 e5 *", 1},
		{"1. e4 e5 2. Nf3 2... Nc6 3. 4. Bb5 *", 5},
		// In a run of plain turns, after a comment (the run steps over a
		// number by arithmetic, and hands `...` to the line's loop).
		{"1. e4 {c} 1... e5 2. Nf3 *", 0},
		{"1. e4 {c} 2... e5 2. Nf3 *", 2},
		{"1. e4 e5 {c} 2... Nf3 *", 3},
		{"1. e4 e5 $1 3. Nf3 Nc6 *", 3},
		{"1. e4 e5 2. Nf3 Nc6 12. Bb5 *", 5},
	}
	for _, c := range cases {
		for _, cfg := range []replay.Config{{}, {Steps: true}} {
			games, err := grammar.ReadAll(strings.NewReader(c.moves+"\n"), "test.pgn")
			if err != nil || len(games) != 1 {
				t.Fatalf("%q: %d games, %v", c.moves, len(games), err)
			}
			g := games[0]
			g.Notices = nil
			res := replay.New(cfg).Game(g, "test.pgn", 1)
			got := 0
			for _, f := range res.Findings {
				if f.Rule == ruleid.MoveNumber {
					got = f.Ply
				}
			}
			if got != c.ply {
				t.Errorf("%q (steps %v): move-number finding at ply %d, want %d (0: none); findings:%s", c.moves, cfg.Steps, got, c.ply, describe(res))
			}
		}
	}
}

// TestTurnsOfSeveralMovesInEveryLine: a turn of several moves (which the
// line's loop hands over as its first node and count, the general path
// taking the nodes from the line walked) is judged on its own nodes in a
// variation and after one, as in a main line without any: the finding
// stands at the move it names, with that move's text and ply, and the
// turns around it are played.
func TestTurnsOfSeveralMovesInEveryLine(t *testing.T) {
	cases := []struct {
		name, variant, moves string
		san                  string
		ply                  int
		variation            []int
	}{
		{name: "main line after a variation", moves: "1. e4 (1. d4 d5) 1... e5,Nf6 2. Nf3 *", san: "Nf6", ply: 3},
		{name: "in a variation", moves: "1. e4 e5 (1... c5 2. Nf3,Nc3 Nc6) 2. Nf3 Nc6 *", san: "Nc3", ply: 4, variation: []int{0}},
		{name: "in a variation after one", moves: "1. e4 e5 (1... c5 (1... c6 2. d4 d5) 2. Nf3 d6 3. d4,c3) 2. Nf3 *", san: "c3", ply: 6, variation: []int{0}},
		{name: "opening turns after variations", variant: "andhra",
			moves: "1. e3,Nf3,g3 (1. e3,Nf3,Ng5) 1... e6,Nf6,g6 (1... e6,Nf6,Ng4) 2. Bg2,Bh3 *", san: "Bh3", ply: 8},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text := game(c.variant, "", "", c.moves)
			res := judge(t, text, replay.Config{Variations: true})
			var got []replay.Finding
			for _, f := range res.Findings {
				if f.Rule == ruleid.CompoundTurn && fmt.Sprint(f.Variation) == fmt.Sprint(c.variation) {
					got = append(got, f)
				}
			}
			if len(got) != 1 {
				t.Fatalf("%d compound-turn findings in variation %v; findings:%s", len(got), c.variation, describe(res))
			}
			f := got[0]
			line := strings.Split(text, "\n")[f.Line-1]
			if f.SAN != c.san || f.Ply != c.ply || !strings.HasPrefix(line[f.Column-1:], c.san) {
				t.Errorf("compound-turn at %d:%d ply %d %q, want ply %d at %q; findings:%s", f.Line, f.Column, f.Ply, f.SAN, c.ply, c.san, describe(res))
			}
		})
	}
}

// TestProfilesAlternate: a replayer given games of several profiles one
// after another judges each by its own Variant tag (the replayer
// remembers the profile it looked up last).
func TestProfilesAlternate(t *testing.T) {
	text := game("shatranj", "", "", "1. e3 *") + "\n" + game("", "", "", "1. e4 *") + "\n" +
		game("chaturanga", "", "", "1. e3 *") + "\n" + game("shatranj", "", "", "1. e3 *") + "\n" + game("", "", "", "1. e4 *")
	games, err := grammar.ReadAll(strings.NewReader(text), "test.pgn")
	if err != nil {
		t.Fatalf("reading: %v", err)
	}
	want := []string{"shatranj", rules.DefaultProfile, "chaturanga", "shatranj", rules.DefaultProfile}
	if len(games) != len(want) {
		t.Fatalf("read %d games, want %d", len(games), len(want))
	}
	r := replay.New(replay.Config{})
	for i, g := range games {
		res := r.Game(g, "test.pgn", i+1)
		if res.Summary.Profile != want[i] {
			t.Errorf("game %d: profile %q, want %q", i+1, res.Summary.Profile, want[i])
		}
		if !res.Summary.Valid {
			t.Errorf("game %d (%s): invalid:%s", i+1, want[i], describe(res))
		}
	}
}

// TestPawnCaptureFromItsFile: a pawn's capture written with its file
// (`exd5`) is played when the one pawn that can take there stands on that
// file, and is not when it stands on another (`cxd5`, only the e-pawn can
// take): the file written must be the capturing pawn's.
func TestPawnCaptureFromItsFile(t *testing.T) {
	for _, c := range []struct {
		moves string
		plies int
		rule  string // the finding at ply 3, "" for none
	}{
		{"1. e4 d5 2. exd5 Qxd5 *", 4, ""},
		{"1. e4 d5 2. cxd5 Qxd5 *", 2, "illegal-move"},
		{"1. e4 d5 2. c4 e6 3. cxd5 exd5 *", 6, ""},
		{"1. e4 d5 2. c4 e6 3. dxd5 exd5 *", 4, "illegal-move"},
	} {
		res := judge(t, tags("", "", "", "*")+c.moves+"\n", replay.Config{})
		got := ""
		for _, f := range res.Findings {
			if f.Rule != "missing-tag" {
				got = f.Rule
			}
		}
		if res.Summary.Plies != c.plies || got != c.rule {
			t.Errorf("%q: %d plies, finding %q; want %d, %q:%s", c.moves, res.Summary.Plies, got, c.plies, c.rule, describe(res))
		}
	}
}

// TestPromotionAsTheGeneralPath: a pawn's promotion in SAN, which the
// walk plays by a path of its own in a game with no reader's notice
// (plainPromotion), gets the findings and the plies of the general path
// (resolve), which a reader's notice at the game's first move number
// makes the walk take for every move: promotions written right, with a
// capture, a wrong x, a man the profile has not, to an occupied square,
// by a pawn that is not there, ambiguous, with check marks right and
// wrong, by black, and under shatranj.
func TestPromotionAsTheGeneralPath(t *testing.T) {
	const (
		one  = "8/4P3/8/8/k7/8/8/4K3 w - - 0 1"
		two  = "3r4/2P1P3/8/8/k7/8/8/4K3 w - - 0 1"
		full = "4r3/4P3/8/8/k7/8/8/4K3 w - - 0 1"
		blk  = "4k3/8/8/8/8/8/4p3/K7 b - - 0 1"
	)
	for _, c := range []struct{ variant, fen, moves string }{
		{"", one, "e8=Q+ Kb3 *"},
		{"", one, "e8=Q Kb3 *"},
		{"", one, "e8=N Kb3 *"},
		{"", one, "e8=N+ Kb3 *"},
		{"", one, "e8=K Kb3 *"},
		{"", one, "dxe8=Q+ Kb3 *"},
		{"", one, "exd8=Q Kb3 *"},
		{"", two, "exd8=Q Kb3 *"},
		{"", two, "cxd8=R Kb3 *"},
		{"", two, "c8=Q Kb3 *"},
		{"", two, "d8=Q Kb3 *"},
		{"", full, "e8=Q Kb3 *"},
		{"", full, "d8=Q Kb3 *"},
		{"", "3rr3/4P3/8/8/k7/8/8/K7 w - - 0 1", "d8=Q Kb3 *"},
		{"", one, "exe8=Q Kb3 *"},
		{"", blk, "1... e1=Q+ Kb2 *"},
		{"", blk, "1... e1=R+ Kb2 *"},
		{"shatranj", "8/4P3/8/8/k7/p7/8/4K3 w - - 0 1", "e8=Q Kb4 *"},
		{"shatranj", "8/4P3/8/8/k7/p7/8/4K3 w - - 0 1", "e8=R Kb4 *"},
		{"shatranj", "8/4P3/8/8/k7/p7/8/4K3 w - - 0 1", "e8 Kb4 *"},
	} {
		var got [2]string
		for i, number := range []string{"1.", "9."} {
			moves := number + " " + c.moves
			if strings.HasPrefix(c.moves, "1...") {
				moves = strings.Replace(c.moves, "1...", number+"..", 1)
			}
			res := judge(t, tags(c.variant, "", c.fen, "*")+moves+"\n", replay.Config{})
			var b strings.Builder
			fmt.Fprintf(&b, "plies %d", res.Summary.Plies)
			for _, f := range res.Findings {
				if f.Rule != "move-number" && f.Rule != "missing-tag" {
					fmt.Fprintf(&b, "; %d %s %s %s", f.Ply, f.SAN, f.Rule, f.FEN)
				}
			}
			got[i] = b.String()
			if i == 1 && find(res, "move-number", -1) == nil {
				t.Errorf("%q: no move-number notice: the general path is not sure to be taken", c.moves)
			}
		}
		if got[0] != got[1] {
			t.Errorf("%s %q: %s\nthe general path: %s", c.variant, c.moves, got[0], got[1])
		}
	}
}

// TestFENMoveNumberCountsOn: a game set up by a FEN tag numbers its moves
// on from the FEN's move number, 1 when the FEN has none or writes 0 (as
// the FEN is read): an illegal move's finding carries its turn's number.
func TestFENMoveNumberCountsOn(t *testing.T) {
	const board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
	cases := []struct {
		counters string
		first    int // the FEN's move number as the game counts it
	}{
		{" 0 23", 23},
		{" 3 7", 7},
		{" 0 1", 1},
		{" 0 0", 1},
		{"", 1},
	}
	for _, c := range cases {
		for _, cfg := range []replay.Config{{}, {Steps: true}, {Variations: true}} {
			text := fmt.Sprintf("[SetUp \"1\"]\n[FEN \"%s%s\"]\n\n%d. e4 e5 %d. Ke5 *\n", board, c.counters, c.first, c.first+1)
			res := judge(t, text, cfg)
			f := find(res, ruleid.IllegalMove, 3)
			if f == nil {
				t.Fatalf("FEN counters %q: no illegal move at ply 3; findings:%s", c.counters, describe(res))
			}
			if f.MoveNumber != c.first+1 {
				t.Errorf("FEN counters %q (%+v): illegal move numbered %d, want %d", c.counters, cfg, f.MoveNumber, c.first+1)
			}
		}
	}
}
