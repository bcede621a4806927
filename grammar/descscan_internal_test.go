package grammar

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestClosingWordMax: every ASCII word of resignationWords and mateWords
// fits isClosingWord's buffer, and is letters and spaces, as its shortcuts
// take them to be.
func TestClosingWordMax(t *testing.T) {
	for _, words := range []map[string]string{resignationWords, mateWords} {
		for w := range words {
			ascii := true
			for i := 0; i < len(w); i++ {
				ascii = ascii && w[i] < utf8.RuneSelf
			}
			if !ascii {
				continue
			}
			if len(w) >= closingWordMax {
				t.Errorf("%q: %d bytes, closingWordMax is %d", w, len(w), closingWordMax)
			}
			if strings.Trim(w, "abcdefghijklmnopqrstuvwxyz ") != "" {
				t.Errorf("%q holds a byte other than a lower-case letter or a space", w)
			}
		}
	}
}

// TestIsClosingWordAsLowered: isClosingWord answers as a look-up of the
// word lowered by strings.ToLower, without its full stops, does.
func TestIsClosingWordAsLowered(t *testing.T) {
	ref := func(w string) bool {
		c := w[len(w)-1]
		if len(w) < 2 || !(c >= 'a' && c <= 'z' || c == '.' || c >= utf8.RuneSelf || c >= 'A' && c <= 'Z' && w[len(w)-2] >= 'A' && w[len(w)-2] <= 'Z') {
			return false
		}
		key := strings.ToLower(strings.TrimRight(w, "."))
		return resignationWords[key] != "" || mateWords[key] != ""
	}
	words := []string{"P-K4", "PxP", "QxKP", "P-K4 ch", "Q-B6 mate", "O-O", "Resigns.", "RESIGNS", "Mate", "MATE.", "mate!",
		"Gibt auf", "gibt  auf", "Schachmatt", "SchachmattSchachmatt", "abandonnentx", "Сдался", "СДАЛСЯ.", "МАТ", "4мат",
		"aufgegebenaufgegeben", "checKmate", "Se", "se", "x.", "..", "Aufgabe..."}
	for w := range resignationWords {
		words = append(words, w, strings.ToUpper(w), w+".", strings.ToUpper(w[:1])+w[1:])
	}
	for w := range mateWords {
		words = append(words, w, strings.ToUpper(w), w+"..", " "+w)
	}
	for _, w := range words {
		if got, want := isClosingWord(w), ref(w); got != want {
			t.Errorf("isClosingWord(%q) = %v, strings.ToLower's look-up says %v", w, got, want)
		}
	}
}
