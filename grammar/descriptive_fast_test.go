package grammar

import "testing"

// TestShortWithMarks: a text that longForm's shortcut passes as it is
// (shortWithMarks) reads exactly as longForm's word-by-word reading of it
// would, so the shortcut changes no reading.
func TestShortWithMarks(t *testing.T) {
	firsts := []string{"P-K4", "PxP", "Kt-KB3", "N-B3", "R(Q1)-Q2", "R/Q1-Q2", "P-K8(Q)", "P-K8=Q", "P-K8/Q", "QBPxP", "P(K4)xP", "BxR/KR1=R", "KtxP", "PXP", "P-K4!", "P-K8(Q!)", "K.B-B4", "(on", "x", "P–K4"}
	marks := []string{"", " ch", " ch.", " check", " (ch)", " (check)", " mate", " (mate)", " e.p.", " ep", " (e.p.)", " +", " #",
		" dis ch", " dis. ch.", " db ch", " dbl ch", " !", " ?!", " ch !", " ch!", " (ch)!", " one", " two", " sq.", "  ch", " to"}
	shortcut := 0
	for _, f := range firsts {
		for _, m := range marks {
			text := f + m
			if !shortWithMarks(text) {
				continue
			}
			shortcut++
			slow, steps := longFormWords(text)
			if normalizeDescriptive(slow) != normalizeDescriptive(text) || steps != 0 {
				t.Errorf("%q: longForm reads %q (steps %d), the shortcut %q", text, slow, steps, text)
			}
		}
	}
	if shortcut < 100 {
		t.Errorf("only %d texts took the shortcut", shortcut)
	}
}
