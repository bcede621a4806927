package grammar

import "testing"

// TestMayEndWithResult: a line for which mayEndWithResult is false never
// ends with a termination marker (endsWithResult), for every byte before
// its `\n`, after each marker and after text that is none.
func TestMayEndWithResult(t *testing.T) {
	heads := []string{"", "1-0", "0-1", "1/2-1/2", "*", "½-½", "1–0", "1/2—1/2", "12. e4 1-0", "Rd1", "{c} 0-1", "e4 *", "1-0 "}
	ends := 0
	for _, h := range heads {
		for c := range 256 {
			for _, tail := range []string{"", " ", "\r"} {
				line := []byte(h + tail + string([]byte{byte(c)}) + "\n")
				if endsWithResult(line, 0, 0) {
					ends++
					if !mayEndWithResult(line) {
						t.Errorf("%q ends with a marker, mayEndWithResult says it cannot", line)
					}
				}
			}
		}
		if line := []byte(h + "\n"); endsWithResult(line, 0, 0) && !mayEndWithResult(line) {
			t.Errorf("%q ends with a marker, mayEndWithResult says it cannot", line)
		}
	}
	if ends == 0 {
		t.Fatal("no line ended with a marker: the test tests nothing")
	}
}

// TestEndsWithResultLexed: endsWithResult, which tells most lines from
// their last bytes, says what the lexer says of every line here (each
// head followed by every byte or two).
func TestEndsWithResultLexed(t *testing.T) {
	heads := []string{"", "1", "e4 1", "Rd", "1-", "0-", "1/2-1/", "½-", "1–", "1/2—1/", "1/2-1", "e4 {c} 0-", "(1-", "$0-", "1.", "12. e4 1-"}
	ends := 0
	for _, h := range heads {
		for c := range 256 {
			for _, d := range []string{"", "0", "1", "2", "*", "½"} {
				line := []byte(h + string([]byte{byte(c)}) + d)
				end := len(line)
				for end > 0 && isSpace(line[end-1]) {
					end--
				}
				want := end > 0 && lexEndsWithResult(line[:end], 0)
				if got := endsWithResult(line, 0, 0); got != want {
					t.Errorf("endsWithResult(%q) = %v, the lexer says %v", line, got, want)
				}
				if want {
					ends++
				}
			}
		}
	}
	if ends == 0 {
		t.Fatal("no line ended with a marker: the test tests nothing")
	}
}
