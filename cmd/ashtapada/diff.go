package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

func init() {
	register(&cli.Command{
		Name:      "diff",
		Usage:     "where records differ or break a rule set",
		ArgsUsage: "A.pgn B.pgn | --rules X --against Y FILE | --rules X FILE",
		Description: "Three questions (docs/convert.md):\n" +
			"  diff A B                         two transcriptions of the same games, paired by order or --by tags:\n" +
			"                                   the first ply where they differ, whether each is legal there, a diff by move\n" +
			"  diff --rules X --against Y FILE  the same records under two rule sets: per game, the first ply where one\n" +
			"                                   accepts and the other rejects, and the rule that decides (--set applies to\n" +
			"                                   the --rules side, --against-set to the --against side)\n" +
			"  diff --rules X FILE              the record as written against the record as X reads it\n" +
			"Exit status 1 when there are differences.",
		Flags: append(profileFlags(),
			&cli.StringFlag{Name: "against", Usage: "mode b: the second profile (default: the --rules profile, or the tags)"},
			&cli.StringFlag{Name: "against-file", Usage: "mode b: the second profile from a profile file"},
			&cli.StringSliceFlag{Name: "against-set", Usage: "mode b: a setting of the --against side, key=value (repeatable)"},
			&cli.StringFlag{Name: "by", Usage: "mode a: pair games by these tags (White,Black,Date) instead of by order"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text or json"},
		),
		Action: diffAction,
	})
}

// diffEntry is one game's difference, for --format json.
type diffEntry struct {
	Mode  string `json:"mode"`
	Game  int    `json:"game"`
	GameB int    `json:"game_b,omitempty"`
	Key   string `json:"key,omitempty"`
	// Ply is the first ply where the two sides differ (0: before any move,
	// e.g. a game present on one side only or a different verdict at the end).
	Ply  int       `json:"ply"`
	A    *diffSide `json:"a,omitempty"`
	B    *diffSide `json:"b,omitempty"`
	Diff string    `json:"diff,omitempty"`
	Note string    `json:"note,omitempty"`
}

// diffSide is what one side says at the first difference.
type diffSide struct {
	Name    string `json:"name"`
	Profile string `json:"profile,omitempty"`
	Move    string `json:"move,omitempty"`
	Legal   bool   `json:"legal"`
	Rule    string `json:"rule,omitempty"`
	Message string `json:"message,omitempty"`
}

func diffAction(c *cli.Context) error {
	format := c.String("format")
	if format != "text" && format != "json" {
		return toolError(fmt.Errorf("--format %q: want text or json", format))
	}
	args := c.Args().Slice()
	againstMode := c.IsSet("against") || c.IsSet("against-file") || c.IsSet("against-set")
	var entries []diffEntry
	var err error
	switch {
	case len(args) == 2 && !againstMode:
		entries, err = diffTwoFiles(c, args[0], args[1])
	case len(args) == 1 && againstMode:
		entries, err = diffRuleSets(c, args[0])
	case len(args) == 1 && (c.IsSet("rules") || c.IsSet("rules-file") || c.IsSet("set")):
		entries, err = diffAsRead(c, args[0])
	default:
		return toolError(errors.New("diff wants two files, or one file with --rules X (and --against Y); see ashtapada diff --help"))
	}
	if err != nil {
		return toolError(err)
	}
	out := bufio.NewWriter(c.App.Writer)
	if format == "json" {
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if entries == nil {
			entries = []diffEntry{}
		}
		err = enc.Encode(entries)
	} else {
		for _, e := range entries {
			writeDiffText(out, &e)
		}
	}
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = ferr
	}
	if err != nil {
		return toolError(fmt.Errorf("writing: %w", err))
	}
	if len(entries) > 0 {
		return failed()
	}
	return nil
}

func writeDiffText(w io.Writer, e *diffEntry) {
	head := fmt.Sprintf("game %d", e.Game)
	if e.GameB != 0 && e.GameB != e.Game {
		head = fmt.Sprintf("game %d / %d", e.Game, e.GameB)
	}
	if e.Key != "" {
		head += " [" + e.Key + "]"
	}
	if e.Note != "" {
		fmt.Fprintf(w, "%s: %s\n", head, e.Note)
	} else {
		fmt.Fprintf(w, "%s: first difference at ply %d\n", head, e.Ply)
	}
	for _, s := range []*diffSide{e.A, e.B} {
		if s == nil {
			continue
		}
		move := s.Move
		if move == "" {
			move = "(no move)"
		}
		verdict := "legal"
		if !s.Legal {
			verdict = "not legal"
		}
		under := ""
		if s.Profile != "" {
			under = " under " + s.Profile
		}
		fmt.Fprintf(w, "  %s: %s is %s%s", s.Name, move, verdict, under)
		if s.Rule != "" {
			fmt.Fprintf(w, ": %s [%s]", s.Message, s.Rule)
		}
		fmt.Fprintln(w)
	}
	if e.Diff != "" {
		for _, l := range strings.SplitAfter(strings.TrimSuffix(e.Diff, "\n"), "\n") {
			fmt.Fprintf(w, "  %s", l)
		}
		fmt.Fprintln(w)
	}
}

// lineMove is one move of a game's main line: as written and, when it was
// played, in canonical SAN.
type lineMove struct {
	ply     int
	node    *record.Node
	written string
	san     string // "" when not played
	number  int
	black   bool
	joined  bool
}

// mainLine lists the main line's moves with their numbers, continuing the
// count past the point where the trace stopped.
func mainLine(g *record.Game, t *replay.Trace) []lineMove {
	var out []lineMove
	num, black := 1, false
	if t.Start != nil {
		num, black = t.Start.FullmoveNumber(), t.Start.SideToMove() == rules.Black
	}
	ply := 0
	for i := range g.Moves {
		n := &g.Moves[i]
		if n.Kind != record.KindMove || n.Move == nil {
			continue
		}
		joined := n.Move.Joined && ply > 0
		if ply > 0 && !joined {
			// A new turn: the other side, and after black a new number.
			if black {
				num++
			}
			black = !black
		}
		ply++
		lm := lineMove{ply: ply, node: n, written: n.Move.Text, number: num, black: black, joined: joined}
		if ply <= len(t.Steps) {
			st := &t.Steps[ply-1]
			lm.san, lm.number, lm.black, lm.joined = st.SAN, st.MoveNumber, st.Side == rules.Black, st.TurnIndex > 0
			num, black = lm.number, lm.black
		}
		out = append(out, lm)
	}
	return out
}

func numbered(ms []lineMove, text func(*lineMove) string) []string {
	moves := make([]string, len(ms))
	nums := make([]int, len(ms))
	black := make([]bool, len(ms))
	joined := make([]bool, len(ms))
	for i := range ms {
		moves[i], nums[i], black[i], joined[i] = text(&ms[i]), ms[i].number, ms[i].black, ms[i].joined
	}
	return formats.NumberedMoves(moves, nums, black, joined)
}

// firstError is the first error finding on a main-line move (the result
// checks are not about a move and are left out), nil when none.
func firstError(res *replay.Result) *replay.Finding {
	for i := range res.Findings {
		f := &res.Findings[i]
		if !f.IsError() || f.Ply == 0 || len(f.Variation) > 0 || strings.HasPrefix(f.Rule, "result-") {
			continue
		}
		return f
	}
	return nil
}

// readAll reads every game of a file in any input format.
func readAll(path string, rp *replay.Replayer) ([]*record.Game, error) {
	next, closer, err := openGames(path, "")
	if err != nil {
		return nil, err
	}
	defer closer.Close()
	var out []*record.Game
	for {
		g, err := next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
}

// forEachGame streams the games of one file.
func forEachGame(path string, rp *replay.Replayer, fn func(i int, g *record.Game) error) error {
	next, closer, err := openGames(path, "")
	if err != nil {
		return err
	}
	defer closer.Close()
	for i := 1; ; i++ {
		g, err := next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(i, g); err != nil {
			return err
		}
	}
}

// ---- mode a: two transcriptions ----

func diffTwoFiles(c *cli.Context, pathA, pathB string) ([]diffEntry, error) {
	cfg, err := validateConfig(c)
	if err != nil {
		return nil, err
	}
	rp := replay.New(cfg)
	// B is held in memory to pair games (by order or by key); A streams.
	gamesB, err := readAll(pathB, rp)
	if err != nil {
		return nil, err
	}
	var byTags []string
	if by := c.String("by"); by != "" {
		for _, t := range strings.Split(by, ",") {
			if t = strings.TrimSpace(t); t != "" {
				byTags = append(byTags, t)
			}
		}
	}
	key := func(g *record.Game) string {
		parts := make([]string, len(byTags))
		for i, t := range byTags {
			parts[i], _ = g.Tag(t)
		}
		return strings.Join(parts, ", ")
	}
	indexB := map[string][]int{}
	for i, g := range gamesB {
		if byTags != nil {
			indexB[key(g)] = append(indexB[key(g)], i)
		}
	}
	usedB := make([]bool, len(gamesB))
	var entries []diffEntry
	err = forEachGame(pathA, rp, func(i int, ga *record.Game) error {
		j := i - 1
		k := ""
		if byTags != nil {
			k = key(ga)
			j = -1
			for len(indexB[k]) > 0 && j < 0 {
				j = indexB[k][0]
				indexB[k] = indexB[k][1:]
			}
		}
		if j < 0 || j >= len(gamesB) {
			entries = append(entries, diffEntry{Mode: "records", Game: i, Key: k, Note: fmt.Sprintf("only in %s", pathA)})
			return nil
		}
		usedB[j] = true
		if e := comparePair(rp, pathA, pathB, ga, gamesB[j]); e != nil {
			e.Game, e.GameB, e.Key = i, j+1, k
			entries = append(entries, *e)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for j, used := range usedB {
		if !used {
			k := ""
			if byTags != nil {
				k = key(gamesB[j])
			}
			entries = append(entries, diffEntry{Mode: "records", GameB: j + 1, Key: k, Note: fmt.Sprintf("only in %s (game %d)", pathB, j+1)})
		}
	}
	return entries, nil
}

// comparePair compares two records of one game ply by ply: canonical SAN
// where the move could be played, the move as written after that.
func comparePair(rp *replay.Replayer, nameA, nameB string, ga, gb *record.Game) *diffEntry {
	ta, tb := rp.Trace(ga), rp.Trace(gb)
	la, lb := mainLine(ga, ta), mainLine(gb, tb)
	text := func(m *lineMove) string {
		if m.san != "" {
			return m.san
		}
		return m.written
	}
	ply := 0
	for i := 0; i < max(len(la), len(lb)); i++ {
		if i >= len(la) || i >= len(lb) || text(&la[i]) != text(&lb[i]) {
			ply = i + 1
			break
		}
	}
	if ply == 0 {
		return nil
	}
	e := &diffEntry{Mode: "records", Ply: ply}
	e.A = sideAt(nameA, ga, ta, rp, la, ply)
	e.B = sideAt(nameB, gb, tb, rp, lb, ply)
	e.Diff = formats.UnifiedMoveDiff(nameA, nameB, numbered(la, text), numbered(lb, text))
	return e
}

// sideAt says what one record has at a ply and whether it is legal there.
func sideAt(name string, g *record.Game, t *replay.Trace, rp *replay.Replayer, line []lineMove, ply int) *diffSide {
	s := &diffSide{Name: name}
	if t.Profile != nil {
		s.Profile = t.Profile.Name
	}
	if ply > len(line) {
		s.Legal = true
		s.Message = "the record ends here"
		return s
	}
	m := &line[ply-1]
	s.Move = m.written
	if m.san != "" {
		s.Move = m.san
	}
	res := rp.Game(g, name, 0)
	s.Legal = ply <= len(t.Steps)
	if f := firstError(res); f != nil && f.Ply <= ply {
		s.Legal = false
		s.Rule, s.Message = f.Rule, f.Message
		if f.Ply < ply {
			s.Message = fmt.Sprintf("the record already broke the rules at ply %d (%s): %s", f.Ply, f.SAN, f.Message)
		}
	} else if !s.Legal && t.Problem != nil {
		s.Rule, s.Message = t.Problem.Rule, t.Problem.Message
	}
	return s
}

// ---- mode b: two rule sets ----

func diffRuleSets(c *cli.Context, path string) ([]diffEntry, error) {
	cfgA, err := validateConfig(c)
	if err != nil {
		return nil, err
	}
	cfgB := replay.Config{Profile: cfgA.Profile}
	if name, file := c.String("against"), c.String("against-file"); name != "" || file != "" {
		p, err := rules.Select(name, file, nil)
		if err != nil {
			return nil, fmt.Errorf("--against: %w", err)
		}
		cfgB.Profile = p
	}
	if cfgB.Overrides, err = replay.ParseSet(c.StringSlice("against-set")); err != nil {
		return nil, fmt.Errorf("--against-set: %w", err)
	}
	if err := checkOverrides(cfgB.Profile, cfgB.Overrides); err != nil {
		return nil, fmt.Errorf("--against-set: %w", err)
	}
	nameA := ruleSetName(cfgA, c.StringSlice("set"))
	nameB := ruleSetName(cfgB, c.StringSlice("against-set"))
	rpA, rpB := replay.New(cfgA), replay.New(cfgB)
	var entries []diffEntry
	err = forEachGame(path, rpA, func(i int, g *record.Game) error {
		ra, rb := rpA.Game(g, path, i), rpB.Game(g, path, i)
		fa, fb := firstError(ra), firstError(rb)
		pa, pb := plyOf(fa), plyOf(fb)
		e := diffEntry{Mode: "rules", Game: i}
		switch {
		case pa == pb && (fa == nil || fa.Rule == fb.Rule):
			if ra.Summary.Outcome == rb.Summary.Outcome && ra.Summary.Winner == rb.Summary.Winner && ra.Summary.Valid == rb.Summary.Valid {
				return nil
			}
			e.Ply = max(ra.Summary.Plies, rb.Summary.Plies)
			e.Note = fmt.Sprintf("the moves are judged alike, the end is not: %s says %s, %s says %s",
				nameA, endText(ra), nameB, endText(rb))
		default:
			e.Ply = min(pa, pb)
			if pa == pb {
				e.Ply = pa
			}
		}
		e.A = verdictAt(nameA, ra, fa, e.Ply, g)
		e.B = verdictAt(nameB, rb, fb, e.Ply, g)
		entries = append(entries, e)
		return nil
	})
	return entries, err
}

const noPly = int(^uint(0) >> 1)

func plyOf(f *replay.Finding) int {
	if f == nil {
		return noPly
	}
	return f.Ply
}

func endText(r *replay.Result) string {
	s := r.Summary.Outcome
	if r.Summary.Winner != "" {
		s += " (" + r.Summary.Winner + ")"
	}
	if !r.Summary.Valid {
		s += ", not valid"
	}
	return s
}

func ruleSetName(cfg replay.Config, sets []string) string {
	name := "the tags' profile"
	if cfg.Profile != nil {
		name = cfg.Profile.Name
	}
	if len(sets) > 0 {
		name += " (" + strings.Join(sets, ", ") + ")"
	}
	return name
}

// verdictAt is one rule set's word on the move at ply.
func verdictAt(name string, res *replay.Result, f *replay.Finding, ply int, g *record.Game) *diffSide {
	s := &diffSide{Name: name, Profile: res.Summary.Profile, Legal: true}
	if f != nil && f.Ply == ply {
		s.Legal = false
		s.Move, s.Rule, s.Message = f.SAN, f.Rule, f.Message
	} else if ply != noPly {
		s.Move = writtenAt(g, ply)
	}
	return s
}

// writtenAt is the main-line move at ply as written.
func writtenAt(g *record.Game, ply int) string {
	n := 0
	for i := range g.Moves {
		if g.Moves[i].Kind == record.KindMove && g.Moves[i].Move != nil {
			n++
			if n == ply {
				return g.Moves[i].Move.Text
			}
		}
	}
	return ""
}

// ---- mode c: as written against as read ----

func diffAsRead(c *cli.Context, path string) ([]diffEntry, error) {
	cfg, err := validateConfig(c)
	if err != nil {
		return nil, err
	}
	rp := replay.New(cfg)
	name := ruleSetName(cfg, c.StringSlice("set"))
	var entries []diffEntry
	err = forEachGame(path, rp, func(i int, g *record.Game) error {
		if g.SyntaxError() != nil {
			se := g.SyntaxError()
			entries = append(entries, diffEntry{Mode: "as-read", Game: i, Note: fmt.Sprintf("cannot be read: %d:%d: %s", se.Pos.Line, se.Pos.Col, se.Message)})
			return nil
		}
		t := rp.Trace(g)
		res := rp.Game(g, path, i)
		line := mainLine(g, t)
		bad := len(t.Steps) + 1
		f := firstError(res)
		if f != nil && f.Ply < bad {
			bad = f.Ply
		}
		written := numbered(line, func(m *lineMove) string { return m.written })
		read := numbered(line, func(m *lineMove) string {
			switch {
			case m.ply < bad:
				return m.san
			case m.ply == bad:
				why := "cannot be played"
				if f != nil && f.Ply == bad {
					why = f.Message + " [" + f.Rule + "]"
				}
				return m.written + " {illegal: " + why + "}"
			}
			return m.written + " {after the first illegal move}"
		})
		d := formats.UnifiedMoveDiff(fmt.Sprintf("%s game %d as written", path, i), fmt.Sprintf("%s game %d as %s reads it", path, i, name), written, read)
		if d == "" && t.Problem == nil {
			return nil
		}
		e := diffEntry{Mode: "as-read", Game: i, Diff: d}
		first := 0
		for k := range line {
			if written[k] != read[k] {
				first = k + 1
				break
			}
		}
		e.Ply = first
		if t.Problem != nil {
			e.Note = fmt.Sprintf("cannot be replayed: %s [%s]", t.Problem.Message, t.Problem.Rule)
		} else if first > 0 {
			e.A = &diffSide{Name: "as written", Move: line[first-1].written, Legal: first < bad, Profile: name}
			s := &diffSide{Name: "as read", Move: line[first-1].san, Legal: first < bad, Profile: name}
			if s.Move == "" {
				s.Move = line[first-1].written
			}
			if first >= bad && f != nil && f.Ply == bad {
				s.Rule, s.Message = f.Rule, f.Message
			}
			e.B = s
		}
		entries = append(entries, e)
		return nil
	})
	return entries, err
}
