package grammar_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// checkTrailing checks the text a game keeps after its termination
// marker: the splitter ends a game at any other text after a marker, so
// that it is read as what it is (a game, or an error), and only a second
// marker or escape lines stay behind, reported as a warning. Any other
// text there is skipped unchecked: the splitter and the reader
// disagree about where the game ends, and the game must have a syntax
// error, so that the exit status says so.
func checkTrailing(g *record.Game) error {
	for i, line := range bytes.Split(bytes.ReplaceAll(g.Trailing, []byte("\r"), []byte("\n")), []byte("\n")) {
		if i > 0 && bytes.HasPrefix(line, []byte("%")) {
			continue
		}
		for _, w := range bytes.Fields(line) {
			switch string(w) {
			case "1-0", "0-1", "1/2-1/2", "*", "½-½":
			default:
				if g.SyntaxError() == nil {
					return fmt.Errorf("the game keeps %q after its termination marker, skipped with no error", g.Trailing)
				}
				return nil
			}
		}
	}
	return nil
}

// checkInput is what FuzzParse and the differential test check on any
// input: no panic; the fast path and the participle grammar give the same
// record for every game, and so does the lean read for every game it
// takes (diffLean); chunks cover the input exactly; every notice has a
// position inside the input; and formatting is idempotent.
func checkInput(t *testing.T, data []byte) {
	t.Helper()
	// The grammar reads a game the fast path rejects from a turn shortly
	// before the failure (parseRejected): every few nodes here, so that
	// its error is compared with the one read from the start.
	defer grammar.SetRestartEvery(2)()
	sp := grammar.NewSplitter(bytes.NewReader(data))
	var scratch grammar.Scratch // reused from chunk to chunk, as validate does
	lean := grammar.Scratch{Plies: true}
	covered := 0
	if bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}) {
		covered = 3
	}
	for n := 0; ; n++ {
		c, err := sp.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("splitter: %v", err)
		}
		if c.Pos.Offset != covered {
			t.Fatalf("chunk %d starts at offset %d, the previous one ended at %d", n+1, c.Pos.Offset, covered)
		}
		if !bytes.Equal(c.Data, data[covered:covered+len(c.Data)]) {
			t.Fatalf("chunk %d is not the input's bytes", n+1)
		}
		covered += len(c.Data)
		fast := grammar.ParseChunk(c, "f.pgn")
		slow := grammar.ParseChunkWithGrammar(c, "f.pgn")
		if d := diffGames(fast, slow); d != "" {
			t.Fatalf("game %d: fast path and grammar differ: %s\ninput chunk %q", n+1, d, c.Data)
		}
		if d := diffGames(fast, grammar.ParseChunkScratch(c, "f.pgn", &scratch)); d != "" {
			t.Fatalf("game %d: ParseChunk and ParseChunkScratch differ: %s\ninput chunk %q", n+1, d, c.Data)
		}
		if d := diffLean(c, fast, grammar.ParseChunkScratch(c, "f.pgn", &lean)); d != "" {
			t.Fatalf("game %d: the lean read and ParseChunk differ: %s\ninput chunk %q", n+1, d, c.Data)
		}
		if d := diffParts(fast, c, &scratch); d != "" {
			t.Fatalf("game %d: ParseChunk and ReadInParts differ: %s\ninput chunk %q", n+1, d, c.Data)
		}
		if err := checkTrailing(fast); err != nil {
			t.Fatalf("game %d: %v\ninput chunk %q", n+1, err, c.Data)
		}
		for _, nt := range fast.Notices {
			if !nt.Pos.IsValid() || nt.Pos.Offset < c.Pos.Offset || nt.Pos.Offset > c.Pos.Offset+len(c.Data) {
				t.Fatalf("game %d: notice %+v outside its chunk [%d, %d)", n+1, nt, c.Pos.Offset, c.Pos.Offset+len(c.Data))
			}
		}
	}
	if rest := data[covered:]; len(bytes.TrimSpace(rest)) > 0 {
		t.Fatalf("text after the last chunk: %q", rest)
	}
	checkPlainRuns(t, data)
	// Read as descriptive notation (--notation descriptive), whose scanner
	// gives the builder the main line in batches when read in parts.
	dsp := grammar.NewSplitter(bytes.NewReader(data))
	dsp.SetNotation(record.DescriptiveNotation)
	for n := 0; ; n++ {
		c, err := dsp.Next()
		if err != nil {
			break
		}
		whole := grammar.ParseChunk(c, "f.pgn")
		if err := checkTrailing(whole); err != nil {
			t.Fatalf("game %d in descriptive notation: %v\ninput chunk %q", n+1, err, c.Data)
		}
		if d := diffParts(whole, c, &scratch); d != "" {
			t.Fatalf("game %d in descriptive notation: ParseChunk and ReadInParts differ: %s\ninput chunk %q", n+1, d, c.Data)
		}
		// The scanner's batches smaller than the builder's parts, as in a
		// huge game: a part is built from several batches.
		restore := grammar.SetDescBatch(1)
		d := diffPartsOf(whole, c, &scratch, 3)
		restore()
		if d != "" {
			t.Fatalf("game %d in descriptive notation: ParseChunk and ReadInParts of batches smaller than a part differ: %s\ninput chunk %q", n+1, d, c.Data)
		}
	}
	var out1, out2 bytes.Buffer
	if _, err := pgn.Format(&out1, bytes.NewReader(data), "f.pgn", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := pgn.Format(&out2, bytes.NewReader(out1.Bytes()), "f.pgn", nil); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out1.Bytes(), out2.Bytes()) {
		t.Fatalf("formatting is not idempotent:\ninput  %q\nonce   %q\ntwice  %q", data, out1.Bytes(), out2.Bytes())
	}
	// fmt's game-by-game view (-l, -d, -w) covers the input and the
	// output exactly.
	var src, out []byte
	if _, err := pgn.FormatEach(grammar.NewReader(bytes.NewReader(data), "f.pgn"), "f.pgn", grammar.ReadOptions{}, nil, func(p *pgn.Piece) error {
		src = append(src, p.Src...)
		out = append(out, p.Out...)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(src, data) {
		t.Fatalf("pieces do not cover the input:\ninput  %q\npieces %q", data, src)
	}
	if !bytes.Equal(out, out1.Bytes()) {
		t.Fatalf("pieces are not fmt's output:\nformat %q\npieces %q", out1.Bytes(), out)
	}
}

// diffParts reads c in parts of at least two nodes (many parts for a
// short game) and compares the main line the parts make up, and the rest
// of the record, with whole, c read whole. The parts are copied as they
// come: their storage is read over by the next one.
func diffParts(whole *record.Game, c grammar.Chunk, s *grammar.Scratch) string {
	return diffPartsOf(whole, c, s, 2)
}

// diffPartsOf is diffParts with parts of at least size nodes.
func diffPartsOf(whole *record.Game, c grammar.Chunk, s *grammar.Scratch, size int) string {
	var line []record.Node
	takes := 0
	g, parted := grammar.ReadInParts(c, "f.pgn", s, size, func(g *record.Game, nodes []record.Node) {
		takes++
		if len(nodes) < size {
			panic("a part of fewer nodes than asked for")
		}
		line = append(line, copyNodes(nodes)...)
	})
	if !parted {
		// Read whole after all: the record is the whole one.
		return diffGames(whole, g)
	}
	if takes == 0 {
		return "parted without a part given"
	}
	joined := *g
	joined.Moves = append(line, copyNodes(g.Moves)...)
	return diffGames(whole, &joined)
}

// copyNodes is a deep copy of nodes: their moves and variations too.
func copyNodes(nodes []record.Node) []record.Node {
	out := make([]record.Node, len(nodes))
	for i, n := range nodes {
		out[i] = n
		if n.Move != nil {
			m := *n.Move
			out[i].Move = &m
		}
		if v := n.Variation(); v != nil {
			out[i].SetVariation(copyNodes(v))
		}
	}
	return out
}

func diffGames(a, b *record.Game) string {
	switch {
	case !reflect.DeepEqual(a.Notices, b.Notices):
		return "notices " + sprint(a.Notices) + " vs " + sprint(b.Notices)
	case a.Recovered != b.Recovered:
		return "recovered " + sprint(a.Recovered) + " vs " + sprint(b.Recovered)
	case a.Unreadable() != nil:
		// Moves of a game not read are incomplete either way (those of
		// one Recovered are what stands before its error: compared).
		return ""
	case !reflect.DeepEqual(a.Tags, b.Tags):
		return "tags " + sprint(a.Tags) + " vs " + sprint(b.Tags)
	case !reflect.DeepEqual(a.Moves, b.Moves):
		return "moves " + sprint(a.Moves) + " vs " + sprint(b.Moves)
	case a.Result != b.Result || a.ResultPos != b.ResultPos || a.Pos != b.Pos:
		return "result or position " + sprint(a.Result, a.ResultPos, a.Pos) + " vs " + sprint(b.Result, b.ResultPos, b.Pos)
	case !bytes.Equal(a.Trailing, b.Trailing) || a.TrailingPos != b.TrailingPos:
		return "trailing text"
	}
	return ""
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {c} (2. Nc3 $1) 2... Nc6 *\n",
		"1. e3,Nf3,g3 e6,Nf6,g6 2. K~d3 Bxg1/b8=N+ 3. exd8 b8=N 4. 0-0 e2-e4 5. Ng1f3 -- *",
		"[Event \"x\"]\n\n1. e4 { unclosed\n\n[Event \"y\"]\n\n1. d4 *\n",
		"[Event \"x\"]\n\n1. e4 { quoted:\n\n[Event \"q\"]\n1. c4 } 1... e5 *\n\n[Event \"z\"]\n1. d4 1-0\n",
		"\xef\xbb\xbf[Event \"bom\"]\r\n\r\n1. e4 ; rest\r\n% escape\r\n1... e5 1/2-1/2\r\n",
		"[White \"M\xfcller\"]\n\n1. e4 (1. d4 (1. c4)) 1-0 garbage\n\n[Event \"n\"]\n*",
		"1. e4 e5 *\n1. d4 d5 *\n",
		"[Event \"a\"b\"]\n\n1. e4 *\n\n[Event \"\x00\"]\n1. e4 ) *",
		"1. P-K4 P-K4 2. Kt - K B 3 (2. P-KB4 PxP) Kt-QB3 {c} 3. Castles (Q R) $1 *\n",
		"1 P-K4 P-K4 2 N-KB3 N-QB3 3. (B-B4 1-0\n",
		// A value too long for the splitter's run of tag lines (Chunk.tags)
		// ends the run: the tags after it are read by the lexer.
		"[Event \"a\"]\n[Annotator \"" + strings.Repeat("x", 300) + "\"]\n[Site \"b\"]\n\n1. e4 *\n",
		// The run's edges: a long value first and last, a value of 255
		// and 256 bytes from the `[` on, a tag with escapes or an escape
		// line between the run's tags, and tag lines after a blank line
		// (each taken apart from the run).
		"[Annotator \"" + strings.Repeat("x", 300) + "\"]\n[Event \"a\"]\n[Site \"b\"]\n[Annotator \"" + strings.Repeat("y", 300) + "\"]\n\n1. e4 *\n",
		"[Event \"a\"]\n[Ab \"" + strings.Repeat("x", 250) + "\"]\n[Ab \"" + strings.Repeat("x", 251) + "\"]\n[Site \"b\"]\n\n1. e4 *\n",
		"[Event \"a\"]\n[White \"M\\\"ller \\\\ x\"]\n[Site \"b\"]\n\n1. e4 *\n",
		"[Event \"a\"]\n% an escape line\n[Site \"b\"]\n[Round \"1\"]\n\n1. e4 *\n",
		"[Event \"a\"]\n\n[Site \"b\"]\n[Round \"1\"]\n\n[Date \"?\"]\n1. e4 *\n",
		// Comments with line ends and tabs about a word's edges, one closed
		// in its first words and one past them, a lone `\r`.
		// Marker lines the splitter tells without the lexer (plainText,
		// quietText) and lines it must lex: NAGs, comments, castling, a
		// `$` without a number, a comment left open, a value, a `%`.
		"1. e4 $1 e5 {a} 2. O-O-O $14 Nf3!? 1-0\n1. d4 $ d5 1-0\n1. c4 {a 1-0\n} *\n1. e4 \"a b 1-0\n1. Nf3 1x-0 %b 0-1\n1. g3 0-0 e5 1/2-1/2\n",
		// A NUL and a byte from 0x80 past a game's first 64 bytes, in
		// its last 8 (plainASCII's blocks and its last word).
		"[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 {caf\xc3\xa9} *\n\n[Event \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 \x00*\n",
		"[Event \"a\"]\n\n1. e4 {1234567\n} e5 {12345678\r\n9\t} 2. Nf3 {" + strings.Repeat("ab\n", 20) + "} Nc6 {x\ry} *\n",
	} {
		f.Add([]byte(s))
	}
	// Variations nested past the default depth limit after a token that
	// stops the SAN lexer (an unterminated `"`, an unclosed `{`, a `$`
	// without a number), and inside a tag value that only the
	// descriptive reader reads as words and variations: each reader
	// must hold the limit there.
	deep := strings.Repeat("( ", 1100)
	for _, s := range []string{
		"[Event \"a\"]\n\n1. e4 \"" + deep + "\n*\n\n[Event \"b\"]\n\n1. d4 *\n",
		"1. e4 {" + strings.Repeat("(", 1100) + "\n*\n\n[Event \"b\"]\n\n1. d4 *\n",
		"1. e4 $ " + deep + "*\n",
		"1. e4 \"\n" + strings.Repeat("(\n", 1100) + "*\n",
		"1. P-K4 \"" + deep + "\" P-K4 *\n\n[Event \"b\"]\n\n1. P-Q4 *\n",
	} {
		f.Add([]byte(s))
	}
	// A move followed by many annotations of one kind, or move numbers
	// with no move between them: read in parts, such a turn is cut where
	// its part reaches its most nodes (diffParts reads in parts of two).
	for _, unit := range []string{"$1 ", "{} ", ";\n", "1. "} {
		f.Add([]byte("[Event \"a\"]\n\n1. e4 " + strings.Repeat(unit, 40) + "e5 2. Nf3 " + strings.Repeat(unit, 9) + "*\n"))
	}
	// Forms of print: the ellipsis after a number, typeset dashes, `++`,
	// marks and hyphens apart from their move, a prose comma, and a
	// Cyrillic look-alike; each also at the start of a line and in a
	// variation, where the grammar restarts and parts are cut.
	for _, s := range []string{
		"1. d4 d5 2. c4 c6 3. cxd5 3… cxd5 4. Nc3 Nf6 (4… e6\n5. e3) 11…cxb5 … Nf3 *\n",
		"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0–0 d6 5. d3 0—0—0 6. e2−e4 O–O *\n",
		"1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7++ (4. Bxf7 ++ Kxf7 5. Nf3 +\n++ #) *\n",
		"1.e2 - e4, e7 - e5 2.Ng1\n-\nf3, Nb8 - c6 3. e4 - 1-0\n",
		"1. e4 e5 2. Кf3 d6 3. d4 Сg4, 4. dxe5 Сxf3, 5. е4 , *\n",
		"1. e4 - (1... e5 - e6) Nf3 - e5 -\n*\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkInput(t, data)
	})
}

// checkPlainRuns checks that the splitter cuts data alike with and without
// taking plain lines in runs (plainRun), with the default limits and with
// a game size limit small enough to be reached inside a run.
func checkPlainRuns(t *testing.T, data []byte) {
	t.Helper()
	for _, maxGame := range []int{grammar.DefaultLimits().MaxGameBytes, 200} {
		runs := splitAll(data, maxGame)
		restore := grammar.SetPlainRuns(false)
		lines := splitAll(data, maxGame)
		restore()
		if !reflect.DeepEqual(runs, lines) {
			t.Fatalf("the splitter cuts alike only without plain runs (game limit %d):\nruns  %+v\nlines %+v", maxGame, runs, lines)
		}
	}
}

// splitAll is every chunk the splitter cuts data into, its error and its
// residue.
func splitAll(data []byte, maxGame int) []any {
	sp := grammar.NewSplitter(bytes.NewReader(data))
	l := grammar.DefaultLimits()
	l.MaxGameBytes = maxGame
	sp.SetLimits(l)
	var out []any
	for {
		c, err := sp.Next()
		if err != nil {
			return append(out, err.Error(), string(sp.Residue()), sp.BOM())
		}
		cut, err := grammar.CutOf(c)
		if err != nil {
			return append(out, err.Error())
		}
		out = append(out, cut)
	}
}
