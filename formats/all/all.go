// Package all registers every record format with package formats: a
// program imports it (for its effects) rather than each format's package,
// so that none is forgotten.
//
//	import _ "github.com/ashtapada/ashtapada/formats/all"
//
// Package formats registers PGN and the formats it writes itself (LAN,
// UCI, FEN, the books' notations); the others are registered by their own
// packages, imported here.
package all

import (
	_ "github.com/ashtapada/ashtapada/formats/jsongame/jsonformat" // json, jsonl
	_ "github.com/ashtapada/ashtapada/gametable"                   // parquet
	_ "github.com/ashtapada/ashtapada/picture"                     // svg, html
)
