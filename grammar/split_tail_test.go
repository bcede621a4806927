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
				if endsWithResult(line, 0) {
					ends++
					if !mayEndWithResult(line) {
						t.Errorf("%q ends with a marker, mayEndWithResult says it cannot", line)
					}
				}
			}
		}
		if line := []byte(h + "\n"); endsWithResult(line, 0) && !mayEndWithResult(line) {
			t.Errorf("%q ends with a marker, mayEndWithResult says it cannot", line)
		}
	}
	if ends == 0 {
		t.Fatal("no line ended with a marker: the test tests nothing")
	}
}
