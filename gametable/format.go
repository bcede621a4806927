package gametable

import "github.com/ashtapada/ashtapada/formats"

// Parquet is a record format of the registry like the others (convert's
// --from and --to list it), a table: its rows are read and written by
// package tablegames, a table at a time, not game by game.
func init() {
	formats.Register(formats.RecordFormat{Name: "parquet", Order: formats.OrderParquet, Extensions: []string{".parquet"}, Table: true})
}
