package rules_test

import (
	"fmt"

	"github.com/ashtapada/ashtapada/rules"
)

// Look up a built-in profile, change one of its settings, and set up the
// initial position under the changed rules.
func ExampleLookup() {
	p, err := rules.Lookup("chaturanga")
	if err != nil {
		panic(err)
	}
	ovs, err := rules.ParseOverrides("elephant=dabbaba")
	if err != nil {
		panic(err)
	}
	q, err := p.With(ovs, "my program")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Name, p.Settings.Get("elephant"), "->", q.Settings.Get("elephant"))
	fmt.Println(q.Sources["elephant"])
	pos := rules.NewPosition(&q.Settings)
	// Pawns step once, the knights, the dabbabas c1-c3 and f1-f3, and
	// the king's knight leaps e1-d3 and e1-f3.
	fmt.Println(len(pos.LegalMoves(nil)), "legal first moves")
	// Output:
	// chaturanga alfil -> dabbaba
	// set by my program: elephant=dabbaba
	// 16 legal first moves
}
