package main

import (
	"strings"
	"testing"
)

func TestValidateQuietHidesWarningsOnly(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	files := []string{"corpus/rules/lenient-notation.pgn", "corpus/rules/illegal-move.pgn"}
	loud, _, code := runAsh(t, root, "", append([]string{"validate"}, files...)...)
	if code != 1 || !strings.Contains(loud, "[lenient-notation]") || !strings.Contains(loud, "[illegal-move]") {
		t.Fatalf("without --quiet: exit %d, want 1 with both the warning and the error:\n%s", code, loud)
	}
	quiet, _, code := runAsh(t, root, "", append([]string{"validate", "--quiet", "--summary"}, files...)...)
	if code != 1 {
		t.Fatalf("--quiet: exit %d, want 1", code)
	}
	if strings.Contains(quiet, ": warning: ") {
		t.Errorf("--quiet printed a warning:\n%s", quiet)
	}
	if !strings.Contains(quiet, "[illegal-move]") {
		t.Errorf("--quiet lost an error:\n%s", quiet)
	}
	if !strings.Contains(quiet, "lenient-notation") {
		t.Errorf("--quiet --summary no longer counts the warnings:\n%s", quiet)
	}
	// --strict makes the warnings errors, and errors are never hidden.
	strict, _, code := runAsh(t, root, "", "validate", "--quiet", "--strict", files[0])
	if code != 1 || !strings.Contains(strict, "[lenient-notation]") {
		t.Errorf("--quiet --strict: exit %d, want 1 with the lenient-notation error:\n%s", code, strict)
	}
}
