package main

// ashtapada table shows what a Parquet table of games holds (convert --to
// parquet, the Beam pipeline), with no other tool: its columns, its number
// of rows, and the rows' columns a user chooses, as text or JSONL. The
// showing is package tablegames' (Show); the command reads its flags.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/internal/suggest"
	"github.com/ashtapada/ashtapada/tablegames"
)

// tableDefaultColumns are the columns shown when --columns is not given:
// where the game is, its players and result, and its verdict.
var tableDefaultColumns = []string{"file", "game", "White", "Black", "Date", "Result", "profile", "valid", "plies", "errors", "warnings"}

func init() {
	register(&cli.Command{
		Name:      "table",
		Usage:     "show what a Parquet table of games holds: its columns, its rows",
		ArgsUsage: "FILE.parquet",
		Description: "Shows the rows of a table convert --to parquet or the Beam pipeline wrote, a line each, " +
			"with the columns --columns names (default: " + strings.Join(tableDefaultColumns, ", ") + "); " +
			"--schema lists every column instead. Lists are shown with their items apart by spaces, maps " +
			"as key=value, a missing value (null) as nothing. See docs/parquet.md.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "columns", Usage: "the columns shown, `NAMES` apart by commas (table --schema lists them), or all"},
			&cli.IntFlag{Name: "rows", Value: 20, Usage: "show at most `N` rows (0: every row)"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text (aligned columns) or jsonl (an object per row)"},
			&cli.BoolFlag{Name: "schema", Usage: "list the columns and their types, and count the rows"},
		},
		Action: tableAction,
	})
}

func tableAction(c *cli.Context) error {
	if c.NArg() != 1 {
		return toolError(fmt.Errorf("table takes one FILE.parquet, got %d", c.NArg()))
	}
	path := c.Args().First()
	format := c.String("format")
	if format != "text" && format != "jsonl" {
		return toolError(fmt.Errorf("--format %q: want text or jsonl", format))
	}
	if c.Int("rows") < 0 {
		return toolError(fmt.Errorf("--rows %d: want 0 (every row) or more", c.Int("rows")))
	}
	all := tablegames.Columns()
	names := make([]string, len(all))
	for i, col := range all {
		names[i] = col.Name
	}
	var cols []tablegames.Column
	switch want := c.String("columns"); want {
	case "":
		for _, name := range tableDefaultColumns {
			cols = append(cols, all[slices.Index(names, name)])
		}
	case "all":
		cols = all
	default:
		for _, name := range strings.Split(want, ",") {
			name = strings.TrimSpace(name)
			i := slices.Index(names, name)
			if i < 0 {
				return toolError(fmt.Errorf("--columns: no column %q%s (table --schema lists them)", name, suggest.Phrase(name, names)))
			}
			cols = append(cols, all[i])
		}
	}
	o := tablegames.ShowOptions{Schema: c.Bool("schema"), Columns: cols, Rows: c.Int("rows"), JSONLines: format == "jsonl"}
	if err := tablegames.Show(c.App.Writer, path, o); err != nil {
		return toolError(err)
	}
	return nil
}
