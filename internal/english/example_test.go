package english_test

import (
	"fmt"

	"github.com/ashtapada/ashtapada/internal/english"
)

func ExampleCount() {
	fmt.Println(english.Count(1, "game", "games") + ", " + english.Count(3, "error", "errors"))
	// Output: 1 game, 3 errors
}
