package completion_test

import (
	"fmt"

	"github.com/ashtapada/ashtapada/internal/completion"
)

// A program of one command: TAB after its --format offers the formats,
// after its other flag file names.
func ExampleProgram_Complete() {
	p := &completion.Program{
		Commands: []*completion.Command{{
			Name: "validate",
			Runs: true,
			Flags: []completion.Flag{
				{Names: []string{"format"}, Value: true},
				{Names: []string{"baseline"}, Value: true, File: true},
			},
		}},
		Values: func(command, flag string) ([]string, bool) {
			if flag == "format" {
				return []string{"json", "jsonl", "text"}, true
			}
			return nil, false
		},
	}
	fmt.Print(p.Complete([]string{"validate", "--format", "js"}))
	fmt.Print(p.Complete([]string{"validate", "--baseline", ""}))
	// Output:
	// :words
	// json
	// jsonl
	// :files
}
