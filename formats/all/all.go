// Package all registers every record format with package formats: a
// program imports it (for its effects) rather than each format's package,
// so that none is forgotten.
//
//	import _ "github.com/ashtapada/ashtapada/formats/all"
//
// Package formats registers none itself: each format is registered by the
// package that writes it, imported here.
package all

import (
	_ "github.com/ashtapada/ashtapada/formats/booknotation" // descriptive, the languages' letters, figurines
	_ "github.com/ashtapada/ashtapada/formats/coord"        // lan, uci
	_ "github.com/ashtapada/ashtapada/formats/fenlist"      // fen
	_ "github.com/ashtapada/ashtapada/formats/jsongame"     // json, jsonl
	_ "github.com/ashtapada/ashtapada/formats/pgn"          // pgn
	_ "github.com/ashtapada/ashtapada/gametable"            // parquet
	_ "github.com/ashtapada/ashtapada/picture"              // svg, html
)
