// Package replay walks a game record through its rule profile: it resolves
// each move as written to exactly one legal move, plays it, and collects
// findings (rule id, severity, message, position) on the way; at the end it
// decides what the rules say about the game and checks the recorded result.
//
// It knows nothing of output formats or the command line (formats/ writes
// reports, cmd/ashtapada wires files and workers).
package replay

import "github.com/ashtapada/ashtapada/rules"

// Severities, as docs/cli.md spells them in reports.
const (
	SeverityError   = "error"
	SeverityWarning = "warning"
)

// Finding is one violation or warning, with every field docs/cli.md lists for
// reports; the JSON names are fixed because other programs read them.
type Finding struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
	Game       int    `json:"game"`
	Ply        int    `json:"ply"`
	MoveNumber int    `json:"move_number"`
	Side       string `json:"side"`
	SAN        string `json:"san"`
	Rule       string `json:"rule"`
	Severity   string `json:"severity"`
	Message    string `json:"message"`
	FEN        string `json:"fen"`
	Profile    string `json:"profile"`
	// Settings is the full setting table the game was judged by (key to
	// value), shared by every finding of one game: do not modify.
	Settings map[string]string `json:"settings"`
	// Legal lists, for an illegal, ambiguous or unmatched move, the legal
	// moves of the man it names (or of every man when none of its kind can
	// move), in SAN as the canonical writer spells them.
	Legal []string `json:"legal,omitempty"`
	// Variation is the path of the variation the move stands in (0-based
	// indexes of variation nodes, outermost first); empty for the main line.
	Variation []int `json:"variation,omitempty"`
	// Fingerprint identifies the finding across edits of its file (the
	// key of a baseline entry, report.GameID.Fingerprint); set only where
	// a report carries it (SARIF's partialFingerprints).
	Fingerprint string `json:"fingerprint,omitempty"`
	// LeftOut, when above 0, makes the finding a note: that many more
	// findings of its rule in this game were left out of the report
	// (Config.MaxFindings, MaxFindingsPerRule). The note stands where the
	// first of them stood, with the most severe of their severities.
	LeftOut int `json:"left_out,omitempty"`
	// Raised is set on a finding the rules gave as a warning that
	// Config.Strict made an error: a choice of rules (--ignore) judges it
	// as the warning it was, since it stopped no replay.
	Raised bool `json:"-"`

	// Typed facts for pictures (validate --svg-dir, show), not part of
	// the reports: what a picture would otherwise have to rebuild from the
	// strings above, which a user profile (--rules-file) cannot be rebuilt
	// from.

	// Move is where the move the finding stands at goes, for an error
	// finding at a move (and every finding at a move under --strict); nil
	// otherwise.
	Move *FindingMove `json:"-"`
	// Checkered is the board look of the profile the game was judged by
	// (its `board` key, docs/profiles.md).
	Checkered bool `json:"-"`
	// Men is how the profile draws its men (its `men` key: figurine or
	// historical).
	Men string `json:"-"`
}

// IsError reports whether the finding counts as an error.
func (f *Finding) IsError() bool { return f.Severity == SeverityError }

// Outcome names, as docs/cli.md spells them in the `game` line of reports.
const (
	OutcomeNone          = "none"
	OutcomeCheckmate     = "checkmate"
	OutcomeStalemate     = "stalemate"
	OutcomeBareKing      = "bare-king"
	OutcomeRepetition    = "repetition"
	OutcomeFiftyMove     = "fifty-move"
	OutcomeDeadPosition  = "dead-position"
	WinnerWhite          = "white"
	WinnerBlack          = "black"
	WinnerDraw           = "draw"
	ProfileSourceDefault = "default"      // no Variant tag: fide
	ProfileSourceTags    = "tags"         // Variant and Rules tags
	ProfileSourceCommand = "command-line" // --rules / --rules-file replaced the tags
	// ProfileSourceTagsAndCommand: the tags chose the profile and --set
	// changed some of its settings.
	ProfileSourceTagsAndCommand = "tags+command-line"
)

// Summary is the per-game line of a report (`"kind": "game"` in jsonl).
type Summary struct {
	File    string `json:"file"`
	Game    int    `json:"game"`
	Profile string `json:"profile"`
	// ProfileSource says where the profile and settings came from (one of
	// the ProfileSource constants): the command line winning over the tags
	// is visible here, as docs/notation.md section 1 requires.
	ProfileSource string `json:"profile_source"`
	Plies         int    `json:"plies"`
	Outcome       string `json:"outcome"`
	Winner        string `json:"winner"`
	Result        string `json:"result"`
	Valid         bool   `json:"valid"`
	// Errors and Warnings count the game's findings by severity, those
	// left out of the report included (notes are not counted).
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	// LeftOut counts the findings left out of the report (the sum of
	// the notes' Finding.LeftOut).
	LeftOut int `json:"left_out,omitempty"`
}

// Result is everything replay says about one game.
type Result struct {
	Summary  Summary
	Findings []Finding
	// Played is the main line as played, with Config.Steps (nil without).
	Played *Played
	// Moves are the main line's moves as written, in the order played,
	// with Config.Moves (nil without).
	Moves []MoveText
}

// MoveText is a move of the main line as the record writes it.
type MoveText struct {
	// Text is the move as written (a copy, valid after the record's
	// storage is reused).
	Text string
	// MoveNumber and Side are its number and the side that made it;
	// TurnIndex is its index within a compound turn (0 for its first move).
	MoveNumber int
	Side       rules.Color
	TurnIndex  int
}
