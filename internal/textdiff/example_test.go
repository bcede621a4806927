package textdiff_test

import (
	"fmt"
	"os"

	"github.com/ashtapada/ashtapada/internal/textdiff"
)

// A diff of two move lists, one move a line: the changed move with three
// lines of context on each side.
func ExampleLines() {
	a := []string{"1. e4", "1... e5", "2. Nf3", "2... Nc6", "3. Bb5", "3... a6", "4. Ba4", "4... Nf6"}
	b := []string{"1. e4", "1... e5", "2. Nf3", "2... Nc6", "3. Bc4", "3... a6", "4. Ba4", "4... Nf6"}
	fmt.Print(textdiff.Lines("book", "game", a, b))
	// Output:
	// --- book
	// +++ game
	// @@ -2,7 +2,7 @@
	//  1... e5
	//  2. Nf3
	//  2... Nc6
	// -3. Bb5
	// +3. Bc4
	//  3... a6
	//  4. Ba4
	//  4... Nf6
}

// A text given piece by piece: the pieces both sides have are passed
// through, and only a changed piece is diffed.
func ExampleWriter() {
	d := textdiff.NewWriter(os.Stdout, "a.pgn", "b.pgn")
	d.Same([]byte("[Event \"x\"]\n[Result \"*\"]\n"))
	d.Change([]byte("1. e4 e5 *\n"), []byte("1. d4 d5 *\n"))
	if err := d.Close(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// --- a.pgn
	// +++ b.pgn
	// @@ -1,3 +1,3 @@
	//  [Event "x"]
	//  [Result "*"]
	// -1. e4 e5 *
	// +1. d4 d5 *
}
