package main

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
)

// writeHugeGame writes one game of about size bytes: knights shuffling
// under chaturanga-gollon (no repetition rule ends it), sixteen plies to a
// line, with move numbers, as the memory figures of docs/robustness.md, "A
// huge game is read in parts", were measured. It returns the number of
// plies.
func writeHugeGame(t *testing.T, path string, size int) int {
	t.Helper()
	return writeHugeGameIn(t, path, size, [4]string{"Nf3", "Nf6", "Ng1", "Ng8"})
}

// writeHugeGameIn is writeHugeGame with the four moves of the shuffle
// written as moves says (in LAN: Ng1-f3 and so on).
func writeHugeGameIn(t *testing.T, path string, size int, moves [4]string) int {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	b := bufio.NewWriter(f)
	n, _ := b.WriteString("[Event \"huge\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n[Variant \"chaturanga-gollon\"]\n\n")
	plies := 0
	for ; n < size-20; plies++ {
		if plies%2 == 0 {
			k, _ := b.WriteString(strconv.Itoa(plies/2+1) + ". ")
			n += k
		}
		k, _ := b.WriteString(moves[plies%4])
		n += k
		sep := " "
		if plies%16 == 15 {
			sep = "\n"
		}
		k, _ = b.WriteString(sep)
		n += k
	}
	b.WriteString("*\n")
	if err := b.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return plies
}

// TestHugeGameMemory: one huge game costs every command a bounded multiple
// of its size in peak memory (from the process's rusage). The fast tier
// reads a game of 2 MB with one command per way of reading it (validate
// and fmt in parts, convert --to pgn spilling its output, the game in LAN
// rewritten in SAN, the descriptive scanner's batches, show, diff reading
// it again for each look, the Parquet row written alone, read back,
// converted and merged); the long tier one of 16 MB, the size the default
// --max-game-bytes allows, with every command. The ceilings are
// the measured multiples (docs/robustness.md, "Memory") with room for a
// loaded machine: a change that keeps more per token or per ply than the
// reader, the replay and the writers keep now fails here.
func TestHugeGameMemory(t *testing.T) {
	t.Parallel()
	size, long := 2<<20, testenv.IsLong()
	if long {
		size = 16_000_000
	}
	dir := t.TempDir()
	game := filepath.Join(dir, "huge.pgn")
	plies := writeHugeGame(t, game, size)
	// The same game in LAN, which convert writes in SAN.
	lan := filepath.Join(dir, "huge.lan")
	writeHugeGameIn(t, lan, size, [4]string{"Ng1-f3", "Ng8-f6", "Nf3-g1", "Nf6-g8"})
	// And in descriptive notation, which its scanner reads in batches.
	desc := filepath.Join(dir, "huge-descriptive.pgn")
	writeHugeGameIn(t, desc, size, [4]string{"N-KB3", "N-KB3", "N-N1", "N-N1"})
	mb := float64(size) / (1 << 20)
	// The ceiling is 40 MB plus per MB for each MB of game (80 MB at
	// least). A command that reads the game in parts has 10: 192 MB for
	// the 16 MB game, under the 200 MB that reading in parts keeps every
	// command to (the measured figures: docs/robustness.md, "A huge game
	// is read in parts").
	// The game's table, written by the first Parquet case and read by the
	// ones after it.
	table := filepath.Join(dir, "huge.parquet")
	cases := []struct {
		args []string
		per  float64
		long bool // only with ASHTAPADA_LONG=1
		// floor is the least ceiling, in MB (0: 80, convert's soft
		// memory limit alone being 64).
		floor float64
	}{
		{[]string{"validate", game}, 10, false, 0},
		// --hints replays it again in parts under fide.
		{[]string{"validate", "--hints", game}, 10, true, 0},
		{[]string{"fmt", game}, 10, false, 0},
		{[]string{"fmt", "--check", game}, 10, true, 0},
		{[]string{"fmt", "-d", game}, 10, true, 0},
		{[]string{"fmt", "--san", game}, 10, true, 0},
		{[]string{"convert", "--to", "pgn", game}, 10, false, 0},
		{[]string{"convert", "--to", "pgn", "--plain", game}, 10, true, 0},
		{[]string{"convert", "--to", "pgn", lan}, 10, true, 0},
		{[]string{"convert", "--to", "pgn", "--plain", lan}, 10, true, 0},
		// The writers of the record's text rewrite it in SAN a part at a
		// time (the JSON of the 2 MB game takes some 85 MB in SAN or LAN,
		// above the 80 MB floor, so its own is 120).
		{[]string{"convert", "--to", "json", lan}, 10, false, 120},
		{[]string{"convert", "--to", "jsonl", lan}, 10, true, 0},
		{[]string{"convert", "--to", "descriptive", lan}, 10, true, 0},
		{[]string{"convert", "--to", "fr", lan}, 10, true, 0},
		{[]string{"convert", "--to", "html", lan}, 10, true, 0},
		// Read in parts in descriptive notation too.
		{[]string{"validate", "--notation", "descriptive", desc}, 10, false, 0},
		// (82 MB measured for the 2 MB game: its own floor.)
		{[]string{"convert", "--notation", "descriptive", "--to", "pgn", desc}, 10, false, 110},
		{[]string{"fmt", "--san", "--notation", "descriptive", desc}, 10, true, 0},
		{[]string{"convert", "--notation", "descriptive", "--to", "json", desc}, 10, true, 0},
		{[]string{"convert", "--to", "uci", game}, 10, true, 0},
		{[]string{"convert", "--to", "lan", game}, 10, true, 0},
		{[]string{"convert", "--to", "fen", game}, 10, true, 0},
		{[]string{"convert", "--to", "json", "--compact", game}, 10, true, 0},
		{[]string{"convert", "--to", "json", game}, 10, true, 0},
		{[]string{"convert", "--to", "jsonl", game}, 10, true, 0},
		{[]string{"convert", "--to", "descriptive", game}, 10, true, 0},
		{[]string{"convert", "--to", "fr", game}, 10, true, 0},
		{[]string{"convert", "--to", "svg", game}, 10, true, 0},
		// Each ply's changes and move, some 65 bytes of page: the
		// positions are drawn by the page's script.
		{[]string{"convert", "--to", "html", game}, 10, true, 0},
		{[]string{"show", game}, 10, false, 0},
		{[]string{"diff", game, game}, 10, true, 0}, // the two read in parts side by side
		// Each part walked under both rule sets; the game is valid under
		// chaturanga-gollon to its end.
		{[]string{"diff", "--rules", "fide", "--against", "chaturanga-gollon", game}, 10, true, 0},
		{[]string{"diff", "--rules", "chaturanga-gollon", "--against", "fide", "--against-set", "repetition=off", game}, 10, true, 0},
		// Read again for each look at its moves; the entry's diff of
		// every move (25 MB for the 2 MB game) written to a temporary
		// file and joined to it.
		{[]string{"diff", "--rules", "fide", game}, 10, false, 0},
		// detect replays the game 60 times, each reading it again in
		// parts.
		{[]string{"detect", game}, 10, true, 0},
		// The row is written alone, its lists in pieces (gametable).
		// Its own floor: 82 MB measured for the 2 MB game on a loaded
		// machine, the soft limit's collector lagging.
		{[]string{"convert", "--to", "parquet", "-o", table, game}, 10, false, 100},
		// Read for its text only, the game in parts.
		{[]string{"fmt", table}, 10, true, 0},
		{[]string{"convert", "--from", "parquet", "--to", "pgn", table}, 10, false, 0},
		{[]string{"diff", table, game}, 10, true, 0},
		// The huge row read and played in parts, its moves kept compact
		// (the 2 MB game's measured near the 80 MB floor: its own is 100).
		{[]string{"convert", "--from", "parquet", "--to", "parquet", "-o", filepath.Join(dir, "again.parquet"), table}, 10, false, 100},
		// The row's row group copied as it is.
		{[]string{"merge", "-o", filepath.Join(dir, "merged.parquet"), table}, 10, false, 0},
	}
	for _, c := range cases {
		if c.long && !long {
			continue
		}
		code, peak, stderr := peakRSS(t, c.args...)
		limit := max(cmp.Or(c.floor, 80), 40+c.per*mb)
		t.Logf("%v %s: %d plies, %.1f MB game, peak %d MB (%.0f per MB of game), ceiling %.0f MB, exit %d", c.args[:len(c.args)-1], filepath.Base(c.args[len(c.args)-1]), plies, mb, peak, float64(peak)/mb, limit, code)
		if code > 1 {
			t.Errorf("%v: exit %d\n%.2000s", c.args, code, stderr)
		}
		if float64(peak) > limit {
			t.Errorf("%v: peak memory %d MB, ceiling %.0f MB", c.args, peak, limit)
		}
	}
	if plies < size/10 {
		t.Fatalf("%d plies: the game is not what the ceilings were measured on", plies)
	}
	// The table written from the table holds the same game (digests of
	// the binary's output, not the output held: the tests beside this one
	// run in the same process).
	want, _, _ := runAshDigest(t, dir, true, "convert", "--from", "parquet", "--to", "pgn", table)
	got, _, code := runAshDigest(t, dir, true, "convert", "--from", "parquet", "--to", "pgn", filepath.Join(dir, "again.parquet"))
	if !bytes.Equal(got, want) || code != 0 || bytes.HasSuffix(got, []byte(" 0 bytes")) {
		t.Errorf("the table converted from the table: PGN %s (exit %d), the table's %s", got, code, want)
	}
}

// TestHugeBrokenGame: a huge game the reader rejects at its end (a
// variation left open) is reported at the right place with the grammar's
// words, in bounded memory and time, by every command that reads it: the
// grammar reads it from a turn shortly before the failure, and it is not
// read again in the books' notations. A tree of the whole game, and a
// reading in each notation, would cost gigabytes and minutes
// (docs/robustness.md, "A huge game is read in parts").
func TestHugeBrokenGame(t *testing.T) {
	t.Parallel()
	size, long := 2<<20, testenv.IsLong()
	if long {
		size = 16_000_000
	}
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.pgn")
	writeHugeGame(t, whole, size)
	text, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	// `... *` becomes `... ( Nf3 *`: the variation is never closed.
	broken := filepath.Join(dir, "broken.pgn")
	text = append(bytes.TrimSuffix(text, []byte("*\n")), "( Nf3 *\n"...)
	if err := os.WriteFile(broken, text, 0o644); err != nil {
		t.Fatal(err)
	}
	lines := bytes.Count(text, []byte("\n"))
	want := fmt.Sprintf("broken.pgn:%d:", lines)
	// And in descriptive notation, which its scanner reads in batches.
	desc := filepath.Join(dir, "huge-descriptive.pgn")
	writeHugeGameIn(t, desc, size, [4]string{"N-KB3", "N-KB3", "N-N1", "N-N1"})
	mb := float64(size) / (1 << 20)
	for _, args := range [][]string{{"validate"}, {"fmt", "--check"}, {"convert", "--to", "uci"}} {
		start := time.Now()
		var stdout bytes.Buffer
		code, peak, stderr := peakRSSOut(t, &stdout, append(args, broken)...)
		took := time.Since(start)
		t.Logf("%v: peak %d MB, %v, exit %d", args, peak, took.Round(time.Millisecond), code)
		if code == 0 {
			t.Errorf("%v: exit 0 on a game that cannot be read", args)
		}
		// validate reports on standard output, the others on standard
		// error.
		said := stderr
		if args[0] == "validate" {
			said = stdout.String()
		}
		if !strings.Contains(said, want) || !strings.Contains(said, "expected `)`") {
			t.Errorf("%v: the error is not at line %d, expecting `)`:\n%.1000s", args, lines, said)
		}
		if limit := 60 + 12*mb; float64(peak) > limit {
			t.Errorf("%v: peak memory %d MB, ceiling %.0f MB", args, peak, limit)
		}
	}
	// diff compares no record it cannot read, huge or not: the pair, read
	// side by side in parts, and the game under two rule sets.
	for _, args := range [][]string{{"diff", broken, whole}, {"diff", "--rules", "fide", "--against-set", "stalemate=draw", broken}} {
		out, stderr, code := runAsh(t, dir, "", args...)
		if code != 1 || !strings.Contains(out, "game 1: not read whole, so not compared: "+broken+fmt.Sprintf(":%d:", lines)) || !strings.Contains(out, "expected `)`") {
			t.Errorf("%v: exit %d, want 1 and the reader's error on game 1\n%.1000s\n%.500s", args[:len(args)-1], code, out, stderr)
		}
	}
}

// writeAnnotatedGame writes one game of about size bytes: `1. e4`, then
// unit again and again (a NAG, a comment, a `;` comment, a move number),
// inside one variation when inVariation. The reader cuts a main line in
// parts by its tokens, not only at its moves, so a turn of millions of
// annotations is read in parts as moves are; a variation is held whole,
// up to its limit of tokens.
func writeAnnotatedGame(t *testing.T, path string, size int, unit string, inVariation bool) {
	t.Helper()
	head := "[Event \"annotated\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 "
	open, end := "", "*\n"
	if inVariation {
		open, end = "( 1. d4 ", ") *\n"
	}
	n := (size - len(head) - len(open) - len(end)) / len(unit)
	text := head + open + strings.Repeat(unit, n) + end
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestAnnotatedHugeGameMemory: a huge game that is one move and millions
// of NAGs, comments, `;` comments or move numbers costs every command what
// a huge game of moves costs (TestHugeGameMemory's ceilings), with
// --jobs 4 too. The fast tier reads games of 2 MB of NAGs and of move
// numbers with the commands that held the most; the long tier games of
// 16 MB of each kind with every command. A game of the same size whose
// annotations stand in one variation is refused at the variation's limit
// of tokens, where it is reached, in the same memory (validate in the fast
// tier; convert and diff too in the long tier).
func TestAnnotatedHugeGameMemory(t *testing.T) {
	t.Parallel()
	size, long := 2<<20, testenv.IsLong()
	if long {
		size = 16_000_000
	}
	dir := t.TempDir()
	mb := float64(size) / (1 << 20)
	// TestHugeGameMemory's ceilings: 40 MB and 10 for each MB of game,
	// 80 MB at least, 120 for the JSON and for diff (two copies read)
	// (the fixed cost of a part, some 130,000 nodes, is most of a 2 MB
	// game's figure).
	ceiling := func(c []string) float64 {
		floor := 80.0
		if slices.Contains(c, "json") || c[0] == "diff" {
			floor = 120
		}
		return max(floor, 40+10*mb)
	}
	commands := [][]string{{"validate"}, {"convert", "--to", "json"}}
	if long {
		commands = [][]string{
			{"validate"}, {"validate", "--jobs", "4"}, {"validate", "--hints"},
			{"fmt"}, {"fmt", "--san"}, {"fmt", "--check"},
			{"convert", "--to", "pgn"}, {"convert", "--to", "pgn", "--jobs", "4"},
			{"convert", "--to", "json"}, {"convert", "--to", "jsonl", "--jobs", "4"},
			{"convert", "--to", "descriptive"}, {"convert", "--to", "fr"}, {"convert", "--to", "html"},
			{"convert", "--to", "uci"}, {"convert", "--to", "lan"}, {"convert", "--to", "fen"}, {"convert", "--to", "svg"},
			{"convert", "--to", "parquet", "-o", "TABLE"},
			{"show"}, {"diff", "SELF"}, {"diff", "--rules", "fide"}, {"detect", "--max-replays", "3"},
		}
	}
	units := map[string]string{"nags": "$1 ", "comments": "{} ", "line-comments": ";\n", "numbers": "1. "}
	names := slices.Sorted(maps.Keys(units))
	if !long {
		// The fast tier: a NAG and a move number (a part is cut by its
		// tokens, whatever they are; a number is the one a turn starts
		// with).
		names = []string{"nags", "numbers"}
	}
	for _, name := range names {
		game := filepath.Join(dir, name+".pgn")
		writeAnnotatedGame(t, game, size, units[name], false)
		for _, c := range commands {
			args := make([]string, 0, len(c)+1)
			for _, a := range c {
				switch a {
				case "SELF":
					a = game
				case "TABLE":
					a = filepath.Join(dir, name+".parquet")
				}
				args = append(args, a)
			}
			args = append(args, game)
			code, peak, stderr := peakRSS(t, args...)
			limit := ceiling(c)
			t.Logf("%s %v: peak %d MB, ceiling %.0f MB, exit %d", name, c, peak, limit, code)
			if code > 1 {
				t.Errorf("%s %v: exit %d\n%.2000s", name, c, code, stderr)
			}
			if float64(peak) > limit {
				t.Errorf("%s %v: peak memory %d MB, ceiling %.0f MB", name, c, peak, limit)
			}
		}
	}
	// The same annotations inside one variation: read up to the limit,
	// reported there as a limit, never held whole.
	game := filepath.Join(dir, "variation.pgn")
	writeAnnotatedGame(t, game, size, "$1 ", true)
	variationCommands := [][]string{{"validate"}}
	if long {
		variationCommands = append(variationCommands, []string{"convert", "--to", "pgn"}, []string{"diff", game})
	}
	for _, c := range variationCommands {
		var stdout bytes.Buffer
		code, peak, stderr := peakRSSOut(t, &stdout, append(c, game)...)
		limit := ceiling(c)
		t.Logf("variation %v: peak %d MB, exit %d", c, peak, code)
		said := stdout.String() + stderr
		if code == 0 || !strings.Contains(said, fmt.Sprintf("a variation holds more than %d tokens", grammar.VariationNodes)) || !strings.Contains(said, "limit") {
			t.Errorf("variation %v: exit %d, want the variation's limit reported\n%.1000s", c, code, said)
		}
		if float64(peak) > limit {
			t.Errorf("variation %v: peak memory %d MB, ceiling %.0f MB", c, peak, limit)
		}
	}
}
