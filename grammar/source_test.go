package grammar_test

import (
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// TestSourceOfBySize: SourceOf reads a game whole or in parts by the size
// its options give, zero standing for the defaults: a short game is whole
// under the zero options and in parts of two nodes from a byte on, and the
// parts, walked twice, make up the main line read whole each time.
func TestSourceOfBySize(t *testing.T) {
	t.Parallel()
	text := "[Event \"e\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n"
	ch, err := grammar.NewSplitter(strings.NewReader(text)).Next()
	if err != nil {
		t.Fatal(err)
	}
	var zero grammar.ReadOptions
	if zero.InParts(ch) || !zero.Huge(grammar.DefaultPartedBytes) || zero.Huge(grammar.DefaultPartedBytes-1) {
		t.Fatalf("the zero options do not read from DefaultPartedBytes on")
	}
	if src := grammar.SourceOf(ch, "e.pgn", nil, zero); src.Parted() || src.Plies != 8 {
		t.Fatalf("zero options: parted %v, %d plies; want whole, 8", src.Parted(), src.Plies)
	}
	small := grammar.ReadOptions{PartedBytes: 1, PartNodes: 2}
	throughParts := 0
	small.Through = func(*record.Game, []record.Node) { throughParts++ }
	src := grammar.SourceOf(ch, "e.pgn", nil, small)
	if !src.Parted() || src.Plies != 8 || src.Head.Moves != nil || throughParts < 2 {
		t.Fatalf("in parts of two: parted %v, %d plies, head moves %d, %d parts read through", src.Parted(), src.Plies, len(src.Head.Moves), throughParts)
	}
	whole := grammar.ParseChunk(ch, "e.pgn")
	want := moveTexts(whole.Moves)
	for walk := 1; walk <= 2; walk++ {
		var got []string
		parts := 0
		last := src.Lines(func(nodes []record.Node) { parts++; got = append(got, moveTexts(nodes)...) })
		got = append(got, moveTexts(last)...)
		if parts < 2 || strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("walk %d: %d parts, moves %q; want %q", walk, parts, got, want)
		}
	}
	// A game the caller wants whole (Parts) is read whole.
	small.Parts = func(*record.Game) bool { return false }
	if src := grammar.SourceOf(ch, "e.pgn", nil, small); src.Parted() || len(src.Head.Moves) != len(whole.Moves) {
		t.Errorf("Parts false: parted %v, %d nodes; want whole, %d", src.Parted(), len(src.Head.Moves), len(whole.Moves))
	}
}
