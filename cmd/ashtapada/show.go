package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

func init() {
	register(&cli.Command{
		Name:      "show",
		Usage:     "the board at a ply: diagram, FEN, side to move, profile state, legal moves",
		ArgsUsage: "FILE",
		Description: "Shows game --game N after --ply N (0: the start) or after --move 14b (14w, 14b; 14 is white's). " +
			"Without either, the end of the main line, or the position before the first move that cannot be played, " +
			"with that move marked. --svg FILE also draws the diagram as SVG.",
		Flags: append(profileFlags(),
			&cli.IntFlag{Name: "game", Value: 1, Usage: "the game (1-based)"},
			&cli.IntFlag{Name: "ply", Value: -1, Usage: "show the position after this ply (0: the start position)"},
			&cli.StringFlag{Name: "move", Usage: "show the position after this move: 14w, 14b (14 is white's)"},
			&cli.StringFlag{Name: "svg", Usage: "also write the diagram as SVG to this file"},
			&cli.BoolFlag{Name: "letters", Usage: "draw men as letters instead of chess figurines"},
		),
		Action: showAction,
	})
}

func showAction(c *cli.Context) error {
	if c.NArg() > 1 {
		return toolError(fmt.Errorf("show takes one FILE, got %d", c.NArg()))
	}
	if c.IsSet("ply") && c.IsSet("move") {
		return toolError(fmt.Errorf("give --ply or --move, not both"))
	}
	cfg, err := validateConfig(c)
	if err != nil {
		return toolError(err)
	}
	rp := replay.New(cfg)
	path := "-"
	if c.NArg() == 1 {
		path = c.Args().First()
	}
	g, err := nthGame(path, c.Int("game"), rp, c.App.ErrWriter)
	if err != nil {
		return toolError(err)
	}
	t := rp.Trace(g)
	if t.Problem != nil {
		return toolError(fmt.Errorf("game %d cannot be replayed: %s [%s]", c.Int("game"), t.Problem.Message, t.Problem.Rule))
	}
	ply := -1
	switch {
	case c.IsSet("ply"):
		ply = c.Int("ply")
		if ply < 0 {
			return toolError(fmt.Errorf("--ply %d: want 0 or more", ply))
		}
	case c.IsSet("move"):
		ply, err = plyOfMove(t, c.String("move"))
		if err != nil {
			return toolError(err)
		}
	}
	v, err := buildShow(t, rp.Game(g, path, c.Int("game")), ply, fmt.Sprintf("game %d", c.Int("game")))
	if err != nil {
		return toolError(err)
	}
	out := bufio.NewWriter(c.App.Writer)
	if err := v.write(out, c.Bool("letters")); err != nil {
		return toolError(err)
	}
	if err := out.Flush(); err != nil {
		return toolError(fmt.Errorf("writing: %w", err))
	}
	if svg := c.String("svg"); svg != "" {
		if err := writeFileAtomic(svg, func(w io.Writer) error { return formats.WriteSVG(w, v.diagram) }); err != nil {
			return toolError(err)
		}
	}
	if len(v.findings) > 0 {
		return failed()
	}
	return nil
}

// nthGame reads game n (1-based) of a file in any input format.
func nthGame(path string, n int, rp *replay.Replayer, errw io.Writer) (*record.Game, error) {
	if n < 1 {
		return nil, fmt.Errorf("--game %d: games are numbered from 1", n)
	}
	next, closer, err := openGames(path, "")
	if err != nil {
		return nil, err
	}
	defer closer.Close()
	for i := 1; ; i++ {
		g, err := next()
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("--game %d: %s has %d games", n, path, i-1)
		}
		if err != nil {
			return nil, err
		}
		if i == n {
			return g, nil
		}
	}
}

// plyOfMove turns "14b" (or 14w, 14, 14., 14...) into the ply after that
// move: the last ply of that side's turn with that number.
func plyOfMove(t *replay.Trace, s string) (int, error) {
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
		return 0, fmt.Errorf("--move %q: want a move number and a side, such as 14b or 14w", s)
	}
	ply := -1
	for _, st := range t.Steps {
		if st.MoveNumber == n && st.Side == side {
			ply = st.Ply
		}
	}
	if ply < 0 {
		if t.Stop != nil {
			// The asked move may be the one that could not be played.
			return len(t.Steps) + 1, nil
		}
		return 0, fmt.Errorf("--move %s: the main line has no such move (%d plies)", s, len(t.Steps))
	}
	return ply, nil
}

// showView is everything show prints about one position.
type showView struct {
	diagram  *formats.Diagram
	pos      *rules.Position
	profile  *rules.Profile
	ply      int
	last     string // the last move's SAN, or the offending move as written
	bad      bool   // last is a move that could not be played
	findings []replay.Finding
}

// buildShow picks the position after ply (or, past the last playable ply,
// the position before the move that could not be played, that move marked).
func buildShow(t *replay.Trace, res *replay.Result, ply int, title string) (*showView, error) {
	v := &showView{profile: t.Profile}
	n := len(t.Steps)
	if ply < 0 {
		ply = n
		if t.Stop != nil {
			ply = n + 1
		}
	}
	switch {
	case ply <= n:
		v.ply = ply
		v.pos = t.Start
		if ply > 0 {
			st := &t.Steps[ply-1]
			v.pos, v.last = st.After, st.SAN
		}
		d, err := diagramAt(t, ply, title)
		if err != nil {
			return nil, err
		}
		v.diagram = d
	case ply == n+1 && t.Stop != nil:
		v.ply, v.bad = n, true
		v.pos = t.Start
		if n > 0 {
			v.pos = t.Steps[n-1].After
		}
		v.last = t.Stop.Text
		d, err := diagramAt(t, n, title)
		if err != nil {
			return nil, err
		}
		d.From, d.To, d.Mark = record.NoSquare, record.NoSquare, record.NoSquare
		if t.Stop.Move != nil {
			from, to := replay.OffendingSquares(v.pos, t.Stop.Move)
			d.From, d.To, d.Mark = record.Square(from), record.Square(to), record.Square(to)
			d.ArrowLabel = "offending move"
		}
		d.Title = fmt.Sprintf("%s, ply %d: %s cannot be played", title, n+1, t.Stop.Text)
		v.diagram = d
	default:
		return nil, fmt.Errorf("--ply %d: the main line has %d plies that can be played", ply, n)
	}
	// The findings of the move shown (the last one played, or the bad one).
	if res != nil {
		at := v.ply
		if v.bad {
			at = n + 1
		}
		for _, f := range res.Findings {
			if f.Ply == at && at > 0 && len(f.Variation) == 0 {
				v.findings = append(v.findings, f)
			}
		}
		if len(v.findings) > 0 && !v.bad && v.diagram.To != record.NoSquare {
			for _, f := range v.findings {
				if f.IsError() {
					v.diagram.Mark = v.diagram.To
				}
			}
		}
	}
	return v, nil
}

// diagramAt is the diagram after ply (0: the start) of a trace, with the
// last move as its arrow, on the profile's board (plain or checkered).
func diagramAt(t *replay.Trace, ply int, title string) (*formats.Diagram, error) {
	pos := t.Start
	if ply > 0 && ply <= len(t.Steps) {
		pos = t.Steps[ply-1].After
	}
	fen := pos.FEN()
	d, err := formats.DiagramFromFEN(fen)
	if err != nil {
		return nil, err
	}
	d.Checkered = t.Profile.Checkered()
	d.Caption = fen
	d.Title = fmt.Sprintf("%s, start position", title)
	if ply > 0 && ply <= len(t.Steps) {
		st := &t.Steps[ply-1]
		d.From, d.To = record.Square(st.Move.From), record.Square(st.Move.To)
		d.Title = fmt.Sprintf("%s, after ply %d: %s", title, ply, st.SAN)
	}
	return d, nil
}

// write prints the view for a person.
func (v *showView) write(w io.Writer, letters bool) error {
	if err := formats.WriteDiagram(w, v.diagram, letters); err != nil {
		return err
	}
	pos := v.pos
	s := pos.Settings()
	var b strings.Builder
	fmt.Fprintf(&b, "FEN:      %s\n", pos.FEN())
	fmt.Fprintf(&b, "profile:  %s\n", v.profile.Name)
	fmt.Fprintf(&b, "to move:  %s", pos.SideToMove())
	if pos.InCheck() {
		b.WriteString(" (in check)")
	}
	b.WriteString("\n")
	if v.bad {
		fmt.Fprintf(&b, "next:     %s cannot be played here\n", v.last)
	} else if v.last != "" {
		fmt.Fprintf(&b, "last:     ply %d, %s\n", v.ply, v.last)
	}
	if s.KingLeap != rules.LeapOff {
		fmt.Fprintf(&b, "leap:     white %s, black %s\n", yesNoWord(pos.LeapRight(rules.White)), yesNoWord(pos.LeapRight(rules.Black)))
	}
	for _, c := range []rules.Color{rules.White, rules.Black} {
		if wp := pos.WaitingPawns(c); len(wp) > 0 {
			names := make([]string, len(wp))
			for i, sq := range wp {
				names[i] = sq.String()
			}
			fmt.Fprintf(&b, "waiting:  %s pawns on %s\n", c, strings.Join(names, ", "))
		}
	}
	if s.PromotionLimit != rules.LimitNone {
		for _, c := range []rules.Color{rules.White, rules.Black} {
			fmt.Fprintf(&b, "lost:     %s %s (pieces a pawn may become)\n", c, lostPieces(pos, c))
		}
	}
	legal := pos.LegalMoves(nil)
	sans := make([]string, len(legal))
	for i, m := range legal {
		sans[i] = replay.SAN(pos, legal, m)
	}
	sort.Strings(sans)
	fmt.Fprintf(&b, "legal:    %d: %s\n", len(sans), strings.Join(sans, " "))
	for _, f := range v.findings {
		fmt.Fprintf(&b, "%s: ply %d %s: %s [%s]\n", f.Severity, f.Ply, f.SAN, f.Message, f.Rule)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing: %w", err)
	}
	return nil
}

func yesNoWord(b bool) string {
	if b {
		return "may leap"
	}
	return "has no leap"
}

// lostPieces lists the kinds a side has fewer of than at the start.
func lostPieces(pos *rules.Position, c rules.Color) string {
	var out []string
	for _, k := range []rules.Kind{rules.Queen, rules.Rook, rules.Bishop, rules.Knight} {
		if d := rules.InitialCount(k) - pos.Count(c, k); d > 0 {
			out = append(out, fmt.Sprintf("%d%s", d, k.Letter()))
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, " ")
}

// writeFindingSVGs writes one SVG per error finding of a game into dir, for
// `validate --svg-dir DIR`: DIR/<file base>-g<game>-p<ply>-<rule>.svg, each
// written atomically. Findings without a position (a game whose profile is
// unknown) have nothing to draw and are skipped.
func writeFindingSVGs(dir string, res *replay.Result) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--svg-dir: %w", err)
	}
	for i := range res.Findings {
		f := &res.Findings[i]
		if !f.IsError() || f.FEN == "" {
			continue
		}
		base := strings.TrimSuffix(filepath.Base(f.File), filepath.Ext(f.File))
		if base == "" || base == "." || strings.HasPrefix(base, "<") {
			base = "stdin"
		}
		name := fmt.Sprintf("%s-g%d-p%d-%s.svg", base, f.Game, f.Ply, f.Rule)
		err := writeFileAtomic(filepath.Join(dir, name), func(w io.Writer) error {
			return formats.WriteFindingSVG(w, f)
		})
		if err != nil {
			return err
		}
	}
	return nil
}
