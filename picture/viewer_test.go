package picture_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats"
	_ "github.com/ashtapada/ashtapada/formats/fenlist" // the positions the viewer is checked against
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

// writeRecords writes the games of a record text with the record format
// named, each replayed as convert replays it (with its steps).
func writeRecords(t *testing.T, text, format string) string {
	t.Helper()
	f, ok := formats.LookupRecordFormat(format)
	if !ok {
		t.Fatalf("no format %s", format)
	}
	var buf strings.Builder
	w, err := f.NewWriter(&buf, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := grammar.NewReader(strings.NewReader(text), "x")
	for n := 1; ; n++ {
		g, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(g, n, replay.New(replay.Config{Steps: true}).Game(g, "x", n), nil); err != nil {
			t.Fatalf("%s: game %d: %v", format, n, err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// viewerPositions reads back the positions a viewer page holds, as its
// script does: per game, the board and the FEN's other fields after each
// ply (index 0: the start).
func viewerPositions(t *testing.T, page string) [][]string {
	t.Helper()
	var games [][]string
	blocks := regexp.MustCompile(`(?s)<script type="text/plain" class="plies">\n(.*?)</script>`).FindAllStringSubmatch(page, -1)
	for _, b := range blocks {
		var board [64]byte
		var plies []string
		for _, line := range strings.Split(strings.TrimSuffix(b[1], "\n"), "\n") {
			if strings.HasPrefix(line, "=") || strings.HasPrefix(line, "! ") {
				continue
			}
			f := strings.SplitN(line, " ", 4)
			if len(f) != 4 {
				t.Fatalf("a line of the page's data: %q", line)
			}
			if ch := f[1]; ch != "-" {
				if len(ch)%3 != 0 {
					t.Fatalf("the changes %q", ch)
				}
				for i := 0; i < len(ch); i += 3 {
					sq := int(ch[i]-'a') + 8*int(ch[i+1]-'1')
					man := ch[i+2]
					if man == '.' {
						man = 0
					}
					board[sq] = man
				}
			}
			plies = append(plies, string(board[:])+" "+f[3])
		}
		games = append(games, plies)
	}
	return games
}

// TestViewerHoldsTheReplaysPositions: the positions a viewer page holds,
// read back as its script reads them, are those `convert --to fen`
// writes, ply by ply, for records of every profile.
func TestViewerHoldsTheReplaysPositions(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "corpus", "*", "showcase.pgn"))
	files = append(files, filepath.Join("..", "corpus", "andhra", "valid.pgn"), filepath.Join("..", "corpus", "historical", "indian-castling.pgn"))
	if len(files) < 5 {
		t.Fatalf("only %d corpus files", len(files))
	}
	plies := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		page := writeRecords(t, string(data), "html")
		held := viewerPositions(t, page)
		want := map[int][]string{}
		for _, line := range strings.Split(strings.TrimSpace(writeRecords(t, string(data), "fen")), "\n") {
			f := strings.Split(line, "\t")
			g, _ := strconv.Atoi(f[0])
			placement, rest, _ := strings.Cut(f[3], " ")
			board, err := rules.ParsePlacement(placement)
			if err != nil {
				t.Fatal(err)
			}
			want[g] = append(want[g], string(board[:])+" "+rest)
		}
		if len(held) != len(want) {
			t.Fatalf("%s: the page holds %d games, convert --to fen lists %d", file, len(held), len(want))
		}
		for gi, got := range held {
			exp := want[gi+1]
			if len(got) != len(exp) {
				t.Errorf("%s game %d: the page holds %d positions, convert --to fen %d", file, gi+1, len(got), len(exp))
				continue
			}
			for ply := range got {
				if got[ply] != exp[ply] {
					t.Errorf("%s game %d ply %d: the page holds %q, convert --to fen %q", file, gi+1, ply, got[ply], exp[ply])
				}
				plies++
			}
		}
	}
	t.Logf("%d files, %d positions compared", len(files), plies)
}

// TestViewerPage: the page opens on the start position drawn once per
// start, shows the header with the annotator, keeps a move number with
// its move, writes the findings beside their moves, and indexes its games.
func TestViewerPage(t *testing.T) {
	const game = `[Event "The event"]
[Site "The site"]
[Date "1900.01.02"]
[White "The white player"]
[Black "The black player"]
[Result "*"]
[Annotator "The annotator"]

1. e4 e5 2. Nf3 {a comment} Nc6 3. Bb5 a6 4. Ke3 *
`
	page := writeRecords(t, game+"\n"+game, "html")
	for _, want := range []string{
		`<h2 id="g1-h">Game 1: The event (The site)</h2>`,
		`<p class="tags">The white player – The black player</p>`,
		`<p class="tags">1900.01.02</p>`,
		`<p class="tags">annotated by The annotator; result *</p>`,
		`<figure class="ply" data-ply="0" data-fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"`,
		`<span class="cap">start position</span>`,
		// The move that cannot be played, and its finding beside it.
		`<span class=t><i>4.</i> <span class="mv unplayed error">Ke3</span></span> <span class="fd error">error: `,
		"\n! - e3 \"after ply 6; ply 7, Ke3, cannot be played\"\n",
		`<li><a href="#g1">Game 1 · The white player – The black player · The event · 1900.01.02 · *</a></li>`,
		`<li><a href="#g2">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// Every move number is kept on one line with its move.
	nums := regexp.MustCompile(`<i>\d+\.+</i>`).FindAllStringIndex(page, -1)
	kept := regexp.MustCompile(`<span class=t><i>\d+\.+</i> (<button>[^<]+</button>|<span class="mv[^"]*">[^<]+</span>)</span>`).FindAllStringIndex(page, -1)
	if len(nums) != 8 || len(kept) != len(nums) {
		t.Errorf("%d move numbers, %d kept with their moves; want 8 and 8", len(nums), len(kept))
	}
	// The start position is drawn once, for both games.
	if n := strings.Count(page, `<g id="ash-start-`); n != 1 {
		t.Errorf("the start position is drawn %d times, want once", n)
	}
	if n := strings.Count(page, `<g class="position"><use href="#ash-start-1"/></g>`); n != 2 {
		t.Errorf("%d games refer to the start drawn, want 2", n)
	}
	// One game: no index.
	if one := writeRecords(t, game, "html"); strings.Contains(one, `class="index"`) {
		t.Error("a page of one game has an index")
	}
}

// TestViewerWarningBesideItsMove: a warning is written beside its move,
// in words, not only in a tooltip.
func TestViewerWarningBesideItsMove(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "corpus", "andhra", "promotion.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	page := writeRecords(t, string(data), "html")
	if !regexp.MustCompile(`<button class="warning">Nxf1</button> <span class="fd warning">warning: this capture converts the waiting pawn on b8 into a knight[^<]*\[conversion-inferred\]</span>`).MatchString(page) {
		t.Error("the page does not write the conversion-inferred warning beside Nxf1")
	}
}

// TestViewerRepeatedNumbers checks that games of one number (pages put
// together by hand) get sections of their own, the second of a number
// named by its place, and that the index, spooled until the end, lists
// them all in order.
func TestViewerRepeatedNumbers(t *testing.T) {
	f, ok := formats.LookupRecordFormat("html")
	if !ok {
		t.Fatal("no format html")
	}
	var buf strings.Builder
	w, err := f.NewWriter(&buf, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := grammar.NewReader(strings.NewReader("1. e4 e5 *\n"), "x").Next()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2, 1, 3, 2} {
		if err := w.Write(g, n, replay.New(replay.Config{Steps: true}).Game(g, "x", n), nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	want := []string{"g1", "g2", "g1-3", "g3", "g2-5"}
	var sections, links []string
	for _, m := range regexp.MustCompile(`<section class="game" id="([^"]+)"`).FindAllStringSubmatch(page, -1) {
		sections = append(sections, m[1])
	}
	for _, m := range regexp.MustCompile(`<li><a href="#([^"]+)">`).FindAllStringSubmatch(page, -1) {
		links = append(links, m[1])
	}
	if strings.Join(sections, " ") != strings.Join(want, " ") || strings.Join(links, " ") != strings.Join(want, " ") {
		t.Errorf("sections %v, index %v; want %v for both", sections, links, want)
	}
	if !strings.Contains(page, "<summary>5 games</summary>") {
		t.Errorf("the index does not count 5 games")
	}
}
