package progress_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/ashtapada/ashtapada/internal/progress"
)

// A bar and a report on one terminal: the bar is drawn at Start, erased
// before the report's line, and not drawn again over it; Stop leaves a
// clean line.
func ExampleBar_Share() {
	var screen strings.Builder
	bar := progress.New(&screen, 0, 80)
	report := bar.Share(&screen)
	bar.Start(time.Hour)
	fmt.Fprintln(report, "a.pgn: game 1: valid")
	bar.Stop()
	fmt.Printf("%q\n", screen.String())
	// Output:
	// "\r0 games  0 games/s  0 B read\x1b[K\r\x1b[Ka.pgn: game 1: valid\n"
}
