// Package ruleid is the registry of rule ids: the stable names that every
// finding carries (`illegal-move`, `check-mark`, ...), each with its
// severity, whether it ends the replay of its line, and a one-line summary.
//
// It is the one place an id is declared. The reader (grammar), the rules
// engine (rules), replay, the report writers (formats) and the command line
// all use the constants below, and take severity and stopping from the
// registry rather than deciding them where a finding is made. The rule
// pages (docs/rules/*.md), `validate --explain` and `ashtapada rules ids`
// read the same list; docs/findings.md describes every id.
//
// Ids never change meaning; a new id is appended to the registry (and
// gets a constant, a row in docs/findings.md and a page in docs/rules/).
// Tests fail when an id is emitted that is not registered, when a
// registered id has no constant, or when it has no page.
//
// The package imports nothing, so that every other package may import it.
package ruleid

import "fmt"

// Severity of a finding. Warning is the zero value.
type Severity uint8

const (
	Warning Severity = iota
	Error
)

// String is the severity as reports spell it: "error" or "warning".
func (s Severity) String() string {
	if s == Error {
		return "error"
	}
	return "warning"
}

// MarshalText writes the severity as String does (JSON listings).
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads "error" or "warning".
func (s *Severity) UnmarshalText(b []byte) error {
	switch string(b) {
	case "error":
		*s = Error
	case "warning":
		*s = Warning
	default:
		return fmt.Errorf("severity %q is neither error nor warning", b)
	}
	return nil
}

// The rule ids, in the order of the registry. They are untyped string
// constants, so that they fit every Rule field of the other packages.
const (
	Syntax               = "syntax"
	UnknownProfile       = "unknown-profile"
	BadSetting           = "bad-setting"
	BadFEN               = "bad-fen"
	IllegalMove          = "illegal-move"
	AmbiguousMove        = "ambiguous-move"
	LeavesKingAttacked   = "leaves-king-attacked"
	KingLeapUnavailable  = "king-leap-unavailable"
	KingLeapInCheck      = "king-leap-in-check"
	PromotionMissing     = "promotion-missing"
	PromotionWrongPiece  = "promotion-wrong-piece"
	PromotionUnavailable = "promotion-unavailable"
	WaitingPawnMoved     = "waiting-pawn-moved"
	ConversionMissing    = "conversion-missing"
	ConversionWrong      = "conversion-wrong"
	CompoundTurn         = "compound-turn"
	OpeningCapture       = "opening-capture"
	OpeningCheck         = "opening-check"
	CaptureSupported     = "capture-supported"
	CaptureMastu         = "capture-mastu"
	CheckOnPawnsOnlyKing = "check-on-pawns-only-king"
	StalemateForbidden   = "stalemate-forbidden"
	MoveAfterEnd         = "move-after-end"
	ResultMismatch       = "result-mismatch"
	ResultTagMismatch    = "result-tag-mismatch"
	NullMove             = "null-move"
	LeapUnmarked         = "leap-unmarked"
	PromotionInferred    = "promotion-inferred"
	ConversionInferred   = "conversion-inferred"
	LenientNotation      = "lenient-notation"
	CheckMark            = "check-mark"
	MoveNumber           = "move-number"
	MissingTag           = "missing-tag"
	Encoding             = "encoding"
	ResultMissing        = "result-missing"
	Limit                = "limit"
	NoGames              = "no-games"
	AlsoValidAs          = "also-valid-as"
	AmbiguityResolved    = "ambiguity-resolved"
	NotationGuessed      = "notation-guessed"
)

// Rule is one entry of the registry.
type Rule struct {
	// ID is the stable name, e.g. "illegal-move".
	ID string `json:"id"`
	// Severity is the severity of the id's findings before --strict.
	Severity Severity `json:"severity"`
	// Stops is true when a finding of this id ends the replay of the line
	// it stands in: after it the position is no longer known, so nothing
	// later in the line is judged (and, in the main line, the result is
	// not checked).
	Stops bool `json:"stops"`
	// AlsoWarning is true for an error id that is also given as a
	// warning where the same fact does not make the game wrong: the
	// reader's `syntax` for text it skips but could read around (text
	// after a termination marker, a missing marker); `move-after-end` in
	// a variation that plays on past an end the rules declare while the
	// men could still move (a variation is analysis, not the game).
	// WarningOf allows it only for these ids.
	AlsoWarning bool `json:"also_warning,omitempty"`
	// Summary is one line saying what the finding means.
	Summary string `json:"summary"`
}

// registry is the list of every rule id, in the order they were added
// (reports and the SARIF rules array keep this order). Append new ids at
// the end.
var registry = []Rule{
	{ID: Syntax, Severity: Error, Stops: true, AlsoWarning: true, Summary: "the reader could not read the game: it found a token where the grammar expects something else; the game is not replayed"},
	{ID: UnknownProfile, Severity: Error, Stops: true, Summary: "the Variant tag names no known rule profile; the game is not replayed"},
	{ID: BadSetting, Severity: Error, Stops: true, Summary: "the Rules tag has an unknown setting or value; the game is not replayed"},
	{ID: BadFEN, Severity: Error, Stops: true, Summary: "the FEN tag cannot be read as a position under the game's profile; the game is not replayed"},
	{ID: IllegalMove, Severity: Error, Stops: true, Summary: "no man of the named kind can make the written move"},
	{ID: AmbiguousMove, Severity: Error, Stops: false, Summary: "more than one legal move fits the written move; the replay goes on with one reading, chosen by the moves after it and then by square order"},
	{ID: LeavesKingAttacked, Severity: Error, Stops: true, Summary: "the move would leave or keep the mover's own king in check"},
	{ID: KingLeapUnavailable, Severity: Error, Stops: true, Summary: "the king's knight leap was already used, or lost by a check"},
	{ID: KingLeapInCheck, Severity: Error, Stops: true, Summary: "the king made its knight leap while in check"},
	{ID: PromotionMissing, Severity: Error, Stops: true, Summary: "a pawn must promote and the record does not say to which of several pieces"},
	{ID: PromotionWrongPiece, Severity: Error, Stops: true, Summary: "the written promotion piece is not one the profile allows on that square"},
	{ID: PromotionUnavailable, Severity: Error, Stops: true, Summary: "the promotion piece is allowed but not available, or no piece is and the pawn may not enter the last rank"},
	{ID: WaitingPawnMoved, Severity: Error, Stops: true, Summary: "a pawn waiting on the last rank for a lost piece was moved"},
	{ID: ConversionMissing, Severity: Error, Stops: true, Summary: "a capture lets several waiting pawns convert and the record does not name the one that does"},
	{ID: ConversionWrong, Severity: Error, Stops: true, Summary: "the written conversion of a waiting pawn is impossible"},
	{ID: CompoundTurn, Severity: Error, Stops: true, Summary: "a comma joins moves into one turn where the profile allows one move per turn"},
	{ID: OpeningCapture, Severity: Error, Stops: true, Summary: "a move of the triple opening turn captures"},
	{ID: OpeningCheck, Severity: Error, Stops: true, Summary: "a move of the triple opening turn gives check"},
	{ID: CaptureSupported, Severity: Error, Stops: true, Summary: "the captured man is defended, which maddat-mari forbids"},
	{ID: CaptureMastu, Severity: Error, Stops: true, Summary: "the captured man is its side's mastu, which cannot be captured"},
	{ID: CheckOnPawnsOnlyKing, Severity: Error, Stops: true, Summary: "the move checks a king whose side has nothing but pawns"},
	{ID: StalemateForbidden, Severity: Error, Stops: true, Summary: "the move would stalemate the opponent, which the profile forbids"},
	{ID: MoveAfterEnd, Severity: Error, Stops: true, AlsoWarning: true, Summary: "the rules had already ended the game and the record goes on"},
	{ID: ResultMismatch, Severity: Error, Stops: false, Summary: "the recorded result contradicts what the rules say about the final position"},
	{ID: ResultTagMismatch, Severity: Error, Stops: false, Summary: "the Result tag and the termination marker disagree"},
	{ID: NullMove, Severity: Error, Stops: true, Summary: "the null move -- stands in the main line"},
	{ID: LeapUnmarked, Severity: Warning, Stops: false, Summary: "a plain king move that can only be the knight leap, accepted as K~"},
	{ID: PromotionInferred, Severity: Warning, Stops: false, Summary: "a bare arrival on the last rank where only one promotion is possible, accepted as that promotion"},
	{ID: ConversionInferred, Severity: Warning, Stops: false, Summary: "a capture that converts exactly one waiting pawn without writing it, accepted"},
	{ID: LenientNotation, Severity: Warning, Stops: false, Summary: "a form that is not SAN was accepted (long algebraic, 0-0, a missing or extra x)"},
	{ID: CheckMark, Severity: Warning, Stops: false, Summary: "the check mark + or # is missing, superfluous or the wrong one"},
	{ID: MoveNumber, Severity: Warning, Stops: false, Summary: "a move number is out of order, lacks its dot or is missing"},
	{ID: MissingTag, Severity: Warning, Stops: false, Summary: "the Seven Tag Roster is incomplete, or the Variant tag is empty"},
	{ID: Encoding, Severity: Warning, Stops: false, Summary: "the file is not UTF-8 and was read as Latin-1"},
	{ID: ResultMissing, Severity: Warning, Stops: false, Summary: "the record gives no result where the rules have ended the game"},
	{ID: Limit, Severity: Error, Stops: true, Summary: "the game breaks one of the reader's limits (nesting depth, token size, game size); the game is not replayed"},
	{ID: NoGames, Severity: Warning, Stops: false, Summary: "a file named on the command line holds no game record; nothing in it was checked"},
	{ID: AlsoValidAs, Severity: Warning, Stops: false, Summary: "validate --hints: the record is also valid under another profile than its Variant tag says (fide for a tagged one, a historical one for an untagged one)"},
	{ID: AmbiguityResolved, Severity: Warning, Stops: false, Summary: "a descriptive move that could mean several legal moves, decided by its check mark or by the moves after it"},
	{ID: NotationGuessed, Severity: Warning, Stops: false, Summary: "a game SAN cannot read was read in another notation (descriptive, another language's letters, figurines)"},
}

var byID = func() map[string]int {
	m := make(map[string]int, len(registry))
	for i, r := range registry {
		if _, dup := m[r.ID]; dup {
			panic("ruleid: " + r.ID + " is registered twice")
		}
		m[r.ID] = i
	}
	return m
}()

// All returns every registered rule, in registry order. The slice is a
// copy: changing it changes nothing.
func All() []Rule {
	return append([]Rule(nil), registry...)
}

// IDs returns every registered id, in registry order.
func IDs() []string {
	out := make([]string, len(registry))
	for i, r := range registry {
		out[i] = r.ID
	}
	return out
}

// Lookup returns the rule of an id, and false for an id that is not
// registered (use it for ids that come from input: --explain, baselines).
func Lookup(id string) (Rule, bool) {
	i, ok := byID[id]
	if !ok {
		return Rule{}, false
	}
	return registry[i], true
}

// Index is the id's place in the registry, or -1.
func Index(id string) int {
	if i, ok := byID[id]; ok {
		return i
	}
	return -1
}

// must is the rule of an id that code emits. An unregistered id is a
// programming error, not a property of the input: it panics, so that the
// tests (which emit every id) find it, rather than reporting the finding
// with a made-up severity.
func must(id string) Rule {
	i, ok := byID[id]
	if !ok {
		panic(fmt.Sprintf("ruleid: %q is not a registered rule id (add it to the registry in ruleid/ruleid.go)", id))
	}
	return registry[i]
}

// SeverityOf is the registered severity of an id that code emits. It
// panics for an unregistered id (see must).
func SeverityOf(id string) Severity { return must(id).Severity }

// Stops reports whether a finding of the id ends the replay of its line.
// It panics for an unregistered id (see must).
func Stops(id string) bool { return must(id).Stops }

// AlsoWarning reports whether an error id may also be given as a warning
// (Rule.AlsoWarning). It panics for an unregistered id (see must).
func AlsoWarning(id string) bool { return must(id).AlsoWarning }

// WarningOf is the severity of a finding the reader gives as a warning
// although the id is registered as an error (Rule.AlsoWarning), or of a
// warning id. It panics for an id the registry does not allow as a
// warning, so that a site cannot lower a severity on its own.
func WarningOf(id string) Severity {
	r := must(id)
	if r.Severity != Warning && !r.AlsoWarning {
		panic(fmt.Sprintf("ruleid: %q is an error id and may not be given as a warning", id))
	}
	return Warning
}
