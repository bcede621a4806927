package formats

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/record"
)

func moves(n int, change map[int]string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("m%d", i+1)
		if c, ok := change[i+1]; ok {
			out[i] = c
		}
	}
	return out
}

func TestUnifiedMoveDiff(t *testing.T) {
	if d := UnifiedMoveDiff("a", "b", moves(30, nil), moves(30, nil)); d != "" {
		t.Errorf("same moves, diff %q", d)
	}
	got := UnifiedMoveDiff("a", "b", moves(30, nil), moves(30, map[int]string{23: "X"}))
	want := "--- a\n+++ b\n@@ -20,7 +20,7 @@\n m20\n m21\n m22\n-m23\n+X\n m24\n m25\n m26\n"
	if got != want {
		t.Errorf("one change at 23:\n%s\nwant\n%s", got, want)
	}
	// Two changes far apart make two hunks; near ones one.
	got = UnifiedMoveDiff("a", "b", moves(40, nil), moves(40, map[int]string{5: "X", 30: "Y"}))
	if strings.Count(got, "@@ -") != 2 {
		t.Errorf("want two hunks:\n%s", got)
	}
	got = UnifiedMoveDiff("a", "b", moves(40, nil), moves(40, map[int]string{5: "X", 9: "Y"}))
	if strings.Count(got, "@@ -") != 1 {
		t.Errorf("want one hunk:\n%s", got)
	}
	// One side longer: the extra moves are added at the end.
	got = UnifiedMoveDiff("a", "b", moves(3, nil), moves(5, nil))
	if want := "--- a\n+++ b\n@@ -1,3 +1,5 @@\n m1\n m2\n m3\n+m4\n+m5\n"; got != want {
		t.Errorf("longer b:\n%s\nwant\n%s", got, want)
	}
	got = UnifiedMoveDiff("a", "b", nil, moves(2, nil))
	if want := "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+m1\n+m2\n"; got != want {
		t.Errorf("empty a:\n%s\nwant\n%s", got, want)
	}
}

func TestNumberedMoves(t *testing.T) {
	got := NumberedMoves([]string{"e3", "Nf3", "e6", "d3"}, []int{1, 1, 1, 2}, []bool{false, false, true, false}, []bool{false, true, false, false})
	want := []string{"1. e3", "1. ,Nf3", "1... e6", "2. d3"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestPlainGame(t *testing.T) {
	g := extensionGames(t)
	var buf bytes.Buffer
	for _, gg := range g {
		if err := WriteCanonical(&buf, PlainGame(gg)); err != nil {
			t.Fatal(err)
		}
	}
	out := buf.String()
	for _, want := range []string{"1... Nxb1 {conversion b8=N} 2. Nc6+", "3. Kg2 Kb7"} {
		if !strings.Contains(out, want) {
			t.Errorf("plain output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "~") || strings.Contains(out, "/b8") {
		t.Errorf("plain output keeps an extension:\n%s", out)
	}
	// The original records are untouched.
	var orig bytes.Buffer
	for _, gg := range g {
		_ = WriteCanonical(&orig, gg)
	}
	if !strings.Contains(orig.String(), "K~g2") || !strings.Contains(orig.String(), "Nxb1/b8=N") {
		t.Errorf("PlainGame changed its input:\n%s", orig.String())
	}
	// Nothing lost: every node of the original is still there, plus the comment.
	count := func(ns []record.Node) int { return len(ns) }
	if count(PlainGame(g[0]).Moves) != count(g[0].Moves)+1 {
		t.Errorf("plain game 1 has %d nodes, want %d", count(PlainGame(g[0]).Moves), count(g[0].Moves)+1)
	}
}

func TestWriteFENList(t *testing.T) {
	var buf bytes.Buffer
	err := WriteFENList(&buf, 3, []FENRow{{Ply: 0, FEN: startFEN}, {Ply: 1, Move: "e4", FEN: "x y"}})
	if err != nil {
		t.Fatal(err)
	}
	want := "3\t0\t-\t" + startFEN + "\n3\t1\te4\tx y\n"
	if buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}
