package rules

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

const fsfPath = "/usr/games/fairy-stockfish"

// fsfEngine is a Fairy-Stockfish process spoken to over UCI.
type fsfEngine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startFSF(t *testing.T, ini string) *fsfEngine {
	t.Helper()
	cmd := exec.Command(testenv.NeedTool(t, fsfPath))
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", fsfPath, err)
	}
	e := &fsfEngine{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	e.out.Buffer(make([]byte, 1<<20), 1<<20)
	t.Cleanup(func() {
		fmt.Fprintln(e.in, "quit")
		e.in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
		}
	})
	e.send("uci")
	e.waitFor("uciok")
	e.send("setoption name VariantPath value " + ini)
	return e
}

func (e *fsfEngine) send(s string) { fmt.Fprintln(e.in, s) }

func (e *fsfEngine) waitFor(prefix string) string {
	for e.out.Scan() {
		if l := e.out.Text(); strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

func (e *fsfEngine) variant(v string) {
	e.send("setoption name UCI_Variant value " + v)
	e.send("isready")
	e.waitFor("readyok")
}

func (e *fsfEngine) perft(fen string, depth int) (uint64, error) {
	e.send("position fen " + fen)
	e.send("go perft " + strconv.Itoa(depth))
	l := e.waitFor("Nodes searched:")
	n, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(l, "Nodes searched:")), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("fairy-stockfish answered %q", l)
	}
	return n, nil
}

var (
	pgnComment = regexp.MustCompile(`\{[^}]*\}|;[^\n]*`)
	pgnNoise   = regexp.MustCompile(`^(\d+\.+|\$\d+|1-0|0-1|1/2-1/2|\*)$`)
	sanRE      = regexp.MustCompile(`^([KQRBN])?([a-h])?([1-8])?(x)?([a-h][1-8])(=([QRBN]))?$`)
)

// matchSAN finds the legal move a SAN token names (no leaps or
// conversions: Fairy-Stockfish writes none).
func matchSAN(p *Position, san string) (Move, error) {
	san = strings.TrimRight(san, "+#!?")
	legal := p.LegalMoves(nil)
	if san == "O-O" || san == "O-O-O" {
		want := FlagCastleShort
		if san == "O-O-O" {
			want = FlagCastleLong
		}
		for _, m := range legal {
			if m.Flags&want != 0 {
				return m, nil
			}
		}
		return Move{}, fmt.Errorf("%s: no such castling", san)
	}
	g := sanRE.FindStringSubmatch(san)
	if g == nil {
		return Move{}, fmt.Errorf("%q: not SAN", san)
	}
	kind := Pawn
	if g[1] != "" {
		kind = KindFromLetter(g[1][0])
	}
	to, _ := ParseSquare(g[5])
	promo := NoKind
	if g[7] != "" {
		promo = KindFromLetter(g[7][0])
	}
	var found []Move
	for _, m := range legal {
		if m.To != to || p.At(m.From).Kind() != kind || m.Promotion != promo {
			continue
		}
		if g[2] != "" && m.From.File() != int(g[2][0]-'a') || g[3] != "" && m.From.Rank() != int(g[3][0]-'1') {
			continue
		}
		found = append(found, m)
	}
	if len(found) != 1 {
		return Move{}, fmt.Errorf("%q matches %d legal moves in %s", san, len(found), p.FEN())
	}
	return found[0], nil
}

// selfplayGames reads a PGN file of Fairy-Stockfish self-play into games:
// start FEN (or "") and SAN tokens.
func selfplayGames(t *testing.T, path string) (games [][]string, fens []string) {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fen := ""
	var moves strings.Builder
	flush := func() {
		var toks []string
		for _, tok := range strings.Fields(pgnComment.ReplaceAllString(moves.String(), " ")) {
			if !pgnNoise.MatchString(tok) {
				toks = append(toks, tok)
			}
		}
		if len(toks) > 0 {
			games = append(games, toks)
			fens = append(fens, fen)
		}
		fen = ""
		moves.Reset()
	}
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "[Event "):
			flush()
		case strings.HasPrefix(line, "[FEN \""):
			fen = strings.TrimSuffix(strings.TrimPrefix(line, "[FEN \""), "\"]")
		case strings.HasPrefix(line, "["):
		default:
			moves.WriteString(line + " ")
		}
	}
	flush()
	return games, fens
}

// TestFSFDifferential replays the Fairy-Stockfish self-play games with our
// own generator (every SAN move must match exactly one of our legal moves)
// and compares perft(3) with Fairy-Stockfish on positions taken from them:
// every 100th ply in the fast tier, every 5th in a long run, every
// ASHTAPADA_FSF_STEP-th if that is set.
func TestFSFDifferential(t *testing.T) {
	t.Parallel() // CPU-heavy; no test here changes a package variable
	shared := testenv.SharedDir(t)
	e := startFSF(t, filepath.Join(shared, "oracle", "variants.ini"))
	files := []struct{ file, variant string }{
		{"shatranj.pgn", "shatranj-nobare"},
		{"chaturanga.pgn", "chaturanga-ke1"},
		{"chaturanga-gollon.pgn", "chaturanga-murray"},
		{"hindustani.pgn", "hindustani-basic"},
		{"chess.pgn", "chess"},
	}
	step := 100
	if testenv.IsLong() {
		step = 5
	}
	if v, err := strconv.Atoi(os.Getenv("ASHTAPADA_FSF_STEP")); err == nil && v > 0 {
		step = v
	}
	total := 0
	for _, f := range files {
		s := fsfSettings(t, f.variant)
		e.variant(f.variant)
		games, fens := selfplayGames(t, filepath.Join(shared, "data", "fsf-selfplay", f.file))
		compared, plies := 0, 0
		for gi, g := range games {
			p := NewPosition(s)
			if fens[gi] != "" {
				p = mustFEN(t, s, fens[gi])
			}
			for ply, san := range g {
				if ply%step == step/2 {
					want, err := e.perft(p.FEN(), 3)
					if err != nil {
						t.Fatal(err)
					}
					if got := Perft(p, 3); got != want {
						t.Errorf("%s game %d ply %d: %s perft(3) = %d, Fairy-Stockfish %d", f.file, gi+1, ply, p.FEN(), got, want)
					}
					compared++
				}
				m, err := matchSAN(p, san)
				if err != nil {
					t.Errorf("%s game %d ply %d: %v", f.file, gi+1, ply+1, err)
					break
				}
				p.Play(m)
				plies++
			}
		}
		t.Logf("%s (%s): %d games, %d plies replayed, %d positions compared", f.file, f.variant, len(games), plies, compared)
		total += compared
	}
	t.Logf("Fairy-Stockfish differential: %d positions compared with perft(3)", total)
	if total < 1000 {
		t.Errorf("only %d positions compared", total)
	}
}
