package rules

// Settings is every setting of the rule profiles (docs/profiles.md), as values the move
// generator reads without string comparisons. Profiles (profiles/*.toml)
// and overrides fill it in; see profile.go for names and parsing.
//
// Settings that docs/rules.md marks "-" for a profile (not applicable) still hold
// a value here, the one that makes them inert (for example KingLeapCapture
// is irrelevant while KingLeap is LeapOff).
//
// A Position keeps a pointer to its Settings and folds some of them when it
// is made (NewPosition, ParseFEN, History.ResetInitial): they must not
// change while a position made under them is in use.
type Settings struct {
	Setup               Setup
	Counsellor          Counsellor
	Elephant            Elephant
	PawnDoubleStep      bool
	EnPassant           bool
	Castling            bool
	KingLeap            KingLeap
	KingLeapCapture     bool
	Promotion           Promotion
	PromotionLimit      PromotionLimit
	UnavailablePromo    UnavailablePromotion
	StuckPawnGivesCheck bool
	KnightPromotionMove KnightPromotionMove
	Stalemate           Stalemate
	BareKing            BareKing
	Repetition          Repetition
	MoveRule            MoveRule
	DeadPosition        DeadPosition
	Opening             Opening
	OpeningPattern      OpeningPattern
	Capture             Capture
	PawnsOnlyKing       PawnsOnlyKing
	Mastu               bool
}

// Setup is the initial array.
type Setup uint8

const (
	SetupModern   Setup = iota // K e1, Q d1 / K e8, Q d8
	SetupCrossed               // K e1, Q d1 / K d8, Q e8
	SetupShatranj              // K d1, Q e1 / K d8, Q e8
)

// Counsellor is how Q moves.
type Counsellor uint8

const (
	CounsellorQueen Counsellor = iota
	CounsellorFerz
)

// Elephant is how B moves.
type Elephant uint8

const (
	ElephantBishop Elephant = iota
	ElephantAlfil
	ElephantDabbaba
)

// KingLeap is the king's once-per-game knight leap.
type KingLeap uint8

const (
	LeapOff          KingLeap = iota
	LeapNotInCheck            // once per game, never while in check
	LeapNeverChecked          // once per game, lost for good once checked
)

// Promotion is which piece a pawn becomes.
type Promotion uint8

const (
	PromoteAny         Promotion = iota // Q R B N
	PromoteCounsellor                   // Q only
	PromoteFilePiece                    // the piece that began on the pawn's file
	PromoteSquarePiece                  // the piece that began on the promotion square in the opponent's array
)

// PromotionLimit is when a promotion is allowed.
type PromotionLimit uint8

const (
	LimitNone           PromotionLimit = iota
	LimitLost                          // fewer of that kind on the board than at the start
	LimitLostSameColour                // as Lost, and a bishop only if none stands on the square's colour
)

// UnavailablePromotion is what happens when no piece is available.
type UnavailablePromotion uint8

const (
	UnavailableForbidden UnavailablePromotion = iota // the move is illegal
	UnavailableStay                                  // the pawn stays, immobile, for good
	UnavailableWait                                  // it waits and converts when a piece of that kind is lost
)

// KnightPromotionMove: a pawn promoted to a knight may move on at once.
type KnightPromotionMove uint8

const (
	KnightMoveNo KnightPromotionMove = iota
	KnightMoveOptional
)

// Stalemate is how a stalemate ends the game.
type Stalemate uint8

const (
	StalemateDraw Stalemate = iota
	StalemateStalematerWins
	StalemateStalematedWins
	StalemateForbidden
)

// BareKing is the bare-king rule.
type BareKing uint8

const (
	BareNone BareKing = iota
	BareWin
	BareWinUnlessCounter
	BarePiecesHalfWin
)

// Repetition is the repetition rule.
type Repetition uint8

const (
	RepetitionOff Repetition = iota
	RepetitionFide
	RepetitionAuto
	RepetitionPerpetualCheck
)

// MoveRule is the n-move rule.
type MoveRule uint8

const (
	MoveRuleOff MoveRule = iota
	MoveRuleFide
	MoveRule50
	MoveRule70
)

// ClaimableMoves is the count of halfmoves without a capture or a pawn
// move from which fide's fifty-move claim stands; no move rule ends a game
// sooner.
const ClaimableMoves = 100

// Limit is the count of halfmoves without a capture or a pawn move that
// ends the game under the rule, 0 when the rule is off.
func (r MoveRule) Limit() int {
	// A switch, not a map literal: this runs at every ply, and a map
	// literal was built (allocated) at each call.
	switch r {
	case MoveRuleFide:
		return 150
	case MoveRule50:
		return 100
	case MoveRule70:
		return 140
	}
	return 0
}

// DeadPosition is the dead-position rule.
type DeadPosition uint8

const (
	DeadOff DeadPosition = iota
	DeadFide
	DeadKingsAndOne
)

// Opening is the opening turn structure.
type Opening uint8

const (
	OpeningNormal Opening = iota
	OpeningTriple
)

// OpeningPattern restricts the moves of a triple opening turn.
type OpeningPattern uint8

const (
	PatternLiteral OpeningPattern = iota
	PatternAny
)

// Capture is the capture rule.
type Capture uint8

const (
	CaptureMaraMari Capture = iota
	CaptureMaddatMari
)

// PawnsOnlyKing is the rule for a king with nothing but pawns.
type PawnsOnlyKing uint8

const (
	PawnsOnlyNormal PawnsOnlyKing = iota
	PawnsOnlyImmune
)
