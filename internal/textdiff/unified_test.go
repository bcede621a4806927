package textdiff

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
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

func TestLines(t *testing.T) {
	if d := Lines("a", "b", moves(30, nil), moves(30, nil)); d != "" {
		t.Errorf("same moves, diff %q", d)
	}
	got := Lines("a", "b", moves(30, nil), moves(30, map[int]string{23: "X"}))
	want := "--- a\n+++ b\n@@ -20,7 +20,7 @@\n m20\n m21\n m22\n-m23\n+X\n m24\n m25\n m26\n"
	if got != want {
		t.Errorf("one change at 23:\n%s\nwant\n%s", got, want)
	}
	// Two changes far apart make two hunks; near ones one.
	got = Lines("a", "b", moves(40, nil), moves(40, map[int]string{5: "X", 30: "Y"}))
	if strings.Count(got, "@@ -") != 2 {
		t.Errorf("want two hunks:\n%s", got)
	}
	got = Lines("a", "b", moves(40, nil), moves(40, map[int]string{5: "X", 9: "Y"}))
	if strings.Count(got, "@@ -") != 1 {
		t.Errorf("want one hunk:\n%s", got)
	}
	// One side longer: the extra moves are added at the end.
	got = Lines("a", "b", moves(3, nil), moves(5, nil))
	if want := "--- a\n+++ b\n@@ -1,3 +1,5 @@\n m1\n m2\n m3\n+m4\n+m5\n"; got != want {
		t.Errorf("longer b:\n%s\nwant\n%s", got, want)
	}
	got = Lines("a", "b", nil, moves(2, nil))
	if want := "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+m1\n+m2\n"; got != want {
		t.Errorf("empty a:\n%s\nwant\n%s", got, want)
	}
}

// TestPatchAppliesUnified: patch, an independent reader of the form,
// turns the first text into the second with the diff Unified writes, for
// changes at the start, the middle and the end, lines added and removed,
// and a text without its last newline.
func TestPatchAppliesUnified(t *testing.T) {
	testenv.NeedTool(t, "patch")
	text := func(n int, change map[int]string, drop map[int]bool) string {
		var sb strings.Builder
		for i := 1; i <= n; i++ {
			if drop[i] {
				continue
			}
			if c, ok := change[i]; ok {
				sb.WriteString(c + "\n")
			}
			fmt.Fprintf(&sb, "line %d\n", i)
		}
		return sb.String()
	}
	a := text(60, nil, nil)
	for name, b := range map[string]string{
		"changed":      text(60, map[int]string{1: "new first", 30: "new middle", 60: "new last"}, nil),
		"removed":      text(60, nil, map[int]bool{2: true, 3: true, 40: true, 60: true}),
		"both":         text(60, map[int]string{10: "x", 11: "y"}, map[int]bool{12: true, 50: true}),
		"no last line": strings.TrimSuffix(text(60, map[int]string{59: "z"}, nil), "\n"),
		"empty":        "",
	} {
		dir := t.TempDir()
		f := filepath.Join(dir, "text")
		if err := os.WriteFile(f, []byte(a), 0o644); err != nil {
			t.Fatal(err)
		}
		diff := Unified("text", "text", a, b)
		cmd := exec.Command("patch", "-s", "-p0", "-o", filepath.Join(dir, "out"), f)
		cmd.Stdin = strings.NewReader(diff)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: patch: %v: %s\n%s", name, err, out, diff)
			continue
		}
		got, err := os.ReadFile(filepath.Join(dir, "out"))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != b {
			t.Errorf("%s: patch made %q, want %q", name, got, b)
		}
	}
}
