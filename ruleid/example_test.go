package ruleid_test

import (
	"fmt"

	"github.com/ashtapada/ashtapada/ruleid"
)

// Look up what the registry says about a rule id, as a report writer or
// a baseline reader does with an id that comes from input.
func ExampleLookup() {
	for _, id := range []string{ruleid.IllegalMove, ruleid.CheckMark, "no-such-rule"} {
		r, ok := ruleid.Lookup(id)
		if !ok {
			fmt.Println(id, "is not a rule id")
			continue
		}
		fmt.Printf("%s: %s, stops the line: %v\n", r.ID, r.Severity, r.Stops)
	}
	// Output:
	// illegal-move: error, stops the line: true
	// check-mark: warning, stops the line: false
	// no-such-rule is not a rule id
}
